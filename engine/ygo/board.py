"""The board a judge reads at every step (docs/engine-vocabulary.md, "The board at every step").

:func:`board_watcher` returns the ``board_of(state)`` function a resolution gives its
recorder: plain JSON in sections ::

    {"turn": {"active", "phase", "step", "number"},
     "players": {"p1": {"lp"}, "p2": {"lp"}},
     "objects": {id: {"zone", "controller", "position", "atk", "def", "counters", "materials", "equipped_to"}},
     "chain": {"1": {"card", "effect", "controller", "spell_speed", "targets", "negated"}, ...}}

ATK/DEF are the current values (continuous and lingering effects applied); a key whose value
is empty or unknown is left out; a Token removed from the game leaves ``objects``. The chain is
keyed by link number (Chain Link 1 first) so that adding or resolving a link is one operation
of the step's diff, not a copy of the whole chain.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .model import Card, ChainLink, GameState, Zone

Board = dict[str, Any]


def card_board(card: Card) -> dict[str, Any]:
    """Return what a judge reads off one card."""
    out: dict[str, Any] = {"zone": card.zone.value, "controller": card.controller}
    if card.position is not None:
        out["position"] = card.position.value
    if card.atk is not None:
        out["atk"] = card.atk
    if card.def_ is not None:
        out["def"] = card.def_
    if card.counters:
        out["counters"] = dict(card.counters)
    if card.materials:
        out["materials"] = list(card.materials)
    if card.equipped_to is not None:
        out["equipped_to"] = card.equipped_to
    if card.revealed:
        out["revealed"] = True
    for stat, _before in card.base_traits:
        # A Level, Type or Attribute a Continuous Effect changed (engine/ygo/continuous.py).
        out[stat] = getattr(card, stat)
    if card.summoned_with:
        out["summoned_with"] = [m.id for m in card.summoned_with]
    return out


def link_board(link: ChainLink) -> dict[str, Any]:
    """Return what a judge reads off one chain link."""
    out: dict[str, Any] = {"card": link.card, "effect": link.effect, "controller": link.controller,
                           "spell_speed": link.spell_speed, "targets": list(link.targets)}
    if link.activation_negated or link.effect_negated:
        out["negated"] = "activation" if link.activation_negated else "effect"
    return out


def board_of(state: GameState) -> Board:
    """Return the board of ``state`` (see the module docstring)."""
    return board_watcher()(state)


def board_watcher() -> Callable[[GameState], Board]:
    """Return a ``board_of`` for one resolution that reuses the JSON of what did not change.

    States share their unchanged cards and links (a state is replaced value by value), so the
    JSON of a card or a link is built again only when it is a new value, a section is the same
    object as before when nothing in it changed, and a section that changed is the last one
    with only the changed entries replaced; the diff of two boards then skips the unchanged
    entries at once (:func:`engine.core.board.diff`). The memo only saves work: the board of a
    state is always ``board_of(state)``.
    """
    last: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {}

    def section(name: str, items: tuple[Any, ...], key: Callable[[Any], str], build: Callable[[Any], Any],
                keep: Callable[[Any], bool]) -> dict[str, Any]:
        """Return the JSON of ``items`` keyed by ``key``: the last one if ``items`` is the same
        tuple, else the last one with the entries of the items that are new values rebuilt."""
        seen = last.get(name)
        if seen is not None and seen[0] is items:
            return seen[1]
        if seen is None:
            out = {key(item): build(item) for item in items if keep(item)}
        else:
            before, out = seen[0], dict(seen[1])
            for old, item in zip(before, items):
                if old is not item:
                    out.pop(key(old), None)
                    if keep(item):
                        out[key(item)] = build(item)
            for old in before[len(items):]:
                out.pop(key(old), None)
            for item in items[len(before):]:
                if keep(item):
                    out[key(item)] = build(item)
        last[name] = (items, out)
        return out

    def board(state: GameState) -> Board:
        turn = state.turn
        players = state.players
        turn_json = last.get("turn")
        if turn_json is None or turn_json[0] is not turn:
            turn_json = (turn, {"active": turn.active, "phase": turn.phase, "step": turn.step,
                                **({"number": turn.number} if turn.number is not None else {})})
            last["turn"] = turn_json  # type: ignore[assignment]
        return {
            "turn": turn_json[1],
            "players": section("players", players, lambda p: p.id, lambda p: {"lp": p.lp}, lambda p: True),
            "objects": section("objects", state.cards, lambda c: c.id, card_board, lambda c: c.zone is not Zone.REMOVED),
            "chain": section("chain", state.chain, lambda link: str(link.number), link_board, lambda link: True),
        }

    return board
