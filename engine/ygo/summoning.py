"""Normal and Tribute Summons, Sets, Flip Summons and changes of battle position (ARC-V 3.2.2.1,
3.2.2.2, 3.2.2.4, 3.2.5, 3.3.2, 3.4.2; MR2 ch2.16–ch2.19, ch3.7).

Each player action is a verify / can / do trio and one entry of the ``action`` slot. A face-up
Summon opens the summon-negation window (ARC-V 3.2.2.1.i7), where only a summon negation can be
activated; :func:`summon_succeeds` closes it. A Normal Summon is face-up Attack Position and a
Set face-down Defense Position (3.2.2.1.i5), a Flip Summon turns the monster face-up Attack
Position (3.2.2.4.i1): an action asking for another position is an ``illegal`` step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Optional

from ..core import IllegalAction
from ..core.validation import Path
from ..core.vocabulary import Choice, ListOf, Ref, Row, Validation
from .activation import MAIN_PHASES, priority_params
from .duel import Duel
from .model import EXTRA_DECK_SUBTYPES, FIELD_ZONES, Card, CardKind, EventWindow, GameState, PlayerId, Position, Zone, opponent_of
from .primitives import move, place_card, place_monster, flip
from .protection import verify_may_set
from .tribute_lock import verify_may_tribute
from .rules import R
from .values import apply_continuous
from .vocabulary import VOCABULARY

_CARD = Ref(spaces=("object",), label="Card")
_PLAYER = Choice(values=("p1", "p2"), what="player id", label="Player",
                 help="who does it; default the card's controller (its owner off the field)")
_POSITION = Choice(values=("attack", "defense"), what="position", label="Position",
                   help="the battle position asked for; checked against the rules")
_TRIBUTES = ListOf(item=Ref(spaces=("object",)), label="Tributes", help="the monsters Tributed first")


def verify_main_phase_action(duel: Duel, state: GameState, player: PlayerId, card: Card, what: str) -> None:
    """Summons, Sets and position changes: the turn player's Main Phase, no chain (ARC-V 3.2.2.1.i1)."""
    if player != state.turn.active or state.turn.phase not in MAIN_PHASES or state.chain:
        raise duel.illegal(R.MAIN_PHASE_ACTION, "ygo.illegal.not_main_phase", card=card.id, card_name=card.name,
                           player=player, phase=state.turn.phase, action=what)


def _verify_position(duel: Duel, card: Card, player: PlayerId, action: str, asked: Optional[str], allowed: str,
                     key: R) -> None:
    if asked is not None and asked != allowed:
        raise duel.illegal(key, "ygo.illegal.position", card=card.id, card_name=card.name, player=player,
                           action=action, position=asked, allowed=allowed)


def _verify_tributes(duel: Duel, state: GameState, card: Card, player: PlayerId, tributes: list[Card]) -> None:
    base = {"card": card.id, "card_name": card.name}
    level = card.level or 0
    needed = 0 if level <= 4 else 1 if level <= 6 else 2
    if len(tributes) != needed:
        raise duel.illegal(R.TRIBUTE_COUNT, "ygo.illegal.tributes", **base, level=level, needed=needed,
                           given=len(tributes))
    if tributes:
        verify_may_tribute(duel, state, card, player)
    for tribute in tributes:
        if tribute.zone is not Zone.MONSTER_ZONE or tribute.controller != player:
            raise duel.illegal(R.TRIBUTE_OWN, "ygo.illegal.tribute_not_own", **base, tribute=tribute.id,
                               tribute_name=tribute.name)
    if not tributes and len(state.cards_in(Zone.MONSTER_ZONE, player)) >= 5:
        raise duel.illegal(R.NORMAL_SUMMON_ZONE, "ygo.illegal.zone_full", **base, player=player,
                           zone=Zone.MONSTER_ZONE.value)


