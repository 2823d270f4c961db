"""The ``ygo`` scenario vocabulary at the boundary: validation, parsing into frozen values,
and writing the result back in the scenario's own shape (docs/scenario-format.md §2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Optional

from ..core.validation import Checker, Path
from .model import (
    CLASSES_FOR_KIND, FIELD_ZONES, PLAYERS, SUBTYPES, Card, CardFilter, CardKind, ChainLink, Effect, EffectClass, GameState,
    Instruction, Modifier, ObjectId, Pending, Player, PlayerId, Position, Turn, Zone,
)

PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
BATTLE_STEPS = ("start", "battle", "damage", "end")
DRAW_STEPS = ("start",)
"""``draw`` + ``start``: the Draw Phase has begun and its draw is still to be made."""
TRIGGER_EVENTS = ("summoned", "special_summoned", "flip_summoned", "flipped", "sent_to_graveyard", "destroyed",
                  "destroyed_by_battle", "banished")
SUMMON_METHODS = ("inherent", "synchro", "xyz", "pendulum")
UNTIL = ("permanent", "end_phase")
ACTION_TYPES = ("activate", "pass", "resolve", "summon", "set", "flip_summon", "special_summon", "change_position",
                "attack", "damage_step", "end_phase", "place_pendulum")
ZONES = tuple(z.value for z in Zone if z is not Zone.REMOVED)
MONSTER_POSITIONS = ("attack", "defense", "face-down defense")
CARD_POSITIONS = ("face-up", "face-down")
PLAYER_REFS = ("self", "opponent", "both", "p1", "p2")
NEGATION_SCOPES = ("any", "spell_card", "trap_card", "spell_trap_card", "monster_effect")
COST_VERBS = ("pay_lp", "discard", "tribute", "send_to_graveyard", "banish")
MAX_ID = 64
MAX_NAME = 200
MAX_TEXT = 4_000
MAX_VALUE = 999_999

OBJECT_KEYS = ("id", "name", "owner", "controller", "zone", "position", "kind", "subtype", "level", "atk",
               "def", "attribute", "race", "counters", "equipped_to", "materials", "set_this_turn", "effects",
               "original_atk", "original_def", "tuner", "scale", "summoned_this_turn", "attacked",
               "position_changed", "materials_required")
EFFECT_KEYS = ("id", "class", "text", "cost", "actions", "trigger", "optional", "timing", "event_of")
FILTER_KEYS = ("card", "name", "kind", "subtype", "attribute", "race", "level", "controller")
PENDING_KEYS = ("card", "effect", "controller", "order", "activate", "last", "targets")
LINGERING_KEYS = ("id", "source", "target", "stat", "amount", "set", "until")
TURN_KEYS = ("active", "phase", "step", "number", "normal_summon_used", "pendulum_summon_used")
LINK_KEYS = ("card", "effect", "controller", "spell_speed", "targets", "cost", "actions")
INSTRUCTION_KEYS = ("do", "target", "targets", "card", "amount", "set", "player", "link", "what", "destroy",
                    "position", "choose", "from", "chosen", "text", "materials", "level", "at_least", "until", "half")


@dataclass(frozen=True, slots=True)
class Activation:
    """A request to activate an effect: one ``chain`` item or ``activate`` action."""

    card: ObjectId
    effect: int
    """Index into the card's effects."""
    controller: PlayerId
    spell_speed: Optional[int]
    """The speed the document states, or ``None`` to derive it."""
    targets: tuple[ObjectId, ...]
    cost: tuple[Instruction, ...]
    actions: tuple[Instruction, ...]
    source: Path
    """Where the request is in the document, e.g. ``("chain", 2)``."""
    own_actions: bool
    """Whether the document gave the link its own ``actions`` (else the effect's are used)."""


# ----------------------------------------------------------------------------- validation

def validate(scenario: Mapping[str, Any], checker: Checker, *, pendulum: bool, field_zone_per_player: bool) -> None:
    """Record every problem of a ``ygo`` scenario's vocabulary in ``checker``."""
    _check_players(scenario.get("players"), checker)
    _check_turn(scenario.get("turn"), checker)
    objects = scenario.get("objects")
    if not isinstance(objects, list):
        return
    ids = _check_objects(objects, checker, pendulum=pendulum, field_zone_per_player=field_zone_per_player)
    options = scenario.get("options", {})
    if isinstance(options, Mapping):
        checker.known_keys(options, ("options",), ("trigger_order", "activate_triggers", "decline_triggers"))
        for key in ("trigger_order", "activate_triggers", "decline_triggers"):
            if key in options:
                _check_refs(options[key], ("options", key), ids, checker)
    pending = scenario.get("pending", [])
    if isinstance(pending, list):
        for i, item in enumerate(pending):
            _check_pending(item, ("pending", i), ids, checker)
    lingering = scenario.get("effects", [])
    if isinstance(lingering, list):
        for i, item in enumerate(lingering):
            _check_lingering(item, ("effects", i), ids, checker)
    chain = scenario.get("chain", [])
    if isinstance(chain, list):
        for i, item in enumerate(chain):
            _check_link(item, ("chain", i), ids, checker, is_action=False)
    actions = scenario.get("actions", [])
    if isinstance(actions, list):
        for i, item in enumerate(actions):
            _check_action(item, ("actions", i), ids, checker)


