"""The ``mtg`` scenario at the boundary: validation of the document's frame (players, turn,
objects, the stack, pending triggers, effects, actions, options) and of every vocabulary value
through the registry, parsing into frozen values, and the result in the scenario's own shape
(docs/scenario-format.md §8).

Nothing is accepted and ignored: the frame's records refuse any key they do not name, and every
vocabulary value is checked by its slot (``VOCABULARY.check``), naming the path and the allowed names.
"""

from __future__ import annotations

import json

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from ..core.schema import Validation, check_keys
from ..core.validation import Checker, Path
from . import coherence, game as _registered  # noqa: F401  (every entry is registered before the names below are read)
from .effects import CREATED_EFFECTS
from .face_down import check_face_down, face_up, parsed
from .filters import STATIC_CONDITIONS
from .targets import STACK_IDS
from .layer_effects import LAYER_OF, READS_CHOSEN
from .layers import LayerResult
from .mana import colors_of_cost
from .position import DOCUMENT_EFFECTS, DURATIONS, EFFECT_FRAME, check_document_effect, document_effect  # noqa: F401
from .model import (
    PLAYERS, Ability, Chars, Effect, GameObject, GameState, PendingTrigger, Player, StackItem, Step, TurnLog, Zone,
    freeze, thaw,
)
from .split_cards import check_fused_casts, check_split_card, combined
from .subtypes import subtype_set
from .vocabulary import (
    AFFECTED, COLORS, COLOR_LIST, COUNT, INDEX, MAX_VALUE, NUMBER, OBJECT, OBJECT_OR_PLAYER, PLAYER_ID, STEP, SUBTYPE_LIST,
    SUPERTYPE_LIST, TARGET_IDS, TEXT, TYPE_LIST, VOCABULARY, Boolean, Choice, Integer, ListOf, ManaSymbols, MapOf, Only,
    Record, Text, nullable,
)

ZONES = tuple(VOCABULARY.names("zone"))
STEPS = tuple(s.value for s in Step)
ABILITY_KINDS = ("keyword", "static", "cda", "activated", "triggered", "spell", "replacement", "alternative_cost",
                 "additional_cost", "cast_restriction", "split_half", "unsupported")
"""The ``ability`` entries in the order the builder shows them."""
ACTION_TYPES = ("cast", "activate", "play_land", "pass", "resolve", "declare_attackers", "declare_blockers", "next_step",
                "turn_face_up", "create_effect", "end_effect", "put_counters", "move_card")
"""The ``action`` entries in the order the builder shows them."""
assert set(ABILITY_KINDS) == set(VOCABULARY.names("ability")) and set(ACTION_TYPES) == set(VOCABULARY.names("action"))

PLAYER = Record(fields={
    "id": PLAYER_ID, "name": Text(max_length=200, label="Name"), "life": NUMBER, "poison": COUNT,
    "mana_pool": nullable(ManaSymbols(label="Mana pool", help="unspent mana; omitted: mana is not tracked")),
    "lands_played": COUNT, "spells_cast": COUNT,
    "life_lost": Integer(low=0, high=MAX_VALUE, label="Life lost this turn", help="before the scenario begins"),
    "creature_spells_cast": Integer(low=0, high=MAX_VALUE, label="Creature spells cast this turn"),
}, required=("id",))
TURN = Record(fields={"active": PLAYER_ID, "step": STEP, "priority": PLAYER_ID,
                      "combat_number": Integer(low=0, high=99, label="Combat of the turn")}, required=("active",))
