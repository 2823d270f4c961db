"""The ``fow`` scenario format: validation, parsing into a :class:`GameState`, and the result.

docs/scenario-format.md §7 is the contract; every path named in an error is the path of the
field in the document (``objects[3].abilities[0].kind``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..core.validation import Checker, Path
from ..core.vocabulary import Boolean, Choice, Const, Either, Integer, ListOf, MapOf, Record, Text, Validation
from . import abilities, battle, choices, continuous as cont, costs, damage, effects, game_actions, information  # noqa: F401
from . import player_actions, setup, special, standby, symbols, targets, triggers, zone_moves  # noqa: F401  (register their entries)
from .model import (ADDITION_SUBTYPES, ATTRIBUTES, BATTLE_AREA, KEYWORDS, SPELL_SUBTYPES, TYPES, ZONES, Ability,
                    Battle, Card, ChaseItem, Cost, Effect, Face, GameState, Pending, Player, frozen, plain)
from .limits import USED_THIS_TURN, uses_of
from .modes import CHOSEN_MODES
from .options import OPTIONS, options  # noqa: F401  (the builder reads OPTIONS here)
from .vocabulary import (CARD_COST, CARD_ID, CARD_OR_PLAYER, COUNTER_NAME, PLAYER, PLAYERS, TARGETS, VOCABULARY, WILL_MAP,
                         Reference)

PHASE_STEPS = {
    "draw": ("start", "draw"),
    "recovery": ("start", "recover"),
    "main": ("main", "beginning_of_battle", "declare_attack", "declare_block", "block_declared", "first_strike",
             "normal_damage", "end_of_battle"),
    "end": ("start", "end_of_turn", "final"),
    "setup": ("start",),
}
"""Where a scenario may stand: each phase's steps (FoW 5, 8)."""

ABILITY_KINDS = tuple(VOCABULARY.names("ability"))
INSTRUCTIONS = tuple(VOCABULARY.names("instruction"))
ACTIONS = tuple(VOCABULARY.names("action"))
EXTRA_KEYWORDS = tuple(k for k in VOCABULARY.names("keyword") if k not in KEYWORDS)
"""Card text treated as keywords: must attack if able, cannot attack, cannot be destroyed."""