def _check_players(players: Any, checker: Checker) -> None:
    if not isinstance(players, list):
        return
    seen: list[str] = []
    for i, player in enumerate(players):
        path = ("players", i)
        if checker.mapping(player, path) is None:
            continue
        checker.known_keys(player, path, ("id", "name", "lp"))
        pid = checker.choice(player.get("id"), (*path, "id"), PLAYERS, "player id")
        if pid is not None:
            if pid in seen:
                checker.error((*path, "id"), f"duplicate player id {pid!r}")
            seen.append(pid)
        if "name" in player:
            checker.string(player["name"], (*path, "name"), max_length=MAX_NAME)
        if "lp" not in player:
            checker.error((*path, "lp"), "lp is required")
        else:
            checker.integer(player["lp"], (*path, "lp"), low=0, high=MAX_VALUE)
    if len(players) != 2 or sorted(seen) != list(PLAYERS):
        checker.error(("players",), "players must list exactly two players, p1 and p2")


def _check_turn(turn: Any, checker: Checker) -> None:
    if not isinstance(turn, Mapping):
        return
    checker.known_keys(turn, ("turn",), TURN_KEYS)
    checker.choice(turn.get("active"), ("turn", "active"), PLAYERS, "player id")
    phase = checker.choice(turn.get("phase"), ("turn", "phase"), PHASES, "phase")
    step = turn.get("step")
    if step is not None:
        if phase == "draw":
            checker.choice(step, ("turn", "step"), DRAW_STEPS, "draw phase step")
        elif phase != "battle":
            checker.error(("turn", "step"), "step is only given in the battle phase (or draw + start)")
        else:
            checker.choice(step, ("turn", "step"), BATTLE_STEPS, "battle step")
    if "number" in turn:
        checker.integer(turn["number"], ("turn", "number"), low=1, high=9_999)
    for key in ("normal_summon_used", "pendulum_summon_used"):
        if key in turn:
            checker.boolean(turn[key], ("turn", key))


def _effect_ref_ok(item: Mapping[str, Any], path: Path, ids: Mapping[str, Mapping[str, Any]], checker: Checker) -> bool:
    if "card" not in item:
        checker.error((*path, "card"), "card is required")
        return False
    if not _check_ref(item["card"], (*path, "card"), ids, checker):
        return False
    effects = ids[item["card"]].get("effects", [])
    effects = effects if isinstance(effects, list) else []
    ref = item.get("effect", 0)
    if isinstance(ref, bool) or not isinstance(ref, (int, str)):
        checker.error((*path, "effect"), "effect must be an index or an effect id")
    elif isinstance(ref, int) and not 0 <= ref < len(effects):
        checker.error((*path, "effect"), f"card {item['card']!r} has no effect {ref} (it has {len(effects)})")
    elif isinstance(ref, str) and not any(isinstance(e, Mapping) and e.get("id") == ref for e in effects):
        checker.error((*path, "effect"), f"card {item['card']!r} has no effect with id {ref!r}")
    else:
        return True
    return False


def _check_pending(item: Any, path: Path, ids: Mapping[str, Mapping[str, Any]], checker: Checker) -> None:
    if checker.mapping(item, path) is None:
        return
    checker.known_keys(item, path, PENDING_KEYS)
    if _effect_ref_ok(item, path, ids, checker):
        effects = ids[item["card"]]["effects"]
        ref = item.get("effect", 0)
        effect = effects[ref] if isinstance(ref, int) else next(e for e in effects if e.get("id") == ref)
        if isinstance(effect, Mapping) and effect.get("class") not in ("trigger", "flip"):
            checker.error((*path, "effect"), "a pending effect must be a trigger or flip effect")
    if "controller" in item:
        checker.choice(item["controller"], (*path, "controller"), PLAYERS, "player id")
    if "order" in item:
        checker.integer(item["order"], (*path, "order"), low=0, high=1_000)
    for key in ("activate", "last"):
        if key in item:
            checker.boolean(item[key], (*path, key))
    if "targets" in item:
        _check_refs(item["targets"], (*path, "targets"), ids, checker)


def _check_lingering(item: Any, path: Path, ids: Mapping[str, Mapping[str, Any]], checker: Checker) -> None:
    if checker.mapping(item, path) is None:
        return
    checker.known_keys(item, path, LINGERING_KEYS)
    for key in ("source", "target"):
        if key not in item:
            checker.error((*path, key), f"{key} is required")
        else:
            _check_ref(item[key], (*path, key), ids, checker)
    checker.choice(item.get("stat"), (*path, "stat"), ("atk", "def"), "stat")
    if ("amount" in item) == ("set" in item):
        checker.error((*path, "amount"), "give exactly one of amount and set")
    if "amount" in item:
        checker.integer(item["amount"], (*path, "amount"), low=-MAX_VALUE, high=MAX_VALUE)
    if "set" in item:
        checker.integer(item["set"], (*path, "set"), low=0, high=MAX_VALUE)
    if "until" in item:
        checker.choice(item["until"], (*path, "until"), UNTIL, "duration")