PT = nullable(NUMBER)
OBJECT_FIELDS = {
    "id": Text(min_length=1, max_length=64), "name": Text(max_length=200), "owner": PLAYER_ID, "controller": PLAYER_ID,
    "zone": VOCABULARY.use("zone"), "mana_cost": nullable(ManaSymbols(label="Mana cost")), "colors": COLOR_LIST,
    "supertypes": SUPERTYPE_LIST, "types": TYPE_LIST, "subtypes": SUBTYPE_LIST,
    "abilities": ListOf(item=VOCABULARY.use("ability"), max_items=50, label="Abilities"),
    "power": PT, "toughness": PT, "loyalty": PT, "tapped": Boolean(),
    "counters": MapOf(key=VOCABULARY.use("counter"), value=COUNT, max_items=40, label="Counters"),
    "attached_to": nullable(OBJECT), "face_down": Boolean(), "timestamp": COUNT, "damage": COUNT, "token": Boolean(),
    "sick": Boolean(), "attacking": nullable(OBJECT_OR_PLAYER), "blocking": ListOf(item=OBJECT, max_items=200),
    "x": COUNT, "text": TEXT, "blocked": Boolean(), "damage_order": ListOf(item=OBJECT, max_items=200),
    "loyalty_activated": Boolean(), "chosen": Text(max_length=200, label="Name chosen as it entered"),
    "chosen_color": Choice(values=COLORS, what="color", label="Color chosen as it entered"),
    "chosen_player": PLAYER_ID, "chosen_creature_type": Text(min_length=1, max_length=40, label="Creature type chosen as it entered"),
}
CHOSEN_FIELDS = {"chosen_color": "color", "chosen_player": "player", "chosen_creature_type": "creature_type"}
"""Object fields of what was chosen as a permanent entered (CR 614.12a) → the ``chosen`` effect's ``what``."""
OBJECT_KEYS = tuple(OBJECT_FIELDS)
EVENT = Record(fields={"object": OBJECT, "player": PLAYER_ID, "amount": NUMBER, "attacker": OBJECT, "attached": OBJECT},
               label="Trigger event", help="what triggered it, as its instructions read it (`\"object\": \"event\"` …)")
SPELL_ITEM = Record(fields={"card": OBJECT, "controller": PLAYER_ID, "targets": TARGET_IDS, "x": COUNT,
                            "cascade": VOCABULARY.get("action", "cast").keys["cascade"]}, required=("card",))
ABILITY_ITEM = Record(fields={"source": OBJECT, "ability": INDEX, "kind": Choice(values=("activated", "triggered"), what="kind"),
                              "controller": PLAYER_ID, "targets": TARGET_IDS, "x": COUNT, "event": EVENT},
                      required=("source",))
PENDING = Record(fields={"source": OBJECT, "ability": INDEX, "controller": PLAYER_ID, "targets": TARGET_IDS,
                         "modes": ListOf(item=Integer(low=0, high=20), max_items=20), "event": EVENT}, required=("source",))


# ----------------------------------------------------------------------------- validation

def validate(scenario: Mapping[str, Any], checker: Checker) -> None:
    """Record every problem of an ``mtg`` scenario in ``checker``: the frame's records, every
    vocabulary value by its slot, and the checks across fields (ids, zones, ability indexes)."""
    objects = scenario.get("objects") if isinstance(scenario.get("objects"), list) else []
    ids = [o.get("id") for o in objects if isinstance(o, Mapping) and isinstance(o.get("id"), str)]
    v = Validation(checker, ruleset=str(scenario.get("ruleset", "")),
                   refs={"object": frozenset(ids), "player": frozenset(PLAYERS), "stack_item": STACK_IDS - frozenset(ids)})
    if "options" in scenario:
        VOCABULARY.check(scenario["options"], ("options",), "option", v)
    _players(scenario.get("players"), v)
    if isinstance(scenario.get("turn"), Mapping):
        TURN.check(scenario["turn"], ("turn",), v)
    seen: set[str] = set()
    for i, obj in enumerate(objects):
        path = ("objects", i)
        if not OBJECT_RECORD.check(obj, path, v) or not isinstance(obj, Mapping):
            continue
        oid = obj.get("id")
        if oid in seen or oid in PLAYERS:
            v.error((*path, "id"), f"duplicate object id {oid!r}")
        seen.add(oid)
        if obj.get("attached_to") is not None and obj.get("attached_to") == oid:
            v.error((*path, "attached_to"), "an object can't be attached to itself (CR 301.5c, 303.4d)")
        _when_used(obj, path, v)
        check_split_card(obj, path, v)
        check_face_down(obj, path, v)
        for key in CHOSEN_FIELDS:
            if key in obj and obj.get("zone") != "battlefield":
                v.error((*path, key), f"{key} is what was chosen as a permanent entered (CR 614.12a): only for an "
                                      "object on the battlefield")
        if obj.get("zone") == "battlefield":
            _choices_read(obj, path, v)
        if "chosen" in obj and obj.get("zone") != "battlefield":
            v.error((*path, "chosen"), "chosen is the name chosen as a permanent entered (CR 614.12a): only for an "
                                       "object on the battlefield")
    by_id = {o.get("id"): o for o in objects if isinstance(o, Mapping)}
    for i, item in enumerate(scenario.get("chain") or []):
        _chain_item(item, ("chain", i), by_id, v)
    for i, item in enumerate(scenario.get("pending") or []):
        path = ("pending", i)
        if PENDING.check(item, path, v):
            _ability_index(item, path, by_id, v)
    for i, effect in enumerate(scenario.get("effects") or []):
        _effect(effect, ("effects", i), v)
    for i, action in enumerate(scenario.get("actions") or []):
        VOCABULARY.check(action, ("actions", i), "action", v)
    check_fused_casts(scenario, v)
    _target_filters(scenario, scenario, (), v)
    coherence.check(scenario, objects, v)