def verify_summon(duel: Duel, state: GameState, player: PlayerId, card: Card, tributes: list[Card], *,
                  face_down: bool = False, position: Optional[str] = None) -> None:
    """Check a Normal (or Tribute) Summon or a monster Set.

    Raises :class:`IllegalAction`: not the turn player's Main Phase with an empty chain (ARC-V
    3.2.2.1.i1), the card not a monster in the hand, a second Normal Summon/Set this turn
    (3.2.2.1.i2), a position other than face-up Attack for a Summon or face-down Defense for a
    Set (3.2.2.1.i5; MR2 ch2.16, ch2.18), the wrong number of Tributes for its Level
    (3.2.2.1.1.i2), a Tribute the player does not control (3.2.2.1.1.1.i4), or no free Monster
    Zone without Tributes (3.2.2.1.i3).
    """
    what = "set" if face_down else "summon"
    verify_main_phase_action(duel, state, player, card, what)
    base = {"card": card.id, "card_name": card.name}
    if card.zone is not Zone.HAND or card.kind is not CardKind.MONSTER or card.owner != player \
            or card.subtype in EXTRA_DECK_SUBTYPES or card.subtype == "token":
        raise duel.illegal(R.SET_MONSTER if face_down else R.NORMAL_SUMMON, "ygo.illegal.card_not_available",
                           **base, zone=card.zone.value)
    if state.turn.normal_summon_used:
        raise duel.illegal(R.NORMAL_SUMMON_ONCE, "ygo.illegal.normal_summon_used", **base, player=player)
    _verify_position(duel, card, player, what, position, "defense" if face_down else "attack",
                     R.SET_MONSTER if face_down else R.NORMAL_SUMMON_POSITION)
    if face_down:
        verify_may_set(duel, state, card, player)
    _verify_tributes(duel, state, card, player, tributes)


def can_summon(duel: Duel, state: GameState, player: PlayerId, card: Card, tributes: list[Card], *,
               face_down: bool = False, position: Optional[str] = None) -> bool:
    """Return whether :func:`verify_summon` passes."""
    try:
        verify_summon(duel, state, player, card, tributes, face_down=face_down, position=position)
    except IllegalAction:
        return False
    return True


def do_summon(duel: Duel, state: GameState, player: PlayerId, card: Card, tributes: list[Card], *,
              face_down: bool = False, position: Optional[str] = None) -> GameState:
    """Normal Summon (face-up Attack) or Set (face-down Defense) a monster, Tributing first.

    Tributes go to the Graveyard before the monster is placed (ARC-V 3.2.2.1.1.1.i3), so a
    Tributed monster's "when … you can" trigger misses the timing (3.2.2.1.1.i6). A face-up
    Summon opens the summon-negation window (3.2.2.1.i7); it cannot be chained to (3.2.2.3.1.i4).
    """
    verify_summon(duel, state, player, card, tributes, face_down=face_down, position=position)
    state = replace(state, turn=replace(state.turn, normal_summon_used=True))
    for tribute in tributes:
        state = duel.bump(state)
        state = move(duel, state, tribute, Zone.GRAVEYARD, "tribute", R.TRIBUTE_COUNT)
    state = duel.bump(state)
    if face_down:
        duel.record("summon", "ygo.summon.set", R.SET_MONSTER, card=card.id, card_name=card.name, player=player,
                    tributes=[t.id for t in tributes])
        state = place_monster(duel, state, card, player, Position.FACE_DOWN_DEFENSE, "set", R.SET_MONSTER)
        return duel.sync(state.with_card(replace(state.card(card.id), set_this_turn=True)))
    duel.record("summon", "ygo.summon.normal", R.TRIBUTE_COUNT if tributes else R.NORMAL_SUMMON, card=card.id,
                card_name=card.name, player=player, tributes=[t.id for t in tributes])
    state = place_monster(duel, state, card, player, Position.ATTACK, "summon", R.NORMAL_SUMMON)
    state = apply_continuous(duel, state, state.card(card.id))
    return summon_window(duel, state, [card], player, "summoned", "tribute" if tributes else "normal")