def _check_objects(objects: list[Any], checker: Checker, *, pendulum: bool,
                   field_zone_per_player: bool) -> dict[ObjectId, Mapping[str, Any]]:
    ids: dict[ObjectId, Mapping[str, Any]] = {}
    for i, obj in enumerate(objects):
        path = ("objects", i)
        if checker.mapping(obj, path) is None:
            continue
        oid = checker.string(obj.get("id"), (*path, "id"), min_length=1, max_length=MAX_ID)
        if oid is not None:
            if oid in ids:
                checker.error((*path, "id"), f"duplicate object id {oid!r}")
            else:
                ids[oid] = obj
    occupancy: Counter[tuple[str, str]] = Counter()
    for i, obj in enumerate(objects):
        if isinstance(obj, Mapping):
            _check_object(obj, ("objects", i), ids, checker, occupancy, pendulum=pendulum)
    limits = {"monster_zone": 5, "spell_trap_zone": 5, "pendulum_zone": 2, "field_zone": 1}
    for (zone, player), count in sorted(occupancy.items()):
        if zone == "field_zone" and not field_zone_per_player:
            continue
        if count > limits[zone]:
            checker.error(("objects",), f"{player} has {count} cards in the {zone}; at most {limits[zone]} fit there")
    if not field_zone_per_player:
        total = occupancy[("field_zone", "p1")] + occupancy[("field_zone", "p2")]
        if total > 1:
            checker.error(("objects",), f"{total} cards are in field zones; under this ruleset only one Field Spell can be on the whole field")
    return ids


def _check_object(obj: Mapping[str, Any], path: Path, ids: Mapping[str, Any], checker: Checker,
                  occupancy: Counter[tuple[str, str]], *, pendulum: bool) -> None:
    checker.known_keys(obj, path, OBJECT_KEYS)
    for key in ("id", "name", "owner", "zone", "kind", "subtype"):
        if key not in obj:
            checker.error((*path, key), f"{key} is required")
    if "name" in obj:
        checker.string(obj["name"], (*path, "name"), max_length=MAX_NAME)
    owner = checker.choice(obj.get("owner"), (*path, "owner"), PLAYERS, "player id") if "owner" in obj else None
    controller = owner
    if "controller" in obj:
        controller = checker.choice(obj["controller"], (*path, "controller"), PLAYERS, "player id")
    zones = ZONES if pendulum else tuple(z for z in ZONES if z != "pendulum_zone")
    zone = checker.choice(obj.get("zone"), (*path, "zone"), zones, "zone") if "zone" in obj else None
    kind = checker.choice(obj.get("kind"), (*path, "kind"), [k.value for k in CardKind], "card kind") if "kind" in obj else None
    subtype = None
    if kind is not None and "subtype" in obj:
        subtype = checker.choice(obj["subtype"], (*path, "subtype"), SUBTYPES[CardKind(kind)], f"{kind} subtype")
    if subtype == "pendulum" and not pendulum:
        checker.error((*path, "subtype"), "Pendulum Monsters do not exist under this ruleset")
    if zone is not None and controller is not None and zone in ("monster_zone", "spell_trap_zone", "pendulum_zone", "field_zone"):
        occupancy[(zone, controller)] += 1
    _check_position(obj, path, zone, kind, subtype, checker)
    if zone == "field_zone" and (kind, subtype) != ("spell", "field"):
        checker.error((*path, "zone"), "only a Field Spell can be in the field_zone")
    if zone == "pendulum_zone" and subtype != "pendulum":
        checker.error((*path, "zone"), "only a Pendulum Monster can be in the pendulum_zone")
    if subtype == "token" and zone not in (None, "monster_zone"):
        checker.error((*path, "zone"), "a Token can only be in the monster_zone")
    if "level" in obj:
        checker.integer(obj["level"], (*path, "level"), low=0, high=13)
    for key in ("atk", "def"):
        if key in obj:
            checker.integer(obj[key], (*path, key), low=0, high=MAX_VALUE)
    for key in ("attribute", "race"):
        if key in obj:
            checker.string(obj[key], (*path, key), max_length=MAX_NAME)
    if "counters" in obj and checker.mapping(obj["counters"], (*path, "counters")) is not None:
        for name, count in obj["counters"].items():
            checker.string(name, (*path, "counters"), min_length=1, max_length=MAX_ID)
            checker.integer(count, (*path, "counters", name), low=0, high=MAX_VALUE)
    if obj.get("equipped_to") is not None:
        _check_ref(obj["equipped_to"], (*path, "equipped_to"), ids, checker)
    if "materials" in obj and checker.sequence(obj["materials"], (*path, "materials")) is not None:
        for j, ref in enumerate(obj["materials"]):
            if _check_ref(ref, (*path, "materials", j), ids, checker) and ids[ref].get("zone") != "material":
                checker.error((*path, "materials", j), f"Xyz Material {ref!r} must have zone material")
    for key in ("set_this_turn", "tuner", "summoned_this_turn", "attacked", "position_changed"):
        if key in obj:
            checker.boolean(obj[key], (*path, key))
    for key in ("original_atk", "original_def"):
        if key in obj:
            checker.integer(obj[key], (*path, key), low=0, high=MAX_VALUE)
    if "scale" in obj:
        checker.integer(obj["scale"], (*path, "scale"), low=0, high=13)
    if "materials_required" in obj and checker.sequence(obj["materials_required"], (*path, "materials_required")) is not None:
        if subtype != "fusion":
            checker.error((*path, "materials_required"), "only a Fusion Monster lists materials_required")
        for j, item in enumerate(obj["materials_required"]):
            _check_filter(item, (*path, "materials_required", j), ids, checker, allow_name=True)
    if "effects" in obj and checker.sequence(obj["effects"], (*path, "effects")) is not None:
        seen: set[str] = set()
        for j, effect in enumerate(obj["effects"]):
            _check_effect(effect, (*path, "effects", j), kind, subtype, ids, checker, seen, pendulum=pendulum)


