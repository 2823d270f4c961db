"""Replacement effects from card text: "… is banished instead", "if this card would be destroyed,
you can … instead", and other changes of where a card goes (ARC-V 3.2.1.9.i7, 3.2.1.9.i9,
3.2.2.1.1.1.i8, 3.2.2.3.1.1.2.1.i4, 3.2.2.3.1.1.3.1.i3, 3.2.7.1.i2, 3.2.7.5.i4, 4.2.2.1.i4,
4.2.2.2.i2, 4.2.2.3.i5; MR2 ch2.7, ch5.6).

Two entries of the ``continuous`` slot. Like a protection (engine/ygo/protection.py) neither
leaves anything on the cards: each is read from the field at the moment a card would move,
in the one primitive every move goes through (:func:`engine.ygo.primitives.place_card` and
:func:`engine.ygo.primitives.move`), so a verb, a cost, a summoning procedure, battle and rule
processing (Equip Cards, Xyz Materials) all meet it. It applies while its card is face-up on
the field with its effects not negated (ARC-V 3.2.7.1.i2); it is not activated and starts no
chain (3.2.7.5.i4).

- ``replace_destination``: a card that would be sent to the Graveyard (``when:
  sent_to_graveyard``) or would leave the field (``when: leaves_field``) goes ``to`` the
  place named instead (:func:`redirect`). The card's text wins over the rule that a Pendulum
  Monster sent from the field to the Graveyard goes to the Extra Deck (3.2.1.9.i9); a
  Pendulum Monster in the Pendulum Zone is a Spell Card, so an effect on monsters does not
  apply to it (3.2.1.9.i7). A card that went elsewhere was not sent to the Graveyard: its
  "sent to the Graveyard" triggers do not activate (official ruling), but a card that was
  destroyed was still destroyed. An effect on kinds of cards (Macro Cosmos) does not apply to
  its own card, which goes to the Graveyard as it leaves the field (official ruling). While a card would be banished instead, it cannot be sent
  to the Graveyard as a cost (4.2.2.3.i5: :func:`verify_cost_destination`); a Tribute or a
  discard can still be paid (4.2.2.1.i4, 4.2.2.2.i2).
- ``destroy_instead``: "if this card would be destroyed, you can <do X> instead" (official
  ruling): when a card it names would be destroyed (by battle, by a card effect, or either),
  its controller may do ``instead`` (cost verbs: detach a material, send a card, pay LP …)
  and the card is not destroyed (:func:`replace_destruction`). X must be possible in full,
  else the card is destroyed. The controller's choice is ``use``; left open, the trace
  branches on it (:class:`OpenReplacement`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, Optional

from ..core import IllegalAction
from ..core.validation import Path
from ..core.vocabulary import Boolean, Choice, ListOf, Ref, Row, Validation
from .duel import Duel
from .model import FIELD_ZONES, Card, CardKind, GameState, Instruction, Zone
# One reading of the field for every Continuous Effect (protection.py): which cards are face-up
# with their effects applying. Used here as it is, so what decides that lives in one place.
from .protection import _parts, _players as named_players
from .rules import R
from .vocabulary import VOCABULARY

REPLACEMENT_VERBS = frozenset({"replace_destination", "destroy_instead"})
"""The Continuous Effect verbs of this module (their keys are parsed into a :class:`~engine.ygo.model.Replacement`)."""
DESTINATIONS = {"banished": Zone.BANISHED, "hand": Zone.HAND, "deck": Zone.DECK, "deck_bottom": Zone.DECK}
"""Where ``replace_destination`` sends a card instead (``deck``: shuffled into the Deck)."""
RULE_DESTRUCTIONS = frozenset({R.EQUIP_DESTROYED, R.FIELD_REPLACED})
"""Destructions by the rules, not by a card effect (``destruction: effect`` does not replace them)."""
_REASON_KEYS = {("tribute", False): R.REPLACE_TRIBUTE, ("fusion_material", False): R.REPLACE_FUSION,
                ("synchro_material", False): R.REPLACE_SYNCHRO, ("tribute", True): R.REPLACE_COST_TRIBUTE,
                ("discard", True): R.REPLACE_COST_DISCARD}
"""The item that says a move of this reason (as a cost or not) can be made and is replaced."""


@dataclass(frozen=True)
class Redirect:
    """Where a card goes instead, and why."""

    source: Card
    """The card whose effect replaces the move."""
    to: Zone
    place: str
    """For the Deck: ``shuffle`` or ``bottom``; else ``""``."""
    key: R
    conflict: bool = False
    """Two effects would send the card to different places (a ``cannot_evaluate`` step was
    recorded): the move is not replaced, and the result is incomplete."""


class OpenReplacement(Exception):
    """A ``destroy_instead`` whose controller's choice (``use``) the scenario leaves open; the
    runner branches on it (engine/ygo/ruleset.py)."""

    def __init__(self, state: GameState, source: Card, effect: int, action: int, card: Card) -> None:
        super().__init__("open replacement choice")
        self.state = state
        self.source = source
        self.effect = effect
        self.action = action
        self.card = card

    def with_answer(self, scenario: Mapping[str, Any], use: bool) -> dict[str, Any]:
        """Return a copy of the document whose replacement effect answers ``use``."""
        import copy

        document = copy.deepcopy(dict(scenario))
        card = next(o for o in document["objects"] if o["id"] == self.source.id)
        card["effects"][self.effect]["actions"][self.action]["use"] = use
        return document


# ----------------------------------------------------------------------------- reading the field

def continuous_parts(duel: Duel, state: GameState, verb: str) -> Iterator[tuple[Card, int, int, Instruction]]:
    """Yield each card whose applying Continuous Effects say ``verb`` (protection's reading of
    the field, ARC-V 3.2.7.1.i2) with the index of the effect and of the part: where a branch
    writes an answer (:class:`OpenReplacement`)."""
    for source, part in _parts(duel, state, verb):
        yield next((source, e, a, part) for e, effect in enumerate(source.effects)
                   for a, candidate in enumerate(effect.actions) if candidate is part)


def _is_kind(card: Card, kind: str) -> bool:
    """Return whether ``card`` is of ``kind``: a Pendulum Monster in the Pendulum Zone is a Spell
    Card there (ARC-V 3.2.1.9.i7)."""
    if kind == "all":
        return True
    actual = CardKind.SPELL if card.zone is Zone.PENDULUM_ZONE else card.kind
    return actual.value == kind


def _names(part: Instruction, source: Card, card: Card) -> bool:
    """Return whether the effect names ``card``: by id, or by kind and owner."""
    if part.objects:
        return card.id in part.objects
    spec = part.replacement
    return spec is not None and _is_kind(card, spec.cards or "all") and card.owner in named_players(part, source)


def redirect(duel: Duel, state: GameState, card: Card, to: Zone, reason: str, kind: str) -> Optional[Redirect]:
    """Return where ``card``, about to move ``to`` for ``reason`` (a ``kind: cost`` move is a
    cost), goes instead by a ``replace_destination`` effect; ``None`` if nothing replaces it.

    Records a ``replace`` step when an effect on monsters does not apply to a Pendulum Monster
    in the Pendulum Zone (ARC-V 3.2.1.9.i7), and a ``cannot_evaluate`` step when two effects
    would send it to different places (its controller chooses which applies: not modelled; the
    :class:`Redirect` returned then has ``conflict`` set).
    """
    leaving = card.zone in FIELD_ZONES and to not in FIELD_ZONES
    found: list[Redirect] = []
    for source, _e, _a, part in continuous_parts(duel, state, "replace_destination"):
        spec = part.replacement
        if spec is None or (spec.when == "leaves_field" and not leaving) or (
                spec.when == "sent_to_graveyard" and to is not Zone.GRAVEYARD):
            continue
        if source.id == card.id and not part.objects:
            duel.record("replace", "ygo.replace.own_card", R.REPLACE_OWN_CARD, card=card.id, card_name=card.name)
            continue
        if not _names(part, source, card):
            if card.zone is Zone.PENDULUM_ZONE and spec.cards == "monster" and card.owner in named_players(part, source):
                duel.record("replace", "ygo.replace.pendulum_spell", R.REPLACE_PENDULUM_SPELL, card=card.id,
                            card_name=card.name, source=source.id, source_name=source.name)
            continue
        destination = DESTINATIONS[spec.to]
        if destination is to and spec.to != "deck":
            continue
        place = {"deck": "shuffle", "deck_bottom": "bottom"}.get(spec.to, "")
        key = _REASON_KEYS.get((reason, kind == "cost"), R.REPLACE_DESTINATION)
        if source.id == card.id and spec.when == "leaves_field":
            key = R.REPLACE_SELF
        found.append(Redirect(source, destination, place, key))
    if len({(r.to, r.place) for r in found}) > 1:
        duel.record("cannot_evaluate", "ygo.cannot_evaluate.replacements", R.REPLACE_DESTINATION, card=card.id,
                    card_name=card.name, sources=", ".join(r.source.name for r in found))
        return replace(found[0], conflict=True)
    return found[0] if found else None


def leaving_together(duel: Duel, state: GameState, cards: list[Card]) -> GameState:
    """Flag ``cards``, about to go to the Graveyard at the same time, when one of them is the
    source of a ``replace_destination`` on kinds of cards that names others of them (Macro
    Cosmos destroyed with a monster by one effect, two monsters destroyed by one battle): the
    engine moves them one by one, and neither document says whether the effect still applies
    to the cards leaving with it, so this is a ``cannot_evaluate`` step, never a guess."""
    if "replace_destination" not in duel.continuous_verbs or len(cards) < 2:
        return state
    ids = {card.id for card in cards}
    for source, _e, _a, part in continuous_parts(duel, state, "replace_destination"):
        others = [card for card in cards if card.id != source.id and _names(part, source, card)]
        if source.id in ids and not part.objects and others:
            return duel.cannot_evaluate(state, "ygo.cannot_evaluate.replaced_together", R.REPLACE_OWN_CARD,
                                        card=source.id, card_name=source.name,
                                        cards=", ".join(card.name for card in others))
    return state


def verify_cost_destination(duel: Duel, state: GameState, card: Card, paid: Card) -> None:
    """Refuse sending ``paid`` to the Graveyard as a cost of ``card`` while an effect would send it
    elsewhere instead: it cannot be sent there, so the cost cannot be paid (ARC-V 4.2.2.3.i5).

    Raises :class:`~engine.core.IllegalAction` (``ygo.illegal.cost_replaced``)."""
    found = redirect(duel, state, paid, Zone.GRAVEYARD, "send_to_graveyard", "cost")
    if found is not None:
        raise duel.illegal(R.REPLACE_COST_SEND, "ygo.illegal.cost_replaced", card=card.id, card_name=card.name,
                           cost_card=paid.id, cost_card_name=paid.name, source=found.source.id,
                           source_name=found.source.name, to=found.to.value)


def note_not_sent(duel: Duel, card: Card, to: Zone) -> None:
    """Record that ``card``, which went ``to`` instead of the Graveyard, was not sent there: its
    "sent to the Graveyard" triggers do not activate (official ruling)."""
    for event in ("sent_to_graveyard", "sent_from_field"):
        if any(e.trigger == event and e.event_of is None for e in card.effects):
            duel.record("trigger", "ygo.replace.not_sent", R.REPLACE_NOT_SENT, card=card.id, card_name=card.name,
                        to=to.value, event=event)


# ----------------------------------------------------------------------------- destroy instead

def _impossible(duel: Duel, state: GameState, source: Card, instead: tuple[Instruction, ...]) -> str:
    """Return why what ``source``'s controller would do instead cannot be done, or ``""``."""
    for part in instead:
        try:
            VOCABULARY.apply_of("cost", part.do).verify(duel, state, source, source.controller, part)
        except IllegalAction as illegal:
            return str(illegal.params.get("reason", part.do))
    return ""