def summon_window(duel: Duel, state: GameState, cards: list[Card], player: PlayerId, kind: str,
                  method: str = "") -> GameState:
    """Open the summon-negation window (ARC-V 3.2.2.1.i7): the opponent may only negate the Summon.
    ``method`` is how the monsters are Summoned (``normal``, ``tribute``, a ``summon_method``)."""
    # ``cards`` are as they were before the Summon moved them: where each came from (the ``from`` qualifier).
    state = replace(state, summoning=tuple(c.id for c in cards), summon_kind=kind, summon_method=method,
                    summon_origins=tuple(c.zone.value for c in cards))
    duel.record("priority", "ygo.summon.negation_window", R.SUMMON_NEGATION_WINDOW, card=cards[0].id,
                card_name=cards[0].name, player=opponent_of(player), **priority_params(duel, state, opponent_of(player)))
    return state


def summon_succeeds(duel: Duel, state: GameState) -> GameState:
    """End the summon-negation window: the summon succeeded (ARC-V 3.2.2.1.i9, 3.2.2.3.i6)."""
    kind = state.summon_kind
    key = R.SUMMON_SUCCESS if kind in ("summoned", "flip_summoned") else R.SPECIAL_SUMMON_SUCCESS
    succeeded: list[Card] = []
    origins = dict(zip(state.summoning, state.summon_origins))
    for card_id in state.summoning:
        card = state.card(card_id)
        if card.zone is Zone.MONSTER_ZONE:
            duel.record("summon", "ygo.summon.success", key, card=card.id, card_name=card.name, how=kind)
            state = duel.event(state, kind, card_id, player=card.controller, method=state.summon_method,
                               origin=origins.get(card_id, ""))
            succeeded.append(card)
    # What just happened, for "when … Summons" activation conditions (engine.ygo.conditions).
    window = EventWindow(kind, succeeded[0].controller, tuple(c.id for c in succeeded)) if succeeded else None
    return replace(state, summoning=(), summon_kind="", summon_method="", summon_origins=(), last_event=window)


def verify_set_spell_trap(duel: Duel, state: GameState, player: PlayerId, card: Card) -> None:
    """Check Setting a Spell or Trap (ARC-V 3.3.2, 3.4.2): own Main Phase, from the hand, a free zone."""
    verify_main_phase_action(duel, state, player, card, "set")
    key = R.SET_SPELL if card.kind is CardKind.SPELL else R.SET_TRAP
    if card.zone is not Zone.HAND or card.owner != player:
        raise duel.illegal(key, "ygo.illegal.card_not_available", card=card.id, card_name=card.name,
                           zone=card.zone.value)
    if card.subtype != "field" and len(state.cards_in(Zone.SPELL_TRAP_ZONE, player)) >= 5:
        raise duel.illegal(R.ST_ZONE_FULL, "ygo.illegal.zone_full", card=card.id, card_name=card.name,
                           player=player, zone=Zone.SPELL_TRAP_ZONE.value)
    verify_may_set(duel, state, card, player)


def do_set_spell_trap(duel: Duel, state: GameState, player: PlayerId, card: Card) -> GameState:
    """Set a Spell or Trap face-down; it counts as Set this turn (ARC-V 3.4.1.i4, 3.3.3.6.i6)."""
    verify_set_spell_trap(duel, state, player, card)
    key = R.SET_SPELL if card.kind is CardKind.SPELL else R.SET_TRAP
    zone = Zone.FIELD_ZONE if card.subtype == "field" else Zone.SPELL_TRAP_ZONE
    if zone is Zone.FIELD_ZONE:
        for old in state.cards_in(Zone.FIELD_ZONE):
            if duel.ruleset.field_zone_per_player and old.controller != player:
                continue
            state = move(duel, state, old, Zone.GRAVEYARD, "send_to_graveyard", R.FIELD_REPLACED)
    duel.record("set", "ygo.set.spell_trap", key, card=card.id, card_name=card.name, player=player)
    state = place_card(duel, state, card, zone, "set", key, position=Position.FACE_DOWN)
    return duel.sync(state.with_card(replace(state.card(card.id), controller=player, set_this_turn=True)))