def _check_position(obj: Mapping[str, Any], path: Path, zone: str | None, kind: str | None,
                    subtype: str | None, checker: Checker) -> None:
    position = obj.get("position")
    if zone == "monster_zone":
        if position is None:
            checker.error((*path, "position"), "a card in the monster_zone needs a position")
        else:
            checker.choice(position, (*path, "position"), MONSTER_POSITIONS, "position for the monster_zone")
        if subtype == "token" and position == "face-down defense":
            checker.error((*path, "position"), "a Token cannot be face-down")
    elif zone in ("spell_trap_zone", "field_zone", "pendulum_zone", "banished"):
        if position is not None:
            checker.choice(position, (*path, "position"), CARD_POSITIONS, f"position for the {zone}")
        elif zone != "banished":
            checker.error((*path, "position"), f"a card in the {zone} needs a position (face-up or face-down)")
    elif zone == "extra_deck" and subtype == "pendulum":
        if position is not None:
            checker.choice(position, (*path, "position"), CARD_POSITIONS, "position for the extra_deck")
    elif position is not None and zone is not None:
        checker.error((*path, "position"), f"a card in the {zone} has no position")


def _check_effect(effect: Any, path: Path, kind: str | None, subtype: str | None, ids: Mapping[str, Any],
                  checker: Checker, seen: set[str], *, pendulum: bool) -> None:
    if checker.mapping(effect, path) is None:
        return
    checker.known_keys(effect, path, EFFECT_KEYS)
    if "id" in effect:
        eid = checker.string(effect["id"], (*path, "id"), min_length=1, max_length=MAX_ID)
        if eid is not None:
            if eid in seen:
                checker.error((*path, "id"), f"duplicate effect id {eid!r}")
            seen.add(eid)
    if "class" not in effect:
        checker.error((*path, "class"), "class is required")
    elif kind is not None:
        allowed = sorted(c.value for c in CLASSES_FOR_KIND[CardKind(kind)])
        effect_class = checker.choice(effect["class"], (*path, "class"), allowed, f"effect class for a {kind}")
        if effect_class == "pendulum" and (not pendulum or subtype != "pendulum"):
            checker.error((*path, "class"), "a pendulum effect needs a Pendulum Monster under a ruleset with Pendulums")
    if "text" in effect:
        checker.string(effect["text"], (*path, "text"), max_length=MAX_TEXT)
    if "trigger" in effect:
        checker.choice(effect["trigger"], (*path, "trigger"), TRIGGER_EVENTS, "trigger event")
    if "optional" in effect:
        checker.boolean(effect["optional"], (*path, "optional"))
    if "timing" in effect:
        checker.choice(effect["timing"], (*path, "timing"), ("when", "if"), "trigger timing")
    if "event_of" in effect:
        if effect.get("class") != "trigger":
            checker.error((*path, "event_of"), "event_of is only for trigger effects")
        if effect["event_of"] != "self":
            _check_filter(effect["event_of"], (*path, "event_of"), ids, checker, allow_name=False)
    _check_instructions(effect.get("cost", []), (*path, "cost"), ids, checker, cost=True)
    _check_instructions(effect.get("actions", []), (*path, "actions"), ids, checker, cost=False)


