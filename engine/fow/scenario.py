"""The ``fow`` scenario format: validation, parsing into a :class:`GameState`, and the result.

docs/scenario-format.md §7 is the contract; every path named in an error is the path of the
field in the document (``objects[3].abilities[0].kind``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..core.validation import Checker
from . import continuous as cont
from .model import (ADDITION_SUBTYPES, ATTRIBUTES, BATTLE_AREA, DURATIONS, KEYWORDS, SPELL_SUBTYPES, TYPES, WILL_KINDS, ZONES,
                    Ability, Battle, Card, ChaseItem, Cost, Effect, Face, GameState, Pending, Player, frozen, plain)

OPTIONS: dict[str, tuple[Any, tuple[Any, ...]]] = {
    "variant": ("bifrost", ("bifrost", "valhalla")),
    "trigger_order": ("priority_chapter", ("priority_chapter", "abilities_chapter")),
    "priority_after_judgment": ("opponent", ("opponent", "keep")),
    "main_timing_in_battle": ("forbidden", ("forbidden", "allowed")),
    "blocker_rests": (True, (True, False)),
    "removed_blocker": ("damage_to_target", ("damage_to_target", "no_damage")),
    "j_ruler_attack_on_judgment_turn": ("allowed", ("allowed", "forbidden")),
    "pierce_blocker_damage": ("full", ("full", "capacity")),
    "explode_on_player_damage": ("yes", ("yes", "no")),
    "condition_effect_scope": ("locked", ("locked", "any_card")),
    "lifebreak_threshold": ("literal", ("literal", "per_1000")),
    "life_rounding": ("round_up", ("round_up", "none")),
    "partial_prevention": ("spent", ("spent", "kept")),
}
"""Each option flag: its default and its allowed values (docs/fow-ambiguities.md)."""

PHASE_STEPS = {
    "draw": ("start", "draw"),
    "recovery": ("start", "recover"),
    "main": ("main", "beginning_of_battle", "declare_attack", "declare_block", "block_declared", "first_strike",
             "normal_damage", "end_of_battle"),
    "end": ("start", "end_of_turn", "final"),
    "setup": ("start",),
}
"""Where a scenario may stand: each phase's steps (FoW 5, 8)."""

ABILITY_KINDS = ("static", "activated", "will", "triggered", "judgment", "spell", "break")
INSTRUCTIONS = ("deal_damage", "destroy", "banish", "remove", "return_to_hand", "put_into_graveyard", "draw",
                "gain_life", "lose_life", "rest", "recover", "cancel", "modify", "prevent", "cannot_be_destroyed",
                "delayed", "produce_will", "summon", "discard", "add_counter", "remove_counter", "copy", "search",
                "reveal", "replace", "battle_cost", "unsupported")
ACTIONS = ("pass", "play", "activate", "will", "play_standby", "call_stone", "judgment", "standby", "lifebreak",
           "battle", "attack", "no_attack", "block", "no_block", "choose", "concede", "loop", "mulligan")
EXTRA_KEYWORDS = ("must_attack", "cannot_attack", "indestructible")
"""Card text treated as keywords: must attack if able, cannot attack, cannot be destroyed."""

OBJECT_KEYS = ("id", "name", "owner", "controller", "zone", "type", "subtype", "rested", "damage", "counters",
               "atk", "def", "races", "attributes", "keywords", "cost", "abilities", "attached_to", "side", "j_ruler",
               "entered_this_turn", "on_field_since_turn_start", "placed_this_turn", "awakening", "timestamp",
               "incarnation", "special")


