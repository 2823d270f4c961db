"""The Magic board a judge reads at each step (engine/core/board.py): plain JSON in sections.

``{"turn": {active, step, priority}, "players": {id: {life, poison, mana_pool}},
"objects": {id: {zone, controller, tapped, counters, damage, attached_to, face_down, …}},
"chain": [{item, kind, source, controller, targets}]}``; a permanent also has its
characteristics after the layers (types, subtypes, supertypes, colors, power, toughness, its
abilities as keywords or labels) and, in combat, what it attacks or blocks. The layers are those
of the state, memoized (:func:`~engine.mtg.layers.layers_of`), so the board costs little.

>>> from engine.mtg.scenario import parse_state
>>> from engine.mtg.examples import creature, scenario
>>> board = board_of(parse_state(scenario([creature("ogre", "Gray Ogre", 2, 2, counters={"+1/+1": 1})])))
>>> board["objects"]["ogre"]["power"], board["objects"]["ogre"]["counters"], board["players"]["p1"]["life"]
(3, {'+1/+1': 1}, 20)
"""

from __future__ import annotations

from typing import Any

from .layers import layers_of
from .model import GameState, Zone


def board_of(state: GameState) -> dict[str, Any]:
    """Return the board of ``state`` as JSON (see the module docstring)."""
    layers = layers_of(state)
    objects: dict[str, Any] = {}
    for oid in state.order:
        obj = state.objects[oid]
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
        if obj.zone is Zone.BATTLEFIELD and oid in layers.chars:
            chars = layers.chars[oid]
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
        objects[oid] = out
    return {
        "turn": {"active": state.active, "step": state.step.value, "priority": state.priority},
        "players": {p.id: {"life": p.life, "poison": p.poison, "mana_pool": p.mana_pool} for p in state.players},
        "objects": objects,
        "chain": [{"item": s.id, "kind": s.kind, "source": s.source, "controller": s.controller, "targets": list(s.targets)}
                  for s in state.stack],
    }