def _check_filter(item: Any, path: Path, ids: Mapping[str, Any], checker: Checker, *, allow_name: bool) -> None:
    """Check a card filter (docs §2.6c): a card name string (Fusion Materials only) or an object."""
    if allow_name and isinstance(item, str):
        checker.string(item, path, min_length=1, max_length=MAX_NAME)
        return
    if checker.mapping(item, path) is None:
        return
    checker.known_keys(item, path, FILTER_KEYS)
    if not item:
        checker.error(path, "a filter needs at least one field")
    if "card" in item:
        _check_ref(item["card"], (*path, "card"), ids, checker)
    for key in ("name", "attribute", "race"):
        if key in item:
            checker.string(item[key], (*path, key), max_length=MAX_NAME)
    if "kind" in item:
        kind = checker.choice(item["kind"], (*path, "kind"), [k.value for k in CardKind], "card kind")
        if kind is not None and "subtype" in item:
            checker.choice(item["subtype"], (*path, "subtype"), SUBTYPES[CardKind(kind)], f"{kind} subtype")
    elif "subtype" in item:
        checker.choice(item["subtype"], (*path, "subtype"), sorted({s for v in SUBTYPES.values() for s in v}), "subtype")
    if "level" in item:
        checker.integer(item["level"], (*path, "level"), low=0, high=13)
    if "controller" in item:
        checker.choice(item["controller"], (*path, "controller"), ("self", "opponent"), "controller")


def card_filter(raw: Any) -> CardFilter:
    """Return the :class:`CardFilter` of a validated filter (a string is a card name)."""
    if isinstance(raw, str):
        return CardFilter(name=raw)
    return CardFilter(**{key: raw[key] for key in FILTER_KEYS if key in raw})


def _check_ref(value: Any, path: Path, ids: Mapping[str, Any], checker: Checker) -> bool:
    if checker.string(value, path, min_length=1, max_length=MAX_ID) is None:
        return False
    if value not in ids:
        checker.error(path, f"unknown object id {value!r}")
        return False
    return True


def _check_refs(value: Any, path: Path, ids: Mapping[str, Any], checker: Checker) -> None:
    if checker.sequence(value, path) is not None:
        for j, ref in enumerate(value):
            _check_ref(ref, (*path, j), ids, checker)


def _check_instructions(value: Any, path: Path, ids: Mapping[str, Any], checker: Checker, *, cost: bool) -> None:
    if checker.sequence(value, path) is None:
        return
    for i, item in enumerate(value):
        ipath = (*path, i)
        if checker.mapping(item, ipath) is None:
            continue
        checker.known_keys(item, ipath, INSTRUCTION_KEYS)
        verb = checker.string(item.get("do"), (*ipath, "do"), min_length=1, max_length=MAX_ID)
        if "target" in item:
            _check_ref(item["target"], (*ipath, "target"), ids, checker)
        if "card" in item:
            _check_ref(item["card"], (*ipath, "card"), ids, checker)
        for key in ("targets", "from", "chosen"):
            if key in item:
                _check_refs(item[key], (*ipath, key), ids, checker)
        if "amount" in item and not (verb == "pay_lp" and item["amount"] == "half"):
            low = -MAX_VALUE if verb in ("change_atk", "change_def") else 0
            checker.integer(item["amount"], (*ipath, "amount"), low=low, high=MAX_VALUE)
        if "set" in item:
            checker.integer(item["set"], (*ipath, "set"), low=0, high=MAX_VALUE)
        if "player" in item:
            checker.choice(item["player"], (*ipath, "player"), PLAYER_REFS, "player")
        if "link" in item:
            checker.integer(item["link"], (*ipath, "link"), low=1, high=1_000)
        if "what" in item:
            checker.choice(item["what"], (*ipath, "what"), NEGATION_SCOPES, "negation scope")
        if "destroy" in item:
            checker.boolean(item["destroy"], (*ipath, "destroy"))
        if "position" in item:
            checker.choice(item["position"], (*ipath, "position"), ("attack", "defense"), "summon position")
        if "choose" in item:
            checker.integer(item["choose"], (*ipath, "choose"), low=1, high=MAX_VALUE)
            if "from" not in item:
                checker.error((*ipath, "from"), "choose needs from: the cards to choose among")
        if "text" in item:
            checker.string(item["text"], (*ipath, "text"), max_length=MAX_TEXT)
        if "materials" in item:
            _check_refs(item["materials"], (*ipath, "materials"), ids, checker)
        if "level" in item:
            checker.integer(item["level"], (*ipath, "level"), low=1, high=13)
        for key in ("at_least", "half"):
            if key in item:
                checker.boolean(item[key], (*ipath, key))
        if "until" in item:
            checker.choice(item["until"], (*ipath, "until"), UNTIL, "duration")
        if cost and verb in COST_VERBS and verb != "pay_lp" and "card" not in item:
            checker.error((*ipath, "card"), f"a {verb} cost needs card")
        if cost and verb == "pay_lp" and "amount" not in item:
            checker.error((*ipath, "amount"), "a pay_lp cost needs amount")


