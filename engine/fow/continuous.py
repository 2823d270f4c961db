"""Continuous effects in the whitepaper's own order (FoW 2.3, 9.9, 10.19).

Base information is the printed card plus its basic abilities. Effects then apply in three
steps: abilities added or removed, non-numeric information, numeric values (FoW 9.9); an
effect that spans steps is split. Within a step: dependency first, then timestamp, then the
turn player's choice. Effects from resolved abilities are fixed to the cards they affected
(or, with a condition, to the cards in the zone when they began, by the default reading of
``condition_effect_scope``). Each card's ``continuous`` list records every change and why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .model import BATTLE_AREA, TYPES, ZONES, Ability, Card, CardId, GameState
from ..core.deadline import check as check_deadline
from ..core.vocabulary import Boolean, Choice, Const, Integer, ListOf, Row, Text
from .vocabulary import APPLIES_TO, VOCABULARY

STEPS = ("abilities", "non_numeric", "numeric")
"""The three steps of FoW 9.9, in order."""

STEP_FIELDS = {
    "abilities": ("gain", "lose", "lose_all"),
    "non_numeric": ("races_become", "races_gain", "name_become"),
    "numeric": ("set_atk", "set_def", "atk", "def", "half_atk", "half_def"),
}
"""Which changes of a continuous-effect spec belong to which step."""

FILTER_READS = {"race": "races", "keyword": "keywords", "atk_at_least": "atk", "def_at_least": "def",
                "name": "name", "type": "type"}
"""Filter keys and the characteristic each reads (dependency, FoW 9.9)."""
WRITES = {"gain": "keywords", "lose": "keywords", "lose_all": "keywords", "races_become": "races",
          "races_gain": "races", "name_become": "name", "set_atk": "atk", "set_def": "def", "atk": "atk", "def": "def",
          "half_atk": "atk", "half_def": "def"}


@dataclass
class Chars:
    """A card's current information while the steps are applied (internal, mutable scratch)."""

    name: str
    type: str
    atk: int
    def_: int
    races: list[str]
    keywords: list[str]
    abilities_lost: bool = False
    log: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Part:
    """The part of one continuous effect that belongs to one step (FoW 9.9)."""

    key: str
    """``<card>#<ability>`` for a static ability, the effect id otherwise."""
    source: CardId
    controller: str
    step: str
    changes: Mapping[str, Any]
    timestamp: int
    applies_to: Any
    """``this``, ``attached``, a tuple of fixed card ids, or a filter mapping."""
    static: bool
    condition: Mapping[str, Any] | None = None
    """The filter a card must meet to be affected (the mapping ``applies_to``, or the condition a
    locked set keeps re-checking, FoW 9.9); ``None`` when none is read."""


def base(card: Card) -> Chars:
    """Return the base information of ``card`` (the side up): its printed information and its
    basic abilities, valid in every zone (FoW 9.9 「卡牌本身的資訊和卡牌的基礎異能均是基礎資訊」,
    9.4); an astral ruler has none (FoW 3.8)."""
    if card.side == "j_ruler" and card.j_face is not None:
        face = card.j_face
        if card.astral:
            return Chars(face.name, "astral_ruler", 0, 0, [], [], abilities_lost=True)
        chars = Chars(face.name, "j_ruler", face.atk, face.def_, list(face.races), list(face.keywords))
    else:
        chars = Chars(card.name, card.type, card.atk, card.def_, list(card.races), list(card.keywords))
    for ability in abilities_of(card):
        if ability.kind == "basic" and ability.basic is not None:
            chars.atk = ability.basic.get("atk", chars.atk)
            chars.def_ = ability.basic.get("def", chars.def_)
            chars.races += [race for race in ability.basic.get("races", ()) if race not in chars.races]
    return chars


def abilities_of(card: Card) -> tuple[Ability, ...]:
    """Return the printed abilities of the side up (plus Awakening text once awakened, FoW 12.1)."""
    if card.side == "j_ruler" and card.j_face is not None:
        return () if card.astral else card.j_face.abilities
    if card.awakened:
        return card.abilities + card.awakening_abilities
    return card.abilities