def verify_flip_summon(duel: Duel, state: GameState, player: PlayerId, card: Card,
                       position: Optional[str] = None) -> None:
    """Check a Flip Summon (ARC-V 3.2.2.4): a face-down monster not Set this turn, once per monster,
    turned face-up Attack Position (3.2.2.4.i1; MR2 ch2.19: never face-up Defense)."""
    verify_main_phase_action(duel, state, player, card, "flip_summon")
    base = {"card": card.id, "card_name": card.name}
    if card.zone is not Zone.MONSTER_ZONE or card.position is not Position.FACE_DOWN_DEFENSE or card.controller != player:
        raise duel.illegal(R.FLIP_SUMMON, "ygo.illegal.card_not_available", **base, zone=card.zone.value)
    if card.set_this_turn or card.summoned_this_turn:
        raise duel.illegal(R.FLIP_SUMMON_SET_THIS_TURN, "ygo.illegal.set_this_turn", **base)
    if card.position_changed:
        raise duel.illegal(R.FLIP_SUMMON_ONCE, "ygo.illegal.position_changed", **base)
    _verify_position(duel, card, player, "flip_summon", position, "attack", R.FLIP_SUMMON)


def do_flip_summon(duel: Duel, state: GameState, player: PlayerId, card: Card,
                   position: Optional[str] = None) -> GameState:
    """Flip Summon: face-down Defense to face-up Attack; it counts as flipped (ARC-V 3.2.2.4.i7)."""
    verify_flip_summon(duel, state, player, card, position)
    state = duel.bump(state)
    duel.record("summon", "ygo.summon.flip", R.FLIP_SUMMON, card=card.id, card_name=card.name, player=player)
    state = flip(duel, state, card, Position.ATTACK)
    state = duel.sync(state.with_card(replace(state.card(card.id), position_changed=True)))
    return summon_window(duel, state, [card], player, "flip_summoned")


def verify_change_position(duel: Duel, state: GameState, player: PlayerId, card: Card,
                           position: Optional[str] = None) -> None:
    """Check a manual position change (ARC-V 3.2.5): a face-up monster, not Summoned this turn,
    once, not after attacking, to the other battle position (3.2.5.i1)."""
    verify_main_phase_action(duel, state, player, card, "change_position")
    base = {"card": card.id, "card_name": card.name}
    if card.zone is not Zone.MONSTER_ZONE or card.controller != player or not card.face_up:
        raise duel.illegal(R.CHANGE_POSITION, "ygo.illegal.card_not_available", **base, zone=card.zone.value)
    if card.summoned_this_turn:
        raise duel.illegal(R.POSITION_SUMMONED_THIS_TURN, "ygo.illegal.position_changed", **base)
    if card.attacked:
        raise duel.illegal(R.POSITION_AFTER_ATTACK, "ygo.illegal.position_changed", **base)
    if card.position_changed:
        raise duel.illegal(R.POSITION_ONCE, "ygo.illegal.position_changed", **base)
    other = "defense" if card.position is Position.ATTACK else "attack"
    _verify_position(duel, card, player, "change_position", position, other, R.CHANGE_POSITION)


def do_change_position(duel: Duel, state: GameState, player: PlayerId, card: Card,
                       position: Optional[str] = None) -> GameState:
    """Change a face-up monster between Attack and Defense Position."""
    verify_change_position(duel, state, player, card, position)
    new = Position.DEFENSE if card.position is Position.ATTACK else Position.ATTACK
    return duel.step(state.with_card(replace(card, position=new, position_changed=True)), "move",
                     "ygo.position.changed", R.CHANGE_POSITION, card=card.id, card_name=card.name, position=new.value)


# ----------------------------------------------------------------------------- the actions

def _player_of(action: Mapping[str, Any], card: Card) -> PlayerId:
    return action.get("player", card.controller if card.zone in FIELD_ZONES else card.owner)