TARGET_FILTER_KEYS = ("not_target", "target_player_controls")
"""The FILTER keys that read the resolving spell's or ability's targets (CR 115.10a, 608.2b)."""


def _target_filters(scenario: Mapping[str, Any], value: Any, path: Path, v: Validation) -> None:
    """A FILTER key that reads the resolving item's targets (``not_target``, ``target_player_controls``)
    is evaluated only where the objects are determined as a spell or ability resolves: the
    ``affected`` or ``cards`` of an instruction of a spell, activated or triggered ability, and not
    one that creates an effect matching at each later moment (``not_locked``, a rules effect). Anywhere
    else it would be read without targets, so it is refused there (nothing accepted and ignored)."""
    if isinstance(value, list):
        for i, item in enumerate(value):
            _target_filters(scenario, item, (*path, i), v)
        return
    if not isinstance(value, Mapping):
        return
    for key in TARGET_FILTER_KEYS:
        if key in value and not _reads_targets(scenario, path):
            v.error((*path, key), f"{key} reads the targets of a resolving spell or ability: it goes only in the "
                                  "affected or cards of an instruction that determines its objects as it resolves "
                                  "(CR 608.2c, 115.10a)")
    for key, item in value.items():
        _target_filters(scenario, item, (*path, key), v)


def _reads_targets(scenario: Mapping[str, Any], path: Path) -> bool:
    """Whether a FILTER at ``path`` is read with the resolving item's targets (see :func:`_target_filters`)."""
    if len(path) < 6 or path[0] != "objects" or path[2] != "abilities" or path[-1] not in ("affected", "cards"):
        return False
    if {"targets", "trigger", "cost", "if", "instead_if"} & {p for p in path if isinstance(p, str)} or "effects" not in path:
        return False
    ability = _at(scenario, path[:4])
    instruction = _at(scenario, path[:-1])
    if not isinstance(ability, Mapping) or ability.get("kind") not in ("spell", "activated", "triggered"):
        return False
    if not isinstance(instruction, Mapping) or instruction.get("not_locked"):
        return False
    return instruction.get("do") not in CREATED_EFFECTS or instruction.get("do") in LAYER_OF


OBJECT_RECORD = Record(fields=OBJECT_FIELDS, required=("id", "owner", "zone"))


def _at(document: Any, path: Path) -> Any:
    """The value at ``path`` in ``document``, or ``None``."""
    for part in path:
        try:
            document = document[part]
        except (KeyError, IndexError, TypeError):
            return None
    return document


def _when_used(obj: Mapping[str, Any], path: Path, v: Validation) -> None:
    """``when_used`` on an ``unsupported`` ability says the engine reports that text itself when
    the part is used: only true where the object has such a part (an instruction or mode written
    ``{"do": "unsupported"}``); otherwise the text would never be reported (CR 113.1a)."""
    abilities = obj.get("abilities") if isinstance(obj.get("abilities"), list) else []
    if not any(isinstance(a, Mapping) and a.get("kind") == "unsupported" and a.get("when_used") is True for a in abilities):
        return
    if '"do": "unsupported"' in json.dumps([a for a in abilities if isinstance(a, Mapping) and a.get("kind") != "unsupported"]):
        return
    for j, ability in enumerate(abilities):
        if isinstance(ability, Mapping) and ability.get("kind") == "unsupported" and ability.get("when_used") is True:
            v.error((*path, "abilities", j, "when_used"),
                    "when_used is for text the engine reports itself when the part is used: this object has no "
                    "instruction or mode written {\"do\": \"unsupported\"}, so the text would never be reported; "
                    "leave when_used out")


