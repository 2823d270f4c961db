"""The Magic board a judge reads at each step (engine/core/board.py): plain JSON in sections.

``{"turn": {active, step, priority}, "players": {id: {life, poison, mana_pool}},
"objects": {id: {zone, controller, tapped, counters, damage, attached_to, face_down, …}},
"chain": [{item, kind, source, controller, targets}]}``; a permanent also has its
characteristics after the layers (types, subtypes, supertypes, colors, power, toughness, its
abilities as keywords or labels) and, in combat, what it attacks or blocks; so has an object
elsewhere that a continuous effect applies to (a card in a hand painted by Painter's Servant,
CR 613.1: :attr:`~engine.mtg.layers.LayerResult.elsewhere`). The layers are those
of the state, memoized (:func:`~engine.mtg.layers.layers_of`), so the board costs little.

>>> from engine.mtg.scenario import parse_state
>>> from engine.mtg.examples import creature, scenario
>>> board = board_of(parse_state(scenario([creature("ogre", "Gray Ogre", 2, 2, counters={"+1/+1": 1})])))
>>> board["objects"]["ogre"]["power"], board["objects"]["ogre"]["counters"], board["players"]["p1"]["life"]
(3, {'+1/+1': 1}, 20)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Optional

from .layers import layers_of
from .model import Chars, GameObject, GameState, Zone


def board_of(state: GameState) -> dict[str, Any]:
    """Return the board of ``state`` as JSON (see the module docstring)."""
    return board_watcher()(state)


def _object_board(obj: GameObject, chars: Optional[Chars]) -> dict[str, Any]:
    """The JSON of one object (``chars``: its characteristics after the layers, on the battlefield
    or where an effect applies to it elsewhere)."""
    out: dict[str, Any] = {"name": obj.printed.name, "zone": obj.zone.value, "owner": obj.owner,
                           "controller": obj.controller}
    if obj.tapped:
        out["tapped"] = True
    if obj.counters:
        out["counters"] = {kind: n for kind, n in obj.counters.items() if n}
    if obj.damage:
        out["damage"] = obj.damage
    if obj.attached_to is not None:
        out["attached_to"] = obj.attached_to
    if obj.face_down:
        out["face_down"] = True
    if obj.token:
        out["token"] = True
    if chars is not None:
        out.update({"controller": chars.controller, "types": sorted(chars.types), "subtypes": sorted(chars.subtypes),
                    "colors": sorted(chars.colors), "abilities": [a.label() for a in chars.abilities]})
        if chars.supertypes:
            out["supertypes"] = sorted(chars.supertypes)
        if chars.power is not None or chars.toughness is not None:
            out["power"], out["toughness"] = chars.power, chars.toughness
        if obj.attacking is not None:
            out["attacking"] = obj.attacking
        if obj.blocking:
            out["blocking"] = list(obj.blocking)
    return out


def board_watcher() -> Callable[[GameState], dict[str, Any]]:
    """Return a ``board_of`` for one resolution that reuses the JSON of what did not change.

    An object whose value and characteristics are the very same objects as at the last call
    keeps its JSON, and the ``objects`` section is the last one when every entry is, so the diff
    of two boards skips them at once (:func:`engine.core.board.diff`). The memo only saves work:
    the board of a state is always ``board_of(state)``; it lives as long as the resolution.
    """
    last: dict[str, Any] = {}
    """oid → (object, characteristics, JSON); ``""`` → (order, the objects section)."""

    def board(state: GameState) -> dict[str, Any]:
        layers = layers_of(state)
        objects: dict[str, Any] = {}
        same = True
        for oid in state.order:
            obj = state.objects[oid]
            chars = layers.chars.get(oid) if obj.zone is Zone.BATTLEFIELD else layers.elsewhere.get(oid)
            seen = last.get(oid)
            if seen is not None and seen[0] is obj and seen[1] is chars:
                objects[oid] = seen[2]
                continue
            same = False
            objects[oid] = _object_board(obj, chars)
            last[oid] = (obj, chars, objects[oid])
        previous = last.get("")
        if same and previous is not None and previous[0] == state.order:
            objects = previous[1]
        last[""] = (state.order, objects)
        return {
            "turn": {"active": state.active, "step": state.step.value, "priority": state.priority},
            "players": {p.id: {"life": p.life, "poison": p.poison, "mana_pool": p.mana_pool} for p in state.players},
            "objects": objects,
            "chain": [{"item": s.id, "kind": s.kind, "source": s.source, "controller": s.controller,
                       "targets": list(s.targets)} for s in state.stack],
        }

    return board
