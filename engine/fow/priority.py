"""Priority processing (FoW 6): rule processing and triggered abilities before each priority,
the players' actions in turn, and two passes that resolve the chase or end the sequence."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core import IllegalAction
from ..core.deadline import check as check_deadline
from . import continuous as cont
from .abilities import report_unreadable
from .context import Game, Refused, Stop
from .costs import available_will, can_pay_will, cost_of
from .model import BATTLE_AREA, GameState, PlayerId
from .numbers import report_numbers
from .player_actions import Outcome, activatable, can_play
from .resolution import resolve_top
from .rule_processing import rule_processing
from .rules import wp
from .special import concede, loop
from .standby import standby_condition
from .targets import card_targets, has_legal_targets
from .timing import main_timing
from .triggers import check_state_triggers, process_triggers
from .vocabulary import VOCABULARY

Action = Mapping[str, Any]
"""One element of the scenario's ``actions``."""

PLAYS = frozenset({"play", "activate", "will", "play_standby", "lifebreak"})
"""Actions that play a spell or an ability (FoW 8.2 「施放法術或異能」, will abilities included, 9.7)."""
DECLARATIONS = frozenset({"attack", "no_attack", "block", "no_block", "choose", "mulligan"})
"""Actions the game waits for outside priority (taken by the battle, a choice, the setup)."""


def priority_processing(g: Game, state: GameState) -> GameState:
    """Rule processing to a fixpoint, then triggered abilities one at a time, restarting (FoW 6.1, 6.2)."""
    while True:
        check_deadline(f"priority processing ({len(state.pending)} triggered abilities waiting, {len(state.chase)} on the chase)")
        state = report_unreadable(g, state)
        state = report_numbers(g, state)
        state = rule_processing(g, state)
        if state.winner is not None:
            return state
        state = check_state_triggers(g, state)
        state, played = process_triggers(g, state)
        if not played:
            return replace(state, next_trigger_player=None)


def may_play(g: Game, state: GameState, pid: PlayerId) -> list[str]:
    """Return what ``pid`` may play now: cards (ids) and abilities (``card#index``) whose timing
    allows it, whose cost can be paid and whose targets can be chosen (FoW 6.3, 9.3, 12.3)."""
    return play_options(g, state, pid)[0]


def play_options(g: Game, state: GameState, pid: PlayerId) -> tuple[list[str], list[str]]:
    """Return (what ``pid`` may play now, what timing and cost would allow but that has no legal
    target): a card or ability whose targets cannot all be chosen cannot be played (FoW 9.3)."""
    out: list[str] = []
    untargetable: list[str] = []
    index = g.index(state)
    will = None
    abilities = set(activatable(g, state, pid)) if state.priority == pid else set()

    def offer(key: str, specs: Any) -> None:
        (out if has_legal_targets(g, state, specs, pid) else untargetable).append(key)

    for card in index["cards"][pid]:
        if card.zone == "hand" and card.type in ("resonator", "regalia", "addition", "spell"):
            will = available_will(g, state, pid) if will is None else will
            cost = cost_of(g, state, pid, card, card.cost.will, record=False)
            if can_play(g, state, {"player": pid, "card": card.id}) and can_pay_will(cost, will):
                offer(card.id, card_targets(card))
        elif card.zone == "standby" and card.subtype == "chant_standby" and not card.placed_this_turn:
            if standby_condition(g, state, card, pid):
                offer(card.id, card_targets(card))
        elif card.zone in BATTLE_AREA and abilities:
            for a in cont.abilities_of(card):
                if f"{card.id}#{a.index}" in abilities:
                    offer(f"{card.id}#{a.index}", a.targets)
    return out, untargetable