_NULLABLE_CARD = Either(options=(CARD_ID, Const(value=None)))
PLAYER_FIELDS = {
    "id": PLAYER, "name": Text(max_length=200), "life": Integer(low=-1_000_000, high=1_000_000, default=4000),
    "will": WILL_MAP, "called_stone": Boolean(), "judged": Boolean(), "first_turn": Boolean(), "may_battle": Boolean(),
    "hand_limit": Integer(low=0, high=99, default=7), "lifebreak_limit": Integer(low=0, high=99, default=4),
}
"""A player (docs/scenario-format.md §7.1)."""
BATTLE_FIELDS = {
    "attacker": _NULLABLE_CARD, "target": Either(options=(CARD_OR_PLAYER, Const(value=None))), "blocker": _NULLABLE_CARD,
    "first_strike_dealt": Boolean(), "opponent_played": Boolean(),
}
TURN_FIELDS = {
    "active": PLAYER, "phase": Choice(values=tuple(PHASE_STEPS), what="phase"),
    "step": Choice(values=tuple(dict.fromkeys(s for steps in PHASE_STEPS.values() for s in steps)), what="step"),
    "number": Integer(low=1, high=100_000), "priority": PLAYER, "passes": Integer(low=0, high=1),
    "battle": Record(fields=BATTLE_FIELDS), "effect_order": ListOf(item=Text(min_length=1, max_length=140), max_items=50),
}
"""The turn (§7.2)."""
_ABILITIES = ListOf(item=VOCABULARY.use("ability"), max_items=30)
J_RULER_FIELDS = {
    "name": Text(max_length=200), "atk": Integer(low=-100_000, high=100_000), "def": Integer(low=-100_000, high=100_000),
    "races": ListOf(item=Text(min_length=1, max_length=64), max_items=10),
    "keywords": ListOf(item=VOCABULARY.use("keyword"), max_items=20), "abilities": _ABILITIES,
}
OBJECT_FIELDS = {
    "id": Text(min_length=1, max_length=64), "name": Text(max_length=200), "owner": PLAYER, "controller": PLAYER,
    "zone": Choice(values=tuple(z for z in ZONES if z != "chase"), what="zone"), "type": Choice(values=TYPES, what="card type"),
    "subtype": Choice(values=tuple(dict.fromkeys(SPELL_SUBTYPES + ADDITION_SUBTYPES)), what="subtype"),
    "rested": Boolean(), "damage": Integer(low=-100_000, high=100_000),
    "counters": MapOf(key=COUNTER_NAME, value=Integer(low=0, high=10_000), max_items=20),
    "atk": Integer(low=-100_000, high=100_000), "def": Integer(low=-100_000, high=100_000),
    "races": ListOf(item=Text(min_length=1, max_length=64), max_items=10),
    "attributes": ListOf(item=Choice(values=ATTRIBUTES, what="attribute"), max_items=5),
    "keywords": ListOf(item=VOCABULARY.use("keyword"), max_items=20), "cost": CARD_COST, "abilities": _ABILITIES,
    "attached_to": CARD_ID, "side": Choice(values=("ruler", "j_ruler"), what="side"), "j_ruler": Record(fields=J_RULER_FIELDS),
    "entered_this_turn": Boolean(), "on_field_since_turn_start": Boolean(), "placed_this_turn": Boolean(),
    "awakening": Record(fields={"cost": CARD_COST, "abilities": _ABILITIES}),
    "timestamp": Integer(low=0, high=1_000_000),
    "incarnation": ListOf(item=ListOf(item=Choice(values=ATTRIBUTES, what="attribute"), min_items=1, max_items=5), max_items=10),
    "special": Boolean(), "used_this_turn": USED_THIS_TURN,
}
"""An object (§7.3); the cross-field rules are :func:`_check_object`'s."""
CHAIN_FIELDS = {
    "kind": Choice(values=("card", "ability", "judgment"), what="chase item kind"), "source": CARD_ID, "controller": PLAYER,
    "ability": Integer(low=0, high=99), "targets": TARGETS, "from_hand": Boolean(), "awakened": Boolean(),
    "effect": ListOf(item=VOCABULARY.use("instruction"), max_items=50), "modes": CHOSEN_MODES,
}
"""A chase item (§7.5)."""
CHAIN_KEYS = {"card": ("kind", "source", "controller", "targets", "from_hand", "awakened", "modes"),
              "ability": ("kind", "source", "controller", "ability", "targets", "effect", "modes"),
              "judgment": ("kind", "source", "controller")}
"""The keys each kind of chase item reads."""
PENDING_FIELDS = {"source": CARD_ID, "controller": PLAYER, "ability": Integer(low=0, high=99), "count": Integer(low=1, high=999)}
"""A triggered ability waiting for priority processing (§7.5)."""