def _check_link(item: Any, path: Path, ids: Mapping[str, Mapping[str, Any]], checker: Checker, *, is_action: bool) -> None:
    if checker.mapping(item, path) is None:
        return
    checker.known_keys(item, path, (*LINK_KEYS, "type") if is_action else LINK_KEYS)
    if "card" not in item:
        checker.error((*path, "card"), "card is required")
        return
    if not _check_ref(item["card"], (*path, "card"), ids, checker):
        return
    effects = ids[item["card"]].get("effects", [])
    effects = effects if isinstance(effects, list) else []
    ref = item.get("effect", 0)
    if isinstance(ref, bool) or not isinstance(ref, (int, str)):
        checker.error((*path, "effect"), "effect must be an index or an effect id")
    elif isinstance(ref, int) and not 0 <= ref < len(effects):
        checker.error((*path, "effect"), f"card {item['card']!r} has no effect {ref} (it has {len(effects)})")
    elif isinstance(ref, str) and not any(isinstance(e, Mapping) and e.get("id") == ref for e in effects):
        checker.error((*path, "effect"), f"card {item['card']!r} has no effect with id {ref!r}")
    if "controller" in item:
        checker.choice(item["controller"], (*path, "controller"), PLAYERS, "player id")
    if "spell_speed" in item:
        checker.integer(item["spell_speed"], (*path, "spell_speed"), low=1, high=3)
    if "targets" in item:
        _check_refs(item["targets"], (*path, "targets"), ids, checker)
    if "cost" in item:
        _check_instructions(item["cost"], (*path, "cost"), ids, checker, cost=True)
    if "actions" in item:
        _check_instructions(item["actions"], (*path, "actions"), ids, checker, cost=False)


def _check_action(item: Any, path: Path, ids: Mapping[str, Mapping[str, Any]], checker: Checker) -> None:
    if checker.mapping(item, path) is None:
        return
    kind = checker.choice(item.get("type"), (*path, "type"), ACTION_TYPES, "action type")
    if kind == "activate":
        _check_link(item, path, ids, checker, is_action=True)
    elif kind == "pass":
        checker.known_keys(item, path, ("type", "player"))
        checker.choice(item.get("player"), (*path, "player"), PLAYERS, "player id")
    elif kind in ("resolve", "damage_step"):
        checker.known_keys(item, path, ("type",))
    elif kind == "end_phase":
        checker.known_keys(item, path, ("type", "player", "to", "discard"))
        if "player" in item:
            checker.choice(item["player"], (*path, "player"), PLAYERS, "player id")
        if "to" in item:
            checker.choice(item["to"], (*path, "to"), ("end",), "phase to skip to")
        if "discard" in item:
            _check_refs(item["discard"], (*path, "discard"), ids, checker)
    elif kind == "place_pendulum":
        checker.known_keys(item, path, ("type", "card", "player"))
        if "card" not in item:
            checker.error((*path, "card"), "card is required")
        else:
            _check_ref(item["card"], (*path, "card"), ids, checker)
        if "player" in item:
            checker.choice(item["player"], (*path, "player"), PLAYERS, "player id")
    elif kind in ("summon", "set", "flip_summon", "change_position"):
        checker.known_keys(item, path, ("type", "card", "player", "tributes", "position"))
        if "card" not in item:
            checker.error((*path, "card"), "card is required")
        else:
            _check_ref(item["card"], (*path, "card"), ids, checker)
        if "player" in item:
            checker.choice(item["player"], (*path, "player"), PLAYERS, "player id")
        if "tributes" in item:
            _check_refs(item["tributes"], (*path, "tributes"), ids, checker)
        if "position" in item:
            checker.choice(item["position"], (*path, "position"), ("attack", "defense"), "position")
    elif kind == "special_summon":
        checker.known_keys(item, path, ("type", "method", "card", "cards", "materials", "player", "position"))
        checker.choice(item.get("method"), (*path, "method"), SUMMON_METHODS, "summon method")
        if ("card" in item) == ("cards" in item):
            checker.error((*path, "card"), "give card (or cards, for a Pendulum Summon)")
        if "card" in item:
            _check_ref(item["card"], (*path, "card"), ids, checker)
        for key in ("cards", "materials"):
            if key in item:
                _check_refs(item[key], (*path, key), ids, checker)
        if "player" in item:
            checker.choice(item["player"], (*path, "player"), PLAYERS, "player id")
        if "position" in item:
            checker.choice(item["position"], (*path, "position"), ("attack", "defense"), "position")
    elif kind == "attack":
        checker.known_keys(item, path, ("type", "attacker", "target"))
        if "attacker" not in item:
            checker.error((*path, "attacker"), "attacker is required")
        else:
            _check_ref(item["attacker"], (*path, "attacker"), ids, checker)
        if item.get("target") is not None:
            _check_ref(item["target"], (*path, "target"), ids, checker)


# ----------------------------------------------------------------------------- parsing

def instruction(raw: Mapping[str, Any]) -> Instruction:
    """Return the :class:`Instruction` of a validated ``{"do": …}`` dict."""
    objects: tuple[ObjectId, ...] = ()
    if "targets" in raw:
        objects = tuple(raw["targets"])
    elif "target" in raw:
        objects = (raw["target"],)
    elif "card" in raw:
        objects = (raw["card"],)
    amount = raw.get("amount")
    return Instruction(
        materials=tuple(raw.get("materials", ())),
        level=raw.get("level"),
        at_least=raw.get("at_least", False),
        until=raw.get("until", "permanent"),
        do=raw["do"],
        objects=objects,
        amount=None if amount == "half" else amount,
        half=amount == "half" or bool(raw.get("half", False)),
        set_value=raw.get("set"),
        player=raw.get("player", "self"),
        link=raw.get("link"),
        what=raw.get("what", "any"),
        destroy=raw.get("destroy", False),
        position=raw.get("position", "attack"),
        choose=raw.get("choose"),
        options=tuple(raw.get("from", ())),
        chosen=tuple(raw["chosen"]) if "chosen" in raw else None,
        text=raw.get("text", ""),
    )