def valid(card: Card) -> bool:
    """Return whether the abilities of ``card`` work where it is (FoW 9.2).

    J-rulers, resonators, additions and regalia on the field; rulers in the ruler area; magic
    stones in the magic stone area. (9.2 omits regalia; they are read as valid on the field.)
    """
    if card.zone == "field":
        return card.type in ("resonator", "addition", "regalia", "ruler") or card.side == "j_ruler"
    if card.zone == "ruler_area":
        return card.type == "ruler" and not card.astral
    return card.zone == "stone_area" and card.type == "magic_stone"


def works(card: Card, ability: Ability) -> bool:
    """Return whether ``ability`` of ``card`` is valid where the card is (FoW 9.2): where the card's
    abilities are valid (:func:`valid`), or in a zone the ability's own text names (``valid_in``); a
    basic ability is valid in every zone (FoW 9.4)."""
    return ability.kind == "basic" or valid(card) or card.zone in ability.valid_in


def _parts(state: GameState) -> list[Part]:
    parts: list[Part] = []
    for card in state.cards.values():
        for ability in abilities_of(card):
            if ability.kind != "static" or ability.continuous is None or not works(card, ability):
                continue
            spec = ability.continuous
            for step in STEPS:
                changes = {k: spec[k] for k in STEP_FIELDS[step] if k in spec}
                if changes:
                    applies = spec.get("applies_to", "this")
                    parts.append(Part(f"{card.id}#{ability.index}", card.id, card.controller, step, changes,
                                      card.timestamp, applies, True, applies if isinstance(applies, Mapping) else None))
    for effect in state.effects:
        if effect.kind != "continuous":
            continue
        spec = effect.spec
        applies = effect.affected if effect.affected is not None else spec.get("applies_to", "this")
        condition = spec.get("applies_to") if isinstance(spec.get("applies_to"), Mapping) else None
        for step in STEPS:
            changes = {k: spec[k] for k in STEP_FIELDS[step] if k in spec}
            if changes:
                parts.append(Part(effect.id, effect.source, effect.controller, step, changes, effect.timestamp,
                                  applies, False, condition))
    return parts


def matches(chars: Chars, card: Card, flt: Mapping[str, Any], controller: str) -> bool:
    """Return whether a card with current information ``chars`` meets filter ``flt``."""
    zone = flt.get("zone", "field")
    if zone == "battle_area":
        if card.zone not in BATTLE_AREA:
            return False
    elif card.zone != zone:
        return False
    if "types" in flt and chars.type not in flt["types"]:
        return False
    who = flt.get("controller", "any")
    if who == "you" and card.controller != controller or who == "opponent" and card.controller == controller:
        return False
    if "race" in flt and flt["race"] not in chars.races:
        return False
    if "keyword" in flt and flt["keyword"] not in chars.keywords:
        return False
    if "atk_at_least" in flt and chars.atk < flt["atk_at_least"]:
        return False
    if "def_at_least" in flt and chars.def_ < flt["def_at_least"]:
        return False
    if "name" in flt and flt["name"] not in chars.name:  # FoW 2.2: a quoted name matches names containing it
        return False
    return "rested" not in flt or card.rested == flt["rested"]


def _affected(part: Part, state: GameState, chars: dict[CardId, Chars]) -> list[CardId]:
    applies = part.applies_to
    source = state.cards.get(part.source)
    if applies == "this":
        return [part.source] if part.source in chars else []
    if applies == "attached":
        return [source.attached_to] if source and source.attached_to in chars else []
    if isinstance(applies, tuple):
        ids = [a for a in applies if isinstance(a, str) and a in chars]
        flt = part.condition  # a locked set still re-checks the condition (FoW 9.9, first sentence)
        if flt is not None:
            ids = [i for i in ids if matches(chars[i], state.cards[i], flt, part.controller)]
        return [i for i in ids if state.cards[i].zone in BATTLE_AREA]
    if isinstance(applies, Mapping):
        return [cid for cid, ch in chars.items() if matches(ch, state.cards[cid], applies, part.controller)]
    return []


def _reads(part: Part) -> set[str]:
    """Return the characteristics the condition of ``part`` reads."""
    return {FILTER_READS[k] for k in part.condition if k in FILTER_READS} if part.condition is not None else set()