def validate(scenario: Mapping[str, Any], checker: Checker) -> None:
    """Check a ``fow`` scenario (docs/scenario-format.md §7): the frame strictly (every key known,
    every id defined), every vocabulary value through :data:`VOCABULARY`."""
    objects = scenario.get("objects", [])
    ids = frozenset(o["id"] for o in objects if isinstance(o, Mapping) and isinstance(o.get("id"), str))
    v = Validation(checker, ruleset=scenario.get("ruleset", ""), refs={"object": ids, "player": frozenset(PLAYERS)})
    VOCABULARY.check(scenario.get("options", {}), ("options",), "option", v)
    players = scenario.get("players", [])
    if len(players) != 2:
        checker.error(("players",), "a Force of Will game has exactly two players (FoW 1.1)")
    seen: list[Any] = []
    for i, raw in enumerate(players):
        if Record(fields=PLAYER_FIELDS, required=("id",)).check(raw, ("players", i), v) and raw["id"] in seen:
            checker.error(("players", i, "id"), f"player {raw['id']} appears twice")
        if isinstance(raw, Mapping):
            seen.append(raw.get("id"))
    _check_turn(scenario.get("turn", {}), v)
    seen_ids: set[str] = set()
    for i, raw in enumerate(objects):
        path = ("objects", i)
        if isinstance(raw, Mapping) and raw.get("zone") == "chase":
            # The chase holds chase items, not cards placed there (FoW 3.13): say where it goes.
            v.error((*path, "zone"), "a card on the chase is a chase item: add it to `chain` (kind card, source "
                                     f"{str(raw.get('id'))[:64]!r}) and give here the zone it was played from (FoW 3.13)")
            continue
        if not Record(fields=OBJECT_FIELDS, required=("id", "owner", "zone", "type")).check(raw, path, v):
            continue
        if raw["id"] in seen_ids:
            checker.error((*path, "id"), f"object id {raw['id']!r} is used twice")
        seen_ids.add(raw["id"])
        _check_object(raw, path, v)
    chain = scenario.get("chain", [])
    for i, raw in enumerate(chain):
        _check_chain_item(raw, ("chain", i), v, {o["id"]: o for o in objects if isinstance(o, Mapping) and "id" in o})
    for i, raw in enumerate(scenario.get("pending", [])):
        path = ("pending", i)
        if Record(fields=PENDING_FIELDS, required=("source", "ability")).check(raw, path, v):
            _check_ability_index(raw, path, v, objects)
    effect_ids: set[str] = set()
    for i, raw in enumerate(scenario.get("effects", [])):
        if VOCABULARY.check(raw, ("effects", i), "effect", v):
            key = raw.get("id", f"s{i}")
            if key in effect_ids:
                checker.error(("effects", i, "id"), f"effect key {key!r} is used twice")
            effect_ids.add(key)
    for i, raw in enumerate(scenario.get("actions", [])):
        VOCABULARY.check(raw, ("actions", i), "action", v)


def _check_turn(turn: Any, v: Validation) -> None:
    if not Record(fields=TURN_FIELDS, required=("active", "phase")).check(turn, ("turn",), v):
        return
    phase = turn["phase"]
    step = turn.get("step", PHASE_STEPS[phase][0])
    if step not in PHASE_STEPS[phase]:
        v.error(("turn", "step"), f"unknown step of the {phase} phase {step!r}; expected one of: {', '.join(PHASE_STEPS[phase])}")
    elif step in PHASE_STEPS["main"][1:] and "battle" not in turn:
        v.error(("turn", "battle"), "a battle step needs turn.battle (FoW 8)")


