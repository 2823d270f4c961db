"""Conceding (FoW 1.3) and loops (FoW 14.1): actions a player may take outside the priority
sequence's ordinary choices."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core import IllegalAction
from ..core.vocabulary import Choice, Integer, ListOf, MapOf, Row
from .context import Game, Stop, allowed
from .model import GameState
from .rules import wp
from .vocabulary import PLAYER, PLAYERS, VOCABULARY

Action = Mapping[str, Any]
"""One element of the scenario's ``actions``."""


def verify_concede(state: GameState, action: Action) -> None:
    """Raise unless the action names a player: any player may concede at any time (FoW 1.3)."""
    if action.get("player") not in (p.id for p in state.players):
        raise IllegalAction(wp("1.3"), "fow.illegal.out_of_turn", {"type": "concede", "player": str(action.get("player"))})


def can_concede(state: GameState, action: Action) -> bool:
    """Return whether :func:`verify_concede` passes."""
    return allowed(verify_concede, state, action)

@VOCABULARY.entry("action", "concede", rule=("1.3",), label="Concede",
                  doc="The player concedes at any time, with or without priority, also while an attack, a block or a "
                      "mulligan is awaited: the game ends and the opponent wins (FoW 1.3).",
                  keys={"player": PLAYER}, required=("player",), messages=("fow.concede", "fow.game.end"),
                  example={"type": "concede", "player": "p2"}, row=Row(main=("player",)))
def concede(g: Game, state: GameState, action: Action) -> GameState:
    """A player concedes: the game ends and the opponent wins (FoW 1.3); no effect replaces it."""
    verify_concede(state, action)
    pid = action["player"]
    winner = state.opponent(pid)
    g.rec("action", "fow.concede", wp("1.3"), player=pid)
    g.rec("end", "fow.game.end", wp("1.3"), winner=winner, reason=f"{pid} concedes")
    return g.sync(replace(state, winner=winner))


def verify_loop(state: GameState, action: Action) -> None:
    """Raise unless the loop may be performed now (FoW 14.1).

    ``{"type": "loop", "player", "actions": [one iteration], "stoppable_by": [players who can
    stop it] (default: the player), "declare": {player: iterations}}``. After performing a loop
    the player must take another action before performing the same loop again (14.1).
    """
    pid = action.get("player")
    if pid not in (p.id for p in state.players) or not isinstance(action.get("actions"), list) or not action["actions"]:
        raise IllegalAction(wp("14.1"), "fow.illegal.loop", {"player": str(pid)})
    key = repr(action["actions"])
    if state.loop_lock is not None and state.loop_lock[:2] == (pid, key):
        between = state.actions[state.loop_lock[2]:state.cursor - 1]
        if not any(a.get("player") == pid for a in between):
            raise IllegalAction(wp("14.1"), "fow.illegal.loop_again", {"player": pid})


def can_loop(state: GameState, action: Action) -> bool:
    """Return whether :func:`verify_loop` passes."""
    return allowed(verify_loop, state, action)


@VOCABULARY.entry("action", "loop", rule=("14.1",), label="Perform a loop",
                  doc="The player performs a loop (FoW 14.1): `actions` is one iteration. The players who can stop it "
                      "(`stoppable_by`, default the player) declare how many times (`declare`): one such player's number "
                      "is used, both players' the smaller; nobody can stop it: the game is a draw. The iterations are "
                      "then taken as the next actions; the same loop again needs another action of its player in between.",
                  keys={"player": PLAYER, "actions": ListOf(item=VOCABULARY.use("action"), min_items=1, max_items=50,
                                                            label="One iteration"),
                        "stoppable_by": ListOf(item=Choice(values=PLAYERS, what="player"), max_items=2, unique=True,
                                               label="Who can stop it"),
                        "declare": MapOf(key=Choice(values=PLAYERS, what="player"), value=Integer(low=0, high=10_000),
                                         max_items=10, label="Iterations declared")},
                  required=("player", "actions"),
                  messages=("fow.loop.declare", "fow.loop.perform", "fow.loop.unstoppable", "fow.wait.loop_count",
                            "fow.illegal.loop_again"),
                  example={"type": "loop", "player": "p1", "actions": [{"type": "pass", "player": "p1"}],
                           "declare": {"p1": 3}},
                  row=Row(main=("player", "actions", "declare"), extra=("stoppable_by",)))
def loop(g: Game, state: GameState, action: Action) -> GameState:
    """Perform a loop the players declare iterations for (FoW 14.1).

    One player can stop it: that player declares the number and it is performed so many
    times. Both can: the turn player declares, then the non-turn player, and the smaller
    number is performed. Neither can: the game is a draw. The iterations are the loop's
    ``actions`` repeated, taken next from the action stream (``state.actions``). A missing
    declaration is a ``wait`` step (the resolution stops there).
    """
    verify_loop(state, action)
    pid = action["player"]
    stoppers = [p for p in (state.active, state.opponent(state.active)) if p in action.get("stoppable_by", [pid])]
    if not stoppers:
        g.rec("loop", "fow.loop.unstoppable", wp("14.1"), player=pid)
        g.rec("end", "fow.game.end", wp("14.1"), winner="draw", reason="a loop no player can stop")
        return g.sync(replace(state, winner="draw"))
    declared = action.get("declare", {})
    counts = []
    for p in stoppers:
        n = declared.get(p)
        if not isinstance(n, int) or n < 0:
            g.rec("wait", "fow.wait.loop_count", wp("14.1"), player=p)
            raise Stop(state)
        g.rec("loop", "fow.loop.declare", wp("14.1"), player=p, count=n)
        counts.append(n)
    count = min(counts)
    iteration = tuple(action["actions"])
    g.rec("loop", "fow.loop.perform", wp("14.1"), player=pid, count=count, actions=len(iteration))
    actions = state.actions[:state.cursor] + iteration * count + state.actions[state.cursor:]
    return replace(state, actions=actions, loop_lock=(pid, repr(list(iteration)), state.cursor + len(iteration) * count))


