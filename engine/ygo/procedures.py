"""Special Summons by procedure and by Fusion and Ritual Spells, and Pendulum placement
(ARC-V 3.2.1.9, 3.2.2.3, 3.2.2.3.1.1.1–3.2.2.3.1.1.5, 3.3.3.7; MR2 ch2.11–ch2.14, ch2.20).

A Summon by procedure (``special_summon`` action, ``method`` one of the ``summon_method``
entries) does not use the chain (ARC-V 3.2.2.3.1.i4): its materials leave first, then the
summon-negation window opens. A Fusion or Ritual Summon is what a Spell's effect does when it
resolves (``fusion_summon`` / ``ritual_summon`` instructions). A Special Summon may be face-up
Attack or Defense Position (3.2.2.3.i5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core import IllegalAction
from ..core.deadline import check as check_deadline
from ..core.validation import Path
from ..core.vocabulary import Boolean, Choice, Integer, ListOf, Ref, Row, Validation
from .activation import MAIN_PHASES, pass_priority
from .duel import Duel
from .model import (
    Card, CardFilter, CardKind, ChainLink, EffectClass, GameState, Instruction, PlayerId, Position, Zone,
)
from .primitives import free_monster_zones, move, own_monster, place_card, place_monster
from .protection import forbidding, summon_forbidden, verify_may_special_summon
from .requirements import keep_materials, pay_inherent, verify_inherent, verify_material_rule
from .rules import R
from .scenario import instruction
from .summoning import summon_window, verify_main_phase_action
from .tribute_lock import tribute_forbidder
from .continuous import restore
from .values import apply_continuous, end_continuous, printed_traits
from .vocabulary import VOCABULARY

METHOD_RULE = {"inherent": R.INHERENT_SUMMON, "synchro": R.SYNCHRO, "xyz": R.XYZ, "pendulum": R.PENDULUM_SUMMON}
_POSITION = Choice(values=("attack", "defense"), what="summon position", label="Position",
                   help="face-up attack (the default) or face-up defense (ARC-V 3.2.2.3.i5)", default="attack")

VOCABULARY.define(
    "summon_method", "inherent", rule=(R.INHERENT_SUMMON, R.SUMMON_NOT_CHAIN), label="By its own condition",
    doc="A monster in the hand (or a Fusion Monster that does not use Polymerization, in the Extra Deck) Special "
        "Summoned by meeting the condition its text states (ARC-V 3.2.2.3.1.i1; MR2 ch2.20): the object's "
        "`summon_procedure` condition is checked and its cost, given in the action's `cost`, is paid first (ARC-V "
        "3.2.2.3.1.i5). Without `summon_procedure` the document says the condition is met. `materials` is refused "
        "for it.",
    example="inherent")
VOCABULARY.define(
    "summon_method", "synchro", rule=(R.SYNCHRO, R.SYNCHRO_MATERIALS, R.MISSED_TIMING_SYNCHRO), label="Synchro Summon",
    doc="One face-up Tuner and one or more face-up non-Tuners the player controls, whose Levels add up to the Synchro "
        "Monster's, go to the Graveyard; then the Synchro Monster is Summoned from the Extra Deck (ARC-V "
        "3.2.2.3.1.1.3; MR2 ch2.12). Its materials are part of the procedure, so their 'when' triggers miss the "
        "timing (3.2.2.3.1.i6).",
    example="synchro")
VOCABULARY.define(
    "summon_method", "xyz", rule=(R.XYZ, R.XYZ_NO_TOKEN), label="Xyz Summon",
    doc="Two or more face-up monsters the player controls whose Level is the Xyz Monster's Rank (no Tokens) become "
        "its Xyz Materials; then it is Summoned from the Extra Deck on top of them (ARC-V 3.2.2.3.1.1.4; MR2 ch2.11).",
    example="xyz")
VOCABULARY.define(
    "summon_method", "pendulum", rule=(R.PENDULUM_SUMMON, R.PENDULUM_SCALES, R.PENDULUM_SUMMON_ONCE),
    label="Pendulum Summon", rulesets=("arcv",),
    doc="With a Pendulum Monster in both of the player's Pendulum Zones, any number of monsters whose Levels are "
        "strictly between the two Scales are Summoned at once from the hand and face-up from the Extra Deck, once "
        "per turn (ARC-V 3.2.2.3.1.1.5). Pendulums do not exist under Master Rule 2.",
    example="pendulum")


# ----------------------------------------------------------------------------- by procedure

def verify_special_summon(duel: Duel, state: GameState, player: PlayerId, method: str, cards: list[Card],
                          materials: list[Card], costs: tuple[Instruction, ...] = ()) -> None:
    """Check a Special Summon by game procedure (it does not use the chain, ARC-V 3.2.2.3.1.i4).

    ``inherent``: from the hand, or the Extra Deck, by its own condition and cost
    (:func:`~engine.ygo.requirements.verify_inherent`, 3.2.2.3.1.i1); ``synchro``: one face-up
    Tuner and one or more face-up non-Tuners whose Levels add up to the Synchro Monster's
    (3.2.2.3.1.1.3.i1); ``xyz``: two or more face-up monsters whose Level is the Rank, no Tokens
    (3.2.2.3.1.1.4.i1, 3.2.2.3.1.1.4.1.i7); ``pendulum`` (arcv): both Pendulum Zones filled,
    Levels strictly between the Scales, from the hand or face-up in the Extra Deck, once per
    turn (3.2.2.3.1.1.5). Each needs enough free Monster Zones (3.2.2.3.i3), and a face-up
    ``cannot_special_summon`` effect must not forbid it (3.2.7.1.i2).
    """
    first = cards[0]
    verify_main_phase_action(duel, state, player, first, f"{method}_summon")
    verify_may_special_summon(duel, state, first, player)
    base = {"card": first.id, "card_name": first.name, "method": method}
    if method == "inherent":
        verify_inherent(duel, state, player, first, costs)
    elif method == "synchro":
        tuners = [m for m in materials if m.tuner]
        if first.zone is not Zone.EXTRA_DECK or first.subtype != "synchro":
            raise duel.illegal(R.SYNCHRO, "ygo.illegal.card_not_available", card=first.id, card_name=first.name,
                               zone=first.zone.value)
        if len(tuners) != 1 or len(materials) < 2 or any(
                m.zone is not Zone.MONSTER_ZONE or not m.face_up or m.controller != player for m in materials):
            raise duel.illegal(R.SYNCHRO_MATERIALS, "ygo.illegal.materials", **base,
                               reason="one face-up Tuner and at least one face-up non-Tuner you control are needed")
        total = sum(m.level or 0 for m in materials)
        if total != (first.level or 0):
            raise duel.illegal(R.SYNCHRO_MATERIALS, "ygo.illegal.materials", **base,
                               reason=f"the materials' Levels add up to {total}, not {first.level}")
        verify_material_rule(duel, state, first, method, materials)
    elif method == "xyz":
        if first.zone is not Zone.EXTRA_DECK or first.subtype != "xyz":
            raise duel.illegal(R.XYZ, "ygo.illegal.card_not_available", card=first.id, card_name=first.name,
                               zone=first.zone.value)
        if any(m.is_token for m in materials):
            raise duel.illegal(R.XYZ_NO_TOKEN, "ygo.illegal.materials", **base, reason="a Token cannot be an Xyz Material")
        if len(materials) < 2 or any(m.zone is not Zone.MONSTER_ZONE or not m.face_up or m.controller != player
                                     or m.level != first.level for m in materials):
            raise duel.illegal(R.XYZ, "ygo.illegal.materials", **base,
                               reason=f"two or more face-up Level {first.level} monsters you control are needed")
        verify_material_rule(duel, state, first, method, materials)
    else:
        _verify_pendulum_summon(duel, state, player, cards, base)
    freed = materials if method in ("synchro", "xyz") else [state.card(c.objects[0]) for c in costs if c.objects]
    if free_monster_zones(state, player, freed=freed) < len(cards):
        raise duel.illegal(R.SPECIAL_SUMMON_ZONE, "ygo.illegal.zone_full", card=first.id, card_name=first.name,
                           player=player, zone=Zone.MONSTER_ZONE.value)


def _verify_pendulum_summon(duel: Duel, state: GameState, player: PlayerId, cards: list[Card],
                            base: dict[str, Any]) -> None:
    first = cards[0]
    scales = [c.scale for c in state.cards_in(Zone.PENDULUM_ZONE, player) if c.scale is not None]
    if not duel.ruleset.pendulum or len(scales) != 2:
        raise duel.illegal(R.PENDULUM_SCALES, "ygo.illegal.materials", **base,
                           reason="both Pendulum Zones need a Pendulum Monster with a Scale")
    if state.turn.pendulum_summon_used:
        raise duel.illegal(R.PENDULUM_SUMMON_ONCE, "ygo.illegal.normal_summon_used", card=first.id,
                           card_name=first.name, player=player)
    low, high = min(scales), max(scales)
    for card in cards:
        from_extra = card.zone is Zone.EXTRA_DECK and card.subtype == "pendulum" and card.face_up
        if not (card.zone is Zone.HAND or from_extra) or card.owner != player or card.kind is not CardKind.MONSTER:
            raise duel.illegal(R.PENDULUM_SUMMON, "ygo.illegal.card_not_available", card=card.id,
                               card_name=card.name, zone=card.zone.value)
        if not low < (card.level or 0) < high:
            raise duel.illegal(R.PENDULUM_SUMMON, "ygo.illegal.materials", card=card.id, card_name=card.name,
                               method="pendulum", reason=f"Level {card.level} is not between the Scales {low} and {high}")


def can_special_summon(duel: Duel, state: GameState, player: PlayerId, method: str, cards: list[Card],
                       materials: list[Card]) -> bool:
    """Return whether :func:`verify_special_summon` passes."""
    try:
        verify_special_summon(duel, state, player, method, cards, materials)
    except IllegalAction:
        return False
    return True


def do_special_summon(duel: Duel, state: GameState, player: PlayerId, method: str, cards: list[Card],
                      materials: list[Card], position: Position, costs: tuple[Instruction, ...] = ()) -> GameState:
    """Special Summon by procedure; materials (or an inherent Summon's cost) leave first, then
    the summon-negation window opens. The materials are kept on the monster (ARC-V 3.2.2.3.1.1.3.1.i1)."""
    verify_special_summon(duel, state, player, method, cards, materials, costs)
    key = METHOD_RULE[method]
    if method == "inherent" and cards[0].zone is Zone.EXTRA_DECK:
        key = R.CONTACT_NOT_FUSION
    duel.record("summon", "ygo.summon.procedure", R.SUMMON_NOT_CHAIN, card=cards[0].id, card_name=cards[0].name,
                player=player, method=method)
    kept = tuple(state.card(m.id) for m in materials)
    state = pay_inherent(duel, state, player, cards[0], costs)
    if method == "synchro":
        for material in materials:
            state = duel.bump(state)
            state = move(duel, state, material, Zone.GRAVEYARD, "synchro_material", R.SYNCHRO)
    if method == "xyz":
        for material in materials:
            material = state.card(material.id)
            state = state.with_card(replace(material, zone=Zone.MATERIAL, position=None, modifiers=(),
                                            controller=material.owner, **printed_traits(material)))
            state = duel.step(state, "move", "ygo.move", R.XYZ, card=material.id, card_name=material.name,
                              **{"from": "monster_zone", "to": "material", "reason": "xyz_material"})
            state = restore(duel, end_continuous(duel, state, material.id), material.id)
    if method == "pendulum":
        state = replace(state, turn=replace(state.turn, pendulum_summon_used=True))
    state = duel.bump(state)
    for card in cards:
        duel.record("summon", "ygo.summon.special", key, card=card.id, card_name=card.name, player=player,
                    method=method, position=position.value)
        state = place_monster(duel, state, card, player, position, "special_summon", key)
        if method == "xyz":
            state = duel.sync(state.with_card(replace(state.card(card.id), materials=tuple(m.id for m in materials))))
        state = keep_materials(duel, state, card.id, kept)
        state = apply_continuous(duel, state, state.card(card.id))
    return summon_window(duel, state, cards, player, "special_summoned", method)


def _check_special_summon(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    method = value.get("method")
    if ("card" in value) == ("cards" in value):
        v.error((*path, "card"), "give card (or cards, for a Pendulum Summon)")
    elif "cards" in value and method != "pendulum":
        v.error((*path, "cards"), "cards is for a Pendulum Summon of several monsters at once; give card")
    if "cost" in value and method != "inherent":
        v.error((*path, "cost"), "cost is read only for an inherent Special Summon (a Synchro or Xyz Summon's "
                                 "materials are not a cost: give them as materials)")
    if "materials" in value and method in ("inherent", "pendulum"):
        why = ("what an inherent Special Summon's condition does with other cards is card text the engine cannot "
               "read (give those cards' moves as their own actions)" if method == "inherent"
               else "a Pendulum Summon uses no materials")
        v.error((*path, "materials"), f"materials is read only for a synchro or xyz Summon: {why}")


@VOCABULARY.entry(
    "action", "special_summon", rule=(R.SUMMON_NOT_CHAIN, R.SPECIAL_SUMMON_ZONE, R.SPECIAL_SUMMON_POSITION),
    label="Special Summon by procedure",
    keys={"method": VOCABULARY.use("summon_method", label="Method"), "card": Ref(spaces=("object",), label="Monster"),
          "cards": ListOf(item=Ref(spaces=("object",)), label="Monsters", help="a Pendulum Summon's monsters"),
          "materials": ListOf(item=Ref(spaces=("object",)), label="Materials",
                              help="the Synchro or Xyz Materials, in order"),
          "player": Choice(values=("p1", "p2"), what="player id", label="Player", help="default the monster's owner"),
          "position": _POSITION,
          "cost": ListOf(item=VOCABULARY.use("cost"), max_items=5, label="Cost",
                         help="an inherent Special Summon's cost as paid, in the order its text lists it")},
    required=("method",), check=_check_special_summon,
    messages=("ygo.summon.procedure", "ygo.summon.special", "ygo.summon.negation_window"),
    row=Row(main=("method", "card", "materials"), extra=("cards", "position", "player", "cost")),
    doc="The turn player Special Summons by game procedure in their Main Phase with no chain; it does not start a "
        "chain (ARC-V 3.2.2.3.1.i4), the materials leave first and the opponent may then negate the Summon. The "
        "monster is face-up in the `position` asked for (ARC-V 3.2.2.3.i5; MR2 ch2.20).",
    example={"type": "special_summon", "method": "synchro", "card": "s1", "materials": ["t1", "m1"]})
def special_summon(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    """Apply a ``special_summon`` action."""
    cards = [state.card(c) for c in action.get("cards", [action.get("card")])]
    player = action.get("player", cards[0].owner)
    materials = [state.card(m) for m in action.get("materials", [])]
    costs = tuple(instruction(c) for c in action.get("cost", []))
    return do_special_summon(duel, state, player, action["method"], cards, materials, position_of(action.get("position")),
                             costs)


def position_of(value: str | None) -> Position:
    """Return the face-up battle position a Special Summon asks for (default Attack, ARC-V 3.2.2.3.i5)."""
    return Position.DEFENSE if value == "defense" else Position.ATTACK


# ----------------------------------------------------------------------------- Fusion and Ritual (by effect)

def summoned(duel: Duel, state: GameState, card: Card, player: PlayerId, method: str, key: R, *,
             position: Position = Position.ATTACK) -> GameState:
    """Place a monster Special Summoned by an effect, record it and note the event."""
    duel.record("summon", "ygo.summon.special", key, card=card.id, card_name=card.name, player=player,
                method=method, position=position.value)
    origin = state.card(card.id).zone.value
    state = place_monster(duel, state, card, player, position, "special_summon", key)
    state = duel.event(state, "special_summoned", card.id, player=player, origin=origin, cause="effect", method=method)
    return apply_continuous(duel, state, state.card(card.id))


def _assign(requirements: tuple[CardFilter, ...], materials: list[Card], player: PlayerId, state: GameState) -> bool:
    """Return whether each material can be given its own requirement (a perfect matching); a
    requirement's ``controller`` is read from ``player``'s side (the Fusion Summon's player)."""
    if len(requirements) != len(materials):
        return False

    def place(i: int, used: frozenset[int]) -> bool:
        check_deadline(f"matching {len(materials)} Fusion Materials to their requirements")
        if i == len(materials):
            return True
        return any(j not in used and req.matches(materials[i], player, state) and place(i + 1, used | {j})
                   for j, req in enumerate(requirements))

    return place(0, frozenset())


_TARGET = Ref(spaces=("object",), label="Monster", help="the monster Summoned")
_MATERIALS = ListOf(item=Ref(spaces=("object",)), label="Materials", max_items=60)


@VOCABULARY.entry(
    "instruction", "fusion_summon", rule=(R.FUSION, R.MISSED_TIMING_FUSION, R.SPECIAL_SUMMON_POSITION),
    label="Fusion Summon", keys={"target": _TARGET, "materials": _MATERIALS, "position": _POSITION},
    required=("target",), messages=("ygo.summon.special", "ygo.summon.cannot"),
    row=Row(main=("target", "materials"), extra=("position",)),
    doc="Sends the Fusion Materials (monsters the player controls or holds) to the Graveyard, then Fusion Summons the "
        "Fusion Monster from the Extra Deck (ARC-V 3.2.2.3.1.1.2.i3; MR2 ch2.14). At least two materials; where the "
        "Fusion Monster lists `materials_required`, exactly those, each fitting its own. A Fusion Monster whose "
        "`summon_procedure` is from the Extra Deck does not use Polymerization and cannot be Fusion Summoned "
        "(3.2.2.3.1.1.2.i8). Otherwise the Summon cannot be made (a `no_effect` step).",
    example={"do": "fusion_summon", "target": "f1", "materials": ["m1", "m2"]})
def fusion_summon(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Check the materials, send them to the Graveyard, then Summon the Fusion Monster."""
    player = link.controller
    target = state.card(part.objects[0])
    if summon_forbidden(duel, state, link, target):
        return state
    materials = [state.card(m) for m in part.materials]
    problem, key = None, R.FUSION
    if target.zone is not Zone.EXTRA_DECK or target.subtype != "fusion":
        problem = f"{target.name} is not a Fusion Monster in the Extra Deck"
    elif target.procedure is not None and target.procedure.source == "extra_deck":
        problem, key = f"{target.name} does not use Polymerization: it is Summoned only by its own procedure", \
            R.CONTACT_NO_POLYMERIZATION
    elif len(materials) < 2:
        problem = "a Fusion Summon needs at least two materials"
    elif any(not own_monster(m, player) for m in materials):
        problem = "a Fusion Material is not a monster the player controls or holds"
    elif target.materials_required and not _assign(target.materials_required, materials, player, state):
        problem = f"the materials do not fit the {len(target.materials_required)} material(s) {target.name} lists"
    elif free_monster_zones(state, player, freed=materials) < 1:
        problem = "no free Monster Zone"
    if problem:
        duel.record("no_effect", "ygo.summon.cannot", key, card=target.id, card_name=target.name,
                    method="fusion", reason=problem)
        return state
    kept = tuple(state.card(m.id) for m in materials)
    for material in materials:
        state = move(duel, state, material, Zone.GRAVEYARD, "fusion_material", R.FUSION)
    state = duel.bump(state)
    state = summoned(duel, state, target, player, "fusion", R.FUSION, position=position_of(part.position))
    return keep_materials(duel, state, target.id, kept) if state.card(target.id).zone is Zone.MONSTER_ZONE else state


@VOCABULARY.entry(
    "instruction", "ritual_summon", rule=(R.RITUAL, R.RITUAL_LEVELS, R.RITUAL_NO_EXCESS, R.MISSED_TIMING_RITUAL),
    label="Ritual Summon",
    keys={"target": _TARGET, "materials": ListOf(item=Ref(spaces=("object",)), label="Tributes", max_items=60),
          "level": Integer(low=1, high=13, label="Level total", help="what the Ritual Spell asks for; default the "
                                                                     "monster's Level"),
          "at_least": Boolean(label="Or more", help='the total may be "that Level or more"', default=False),
          "position": _POSITION},
    required=("target",), messages=("ygo.summon.special", "ygo.summon.cannot"),
    row=Row(main=("target", "materials"), extra=("level", "at_least", "position")),
    doc="Tributes monsters the player controls or holds whose Levels add up to the Ritual Monster's (or to `level`; "
        "with `at_least`, that much or more but no more Tributes than needed), then Ritual Summons it from the hand "
        "(ARC-V 3.2.2.3.1.1.1.i2, 3.2.2.3.1.1.1.1.i3–i4; MR2 ch2.14). Otherwise the Summon cannot be made.",
    example={"do": "ritual_summon", "target": "r1", "materials": ["m1", "m2"]})
def ritual_summon(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Check the Tributes' Levels, Tribute them, then Summon the Ritual Monster."""
    player = link.controller
    target = state.card(part.objects[0])
    if summon_forbidden(duel, state, link, target):
        return state
    tributes = [state.card(m) for m in part.materials]
    wanted = part.level if part.level is not None else (target.level or 0)
    total = sum(t.level or 0 for t in tributes)
    problem, key = None, R.RITUAL
    if target.zone is not Zone.HAND or target.subtype != "ritual":
        problem = f"{target.name} is not a Ritual Monster in the hand"
    elif any(not own_monster(t, player) for t in tributes):
        problem, key = "a Tribute is not a monster the player controls or holds", R.TRIBUTE_OWN
    elif (total < wanted) or (total != wanted and not part.at_least):
        problem, key = f"the Tributes' Levels add up to {total}, not {wanted}", R.RITUAL_LEVELS
    elif part.at_least and any(total - (t.level or 0) >= wanted for t in tributes):
        problem, key = "more monsters are Tributed than the Level needs", R.RITUAL_NO_EXCESS
    elif free_monster_zones(state, player, freed=tributes) < 1:
        problem = "no free Monster Zone"
    elif tribute_forbidder(duel, state, player) is not None:
        problem, key = "a face-up Continuous Effect says no card can be Tributed", R.CONTINUOUS_APPLIES
    if problem:
        duel.record("no_effect", "ygo.summon.cannot", key, card=target.id, card_name=target.name,
                    method="ritual", reason=problem)
        return state
    for tribute in tributes:
        state = move(duel, state, tribute, Zone.GRAVEYARD, "ritual_tribute", R.RITUAL)
    state = duel.bump(state)
    return summoned(duel, state, target, player, "ritual", R.RITUAL, position=position_of(part.position))


# ----------------------------------------------------------------------------- Pendulum placement (arcv)

def verify_place_pendulum(duel: Duel, state: GameState, player: PlayerId, card: Card) -> None:
    """Check activating a Pendulum Monster from the hand as a Spell Card in a Pendulum Zone.

    Raises :class:`IllegalAction`: no Pendulum Zones under this ruleset, or the card is not a
    Pendulum Monster in the player's hand (ARC-V 3.2.1.9.i5); not the player's own Main Phase
    with an empty chain (it is a Spell Speed 1 Spell Card activation, 3.3.3.7.i5, 3.3.1.i1);
    both of the player's Pendulum Zones filled (2.1.7.i2); a face-up ``cannot_activate`` effect
    that forbids the player Spell Cards (it is the activation of a Spell Card, 3.3.3.7.i5).
    """
    base = {"card": card.id, "card_name": card.name}
    if (not duel.ruleset.pendulum or card.zone is not Zone.HAND or card.owner != player
            or card.kind is not CardKind.MONSTER or card.subtype != "pendulum"):
        raise duel.illegal(R.PENDULUM_PLACE, "ygo.illegal.card_not_available", **base, zone=card.zone.value)
    if player != state.turn.active or state.turn.phase not in MAIN_PHASES or state.chain or state.attack:
        raise duel.illegal(R.SPELL_TIMING, "ygo.illegal.timing", **base, phase=state.turn.phase, player=player)
    if len(state.cards_in(Zone.PENDULUM_ZONE, player)) >= 2:
        raise duel.illegal(R.PENDULUM_ZONE_FULL, "ygo.illegal.zone_full", **base, player=player,
                           zone=Zone.PENDULUM_ZONE.value)
    source = forbidding(duel, state, "cannot_activate", player, card, EffectClass.CARD)
    if source is not None:
        # Placing it is the activation of a Spell Card (ARC-V 3.3.3.7.i5): a lock on Spells stops it.
        raise duel.illegal(R.PENDULUM_SPELL_ACTIVATION, "ygo.illegal.cannot_activate", **base, player=player,
                           source=source.id, source_name=source.name)


def can_place_pendulum(duel: Duel, state: GameState, player: PlayerId, card: Card) -> bool:
    """Return whether :func:`verify_place_pendulum` passes."""
    try:
        verify_place_pendulum(duel, state, player, card)
    except IllegalAction:
        return False
    return True


def do_place_pendulum(duel: Duel, state: GameState, player: PlayerId, card: Card, source: tuple[str, int]) -> GameState:
    """Activate a Pendulum Monster as a Spell Card: it is placed face-up in the Pendulum Zone as
    Chain Link 1 (ARC-V 3.2.1.9.i5, 3.3.3.7.i5), which the opponent may answer (e.g. negate it;
    then it goes to the Graveyard, not the Extra Deck, 3.2.1.9.i6). Its Scale counts for a
    Pendulum Summon once it resolves (3.2.2.3.1.1.5.i1)."""
    verify_place_pendulum(duel, state, player, card)
    duel.record("activate", "ygo.chain.activate", R.PENDULUM_PLACE, link=1, card=card.id, card_name=card.name,
                player=player, spell_speed=1)
    state = place_card(duel, state, card, Zone.PENDULUM_ZONE, "pendulum_activation", R.PENDULUM_PLACE,
                       position=Position.FACE_UP)
    state = state.with_card(replace(state.card(card.id), controller=player))
    link = ChainLink(number=1, card=card.id, effect=-1, controller=player, spell_speed=1,
                     effect_class=EffectClass.CARD, targets=(), target_zones=(), actions=(), source=source,
                     activated_on_field=True)
    state = duel.sync(replace(state, chain=(link,)))
    opponent = "p2" if player == "p1" else "p1"
    return pass_priority(duel, state, opponent, R.PRIORITY_TO_OPPONENT)


@VOCABULARY.entry(
    "action", "place_pendulum", rule=(R.PENDULUM_PLACE, R.PENDULUM_ZONE_FULL, R.NEGATED_PENDULUM_CARD),
    label="Activate in the Pendulum Zone", rulesets=("arcv",),
    keys={"card": Ref(spaces=("object",), label="Pendulum Monster"),
          "player": Choice(values=("p1", "p2"), what="player id", label="Player", help="default the card's owner")},
    required=("card",), messages=("ygo.chain.activate",), row=Row(main=("card",), extra=("player",)),
    doc="The player activates a Pendulum Monster from the hand as a Spell Card, placed face-up in the Pendulum Zone: a "
        "Spell Speed 1 Chain Link 1 in their own Main Phase with no chain, at most two per player (ARC-V 3.2.1.9.i5, "
        "3.3.3.7.i5, 2.1.7.i2). The opponent may answer it; a negated one goes to the Graveyard, not the Extra Deck "
        "(3.2.1.9.i6). Its Scale counts for a later Pendulum Summon.",
    example={"type": "place_pendulum", "card": "p1"})
def place_pendulum(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    """Apply a ``place_pendulum`` action."""
    card = state.card(action["card"])
    return do_place_pendulum(duel, state, action.get("player", card.owner), card, ("actions", index))