def _choices_read(obj: Mapping[str, Any], path: Path, v: Validation) -> None:
    """A permanent whose static abilities read a value chosen as it entered (CR 614.12a, 607.2d:
    "the chosen color") must say what was chosen: the object's ``chosen_<what>`` field."""
    wanted = {what for ability in obj.get("abilities") or () if isinstance(ability, Mapping)
              and ability.get("kind") in ("static", "cda") for part in ability.get("effects") or ()
              if isinstance(part, Mapping) and (what := READS_CHOSEN.get(part.get("do"))) is not None}
    chosen_type = obj.get("chosen_creature_type")
    if isinstance(chosen_type, str) and chosen_type and subtype_set(chosen_type) != "creature":
        v.error((*path, "chosen_creature_type"), f"{chosen_type!r} is a {subtype_set(chosen_type)} type, not a creature "
                                                 "type (CR 205.3m)")
    for key, what in CHOSEN_FIELDS.items():
        if what in wanted and obj.get(key) is None:
            v.error((*path, key), f"{obj.get('name') or obj.get('id')} is on the battlefield with an ability that reads "
                                  f"the {what.replace('_', ' ')} chosen as it entered (CR 614.12a, 607.2d): give {key}")


def _players(players: Any, v: Validation) -> None:
    if not isinstance(players, list):
        return
    seen = []
    for i, p in enumerate(players):
        PLAYER.check(p, ("players", i), v)
        if isinstance(p, Mapping):  # counted even when one of its keys is refused: one error, not two
            seen.append(p.get("id"))
    if sorted(x for x in seen if x) != list(PLAYERS):
        v.error(("players",), "players must list p1 and p2 exactly once each")


def _chain_item(item: Any, path: Path, by_id: Mapping[str, Any], v: Validation) -> None:
    """A stack item is a spell (``card``: an object in the stack zone) or an ability (``source``)."""
    if v.checker.mapping(item, path) is None:
        return
    if "card" in item:
        if SPELL_ITEM.check(item, path, v) and (by_id.get(item["card"]) or {}).get("zone") != "stack":
            v.error((*path, "card"), "a spell in chain must be an object in the stack zone")
    elif ABILITY_ITEM.check(item, path, v):
        _ability_index(item, path, by_id, v)


def _ability_index(item: Mapping[str, Any], path: Path, by_id: Mapping[str, Any], v: Validation) -> None:
    """The ability of a stack item or pending trigger is one its source has."""
    source = by_id.get(item.get("source")) or {}
    abilities = source.get("abilities") if isinstance(source.get("abilities"), list) else []
    index = item.get("ability", 0)
    if not 0 <= index < len(abilities):
        v.error((*path, "ability"), f"{item.get('source')} has {len(abilities)} abilities; ability {index} is not one of them")


def _effect(effect: Any, path: Path, v: Validation) -> None:
    """A document effect: its frame and the EFFECT it is (:func:`~engine.mtg.position.check_document_effect`)."""
    check_document_effect(effect, path, v)


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
                      next_timestamp=next_ts, turn_log=turn_log(scenario.get("players")))
    effects = []
    for i, raw in enumerate(scenario.get("effects", [])):
        ts = raw.get("timestamp")
        if ts is None:
            ts = state.next_timestamp
            state = GameState(**{**{f: getattr(state, f) for f in state.__dataclass_fields__}, "next_timestamp": ts + 1})
        effects.append(document_effect(raw, f"e{i + 1}", ts, turn["active"]))
    for raw in scenario["objects"]:
        if raw.get("chosen") is not None and raw.get("zone") == "battlefield":
            # The name chosen as it entered (Meddling Mage, CR 614.12a): read by {"name": {"chosen": true}}.
            effects.append(Effect(f"{raw['id']}.chosen", "chosen_name", freeze({"name": raw["chosen"]}), raw["id"],
                                  raw.get("controller", raw["owner"]), 0, affected_ids=(raw["id"],), duration="permanent"))
        for key, what in CHOSEN_FIELDS.items():
            if raw.get(key) is not None and raw.get("zone") == "battlefield":
                effects.append(Effect(f"{raw['id']}.chosen_{what}", "chosen", freeze({"what": what, "value": raw[key]}),
                                      raw["id"], raw.get("controller", raw["owner"]), 0, affected_ids=(raw["id"],)))
    stack = []
    cascade: dict[str, Any] = {}
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
                                   tuple(spell.get("targets", ())), choices=freeze({"x": raw.get("x", 0)})))
            cascade[obj.id] = freeze(raw.get("cascade", []))
        else:
            obj = objects[raw["source"]]
            ability = obj.printed.abilities[raw.get("ability", 0)]
            stack.append(StackItem(sid, raw.get("kind", "activated"), raw.get("controller", obj.controller), obj.id,
                                   obj.printed.name, tuple(ability.spec.get("effects", ())),
                                   tuple(raw.get("targets", ())), tuple(ability.spec.get("targets", ())),
                                   condition=ability.spec.get("if"), source_lki=None,
                                   event=freeze(raw.get("event", {})),
                                   choices=freeze({"x": raw.get("x", 0), "ability": raw.get("ability", 0)})))
    state = replace(state, objects=MappingProxyType(objects), effects=tuple(effects), stack=tuple(stack),
                    next_stack_id=len(stack) + 1, cascade_decisions=MappingProxyType(cascade))
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


