"""Targets (FoW 9.3): what a card or ability targets, chosen when it is played and checked
again when it resolves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import IllegalAction
from ..core.vocabulary import Choice, Row
from . import continuous as cont
from .choices import choose
from .context import Game, Refused
from .model import Card, CardId, ChaseItem, GameState, PlayerId, frozen
from .rules import wp
from .vocabulary import VOCABULARY

TargetSpec = Mapping[str, Any]
"""One target specification (a filter, or ``{"zone": "player"|"chase", ...}``)."""

VOCABULARY.define("target", "player", rule=("9.3", "1.5"), label="A player",
                  doc="Targets a player: `controller` says which, relative to the controller of the card or ability "
                      "(`you`, `opponent`, `any`). A player stays a legal target while the game lasts.",
                  keys={"controller": Choice(values=("you", "opponent", "any"), what="player", default="any",
                                             label="Which player")},
                  messages=("fow.illegal.target", "fow.illegal.no_target"), example={"zone": "player", "controller": "opponent"},
                  row=Row(main=("controller",)))
CHASE_ITEMS = {"spell": ("card",), "ability": ("ability",), "spell_or_ability": ("card", "ability")}
"""The chase items each ``item`` word names, by :class:`~engine.fow.model.ChaseItem` kind: every card
on the chase is a spell (a resonator a summon spell, any other card a normal spell, FoW 3.13); a
played ability is an ability (9.3). Judgment (kind ``judgment``) is never a spell: it is the
Judgment ability (7.5) under the ``priority_after_judgment`` reading ``opponent`` and neither
under ``keep`` (:func:`chase_item_ok`)."""

VOCABULARY.define("target", "chase", rule=("9.3", "3.13", "7.5"), label="A chase item",
                  doc="Targets an item on the chase (a card being played or an ability; FoW 3.13), chosen as "
                      "`chase:N` (N = its position, 1 for the bottom); it is illegal once that item has left the chase. "
                      "`item` says which items: `spell` (a card on the chase: a summon spell or a normal spell, 3.13), "
                      "`ability`, or `spell_or_ability`; left out, any chase item. Judgment is never a spell (7.5: "
                      "the Judgment ability); it is an ability under the `priority_after_judgment` reading `opponent` "
                      "(default) and neither under `keep`, a step saying which. `cancel` and `copy` read it.",
                  keys={"item": Choice(values=tuple(CHASE_ITEMS), what="chase item", label="Which items",
                                       labels={"spell": "A spell", "ability": "An ability",
                                               "spell_or_ability": "A spell or an ability"},
                                       help="spell (a card on the chase), ability, or spell_or_ability; left out: any "
                                            "chase item (Judgment included)")},
                  messages=("fow.illegal.target", "fow.illegal.no_target", "fow.resolve.target_illegal",
                            "fow.target.judgment_reading"),
                  example={"zone": "chase", "item": "spell"}, row=Row(main=("item",)))


def marks(state: GameState, targets: Sequence[Any]) -> tuple[int, ...]:
    """Return the incarnation of each card target (-1 for a player or a chase item), so that a
    target that became a new card is illegal on resolution (FoW 3.1, 9.3)."""
    return tuple(state.cards[t].incarnation if isinstance(t, str) and t in state.cards else -1 for t in targets)


def chase_item_ok(g: Game, spec: TargetSpec, item: ChaseItem) -> bool:
    """Return whether chase ``item`` is what a ``chase`` target ``spec`` names (its ``item``:
    ``spell``, ``ability``, ``spell_or_ability``; left out, any item; FoW 3.13, 9.3).

    Judgment is never a spell (FoW 7.5, 3.13: only cards are spells); whether it is an ability
    is the ``priority_after_judgment`` reading (``opponent``: the Judgment ability, 7.5; ``keep``:
    neither), the reading that already decides whether Judgment is a played ability.
    """
    wanted = spec.get("item")
    if wanted is None:
        return True
    kinds = CHASE_ITEMS[wanted]
    if item.kind == "judgment":
        return "ability" in kinds and g.options["priority_after_judgment"] == "opponent"
    return item.kind in kinds


def judgment_reading(g: Game, state: GameState, specs: Sequence[TargetSpec], source: CardId) -> None:
    """Record which reading decides whether the Judgment on the chase is an ability, when one of
    ``specs`` targets abilities and a Judgment is on the chase (FoW 7.5, ``priority_after_judgment``)."""
    if not any(i.kind == "judgment" for i in state.chase):
        return
    if any(spec.get("zone") == "chase" and "ability" in CHASE_ITEMS.get(spec.get("item"), ()) for spec in specs):
        reading = g.options["priority_after_judgment"]
        g.rec("target", "fow.target.judgment_reading", wp("7.5"), card=source, card_name=g.name(state, source),
              reading=reading, ability=reading == "opponent")


def has_legal_targets(g: Game, state: GameState, specs: Sequence[TargetSpec], controller: PlayerId) -> bool:
    """Return whether ``specs`` can each get a different legal target now (FoW 9.3: a card or
    ability that cannot is not played)."""
    options = [candidates(g, state, spec, controller) for spec in specs]

    def fill(i: int, taken: frozenset[str]) -> bool:
        return i == len(options) or any(c not in taken and fill(i + 1, taken | {c}) for c in options[i])

    return fill(0, frozenset())


def candidates(g: Game, state: GameState, spec: TargetSpec, controller: PlayerId) -> list[str]:
    """Return every legal target of ``spec`` for ``controller`` (FoW 9.3)."""
    zone = spec.get("zone", "field")
    if zone == "player":
        who = spec.get("controller", "any")
        return [p.id for p in state.players if who == "any" or (who == "you") == (p.id == controller)]
    if zone == "chase":
        return [f"chase:{i.position}" for i in state.chase if chase_item_ok(g, spec, i)]
    return [cid for cid in sorted(state.cards) if target_ok(g, state, spec, cid, controller)]


def target_ok(g: Game, state: GameState, spec: TargetSpec, target: Any, controller: PlayerId,
              mark: int | None = None) -> bool:
    """Return whether ``target`` is a legal target of ``spec`` now (and is the same card, FoW 3.1)."""
    zone = spec.get("zone", "field")
    if zone == "player":
        return target in (p.id for p in state.players)
    if zone == "chase":
        return isinstance(target, str) and any(f"chase:{i.position}" == target and chase_item_ok(g, spec, i)
                                               for i in state.chase)
    card = state.cards.get(target) if isinstance(target, str) else None
    if card is None or (mark is not None and mark >= 0 and card.incarnation != mark):
        return False
    flt = dict(spec)
    if "types" not in flt:
        flt["types"] = ["resonator", "j_ruler"]
    return cont.matches(g.info(state, target), card, flt, controller)


def verify_targets_given(specs: Sequence[TargetSpec], given: Sequence[Any] | None, source: CardId) -> None:
    """Raise :class:`IllegalAction` when an action gives more targets than the card or ability
    has target specifications (FoW 9.3): the extra ones would name nothing it does."""
    if given is not None and len(given) > len(specs):
        raise IllegalAction(wp("9.3"), "fow.illegal.extra_targets",
                            {"card": source, "count": len(specs), "given": [str(t) for t in given]})


def pick_targets(g: Game, state: GameState, controller: PlayerId, specs: Sequence[TargetSpec],
                 given: Sequence[Any] | None, source: CardId) -> tuple[list[Any], GameState]:
    """Return the targets chosen for ``specs`` (given by the action, else chosen: a ``choose``
    action or branches); raise :class:`IllegalAction` when more are given than ``specs`` has, and
    :class:`Refused` when one is illegal or has none (FoW 9.3): the choices taken before it stay
    taken."""
    verify_targets_given(specs, given, source)
    judgment_reading(g, state, specs, source)
    chosen: list[Any] = []
    for i, spec in enumerate(specs):
        if given is not None and i < len(given):
            if not target_ok(g, state, spec, given[i], controller):
                raise Refused(IllegalAction(wp("9.3"), "fow.illegal.target",
                                            {"target": str(given[i]), "card": source,
                                             "card_name": g.name(state, source)}), state)
            chosen.append(given[i])
            continue
        options = [c for c in candidates(g, state, spec, controller) if c not in chosen]
        if not options:
            raise Refused(IllegalAction(wp("9.3"), "fow.illegal.no_target", {"card": source}), state)
        picked, state = choose(g, state, "target", controller, options, wp("9.3"), card=source)
        chosen.append(picked)
    return chosen, state


ADDITION_TYPES = {"resonator": ["resonator"], "j_ruler": ["j_ruler"], "ruler": ["ruler"],
                  "resonator_j_ruler": ["resonator", "j_ruler"], "ruler_j_ruler": ["ruler", "j_ruler"]}
"""What each addition subtype attaches to (FoW 7.2, 10.1)."""


def card_targets(card: Card) -> tuple[TargetSpec, ...]:
    """Return what playing ``card`` targets: an addition the card it is attached to (FoW 7.2), a
    spell its spell ability's targets (FoW 9.3)."""
    if card.type == "addition" and card.subtype != "field":
        types = ADDITION_TYPES[card.subtype or "resonator"]
        zone = "field" if card.subtype in ("j_ruler", "resonator", "resonator_j_ruler") else "battle_area"
        return (frozen({"types": types, "zone": zone}),)
    spell = next((a for a in card.abilities if a.kind == "spell"), None)
    return spell.targets if spell else ()
