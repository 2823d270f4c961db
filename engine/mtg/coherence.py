"""Checks across the fields of an ``mtg`` scenario that no single record can make: an
instruction's target index names one of its ability's targets, a cast action announces only
what its spell has (X, modes, a division, targets for a copy), a card outside the battlefield
carries no permanent's status, and combat keys appear only in combat (docs/scenario-format.md §8).

Each would otherwise be accepted and change nothing (nothing accepted and ignored).
"""

from __future__ import annotations

import json

from collections.abc import Mapping
from typing import Any

from ..core.schema import Validation
from ..core.validation import Path

TARGETING_KINDS = ("spell", "activated", "triggered", "split_half")
"""The abilities whose instructions read targets chosen for them (CR 115.1, 601.2c, 602.2b, 603.3d)."""
INDEX_KEYS = ("target", "player")
"""Instruction keys whose integer value is an index into the ability's targets."""
COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat")
"""The steps of the combat phase (CR 506.1)."""
BEFORE_COMBAT = ("untap", "upkeep", "draw", "main1")
"""The steps of a turn before its first combat phase (CR 500.1, 505.1)."""
ATTACK_STEPS = COMBAT_STEPS[1:]
"""The steps in which creatures can be attacking or blocking (CR 508.1, 511.3)."""


def check(scenario: Mapping[str, Any], objects: list[Any], v: Validation) -> None:
    """Record every problem across fields of ``scenario`` in ``v``."""
    step = scenario["turn"].get("step", "main1") if isinstance(scenario.get("turn"), Mapping) else "main1"
    number = scenario["turn"].get("combat_number") if isinstance(scenario.get("turn"), Mapping) else None
    if isinstance(number, int) and number >= 1 and step in BEFORE_COMBAT:
        v.error(("turn", "combat_number"), f"combat_number {number} says a combat phase has begun this turn, but in "
                                           f"{step} none has: the first comes after the first main phase (CR 505.1, "
                                           "506.1)")
    for i, obj in enumerate(objects):
        if isinstance(obj, Mapping):
            target_indexes(obj, ("objects", i), v)
            status(obj, ("objects", i), step, v)
    by_id = {o.get("id"): o for o in objects if isinstance(o, Mapping)}
    copies = '"copy_spell"' in json.dumps([scenario.get("objects"), scenario.get("effects")], default=str)
    for i, action in enumerate(scenario.get("actions") or []):
        if isinstance(action, Mapping) and action.get("type") == "cast" and isinstance(by_id.get(action.get("card")), Mapping):
            announcements(action, by_id[action["card"]], ("actions", i), copies, v)


def target_indexes(obj: Mapping[str, Any], path: Path, v: Validation) -> None:
    """An instruction's ``target`` (or ``player``) index names one of its ability's targets, or
    of its mode's targets (CR 115.1, 700.2c): an index past them would name nothing."""
    abilities = obj.get("abilities") if isinstance(obj.get("abilities"), list) else []
    for j, ability in enumerate(abilities):
        if not isinstance(ability, Mapping) or ability.get("kind") not in TARGETING_KINDS:
            continue
        _indexes(ability, (*path, "abilities", j), v)
        modes = ability.get("modes") if isinstance(ability.get("modes"), list) else []
        for m, mode in enumerate(modes):
            if isinstance(mode, Mapping):
                _indexes(mode, (*path, "abilities", j, "modes", m), v)


def _indexes(holder: Mapping[str, Any], path: Path, v: Validation) -> None:
    targets = holder.get("targets") if isinstance(holder.get("targets"), list) else []
    effects = holder.get("effects") if isinstance(holder.get("effects"), list) else []
    for k, part in enumerate(effects):
        if not isinstance(part, Mapping):
            continue
        for key in INDEX_KEYS:
            index = part.get(key)
            if isinstance(index, int) and not isinstance(index, bool) and not 0 <= index < len(targets):
                v.error((*path, "effects", k, key),
                        f"{key} {index} names no target: this has {len(targets)} target"
                        f"{'' if len(targets) == 1 else 's'} (indexes 0 to {len(targets) - 1})" if targets else
                        f"{key} {index} names no target: this has no targets (CR 115.1)")