def _check_set(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    """A Spell or Trap is Set face-down with no Tributes: refuse what would not be read."""
    objects = getattr(v, "objects", None) or {}
    card = objects.get(value.get("card"))
    if card is not None and card.get("kind") in ("spell", "trap"):
        for key in ("tributes", "position"):
            if key in value:
                v.error((*path, key), f"a {card['kind']} is Set face-down in the Spell & Trap Zone: {key} is only "
                                      f"for a monster")


_SUMMON_KEYS = {"card": _CARD, "player": _PLAYER, "tributes": _TRIBUTES, "position": _POSITION}
_SUMMON_ROW = Row(main=("card", "tributes"), extra=("position", "player"))


@VOCABULARY.entry(
    "action", "summon", rule=(R.NORMAL_SUMMON, R.TRIBUTE_COUNT, R.NORMAL_SUMMON_POSITION, R.NORMAL_SUMMON_ONCE),
    label="Normal Summon", keys=_SUMMON_KEYS, required=("card",),
    messages=("ygo.summon.normal", "ygo.summon.negation_window"), row=_SUMMON_ROW,
    doc="The turn player Normal Summons a monster from the hand in their Main Phase with no chain, once per turn "
        "with `set`: Level 5–6 with one Tribute, 7 or more with two (ARC-V 3.2.2.1, 3.2.2.1.1; MR2 ch2.16–ch2.17). "
        "It is face-up Attack Position (`position: defense` is an illegal step, 3.2.2.1.i5). The opponent may then "
        "negate the Summon; otherwise it succeeds.",
    example={"type": "summon", "card": "m1", "tributes": ["m2"]})
def summon(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    """Apply a ``summon`` action."""
    card = state.card(action["card"])
    return do_summon(duel, state, _player_of(action, card), card, [state.card(t) for t in action.get("tributes", [])],
                     position=action.get("position"))


@VOCABULARY.entry(
    "action", "set", rule=(R.SET_MONSTER, R.SET_SPELL, R.SET_TRAP), label="Set", keys=_SUMMON_KEYS, required=("card",),
    check=_check_set, messages=("ygo.summon.set", "ygo.set.spell_trap"), row=_SUMMON_ROW,
    doc="A monster: Set face-down Defense Position from the hand (it counts as the turn's Normal Summon; Tributes as "
        "for a Summon; `position: attack` is an illegal step, ARC-V 3.2.2.2.i1, 3.2.2.1.i5). A Spell or Trap: Set "
        "face-down in the Spell & Trap Zone (a Field Spell in the Field Zone); it counts as Set this turn (3.3.2, "
        "3.4.2).",
    example={"type": "set", "card": "t1"})
def set_card(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    """Apply a ``set`` action."""
    card = state.card(action["card"])
    player = _player_of(action, card)
    if card.kind is CardKind.MONSTER:
        return do_summon(duel, state, player, card, [state.card(t) for t in action.get("tributes", [])],
                         face_down=True, position=action.get("position"))
    return do_set_spell_trap(duel, state, player, card)


_FLIP_KEYS = {"card": _CARD, "player": _PLAYER, "position": _POSITION}


@VOCABULARY.entry(
    "action", "flip_summon", rule=(R.FLIP_SUMMON, R.FLIP_SUMMON_SET_THIS_TURN, R.FLIP_SUMMON_ONCE), label="Flip Summon",
    keys=_FLIP_KEYS, required=("card",), messages=("ygo.summon.flip",), row=Row(main=("card",), extra=("position", "player")),
    doc="The turn player turns a face-down Defense Position monster face-up Attack Position in their Main Phase: not "
        "the turn it was Set, once per monster per turn; it counts as flipped (ARC-V 3.2.2.4; MR2 ch2.19). "
        "`position: defense` is an illegal step.",
    example={"type": "flip_summon", "card": "m1"})
def flip_summon(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    """Apply a ``flip_summon`` action."""
    card = state.card(action["card"])
    return do_flip_summon(duel, state, _player_of(action, card), card, action.get("position"))


@VOCABULARY.entry(
    "action", "change_position", rule=(R.CHANGE_POSITION, R.POSITION_ONCE, R.POSITION_SUMMONED_THIS_TURN,
                                       R.POSITION_AFTER_ATTACK),
    label="Change battle position", keys=_FLIP_KEYS, required=("card",), messages=("ygo.position.changed",),
    row=Row(main=("card",), extra=("position", "player")),
    doc="The turn player changes a face-up monster between Attack and Defense Position in their Main Phase: once per "
        "turn, not the turn it was Summoned, not after it attacked (ARC-V 3.2.5; MR2 ch3.7). `position`, if given, "
        "must be the other position.",
    example={"type": "change_position", "card": "m1", "position": "defense"})
def change_position(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    """Apply a ``change_position`` action."""
    card = state.card(action["card"])
    return do_change_position(duel, state, _player_of(action, card), card, action.get("position"))
