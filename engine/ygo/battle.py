"""The Battle Phase: attack declarations, replays, the Damage Step and damage calculation
(MR2 ch3.8–ch3.13, ch4.4–ch4.9, ch5.11, ch5.25; ARC-V 3.2.4, 3.2.7.3.i6–i7, 1.4.1.i2).

The ARC-V transcription is cut off before its battle chapter, so most steps cite the 2011
rulebook under ``arcv`` and say so (``basis``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Optional

from ..core import IllegalAction
from ..core.vocabulary import Choice, Const, Either, Ref, Row
from .activation import pass_priority, priority_params
from .attack_restrictions import verify_attack_allowed
from .battle_shields import shielded_from_damage, shielded_from_destruction
from .duel import Duel
from .model import Attack, Card, EventWindow, GameState, PlayerId, Position, Replay, Zone, opponent_of
from .primitives import check_lp, flip, move, set_lp
from .protection import battle_protection
from .replacement import leaving_together, replace_destruction
from .rules import R
from .vocabulary import VOCABULARY


def verify_attack(duel: Duel, state: GameState, attacker: Card, target: Optional[Card]) -> None:
    """Check an attack declaration.

    Raises :class:`IllegalAction`: not the Battle Step of the attacker's controller's Battle
    Phase (MR2 ch3.10), turn 1 (ch3.9), not a face-up Attack Position monster (ARC-V
    3.2.4.1.i2, 3.2.4.2.i2, 3.2.4.3.i4), already attacked (MR2 ch3.10; after a replay only
    the next declaration may choose a new target, ch3.13), a target that is not the
    opponent's monster, or a direct attack while the opponent controls monsters (ch4.9).
    """
    player = state.turn.active
    base = {"card": attacker.id, "card_name": attacker.name}
    if state.turn.phase != "battle" or state.turn.step not in (None, "start", "battle") or state.chain:
        raise duel.illegal(R.ATTACK_DECLARE, "ygo.illegal.not_battle_step", **base, phase=state.turn.phase,
                           step=state.turn.step)
    if state.turn.number == 1:
        raise duel.illegal(R.FIRST_TURN_NO_BATTLE, "ygo.illegal.first_turn_battle", **base)
    for locked, source in state.attack_locks:
        if locked == player:
            raise duel.illegal(R.CARD_TEXT, "ygo.illegal.attack_locked", **base, player=player, source=source,
                               source_name=state.card(source).name)
    if attacker.zone is not Zone.MONSTER_ZONE or attacker.controller != player:
        raise duel.illegal(R.ATTACK_DECLARE, "ygo.illegal.attacker_not_available", **base, zone=attacker.zone.value)
    if attacker.position is Position.FACE_DOWN_DEFENSE:
        raise duel.illegal(R.ATTACK_FACE_DOWN_NO, "ygo.illegal.attack_position", **base, position=attacker.position.value)
    if attacker.position is Position.DEFENSE:
        raise duel.illegal(R.ATTACK_DEFENSE_NO, "ygo.illegal.attack_position", **base, position=attacker.position.value)
    retarget = state.replay is not None and state.replay.attacker == attacker.id
    if attacker.attacked and not retarget:
        raise duel.illegal(R.ATTACK_ONCE, "ygo.illegal.already_attacked", **base)
    if attacker.cannot_attack:
        raise duel.illegal(R.CANNOT_ATTACK, "ygo.illegal.cannot_attack_this_turn", **base)
    verify_attack_allowed(duel, state, attacker)
    defenders = state.cards_in(Zone.MONSTER_ZONE, opponent_of(player))
    if target is None and defenders:
        raise duel.illegal(R.DIRECT_ATTACK, "ygo.illegal.direct_attack", **base, monsters=len(defenders))
    if target is not None and (target.zone is not Zone.MONSTER_ZONE or target.controller == player):
        raise duel.illegal(R.ATTACK_DECLARE, "ygo.illegal.attack_target", **base, target=target.id,
                           target_name=target.name)


def can_attack(duel: Duel, state: GameState, attacker: Card, target: Optional[Card]) -> bool:
    """Return whether :func:`verify_attack` passes."""
    try:
        verify_attack(duel, state, attacker, target)
    except IllegalAction:
        return False
    return True


def do_attack(duel: Duel, state: GameState, attacker: Card, target: Optional[Card]) -> GameState:
    """Declare an attack; the opponent may respond before the Damage Step (MR2 ch3.10).

    During a replay this is the attacker's new target; any other declaration ends the replay,
    and the replayed monster, whose attack is then cancelled, cannot attack again (MR2 ch3.13).
    """
    verify_attack(duel, state, attacker, target)
    state = replace(state, replay=None)
    player = state.turn.active
    duel.record("attack", "ygo.battle.attack_direct" if target is None else "ygo.battle.attack",
                R.DIRECT_ATTACK if target is None else R.ATTACK_DECLARE,
                attacker=attacker.id, attacker_name=attacker.name, target=target.id if target else None,
                target_name=target.name if target else None, player=player)
    defenders = tuple(c.id for c in state.cards_in(Zone.MONSTER_ZONE, opponent_of(player)))
    state = state.with_card(replace(attacker, attacked=True))
    state = duel.sync(replace(state, attack=Attack(attacker.id, target.id if target else None, defenders),
                              turn=replace(state.turn, step="battle"),
                              last_event=EventWindow("attack_declared", player, (attacker.id,))))
    return pass_priority(duel, state, opponent_of(player), R.PRIORITY_TO_OPPONENT)


def enter_damage_step(duel: Duel, state: GameState) -> GameState:
    """Check for a replay, then enter the Damage Step and flip a face-down target (ARC-V 3.2.4.3.i5).

    MR2 ch3.13: if the target has gone or the opponent's monsters have changed (one left or a
    new one appeared) before the Damage Step, there is a replay: the attacker may choose a new
    target with its next declaration, or its attack is cancelled and it cannot attack again.
    """
    attack = state.attack
    assert attack is not None
    state = replace(state, last_event=None)
    attacker = state.card(attack.attacker)
    player = state.turn.active
    if attacker.zone is not Zone.MONSTER_ZONE or attacker.controller != player or attacker.position is not Position.ATTACK:
        duel.record("battle", "ygo.battle.attack_stopped", R.ATTACK_STOPPED, attacker=attacker.id,
                    attacker_name=attacker.name)
        return duel.sync(replace(state, attack=None))
    defenders = tuple(c.id for c in state.cards_in(Zone.MONSTER_ZONE, opponent_of(player)))
    target_gone = attack.target is not None and attack.target not in defenders
    if target_gone or set(defenders) != set(attack.opponent_monsters):
        duel.record("battle", "ygo.battle.replay", R.REPLAY, attacker=attacker.id, attacker_name=attacker.name,
                    before=len(attack.opponent_monsters), after=len(defenders))
        return duel.sync(replace(state, attack=None, replay=Replay(attacker.id), turn=replace(state.turn, step="battle")))
    if attack.target is None:
        duel.record("battle", "ygo.battle.damage_step_direct", R.DAMAGE_STEP, attacker=attacker.id)
    else:
        duel.record("battle", "ygo.battle.damage_step", R.DAMAGE_STEP, attacker=attacker.id, target=attack.target)
    state = duel.sync(replace(state, turn=replace(state.turn, step="damage"), turn_player_first=True))
    if attack.target is not None:
        target = state.card(attack.target)
        if target.position is Position.FACE_DOWN_DEFENSE:
            state = duel.bump(state)
            duel.record("battle", "ygo.battle.flip_target", R.FLIP_IN_BATTLE, card=target.id, card_name=target.name)
            state = flip(duel, state, target, Position.DEFENSE)
    duel.record("priority", "ygo.priority.window", R.DAMAGE_STEP_CARDS, player=player, window="damage_step",
                **priority_params(duel, state, player))
    return state


def damage_calculation(duel: Duel, state: GameState) -> GameState:
    """Compare the values and apply battle damage and destruction (MR2 ch4.7–ch4.9, ch5.11).

    Attack Position: the higher ATK destroys the other and the difference is dealt to the
    loser's controller; equal ATK destroys both (not when both are 0). Defense Position: ATK
    above DEF destroys it with no damage; below DEF deals the difference to the attacker's
    controller. A direct attack deals the attacker's ATK. Flip effects of a monster flipped by
    the attack activate after damage calculation (ARC-V 3.2.7.3.i7).
    """
    attack = state.attack
    assert attack is not None
    player = state.turn.active
    opponent = opponent_of(player)
    attacker = state.card(attack.attacker)
    state = duel.bump(state)
    atk = attacker.atk or 0
    damage: list[tuple[PlayerId, int, str]] = []
    """Who takes battle damage, how much, and the monster that inflicts it."""
    destroyed: list[Card] = []
    if attack.target is None:
        duel.record("battle", "ygo.battle.calculation_direct", R.DIRECT_ATTACK, attacker=attacker.id,
                    attacker_name=attacker.name, attack=atk)
        damage.append((opponent, atk, attacker.id))
        key = R.DIRECT_ATTACK
    else:
        target = state.card(attack.target)
        defending = target.position is not Position.ATTACK
        value = (target.def_ if defending else target.atk) or 0
        key = R.BATTLE_ATK_VS_DEF if defending else R.BATTLE_ATK_VS_ATK
        duel.record("battle", "ygo.battle.calculation", key, attacker=attacker.id, attacker_name=attacker.name,
                    attack=atk, target=target.id, target_name=target.name, value=value,
                    position=target.position.value if target.position else None)
        if atk > value:
            destroyed.append(target)
            if not defending:
                damage.append((opponent, atk - value, attacker.id))
        elif atk < value:
            damage.append((player, value - atk, target.id))
            if not defending:
                destroyed.append(attacker)
        elif not defending:
            if atk == 0:
                duel.record("battle", "ygo.battle.no_destruction", R.BATTLE_ZERO_ATK, attacker=attacker.id,
                            target=target.id)
            else:
                destroyed += [attacker, target]
    for loser, amount, dealer in damage:
        if amount <= 0:
            continue
        if (shield := shielded_from_damage(state, loser)) is not None:
            duel.record("battle", "ygo.battle.no_damage_shielded", R.CARD_TEXT, player=loser, amount=amount,
                        source=shield.id, source_name=shield.name)
            continue
        state = set_lp(state, loser, state.player(loser).lp - amount)
        state = duel.step(state, "damage", "ygo.battle.damage", R.BATTLE_DAMAGE, player=loser, amount=amount,
                          lp=state.player(loser).lp)
        state = duel.event(state, "battle_damage", dealer, player=loser, cause="battle")
    state = check_lp(duel, state)
    if state.ended:
        return state
    state = leaving_together(duel, state, [state.card(card.id) for card in destroyed])
    for card in destroyed:
        source, why = battle_protection(duel, state, state.card(card.id)), R.CONTINUOUS_APPLIES
        if source is None:
            source, why = shielded_from_destruction(state, state.card(card.id)), R.CARD_TEXT
        if source is not None:
            duel.record("battle", "ygo.battle.not_destroyed", why, card=card.id, card_name=card.name,
                        source=source.id, source_name=source.name)
            continue
        state, replaced = replace_destruction(duel, state, state.card(card.id), "battle", key)
        if replaced:
            continue
        duel.record("battle", "ygo.battle.destroyed", key, card=card.id, card_name=card.name)
        state = move(duel, state, card, Zone.GRAVEYARD, "battle", key, replacement_checked=True)
    return duel.sync(replace(state, attack=replace(attack, calculated=True)))


def end_damage_step(duel: Duel, state: GameState) -> GameState:
    """End the Damage Step once the triggers it raised have been activated and resolved (MR2 ch3.11).

    The triggers of the battle are collected while it is still the Damage Step, so the limits
    of ARC-V 3.2.7.3.i6 apply to them (see :func:`engine.ygo.triggers.collect_triggers`).
    """
    assert state.attack is not None
    duel.record("battle", "ygo.battle.end_damage_step", R.DAMAGE_STEP, attacker=state.attack.attacker)
    return duel.sync(replace(state, attack=None, turn=replace(state.turn, step="battle")))


@VOCABULARY.entry(
    "action", "attack", rule=(R.ATTACK_DECLARE, R.ATTACK_ONCE, R.DIRECT_ATTACK, R.REPLAY, R.DAMAGE_STEP),
    label="Declare an attack",
    keys={"attacker": Ref(spaces=("object",), label="Attacker"),
          "target": Either(options=(Ref(spaces=("object",)), Const(value=None)), label="Target",
                           help="the monster attacked; omit it (or null) to attack directly")},
    required=("attacker",), messages=("ygo.battle.attack", "ygo.battle.attack_direct"),
    row=Row(main=("attacker", "target")),
    doc="The turn player's face-up Attack Position monster attacks in the Battle Step: an opponent's monster, or "
        "directly when the opponent controls none; once per monster per turn, never in turn 1 (MR2 ch3.9–ch3.10, "
        "ch4.9; ARC-V 3.2.4). The opponent may respond; then the Damage Step and damage calculation follow, unless "
        "the opponent's monsters changed (a replay, MR2 ch3.13).",
    example={"type": "attack", "attacker": "m1", "target": "m2"})
def attack(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    """Apply an ``attack`` action."""
    target = state.card(action["target"]) if action.get("target") else None
    return do_attack(duel, state, state.card(action["attacker"]), target)


@VOCABULARY.entry(
    "action", "cancel_attack", rule=(R.REPLAY,), label="Cancel the attack at a replay", keys={},
    messages=("ygo.battle.attack_cancelled", "ygo.illegal.no_replay"),
    doc="At a replay the attacker's controller chooses not to attack again: the attack is cancelled, and that "
        "monster cannot attack again this turn (MR2 ch3.13; under `arcv` the 2011 rulebook, as the ARC-V "
        "transcription has no battle chapter). Without it the monster may still declare its new target with its "
        "next `attack`. With no replay in progress it is an illegal step.",
    example={"type": "cancel_attack"})
def cancel_attack(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    """Apply a ``cancel_attack`` action: end the replay; the monster has attacked (MR2 ch3.13)."""
    player = state.turn.active
    if state.replay is None:
        raise duel.illegal(R.REPLAY, "ygo.illegal.no_replay", player=player)
    attacker = state.card(state.replay.attacker)
    duel.record("battle", "ygo.battle.attack_cancelled", R.REPLAY, attacker=attacker.id, attacker_name=attacker.name,
                player=player)
    return duel.sync(replace(state, replay=None))


@VOCABULARY.entry(
    "instruction", "end_battle_phase", rule=(R.PHASE_ORDER, R.CARD_TEXT), label="End the Battle Phase", keys={},
    messages=("ygo.phase.battle_ends", "ygo.no_effect.not_battle_phase"),
    doc="\"Then end the Battle Phase\": the attack in progress, if any, ends, and the Battle Phase goes to its End "
        "Step, so no more attacks can be declared this turn; Main Phase 2 follows (the card's text, ARC-V 4.1.2.i1; "
        "MR2 ch3.4, ch3.8). Outside the Battle Phase it does nothing.",
    example={"do": "end_battle_phase"})
def end_battle_phase(duel: Duel, state: GameState, link: Any, index: int, part: Any) -> GameState:
    """Move the Battle Phase to its End Step and end the attack in progress."""
    if state.turn.phase != "battle":
        duel.record("no_effect", "ygo.no_effect.not_battle_phase", R.PHASE_ORDER, link=link.number, phase=state.turn.phase)
        return state
    duel.record("phase", "ygo.phase.battle_ends", R.PHASE_ORDER, link=link.number, player=state.turn.active)
    return duel.sync(replace(state, attack=None, replay=None, turn=replace(state.turn, step="end")))


@VOCABULARY.entry(
    "instruction", "no_attacks_this_turn", rule=(R.CARD_TEXT, R.ATTACK_DECLARE), label="No attacks this turn",
    keys={"player": Choice(values=("self", "opponent"), what="player", label="Player", default="opponent",
                           labels={"self": "The activating player", "opponent": "Their opponent"},
                           help="who cannot declare an attack: opponent (the default) or self")},
    messages=("ygo.lock.attacks", "ygo.illegal.attack_locked"), row=Row(main=("player",)),
    doc="\"Your opponent cannot declare an attack this turn\": for the rest of the turn an attack declaration by the "
        "player is illegal; an attack already declared goes on (the card's text, ARC-V 4.1.2.i1). The lock ends with "
        "the turn.",
    example={"do": "no_attacks_this_turn", "player": "opponent"})
def no_attacks_this_turn(duel: Duel, state: GameState, link: Any, index: int, part: Any) -> GameState:
    """Keep the player from declaring attacks for the rest of the turn."""
    player = link.controller if part.player == "self" else opponent_of(link.controller)
    duel.record("effect", "ygo.lock.attacks", R.CARD_TEXT, link=link.number, player=player)
    return replace(state, attack_locks=(*state.attack_locks, (player, link.card)))