def _effect(raw: Mapping[str, Any]) -> Effect:
    return Effect(
        effect_class=EffectClass(raw["class"]),
        id=raw.get("id"),
        text=raw.get("text", ""),
        cost=tuple(instruction(item) for item in raw.get("cost", [])),
        actions=tuple(instruction(item) for item in raw.get("actions", [])),
        trigger=raw.get("trigger", "flipped" if raw["class"] == "flip" else None),
        optional=raw.get("optional", False),
        timing=raw.get("timing", "if"),
        event_of=None if raw.get("event_of", "self") == "self" else card_filter(raw["event_of"]),
    )


def _card(raw: Mapping[str, Any], seq: int) -> Card:
    position = raw.get("position")
    zone = Zone(raw["zone"])
    if position is None and zone is Zone.BANISHED:
        position = "face-up"
    return Card(
        id=raw["id"], name=raw["name"], owner=raw["owner"], controller=raw.get("controller", raw["owner"]),
        zone=zone, position=Position(position) if position else None, kind=CardKind(raw["kind"]),
        subtype=raw["subtype"], seq=seq, level=raw.get("level"), atk=raw.get("atk"), def_=raw.get("def"),
        attribute=raw.get("attribute"), race=raw.get("race"),
        counters=tuple(sorted(raw.get("counters", {}).items())), equipped_to=raw.get("equipped_to"),
        materials=tuple(raw.get("materials", ())), set_this_turn=raw.get("set_this_turn", False),
        effects=tuple(_effect(e) for e in raw.get("effects", [])),
        original_atk=raw.get("original_atk"), original_def=raw.get("original_def"), tuner=raw.get("tuner", False),
        scale=raw.get("scale"), summoned_this_turn=raw.get("summoned_this_turn", False),
        attacked=raw.get("attacked", False), position_changed=raw.get("position_changed", False),
        materials_required=tuple(card_filter(item) for item in raw.get("materials_required", ())),
    )


def _with_modifiers(cards: tuple[Card, ...], scenario: Mapping[str, Any]) -> tuple[Card, ...]:
    """Attach lingering ``effects`` and the ATK/DEF Continuous Effects of face-up cards as modifiers.

    The document's ``atk``/``def`` is the current value, so each modifier is taken as already
    applied: the original value (unless given) is the current one minus the changes.
    """
    by_id = {card.id: card for card in cards}
    attached: dict[str, list[Modifier]] = {}
    for raw in scenario.get("effects", []):
        attached.setdefault(raw["target"], []).append(
            Modifier(raw["stat"], amount=raw.get("amount", 0), set_value=raw.get("set"), source=raw["source"],
                     until=raw.get("until", "end_phase")))
    for card in cards:
        if card.zone not in FIELD_ZONES or not card.face_up:
            continue
        for effect in card.effects:
            if effect.effect_class is not EffectClass.CONTINUOUS:
                continue
            for item in effect.actions:
                if item.do not in ("change_atk", "change_def"):
                    continue
                for target in item.objects:
                    other = by_id.get(target)
                    if other is not None and other.zone is Zone.MONSTER_ZONE and other.face_up:
                        attached.setdefault(target, []).append(Modifier(item.do[-3:], amount=item.amount or 0,
                                                                        set_value=item.set_value, source=card.id,
                                                                        until="continuous"))
    out = []
    for card in cards:
        mods = tuple(attached.get(card.id, ()))
        originals = {}
        for stat, current, given in (("atk", card.atk, card.original_atk), ("def", card.def_, card.original_def)):
            if given is not None or current is None:
                originals[stat] = given
                continue
            mine = [m for m in mods if m.stat == stat]
            originals[stat] = current if any(m.set_value is not None for m in mine) else current - sum(m.amount for m in mine)
        out.append(replace(card, modifiers=mods, original_atk=originals["atk"], original_def=originals["def"]))
    return tuple(out)


def parse_pending(scenario: Mapping[str, Any], state: GameState) -> tuple[Pending, ...]:
    """Return the document's ``pending`` triggers as :class:`Pending` values."""
    out = []
    for i, raw in enumerate(scenario.get("pending", [])):
        card = state.card(raw["card"])
        ref = raw.get("effect", 0)
        index = ref if isinstance(ref, int) else next(j for j, e in enumerate(card.effects) if e.id == ref)
        effect = card.effects[index]
        out.append(Pending(card=card.id, effect=index,
                           controller=raw.get("controller", card.controller if card.zone in FIELD_ZONES else card.owner),
                           mandatory=not effect.optional, timing=effect.timing, last=raw.get("last", True),
                           order=raw.get("order"), activate=raw.get("activate", True), source=("pending", i),
                           targets=tuple(raw.get("targets", ()))))
    return tuple(out)


