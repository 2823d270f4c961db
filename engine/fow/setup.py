"""Game preparation (FoW 4): deck construction, the setup and the mulligan."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core import IllegalAction
from ..core.vocabulary import ListOf, Row
from .choices import await_action
from .context import Game, allowed
from .model import CardId, GameState, PlayerId
from .player_actions import ruler_of
from .rules import silent, wp
from .special import concede
from .vocabulary import CARD_ID, PLAYER, VOCABULARY
from .zones import move, move_many

Action = Mapping[str, Any]
"""One element of the scenario's ``actions``."""


def deck_problems(state: GameState, pid: PlayerId) -> list[str]:
    """Return what breaks the deck construction rules of FoW 4.1 in ``pid``'s cards (empty: none)."""
    mine = [c for c in state.cards.values() if c.owner == pid]
    main = [c for c in mine if c.zone == "main_deck"]
    stones = [c for c in mine if c.zone == "stone_deck"]
    rulers = [c for c in mine if c.type == "ruler"]
    problems = []
    if len(rulers) != 1:
        problems.append(f"{len(rulers)} rulers (exactly 1)")
    if len(main) < 40:
        problems.append(f"main deck {len(main)} cards (at least 40)")
    if [c for c in main if c.type in ("ruler", "magic_stone")]:
        problems.append("a ruler or magic stone in the main deck")
    if not 10 <= len(stones) <= 20:
        problems.append(f"magic stone deck {len(stones)} cards (10 to 20)")
    if [c for c in stones if c.type != "magic_stone"]:
        problems.append("a card other than a magic stone in the magic stone deck")
    names: dict[str, int] = {}
    for c in main + stones:
        if c.type == "magic_stone" and not c.special:
            continue  # FoW 4.1: non-special magic stones are not limited
        names[c.name] = names.get(c.name, 0) + 1
    problems += [f"{n} copies of {name} (at most 4)" for name, n in sorted(names.items()) if n > 4]
    return problems


def setup(g: Game, state: GameState) -> GameState:
    """Prepare the game (FoW 4.1, 4.2), up to the beginning of turn 1 (the caller opens its draw phase).

    The scenario's deck order stands for the shuffle and ``turn.active`` for the random choice
    of the first player (4.2). Each player draws 5; the first player, then the second, gives a
    ``mulligan`` action (``cards``: the hand cards to put back, in the order they go to the
    bottom); then each puts them on the bottom and draws as many. Valhalla (1.2): each puts the
    top 4 cards of the main deck into the lifebreak area (4.2), the owner choosing their order
    (3.1); Bifrost has no lifebreak area (14.2). The rulers are in the ruler area. A deck
    that breaks 4.1 is reported (``fow.setup.deck`` with its problems) and the setup goes on.
    """
    first, second = state.active, state.opponent(state.active)
    for p in (first, second):
        problems = deck_problems(state, p)
        g.rec("setup", "fow.setup.deck", wp("4.1"), player=p, legal=not problems, problems=problems,
              main=len(state.in_zone("main_deck", p)), stones=len(state.in_zone("stone_deck", p)))
    g.rec("setup", "fow.setup.shuffle", wp("4.2"))
    for p in (first, second):
        state = state.with_player(replace(state.player(p), life=4000))
    g.rec("setup", "fow.setup.life", wp("4.2"), life=4000)
    g.sync(state)
    g.rec("setup", "fow.setup.first_player", wp("4.2"), player=first)
    for p in (first, second):
        for _ in range(5):
            state = _setup_draw(g, state, p)
    backs: dict[PlayerId, list[CardId]] = {}
    for p in (first, second):  # FoW 4.2: the first player chooses first
        while True:
            action, state = await_action(g, state, "fow.wait.mulligan", "4.2", p)
            if action.get("type") == "concede":
                return concede(g, state, action)
            try:
                backs[p] = verify_mulligan(state, p, action)
            except IllegalAction as illegal:
                g.rec("illegal", illegal.message_id, illegal.citation, **dict(illegal.params))
                continue
            g.rec("setup", "fow.setup.mulligan", wp("4.2"), player=p, count=len(backs[p]))
            break
    for p in (first, second):
        for cid in backs[p]:
            state = move(g, state, cid, "main_deck", "mulligan", wp("4.2"), top=False)
        for _ in backs[p]:
            state = _setup_draw(g, state, p)
    if g.variant == "valhalla":
        for p in (first, second):
            top = [c.id for c in state.in_zone("main_deck", p)[:4]]
            g.rec("setup", "fow.setup.lifebreak", wp("4.2"), player=p, count=len(top))
            state = move_many(g, state, top, "lifebreak", "setup", wp("3.10"))
    for p in (first, second):
        ruler = ruler_of(state, p)
        g.rec("setup", "fow.setup.ruler", wp("4.2"), player=p, card=ruler.id if ruler else None)
    players = tuple(replace(pl, first_turn=True, called_stone=False, judged=False, may_battle=True) for pl in state.players)
    state = replace(state, players=players, turn_number=1)  # type: ignore[arg-type]
    g.rec("phase", "fow.turn.begin", wp("4.2"), player=first, turn=1)
    g.rec("phase", "fow.phase", wp("5.1"), phase="draw", step="start")
    return g.sync(state)


def verify_mulligan(state: GameState, pid: PlayerId, action: Action) -> list[CardId]:
    """Return the cards ``pid`` puts back; raise unless they are distinct cards of the hand (FoW 4.2)."""
    if action.get("type") != "mulligan" or action.get("player") != pid:
        raise IllegalAction(wp("4.2"), "fow.illegal.expected_mulligan", {"player": pid, "type": str(action.get("type"))})
    cards = list(action.get("cards", []))
    hand = {c.id for c in state.in_zone("hand", pid)}
    if len(set(cards)) != len(cards) or not set(cards) <= hand:
        raise IllegalAction(wp("4.2"), "fow.illegal.mulligan_cards", {"player": pid, "cards": [str(c) for c in cards]})
    return cards


def can_mulligan(state: GameState, pid: PlayerId, action: Action) -> bool:
    """Return whether :func:`verify_mulligan` passes."""
    return allowed(verify_mulligan, state, pid, action)


def _setup_draw(g: Game, state: GameState, pid: PlayerId) -> GameState:
    deck = state.in_zone("main_deck", pid)
    if not deck:
        g.rec("not_covered", "fow.not_covered", silent("setup_draw_empty"),
              topic="setup_draw_empty", default="the player draws as many as there are (1.4)")
        return state
    g.rec("draw", "fow.draw", wp("4.2"), player=pid, card=deck[0].id)
    return move(g, state, deck[0].id, "hand", "draw", wp("4.2"))

VOCABULARY.define("action", "mulligan", rule=("4.2",), label="Mulligan",
                  doc="In the setup, each player (the first player first) puts `cards` from the opening hand on the bottom "
                      "of the main deck, in that order, and draws as many (FoW 4.2); `[]` keeps the hand.",
                  keys={"player": PLAYER, "cards": ListOf(item=CARD_ID, max_items=100, label="Cards put back (bottom order)",
                                                         help="the cards of the opening hand put on the bottom of the main deck, in that order (FoW 4.2)")}, required=("player",),
                  messages=("fow.setup.mulligan", "fow.illegal.mulligan_cards", "fow.illegal.expected_mulligan"),
                  example={"type": "mulligan", "player": "p1", "cards": ["c1", "c2"]}, row=Row(main=("player", "cards")))