def _check_object(o: Mapping[str, Any], path: Path, v: Validation) -> None:
    """The cross-field rules of an object (FoW 2.1, 3.15, and what each field is read for)."""
    kind, zone = o["type"], o["zone"]
    subtypes = {"spell": SPELL_SUBTYPES, "addition": ADDITION_SUBTYPES}.get(kind)
    if subtypes is not None and o.get("subtype") not in subtypes:
        v.error((*path, "subtype"), f"unknown {kind} subtype {str(o.get('subtype'))[:40]!r}; expected one of: {', '.join(subtypes)}")
    elif subtypes is None and "subtype" in o:
        v.error((*path, "subtype"), f"a {kind} has no subtype (only spells and additions do, FoW 2.1)")
    if kind == "ruler":
        if "j_ruler" not in o:
            v.error((*path, "j_ruler"), "a ruler needs its J-ruler side (FoW 2.1)")
        if zone not in ("ruler_area", "field", "graveyard", "removed"):
            v.error((*path, "zone"), f"a ruler cannot be in the {zone} (FoW 3.15)")
        if zone == "field" and o.get("side", "ruler") != "j_ruler":
            v.error((*path, "side"), "a ruler card on the field is J-side up (FoW 7.5)")
    else:
        for key in ("j_ruler", "side"):
            if key in o:
                v.error((*path, key), f"{key} belongs to a ruler card (FoW 2.1)")
    if kind in ("resonator", "addition", "regalia") and zone in ("stone_area", "stone_deck", "ruler_area"):
        v.error((*path, "zone"), f"a {kind} cannot be in the {zone} (FoW 3.15)")
    if kind == "magic_stone" and zone in ("hand", "main_deck", "ruler_area"):
        v.error((*path, "zone"), f"a magic stone cannot be in the {zone} (FoW 3.15)")
    if kind == "spell" and zone in BATTLE_AREA:
        v.error((*path, "zone"), f"a spell cannot be in the {zone} (FoW 3.15)")
    if "special" in o and kind != "magic_stone":
        v.error((*path, "special"), "special belongs to a magic stone (FoW 4.1)")
    if "awakening" in o and kind not in ("resonator", "addition", "regalia"):
        v.error((*path, "awakening"), f"a {kind} is not played onto the field: Awakening text is never gained (FoW 12.1)")
    if "attached_to" in o and o["attached_to"] == o["id"]:
        v.error((*path, "attached_to"), "a card cannot be attached to itself (FoW 10.1)")
    lists = [("abilities", o.get("abilities", []))]
    if isinstance(o.get("j_ruler"), Mapping):
        lists.append(("j_ruler", o["j_ruler"].get("abilities", [])))
    if isinstance(o.get("awakening"), Mapping):
        lists.append(("awakening", o["awakening"].get("abilities", [])))
    for where, abilities in lists:
        base = (*path, "abilities") if where == "abilities" else (*path, where, "abilities")
        count: dict[str, int] = {}
        for j, ability in enumerate(abilities):
            if not isinstance(ability, Mapping):
                continue
            ab_kind = ability.get("kind")
            count[ab_kind] = count.get(ab_kind, 0) + 1
            here = (*base, j)
            if ab_kind == "spell" and (kind != "spell" or where != "abilities"):
                v.error((*here, "kind"), "only a spell card's own text is a spell ability (FoW 9.3)")
            if ab_kind == "judgment" and (kind != "ruler" or where != "abilities"):
                v.error((*here, "kind"), "only a ruler card's ruler side has a Judgment ability (FoW 7.5)")
            if ab_kind in ("spell", "judgment", "break") and count[ab_kind] > 1:
                v.error((*here, "kind"), f"a card has one {ab_kind} ability; only the first would be read")
            if ab_kind == "spell" and "trigger" in ability and o.get("subtype") != "chant_standby":
                v.error((*here, "trigger"), "only a Chant-Standby has a condition (FoW 7.9)")
            targets = ability.get("targets", [])
            _check_indexes(ability.get("effect", []), _target_kinds(targets), (*here, "effect"), v)
            modes = ability.get("modes")
            for m, mode in enumerate(modes.get("options", []) if isinstance(modes, Mapping) else []):
                if isinstance(mode, Mapping):  # a mode's target indexes name its own targets (FoW 9.3)
                    _check_indexes(mode.get("effect", []), _target_kinds(mode.get("targets", [])),
                                   (*here, "modes", "options", m, "effect"), v)
    for k, index in enumerate(o.get("used_this_turn", []) if isinstance(o.get("used_this_turn"), list) else []):
        ability = o.get("abilities", [])[index] if isinstance(index, int) and index < len(o.get("abilities", [])) else None
        if not isinstance(ability, Mapping) or "limit" not in ability:
            v.error((*path, "used_this_turn", k), f"ability {index} of {o['id']} has no use limit (FoW 9.1): "
                                                  "only abilities with a limit count their uses")