def parse_state(scenario: Mapping[str, Any]) -> GameState:
    """Return the :class:`GameState` of a validated scenario (chain not yet built)."""
    players = sorted(scenario["players"], key=lambda p: p["id"])
    cards = _with_modifiers(tuple(_card(raw, seq) for seq, raw in enumerate(scenario["objects"])), scenario)
    turn = scenario["turn"]
    return GameState(
        players=tuple(Player(p["id"], p.get("name", p["id"]), p["lp"]) for p in players),  # type: ignore[arg-type]
        turn=Turn(turn["active"], turn["phase"], turn.get("step"), turn.get("number"),
                  turn.get("normal_summon_used", False), turn.get("pendulum_summon_used", False)),
        cards=cards,
        index={card.id: i for i, card in enumerate(cards)},
    )


def activation(raw: Mapping[str, Any], source: Path, state: GameState) -> Activation:
    """Return the :class:`Activation` a validated chain item or ``activate`` action asks for."""
    card = state.card(raw["card"])
    ref = raw.get("effect", 0)
    index = ref if isinstance(ref, int) else next(i for i, e in enumerate(card.effects) if e.id == ref)
    effect = card.effects[index]
    return Activation(
        card=card.id,
        effect=index,
        controller=raw.get("controller", card.controller),
        spell_speed=raw.get("spell_speed"),
        targets=tuple(raw.get("targets", ())),
        cost=tuple(instruction(i) for i in raw["cost"]) if "cost" in raw else effect.cost,
        actions=tuple(instruction(i) for i in raw["actions"]) if "actions" in raw else effect.actions,
        source=source,
        own_actions="actions" in raw,
    )


# ----------------------------------------------------------------------------- writing back

def result(scenario: Mapping[str, Any], state: GameState, *, complete: bool) -> dict[str, Any]:
    """Return the final state in the scenario's own shape, plus ``winner`` and ``complete``.

    Objects keep every field the document gave; the fields the engine tracks are overwritten.
    """
    raw_objects = {raw["id"]: raw for raw in scenario["objects"]}
    objects = []
    for card in sorted(state.cards, key=lambda c: c.seq):
        if card.zone is Zone.REMOVED:
            continue
        out = dict(raw_objects[card.id])
        out.update(zone=card.zone.value, controller=card.controller)
        _set_or_drop(out, "position", card.position.value if card.position else None)
        _set_or_drop(out, "atk", card.atk)
        _set_or_drop(out, "def", card.def_)
        _set_or_drop(out, "equipped_to", card.equipped_to)
        if card.materials or "materials" in out:
            out["materials"] = list(card.materials)
        if card.counters or "counters" in out:
            out["counters"] = dict(card.counters)
        for key in ("set_this_turn", "summoned_this_turn", "attacked", "position_changed"):
            if getattr(card, key) or key in out:
                out[key] = getattr(card, key)
        objects.append(out)
    chain = [_link_dict(link) for link in state.chain]
    return {
        "format": scenario["format"], "game": scenario["game"], "ruleset": scenario["ruleset"],
        "options": dict(scenario.get("options", {})),
        "players": [{"id": p.id, "name": p.name, "lp": p.lp} for p in state.players],
        "turn": _turn_dict(state),
        "objects": objects, "chain": chain, "pending": [], "effects": _lingering_dicts(state), "actions": [],
        "winner": state.winner, "complete": complete,
        "value_history": {card.id: [_history_dict(h) for h in card.history] for card in state.cards if card.history},
    }


def _turn_dict(state: GameState) -> dict[str, Any]:
    out: dict[str, Any] = {"active": state.turn.active, "phase": state.turn.phase, "step": state.turn.step}
    if state.turn.number is not None:
        out["number"] = state.turn.number
    if state.turn.normal_summon_used:
        out["normal_summon_used"] = True
    if state.turn.pendulum_summon_used:
        out["pendulum_summon_used"] = True
    return out


def _lingering_dicts(state: GameState) -> list[dict[str, Any]]:
    out = []
    for card in state.cards:
        for mod in card.modifiers:
            if mod.until == "end_phase":
                item: dict[str, Any] = {"source": mod.source, "target": card.id, "stat": mod.stat, "until": mod.until}
                if mod.set_value is not None:
                    item["set"] = mod.set_value
                else:
                    item["amount"] = mod.amount
                out.append(item)
    return out


def _history_dict(change: Any) -> dict[str, Any]:
    return {"stat": change.stat, "before": change.before, "after": change.after, "source": change.source,
            "reason": change.reason, "step": change.step}


def _set_or_drop(out: dict[str, Any], key: str, value: Any) -> None:
    if value is None:
        out.pop(key, None)
    else:
        out[key] = value


def _link_dict(link: ChainLink) -> dict[str, Any]:
    return {"card": link.card, "effect": link.effect, "controller": link.controller,
            "spell_speed": link.spell_speed, "targets": list(link.targets)}