def _depends(b: Part, a: Part, state: GameState, chars: dict[CardId, Chars], affected_a: list[CardId]) -> bool:
    """Return whether ``b`` depends on ``a``: applying ``a`` first changes how ``b`` applies (FoW 9.9).

    The definition is tried, not guessed: ``a`` is applied to a copy of each card it affects and
    ``b`` is looked at again. ``b`` applies differently when it would cease to exist (``a`` takes
    away all abilities of ``b``'s source, a static ability) or when a card comes into or drops out
    of the cards ``b`` applies to (its condition reads what ``a`` changed). What ``b`` then does to
    a card is fixed (``+200``, "becomes 0"), so a different end result alone is no dependency:
    that order is the timestamp's (FoW 9.9).
    """
    if a.key == b.key:
        return False
    if "lose_all" in a.changes and b.static and b.source in affected_a:
        return True
    reads = _reads(b)
    if not reads or not reads & {WRITES[k] for k in a.changes}:
        return False
    locked = set(b.applies_to) if isinstance(b.applies_to, tuple) else None
    for cid in affected_a:
        if locked is not None and cid not in locked:
            continue
        ch = chars[cid]
        card = state.cards[cid]
        trial = replace(ch, races=list(ch.races), keywords=list(ch.keywords), log=[])
        _apply(a, trial)
        if matches(ch, card, b.condition, b.controller) != matches(trial, card, b.condition, b.controller):
            return True
    return False


class OrderChoice(Exception):
    """Effects tie on timestamp: the turn player must choose their order (FoW 9.9)."""

    def __init__(self, keys: list[str]) -> None:
        super().__init__(keys)
        self.keys = keys


def _apply(part: Part, ch: Chars) -> dict[str, Any]:
    before = {"atk": ch.atk, "def": ch.def_, "races": list(ch.races), "keywords": list(ch.keywords), "name": ch.name}
    for key, value in part.changes.items():
        if key == "lose_all":
            ch.keywords = []
            ch.abilities_lost = True
        elif key == "gain":
            ch.keywords += [k for k in value if k not in ch.keywords]
        elif key == "lose":
            ch.keywords = [k for k in ch.keywords if k not in value]
        elif key == "races_become":  # "becomes" replaces (FoW 10.19)
            ch.races = list(value)
        elif key == "races_gain":  # "gains" adds (FoW 10.19)
            ch.races += [r for r in value if r not in ch.races]
        elif key == "name_become":
            ch.name = value
        elif key == "set_atk":
            ch.atk = value
        elif key == "set_def":
            ch.def_ = value
        elif key == "atk":
            ch.atk += value
        elif key == "def":
            ch.def_ += value
        elif key == "half_atk":
            ch.atk = half(ch.atk)
        elif key == "half_def":
            ch.def_ = half(ch.def_)
    after = {"atk": ch.atk, "def": ch.def_, "races": list(ch.races), "keywords": list(ch.keywords), "name": ch.name}
    return {k: [before[k], after[k]] for k in before if before[k] != after[k]}


def half(value: int | float) -> int | float:
    """Return half of an ATK or DEF exactly (FoW 9.9 numeric step): the whitepaper rounds only life
    (1.5), so half of 250 is 125 and half of 125 is 62.5 (engine.fow.numbers reports such values).

    >>> half(1000), half(250), half(125)
    (500, 125, 62.5)
    """
    return value // 2 if value % 2 == 0 else value / 2


