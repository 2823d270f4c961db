"""The turn (FoW 5): the draw, recovery, main and end phases, the end phase's final step and
the next turn; the game is played from the scenario's priority point until the actions run out."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from .battle import advance_battle
from .choices import choose_cards
from .context import Game
from .game_actions import draw
from .model import BATTLE_AREA, GameState
from .priority import priority_sequence
from .rule_processing import needs_processing
from .rules import silent, wp
from .setup import setup
from .triggers import open_step
from .zones import move_many


def run(g: Game, state: GameState) -> GameState:
    """Play the scenario from its priority point until the actions run out (:class:`~engine.fow.context.Stop`)
    or the game ends (FoW 4.2 first, in a ``setup`` scenario)."""
    if state.phase == "setup":
        state = setup(g, state)
        if state.winner is None:
            state = open_step(g, state, "draw", "start", "start_of_turn", "start_of_draw")
    while state.winner is None:
        state = priority_sequence(g, state)
        if state.winner is not None:
            break
        state = advance(g, state)
    return state


def advance(g: Game, state: GameState) -> GameState:
    """Go on after a priority sequence ended: the next step or phase, with its turn actions (FoW 5, 8)."""
    if state.battle is not None:
        after = advance_battle(g, state)
        if after is not None:
            return after
    phase, step, ap = state.phase, state.step, state.active
    if phase == "draw" and step == "start":
        state = g.sync(replace(state, step="draw"))
        if state.turn_number == 1:
            g.rec("phase", "fow.draw.skip_first", wp("5.1"), player=ap)
        else:
            state = draw(g, state, ap, in_draw_phase=True)
        return g.sync(replace(state, priority=ap, passes=0))
    if phase == "draw":
        if state.player(ap).first_turn:
            g.rec("phase", "fow.recovery.skip_first", wp("5.2"), player=ap)
            return _main(g, state)
        g.rec("phase", "fow.phase", wp("5.2"), phase="recovery", step="start")
        return open_step(g, state, "recovery", "start", "start_of_recovery")
    if phase == "recovery" and step == "start":
        g.rec("phase", "fow.will.clear", wp("5.2"), reason="recovery")
        state = _clear_will(state)
        for card in list(state.cards.values()):
            if card.controller == ap and card.zone in BATTLE_AREA and card.rested:
                state = state.with_card(replace(card, rested=False))
        g.rec("state", "fow.recovery.recover", wp("5.2"), player=ap)
        g.sync(state)
        return open_step(g, state, "recovery", "recover", "end_of_recovery")
    if phase == "recovery":
        return _main(g, state)
    if phase == "main":
        g.rec("phase", "fow.phase", wp("5.4"), phase="end", step="start")
        return open_step(g, state, "end", "start", "start_of_end")
    if phase == "end" and step == "start":
        g.rec("phase", "fow.phase", wp("5.4"), phase="end", step="end_of_turn")
        return open_step(g, state, "end", "end_of_turn", "end_of_turn")
    if phase == "end":
        return _final_step(g, state)
    raise AssertionError(f"unknown position {phase}/{step}")


def _main(g: Game, state: GameState) -> GameState:
    g.rec("phase", "fow.phase", wp("5.3"), phase="main", step="main")
    return open_step(g, state, "main", "main", "start_of_main")


def _clear_will(state: GameState) -> GameState:
    for p in state.players:
        state = state.with_player(replace(state.player(p.id), will=MappingProxyType({})))
    return state


def _final_step(g: Game, state: GameState) -> GameState:
    """The end phase's final step, repeated while anything happens; then the next turn (FoW 5.4)."""
    ap = state.active
    for card in list(state.cards.values()):
        if card.damage:
            state = state.with_card(replace(card, damage=0))
    ended = [e for e in state.effects if e.duration == "end_of_turn"]  # 5.4: 「結束所有直到回合結束有效的持續性效應」
    state = replace(state, effects=tuple(e for e in state.effects if e not in ended))
    state = _clear_will(state)
    g.rec("phase", "fow.end.final_step", wp("5.4"), effects_ended=[e.id for e in ended])
    g.sync(state)
    hand = state.in_zone("hand", ap)
    limit = state.player(ap).hand_limit
    if len(hand) > limit:
        excess = len(hand) - limit
        g.rec("not_covered", "fow.not_covered", silent("hand_limit_chooser"),
              topic="hand_limit_chooser", default="the turn player chooses")
        picked, state = choose_cards(g, state, "hand_limit", ap, [c.id for c in hand], excess, wp("5.4"))
        state = move_many(g, state, picked, "graveyard", "discard", wp("5.4"))
    if needs_processing(g, state):
        return g.sync(replace(state, step="final", priority=ap, passes=0))
    return _next_turn(g, state)


def _next_turn(g: Game, state: GameState) -> GameState:
    """The non-turn player becomes the turn player; a new turn begins (FoW 5, 5.1)."""
    old, new = state.active, state.opponent(state.active)
    players = []
    for p in state.players:
        players.append(replace(p, called_stone=False, judged=False, may_battle=True,
                               first_turn=p.first_turn if p.id == new else False))
    state = replace(state, players=tuple(players), active=new, turn_number=state.turn_number + 1)
    for card in list(state.cards.values()):
        if card.entered_this_turn or card.placed_this_turn or not card.on_field_since_turn_start:
            state = state.with_card(replace(card, entered_this_turn=False, placed_this_turn=False,
                                            on_field_since_turn_start=True))
    g.rec("phase", "fow.turn.begin", wp("5"), player=new, turn=state.turn_number, previous=old)
    g.rec("phase", "fow.phase", wp("5.1"), phase="draw", step="start")
    g.sync(state)
    return open_step(g, state, "draw", "start", "start_of_turn", "start_of_draw")
