"""Continuous Effects that protect a card or forbid a player something: "cannot be targeted",
"cannot be destroyed by battle / by card effects", "unaffected by …", "cannot activate …",
"cannot Special Summon" (ARC-V 3.2.7.1.i2, 4.2.3.3.i4; MR2 ch2.7).

Unlike an ATK/DEF change these effects leave nothing on the card: each is read from the
field at the moment it matters (:func:`protection`), so it holds exactly while its source is
face-up on the field with its effects not negated (ARC-V 3.2.7.1.i2, 3.2.7.1.i3) and names
the card (the card is on the field). Where each is read:

- ``cannot_be_targeted``: when an effect is activated with targets (ARC-V 4.2.3.3.i4: it
  cannot be chosen; an effect that targeted the card before the protection applied still
  applies to it);
- ``unaffected``: when a resolving action would apply to the card (:func:`engine.ygo.targets.objects_of`)
  and when an ATK/DEF Continuous Effect would change it;
- ``cannot_be_destroyed_by_effects``: when ``destroy`` (or a negation that also destroys)
  would destroy it; ``cannot_be_destroyed_by_battle``: at damage calculation;
- ``cannot_activate``: when a player would activate a card or effect of the kind named;
- ``cannot_special_summon``: when a player would Special Summon (an effect that would
  Special Summon cannot be activated: official ruling).

"Whose effects" (``by``) and "which effects" (``effects``) read the chain link: its
controller, and the kind of its card (a monster effect, a Spell, a Trap).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Optional

from ..core.validation import Path
from ..core.vocabulary import Choice, ListOf, Ref, Row, Validation
from .duel import Duel
from .model import FIELD_ZONES, Card, CardKind, ChainLink, EffectClass, GameState, Instruction, PlayerId, Zone, opponent_of
from .rules import R
from .vocabulary import VOCABULARY

SUMMONING_VERBS = frozenset({"special_summon", "fusion_summon", "ritual_summon"})
"""The instructions that Special Summon."""
EFFECT_KINDS = ("all", "monster", "spell", "trap", "spell_trap")
"""Which effects a protection names (``effects``): by the kind of the card they come from."""
SET_KINDS = {CardKind.MONSTER: "monster", CardKind.SPELL: "spell_trap", CardKind.TRAP: "spell_trap"}
"""What a ``cannot_set`` effect's ``cards`` names a card as."""
EFFECT_KIND_LABELS = {"all": "All effects", "monster": "Monster effects", "spell": "Spell effects",
                      "trap": "Trap effects", "spell_trap": "Spell and Trap effects"}
_EFFECTS = Choice(values=EFFECT_KINDS, what="kind of effect", label="Which effects", labels=EFFECT_KIND_LABELS,
                  help="all (the default), monster, spell, trap or spell_trap", default="all")
_BY = Choice(values=("any", "opponent"), what="whose effects", label="Whose effects",
             labels={"any": "Any player's", "opponent": "The opponent's"},
             help="any (the default) or opponent: the opponent of this card's controller", default="any")
_UNAFFECTED_BY = Choice(values=("other", "opponent"), what="whose effects", label="Whose effects",
                        labels={"other": "Other cards'", "opponent": "The opponent's"},
                        help="other (every card's but its own, the default) or opponent", default="other")
_PLAYERS = Choice(values=("self", "opponent", "both"), what="player", label="Player",
                  labels={"self": "This card's controller", "opponent": "Their opponent", "both": "Both players"},
                  help="both (the default), self (this card's controller) or opponent", default="both")
_CARD_KEYS = {
    # Not targets.REFERENCE_KEYS: objects_of (targets.py) reads this module, and these cards are
    # named, never targeted.
    "target": Ref(spaces=("object",), label="Card", help="the one card it protects (its own id for \"this card\")"),
    "targets": ListOf(item=Ref(spaces=("object",)), min_items=1, unique=True, label="Cards",
                      help="the cards it protects (its own id for \"this card\")"),
}
_CARD_ROW = Row(main=("targets",), extra=("target",))