def _check_indexes(effect: Any, targets: list[str | None], path: Path, v: Validation) -> None:
    """Refuse an instruction ``target`` index naming no chosen target (it would always be
    skipped, FoW 9.3) or a target of a kind the instruction does not act on (``targets``: the
    kind of each, ``card``, ``player``, ``chase``, or ``None`` if unknown); a delayed trigger's
    instructions have no targets (FoW 9.6)."""
    if not isinstance(effect, list):
        return
    for k, instr in enumerate(effect):
        if not isinstance(instr, Mapping):
            continue
        ref = instr.get("target")
        if isinstance(ref, list):  # several chosen targets at once: each index is checked
            for n, one in enumerate(ref):
                _check_index(instr, one, targets, (*path, k, "target", n), v)
        else:
            _check_index(instr, ref, targets, (*path, k, "target"), v)
        if instr.get("do") == "delayed":
            _check_indexes(instr.get("effect", []), [], (*path, k, "effect"), v)


def _check_index(instr: Mapping[str, Any], ref: Any, targets: list[str | None], path: Path, v: Validation) -> None:
    """Refuse one ``target`` index (at ``path``) of an instruction naming no chosen target or one of
    a kind the instruction does not act on (:func:`_check_indexes`)."""
    if not isinstance(ref, int) or isinstance(ref, bool):
        return
    if ref >= len(targets):
        v.error(path, f"target {ref} names no chosen target: "
                      + (f"there are {len(targets)} (0–{len(targets) - 1})" if targets else "there are none"))
    elif VOCABULARY.has("instruction", instr.get("do")):
        field = VOCABULARY.get("instruction", instr["do"]).keys.get("target")
        kind = targets[ref]
        if isinstance(field, Reference) and kind is not None and kind not in field.index_to:
            v.error(path, f"target {ref} is a {kind} target; {instr['do']} acts on "
                          + " or ".join(f"a {what}" for what in field.index_to))


def _target_kinds(specs: Any) -> list[str | None]:
    """Return what each target specification chooses: ``player``, ``chase`` or ``card``."""
    if not isinstance(specs, list):
        return []
    return [spec.get("zone") if isinstance(spec, Mapping) and spec.get("zone") in ("player", "chase") else "card"
            for spec in specs]


def _abilities_of(o: Mapping[str, Any]) -> list[list[Any]]:
    out = [o.get("abilities", [])]
    for key in ("j_ruler", "awakening"):
        if isinstance(o.get(key), Mapping):
            out.append(o[key].get("abilities", []))
    return [a if isinstance(a, list) else [] for a in out]


def _check_ability_index(raw: Mapping[str, Any], path: Path, v: Validation, objects: Any) -> None:
    """Refuse an ability index its source does not have (nothing would resolve)."""
    source = next((o for o in objects if isinstance(o, Mapping) and o.get("id") == raw["source"]), None)
    index = raw.get("ability")
    if source is None or index is None:
        return
    if not any(index < len(abilities) for abilities in _abilities_of(source)):
        v.error((*path, "ability"), f"{raw['source']} has no ability {index}")


def _check_chain_item(raw: Any, path: Path, v: Validation, objects: Mapping[str, Any]) -> None:
    if not Record(fields=CHAIN_FIELDS, required=("kind", "source", "controller")).check(raw, path, v):
        return
    for key in raw:
        if key not in CHAIN_KEYS[raw["kind"]]:
            v.error((*path, key), f"a {raw['kind']} item has no {key} (it takes: {', '.join(CHAIN_KEYS[raw['kind']][1:])})")
    if raw["kind"] in ("card", "ability") and "effect" not in raw:
        _check_chain_modes(raw, path, v, objects)
    if raw["kind"] == "ability":
        if "ability" not in raw and "effect" not in raw:
            v.error((*path, "ability"), "an ability item names its ability (or gives its effect)")
        _check_ability_index(raw, path, v, list(objects.values()))
        _check_indexes(raw.get("effect", []), [None] * len(raw.get("targets", [])), (*path, "effect"), v)


