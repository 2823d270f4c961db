"""Players, seats and turn order (CR 101.4, 102, 800.1): who is still in the game, who their
opponents are, the next player in turn order (117.3d) and APNAP order (101.4).

A Magic scenario has 2 to 6 players (``p1`` … ``p6``). The document's ``players`` list is the
seating, which is the turn order (800.5: seating is agreed before play; each next player in
turn order is the one seated to the left). A two-player game is the same in either order, so
its players are kept sorted by id as before. Pure functions over a
:class:`~engine.mtg.model.GameState`; nothing here changes the state.

>>> from engine.mtg.model import GameState, Player, Step
>>> from types import MappingProxyType
>>> state = GameState(tuple(Player(p, 20) for p in ("p1", "p3", "p2")), MappingProxyType({}), (), "p3", Step.MAIN1, "p3")
>>> apnap(state), next_in_turn(state, "p2"), opponents(state, "p3")
(('p3', 'p2', 'p1'), 'p1', ('p2', 'p1'))
"""

from __future__ import annotations

from typing import Any

from .model import PLAYERS, GameState, PlayerId

MIN_PLAYERS, MAX_PLAYERS = 2, len(PLAYERS)
"""A Magic scenario's players: 2 (a two-player game, 102.2) to 6 (a multiplayer game, 800.1)."""


def is_player(value: Any) -> bool:
    """Whether ``value`` is a player id (``p1`` … ``p6``) rather than an object id."""
    return value in PLAYERS


def seats(state: GameState) -> tuple[PlayerId, ...]:
    """Every player of the game, left or not, in turn order (CR 800.5)."""
    return tuple(p.id for p in state.players)


def in_game(state: GameState) -> tuple[PlayerId, ...]:
    """The players still in the game (CR 800.4: a multiplayer game goes on after one leaves), in turn order."""
    return tuple(p.id for p in state.players if not p.lost)


def multiplayer(state: GameState) -> bool:
    """Whether the game began with more than two players (CR 800.1)."""
    return len(state.players) > 2


def next_in_turn(state: GameState, player: PlayerId) -> PlayerId:
    """The next player in turn order after ``player`` who is still in the game (CR 117.3d,
    800.4a); ``player`` itself when no other is."""
    order = seats(state)
    start = order.index(player)
    for step in range(1, len(order) + 1):
        candidate = order[(start + step) % len(order)]
        if not state.player(candidate).lost:
            return candidate
    return player


def apnap(state: GameState, players: Any = None) -> tuple[PlayerId, ...]:
    """The players still in the game in APNAP order (CR 101.4): the active player, then each
    next player in turn order; with ``players``, only those. A turn whose active player has left
    goes on without one (800.4j): the order starts with the next player in turn order."""
    order = seats(state)
    start = order.index(state.active)
    ring = [order[(start + i) % len(order)] for i in range(len(order))]
    wanted = set(players) if players is not None else None
    return tuple(p for p in ring if not state.player(p).lost and (wanted is None or p in wanted))


def opponents(state: GameState, player: PlayerId) -> tuple[PlayerId, ...]:
    """The opponents of ``player`` still in the game, in APNAP order (CR 102.2, 102.3: every
    other player in a game without teams)."""
    return tuple(p for p in apnap(state) if p != player)


def first_to_act(state: GameState) -> PlayerId:
    """Who receives priority where the active player would (CR 117.3a), or the next player in
    turn order when the active player has left the game (800.4j)."""
    return state.active if not state.player(state.active).lost else next_in_turn(state, state.active)