def options(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """Return every option flag, defaults filled in."""
    given = scenario.get("options", {})
    return {key: given.get(key, default) for key, (default, _) in OPTIONS.items()}


def _ability(raw: Any, path: tuple, checker: Checker) -> None:
    ab = checker.mapping(raw, path)
    if ab is None:
        return
    checker.known_keys(ab, path, ("kind", "name", "cost", "trigger", "targets", "effect", "continuous",
                                  "replacement", "produce", "text", "cost_change", "battle_cost"))
    checker.choice(ab.get("kind"), (*path, "kind"), ABILITY_KINDS, "ability kind")
    if "cost" in ab and checker.mapping(ab["cost"], (*path, "cost")) is not None:
        _cost(ab["cost"], (*path, "cost"), checker)
    if "battle_cost" in ab and checker.mapping(ab["battle_cost"], (*path, "battle_cost")) is not None:
        if ab.get("kind") != "static":
            checker.error((*path, "battle_cost"), "battle_cost belongs to a static ability (FoW 8.2, 8.3)")
        _battle_cost(ab["battle_cost"], (*path, "battle_cost"), checker)
    for i, instr in enumerate(ab.get("effect", []) if isinstance(ab.get("effect", []), list) else []):
        if checker.mapping(instr, (*path, "effect", i)) is not None:
            checker.choice(instr.get("do"), (*path, "effect", i, "do"), INSTRUCTIONS, "instruction")
            if "duration" in instr:
                checker.choice(instr["duration"], (*path, "effect", i, "duration"), DURATIONS, "duration")
            if instr.get("do") == "battle_cost":
                _battle_cost(instr, (*path, "effect", i), checker)
    if "effect" in ab:
        checker.sequence(ab["effect"], (*path, "effect"))
    if "targets" in ab and checker.sequence(ab["targets"], (*path, "targets")) is not None:
        for i, t in enumerate(ab["targets"]):
            checker.mapping(t, (*path, "targets", i))


def _cost(raw: Mapping[str, Any], path: tuple, checker: Checker) -> None:
    for key, value in raw.items():
        if key == "rest":
            checker.boolean(value, (*path, key))
        elif key in WILL_KINDS or key == "life":
            checker.integer(value, (*path, key), low=0, high=100_000)
        else:
            checker.error((*path, key), f"unknown cost {key!r}; expected one of: {', '.join(WILL_KINDS)}, life, rest")


def _battle_cost(raw: Mapping[str, Any], path: tuple, checker: Checker) -> None:
    """Check a cost to attack or to block (FoW 8.2, 8.3): ``action``, ``applies_to``, ``cost``."""
    checker.choice(raw.get("action"), (*path, "action"), ("attack", "block"), "battle action")
    applies = raw.get("applies_to", "this")
    if not isinstance(applies, Mapping) and applies not in ("this", "attached"):
        checker.error((*path, "applies_to"), "applies_to is this, attached or a filter")
    cost = checker.mapping(raw.get("cost"), (*path, "cost"))
    if cost is None:
        return
    for key, value in cost.items():
        if key in WILL_KINDS or key in ("life", "discard"):
            checker.integer(value, (*path, "cost", key), low=0, high=100_000)
        elif key == "rest":
            rest = checker.mapping(value, (*path, "cost", "rest"))
            if rest is not None:
                checker.known_keys(rest, (*path, "cost", "rest"), ("filter", "count"))
                checker.mapping(rest.get("filter", {}), (*path, "cost", "rest", "filter"))
                checker.integer(rest.get("count", 1), (*path, "cost", "rest", "count"), low=1, high=100)
        else:
            checker.error((*path, "cost", key),
                          f"unknown cost {key!r}; expected one of: {', '.join(WILL_KINDS)}, life, discard, rest")


def validate(scenario: Mapping[str, Any], checker: Checker) -> None:
    """Check the ``fow`` vocabulary (docs/scenario-format.md §7)."""
    for key, value in scenario.get("options", {}).items():
        if key not in OPTIONS:
            checker.error(("options", key), f"unknown option {key!r}; expected one of: {', '.join(OPTIONS)}")
        elif value not in OPTIONS[key][1]:
            checker.error(("options", key), f"option {key} must be one of: {', '.join(map(str, OPTIONS[key][1]))}")
    players = scenario.get("players", [])
    if len(players) != 2:
        checker.error(("players",), "a Force of Will game has exactly two players (FoW 1.1)")
    pids = []
    for i, raw in enumerate(players):
        p = checker.mapping(raw, ("players", i))
        if p is None:
            continue
        checker.known_keys(p, ("players", i), ("id", "name", "life", "will", "called_stone", "judged", "first_turn",
                                                "may_battle", "hand_limit", "lifebreak_limit"))
        pid = checker.choice(p.get("id"), ("players", i, "id"), ("p1", "p2"), "player id")
        if pid in pids:
            checker.error(("players", i, "id"), f"player {pid} appears twice")
        pids.append(pid)
        checker.integer(p.get("life", 4000), ("players", i, "life"), low=-1_000_000, high=1_000_000)
        if checker.mapping(p.get("will", {}), ("players", i, "will")) is not None:
            for k, v in p.get("will", {}).items():
                checker.choice(k, ("players", i, "will", k), WILL_KINDS, "will kind")
                checker.integer(v, ("players", i, "will", k), low=0, high=10_000)
    turn = scenario.get("turn", {})
    checker.known_keys(turn, ("turn",), ("active", "phase", "step", "number", "priority", "passes", "battle",
                                         "effect_order"))
    checker.choice(turn.get("active"), ("turn", "active"), ("p1", "p2"), "player")
    phase = checker.choice(turn.get("phase"), ("turn", "phase"), PHASE_STEPS, "phase")
    if phase is not None:
        checker.choice(turn.get("step", PHASE_STEPS[phase][0]), ("turn", "step"), PHASE_STEPS[phase], f"step of the {phase} phase")
        if turn.get("step") in PHASE_STEPS["main"][1:] and "battle" not in turn:
            checker.error(("turn", "battle"), "a battle step needs turn.battle (FoW 8)")
    if "priority" in turn:
        checker.choice(turn["priority"], ("turn", "priority"), ("p1", "p2"), "player")
    ids: set[str] = set()
    for i, raw in enumerate(scenario.get("objects", [])):
        o = checker.mapping(raw, ("objects", i))
        if o is None:
            continue
        path = ("objects", i)
        checker.known_keys(o, path, OBJECT_KEYS)
        oid = checker.string(o.get("id"), (*path, "id"), min_length=1, max_length=64)
        if oid in ids:
            checker.error((*path, "id"), f"object id {oid!r} is used twice")
        if oid:
            ids.add(oid)
        checker.string(o.get("name", ""), (*path, "name"))
        checker.choice(o.get("owner"), (*path, "owner"), ("p1", "p2"), "player")
        zone = checker.choice(o.get("zone"), (*path, "zone"), [z for z in ZONES if z != "chase"], "zone")
        kind = checker.choice(o.get("type"), (*path, "type"), TYPES, "card type")
        if kind == "spell":
            checker.choice(o.get("subtype"), (*path, "subtype"), SPELL_SUBTYPES, "spell subtype")
        if kind == "addition":
            checker.choice(o.get("subtype"), (*path, "subtype"), ADDITION_SUBTYPES, "addition subtype")
        for key in ("atk", "def", "damage"):
            if key in o:
                checker.integer(o[key], (*path, key), low=-100_000, high=100_000)
        if "incarnation" in o and checker.sequence(o["incarnation"], (*path, "incarnation")) is not None:
            for j, group in enumerate(o["incarnation"]):
                if checker.sequence(group, (*path, "incarnation", j)) is not None:
                    if not group:
                        checker.error((*path, "incarnation", j), "an Incarnation group names one attribute or more (FoW 12.2)")
                    for attribute in group:
                        checker.choice(attribute, (*path, "incarnation", j), ATTRIBUTES, "attribute")
        for k in o.get("keywords", []):
            checker.choice(k, (*path, "keywords"), KEYWORDS + EXTRA_KEYWORDS, "keyword")
        if "cost" in o and checker.mapping(o["cost"], (*path, "cost")) is not None:
            _cost(o["cost"], (*path, "cost"), checker)
        for j, ab in enumerate(o.get("abilities", [])):
            _ability(ab, (*path, "abilities", j), checker)
        if kind == "ruler" and zone is not None:
            if "j_ruler" not in o:
                checker.error((*path, "j_ruler"), "a ruler needs its J-ruler side (FoW 2.1)")
            checker.choice(o.get("side", "ruler"), (*path, "side"), ("ruler", "j_ruler"), "side")
            if zone not in ("ruler_area", "field", "graveyard", "removed"):
                checker.error((*path, "zone"), f"a ruler cannot be in the {zone} (FoW 3.15)")
            if zone == "field" and o.get("side", "ruler") != "j_ruler":
                checker.error((*path, "side"), "a ruler card on the field is J-side up (FoW 7.5)")
        if kind in ("resonator", "addition", "regalia") and zone in ("stone_area", "stone_deck", "ruler_area"):
            checker.error((*path, "zone"), f"a {kind} cannot be in the {zone} (FoW 3.15)")
        if kind == "magic_stone" and zone in ("hand", "main_deck", "ruler_area"):
            checker.error((*path, "zone"), f"a magic stone cannot be in the {zone} (FoW 3.15)")
        if kind == "spell" and zone in BATTLE_AREA:
            checker.error((*path, "zone"), f"a spell cannot be in the {zone} (FoW 3.15)")
    for i, raw in enumerate(scenario.get("objects", [])):
        if isinstance(raw, Mapping) and raw.get("attached_to") is not None and raw["attached_to"] not in ids:
            checker.error(("objects", i, "attached_to"), f"no object {str(raw['attached_to'])[:60]!r}")
    for i, raw in enumerate(scenario.get("chain", [])):
        c = checker.mapping(raw, ("chain", i))
        if c is None:
            continue
        checker.known_keys(c, ("chain", i), ("kind", "source", "controller", "ability", "targets", "from_hand",
                                             "awakened", "effect"))
        checker.choice(c.get("kind"), ("chain", i, "kind"), ("card", "ability", "judgment"), "chase item kind")
        if c.get("source") not in ids:
            checker.error(("chain", i, "source"), f"no object {str(c.get('source'))[:60]!r}")
        checker.choice(c.get("controller"), ("chain", i, "controller"), ("p1", "p2"), "player")
    for i, raw in enumerate(scenario.get("pending", [])):
        c = checker.mapping(raw, ("pending", i))
        if c is not None and c.get("source") not in ids:
            checker.error(("pending", i, "source"), f"no object {str(c.get('source'))[:60]!r}")
    for i, raw in enumerate(scenario.get("effects", [])):
        e = checker.mapping(raw, ("effects", i))
        if e is None:
            continue
        checker.known_keys(e, ("effects", i), ("id", "kind", "source", "controller", "timestamp", "spec", "affected",
                                               "duration"))
        checker.choice(e.get("kind"), ("effects", i, "kind"), ("continuous", "replacement", "delayed"), "effect kind")
        checker.integer(e.get("timestamp", 0), ("effects", i, "timestamp"), low=0, high=1_000_000)
        checker.mapping(e.get("spec", {}), ("effects", i, "spec"))
        checker.choice(e.get("duration", "permanent"), ("effects", i, "duration"), DURATIONS, "duration")
    for i, raw in enumerate(scenario.get("actions", [])):
        a = checker.mapping(raw, ("actions", i))
        if a is not None:
            checker.choice(a.get("type"), ("actions", i, "type"), ACTIONS, "action")
            if a.get("type") != "choose" or "player" in a:
                checker.choice(a.get("player"), ("actions", i, "player"), ("p1", "p2"), "player")


def _abilities(raw: list) -> tuple[Ability, ...]:
    return tuple(Ability.parse(i, a) for i, a in enumerate(raw))


def parse_state(scenario: Mapping[str, Any]) -> GameState:
    """Build the :class:`GameState` of a validated scenario."""
    players = []
    for p in sorted(scenario["players"], key=lambda p: p["id"]):
        players.append(Player(p["id"], p.get("name", p["id"]), p.get("life", 4000),
                              MappingProxyType({k: v for k, v in p.get("will", {}).items() if v}),
                              p.get("called_stone", False), p.get("judged", False), p.get("first_turn", False),
                              p.get("may_battle", True), False, p.get("hand_limit", 7), p.get("lifebreak_limit", 4)))
    cards = {}
    for seq, o in enumerate(scenario["objects"]):
        face = None
        if "j_ruler" in o:
            j = o["j_ruler"]
            face = Face(j.get("name", o.get("name", "")), j.get("atk", 0), j.get("def", 0), tuple(j.get("races", [])),
                        tuple(j.get("keywords", [])), _abilities(j.get("abilities", [])))
        awakening = o.get("awakening")
        cards[o["id"]] = Card(
            id=o["id"], name=o.get("name", o["id"]), owner=o["owner"], controller=o.get("controller", o["owner"]),
            zone=o["zone"], type=o["type"], subtype=o.get("subtype"), seq=seq, rested=o.get("rested", False),
            damage=o.get("damage", 0), counters=MappingProxyType(dict(o.get("counters", {}))),
            atk=o.get("atk", 0), def_=o.get("def", 0), races=tuple(o.get("races", [])),
            attributes=tuple(o.get("attributes", [])), keywords=tuple(o.get("keywords", [])),
            cost=Cost.parse(o.get("cost")), abilities=_abilities(o.get("abilities", [])),
            attached_to=o.get("attached_to"), side=o.get("side", "ruler") if o["type"] == "ruler" else None,
            j_face=face, entered_this_turn=o.get("entered_this_turn", False),
            on_field_since_turn_start=o.get("on_field_since_turn_start", not o.get("entered_this_turn", False)),
            placed_this_turn=o.get("placed_this_turn", False), timestamp=o.get("timestamp", 0),
            awakening_cost=Cost.parse(awakening.get("cost")) if awakening else None,
            awakening_abilities=_abilities(awakening.get("abilities", [])) if awakening else (),
            incarnation_groups=tuple(tuple(g) for g in o.get("incarnation", [])),
            special=bool(o.get("special", False)),
        )
    chase = []
    for i, c in enumerate(scenario.get("chain", [])):
        targets = tuple(c.get("targets", []))
        marks = tuple(cards[t].incarnation if isinstance(t, str) and t in cards else -1 for t in targets)
        chase.append(ChaseItem(c["kind"], c["source"], c["controller"], c.get("ability"), targets, marks,
                               c.get("from_hand", c["kind"] == "card"), c.get("awakened", False),
                               effect_override=frozen(c["effect"]) if "effect" in c else None, position=i + 1))
        if c["kind"] == "card":
            cards[c["source"]] = Card(**{**_fields(cards[c["source"]]), "zone": "chase"})
    pending = tuple(Pending(p["source"], p.get("controller", cards[p["source"]].controller), p.get("ability"),
                            p.get("count", 1)) for p in scenario.get("pending", []))
    effects = tuple(Effect(e.get("id", f"s{i}"), e["kind"], e.get("source", ""), e.get("controller", "p1"),
                           e.get("timestamp", 0), frozen(e.get("spec", {})),
                           tuple(e["affected"]) if "affected" in e else None, (), e.get("duration", "permanent"))
                    for i, e in enumerate(scenario.get("effects", [])))
    turn = scenario["turn"]
    battle = None
    if "battle" in turn:
        b = turn["battle"]
        battle = Battle(b.get("attacker"), b.get("target"), b.get("blocker"), b.get("attacker") is not None,
                        b.get("blocker") is not None, b.get("first_strike_dealt", False), b.get("opponent_played", False))
    clock = max([c.timestamp for c in cards.values()] + [e.timestamp for e in effects] + [0])
    return GameState(players=(players[0], players[1]), cards=MappingProxyType(cards), active=turn["active"],
                     phase=turn["phase"], step=turn.get("step") or PHASE_STEPS[turn["phase"]][0],
                     turn_number=turn.get("number", 2), priority=turn.get("priority", turn["active"]),
                     passes=turn.get("passes", 0), chase=tuple(chase), pending=pending, effects=effects,
                     battle=battle, clock=clock)


def _fields(card: Card) -> dict[str, Any]:
    return {name: getattr(card, name) for name in card.__dataclass_fields__}


def result(scenario: Mapping[str, Any], state: GameState, chars: Mapping[str, cont.Chars] | None,
           *, complete: bool) -> dict[str, Any]:
    """Return the final state in the scenario's own shape plus ``winner`` and ``complete`` (§7.9)."""
    objects = []
    for card in sorted(state.cards.values(), key=lambda c: (c.zone, c.seq, c.id)):
        o: dict[str, Any] = {"id": card.id, "name": card.name, "owner": card.owner, "controller": card.controller,
                             "zone": card.zone, "type": card.type, "rested": card.rested, "damage": card.damage}
        if card.subtype:
            o["subtype"] = card.subtype
        if card.side:
            o["side"] = card.side
            o["astral"] = card.astral
        if card.counters:
            o["counters"] = dict(card.counters)
        if card.attached_to:
            o["attached_to"] = card.attached_to
        if card.incarnation:
            o["new_card"] = card.incarnation
        if chars is not None and card.id in chars:
            ch = chars[card.id]
            o.update({"atk": ch.atk, "def": ch.def_, "races": ch.races, "keywords": ch.keywords,
                      "current_name": ch.name, "continuous": ch.log})
        objects.append(o)
    out = {key: scenario[key] for key in ("format", "game", "ruleset", "options") if key in scenario}
    out["players"] = [{"id": p.id, "name": p.name, "life": p.life, "will": dict(p.will), "called_stone": p.called_stone,
                       "judged": p.judged, "may_battle": p.may_battle} for p in state.players]
    turn: dict[str, Any] = {"active": state.active, "phase": state.phase, "step": state.step,
                            "number": state.turn_number, "priority": state.priority, "passes": state.passes}
    if state.battle is not None:
        b = state.battle
        turn["battle"] = {"attacker": b.attacker, "target": b.target, "blocker": b.blocker, "blocked": b.blocked}
    out["turn"] = turn
    out["objects"] = objects
    out["chain"] = [{"kind": i.kind, "source": i.source, "controller": i.controller, "ability": i.ability,
                     "targets": list(i.targets), "position": i.position} for i in state.chase]
    out["pending"] = [{"source": p.source, "controller": p.controller, "ability": p.ability, "count": p.count}
                      for p in state.pending]
    out["effects"] = [{"id": e.id, "kind": e.kind, "source": e.source, "controller": e.controller,
                       "timestamp": e.timestamp, "spec": plain(e.spec), "duration": e.duration,
                       **({"affected": list(e.affected)} if e.affected is not None else {})} for e in state.effects]
    out["actions"] = []
    out["winner"] = state.winner
    out["complete"] = complete
    return out