def _check_chain_modes(raw: Mapping[str, Any], path: Path, v: Validation, objects: Mapping[str, Any]) -> None:
    """Refuse the ``modes`` of a chase item whose card or ability is not modal, or that do not
    name ``choose`` distinct modes it has, and a modal one without them (FoW 9.3)."""
    source = objects.get(raw["source"])
    abilities = source.get("abilities", []) if isinstance(source, Mapping) else []
    if raw["kind"] == "card":
        ability = next((a for a in abilities if isinstance(a, Mapping) and a.get("kind") == "spell"), None)
    else:
        index = raw.get("ability")
        ability = abilities[index] if isinstance(index, int) and index < len(abilities) else None
    modes = ability.get("modes") if isinstance(ability, Mapping) else None
    given = raw.get("modes")
    if given is None:
        if isinstance(modes, Mapping):  # the modes were chosen when it was played (FoW 9.3): say which
            v.error((*path, "modes"), f"{raw['source']}'s {'spell' if raw['kind'] == 'card' else 'ability'} is modal: "
                                      f"give the {modes.get('choose')} mode(s) chosen when it was played (FoW 9.3)")
    elif not isinstance(modes, Mapping):
        v.error((*path, "modes"), f"{raw['source']}'s {'spell' if raw['kind'] == 'card' else 'ability'} is not modal "
                                  "(it has no modes, FoW 9.3)")
    elif len(given) != modes.get("choose") or len(set(given)) != len(given) \
            or any(i >= len(modes.get("options", [])) for i in given):
        v.error((*path, "modes"), f"choose {modes.get('choose')} distinct modes of {len(modes.get('options', []))} "
                                  "(FoW 9.3)")


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
                               effect_override=frozen(c["effect"]) if "effect" in c else None, position=i + 1,
                               modes=tuple(sorted(c["modes"])) if "modes" in c else None))
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
                     battle=battle, clock=clock, effect_order=tuple(turn.get("effect_order", [])),
                     actions=tuple(scenario.get("actions", [])),
                     uses=tuple((turn.get("number", 2), cards[o["id"]].controller, cards[o["id"]].name, o["id"], 0, index)
                                for o in scenario["objects"] for index in o.get("used_this_turn", [])))


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
        if card.face_down:
            o["face_down"] = True
        if card.incarnation:
            o["new_card"] = card.incarnation
        used = uses_of(state, card)
        if used:
            o["used_this_turn"] = used
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
    # A card played awakened keeps saying so on the chase (FoW 12.1: it enters the field with its text).
    out["chain"] = [{"kind": i.kind, "source": i.source, "controller": i.controller, "ability": i.ability,
                     "targets": list(i.targets), "position": i.position, **({"awakened": True} if i.awakened else {}),
                     **({"modes": list(i.modes)} if i.modes is not None else {})} for i in state.chase]
    out["pending"] = [{"source": p.source, "controller": p.controller, "ability": p.ability, "count": p.count}
                      for p in state.pending]
    # The effects still in force, as a scenario would give them: a spent replacement or a delayed trigger that
    # triggered does nothing any more (FoW 9.10, 9.6), and a "prevent N" keeps only what is left of N (10.17).
    out["effects"] = [{"id": e.id, "kind": e.kind, "source": e.source, "controller": e.controller,
                       "timestamp": e.timestamp,
                       "spec": plain(e.spec) | ({"amount": e.remaining} if e.remaining is not None else {}),
                       "duration": e.duration, **({"affected": list(e.affected)} if e.affected is not None else {})}
                      for e in state.effects if not e.used]
    out["actions"] = []
    out["winner"] = state.winner
    out["complete"] = complete
    return out