def _check_cards(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    if "target" in value and "targets" in value:
        v.error((*path, "targets"), "give target or targets, not both")
    elif "target" not in value and "targets" not in value:
        v.error((*path, "targets"), "name the cards it protects: targets (its own id for \"this card\")")


# ----------------------------------------------------------------------------- reading the field

def _parts(duel: Duel, state: GameState, verb: str) -> Iterator[tuple[Card, Instruction]]:
    """Yield each face-up card on the field whose effects are not negated with each part of its
    Continuous Effects that says ``verb`` (ARC-V 3.2.7.1.i2); nothing, at once, when no card of
    the board has such an effect."""
    if verb not in duel.continuous_verbs:
        return
    for source in state.cards:
        if source.zone not in FIELD_ZONES or not source.face_up or effects_negated(duel, state, source):
            continue
        for effect in source.effects:
            if effect.effect_class is not EffectClass.CONTINUOUS:
                continue
            for part in effect.actions:
                if part.do == verb:
                    yield source, part


def _raw_parts(cards: Iterable[Card], verb: str) -> Iterator[tuple[Card, Instruction]]:
    """Like :func:`_parts`, reading a card's own negation only (not a Continuous Effect that
    negates it): what :func:`negating_source` reads, so that it never reads itself."""
    for source in cards:
        if source.zone not in FIELD_ZONES or not source.face_up or source.effects_negated:
            continue
        for effect in source.effects:
            if effect.effect_class is EffectClass.CONTINUOUS:
                yield from ((source, part) for part in effect.actions if part.do == verb)


def negating_source(cards: Iterable[Card], card: Card) -> Optional[Card]:
    """Return the face-up card whose Continuous Effect ``negate_effects`` negates the effects of
    ``card`` (a face-up monster on the field), or ``None``.

    Such an effect names the face-up monsters of the controller it says (``face_up_monsters``:
    ``all``, ``self``, ``opponent``), never its own card; a monster unaffected by the source's
    effects is not negated by it (ARC-V 3.2.7.1.i2). It reads no other Continuous Effect that
    negates: which of two such effects that name each other's cards applies is reported as
    not evaluated (:mod:`engine.ygo.continuous`)."""
    if card.zone not in FIELD_ZONES or not card.face_up:
        return None
    cards = tuple(cards)
    for source, part in _raw_parts(cards, "negate_effects"):
        if not negates(part, source, card):
            continue
        if shielded(cards, card, source):
            continue
        return source
    return None


def shielded(cards: Iterable[Card], card: Card, source: Card) -> bool:
    """Return whether a face-up ``unaffected`` effect keeps ``card`` out of ``source``'s
    Continuous Effects (read from the cards, as :func:`negating_source` reads them; ARC-V
    3.2.7.1.i2). The scenario reader uses it for the ATK/DEF changes the document's values
    include."""
    for shield_card, shield in _raw_parts(cards, "unaffected"):
        whose = shield.by or "other"
        if card.id not in shield.objects or not kind_matches(shield.effects, source, EffectClass.CONTINUOUS):
            continue
        if (whose == "other" and source.id == shield_card.id) or (
                whose == "opponent" and source.controller == shield_card.controller):
            continue
        return True
    return False


def negates(part: Instruction, source: Card, card: Card) -> bool:
    """Return whether the Continuous ``negate_effects`` ``part`` of ``source`` names ``card``, a
    face-up card on the field other than ``source``: a face-up monster of the controller
    ``face_up_monsters`` says, or (``cards``) a face-up Spell or Trap Card on the field (Royal
    Decree: "negate all other Trap effects on the field"; a Pendulum Monster in the Pendulum Zone
    is a Spell Card, ARC-V 3.3.3.7.i5)."""
    if card.id == source.id or card.zone not in FIELD_ZONES or not card.face_up:
        return False
    if part.face_up_monsters:
        return card.zone is Zone.MONSTER_ZONE and in_scope(part.face_up_monsters, source, card)
    kind = CardKind.SPELL.value if card.zone is Zone.PENDULUM_ZONE else card.kind.value
    return card.zone is not Zone.MONSTER_ZONE and kind == part.cards


def in_scope(monsters: str, source: Card, card: Card) -> bool:
    """Return whether ``card`` is among the face-up monsters ``monsters`` (``all``, ``self``,
    ``opponent``) names, from ``source``'s controller."""
    return monsters == "all" or (card.controller == source.controller) == (monsters == "self")


def effects_negated(duel: Duel, state: GameState, card: Card) -> bool:
    """Return whether ``card``'s effects are negated now: by an effect that resolved
    (``Card.effects_negated``) or by a face-up Continuous Effect (:func:`negating_source`)."""
    return bool(card.effects_negated) or (
        "negate_effects" in duel.continuous_verbs and negating_source(state.cards, card) is not None)


def effect_kind(card: Card, effect_class: Optional[EffectClass] = None) -> CardKind:
    """Return whose kind an effect of ``card`` is: a Pendulum Effect, and a Pendulum Monster
    activated as a Spell Card in the Pendulum Zone, are a Spell Card's (ARC-V 3.3.3.7); any
    other effect is of its card's kind."""
    if effect_class is EffectClass.PENDULUM or (card.kind is CardKind.MONSTER and effect_class is EffectClass.CARD):
        return CardKind.SPELL
    return card.kind


def kind_matches(effects: str, card: Card, effect_class: Optional[EffectClass] = None) -> bool:
    """Return whether an effect of ``card`` (of ``effect_class``, if known) is of the kind
    ``effects`` names (:data:`EFFECT_KINDS`); see :func:`effect_kind`."""
    if effects == "all":
        return True
    kind = effect_kind(card, effect_class)
    if effects == "spell_trap":
        return kind in (CardKind.SPELL, CardKind.TRAP)
    return kind.value == effects


def _players(part: Instruction, source: Card) -> tuple[PlayerId, ...]:
    if part.players == "self":
        return (source.controller,)
    if part.players == "opponent":
        return (opponent_of(source.controller),)
    return (source.controller, opponent_of(source.controller))


def protection(duel: Duel, state: GameState, verb: str, card: Card, *, by: PlayerId, effect_card: Card,
               effect_class: Optional[EffectClass] = None) -> Optional[Card]:
    """Return the card whose Continuous Effect ``verb`` protects ``card`` (on the field) from an
    effect of ``effect_card`` controlled by ``by``; ``None`` when nothing does.

    ``verb`` is ``cannot_be_targeted``, ``unaffected`` or ``cannot_be_destroyed_by_effects``.
    ``by: opponent`` names only effects whose controller is the opponent of the source's
    controller; ``unaffected`` with ``by: other`` exempts the source's own effects.
    """
    if card.zone not in FIELD_ZONES:
        return None
    for source, part in _parts(duel, state, verb):
        if card.id not in part.objects or not kind_matches(part.effects, effect_card, effect_class):
            continue
        whose = part.by or VOCABULARY.get("continuous", verb).keys["by"].default
        if whose == "opponent" and by == source.controller:
            continue
        if whose == "other" and effect_card.id == source.id:
            continue
        return source
    return None


def battle_protection(duel: Duel, state: GameState, card: Card) -> Optional[Card]:
    """Return the card whose Continuous Effect says ``card`` cannot be destroyed by battle, or ``None``."""
    if card.zone not in FIELD_ZONES:
        return None
    return next((source for source, part in _parts(duel, state, "cannot_be_destroyed_by_battle") if card.id in part.objects),
                None)


def forbidding(duel: Duel, state: GameState, verb: str, player: PlayerId, card: Optional[Card] = None,
               effect_class: Optional[EffectClass] = None) -> Optional[Card]:
    """Return the card whose Continuous Effect ``verb`` (``cannot_activate``,
    ``cannot_special_summon``) forbids ``player`` the act (for ``cannot_activate``: activating
    an effect of ``card``), or ``None``."""
    for source, part in _parts(duel, state, verb):
        if player in _players(part, source) and (card is None or kind_matches(part.effects, card, effect_class)):
            return source
    return None


# ----------------------------------------------------------------------------- the checks

def verify_targets(duel: Duel, state: GameState, card: Card, controller: PlayerId, targets: tuple[str, ...],
                   effect_class: Optional[EffectClass] = None) -> None:
    """Refuse an activation of ``card``'s effect by ``controller`` that targets a card which
    cannot be targeted by it (ARC-V 4.2.3.3.i4; MR2: official ruling).

    Raises :class:`~engine.core.IllegalAction` (``ygo.illegal.cannot_be_targeted``)."""
    for target_id in targets:
        target = state.card(target_id)
        source = protection(duel, state, "cannot_be_targeted", target, by=controller, effect_card=card,
                            effect_class=effect_class)
        if source is not None:
            raise duel.illegal(R.CANNOT_BE_TARGETED, "ygo.illegal.cannot_be_targeted", card=card.id,
                               card_name=card.name, target=target.id, target_name=target.name, source=source.id,
                               source_name=source.name)


def lock_of(duel: Duel, state: GameState, card: Card, controller: PlayerId, actions: tuple[Instruction, ...],
            effect_class: Optional[EffectClass] = None) -> Optional[tuple[Card, R, str]]:
    """Return the card whose face-up Continuous Effect forbids ``controller`` to activate this
    effect of ``card``, with the rule and the message id of the refusal; ``None`` if none does
    (see :func:`verify_allowed`)."""
    source = forbidding(duel, state, "cannot_activate", controller, card, effect_class)
    if source is not None:
        return source, R.CONTINUOUS_APPLIES, "ygo.illegal.cannot_activate"
    if any(part.do in SUMMONING_VERBS for part in actions):
        source = forbidding(duel, state, "cannot_special_summon", controller)
        if source is not None:
            return source, R.CANNOT_SPECIAL_SUMMON, "ygo.illegal.cannot_special_summon"
    return None


def verify_allowed(duel: Duel, state: GameState, card: Card, controller: PlayerId, actions: tuple[Instruction, ...],
                   effect_class: Optional[EffectClass] = None) -> None:
    """Refuse an activation a face-up Continuous Effect forbids: ``cannot_activate`` for its
    kind, or ``cannot_special_summon`` when one of its ``actions`` Special Summons (a
    ``special_summon``, ``fusion_summon`` or ``ritual_summon``) for ``controller`` (ARC-V
    3.2.7.1.i2; that such an effect cannot be activated at all is an official ruling).
    ``effect_class`` decides the kind of a Pendulum Monster's effect (:func:`effect_kind`).

    Raises :class:`~engine.core.IllegalAction` (``ygo.illegal.cannot_activate`` /
    ``ygo.illegal.cannot_special_summon``)."""
    for player, name, source_id in state.name_locks:
        if player == controller and name == card.name:
            source = state.card(source_id)
            raise duel.illegal(R.CONTINUOUS_APPLIES, "ygo.illegal.name_locked", card=card.id, card_name=card.name,
                               player=controller, source=source.id, source_name=source.name)
    lock = lock_of(duel, state, card, controller, actions, effect_class)
    if lock is not None:
        source, key, message = lock
        raise duel.illegal(key, message, card=card.id, card_name=card.name, player=controller, source=source.id,
                           source_name=source.name)


def verify_may_special_summon(duel: Duel, state: GameState, card: Card, player: PlayerId) -> None:
    """Refuse a Special Summon by game procedure that a ``cannot_special_summon`` effect forbids
    ``player`` (ARC-V 3.2.7.1.i2). Raises :class:`~engine.core.IllegalAction`."""
    source = forbidding(duel, state, "cannot_special_summon", player)
    if source is not None:
        raise duel.illegal(R.CONTINUOUS_APPLIES, "ygo.illegal.cannot_special_summon", card=card.id,
                           card_name=card.name, player=player, source=source.id, source_name=source.name)


def verify_may_set(duel: Duel, state: GameState, card: Card, player: PlayerId) -> None:
    """Refuse a Set (a monster face-down, or a Spell or Trap) that a face-up ``cannot_set``
    effect forbids ``player`` (ARC-V 3.2.7.1.i2; MR2 ch2.7). Raises
    :class:`~engine.core.IllegalAction` (``ygo.illegal.cannot_set``)."""
    for source, part in _parts(duel, state, "cannot_set"):
        if player in _players(part, source) and part.cards in ("all", SET_KINDS[card.kind]):
            raise duel.illegal(R.CONTINUOUS_APPLIES, "ygo.illegal.cannot_set", card=card.id, card_name=card.name,
                               player=player, source=source.id, source_name=source.name)


def _kept_out(duel: Duel, state: GameState, verb: str, message_id: str, link: ChainLink, card: Card,
              part: Instruction) -> bool:
    """Return whether a face-up ``verb`` effect keeps ``card`` out of ``part`` of ``link``; if
    it does, record the ``no_effect`` step ``message_id`` naming its source (ARC-V 3.2.7.1.i2)."""
    source = protection(duel, state, verb, card, by=link.controller, effect_card=state.card(link.card),
                        effect_class=link.effect_class)
    if source is None:
        return False
    duel.record("no_effect", message_id, R.CONTINUOUS_APPLIES, link=link.number, target=card.id,
                target_name=card.name, action=part.do, source=source.id, source_name=source.name)
    return True


def unaffected(duel: Duel, state: GameState, link: ChainLink, card: Card, part: Instruction) -> bool:
    """Return whether ``card`` is unaffected by ``link``'s effect; if it is, record the
    ``ygo.no_effect.unaffected`` step naming the source (ARC-V 3.2.7.1.i2)."""
    return _kept_out(duel, state, "unaffected", "ygo.no_effect.unaffected", link, card, part)


def summon_forbidden(duel: Duel, state: GameState, link: ChainLink, card: Card) -> bool:
    """Return whether a face-up ``cannot_special_summon`` effect forbids the Special Summon of
    ``card`` that ``link`` would make; if so, record ``ygo.no_effect.special_summon_forbidden``.

    The player who Special Summons is the link's controller, whichever field the monster goes
    to (ARC-V 4.1.3.i2: "you" in an effect is the player who activated it; 3.2.7.1.i2)."""
    source = forbidding(duel, state, "cannot_special_summon", link.controller)
    if source is None:
        return False
    duel.record("no_effect", "ygo.no_effect.special_summon_forbidden", R.CONTINUOUS_APPLIES, link=link.number,
                target=card.id, target_name=card.name, player=link.controller, source=source.id, source_name=source.name)
    return True


def not_destroyed_by_effect(duel: Duel, state: GameState, link: ChainLink, card: Card, part: Instruction) -> bool:
    """Return whether a ``cannot_be_destroyed_by_effects`` effect keeps ``card`` from being
    destroyed by ``link``; if so, record ``ygo.no_effect.indestructible`` (ARC-V 3.2.7.1.i2)."""
    return _kept_out(duel, state, "cannot_be_destroyed_by_effects", "ygo.no_effect.indestructible", link, card, part)


# ----------------------------------------------------------------------------- the entries

def _in_force(duel: Duel, state: GameState, source: Card, part: Instruction, arrived: bool) -> GameState:
    """Nothing to put on the cards: the effect is read from the field when it matters."""
    return state


_TARGETED = "ygo.illegal.cannot_be_targeted"
VOCABULARY.entry(
    "continuous", "cannot_be_targeted", rule=(R.CANNOT_BE_TARGETED, R.CONTINUOUS_APPLIES), label="Cannot be targeted",
    keys={**_CARD_KEYS, "by": _BY, "effects": _EFFECTS}, check=_check_cards, messages=(_TARGETED,),
    row=Row(main=("targets", "by", "effects"), extra=("target",)),
    doc="While its card is face-up on the field, no card effect of the kind named (`effects`) whose controller is "
        "the one named (`by`) can be activated targeting the cards it names: such an activation is illegal. An "
        "effect that targeted the card before this applied still applies to it (ARC-V 4.2.3.3.i4; MR2: official "
        "ruling).",
    example={"do": "cannot_be_targeted", "targets": ["m1"], "by": "opponent"})(_in_force)
VOCABULARY.entry(
    "continuous", "cannot_be_destroyed_by_battle", rule=(R.CONTINUOUS_APPLIES,), label="Cannot be destroyed by battle",
    keys=dict(_CARD_KEYS), check=_check_cards, messages=("ygo.battle.not_destroyed",), row=_CARD_ROW,
    doc="While its card is face-up on the field, the cards it names are not destroyed by battle: damage "
        "calculation still deals battle damage, and the monster stays on the field (ARC-V 3.2.7.1.i2; MR2 ch2.7).",
    example={"do": "cannot_be_destroyed_by_battle", "targets": ["m1"]})(_in_force)
VOCABULARY.entry(
    "continuous", "cannot_be_destroyed_by_effects", rule=(R.CONTINUOUS_APPLIES,),
    label="Cannot be destroyed by card effects",
    keys={**_CARD_KEYS, "by": _BY, "effects": _EFFECTS}, check=_check_cards, messages=("ygo.no_effect.indestructible",),
    row=Row(main=("targets", "by", "effects"), extra=("target",)),
    doc="While its card is face-up on the field, a `destroy` (or a negation that also destroys) from an effect of "
        "the kind and controller named does not destroy the cards it names; the rest of that effect still applies "
        "(ARC-V 3.2.7.1.i2; MR2 ch2.7). Sending to the Graveyard, banishing or returning is not destruction.",
    example={"do": "cannot_be_destroyed_by_effects", "targets": ["m1"], "effects": "spell_trap"})(_in_force)
VOCABULARY.entry(
    "continuous", "unaffected", rule=(R.CONTINUOUS_APPLIES,), label="Unaffected by effects",
    keys={**_CARD_KEYS, "by": _UNAFFECTED_BY, "effects": _EFFECTS}, check=_check_cards,
    messages=("ygo.no_effect.unaffected",), row=Row(main=("targets", "by", "effects"), extra=("target",)),
    doc="While its card is face-up on the field, the cards it names are unaffected by the effects named: when such "
        "a chain link resolves, none of its actions applies to them (the rest of the link still applies), and such "
        "an ATK/DEF Continuous Effect does not change them. `by: other` (the default) is every effect but its "
        "card's own; `by: opponent` the opponent's. It can still be targeted, and costs are not effects (ARC-V "
        "3.2.7.1.i2, 4.2.2.i2; MR2 ch2.7).",
    example={"do": "unaffected", "targets": ["m1"], "by": "other", "effects": "spell_trap"})(_in_force)
VOCABULARY.entry(
    "continuous", "cannot_activate", rule=(R.CONTINUOUS_APPLIES,), label="Cannot activate",
    keys={"players": _PLAYERS, "effects": _EFFECTS}, messages=("ygo.illegal.cannot_activate",),
    row=Row(main=("players", "effects")),
    doc="While its card is face-up on the field, the players named cannot activate cards or effects of the kind "
        "named (\"Trap Cards cannot be activated\": `players: both`, `effects: trap`); such an activation is "
        "illegal, and the priority steps do not offer it (ARC-V 3.2.7.1.i2; MR2 ch2.7).",
    example={"do": "cannot_activate", "players": "both", "effects": "trap"})(_in_force)
VOCABULARY.entry(
    "continuous", "cannot_special_summon", rule=(R.CONTINUOUS_APPLIES, R.CANNOT_SPECIAL_SUMMON),
    label="Cannot Special Summon",
    keys={"players": _PLAYERS}, messages=("ygo.illegal.cannot_special_summon", "ygo.no_effect.special_summon_forbidden"), row=Row(main=("players",)),
    doc="While its card is face-up on the field, the players named cannot Special Summon: a Special Summon by game "
        "procedure is illegal, and so is activating an effect that would Special Summon for them (official "
        "ruling); an effect already on the chain that would Special Summon does not (ARC-V 3.2.7.1.i2).",
    example={"do": "cannot_special_summon", "players": "opponent"})(_in_force)
VOCABULARY.entry(
    "continuous", "cannot_set", rule=(R.CONTINUOUS_APPLIES,), label="Cannot Set",
    keys={"players": _PLAYERS,
          "cards": Choice(values=("all", "monster", "spell_trap"), what="cards", label="Which cards",
                          labels={"all": "Any card", "monster": "Monsters", "spell_trap": "Spells and Traps"},
                          help="all (the default), monster or spell_trap", default="all")},
    messages=("ygo.illegal.cannot_set",), row=Row(main=("players", "cards")),
    doc="While its card is face-up on the field, the players named cannot Set the cards named: a `set` action of a "
        "monster (face-down Defense Position) or of a Spell or Trap is illegal (ARC-V 3.2.7.1.i2; MR2 ch2.7). "
        "Summoning face-up and activating a Spell from the hand are not Setting.",
    example={"do": "cannot_set", "players": "opponent", "cards": "spell_trap"})(_in_force)



def parts_in_force(duel: Duel, state: GameState, verb: str) -> Iterator[tuple[Card, Instruction]]:
    """Yield (card, part) for each part saying ``verb`` of a Continuous Effect in force now: its
    card face-up on the field with its effects not negated (ARC-V 3.2.7.1.i2); for the
    Continuous Effects another module reads (:mod:`engine.ygo.attack_restrictions`)."""
    yield from _parts(duel, state, verb)


__all__ = ["EFFECT_KINDS", "battle_protection", "forbidding", "parts_in_force", "kind_matches", "not_destroyed_by_effect", "protection",
           "summon_forbidden", "unaffected", "verify_allowed", "verify_may_set", "verify_may_special_summon", "verify_targets",
           "effects_negated", "in_scope", "lock_of", "negates", "negating_source", "shielded"]
