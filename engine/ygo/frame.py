"""Checking a ``ygo`` document: its frame field by field, its vocabulary through the registry
(docs/scenario-format.md §2; docs/engine-vocabulary.md).

The frame (players, turn, objects, chain links, pending triggers, lingering effects) has fixed
keys, checked here with :func:`~engine.core.schema.check_keys`: any other key is an error at its
path. Every vocabulary value (an effect, an instruction, a cost, a filter, an action, an option)
is handed to :data:`~engine.ygo.vocabulary.VOCABULARY`, which checks it against the entry it
names. The cross-field rules of a board (a card's position in its zone, zone capacities, which
effect classes a card kind has) are checked here too: an impossible board is not a scenario.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..core.validation import Checker, Path
from ..core.vocabulary import (
    Boolean, Choice, Const, Either, Field, Integer, ListOf, MapOf, Ref, Row, Text, Validation, check_keys,
)
from .filters import CardFilterField
from .requirements import OBJECT_KEYS as REQUIREMENT_KEYS, check_object as check_requirements
from .model import CLASSES_FOR_KIND, PLAYERS, SUBTYPES, CardKind, Zone
from .vocabulary import VOCABULARY, DocumentValidation

PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
BATTLE_STEPS = ("start", "battle", "damage", "end")
DRAW_STEPS = ("start",)
"""``draw`` + ``start``: the Draw Phase has begun and its draw is still to be made."""
ZONES = tuple(z.value for z in Zone if z is not Zone.REMOVED)
MONSTER_POSITIONS = ("attack", "defense", "face-down defense")
CARD_POSITIONS = ("face-up", "face-down")
KINDS = tuple(kind.value for kind in CardKind)
MAX_ID = 64
MAX_NAME = 200
MAX_VALUE = 999_999
ZONE_LIMITS = {"monster_zone": 5, "spell_trap_zone": 5, "pendulum_zone": 2, "field_zone": 1}
"""Cards per player per zone (ARC-V 2.1.1, 2.1.2, 2.1.5, 2.1.7; MR2 ch1.7)."""

_OBJECT = Ref(spaces=("object",))
_OBJECTS = ListOf(item=_OBJECT)
_PLAYER = Choice(values=PLAYERS, what="player id")
_EFFECT_REF = Either(options=(Integer(low=0, high=999), Text(min_length=1, max_length=MAX_ID)),
                     label="Effect", help="the index of the effect in the card's effects, or its id; default 0")

PLAYER_FIELDS: dict[str, Field] = {"id": _PLAYER, "name": Text(max_length=MAX_NAME), "lp": Integer(low=0, high=MAX_VALUE)}
TURN_FIELDS: dict[str, Field] = {
    "active": _PLAYER, "phase": Choice(values=PHASES, what="phase"), "number": Integer(low=1, high=9_999),
    "normal_summon_used": Boolean(), "pendulum_summon_used": Boolean(),
    "attacker": Ref(spaces=("object",), label="Attacking monster",
                    help="a Battle Phase in progress: the turn player's monster whose attack is in progress"),
    "attack_target": Either(options=(Ref(spaces=("object",)), Const(value=None)), label="Attack target",
                            help="with attacker: the monster it attacks; omit it (or null) for a direct attack"),
}
OBJECT_FIELDS: dict[str, Field] = {
    "id": Text(min_length=1, max_length=MAX_ID), "name": Text(max_length=MAX_NAME), "owner": _PLAYER,
    "controller": _PLAYER, "level": Integer(low=0, high=13), "atk": Integer(low=0, high=MAX_VALUE),
    "def": Integer(low=0, high=MAX_VALUE), "attribute": Text(max_length=MAX_NAME), "race": Text(max_length=MAX_NAME),
    "counters": MapOf(key=VOCABULARY.use("counter"), value=Integer(low=0, high=MAX_VALUE)),
    "set_this_turn": Boolean(), "tuner": Boolean(), "summoned_this_turn": Boolean(), "attacked": Boolean(),
    "position_changed": Boolean(), "original_atk": Integer(low=0, high=MAX_VALUE),
    "original_def": Integer(low=0, high=MAX_VALUE), "scale": Integer(low=0, high=13),
    "revealed": Boolean(), "sent_to_graveyard_this_turn": Boolean(),
}
"""The object keys with a plain type; ``zone``, ``position``, ``kind``, ``subtype``, ``equipped_to``,
``materials``, ``materials_required`` and ``effects`` are checked with the object."""
MONSTER_ONLY = ("level", "atk", "def", "original_atk", "original_def", "attribute", "race", "tuner", "scale",
                "summoned_this_turn", "attacked", "position_changed")
"""Object keys only a monster has (a Spell or Trap with them would have them ignored)."""
OBJECT_CHECKED = ("zone", "position", "kind", "subtype", "equipped_to", "materials", "materials_required", "effects",
                  *REQUIREMENT_KEYS)
LINK_FIELDS: dict[str, Field] = {
    "card": Ref(spaces=("object",), label="Card", help="whose effect is activated"),
    "effect": _EFFECT_REF,
    "controller": Choice(values=PLAYERS, what="player id", label="Controller",
                         help="the player activating; default the card's controller"),
    "spell_speed": Integer(low=1, high=3, label="Spell Speed", help="checked against the derived one"),
    "targets": ListOf(item=_OBJECT, label="Targets", help="the cards targeted on activation"),
    "cost": ListOf(item=VOCABULARY.use("cost"), label="Cost", help="default the effect's cost"),
    "actions": ListOf(item=VOCABULARY.use("instruction"), label="Actions", help="default the effect's actions"),
}
"""The fields of a chain link (a ``chain`` item, an ``activate`` action)."""
LINK_ROW = Row(main=("card", "effect", "targets"), extra=("controller", "spell_speed", "cost", "actions"))
PENDING_FIELDS: dict[str, Field] = {
    "card": _OBJECT, "effect": _EFFECT_REF, "controller": _PLAYER, "order": Integer(low=0, high=1_000),
    "activate": Boolean(), "last": Boolean(), "targets": _OBJECTS,
}
LINGERING_FIELDS: dict[str, Field] = {
    "source": _OBJECT, "target": _OBJECT, "stat": Choice(values=("atk", "def"), what="stat"),
    "amount": Integer(low=-MAX_VALUE, high=MAX_VALUE), "set": Integer(low=0, high=MAX_VALUE),
    "until": VOCABULARY.use("duration"),
}


def validate(scenario: Mapping[str, Any], checker: Checker, *, ruleset: str, pendulum: bool,
             field_zone_per_player: bool) -> None:
    """Record every problem of a ``ygo`` scenario in ``checker`` (the top level is the core's)."""
    _check_players(scenario.get("players"), checker)
    objects = scenario.get("objects")
    if not isinstance(objects, list):
        return
    ids = _object_ids(objects, checker)
    v = DocumentValidation(checker, ruleset=ruleset, refs={"object": frozenset(ids)}, objects=ids)
    _check_turn(scenario.get("turn"), v, pendulum=pendulum)
    _check_objects(objects, ids, v, pendulum=pendulum, field_zone_per_player=field_zone_per_player)
    options = scenario.get("options", {})
    if isinstance(options, Mapping):
        VOCABULARY.check(options, ("options",), "option", v)
    for key, check in (("pending", _check_pending), ("effects", _check_lingering), ("chain", _check_link_item)):
        items = scenario.get(key, [])
        if isinstance(items, list):
            for i, item in enumerate(items):
                check(item, (key, i), v)
    actions = scenario.get("actions", [])
    if isinstance(actions, list):
        for i, item in enumerate(actions):
            VOCABULARY.check(item, ("actions", i), "action", v)


def _check_players(players: Any, checker: Checker) -> None:
    if not isinstance(players, list):
        return
    v = Validation(checker)
    seen: list[str] = []
    for i, player in enumerate(players):
        path = ("players", i)
        if checker.mapping(player, path) is None:
            continue
        check_keys(player, path, v, PLAYER_FIELDS, ("id", "lp"))
        pid = player.get("id")
        if pid in PLAYERS:
            if pid in seen:
                checker.error((*path, "id"), f"duplicate player id {pid!r}")
            seen.append(pid)
    if len(players) != 2 or sorted(seen) != list(PLAYERS):
        more = " (a duel is between two players; only Magic scenarios may have more)" if len(players) > 2 else ""
        checker.error(("players",), "players must list exactly two players, p1 and p2" + more)


def _check_turn(turn: Any, v: Validation, *, pendulum: bool) -> None:
    if not isinstance(turn, Mapping):
        return
    checker = v.checker
    check_keys(turn, ("turn",), v, TURN_FIELDS, ("active", "phase"), ignore=("step",))
    if not pendulum and "pendulum_summon_used" in turn:
        checker.error(("turn", "pendulum_summon_used"), "Pendulum Summons do not exist under this ruleset")
    phase = turn.get("phase")
    step = turn.get("step")
    if step is not None:
        if phase == "draw":
            checker.choice(step, ("turn", "step"), DRAW_STEPS, "draw phase step")
        elif phase != "battle":
            checker.error(("turn", "step"), "step is only given in the battle phase (or draw + start)")
        else:
            checker.choice(step, ("turn", "step"), BATTLE_STEPS, "battle step")
    _check_attack(turn, v)


def _check_attack(turn: Mapping[str, Any], v: Validation) -> None:
    """Check the attack in progress the board gives: only in the Battle Step or the Damage Step,
    by a face-up Attack Position monster of the turn player, against a monster of the opponent
    (MR2 ch3.10; ARC-V 3.2.4.1.i2)."""
    checker = v.checker
    objects = getattr(v, "objects", {})
    attacker, target = turn.get("attacker"), turn.get("attack_target")
    if attacker is None:
        if target is not None:
            checker.error(("turn", "attack_target"), "attack_target goes with attacker")
        return
    if turn.get("phase") != "battle" or turn.get("step") not in ("battle", "damage"):
        checker.error(("turn", "attacker"), "an attack is in progress only in the battle or damage step of the "
                                            "battle phase (give phase battle and step battle or damage)")
        return
    raw = objects.get(attacker) if isinstance(attacker, str) else None
    if isinstance(raw, Mapping) and (raw.get("zone") != "monster_zone" or raw.get("position") != "attack"
                                     or raw.get("controller", raw.get("owner")) != turn.get("active")):
        checker.error(("turn", "attacker"), "the attacker must be a face-up attack position monster in the turn "
                                            "player's monster_zone")
    defender = objects.get(target) if isinstance(target, str) else None
    if isinstance(defender, Mapping) and (defender.get("zone") != "monster_zone"
                                          or defender.get("controller", defender.get("owner")) == turn.get("active")):
        checker.error(("turn", "attack_target"), "the attack target must be a monster in the opponent's monster_zone")


def _object_ids(objects: list[Any], checker: Checker) -> dict[str, Mapping[str, Any]]:
    ids: dict[str, Mapping[str, Any]] = {}
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
    return ids


def _check_objects(objects: list[Any], ids: Mapping[str, Mapping[str, Any]], v: DocumentValidation, *,
                   pendulum: bool, field_zone_per_player: bool) -> None:
    checker = v.checker
    occupancy: Counter[tuple[str, str]] = Counter()
    for i, obj in enumerate(objects):
        if isinstance(obj, Mapping):
            _check_object(obj, ("objects", i), ids, v, occupancy, pendulum=pendulum)
    for (zone, player), count in sorted(occupancy.items()):
        if zone == "field_zone" and not field_zone_per_player:
            continue
        if count > ZONE_LIMITS[zone]:
            checker.error(("objects",), f"{player} has {count} cards in the {zone}; at most {ZONE_LIMITS[zone]} fit there")
    if not field_zone_per_player:
        total = occupancy[("field_zone", "p1")] + occupancy[("field_zone", "p2")]
        if total > 1:
            checker.error(("objects",), f"{total} cards are in field zones; under this ruleset only one Field Spell "
                                        f"can be on the whole field")


def _check_object(obj: Mapping[str, Any], path: Path, ids: Mapping[str, Mapping[str, Any]], v: DocumentValidation,
                  occupancy: Counter[tuple[str, str]], *, pendulum: bool) -> None:
    checker = v.checker
    check_keys(obj, path, v, OBJECT_FIELDS, ("id", "name", "owner"), ignore=OBJECT_CHECKED)
    for key in ("zone", "kind", "subtype"):
        if key not in obj:
            checker.error((*path, key), f"{key} is required")
    owner = obj.get("owner") if obj.get("owner") in PLAYERS else None
    controller = obj.get("controller", owner) if obj.get("controller", owner) in PLAYERS else None
    zones = ZONES if pendulum else tuple(z for z in ZONES if z != "pendulum_zone")
    zone = checker.choice(obj.get("zone"), (*path, "zone"), zones, "zone") if "zone" in obj else None
    kind = checker.choice(obj.get("kind"), (*path, "kind"), KINDS, "card kind") if "kind" in obj else None
    subtype = None
    if kind is not None and "subtype" in obj:
        subtype = checker.choice(obj["subtype"], (*path, "subtype"), SUBTYPES[CardKind(kind)], f"{kind} subtype")
    if subtype == "pendulum" and not pendulum:
        checker.error((*path, "subtype"), "Pendulum Monsters do not exist under this ruleset")
    if kind in ("spell", "trap"):
        for key in MONSTER_ONLY:
            if key in obj:
                checker.error((*path, key), f"a {kind} has no {key}: only a monster does")
    elif "scale" in obj and subtype is not None and subtype != "pendulum":
        checker.error((*path, "scale"), "only a Pendulum Monster has a Pendulum Scale")
    if zone is not None and controller is not None and zone in ZONE_LIMITS:
        occupancy[(zone, controller)] += 1
    _check_position(obj, path, zone, subtype, checker)
    if obj.get("sent_to_graveyard_this_turn") and zone is not None and zone != "graveyard":
        checker.error((*path, "sent_to_graveyard_this_turn"), "only a card in the graveyard was sent there this turn")
    if zone == "field_zone" and (kind, subtype) != ("spell", "field"):
        checker.error((*path, "zone"), "only a Field Spell can be in the field_zone")
    if zone == "pendulum_zone" and subtype != "pendulum":
        checker.error((*path, "zone"), "only a Pendulum Monster can be in the pendulum_zone")
    if subtype == "token" and zone not in (None, "monster_zone"):
        checker.error((*path, "zone"), "a Token can only be in the monster_zone")
    if obj.get("equipped_to") is not None:
        _OBJECT.check(obj["equipped_to"], (*path, "equipped_to"), v)
    if "materials" in obj and _OBJECTS.check(obj["materials"], (*path, "materials"), v):
        if obj["materials"] and subtype != "xyz":
            checker.error((*path, "materials"), "only an Xyz Monster has Xyz Materials (ARC-V 3.2.2.3.1.1.4.1)")
        for j, ref in enumerate(obj["materials"]):
            if ids[ref].get("zone") != "material":
                checker.error((*path, "materials", j), f"Xyz Material {ref!r} must have zone material")
    if "materials_required" in obj and checker.sequence(obj["materials_required"], (*path, "materials_required")) is not None:
        if subtype != "fusion":
            checker.error((*path, "materials_required"), "only a Fusion Monster lists materials_required")
        for j, item in enumerate(obj["materials_required"]):
            _MATERIAL.check(item, (*path, "materials_required", j), v)
    check_requirements(obj, path, ids, kind, subtype, v)
    if "effects" in obj and checker.sequence(obj["effects"], (*path, "effects")) is not None:
        seen: set[str] = set()
        for j, effect in enumerate(obj["effects"]):
            _check_effect(effect, (*path, "effects", j), kind, subtype, v, seen, pendulum=pendulum)


_MATERIAL = CardFilterField(allow_name=True)


def _check_position(obj: Mapping[str, Any], path: Path, zone: str | None, subtype: str | None, checker: Checker) -> None:
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


def _check_effect(effect: Any, path: Path, kind: str | None, subtype: str | None, v: DocumentValidation,
                  seen: set[str], *, pendulum: bool) -> None:
    checker = v.checker
    if checker.mapping(effect, path) is None:
        return
    cls = effect.get("class")
    if kind is not None and isinstance(cls, str) and VOCABULARY.has("ability", cls):
        allowed = sorted(c.value for c in CLASSES_FOR_KIND[CardKind(kind)])
        if cls not in allowed:
            checker.choice(cls, (*path, "class"), allowed, f"effect class for a {kind}")
            return
        if cls == "pendulum" and pendulum and subtype != "pendulum":
            checker.error((*path, "class"), "a pendulum effect needs a Pendulum Monster under a ruleset with Pendulums")
    if "targeting" in effect:
        v.aimed.add((*path, "actions"))
    if not VOCABULARY.check(effect, path, "ability", v):
        return
    eid = effect.get("id")
    if eid is not None:
        if eid in seen:
            checker.error((*path, "id"), f"duplicate effect id {eid!r}")
        seen.add(eid)


def effect_index(raw_card: Mapping[str, Any], ref: Any) -> int | None:
    """Return the index of the effect ``ref`` (an index or an effect id) names, or ``None``."""
    effects = raw_card.get("effects", [])
    effects = effects if isinstance(effects, list) else []
    if isinstance(ref, int) and not isinstance(ref, bool):
        return ref if 0 <= ref < len(effects) else None
    return next((i for i, e in enumerate(effects) if isinstance(e, Mapping) and e.get("id") == ref), None)


def _check_effect_ref(item: Mapping[str, Any], path: Path, v: Validation) -> Mapping[str, Any] | None:
    """Check the ``effect`` a chain link or pending trigger names; return that effect, or ``None``."""
    objects = getattr(v, "objects", None)
    if objects is None or not isinstance(item.get("card"), str) or item["card"] not in objects:
        return None
    card = objects[item["card"]]
    ref = item.get("effect", 0)
    index = effect_index(card, ref)
    if index is not None:
        effect = card["effects"][index]
        return effect if isinstance(effect, Mapping) else None
    count = len(card["effects"]) if isinstance(card.get("effects"), list) else 0
    if isinstance(ref, int) and not isinstance(ref, bool):
        v.error((*path, "effect"), f"card {item['card']!r} has no effect {ref} (it has {count})")
    elif isinstance(ref, str):
        v.error((*path, "effect"), f"card {item['card']!r} has no effect with id {ref!r}")
    return None


def check_link(item: Mapping[str, Any], path: Path, v: Validation) -> None:
    """Check what the link fields cannot say alone: the effect the link names exists, and an
    effect with ``targeting`` whose own actions it applies is given the targets it chose."""
    effect = _check_effect_ref(item, path, v)
    targeting = effect.get("targeting") if isinstance(effect, Mapping) else None
    if isinstance(targeting, Mapping) and "actions" not in item:
        count = targeting.get("count", 1)
        given = len(item.get("targets") or ())
        if (given != count) if not targeting.get("up_to") else not 1 <= given <= count:
            v.error((*path, "targets"), f"this effect targets {count} card(s) when it is activated (its targeting): "
                                        "give them, or the link's own actions")


def _check_link_item(item: Any, path: Path, v: DocumentValidation) -> None:
    if v.checker.mapping(item, path) is None:
        return
    check_keys(item, path, v, LINK_FIELDS, ("card",))
    check_link(item, path, v)


def _check_pending(item: Any, path: Path, v: DocumentValidation) -> None:
    if v.checker.mapping(item, path) is None:
        return
    check_keys(item, path, v, PENDING_FIELDS, ("card",))
    effect = _check_effect_ref(item, path, v)
    if effect is not None and effect.get("class") not in ("trigger", "flip"):
        v.error((*path, "effect"), "a pending effect must be a trigger or flip effect")
    elif effect is not None and item.get("activate") is False and not effect.get("optional", False):
        v.error((*path, "activate"), "a mandatory trigger is always activated (ARC-V 4.2.3.1.i2): only an optional "
                                     "one can be declined")


def _check_lingering(item: Any, path: Path, v: DocumentValidation) -> None:
    if v.checker.mapping(item, path) is None:
        return
    check_keys(item, path, v, LINGERING_FIELDS, ("source", "target", "stat"))
    if ("amount" in item) == ("set" in item):
        v.error((*path, "amount"), "give exactly one of amount and set")
