"""The ``mtg`` scenario vocabulary at the boundary: validation, parsing into frozen values,
and the result in the scenario's own shape (docs/scenario-format.md §7)."""

from __future__ import annotations

import re

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..core.validation import Checker, Path
from .layers import LayerResult, colors_of_cost, text_word_kind
from .model import (
    PLAYERS, Ability, Chars, Effect, GameObject, GameState, Player, StackItem, Step, Zone, freeze, thaw,
)

ZONES = tuple(z.value for z in Zone)
STEPS = tuple(s.value for s in Step)
CARD_TYPES = ("artifact", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery", "tribal", "battle")
SUPERTYPES = ("basic", "legendary", "snow", "world")
COLORS = ("white", "blue", "black", "red", "green")
ABILITY_KINDS = ("keyword", "static", "cda", "activated", "triggered", "spell", "replacement", "alternative_cost", "unsupported")
ACTION_TYPES = ("cast", "activate", "play_land", "pass", "resolve", "declare_attackers", "declare_blockers", "next_step")
DURATIONS = ("end_of_turn", "permanent", "static", "next_untap")
OBJECT_KEYS = ("id", "name", "owner", "controller", "zone", "mana_cost", "colors", "supertypes", "types", "subtypes",
               "abilities", "power", "toughness", "loyalty", "tapped", "counters", "attached_to", "face_down",
               "timestamp", "damage", "token", "sick", "attacking", "blocking", "x", "text",
               "blocked", "damage_order", "loyalty_activated", "chosen")
PLAYER_KEYS = ("id", "name", "life", "poison", "mana_pool", "lands_played", "spells_cast", "life_lost",
               "creature_spells_cast")
TURN_KEYS = ("active", "phase", "step", "priority", "combat_number")
EFFECT_KEYS_REQUIRED = ("do",)
MAX_ID, MAX_VALUE = 64, 999_999


# ----------------------------------------------------------------------------- validation

def validate(scenario: Mapping[str, Any], checker: Checker) -> None:
    """Record every problem of an ``mtg`` scenario's vocabulary in ``checker``."""
    options = scenario.get("options", {})
    if isinstance(options, Mapping):
        checker.known_keys(options, ("options",), ("choices",))
        choices = options.get("choices", {})
        if checker.mapping(choices, ("options", "choices")) is not None:
            for key, value in choices.items():
                checker.string(key, ("options", "choices", key), min_length=1)
                if not isinstance(value, (str, int, bool, list)) or isinstance(value, float):
                    checker.error(("options", "choices", key), "a choice is a string, integer, boolean or array")
    players = scenario.get("players")
    if isinstance(players, list):
        seen = []
        for i, p in enumerate(players):
            if checker.mapping(p, ("players", i)) is None:
                continue
            checker.known_keys(p, ("players", i), PLAYER_KEYS)
            pid = checker.choice(p.get("id"), ("players", i, "id"), PLAYERS, "player id")
            seen.append(pid)
            if "life" in p:
                checker.integer(p["life"], ("players", i, "life"), low=-MAX_VALUE, high=MAX_VALUE)
            for key in ("poison", "lands_played", "spells_cast", "life_lost", "creature_spells_cast"):
                if key in p:
                    checker.integer(p[key], ("players", i, key), low=0, high=MAX_VALUE)
            if "mana_pool" in p and p["mana_pool"] is not None:
                _check_mana(p["mana_pool"], ("players", i, "mana_pool"), checker)
            if "name" in p:
                checker.string(p["name"], ("players", i, "name"))
        if sorted(x for x in seen if x) != list(PLAYERS):
            checker.error(("players",), "players must list p1 and p2 exactly once each")
    turn = scenario.get("turn")
    if isinstance(turn, Mapping):
        checker.known_keys(turn, ("turn",), TURN_KEYS)
        checker.choice(turn.get("active"), ("turn", "active"), PLAYERS, "player id")
        checker.choice(turn.get("step", "main1"), ("turn", "step"), STEPS, "step")
        if "priority" in turn:
            checker.choice(turn["priority"], ("turn", "priority"), PLAYERS, "player id")
    objects = scenario.get("objects")
    ids: set[str] = set()
    if isinstance(objects, list):
        for i, obj in enumerate(objects):
            _check_object(obj, ("objects", i), ids, checker)
        for i, obj in enumerate(objects):
            if isinstance(obj, Mapping) and obj.get("attached_to") is not None and obj.get("attached_to") not in ids:
                checker.error(("objects", i, "attached_to"), f"unknown object id {str(obj['attached_to'])[:60]!r}")
            elif isinstance(obj, Mapping) and obj.get("attached_to") is not None and obj.get("attached_to") == obj.get("id"):
                checker.error(("objects", i, "attached_to"), "an object can't be attached to itself (CR 301.5c, 303.4d)")
    refs = ids | set(PLAYERS)
    for i, item in enumerate(scenario.get("chain", []) or []):
        path = ("chain", i)
        if checker.mapping(item, path) is None:
            continue
        ref = item.get("card", item.get("source"))
        if ref not in ids:
            checker.error((*path, "card" if "card" in item else "source"), f"unknown object id {str(ref)[:60]!r}")
        if item.get("controller") is not None:
            checker.choice(item["controller"], (*path, "controller"), PLAYERS, "player id")
        elif "card" in item and _zone_of(objects, ref) != "stack":
            checker.error((*path, "card"), "a spell in chain must be an object in the stack zone")
        _check_refs(item.get("targets", []), (*path, "targets"), refs, checker)
    for i, item in enumerate(scenario.get("pending", []) or []):
        path = ("pending", i)
        if checker.mapping(item, path) is not None and item.get("source") not in ids:
            checker.error((*path, "source"), f"unknown object id {str(item.get('source'))[:60]!r}")
    for i, effect in enumerate(scenario.get("effects", []) or []):
        path = ("effects", i)
        if checker.mapping(effect, path) is None:
            continue
        checker.string(effect.get("do"), (*path, "do"), min_length=1)
        if "timestamp" in effect:
            checker.integer(effect["timestamp"], (*path, "timestamp"), low=0, high=MAX_VALUE)
        if "duration" in effect:
            checker.choice(effect["duration"], (*path, "duration"), DURATIONS, "duration")
        _check_layer_effect(effect, path, checker)
        if "if" in effect:
            check_condition(effect["if"], (*path, "if"), checker)
        affected = effect.get("affected")
        if isinstance(affected, list):
            _check_refs(affected, (*path, "affected"), ids, checker)
        elif affected is not None:
            checker.mapping(affected, (*path, "affected"))
    for i, action in enumerate(scenario.get("actions", []) or []):
        path = ("actions", i)
        if checker.mapping(action, path) is None:
            continue
        kind = checker.choice(action.get("type"), (*path, "type"), ACTION_TYPES, "action type")
        if kind in ("cast", "play_land") and action.get("card") not in ids:
            checker.error((*path, "card"), f"unknown object id {str(action.get('card'))[:60]!r}")
        if kind == "activate" and action.get("source") not in ids:
            checker.error((*path, "source"), f"unknown object id {str(action.get('source'))[:60]!r}")
        if kind in ("cast", "activate", "play_land", "pass"):
            checker.choice(action.get("player"), (*path, "player"), PLAYERS, "player id")
        if "targets" in action:
            _check_refs(action["targets"], (*path, "targets"), refs, checker)
        for key in ("modes", "divide"):
            if key in action and checker.sequence(action[key], (*path, key)) is not None:
                for j, n in enumerate(action[key]):
                    checker.integer(n, (*path, key, j), low=0, high=MAX_VALUE)
        if "x" in action:
            checker.integer(action["x"], (*path, "x"), low=0, high=MAX_VALUE)
        by_mode = action.get("targets_by_mode")
        if by_mode is not None and checker.mapping(by_mode, (*path, "targets_by_mode")) is not None:
            for mode, refs_of_mode in by_mode.items():
                _check_refs(refs_of_mode, (*path, "targets_by_mode", mode), refs, checker)
        if kind == "declare_attackers":
            _check_refs(action.get("attackers", []), (*path, "attackers"), ids, checker)
            attackers = action.get("attackers", [])
            if isinstance(attackers, list) and len({str(a) for a in attackers}) != len(attackers):
                checker.error((*path, "attackers"), "a creature is declared as an attacker once (CR 508.1a)")
            attacking = action.get("attacking", {})
            if checker.mapping(attacking, (*path, "attacking")) is not None:
                for attacker, what in attacking.items():
                    if attacker not in ids or what not in refs:
                        checker.error((*path, "attacking", attacker), "attacking maps an attacker id to a player or planeswalker id")
        if kind == "declare_blockers":
            blockers = action.get("blockers", [])
            if checker.sequence(blockers, (*path, "blockers")) is not None:
                for j, pair in enumerate(blockers):
                    if checker.mapping(pair, (*path, "blockers", j)) is None:
                        continue
                    for role in ("blocker", "attacker"):
                        if pair.get(role) not in ids:
                            checker.error((*path, "blockers", j, role), f"unknown object id {str(pair.get(role))[:60]!r}")
            order = action.get("damage_order", {})
            if checker.mapping(order, (*path, "damage_order")) is not None:
                for attacker, blockers in order.items():
                    if attacker not in ids:
                        checker.error((*path, "damage_order", attacker), f"unknown object id {attacker[:60]!r}")
                    _check_refs(blockers, (*path, "damage_order", attacker), ids, checker)
        if kind == "next_step":
            checker.choice(action.get("step"), (*path, "step"), STEPS, "step")


MANA_RE = re.compile(r"(?:\{(?:\d{1,3}|X|[WUBRGCS]|[WUBRG2]/[WUBRGP])\})*")
"""A mana cost or pool: generic, X, colored, colorless, snow, hybrid and Phyrexian symbols (CR 107.4)."""


def _check_mana(value: Any, path: Path, checker: Checker) -> None:
    """Check that ``value`` is written in mana symbols (``{2}{W/B}{U}``, CR 107.4)."""
    text = checker.string(value, path)
    if isinstance(text, str) and not MANA_RE.fullmatch(text):
        checker.error(path, f"{text[:60]!r} is not written in mana symbols such as {{2}}{{W/B}}{{U}} (CR 107.4)")


def _check_ability_effects(ability: Mapping[str, Any], path: Path, checker: Checker) -> None:
    """Check a static ability's ``if`` and every ``change_text`` among an ability's effects (also
    inside modes and granted abilities)."""
    if ability.get("kind") in ("static", "cda") and "if" in ability:
        check_condition(ability["if"], (*path, "if"), checker)
    lists = [((*path, "effects"), ability.get("effects"))]
    modes = ability.get("modes")
    if isinstance(modes, list):
        lists += [((*path, "modes", m, "effects"), mode.get("effects")) for m, mode in enumerate(modes) if isinstance(mode, Mapping)]
    for list_path, parts in lists:
        for k, part in enumerate(parts if isinstance(parts, list) else []):
            if isinstance(part, Mapping):
                _check_layer_effect(part, (*list_path, k), checker)
                for g, granted in enumerate(part.get("abilities") or [] if part.get("do") == "add_ability" else []):
                    if isinstance(granted, Mapping):
                        _check_ability_effects(granted, (*list_path, k, "abilities", g), checker)


def _check_layer_effect(effect: Mapping[str, Any], path: Path, checker: Checker) -> None:
    """A ``change_text`` changes a word of one kind into another of the same kind (CR 612.2): two
    color words, two land types or two creature types (see :func:`layers.text_word_kind`)."""
    if effect.get("do") == "change_text":
        kinds = {}
        for key in ("from", "to"):
            kinds[key] = text_word_kind(effect.get(key))
            if kinds[key] is None:
                checker.error((*path, key), f"{key} must be a color word (white, blue, black, red, green), a land type "
                              "(Plains, Swamp …) or a creature type (a capitalised word such as Goblin), CR 612.2; "
                              f"got {str(effect.get(key))[:40]!r}")
        if kinds["from"] and kinds["to"] and kinds["from"] != kinds["to"]:
            checker.error((*path, "to"), f"to must be a word of the same kind as from ({kinds['from'].replace('_', ' ')}), CR 612.2")


def check_condition(cond: Any, path: Path, checker: Checker) -> None:
    """Check a static ability's or effect's CONDITION: one of ``controls`` (FILTER, with
    ``at_least``), ``your_turn``, ``life_at_most``, ``first_combat``, ``step``, ``opponent_cast_spells``."""
    if checker.mapping(cond, path) is None:
        return
    allowed = ("controls", "at_least", "your_turn", "life_at_most", "first_combat", "step", "opponent_cast_spells")
    checker.known_keys(cond, path, allowed)
    if not any(key in cond for key in allowed if key != "at_least"):
        checker.error(path, "a condition needs one of: " + ", ".join(k for k in allowed if k != "at_least"))
    if "controls" in cond:
        checker.mapping(cond["controls"], (*path, "controls"))
    for key in ("at_least", "life_at_most", "opponent_cast_spells"):
        if key in cond:
            checker.integer(cond[key], (*path, key), low=-MAX_VALUE if key == "life_at_most" else 0, high=MAX_VALUE)
    for key in ("your_turn", "first_combat"):
        if key in cond:
            checker.boolean(cond[key], (*path, key))
    if "step" in cond:
        checker.choice(cond["step"], (*path, "step"), STEPS, "step")


def _zone_of(objects: Any, oid: str) -> Any:
    for obj in objects or []:
        if isinstance(obj, Mapping) and obj.get("id") == oid:
            return obj.get("zone")
    return None


def _check_refs(value: Any, path: Path, known: set[str], checker: Checker) -> None:
    if checker.sequence(value, path) is None:
        return
    for j, ref in enumerate(value):
        if not isinstance(ref, str):
            checker.error((*path, j), f"{path[-1]}[{j}] must be a string")
        elif ref not in known:
            checker.error((*path, j), f"unknown object id {ref[:60]!r}")


def _check_object(obj: Any, path: Path, ids: set[str], checker: Checker) -> None:
    if checker.mapping(obj, path) is None:
        return
    checker.known_keys(obj, path, OBJECT_KEYS)
    oid = checker.string(obj.get("id"), (*path, "id"), min_length=1, max_length=MAX_ID)
    if oid is not None:
        if oid in ids or oid in PLAYERS:
            checker.error((*path, "id"), f"duplicate object id {oid!r}")
        ids.add(oid)
    checker.string(obj.get("name", ""), (*path, "name"))
    if obj.get("mana_cost") is not None:
        _check_mana(obj["mana_cost"], (*path, "mana_cost"), checker)
    if "chosen" in obj:
        checker.string(obj["chosen"], (*path, "chosen"))
    checker.choice(obj.get("owner"), (*path, "owner"), PLAYERS, "player id")
    if "controller" in obj:
        checker.choice(obj["controller"], (*path, "controller"), PLAYERS, "player id")
    checker.choice(obj.get("zone"), (*path, "zone"), ZONES, "zone")
    for key, allowed in (("types", CARD_TYPES), ("supertypes", SUPERTYPES), ("colors", COLORS)):
        values = obj.get(key, [])
        if checker.sequence(values, (*path, key)) is not None:
            for j, v in enumerate(values):
                checker.choice(v, (*path, key, j), allowed, key[:-1] if key != "colors" else "color")
    for key in ("power", "toughness", "loyalty"):
        if obj.get(key) is not None:
            checker.integer(obj[key], (*path, key), low=-MAX_VALUE, high=MAX_VALUE)
    for key in ("timestamp", "damage", "x"):
        if key in obj:
            checker.integer(obj[key], (*path, key), low=0, high=MAX_VALUE)
    counters = obj.get("counters", {})
    if checker.mapping(counters, (*path, "counters")) is not None:
        for kind, n in counters.items():
            checker.integer(n, (*path, "counters", kind), low=0, high=MAX_VALUE)
    abilities = obj.get("abilities", [])
    if checker.sequence(abilities, (*path, "abilities")) is not None:
        for j, ability in enumerate(abilities):
            if checker.mapping(ability, (*path, "abilities", j)) is not None:
                checker.choice(ability.get("kind"), (*path, "abilities", j, "kind"), ABILITY_KINDS, "ability kind")
                _check_ability_effects(ability, (*path, "abilities", j), checker)


# ----------------------------------------------------------------------------- parsing

def parse_state(scenario: Mapping[str, Any]) -> GameState:
    """Build the initial :class:`GameState`; timestamps not given follow the order of entry (CR 613.7d)."""
    players = tuple(
        Player(p["id"], p.get("life", 20), p.get("name", ""), p.get("poison", 0), p.get("mana_pool"),
               p.get("lands_played", 0), spells_cast=p.get("spells_cast", 0))
        for p in sorted(scenario["players"], key=lambda p: p["id"]))
    objects = {}
    order = []
    given = [o.get("timestamp", 0) for o in scenario["objects"]]
    next_ts = max(given + [0]) + 1
    for raw in scenario["objects"]:
        oid = raw["id"]
        ts = raw.get("timestamp")
        if ts is None:
            ts = next_ts
            next_ts += 1
        objects[oid] = parse_object(raw, ts)
        order.append(oid)
    turn = scenario["turn"]
    state = GameState(players, MappingProxyType(objects), tuple(order), turn["active"], Step(turn.get("step", "main1")),
                      turn.get("priority", turn["active"]), combat_number=turn.get("combat_number", 1),
                      next_timestamp=next_ts)
    effects = []
    for i, raw in enumerate(scenario.get("effects", [])):
        ts = raw.get("timestamp")
        if ts is None:
            ts = state.next_timestamp
            state = GameState(**{**{f: getattr(state, f) for f in state.__dataclass_fields__}, "next_timestamp": ts + 1})
        affected = raw.get("affected")
        params = {k: v for k, v in raw.items() if k not in ("id", "affected", "duration", "source", "controller", "timestamp", "cda", "if")}
        effects.append(Effect(raw.get("id", f"e{i + 1}"), raw["do"], freeze(params), raw.get("source"),
                              raw.get("controller", turn["active"]), ts,
                              affected_ids=tuple(affected) if isinstance(affected, list) else None,
                              affected_filter=freeze(affected) if isinstance(affected, Mapping) else None,
                              duration=raw.get("duration", "end_of_turn"), cda=bool(raw.get("cda")),
                              group=raw.get("id", f"e{i + 1}"), condition=freeze(raw["if"]) if "if" in raw else None))
    for raw in scenario["objects"]:
        if raw.get("chosen") is not None and raw.get("zone") == "battlefield":
            # The name chosen as it entered (Meddling Mage, CR 614.12a): read by {"name": {"chosen": true}}.
            effects.append(Effect(f"{raw['id']}.chosen", "chosen_name", freeze({"name": raw["chosen"]}), raw["id"],
                                  raw.get("controller", raw["owner"]), 0, affected_ids=(raw["id"],), duration="permanent"))
    stack = []
    for i, raw in enumerate(scenario.get("chain", [])):
        sid = f"s{i + 1}"
        if "card" in raw:
            obj = objects[raw["card"]]
            spell = next((a.spec for a in obj.printed.abilities if a.kind == "spell"), {})
            controller = raw.get("controller", obj.controller)
            objects[raw["card"]] = GameObject(**{**{f: getattr(obj, f) for f in obj.__dataclass_fields__},
                                                 "controller": controller, "x": raw.get("x", obj.x)})
            stack.append(StackItem(sid, "spell", controller, obj.id, obj.printed.name,
                                   tuple(spell.get("effects", ())), tuple(raw.get("targets", ())),
                                   tuple(spell.get("targets", ())),
                                   choices=freeze({"cascade": raw.get("cascade", []), "x": raw.get("x", 0)})))
        else:
            obj = objects[raw["source"]]
            ability = obj.printed.abilities[raw.get("ability", 0)]
            stack.append(StackItem(sid, raw.get("kind", "activated"), raw.get("controller", obj.controller), obj.id,
                                   obj.printed.name, tuple(ability.spec.get("effects", ())),
                                   tuple(raw.get("targets", ())), tuple(ability.spec.get("targets", ())),
                                   condition=ability.spec.get("if"), source_lki=None,
                                   event=freeze(raw.get("event", {})),
                                   choices=freeze({"x": raw.get("x", 0)})))
    from dataclasses import replace
    state = replace(state, objects=MappingProxyType(objects), effects=tuple(effects), stack=tuple(stack),
                    next_stack_id=len(stack) + 1)
    from .model import PendingTrigger
    pending = []
    for i, raw in enumerate(scenario.get("pending", [])):
        obj = objects[raw["source"]]
        ability = obj.printed.abilities[raw.get("ability", 0)]
        spec = dict(ability.spec)
        if "targets" in raw:
            spec["chosen_targets"] = raw["targets"]
        if "modes" in raw:
            spec["chosen_modes"] = raw["modes"]
        pending.append(PendingTrigger(obj.id, raw.get("ability", 0), raw.get("controller", obj.controller),
                                      obj.printed.name, freeze(spec), freeze(raw.get("event", {})), order=i))
    return replace(state, pending=tuple(pending))


def parse_object(raw: Mapping[str, Any], timestamp: int) -> GameObject:
    """Return a :class:`GameObject`; colors default to those of the mana cost (CR 202.2)."""
    oid = raw["id"]
    cost = raw.get("mana_cost", "")
    colors = frozenset(raw["colors"]) if "colors" in raw else colors_of_cost(cost)
    abilities = tuple(Ability((oid, i), a["kind"], freeze(a)) for i, a in enumerate(raw.get("abilities", [])))
    printed = Chars(raw.get("name", ""), cost, colors, frozenset(raw.get("supertypes", [])), frozenset(raw.get("types", [])),
                    frozenset(raw.get("subtypes", [])), abilities, raw.get("power"), raw.get("toughness"),
                    raw.get("loyalty"), raw.get("controller", raw["owner"]))
    counters = dict(raw.get("counters", {}))
    if raw.get("loyalty") is not None and "loyalty" not in counters and raw["zone"] == "battlefield":
        counters["loyalty"] = raw["loyalty"]
    return GameObject(oid, raw["owner"], raw.get("controller", raw["owner"]), Zone(raw["zone"]), printed, timestamp,
                      tapped=raw.get("tapped", False), counters=MappingProxyType(counters),
                      attached_to=raw.get("attached_to"), face_down=raw.get("face_down", False),
                      damage=raw.get("damage", 0), token=raw.get("token", False), sick=raw.get("sick", False),
                      attacking=raw.get("attacking"), blocking=tuple(raw.get("blocking", ())), x=raw.get("x", 0),
                      blocked=bool(raw.get("blocked", False)), damage_order=tuple(raw.get("damage_order", ())),
                      loyalty_activated=bool(raw.get("loyalty_activated", False)))


# ----------------------------------------------------------------------------- result

def result(scenario: Mapping[str, Any], state: GameState, layers: LayerResult, cite: Any, complete: bool) -> dict[str, Any]:
    """Return the final state in the scenario's shape plus ``winner``, ``complete`` and, per
    permanent, ``layers`` (the layer walk) and ``characteristics``."""
    originals = {o["id"]: o for o in scenario["objects"]}
    objects = []
    for oid in state.order:
        obj = state.objects[oid]
        out = dict(originals.get(oid, {}))
        if not out:
            out = {"id": oid, "name": obj.printed.name, "owner": obj.owner, "types": sorted(obj.printed.types),
                   "subtypes": sorted(obj.printed.subtypes), "colors": sorted(obj.printed.colors),
                   "power": obj.printed.power, "toughness": obj.printed.toughness, "token": obj.token,
                   "mana_cost": obj.printed.mana_cost}
        out.update({"zone": obj.zone.value, "controller": obj.controller, "tapped": obj.tapped,
                    "counters": dict(obj.counters), "attached_to": obj.attached_to, "timestamp": obj.timestamp,
                    "damage": obj.damage})
        if obj.zone is Zone.BATTLEFIELD and oid in layers.chars:
            chars = layers.chars[oid]
            out["characteristics"] = chars.to_dict()
            out["layers"] = [{**{k: v for k, v in line.items() if k not in ("rule_key", "layer_rule_key")},
                              "rule": cite(line["rule_key"]).number, "layer_rule": cite(line["layer_rule_key"]).number}
                             for line in layers.walk.get(oid, [])]
        objects.append(out)
    players = []
    for raw in scenario["players"]:
        p = state.player(raw["id"])
        players.append({**raw, "life": p.life, "poison": p.poison, "mana_pool": p.mana_pool, "lost": p.lost})
    return {
        **{k: v for k, v in scenario.items() if k not in ("objects", "players", "chain", "actions", "pending", "effects", "turn")},
        "players": players,
        "turn": {"active": state.active, "step": state.step.value, "priority": state.priority},
        "objects": objects,
        "chain": [{"item": s.id, "kind": s.kind, "source": s.source, "controller": s.controller, "targets": list(s.targets)}
                  for s in state.stack],
        "pending": [], "actions": [],
        "effects": [{"id": e.id, "do": e.do, **thaw(e.params), "source": e.source, "controller": e.controller,
                     "timestamp": e.timestamp, "duration": e.duration,
                     "affected": list(e.affected_ids) if e.affected_ids is not None else thaw(e.affected_filter)}
                    for e in state.effects],
        "winner": state.winner,
        "complete": complete,
    }