def replace_destruction(duel: Duel, state: GameState, card: Card, reason: str, key: R) -> tuple[GameState, bool]:
    """Return the state and whether ``card``'s destruction (``reason`` ``battle`` or ``destroy``,
    citing ``key``) is replaced by a ``destroy_instead`` effect (if not, it is destroyed).

    Records ``ygo.replace.destruction`` and what is done instead, or ``ygo.replace.declined`` /
    ``ygo.replace.impossible``. Raises :class:`OpenReplacement` when ``use`` is not given. Two
    effects that could both replace it are a ``cannot_evaluate`` step (which applies is its
    controller's choice: not modelled), and the card is destroyed with the result incomplete.
    """
    by_battle = reason == "battle"
    usable = []
    for source, e, a, part in continuous_parts(duel, state, "destroy_instead"):
        spec = part.replacement
        if spec is None or card.id not in part.objects:
            continue
        if (spec.destruction == "battle" and not by_battle) or (
                spec.destruction == "effect" and (by_battle or key in RULE_DESTRUCTIONS)):
            continue
        base = {"card": card.id, "card_name": card.name, "source": source.id, "source_name": source.name,
                "player": source.controller}
        problem = _impossible(duel, state, source, spec.instead)
        if problem:
            duel.record("replace", "ygo.replace.impossible", R.REPLACE_DESTRUCTION_IMPOSSIBLE, **base, reason=problem)
        elif spec.use is False:
            duel.record("replace", "ygo.replace.declined", R.REPLACE_DESTRUCTION, **base)
        else:
            usable.append((source, e, a, spec, base))
    if len(usable) > 1:
        state = duel.cannot_evaluate(state, "ygo.cannot_evaluate.destroy_replacements", R.REPLACE_DESTRUCTION,
                                     card=card.id, card_name=card.name,
                                     sources=", ".join(source.name for source, *_ in usable))
        return state, False
    if not usable:
        return state, False
    source, e, a, spec, base = usable[0]
    if spec.use is None:
        raise OpenReplacement(state, source, e, a, card)
    duel.record("replace", "ygo.replace.destruction", R.REPLACE_DESTRUCTION, **base,
                instead=", ".join(p.do for p in spec.instead))
    for paid in spec.instead:
        state = duel.sync(VOCABULARY.apply_of("cost", paid.do)(duel, state, source, source.controller, paid, 0))
        if state.ended:
            break
    return state, True