def compute(state: GameState, effect_order: tuple[str, ...] = ()) -> dict[CardId, Chars]:
    """Return the current information of every card in the battle area, with its log.

    Raises :class:`OrderChoice` when effects of one step tie on timestamp and
    ``effect_order`` (the turn player's choice, keys first to last) does not order them.
    """
    chars = {cid: base(card) for cid, card in state.cards.items() if card.zone in BATTLE_AREA}
    parts = _parts(state)
    lost_sources: set[CardId] = set()
    tie_members: set[str] = set()
    for step in STEPS:
        remaining = [p for p in parts if p.step == step]
        affected: dict[str, list[CardId]] = {}
        """Cards each part applies to now; dropped when an applied part wrote what its condition reads."""
        while remaining:
            check_deadline(f"continuous effects in the {step} step ({len(parts)} effects)")
            live = [p for p in remaining if not (p.static and p.source in lost_sources)]
            dropped = [p for p in remaining if p not in live]
            for p in dropped:
                remaining.remove(p)
            if not live:
                break
            for p in live:
                if p.key not in affected:
                    affected[p.key] = _affected(p, state, chars)
            deps = {}
            for b in live:
                check_deadline(f"dependency trials in the {step} step ({len(live)} effects)")
                deps[b.key] = {a.key for a in live if _depends(b, a, state, chars, affected[a.key])}
            free = [p for p in live if not any(a in deps[p.key] and p.key not in deps[a] for a in deps[p.key])]
            if not free:
                free = live
            earliest = min(p.timestamp for p in free)
            tied = [p for p in free if p.timestamp == earliest]
            reason = "dependency" if len(free) < len(live) else "timestamp"
            if len(tied) > 1 and len({p.key for p in tied}) > 1:
                ranked = [p for p in tied if p.key in effect_order]
                if len(ranked) < len(tied):
                    raise OrderChoice(sorted({p.key for p in tied}))
                tied.sort(key=lambda p: effect_order.index(p.key))
                tie_members.update(p.key for p in tied)
                reason = "choice"
            elif tied[0].key in tie_members:
                reason = "choice"
            chosen = tied[0]
            remaining.remove(chosen)
            waited_for = sorted(a for a in deps[chosen.key] if chosen.key not in deps.get(a, set()))
            dependents = sorted(p.key for p in live if p is not chosen and chosen.key in deps.get(p.key, set()))
            for cid in affected[chosen.key]:
                ch = chars[cid]
                change = _apply(chosen, ch)
                entry = {"step": step, "effect": chosen.key, "source": chosen.source, "timestamp": chosen.timestamp,
                         "order": reason, "change": change}
                if dependents:
                    entry["dependency_found"] = dependents
                if waited_for:
                    entry["after"] = waited_for
                ch.log.append(entry)
                if "lose_all" in chosen.changes:
                    lost_sources.add(cid)
            written = {WRITES[k] for k in chosen.changes}
            for p in remaining:
                if _reads(p) & written:
                    affected.pop(p.key, None)
    return chars


# ----------------------------------------------------------------------------- the vocabulary read here

_CHANGES: dict[str, tuple[str, Any, str, str, Any]] = {
    "gain": ("abilities", ListOf(item=VOCABULARY.use("keyword"), max_items=20), "Gains keywords",
             "The affected cards gain these symbol abilities (FoW 9.9 abilities step, 10.19 「獲得」 adds).", ["flying"]),
    "lose": ("abilities", ListOf(item=VOCABULARY.use("keyword"), max_items=20), "Loses keywords",
             "The affected cards lose these symbol abilities (FoW 9.9 abilities step).", ["pierce"]),
    "lose_all": ("abilities", Const(value=True), "Loses all abilities",
                 "The affected cards lose every ability and keyword (FoW 9.9 abilities step): their own static "
                 "abilities stop applying (a dependency, 9.9), their triggered and activated abilities are gone.", True),
    "races_become": ("non_numeric", ListOf(item=Text(min_length=1, max_length=64), max_items=10), "Races become",
                     "The affected cards' races become these (FoW 10.19 「成為」 replaces; 9.9 non-numeric step).",
                     ["Dragon"]),
    "races_gain": ("non_numeric", ListOf(item=Text(min_length=1, max_length=64), max_items=10), "Gains races",
                   "The affected cards gain these races beside their own (FoW 10.19 「獲得」 adds; 9.9 non-numeric step).",
                   ["Knight"]),
    "name_become": ("non_numeric", Text(min_length=1, max_length=200), "Name becomes",
                    "The affected cards' name becomes this (FoW 2.2, 9.9 non-numeric step).", "Alice"),
    "set_atk": ("numeric", Integer(low=-100_000, high=100_000), "ATK becomes",
                "The affected cards' ATK becomes this value (FoW 2.6, 9.9 numeric step; with other numeric changes "
                "by dependency, then timestamp).", 0),
    "set_def": ("numeric", Integer(low=-100_000, high=100_000), "DEF becomes",
                "The affected cards' DEF becomes this value (FoW 2.7, 9.9 numeric step); a DEF of 0 or less destroys "
                "a resonator in rule processing (13.2).", 0),
    "atk": ("numeric", Integer(low=-100_000, high=100_000), "ATK ±", "Adds this (negative: subtracts) to the affected "
            "cards' ATK (FoW 2.6, 9.9 numeric step).", 200),
    "def": ("numeric", Integer(low=-100_000, high=100_000), "DEF ±", "Adds this (negative: subtracts) to the affected "
            "cards' DEF (FoW 2.7, 9.9 numeric step).", -200),
    "half_atk": ("numeric", Const(value=True), "ATK becomes half",
                 "The affected cards' ATK becomes half of what it is when this applies (FoW 2.6, 9.9 numeric step: with "
                 "other numeric changes by dependency, then timestamp). The whitepaper rounds only life (1.5): half of "
                 "an ATK is kept exactly, and an ATK that is not a multiple of 100 is a not_covered step.", True),
    "half_def": ("numeric", Const(value=True), "DEF becomes half",
                 "The affected cards' DEF becomes half of what it is when this applies (FoW 2.7, 9.9 numeric step); "
                 "kept exactly, as `half_atk` (a DEF that is not a multiple of 100 is a not_covered step).", True),
}
"""Each change: its step of FoW 9.9, value schema, label, doc and example value."""