def announcements(action: Mapping[str, Any], card: Mapping[str, Any], path: Path, copies: bool, v: Validation) -> None:
    """A cast announces X only for a spell with {X} in a cost it may pay (CR 107.3a, 601.2b),
    modes only for a modal spell (700.2a), a division only for a spell that divides damage
    (601.2d), and ``new_targets`` only where a ``copy_spell`` instruction could copy it (707.10c)."""
    abilities = [a for a in card.get("abilities") or () if isinstance(a, Mapping)]
    spells = [a for a in abilities if a.get("kind") in ("spell", "split_half")]
    name = card.get("name") or card.get("id")
    costs = json.dumps([card.get("mana_cost"), action.get("additional_mana"),
                        [a for a in abilities if a.get("kind") in ("alternative_cost", "split_half", "additional_cost")]])
    if "x" in action and "{X}" not in costs:
        v.error((*path, "x"), f"x is the value announced for {{X}} (CR 107.3a, 601.2b): {name} has no {{X}} in its costs")
    for key in ("modes", "targets_by_mode"):
        if key in action and not any("modes" in a for a in spells):
            v.error((*path, key), f"{key} are announced for a modal spell (CR 700.2a, 601.2b): {name} has no modes")
    if "divide" in action and '"divided": true' not in json.dumps(spells):
        v.error((*path, "divide"), f"divide is the division of damage announced as it is cast (CR 601.2d): {name} "
                                   "has no instruction with divided damage")
    if "new_targets" in action and not copies:
        v.error((*path, "new_targets"), "new_targets are the targets of a copy of this spell made by copy_spell "
                                        "(CR 707.10c): nothing in this scenario copies a spell")


def status(obj: Mapping[str, Any], path: Path, step: str, v: Validation) -> None:
    """Only a permanent has a status (tapped, CR 110.5), marked damage (120.3), summoning sickness
    (302.6), an attachment (301.5, 303.4) or a combat role (506.4); counters exist on permanents
    and on cards in exile (122.1, 702.62a). Attacking and blocking exist only from the declare
    attackers step to the end of combat (508.1, 509.1, 511.3)."""
    zone = obj.get("zone")
    on_battlefield = zone == "battlefield"
    given = {
        "tapped": (obj.get("tapped") is True, "a permanent's status (CR 110.5)"),
        "damage": (bool(obj.get("damage")), "damage marked on a permanent (CR 120.3)"),
        "sick": (obj.get("sick") is True, "summoning sickness, of a permanent (CR 302.6)"),
        "attached_to": (obj.get("attached_to") is not None, "what a permanent is attached to (CR 301.5, 303.4)"),
        "loyalty_activated": (obj.get("loyalty_activated") is True, "a permanent's loyalty activation this turn (CR 606.3)"),
    }
    for key, (present, what) in given.items():
        if present and not on_battlefield:
            v.error((*path, key), f"{key} is {what}: only for an object on the battlefield, not in the {zone}")
    if obj.get("counters") and zone not in ("battlefield", "exile"):
        v.error((*path, "counters"), f"counters are on permanents and cards in exile (CR 122.1, 122.2, 702.62a): "
                                     f"not on a card in the {zone}")
    combat = {"attacking": obj.get("attacking") is not None, "blocking": bool(obj.get("blocking")),
              "blocked": obj.get("blocked") is True, "damage_order": bool(obj.get("damage_order"))}
    for key, present in combat.items():
        if not present:
            continue
        if not on_battlefield:
            v.error((*path, key), f"{key} is a creature's role in combat (CR 506.4): only for an object on the "
                                  f"battlefield, not in the {zone}")
        elif step not in ATTACK_STEPS:
            v.error((*path, key), f"{key} is a creature's role in combat (CR 506.4, 508.1, 511.3): only from the "
                                  f"declare attackers step to the end of combat, not in {step}")