def priority_sequence(g: Game, state: GameState) -> GameState:
    """Run priority processing until both players pass in succession with an empty chase (FoW 6).

    Raise :class:`Stop` when the actions run out at a priority point.
    """
    while True:
        check_deadline(f"the players' actions ({state.cursor} of {len(state.actions)} taken)")
        state = priority_processing(g, state)
        if state.winner is not None:
            return state
        pid = state.priority
        timing = "main" if main_timing(g, state, pid) else "instant"
        playable, untargetable = play_options(g, state, pid)
        g.rec("priority", "fow.priority", wp("6.1"), player=pid, timing=timing, chase=len(state.chase),
              may_play=playable)
        if untargetable:
            g.rec("priority", "fow.priority.no_target", wp("9.3"), player=pid, cards=untargetable)
        g.sync(state)
        action = state.next_action()
        if action is not None and action.get("type") == "concede":
            return concede(g, state.taken(), action)
        if action is not None and action.get("type") == "loop":
            state = state.taken()
            try:
                state = loop(g, state, action)
            except IllegalAction as illegal:
                g.rec("illegal", illegal.message_id, illegal.citation, **dict(illegal.params))
            if state.winner is not None:
                return state
            continue
        if (action is not None and state.battle is not None and not state.chase
                and action.get("player") in (p.id for p in state.players) and _declaration_ahead(state, action)):
            # A battle declaration given while priority is being processed with an empty chase: no
            # action was given for the players in between, so both pass and the sequence ends (6.4).
            g.rec("priority", "fow.priority.implied_passes", wp("6.4"), player=pid, type=action["type"], step=state.step)
            g.rec("priority", "fow.priority.sequence_end", wp("6.4"), phase=state.phase, step=state.step)
            return g.sync(replace(state, passes=0))
        if action is None:
            raise Stop(state)
        if action.get("type") in DECLARATIONS:
            g.rec("illegal", "fow.illegal.out_of_turn", wp("6.3"), type=action.get("type"), player=action.get("player"))
            state = state.taken()
            continue
        state = state.taken().at_priority_point()
        try:
            state, outcome = perform(g, state, action)
        except IllegalAction as illegal:
            g.rec("illegal", illegal.message_id, illegal.citation, **dict(illegal.params))
            g.sync(state)
            continue
        except Refused as refused:
            g.rec("illegal", refused.illegal.message_id, refused.illegal.citation, **dict(refused.illegal.params))
            state = g.sync(replace(state, cursor=refused.state.cursor))
            continue
        g.sync(state)
        state, ended = _after(g, state, pid, outcome)
        if ended:
            return state


def _after(g: Game, state: GameState, pid: PlayerId, outcome: str) -> tuple[GameState, bool]:
    """Move priority after an action (FoW 6.4); return the state and whether the sequence ended.

    Two passes in a row resolve the last chase item (the turn player then receives priority) or,
    with an empty chase, end the priority sequence.
    """
    if outcome == "pass":
        if state.passes == 1:
            if not state.chase:
                g.rec("priority", "fow.priority.sequence_end", wp("6.4"), phase=state.phase, step=state.step)
                return g.sync(replace(state, passes=0)), True
            state = replace(state, passes=0)
            state = resolve_top(g, state)
            state = replace(state, priority=state.active)
            g.rec("priority", "fow.priority.to_active", wp("6.4"), player=state.active)
        else:
            state = replace(state, passes=1, priority=state.opponent(pid))
    elif outcome == "keep":
        state = replace(state, passes=0)
        g.rec("priority", "fow.priority.keep", wp("6.4"), player=pid)
    elif outcome == "opponent":
        state = replace(state, passes=0, priority=state.opponent(pid))
        g.rec("priority", "fow.priority.to_opponent", wp("6.4"), player=state.priority)
    elif outcome == "battle":  # FoW 8.1: the turn player receives priority in the beginning of battle step
        state = replace(state, passes=0, priority=state.active)
    return g.sync(state), False


def _declaration_ahead(state: GameState, action: Action) -> bool:
    """Whether ``action`` is the battle declaration this battle comes to next: an attack (or
    none) before one is declared (8.2), a block (or none) after the attack and before the
    block is declared (8.3). Only then do missing passes mean both players pass (6.4); any
    other declaration stays an ``illegal`` step and does not move the game on."""
    kind, battle = action.get("type"), state.battle
    if kind in ("attack", "no_attack"):
        return not battle.declared and state.step in ("beginning_of_battle", "declare_attack")
    if kind in ("block", "no_block"):
        return battle.declared and state.step in ("declare_attack", "declare_block")
    return False


def perform(g: Game, state: GameState, action: Action) -> Outcome:
    """Do one priority action through its ``action`` entry; return the new state and how priority
    moves (FoW 6.3, 6.4). Raise :class:`IllegalAction` or :class:`Refused` when it breaks a rule."""
    kind, pid = action["type"], action.get("player")
    if kind != "pass" and pid != state.priority:
        raise IllegalAction(wp("6.3"), "fow.illegal.no_priority", {"player": pid})
    entry = VOCABULARY.get("action", kind) if VOCABULARY.has("action", kind) else None
    if entry is None or entry.apply is None:
        raise IllegalAction(wp("6.3"), "fow.illegal.unknown_action", {"type": kind})
    if kind == "pass":
        return entry.apply(g, state, action)
    # FoW 8.2 "施放法術或異能": any spell or ability the non-turn player plays, will abilities included (9.7).
    opponent_played = state.battle is not None and pid != state.active and kind in PLAYS
    seen = len(state.events)
    state, outcome = entry.apply(g, state, action)
    if outcome == "battle":
        return state, outcome
    if opponent_played and (kind != "lifebreak" or outcome == "opponent"):
        state = replace(state, battle=replace(state.battle, opponent_played=True))
    if outcome == "opponent" and seen:  # FoW 7.9: something was played, a new window for Chant-Standby conditions
        state = replace(state, events=state.events[seen:])
    return state, outcome