# ----------------------------------------------------------------------------- the entries

def _in_force(duel: Duel, state: GameState, source: Card, part: Instruction, arrived: bool) -> GameState:
    """Nothing to put on the cards: the effect is read from the field when a card would move."""
    return state


def _check_named(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    named = [key for key in ("target", "targets", "cards") if key in value]
    if len(named) > 1:
        v.error((*path, named[1]), f"give one of target, targets or cards, not {' and '.join(named)}")
    elif not named:
        v.error((*path, "cards"), "name the cards it replaces the move of: targets (its own id for \"this card\") "
                                  "or cards (all, monster, spell, trap)")
    if "players" in value and "cards" not in value:
        v.error((*path, "players"), "players goes with cards (whose cards); named cards need no players")


def _check_destroy(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    if "target" in value and "targets" in value:
        v.error((*path, "targets"), "give target or targets, not both")
    elif "target" not in value and "targets" not in value:
        v.error((*path, "targets"), "name the cards it keeps from being destroyed: targets (its own id for \"this "
                                    "card\")")


_NAMED = {
    "target": Ref(spaces=("object",), label="Card", help="the one card whose move it replaces (its own id for \"this card\")"),
    "targets": ListOf(item=Ref(spaces=("object",)), min_items=1, unique=True, label="Cards",
                      help="the cards whose move it replaces (its own id for \"this card\")"),
}
_CARDS = Choice(values=("all", "monster", "spell", "trap"), what="kind of card", label="Which cards",
                labels={"all": "All cards", "monster": "Monsters", "spell": "Spell Cards", "trap": "Trap Cards"},
                help="all (Macro Cosmos), monster (Dimensional Fissure), spell or trap; instead of targets")
_WHOSE = Choice(values=("both", "self", "opponent"), what="player", label="Whose cards",
                labels={"both": "Both players'", "self": "This card's controller's", "opponent": "Their opponent's"},
                help="both (the default), self or opponent: the cards' owner, from this card's controller",
                default="both")
_WHEN = Choice(values=("sent_to_graveyard", "leaves_field"), what="event", label="When",
               labels={"sent_to_graveyard": "Would be sent to the Graveyard", "leaves_field": "Would leave the field"},
               help="sent_to_graveyard (the default) or leaves_field", default="sent_to_graveyard")
_TO = Choice(values=tuple(DESTINATIONS), what="destination", label="Goes instead to",
             labels={"banished": "Banished", "hand": "The hand", "deck": "Shuffled into the Deck",
                     "deck_bottom": "The bottom of the Deck"},
             help="banished (the default), hand, deck (shuffled in) or deck_bottom", default="banished")
_DESTRUCTION = Choice(values=("any", "battle", "effect"), what="destruction", label="Destroyed by",
                      labels={"any": "Battle or card effect", "battle": "Battle", "effect": "A card effect"},
                      help="any (the default), battle, or effect (a card effect)", default="any")

VOCABULARY.entry(
    "continuous", "replace_destination", rule=(R.REPLACE_DESTINATION, R.REPLACE_OVER_PENDULUM, R.REPLACE_PENDULUM_SPELL,
                                              R.REPLACE_TRIBUTE, R.REPLACE_FUSION, R.REPLACE_SYNCHRO,
                                              R.REPLACE_COST_TRIBUTE, R.REPLACE_COST_DISCARD, R.REPLACE_COST_SEND,
                                              R.REPLACE_SELF, R.REPLACE_NOT_SENT, R.REPLACE_OWN_CARD),
    label="Goes elsewhere instead (banished instead)",
    keys={**_NAMED, "cards": _CARDS, "players": _WHOSE, "when": _WHEN, "to": _TO}, check=_check_named,
    messages=("ygo.replace.destination", "ygo.replace.pendulum_spell", "ygo.replace.not_sent", "ygo.replace.own_card",
              "ygo.cannot_evaluate.replaced_together",
              "ygo.illegal.cost_replaced", "ygo.cannot_evaluate.replacements"),
    row=Row(main=("cards", "players", "when", "to"), extra=("targets", "target")),
    doc="While its card is face-up on the field, a card it names that would be sent to the Graveyard (`when: "
        "sent_to_graveyard`, the default) or would leave the field (`when: leaves_field`) goes `to` the place named "
        "instead: banished (Macro Cosmos: `cards: all`; Dimensional Fissure: `cards: monster`), the hand, shuffled "
        "into the Deck, or the bottom of the Deck; `targets` names cards instead (its own id: \"if this card would "
        "leave the field, banish it\", ARC-V 3.2.7.5.i4). It applies to every move: effects, battle, Tributes and "
        "materials (ARC-V 3.2.2.1.1.1.i8, 3.2.2.3.1.1.2.1.i4), costs (a Tribute or a discard is banished, 4.2.2.1.i4, "
        "4.2.2.2.i2; a \"send to the Graveyard\" cost cannot be paid, 4.2.2.3.i5) and rule processing. Its text wins "
        "over a Pendulum Monster going to the Extra Deck (3.2.1.9.i9), but a Pendulum Monster in the Pendulum Zone "
        "is a Spell Card, not a monster (3.2.1.9.i7). The card was not sent to the Graveyard, so its \"sent to the "
        "Graveyard\" triggers do not activate; a destroyed card was still destroyed; an effect on kinds of cards does not "
        "apply to its own card as it leaves the field (official rulings). MR2: card "
        "text wins over the rules (ch5.6); the rest is official ruling.",
    example={"do": "replace_destination", "cards": "all", "to": "banished"})(_in_force)

VOCABULARY.entry(
    "continuous", "destroy_instead", rule=(R.REPLACE_DESTRUCTION, R.REPLACE_DESTRUCTION_IMPOSSIBLE),
    label="If it would be destroyed, do something instead",
    keys={**_NAMED, "destruction": _DESTRUCTION,
          "instead": ListOf(item=VOCABULARY.use("cost"), min_items=1, max_items=4, label="Instead",
                            help="what its controller does instead, as cost verbs (detach_material, send_to_graveyard, "
                                 "pay_lp, discard, remove_counters …)"),
          "use": Boolean(label="Used", help="its controller's choice: true uses it, false lets the card be destroyed; "
                                            "blank: the trace branches on both")},
    required=("instead",), check=_check_destroy,
    messages=("ygo.replace.destruction", "ygo.replace.declined", "ygo.replace.impossible", "ygo.choice.replacement",
              "ygo.cannot_evaluate.destroy_replacements"),
    row=Row(main=("targets", "destruction", "instead", "use"), extra=("target",)),
    doc="While its card is face-up on the field, when a card it names would be destroyed (by battle, by a card "
        "effect, or either: `destruction`), its controller can do `instead` (cost verbs: detach a material, send "
        "a card to the Graveyard, pay LP …) and the card is not destroyed and stays where it is. It is not "
        "activated and starts no chain; what is done instead must be possible in full, else the card is destroyed; "
        "the controller's choice is `use` (blank: the trace branches on it); one answer holds for every destruction "
        "in the scenario (official ruling, both rulesets).",
    example={"do": "destroy_instead", "target": "x1", "instead": [{"do": "detach_material", "materials": ["m1"]}],
             "use": True})(_in_force)


__all__ = ["DESTINATIONS", "OpenReplacement", "REPLACEMENT_VERBS", "Redirect", "leaving_together", "note_not_sent", "redirect",
           "replace_destruction", "verify_cost_destination"]
