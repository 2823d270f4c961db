"""Replaying a scenario: the chain as given, then the players' actions in order, with
everything that waits happening in between (ARC-V 4.2.4.2; MR2 ch4.11–ch4.16).

:func:`run` rebuilds the document's ``chain`` link by link, then replays ``actions``: each is
one entry of the ``action`` slot. A response (``activate``, ``pass``, ``resolve``,
``damage_step``) happens where the game is; before any other action :func:`settle` lets
whatever waits happen first (the open chain resolves, a Summon succeeds, triggers go on the
chain through SEGOC and resolve, an attack goes through the Damage Step) and a declared end of
phase takes effect. An action that breaks a rule is an ``illegal`` step and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core import IllegalAction
from ..core.deadline import check as check_deadline
from ..core.vocabulary import Choice, Row
from .activation import do_activate
from .battle import damage_calculation, end_damage_step, enter_damage_step
from .conditions import window_after_chain
from .duel import Duel
from .frame import LINK_FIELDS, LINK_ROW, check_link
from .model import GameState
from .resolution import resolve_chain
from .rules import R
from .scenario import activation
from .summoning import summon_succeeds
from .triggers import build_segoc
from .turn import advance, draw_phase_draw
from .values import report_unevaluated
from .vocabulary import VOCABULARY
from . import chance, effects, equip, negation, piles, procedures, protection  # noqa: F401  (register their instructions and actions)

LINK_NEGATIONS = frozenset({"negate_activation", "negate_effect"})
"""Verbs that answer a chain link: activated while a monster is being Summoned they are refused
(nothing can be chained to a Summon, MR2 ch5.7), and the Summon stays in its window."""
RESPONSES = frozenset({"activate", "pass", "resolve", "damage_step"})
"""Action types that happen where the game is, without letting what waits happen first."""


def finish_chain(duel: Duel, state: GameState) -> GameState:
    """Resolve the chain, then end a Summon it did not negate (ARC-V 3.2.2.1.i9); the turn player
    then has priority first again (MR2 ch4.16)."""
    state = resolve_chain(duel, state)
    # A Summon its last action made can still be answered; anything before it no longer (engine.ygo.conditions).
    state = replace(state, turn_player_first=True, last_event=window_after_chain(state))
    if state.summoning and not state.ended:
        state = summon_succeeds(duel, state)
    return state


def settle(duel: Duel, state: GameState, *, battle: bool = True) -> GameState:
    """Let everything waiting happen: the chain, a summon's success, triggers, the attack, the phase end."""
    while not state.ended:
        check_deadline("letting what waits happen (chains, triggers, the Damage Step)")
        if state.chain:
            state = finish_chain(duel, state)
        elif state.summoning:
            state = summon_succeeds(duel, state)
        elif battle and state.attack is not None and state.turn.step == "damage" and not state.attack.calculated:
            # Triggers of a flip in the Damage Step wait for damage calculation (ARC-V 3.2.7.3.i7).
            state = damage_calculation(duel, state)
        elif state.events or state.pending:
            state = build_segoc(duel, state)
        elif state.attack is not None and state.attack.calculated:
            state = end_damage_step(duel, state)
        elif battle and state.attack is not None:
            state = enter_damage_step(duel, state)
        else:
            return state
        duel.sync(state)
    return state


def actor(state: GameState, action: Mapping[str, Any]) -> str:
    """Return the player who takes ``action``: its ``player`` or ``controller``, an activated card's
    controller, else the turn player (summons, Sets, attacks and phase ends are theirs)."""
    if "player" in action:
        return str(action["player"])
    if action["type"] == "activate":
        return str(action.get("controller", state.card(action["card"]).controller))
    return state.turn.active