for _name, (_step, _value, _label, _doc, _example) in _CHANGES.items():
    assert _name in STEP_FIELDS[_step]
    VOCABULARY.define("change", _name, rule=("9.9", "10.19") if _step == "non_numeric" or _name == "gain" else ("9.9",),
                      label=_label, doc=_doc, value=_value, messages=("fow.continuous.apply",),
                      keys={"applies_to": APPLIES_TO}, example={_name: _example})

_FILTERS: dict[str, tuple[Any, str, str, Any]] = {
    "zone": (Choice(values=(*ZONES, "battle_area"), what="zone", default="field"), "Zone",
             "The card is in this zone (default `field`); `battle_area` is the field, the ruler area and the magic "
             "stone area (FoW 3.14); `chase` a card being played (3.13).", "graveyard"),
    "types": (ListOf(item=Choice(values=(*TYPES, "astral_ruler"), what="card type"), min_items=1, max_items=8), "Card types",
              "The card's current type is one of these (FoW 2.1; a J-ruler side up is `j_ruler`, one in the ruler area "
              "`astral_ruler`, 3.8). A card target's default is resonator and J-ruler.", ["resonator"]),
    "controller": (Choice(values=("you", "opponent", "any"), what="controller", default="any",
                          labels={"you": "You", "opponent": "An opponent", "any": "Any player"}), "Controller",
                   "Who controls the card, relative to the controller of the card or ability that reads the filter "
                   "(FoW 1.5).", "opponent"),
    "race": (Text(min_length=1, max_length=64), "Race", "The card has this race among its current races (FoW 2.5, "
             "after 10.19's changes).", "Beast"),
    "keyword": (VOCABULARY.use("keyword"), "Keyword", "The card has this keyword now (FoW 11, after 9.9's abilities "
                "step).", "flying"),
    "atk_at_least": (Integer(low=-100_000, high=100_000), "ATK at least", "The card's current ATK is at least this "
                     "(FoW 2.6).", 1000),
    "def_at_least": (Integer(low=-100_000, high=100_000), "DEF at least", "The card's current DEF is at least this "
                     "(FoW 2.7).", 1000),
    "name": (Text(min_length=1, max_length=200), "Name contains", "The card's current name contains this text (FoW 2.2: "
             "a quoted name means the cards whose names include it).", "Dragon"),
    "rested": (Boolean(), "Rested", "The card is rested (`true`) or recovered (`false`) (FoW 3.2).", True),
}
"""Each filter key: its value schema, label, doc and example value (read by :func:`matches`)."""

for _name, (_value, _label, _doc, _example) in _FILTERS.items():
    VOCABULARY.define("filter", _name, rule={"zone": ("3.14", "3"), "types": ("2.1",), "controller": ("1.5",),
                                             "race": ("2.5", "10.19"), "keyword": ("11",), "atk_at_least": ("2.6",),
                                             "def_at_least": ("2.7",), "name": ("2.2",), "rested": ("3.2",)}[_name],
                      label=_label, doc=_doc, value=_value, example={_name: _example},
                      # The builder shows the zone, the types, the controller and rested at once, the rest folded.
                      row=Row(extra=() if _name in ("zone", "types", "controller", "rested") else (_name,)))