def turn_log(players: Any) -> TurnLog:
    """What happened earlier this turn, from the document's ``players[]`` (docs/scenario-format.md
    §8.1): ``life_lost`` (default 0) and ``creature_spells_cast``. Without ``creature_spells_cast``
    a player whose ``spells_cast`` is above 0 cast spells of unknown types: a condition about their
    creature spells is then a ``cannot_evaluate`` step."""
    lost, casts, known = {"p1": 0, "p2": 0}, {"p1": 0, "p2": 0}, {"p1": True, "p2": True}
    for raw in players or ():
        pid = raw.get("id")
        if pid not in PLAYERS:
            continue
        lost[pid] = int(raw.get("life_lost", 0))
        if "creature_spells_cast" in raw:
            casts[pid] = int(raw["creature_spells_cast"])
        elif raw.get("spells_cast"):
            known[pid] = False
    return TurnLog(MappingProxyType(lost), MappingProxyType(casts), MappingProxyType(known))


def parse_object(raw: Mapping[str, Any], timestamp: int) -> GameObject:
    """Return a :class:`GameObject`; colors default to those of the mana cost (CR 202.2)."""
    oid = raw["id"]
    cost = raw.get("mana_cost", "")
    colors = frozenset(raw["colors"]) if "colors" in raw else colors_of_cost(cost)
    abilities = tuple(Ability((oid, i), a["kind"], freeze(a)) for i, a in enumerate(raw.get("abilities", [])))
    printed = combined(Chars(raw.get("name", ""), cost, colors, frozenset(raw.get("supertypes", [])),
                             frozenset(raw.get("types", [])), frozenset(raw.get("subtypes", [])), abilities, raw.get("power"),
                             raw.get("toughness"), raw.get("loyalty"), raw.get("controller", raw["owner"])))  # CR 709.4
    counters = dict(raw.get("counters", {}))
    if raw.get("loyalty") is not None and "loyalty" not in counters and raw["zone"] == "battlefield":
        counters["loyalty"] = raw["loyalty"]
    return parsed(GameObject(oid, raw["owner"], raw.get("controller", raw["owner"]), Zone(raw["zone"]), printed, timestamp,
                      tapped=raw.get("tapped", False), counters=MappingProxyType(counters),
                      attached_to=raw.get("attached_to"), face_down=raw.get("face_down", False),
                      damage=raw.get("damage", 0), token=raw.get("token", False), sick=raw.get("sick", False),
                      attacking=raw.get("attacking"), blocking=tuple(raw.get("blocking", ())), x=raw.get("x", 0),
                      blocked=bool(raw.get("blocked", False)), damage_order=tuple(raw.get("damage_order", ())),
                      loyalty_activated=bool(raw.get("loyalty_activated", False))))


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
        if obj.face_down or "face_down" in out:
            out["face_down"] = obj.face_down  # turned face up, or revealed as it left (CR 702.37e, 708.9)
        if face_up(obj) is not None:
            out["face_up"] = face_up(obj)  # shown to the judge, not to the rules (CR 708.5)
        chars = layers.chars.get(oid) if obj.zone is Zone.BATTLEFIELD else layers.elsewhere.get(oid)
        if chars is not None:  # a permanent, or an object elsewhere a continuous effect applies to (CR 613.1)
            if obj.zone is Zone.BATTLEFIELD:
                # One controller: a permanent's is the one layer 2 leaves (CR 110.2, 613.1b).
                out["controller"] = chars.controller
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