def verify_turn_player_first(duel: Duel, state: GameState, action: Mapping[str, Any]) -> None:
    """Refuse the opponent's activation while the turn player holds priority first: at the start
    of a phase or step, or after a chain resolved, before the turn player has acted or passed
    (MR2 ch4.16). Raises :class:`IllegalAction`."""
    player = actor(state, action)
    if state.turn_player_first and not state.chain and player != state.turn.active:
        card = state.card(action["card"])
        raise duel.illegal(R.TURN_PLAYER_PRIORITY, "ygo.illegal.turn_player_priority", card=card.id,
                           card_name=card.name, player=player, turn_player=state.turn.active,
                           phase=state.turn.phase, step=state.turn.step)


def _before_activation(duel: Duel, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Open what must come before an activation: a summon's success, pending triggers."""
    card = state.card(action["card"])
    ref = action.get("effect", 0)
    effect = card.effects[ref] if isinstance(ref, int) else next(e for e in card.effects if e.id == ref)
    actions = action.get("actions") or [{"do": i.do} for i in effect.actions]
    negates_summon = any(a.get("do") == "negate_summon" for a in actions)
    negates_link = any(a.get("do") in LINK_NEGATIONS for a in actions)
    if state.summoning and not negates_summon and not negates_link and not state.chain:
        state = summon_succeeds(duel, state)
    in_damage_step = state.attack is not None and state.turn.step == "damage"
    if not state.chain and (state.events or state.pending) and not in_damage_step:
        state = build_segoc(duel, state)
    if state.end_declared:
        duel.record("priority", "ygo.phase.response_before_end", R.END_DECLARED,
                    player=action.get("controller", card.controller), phase=state.turn.phase)
        state = replace(state, end_declared=False)
    return state


def _activate(duel: Duel, state: GameState, raw: Mapping[str, Any], source: tuple[str, int]) -> GameState:
    try:
        return do_activate(duel, state, activation(raw, source, state))
    except IllegalAction as illegal:
        duel.record_illegal(illegal)
        return state


def _advance_declared(duel: Duel, state: GameState) -> GameState:
    state = settle(duel, state)
    if state.ended or not state.end_declared:
        return state
    return advance(duel, state)


def run(duel: Duel, scenario: Mapping[str, Any], state: GameState) -> GameState:
    """Replay the scenario's ``chain`` and ``actions`` and settle what is left."""
    state = report_unevaluated(duel, state)
    if state.turn.phase == "draw" and state.turn.step == "start":
        state = draw_phase_draw(duel, state)
    chain = scenario.get("chain", [])
    for i, raw in enumerate(chain):
        check_deadline(f"building a chain of {len(chain)} links")
        if state.ended:
            return state
        state = duel.sync(_activate(duel, state, raw, ("chain", i)))
    actions = scenario.get("actions", [])
    for i, action in enumerate(actions):
        check_deadline(f"replaying {len(actions)} actions")
        if state.ended:
            return state
        state = duel.sync(_action(duel, state, action, i))
    if not state.ended:
        if state.end_declared:
            state = _advance_declared(duel, state)
        state = settle(duel, state)
    return state


def _action(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    kind = action["type"]
    if kind not in RESPONSES:
        state = settle(duel, state)
        if state.ended:
            return state
        if state.end_declared:
            state = _advance_declared(duel, state)
        # What just happened can be answered no longer (engine.ygo.conditions).
        state = replace(state, last_event=None)
    if state.turn_player_first and actor(state, action) == state.turn.active:
        state = replace(state, turn_player_first=False)
    try:
        state = VOCABULARY.apply_of("action", kind)(duel, state, action, index)
    except IllegalAction as illegal:
        duel.record_illegal(illegal)
    # Passes count only in succession: anything else between them starts the count again.
    return state if kind == "pass" or not state.passed else replace(state, passed=())


# ----------------------------------------------------------------------------- the responses

@VOCABULARY.entry(
    "action", "activate", rule=(R.CHAIN_RESPONSE, R.CHAIN_LINK_1, R.PRIORITY_TO_OPPONENT), label="Activate",
    keys=LINK_FIELDS, required=("card",), check=check_link, row=LINK_ROW,
    messages=("ygo.chain.activate", "ygo.chain.respond", "ygo.chain.simultaneous", "ygo.priority.pass_to"),
    doc="A player activates an effect: the next chain link, with the fields of a chain link (§2.4). Before it, a "
        "Summon not being negated succeeds and waiting triggers go on the chain first (an activation answers the "
        "game as it is); right after a declared end of phase it is a response before the phase ends (MR2 ch4.16; "
        "ARC-V 4.2.4.2.i1–i2). At the start of a phase or step the replay enters, and after a chain resolves, the turn "
        "player has priority first: the opponent's activation with an empty chain before the turn player has acted "
        "or passed is an illegal step (MR2 ch4.16).",
    example={"type": "activate", "card": "t1"})
def activate(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    """Apply an ``activate`` action; the opponent's is refused while the turn player has priority first."""
    state = _before_activation(duel, state, action)
    if state.ended:
        return state
    verify_turn_player_first(duel, state, action)
    return _activate(duel, state, action, ("actions", index))


@VOCABULARY.entry(
    "action", "pass", rule=(R.PRIORITY_TO_OPPONENT, R.BOTH_PASS_RESOLVE), label="Pass",
    keys={"player": Choice(values=("p1", "p2"), what="player id", label="Player")}, required=("player",),
    messages=("ygo.priority.pass",), row=Row(main=("player",)),
    doc="The player passes priority (ARC-V 4.2.4.2.i1). When both players have passed in succession (a `pass` of "
        "each, with no other action between) while a chain is open, the chain resolves then, last link first, as "
        "with `resolve`, so a later `activate` starts a new chain (ARC-V 4.2.4.2.i3; MR2 ch4.11); the turn player then "
        "has priority first again. The opponent's pass right after the turn player declared the end of a phase or "
        "step ends it: the next begins, the turn player first (MR2 ch4.16). Otherwise, with no chain open, the passes "
        "are recorded (the turn player's lets the opponent activate) and the next action that is not a response lets "
        "what waits happen anyway.",
    example={"type": "pass", "player": "p2"})
def pass_(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    """Apply a ``pass`` action: record it; the second player's pass in succession resolves an open chain."""
    player = action["player"]
    duel.record("priority", "ygo.priority.pass", R.PRIORITY_TO_OPPONENT, player=player)
    passed = state.passed + (player,)
    if state.chain and set(passed) >= {"p1", "p2"}:
        return finish_chain(duel, replace(state, passed=()))
    if state.end_declared and not state.chain and player != state.turn.active:
        # The turn player's end declaration passed priority; the opponent passes too: the phase
        # or step ends now and the turn player has priority first in the next (MR2 ch4.16).
        return _advance_declared(duel, replace(state, passed=()))
    return replace(state, passed=passed)


@VOCABULARY.entry(
    "action", "resolve", rule=(R.BOTH_PASS_RESOLVE, R.RESOLVE_LIFO), label="Both pass: resolve", keys={},
    messages=("ygo.chain.resolve_link", "ygo.chain.end"),
    doc="Both players pass: the chain resolves now, last link first; later `activate` actions start a new chain "
        "(ARC-V 4.2.4.2.i3; MR2 ch4.13).",
    example={"type": "resolve"})
def resolve(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    """Apply a ``resolve`` action."""
    return finish_chain(duel, state) if state.chain else state


@VOCABULARY.entry(
    "action", "damage_step", rule=(R.DAMAGE_STEP, R.DAMAGE_STEP_CARDS), label="Enter the Damage Step", keys={},
    messages=("ygo.battle.damage_step", "ygo.priority.window"),
    doc="The attack in progress enters the Damage Step now (after the replay check), so that later `activate` actions "
        "happen in it, before damage calculation (MR2 ch3.11, ch4.4).",
    example={"type": "damage_step"})
def damage_step(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    """Apply a ``damage_step`` action."""
    state = settle(duel, state, battle=False)
    if state.attack is not None and state.turn.step != "damage" and not state.ended:
        state = enter_damage_step(duel, state)
    return state
