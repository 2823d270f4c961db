"""The Force of Will board at every step (engine/core/board.py): what a judge reads off the table.

``board_of(g, state)`` is plain JSON in the sections every game uses::

    {"turn": {"active", "phase", "step", "number", "priority", "battle": {"attacker", "target", "blocker"} | null},
     "players": {"p1": {"life", "will"}, ...},
     "objects": {"<id>": {"name", "owner", "controller", "zone", "type", "rested", "damage", "counters"?,
                          "attached_to"?, "side"?, "astral"?, "awakened"?, "revealed"?, "face_down"?, "atk"?, "def"?}, ...},
     "chain": [{"position", "kind", "source", "controller", "targets", "awakened"?, "modes"?}, ...]}

``atk``/``def`` are the current values after continuous effects (FoW 9.9) of the cards in the
battle area (``null`` while tied effects wait for the turn player's order); ``chain`` is the
chase, bottom first. The sections are memoized on the immutable parts of the state they read,
so a step that changed one life total costs one small diff, not a copy of the board.
"""

from __future__ import annotations

from typing import Any

from .context import Game, OpenChoice
from .model import BATTLE_AREA, Card, ChaseItem, GameState

Board = dict[str, Any]
"""The board as JSON."""


def board_of(g: Game, state: GameState) -> Board:
    """Return the board of ``state`` (see the module docstring)."""
    battle = state.battle
    turn = {"active": state.active, "phase": state.phase, "step": state.step, "number": state.turn_number,
            "priority": state.priority,
            "battle": None if battle is None else {"attacker": battle.attacker, "target": battle.target,
                                                   "blocker": battle.blocker}}
    return {"turn": turn,
            "players": g.memo.get("board.players", (state.players,), lambda: _players(state)),
            "objects": g.on_board("board.objects", state, lambda: _objects(g, state)),
            "chain": g.memo.get("board.chain", (state.chase,), lambda: _chain(g, state))}


def _players(state: GameState) -> dict[str, Any]:
    return {p.id: {"life": p.life, "will": dict(p.will)} for p in state.players}


def _chain(g: Game, state: GameState) -> list[dict[str, Any]]:
    # The chase grows and shrinks at its top: the items below are the same objects as before,
    # and so are their entries (a step adding or resolving one item diffs by one operation).
    last = g.memo.last("board.chain")
    before, entries = (last[0][0], last[1]) if last is not None else ((), [])
    same = 0
    for old, new in zip(before, state.chase):
        if old is not new:
            break
        same += 1
    return entries[:same] + [_item(item) for item in state.chase[same:]]


def _item(item: ChaseItem) -> dict[str, Any]:
    entry = {"position": item.position, "kind": item.kind, "source": item.source, "controller": item.controller,
             "targets": list(item.targets)}
    if item.awakened:  # FoW 12.1: played with its Awakening cost paid
        entry["awakened"] = True
    if item.modes is not None:  # the modes chosen when a modal card or ability was played (FoW 9.3)
        entry["modes"] = list(item.modes)
    return entry


def _objects(g: Game, state: GameState) -> dict[str, Any]:
    try:
        chars = g.chars(state)
    except OpenChoice:  # tied effects wait for the turn player's order (FoW 9.9): values not known yet
        chars = None
    out = {}
    for card in sorted(state.cards.values(), key=lambda c: c.id):
        # Each card's entry is kept while the card and its current values are the same objects, so
        # the diff of a step compares them by identity (engine.core.board.diff).
        ch = chars.get(card.id) if chars is not None else None
        values = (ch.name, ch.atk, ch.def_) if ch is not None else None
        out[card.id] = g.memo.get(f"board.card.{card.id}", (card, *(values or (None, None, None))),
                                  lambda c=card, v=values: _card(c, v))
    return out


def _card(card: Card, values: tuple[str, int, int] | None) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": card.name, "owner": card.owner, "controller": card.controller, "zone": card.zone,
                             "type": card.type, "rested": card.rested, "damage": card.damage}
    if card.counters:
        entry["counters"] = dict(card.counters)
    if card.attached_to:
        entry["attached_to"] = card.attached_to
    if card.side:
        entry["side"] = card.side
        entry["astral"] = card.astral
    if card.awakened:
        entry["awakened"] = True
    if card.revealed:
        entry["revealed"] = True
    if card.face_down:
        entry["face_down"] = True
    if card.zone in BATTLE_AREA:
        name, atk, def_ = values if values is not None else (card.name, None, None)
        entry.update({"name": name, "atk": atk, "def": def_})
    return entry
