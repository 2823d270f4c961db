"""The layer system: continuous effects applied to every permanent (CR 613).

:func:`compute` starts from each permanent's printed characteristics and applies every
continuous effect layer by layer (613.1), sublayer by sublayer (613.2, 613.4),
characteristic-defining abilities first (613.3, 613.4a), then in timestamp order (613.7)
unless a dependency says otherwise (613.8). A dependency is found the way 613.8a defines it:
by applying one effect to a scratch copy of the layer's state and seeing whether the other's
existence, set of affected objects or result per object changes. Effects that wait for
each other in a loop fall back to timestamp order (613.8b); the order is re-evaluated after
each application (613.8c).

Cost: each re-evaluation of a layer checks only the pairs ``(a, b)`` where ``b`` writes a
characteristic that ``a`` reads (its filter, its amounts, or the ability it comes from), so
one re-evaluation is at most quadratic in the number of effects in the layer; effects that
read nothing their layer writes are ordered by timestamp alone.
"""

from __future__ import annotations

import re
from bisect import insort
from collections import ChainMap
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Optional

from .model import (
    LAYER_ORDER, Ability, Chars, Effect, GameObject, GameState, Layer, ObjectId, PlayerId, Zone, opponent, thaw,
)
from .rules import K

COLOR_OF_SYMBOL = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
COLORS = ("white", "blue", "black", "red", "green")
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
LAND_SUBTYPES = frozenset(BASIC_LAND_MANA) | {"Desert", "Gate", "Lair", "Locus", "Mine", "Power-Plant", "Tower", "Urza's"}
ARTIFACT_SUBTYPES = frozenset({"Blood", "Clue", "Contraption", "Equipment", "Food", "Fortification", "Gold", "Treasure", "Vehicle"})
ENCHANTMENT_SUBTYPES = frozenset({"Aura", "Cartouche", "Class", "Curse", "Rune", "Saga", "Shard", "Shrine"})
SPELL_SUBTYPES = frozenset({"Adventure", "Arcane", "Lesson", "Trap"})
PLANESWALKER_SUBTYPES = frozenset((
    "Ajani Aminatou Angrath Arlinn Ashiok Bahamut Basri Bolas Calix Chandra Dack Dakkon Daretti Davriel Dihada Domri "
    "Dovin Ellywick Elspeth Estrid Freyalise Garruk Gideon Grist Huatli Jace Jaya Jeska Kaito Karn Kasmina Kaya Kiora "
    "Koth Liliana Lolth Lukka Mordenkainen Nahiri Narset Niko Nissa Nixilis Oko Ral Rowan Saheeli Samut Sarkhan Serra "
    "Sorin Szat Tamiyo Teferi Teyo Tezzeret Tibalt Tyvar Ugin Venser Vivien Vraska Will Windgrace Wrenn Xenagos Yanggu "
    "Yanling Zariel").split())
SUBTYPE_SETS = (("land", LAND_SUBTYPES, ("land",)), ("artifact", ARTIFACT_SUBTYPES, ("artifact",)),
                ("enchantment", ENCHANTMENT_SUBTYPES, ("enchantment",)), ("spell", SPELL_SUBTYPES, ("instant", "sorcery")),
                ("planeswalker", PLANESWALKER_SUBTYPES, ("planeswalker",)))
"""The sets of subtypes of CR 205.3g-205.3k (both editions' lists) and the card types they belong
to; every other subtype is a creature type (205.3m), shared by creatures and tribals."""


def subtype_set(subtype: str) -> str:
    """Return which set a subtype belongs to: ``land``, ``artifact``, ``enchantment``, ``spell``,
    ``planeswalker`` or ``creature`` (CR 205.3)."""
    for name, members, _types in SUBTYPE_SETS:
        if subtype in members:
            return name
    return "creature"


def _subtype_set_types(name: str) -> tuple[str, ...]:
    return next((types for n, _members, types in SUBTYPE_SETS if n == name), ("creature", "tribal"))
_SYMBOL = re.compile(r"\{([^{}]+)\}")

LAYER_OF: dict[str, Layer] = {
    "copy": Layer.L1A_COPY,
    "change_control": Layer.L2_CONTROL,
    "change_text": Layer.L3_TEXT,
    "set_type": Layer.L4_TYPE, "add_type": Layer.L4_TYPE, "remove_type": Layer.L4_TYPE,
    "set_color": Layer.L5_COLOR, "add_color": Layer.L5_COLOR,
    "add_ability": Layer.L6_ABILITY, "remove_abilities": Layer.L6_ABILITY, "remove_ability": Layer.L6_ABILITY,
    "set_pt": Layer.L7B_SET_PT, "modify_pt": Layer.L7C_MODIFY_PT, "switch_pt": Layer.L7D_SWITCH_PT,
}
"""The layer of each characteristic-changing effect (a CDA ``set_pt`` goes to 7a)."""

LAYER_RULE = {
    Layer.L1A_COPY: K.L1A_COPY, Layer.L1B_FACE_DOWN: K.L1B_FACE_DOWN, Layer.L2_CONTROL: K.L2_CONTROL,
    Layer.L3_TEXT: K.L3_TEXT, Layer.L4_TYPE: K.L4_TYPE, Layer.L5_COLOR: K.L5_COLOR,
    Layer.L6_ABILITY: K.L6_ABILITY, Layer.L7A_CDA_PT: K.L7A_CDA, Layer.L7B_SET_PT: K.L7B_SET,
    Layer.L7C_MODIFY_PT: K.L7C_MODIFY, Layer.L7D_SWITCH_PT: K.L7D_SWITCH,
}

WRITES = {
    Layer.L1A_COPY: {"all"}, Layer.L1B_FACE_DOWN: {"all"}, Layer.L2_CONTROL: {"controller"},
    Layer.L3_TEXT: {"abilities", "types"}, Layer.L4_TYPE: {"types", "abilities"}, Layer.L5_COLOR: {"colors"},
    Layer.L6_ABILITY: {"abilities"}, Layer.L7A_CDA_PT: {"pt"}, Layer.L7B_SET_PT: {"pt"},
    Layer.L7C_MODIFY_PT: {"pt"}, Layer.L7D_SWITCH_PT: {"pt"},
}
"""What effects of each layer change (``types`` includes supertypes and subtypes; a land type
set in layer 4 also removes abilities, CR 305.7)."""


# ----------------------------------------------------------------------------- text (612)

_TYPE_LINE_WORDS = frozenset(w.capitalize() for w in (
    "artifact creature enchantment instant land planeswalker sorcery tribal battle "
    "basic legendary snow world white blue black red green colorless multicolored").split())
_CREATURE_TYPE_WORD = re.compile(r"[A-Z][a-z]+(?:[-'][A-Za-z]+)*")
TEXT_WORD_KINDS = ("color", "land_type", "creature_type")


def text_word_kind(word: Any) -> Optional[str]:
    """Return which kind of word a text-changing effect may change ``word`` as (CR 612.2): a color
    word (``"red"``), a land type (``"Swamp"``, CR 205.3i) or a creature type (a capitalised word
    that is no other kind of subtype nor a card type, supertype or color, CR 205.3m); else ``None``."""
    if not isinstance(word, str):
        return None
    if word in COLORS:
        return "color"
    if word in LAND_SUBTYPES:
        return "land_type"
    if _CREATURE_TYPE_WORD.fullmatch(word) and word not in _TYPE_LINE_WORDS and subtype_set(word) == "creature":
        return "creature_type"
    return None


def change_text_string(text: str, old: str, new: str, kind: str, names: Any = ()) -> str:
    """Return ``text`` with every whole word ``old`` replaced by ``new``, keeping the case of its
    first letter; a land type also inside ``…walk``/``…cycling`` and a plural ``s`` are followed.
    Card ``names`` (a string or several) in the text are never changed (CR 612.2). A display aid:
    the data is what counts."""
    suffix = r"(?:s|walk|cycling)?" if kind == "land_type" else r"s?"
    pattern = re.compile(r"\b" + re.escape(old) + "(" + suffix + r")\b", re.IGNORECASE)

    def swap(match: re.Match[str]) -> str:
        word = match.group(0)
        replacement = new.lower() if word[0].islower() else new[0].upper() + new[1:]
        return replacement + match.group(1)

    names = [names] if isinstance(names, str) else list(names)
    names = sorted({n for n in names if n}, key=len, reverse=True)
    if not names:
        return pattern.sub(swap, text)
    pieces = re.split("(" + "|".join(re.escape(n) for n in names) + ")", text)
    return "".join(piece if i % 2 else pattern.sub(swap, piece) for i, piece in enumerate(pieces))


def _names_in(value: Any) -> list[str]:
    """Every card name (``name`` string) inside a frozen ability."""
    if isinstance(value, tuple):
        return [n for item in value for n in _names_in(item)]
    if not isinstance(value, Mapping):
        return []
    name = value.get("name")
    # A token named after its creature type uses the word as a creature type (CR 612.2a).
    found = [name] if isinstance(name, str) and name not in value.get("subtypes", ()) else []
    return found + [n for item in value.values() if isinstance(item, (Mapping, tuple)) for n in _names_in(item)]


def change_words(value: Any, old: str, new: str, kind: str, name: str = "", parent: str = "") -> Any:
    """Return the frozen ability ``value`` with the words a text-changing effect changes (CR 612.2),
    or ``value`` itself when nothing changes.

    Changed: ``colors``/``not_colors`` (a color word), ``subtypes``/``not_subtypes`` (a land or
    creature type), a protection keyword's ``from``, a keyword's land ``type`` (typecycling,
    landwalk), the ``from``/``to`` of a ``change_text`` part, a token's name that is one of its
    creature types (612.2a), and every ``text``. Never changed: card names (``name``, e.g. of
    ``cant_cast`` or a FILTER, 612.2), card types, supertypes and mana symbols.
    """
    from .model import freeze
    if isinstance(value, tuple):
        items = tuple(change_words(item, old, new, kind, name, parent) for item in value)
        return value if all(a is b for a, b in zip(items, value)) else items
    if not isinstance(value, Mapping):
        return value
    out: dict[str, Any] = {}
    changed = False
    for key, item in value.items():
        result = item
        if key in ("colors", "not_colors") and kind == "color" and isinstance(item, tuple):
            result = tuple(new if w == old else w for w in item)
        elif key in ("subtypes", "not_subtypes") and kind != "color" and isinstance(item, tuple):
            result = tuple(new if w == old else w for w in item)
        elif key == "from" and value.get("kind") == "keyword" and value.get("keyword") == "protection":
            result = new if item == old and kind == "color" else item
        elif key == "type" and value.get("kind") == "keyword":
            result = new if item == old and kind == "land_type" else item
        elif key in ("from", "to") and value.get("do") == "change_text":
            result = new if item == old else item
        elif key == "text" and isinstance(item, str):
            result = change_text_string(item, old, new, kind, [name, *_names_in(value)])
        elif key == "name":
            # CR 612.2a: a token's name that is also its creature type is used as a creature type.
            token_type = parent == "token" and kind == "creature_type" and old in value.get("subtypes", ())
            result = new if token_type and item == old else item
        elif isinstance(item, (Mapping, tuple)):
            result = change_words(item, old, new, kind, name, key)
        if result is not item and result != item:
            changed = True
        out[key] = result
    return freeze(out) if changed else value


# ----------------------------------------------------------------------------- conditions

CONDITION_KEYS = ("pt", "controls", "at_least", "step", "first_combat", "life_at_most", "opponent_cast_spells", "your_turn")
"""The keys of a CONDITION (docs/scenario-format.md §8.3)."""


def evaluate_condition(cond: Mapping[str, Any], state: GameState, chars_of: Callable[[ObjectId], Chars],
                       ctx: "Context", event: Optional[Mapping[str, Any]] = None,
                       permanents: Optional[Any] = None) -> Optional[bool]:
    """Evaluate a CONDITION of docs/scenario-format.md §8.3: an intervening "if" (CR 603.4), a
    self-replacement's ``instead_if`` (614.15) or a static ability's "as long as" (611.3a).

    ``chars_of(id)`` gives a permanent's characteristics as the caller sees them (after all
    layers for a trigger; the layer being applied for a static ability); ``ctx.controller`` is
    "you"; ``permanents`` the battlefield ids (default: from ``state``). ``controls`` counts the
    permanents "you" control that match its FILTER (another controller only if the FILTER names
    one; ``other`` excludes ``ctx.source``). Returns ``None`` for a condition it does not know.
    """
    event = event or {}
    if "pt" in cond:
        target = event.get("object")
        if target not in state.objects or state.objects[target].zone is not Zone.BATTLEFIELD:
            return False
        c = chars_of(target)
        return [c.power, c.toughness] == list(cond["pt"])
    if "controls" in cond:
        flt = cond["controls"]
        ids = permanents if permanents is not None else [o for o in state.order if state.objects[o].zone is Zone.BATTLEFIELD]
        n = 0
        for o in ids:
            c = chars_of(o)
            if matches(flt, o, c, state.objects[o], ctx) and ("controller" in flt or c.controller == ctx.controller):
                n += 1
        return n >= cond.get("at_least", 1)
    if "step" in cond:
        return state.step.value == cond["step"]
    if "first_combat" in cond:
        return state.combat_number <= 1
    if "life_at_most" in cond:
        return state.player(ctx.controller).life <= cond["life_at_most"]
    if "opponent_cast_spells" in cond:
        return state.player(opponent(ctx.controller)).spells_cast == cond["opponent_cast_spells"]
    if "your_turn" in cond:
        return (state.active == ctx.controller) == bool(cond["your_turn"])
    return None


def condition_reads(cond: Optional[Mapping[str, Any]]) -> set[str]:
    """Return the characteristics a condition looks at (for dependency candidates, CR 613.8a)."""
    if not cond:
        return set()
    reads = set()
    if "controls" in cond:
        reads |= filter_reads(cond["controls"]) | {"controller"}
    if "pt" in cond:
        reads.add("pt")
    return reads


# ----------------------------------------------------------------------------- mana

def same_name(a: Any, b: Any) -> bool:
    """Whether two card names are the same name (CR 201.2: names are compared as words, so a
    judge's ``zap`` or ``Zap `` names Zap): case-folded, runs of spaces collapsed."""
    if not isinstance(a, str) or not isinstance(b, str):
        return False
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def mana_symbols(cost: str) -> list[str]:
    """Return the symbols of a mana cost: ``"{2}{W/B}{U}"`` → ``["2", "W/B", "U"]``."""
    return _SYMBOL.findall(cost or "")


def mana_value(cost: str, x: int = 0) -> int:
    """Return the mana value (CR 202.3): generic counts its number, X counts ``x``, every
    colored or hybrid symbol 1 (CR 202.3e, 202.3f)."""
    total = 0
    for symbol in mana_symbols(cost):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol == "X":
            total += x
        elif symbol.startswith("2/"):
            total += 2
        else:
            total += 1
    return total


def colors_of_cost(cost: str) -> frozenset[str]:
    """Return the colors of a mana cost (CR 202.2); a hybrid symbol is both colors (CR 107.4e)."""
    found = set()
    for symbol in mana_symbols(cost):
        for part in symbol.split("/"):
            if part in COLOR_OF_SYMBOL:
                found.add(COLOR_OF_SYMBOL[part])
    return frozenset(found)


# ----------------------------------------------------------------------------- filters

@dataclass(frozen=True, slots=True)
class Context:
    """What an effect is evaluated against."""

    source: Optional[ObjectId]
    controller: PlayerId
    """The effect's controller, whom ``you`` means."""
    attached_to: Optional[ObjectId]
    """The object the source is attached to (``enchanted``/``equipped``), if any."""


View = Mapping[ObjectId, Chars]


def matches(spec: Optional[Mapping[str, Any]], oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    """Return whether a permanent matches an ``affected`` filter (docs/scenario-format.md §7.4)."""
    if spec is None:
        return True
    if spec.get("self") and oid != ctx.source:
        return False
    if spec.get("other") and oid == ctx.source:
        return False
    if spec.get("attached") and oid != ctx.attached_to:
        return False
    if "ids" in spec and oid not in spec["ids"]:
        return False
    if "types" in spec and not all(t in chars.types for t in spec["types"]):
        return False
    if "any_types" in spec and not any(t in chars.types for t in spec["any_types"]):
        return False
    if "not_types" in spec and any(t in chars.types for t in spec["not_types"]):
        return False
    if "subtypes" in spec and not any(t in chars.subtypes for t in spec["subtypes"]):
        return False
    if "not_subtypes" in spec and any(t in chars.subtypes for t in spec["not_subtypes"]):
        return False
    if "supertypes" in spec and not all(t in chars.supertypes for t in spec["supertypes"]):
        return False
    if "not_supertypes" in spec and any(t in chars.supertypes for t in spec["not_supertypes"]):
        return False
    if "colors" in spec and not any(c in chars.colors for c in spec["colors"]):
        return False
    if "multicolored" in spec and (len(chars.colors) > 1) != spec["multicolored"]:
        return False
    if "monocolored" in spec and (len(chars.colors) == 1) != spec["monocolored"]:
        return False
    if "name" in spec and not same_name(chars.name, spec["name"]):
        return False
    if "has_keyword" in spec and not chars.has_keyword(spec["has_keyword"]):
        return False
    if "token" in spec and obj.token != spec["token"]:
        return False
    if "tapped" in spec and obj.tapped != spec["tapped"]:
        return False
    if "min_power" in spec and (chars.power is None or chars.power < spec["min_power"]):
        return False
    if "attacking" in spec and (obj.attacking is not None) != spec["attacking"]:
        return False
    if "controller" in spec:
        wanted = spec["controller"]
        who = ctx.controller if wanted == "you" else opponent(ctx.controller) if wanted == "opponent" else wanted
        if chars.controller != who:
            return False
    return True


def filter_reads(spec: Optional[Mapping[str, Any]]) -> set[str]:
    """Return the characteristics a filter looks at (for dependency candidates)."""
    if not spec:
        return set()
    reads = set()
    for key in spec:
        if key in ("types", "any_types", "not_types", "subtypes", "not_subtypes", "supertypes", "not_supertypes"):
            reads.add("types")
        elif key in ("colors", "multicolored", "monocolored"):
            reads.add("colors")
        elif key == "controller":
            reads.add("controller")
        elif key == "has_keyword":
            reads.add("abilities")
        elif key == "min_power":
            reads.add("pt")
    return reads


# ----------------------------------------------------------------------------- effects

@dataclass(frozen=True, slots=True)
class LayerEffect:
    """One part of a continuous effect as it applies in one layer."""

    effect: Effect
    layer: Layer
    label: str
    """What the layer walk calls it (the source's name and the effect)."""

    @property
    def timestamp(self) -> int:
        return self.effect.timestamp


@dataclass(frozen=True, slots=True)
class Signature:
    """What an effect would do now: the three things CR 613.8a compares."""

    exists: bool
    affected: frozenset[ObjectId]
    results: tuple[tuple[ObjectId, Any], ...]


class LayerEngine:
    """Applies the continuous effects of one state; one instance per :func:`compute` call."""

    def __init__(self, state: GameState, objects: Mapping[ObjectId, GameObject]) -> None:
        self.state = state
        self.objects = objects
        self.started: dict[str, frozenset[ObjectId]] = {}
        """Group → affected set, once the group has started to apply (CR 613.6)."""
        self.granted_count = 0
        """Effects of granted abilities made so far (bounded by :data:`MAX_GRANTED_EFFECTS`)."""
        self._current: dict[str, tuple[Any, Effect]] = {}
        """Effect id → (the ability spec it was last read from, the effect as that spec reads)."""

    def current(self, e: Effect, view: View) -> Effect:
        """Return ``e`` as the text of its static ability reads in ``view``: after a text-changing
        effect (layer 3) its parameters, ``affected`` filter and ``if`` condition are those of the
        changed text (CR 612.1, 613.1c; a change of its text is a dependency, 613.8a). An effect
        not from a static ability, or whose ability is gone, is returned as last read."""
        if e.static_key is None or e.part_index is None or not e.source:
            return e
        cached = self._current.get(e.id)
        chars = view.get(e.source)
        ability = next((a for a in chars.abilities if a.key == e.static_key), None) if chars is not None else None
        if ability is None:
            return cached[1] if cached else e
        if cached is not None and cached[0] is ability.spec:
            return cached[1]
        parts = ability.spec.get("effects", ())
        part = parts[e.part_index] if e.part_index < len(parts) else None
        if part is None or part is e.params:
            result = e
        else:
            result = replace(e, params=part, affected_filter=part.get("affected", ability.spec.get("affected", {"self": True})),
                             condition=ability.spec.get("if"))
        self._current[e.id] = (ability.spec, result)
        return result

    def holds(self, e: Effect, view: View) -> Optional[bool]:
        """Whether the ``if`` condition of ``e`` holds now ("as long as …", CR 611.3a): evaluated
        against the characteristics in ``view``, i.e. as the layers have left them when the effect
        would apply (613.1). ``True`` without a condition; ``None`` for an unknown condition."""
        cond = self.current(e, view).condition
        if cond is None:
            return True
        ctx = self.context(e, view)
        return evaluate_condition(cond, self.state, view.__getitem__, ctx, permanents=list(view))

    # -- evaluation ---------------------------------------------------------------------

    def context(self, e: Effect, view: Optional[View] = None) -> Context:
        """What ``you`` and ``enchanted``/``equipped`` mean for ``e``: for a static ability, its
        source's controller as layer 2 left it (CR 109.5, 613.1b); otherwise the effect's."""
        e = self.current(e, view) if view is not None else e
        source = self.objects.get(e.source) if e.source else None
        controller = e.controller
        if e.duration == "static" and view is not None and e.source in view:
            controller = view[e.source].controller
        return Context(e.source, controller, source.attached_to if source else None)

    def exists(self, e: Effect, view: View) -> bool:
        """An effect of a static ability exists while its source has that ability (CR 613.8a):
        the source's characteristics in ``view`` hold an ability with the effect's key and part."""
        if e.group in self.started or e.static_key is None:
            return True
        chars = view.get(e.source) if e.source else None
        if chars is None:
            return False
        for a in chars.abilities:
            if a.key == e.static_key:
                parts = a.spec.get("effects", ())
                if e.part_index is None:
                    return any(part == e.params for part in parts)
                return e.part_index < len(parts) and parts[e.part_index].get("do") == e.do
        return False

    def affected(self, e: Effect, view: View) -> frozenset[ObjectId]:
        if e.group in self.started:
            return self.started[e.group]
        e = self.current(e, view)
        if e.affected_ids is not None:
            return frozenset(o for o in e.affected_ids if o in view)
        ctx = self.context(e, view)
        return frozenset(oid for oid, chars in view.items() if matches(e.affected_filter, oid, chars, self.objects[oid], ctx))

    def amount(self, value: Any, oid: ObjectId, view: View, e: Effect) -> Any:
        """Resolve an amount: an integer, or a count of permanents, colors or mana value."""
        if not isinstance(value, Mapping):
            return value
        e = self.current(e, view)
        chars = view[oid]
        if "count" in value:
            ctx = self.context(e, view)
            n = sum(1 for other, c in view.items() if matches(value["count"], other, c, self.objects[other], ctx))
            return n * value.get("times", 1)
        if value.get("colors_of_affected"):
            return len(chars.colors) * value.get("times", 1)
        if value.get("mana_value_of_affected"):
            return mana_value(chars.mana_cost)
        if "counters_of_affected" in value:
            return self.objects[oid].counters.get(value["counters_of_affected"], 0)
        return 0

    def reads(self, le: LayerEffect) -> set[str]:
        e = le.effect
        reads = filter_reads(e.affected_filter) if e.group not in self.started else set()
        for key in ("power", "toughness"):
            value = e.params.get(key)
            if isinstance(value, Mapping):
                if "count" in value:
                    reads |= filter_reads(value["count"]) | {"count"}
                if value.get("colors_of_affected"):
                    reads.add("colors")
        if e.static_key is not None and e.group not in self.started:
            reads.add("abilities")
        return reads | condition_reads(e.condition)

    def signature(self, le: LayerEffect, view: View) -> Signature:
        e = le.effect
        if not self.exists(e, view) or self.holds(e, view) is not True:
            return Signature(False, frozenset(), ())
        affected = self.affected(e, view)
        e = self.current(e, view)
        results: list[tuple[Any, ...]] = []
        for key in ("power", "toughness"):
            if isinstance(e.params.get(key), Mapping):
                results += [(oid, key, self.amount(e.params[key], oid, view, e)) for oid in sorted(affected)]
        if e.do == "copy":
            # What a copy effect does is the copiable values of the copied object (CR 707.2).
            results.append(("of", view.get(e.params.get("of"))))
        if e.do == "change_text":
            # What a text-changing effect does is its pair of words (CR 612.2), which another
            # text-changing effect may change (613.8a).
            results.append(("words", e.params.get("from"), e.params.get("to")))
        return Signature(True, affected, tuple(results))

    # -- application --------------------------------------------------------------------

    def apply_one(self, le: LayerEffect, chars: Chars, oid: ObjectId, view: View) -> Chars:
        """Return ``chars`` with one effect applied (the rule of each layer)."""
        e = self.current(le.effect, view)
        p = e.params
        do = e.do
        if do == "change_text":
            return self._change_text(chars, p)
        if do == "copy":
            original = view.get(p["of"]) or self._printed(p["of"])
            if original is None:
                return chars
            return replace(original, controller=chars.controller,
                           abilities=tuple(Ability(copied_key(oid, i), a.kind, a.spec) for i, a in enumerate(original.abilities)))
        if do == "face_down":
            return Chars("", "", frozenset(), frozenset(), frozenset({"creature"}), frozenset(), (), 2, 2, None, chars.controller)
        if do == "change_control":
            return replace(chars, controller=e.controller if p.get("to", "you") == "you" else p["to"])
        if do == "set_type":
            return self._set_type(chars, p, oid)
        if do == "add_type":
            return replace(chars, types=chars.types | frozenset(p.get("types", ())),
                           subtypes=chars.subtypes | frozenset(p.get("subtypes", ())),
                           supertypes=chars.supertypes | frozenset(p.get("supertypes", ())),
                           abilities=chars.abilities + self._land_mana(p.get("subtypes", ()), oid, chars))
        if do == "remove_type":
            return replace(chars, types=chars.types - frozenset(p.get("types", ())),
                           subtypes=chars.subtypes - frozenset(p.get("subtypes", ())),
                           supertypes=chars.supertypes - frozenset(p.get("supertypes", ())))
        if do == "set_color":
            return replace(chars, colors=frozenset(p.get("colors", ())))
        if do == "add_color":
            return replace(chars, colors=chars.colors | frozenset(p.get("colors", ())))
        if do == "add_ability":
            granted = tuple(Ability((e.id, i), spec.get("kind", "keyword"), spec)
                            for i, spec in enumerate(p.get("abilities", ())))
            return replace(chars, abilities=chars.abilities + granted)
        if do == "remove_abilities":
            return replace(chars, abilities=())
        if do == "remove_ability":
            gone = set(p.get("keywords", ()))
            return replace(chars, abilities=tuple(a for a in chars.abilities if a.keyword not in gone))
        if do == "set_pt":
            power = self.amount(p.get("power"), oid, view, e) if "power" in p else chars.power
            tough = self.amount(p.get("toughness"), oid, view, e) if "toughness" in p else chars.toughness
            return replace(chars, power=power, toughness=tough)
        if do == "modify_pt":
            return replace(chars, power=(chars.power or 0) + self.amount(p.get("power", 0), oid, view, e),
                           toughness=(chars.toughness or 0) + self.amount(p.get("toughness", 0), oid, view, e))
        if do == "switch_pt":
            return replace(chars, power=chars.toughness, toughness=chars.power)
        return chars

    @staticmethod
    def _change_text(chars: Chars, p: Mapping[str, Any]) -> Chars:
        """Layer 3 (CR 613.1c): change the words of ``p["from"]``'s kind into ``p["to"]`` in the
        object's abilities as they are after layer 1 (granted abilities come later and are not
        changed, 612.3) and in its type line's subtypes (612.1); its name never (612.2). Colors
        are not words of the text: a color word changed in the text leaves the object's color."""
        old, new = p.get("from"), p.get("to")
        kind = text_word_kind(old)
        if kind is None or text_word_kind(new) != kind or old == new:
            return chars
        abilities = []
        for a in chars.abilities:
            spec = change_words(a.spec, old, new, kind, chars.name)
            abilities.append(a if spec is a.spec else Ability(a.key, a.kind, spec))
        subtypes = chars.subtypes
        if kind != "color" and old in subtypes:
            subtypes = (subtypes - {old}) | {new}
        return replace(chars, abilities=tuple(abilities), subtypes=subtypes)

    def _printed(self, oid: ObjectId) -> Optional[Chars]:
        obj = self.objects.get(oid)
        return obj.printed if obj else None

    def _land_mana(self, subtypes: Any, oid: ObjectId, chars: Chars) -> tuple[Ability, ...]:
        from .model import freeze
        out = []
        for i, sub in enumerate(subtypes):
            if sub in BASIC_LAND_MANA and "land" in chars.types:
                out.append(Ability((f"{oid}:{sub}", i), "activated", freeze({
                    "text": f"{{T}}: Add {{{BASIC_LAND_MANA[sub]}}}.", "mana_ability": True,
                    "cost": {"tap": True}, "effects": [{"do": "add_mana", "mana": f"{{{BASIC_LAND_MANA[sub]}}}"}]})))
        return tuple(out)

    def _set_type(self, chars: Chars, p: Mapping[str, Any], oid: ObjectId) -> Chars:
        """Set types/subtypes: new subtypes replace those of the same set only (CR 205.1a); setting a
        land's basic land type removes its rules-text abilities (CR 305.7)."""
        if p.get("land_type"):
            new = frozenset(p.get("subtypes", ()))
            kept = frozenset(s for s in chars.subtypes if s not in LAND_SUBTYPES)
            return replace(chars, subtypes=kept | new, abilities=self._land_mana(sorted(new), oid, chars))
        types = frozenset(p["types"]) if "types" in p else chars.types
        subtypes = chars.subtypes
        if "subtypes" in p:
            # CR 205.1a: new subtypes replace only the existing subtypes of the same set.
            new = frozenset(p["subtypes"])
            replaced = {subtype_set(s) for s in new}
            subtypes = new | frozenset(s for s in subtypes if subtype_set(s) not in replaced)
        if "types" in p:
            # CR 205.1a: a subtype whose card type is gone goes too, unless a type it has shares it.
            subtypes = frozenset(s for s in subtypes if s in p.get("subtypes", ())
                                 or any(t in types for t in _subtype_set_types(subtype_set(s))))
        supertypes = frozenset(p["supertypes"]) if "supertypes" in p else chars.supertypes
        return replace(chars, types=types, subtypes=subtypes, supertypes=supertypes)

    def apply(self, le: LayerEffect, view: dict[ObjectId, Chars], targets: frozenset[ObjectId]) -> dict[ObjectId, tuple[Chars, Chars]]:
        """Apply ``le`` to ``targets`` in ``view`` (in place); return ``{id: (before, after)}``."""
        changes = {}
        params = self.current(le.effect, view).params
        snapshot = dict(view) if le.effect.do == "set_pt" and any(isinstance(v, Mapping) for v in params.values()) else view
        for oid in sorted(targets):
            before = view[oid]
            after = self.apply_one(le, before, oid, snapshot)
            view[oid] = after
            changes[oid] = (before, after)
        return changes

    def simulate(self, le: LayerEffect, view: View) -> View:
        """Return a view with ``le`` applied, without changing ``view`` (for CR 613.8a)."""
        if not self.exists(le.effect, view) or self.holds(le.effect, view) is not True:
            return view
        targets = self.affected(le.effect, view)
        overlay = dict(view)
        for oid in targets:
            overlay[oid] = self.apply_one(le, view[oid], oid, view)
        return overlay


@dataclass
class LayerResult:
    """The characteristics of every permanent and how they came about."""

    chars: dict[ObjectId, Chars]
    walk: dict[ObjectId, list[dict[str, Any]]]
    """Per permanent: ``{layer, sublayer, effect, source, timestamp, reason, rule_key, before, after}``."""
    dependencies: list[dict[str, Any]]
    """Each dependency found: ``{layer, effect, depends_on, rule_key}``; loops have ``loop: True``."""
    notes: list[dict[str, Any]] = field(default_factory=list)
    """What the engine could not evaluate: ``{kind, card, effect, label, rule_key, …}`` with kind
    ``granted_earlier_layer`` (+ ``do``, ``layer``), ``grant_depth`` (+ ``depth``) or
    ``condition_unknown`` (+ ``condition``)."""


def _summary(layer: Layer, chars: Chars) -> Any:
    """The part of the characteristics a layer changes, for ``before``/``after``."""
    n = layer.number
    if n == 1:
        return {"name": chars.name, "types": sorted(chars.types), "power": chars.power, "toughness": chars.toughness}
    if n == 2:
        return chars.controller
    if n == 4:
        return {"supertypes": sorted(chars.supertypes), "types": sorted(chars.types), "subtypes": sorted(chars.subtypes)}
    if n == 5:
        return sorted(chars.colors)
    if n == 3:
        return {"abilities": [a.label() for a in chars.abilities], "subtypes": sorted(chars.subtypes)}
    if n == 6:
        return [a.label() for a in chars.abilities]
    return [chars.power, chars.toughness]


def copied_key(oid: ObjectId, index: int) -> tuple[ObjectId, int]:
    """The key of the ``index``-th ability an object has from a copy effect (CR 707.2): distinct
    from its printed abilities' keys, so its own static abilities stop existing."""
    return (f"{oid}:copy", index)


def _ability_effects(out: list[Effect], oid: ObjectId, obj: GameObject, key: tuple[Any, int], spec: Any, kind: str,
                     timestamp: int, prefix: str, depth: int = 0) -> None:
    """Append the layer effects of one static ability or CDA ``spec`` of ``oid`` (CR 611.3, 604.3).

    A ``cda`` with an ``if`` is not a characteristic-defining ability (it sets the values only if
    a condition is met, CR 604.3a(5)): its effects apply like any static ability's."""
    for part_index, part in enumerate(spec.get("effects", ())):
        if part.get("do") not in LAYER_OF:
            continue
        affected = part.get("affected", spec.get("affected", {"self": True}))
        out.append(Effect(f"{prefix}.{part_index}", part["do"], part, oid, obj.controller, timestamp,
                          affected_filter=affected, duration="static", static_key=key,
                          cda=kind == "cda" and "if" not in spec, group=prefix, part_index=part_index,
                          condition=spec.get("if"), depth=depth))


def _copied_abilities(state: GameState, objects: Mapping[ObjectId, GameObject], of: ObjectId,
                      seen: frozenset[ObjectId] = frozenset()) -> list[tuple[ObjectId, int, Ability]]:
    """Every ability a copy of ``of`` may end up with: its printed ones and, if it is itself a
    copy, those of what it copies (CR 707.2-707.3), as ``(original, index, ability)``."""
    obj = objects.get(of)
    if obj is None or of in seen:
        return []
    out = [(of, i, a) for i, a in enumerate(obj.printed.abilities)]
    for e in state.effects:
        if e.do == "copy" and e.affected_ids and of in e.affected_ids and e.params.get("of"):
            out += _copied_abilities(state, objects, e.params["of"], seen | {of})
    return out


def static_effects(state: GameState, objects: Mapping[ObjectId, GameObject]) -> list[Effect]:
    """Return the effects of static abilities, CDAs and counters of permanents (CR 611.3, 604.3, 613.4c).

    Besides printed abilities, a static ability an object may have from a copy effect (CR 707.2)
    yields candidate effects too; each applies only while its source has that ability in the
    layer being applied (:meth:`LayerEngine.exists`). Abilities granted by ability-adding
    effects (CR 613.1f) make their effects when granted, in layer 6 (:func:`granted_effects`).
    """
    from .model import freeze
    out: list[Effect] = []
    battlefield = [oid for oid in state.order if objects[oid].zone is Zone.BATTLEFIELD]
    for oid in battlefield:
        obj = objects[oid]
        if obj.face_down:
            out.append(Effect(f"{oid}:face-down", "face_down", {}, oid, obj.controller, obj.timestamp,
                              affected_ids=(oid,), group=f"{oid}:fd"))
            continue
        for ability in obj.printed.abilities:
            if ability.kind in ("static", "cda"):
                _ability_effects(out, oid, obj, ability.key, ability.spec, ability.kind, obj.timestamp,
                                 f"{oid}.{ability.key[1]}")
        for e in state.effects:
            if e.do == "copy" and e.affected_ids and oid in e.affected_ids and e.params.get("of"):
                for original, i, ability in _copied_abilities(state, objects, e.params["of"], frozenset({oid})):
                    if ability.kind in ("static", "cda"):
                        _ability_effects(out, oid, obj, copied_key(oid, i), ability.spec, ability.kind,
                                         max(obj.timestamp, e.timestamp), f"{oid}.copy-{original}-{i}")
        net = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
        if net:
            stamps = [obj.counter_timestamps.get(k, obj.timestamp) for k in ("+1/+1", "-1/-1") if obj.counters.get(k)]
            out.append(Effect(f"{oid}:counters", "modify_pt", freeze({"power": net, "toughness": net, "counters": True}),
                              oid, obj.controller, max(stamps), affected_ids=(oid,), group=f"{oid}:counters"))
        for k in KEYWORD_COUNTERS:
            if obj.counters.get(k, 0) > 0:
                out.append(Effect(f"{oid}:counter-{k}", "add_ability",
                                  freeze({"abilities": [{"kind": "keyword", "keyword": k}], "counters": True}),
                                  oid, obj.controller, obj.counter_timestamps.get(k, obj.timestamp), affected_ids=(oid,),
                                  group=f"{oid}:kc-{k}"))
    return out


MAX_GRANT_DEPTH = 8
"""How many ability-adding effects deep a granted static ability is followed (CR 613.1f)."""
MAX_GRANTED_EFFECTS = 4096
"""How many effects of granted abilities one application of the layers creates at most."""


def granted_effects(engine: "LayerEngine", granting: Effect, oid: ObjectId, after: Chars,
                    notes: list[dict[str, Any]]) -> list[Effect]:
    """Return the effects of the static abilities ``granting`` (an ``add_ability`` effect just
    applied in layer 6) gave ``oid``, whose characteristics are now ``after``.

    A granted ability's effects have the later of the object's and the granting effect's
    timestamp (CR 613.7a) and apply while the object has the ability (613.8a: their existence
    depends on the granting effect, which has been applied). A granted ``cda`` is not a
    characteristic-defining ability (604.3a(2)). A granted ability that itself grants one is
    followed to :data:`MAX_GRANT_DEPTH` levels; deeper, or beyond :data:`MAX_GRANTED_EFFECTS`,
    a ``grant_depth`` note is added to ``notes`` instead.
    """
    obj = engine.objects[oid]
    out: list[Effect] = []
    if obj.face_down:
        return out
    depth = granting.depth + 1
    for ability in after.abilities:
        if ability.key[0] != granting.id or ability.kind not in ("static", "cda"):
            continue
        if depth > MAX_GRANT_DEPTH or engine.granted_count >= MAX_GRANTED_EFFECTS:
            notes.append({"kind": "grant_depth", "card": oid, "effect": granting.id, "depth": MAX_GRANT_DEPTH,
                          "label": ability.label(), "rule_key": K.GRANT_DEPTH})
            continue
        _ability_effects(out, oid, obj, ability.key, ability.spec, "static", max(obj.timestamp, granting.timestamp),
                         f"{oid}.granted-{granting.id}-{ability.key[1]}", depth)
    engine.granted_count += len(out)
    return out


KEYWORD_COUNTERS = ("flying", "first_strike", "double_strike", "deathtouch", "haste", "hexproof", "indestructible",
                    "lifelink", "menace", "reach", "trample", "vigilance")
"""Keyword counters (CR 122.1b) applied in layer 6."""


def _label(e: Effect, objects: Mapping[ObjectId, GameObject]) -> str:
    source = objects.get(e.source) if e.source else None
    name = source.printed.name if source else "effect"
    if e.params.get("counters"):
        return f"{name}: counters"
    return f"{name}: {e.do}"


def compute(state: GameState, *, record_walk: bool = True) -> LayerResult:
    """Return the characteristics of every permanent after all continuous effects (CR 613).

    The walk lists, per permanent, each effect applied in order with the layer, the reason
    it came when it did (``cda``, ``timestamp``, ``dependency``, ``loop``) and the values before
    and after; an effect whose ``if`` condition is false when it would apply has a row with
    reason ``condition_false`` (611.3a) on each object it would affect (or on its source).
    Effects of abilities granted in layer 6 are created as they are granted
    (:func:`granted_effects`); one that belongs to an earlier layer, already applied, is not
    applied and is listed in ``notes`` (``granted_earlier_layer``): 613.1 orders the layers but
    does not say what becomes of such an effect.
    """
    objects = state.objects
    engine = LayerEngine(state, objects)
    view: dict[ObjectId, Chars] = {}
    for oid in state.order:
        obj = objects[oid]
        if obj.zone is Zone.BATTLEFIELD:
            view[oid] = replace(obj.printed, controller=obj.controller)
    effects = static_effects(state, objects) + [e for e in state.effects if e.do in LAYER_OF]
    by_layer: dict[Layer, list[LayerEffect]] = {layer: [] for layer in LAYER_ORDER}
    for e in effects:
        le = _layer_effect(e, objects)
        by_layer[le.layer].append(le)
    walk: dict[ObjectId, list[dict[str, Any]]] = {oid: [] for oid in view}
    dependencies: list[dict[str, Any]] = []
    notes: list[dict[str, Any]] = []
    for index, layer in enumerate(LAYER_ORDER):
        def spawn(new: list[Effect], current: Layer = layer, position: int = index) -> list[LayerEffect]:
            """File the effects of newly granted abilities: later layers get them; the layer being
            applied returns them to its group; earlier layers can't (a ``granted_earlier_layer`` note)."""
            same = []
            for e in new:
                le = _layer_effect(e, objects)
                if le.layer is current:
                    same.append(le)
                elif LAYER_ORDER.index(le.layer) > position:
                    by_layer[le.layer].append(le)
                else:
                    notes.append({"kind": "granted_earlier_layer", "card": e.source, "effect": e.id, "do": e.do,
                                  "layer": le.layer.value, "label": le.label, "rule_key": K.GRANTED_EARLIER_LAYER})
            return same
        for is_cda in (True, False):
            group = [le for le in by_layer[layer] if le.effect.cda == is_cda]
            if group:
                _apply_group(engine, layer, group, view, walk if record_walk else None, dependencies, is_cda, spawn, notes)
    return LayerResult(view, walk, dependencies, notes)


def _layer_effect(e: Effect, objects: Mapping[ObjectId, GameObject]) -> LayerEffect:
    if e.do == "face_down":
        layer = Layer.L1B_FACE_DOWN
    elif e.do == "set_pt" and e.cda:
        layer = Layer.L7A_CDA_PT
    else:
        layer = LAYER_OF[e.do]
    return LayerEffect(e, layer, _label(e, objects))


def _apply_group(engine: LayerEngine, layer: Layer, group: list[LayerEffect], view: dict[ObjectId, Chars],
                 walk: Optional[dict[ObjectId, list[dict[str, Any]]]], dependencies: list[dict[str, Any]],
                 is_cda: bool, spawn: Callable[[list[Effect]], list[LayerEffect]],
                 notes: list[dict[str, Any]]) -> None:
    """Apply one class of effects (CDAs, or the rest) of one layer (CR 613.3, 613.8).

    An ``add_ability`` effect that gives a static ability makes that ability's effects
    (:func:`granted_effects`); ``spawn`` files them and returns those of this layer, which join
    the effects waiting here."""
    pending = sorted(group, key=_order)
    tracker = _DependencyTracker(engine, pending, view, WRITES[layer])
    waited: set[str] = set()
    reported: set[tuple[str, str]] = set()
    while pending:
        live = {p.effect.id for p in pending}
        ready = [le for le in pending if not (tracker.deps.get(le.effect.id, set()) & live)]
        loop = not ready
        chosen = pending[0] if loop else ready[0]
        for le in pending:
            for other in sorted(tracker.deps.get(le.effect.id, set()) & live):
                if (le.effect.id, other) not in reported:
                    reported.add((le.effect.id, other))
                    dependencies.append({"layer": layer.value, "effect": le.effect.id, "label": le.label,
                                         "depends_on": other, "loop": loop, "rule_key": K.DEPENDENCY})
                    waited.add(le.effect.id)
        if loop:
            dependencies.append({"layer": layer.value, "effect": chosen.effect.id, "label": chosen.label,
                                 "depends_on": None, "loop": True, "rule_key": K.DEPENDENCY_WAIT})
        pending.remove(chosen)
        tracker.remove(chosen)
        e = chosen.effect
        if not engine.exists(e, view):
            continue
        holds = engine.holds(e, view)
        if holds is not True:
            _not_applied(engine, chosen, view, walk, notes, holds)
            continue
        targets = engine.affected(e, view)
        if e.group and e.group not in engine.started:
            engine.started[e.group] = targets
        changes = engine.apply(chosen, view, targets)
        changed = frozenset(oid for oid, (before, after) in changes.items() if before != after)
        if e.do == "add_ability":
            new = [granted for oid in sorted(targets) for granted in granted_effects(engine, e, oid, view[oid], notes)]
            for le in spawn(new):
                insort(pending, le, key=_order)
                tracker.add(le)
        if changed:
            tracker.update(changed)  # CR 613.8c: re-evaluate after each application
        if walk is None:
            continue
        reason = "cda" if is_cda else "loop" if loop else "dependency" if e.id in waited else "timestamp"
        rule_key = ((K.L7A_CDA if layer is Layer.L7A_CDA_PT else K.CDA_FIRST) if is_cda else K.DEPENDENCY_WAIT if loop else K.DEPENDENCY if reason == "dependency"
                    else _timestamp_rule(engine, chosen, view))
        for oid, (before, after) in changes.items():
            # The type line's words changed too (CR 612.1).
            row_rule = K.TEXT_CHANGE if rule_key is K.TEXT_WORDS and before.subtypes != after.subtypes else rule_key
            walk[oid].append({
                "layer": layer.number, "sublayer": layer.sublayer, "effect": e.id, "label": chosen.label,
                "do": e.do, "source": e.source, "timestamp": e.timestamp, "reason": reason,
                "rule_key": row_rule, "layer_rule_key": LAYER_RULE[layer],
                "before": _summary(layer, before), "after": _summary(layer, after),
            })


def _timestamp_rule(engine: LayerEngine, le: LayerEffect, view: View) -> K:
    """The rule a row applied in timestamp order cites: its layer's, 612.2 for a text-changing
    effect (what words it changes), or 604.3a for a "characteristic-defining" ability that is not
    one because it was granted or has a condition (604.3a(2), (5))."""
    if le.layer is Layer.L3_TEXT:
        return K.TEXT_WORDS
    e = le.effect
    if e.static_key is not None and e.source in view:
        ability = next((a for a in view[e.source].abilities if a.key == e.static_key), None)
        if ability is not None and ability.kind == "cda":
            return K.CDA_CRITERIA
    return LAYER_RULE[le.layer]


def _order(le: LayerEffect) -> tuple[int, str]:
    return (le.timestamp, le.effect.id)


def _not_applied(engine: LayerEngine, le: LayerEffect, view: dict[ObjectId, Chars],
                 walk: Optional[dict[ObjectId, list[dict[str, Any]]]], notes: list[dict[str, Any]],
                 holds: Optional[bool]) -> None:
    """An effect whose ``if`` condition is false (or unknown) when it would apply does not apply
    (CR 611.3a): a ``condition_false`` row on each object it would affect, or on its source."""
    e = engine.current(le.effect, view)
    if holds is None:
        notes.append({"kind": "condition_unknown", "card": e.source, "effect": e.id, "label": le.label,
                      "condition": thaw(e.condition), "rule_key": K.STATIC_NOT_LOCKED})
        return
    if walk is None:
        return
    would = sorted(engine.affected(e, view)) or ([e.source] if e.source in view else [])
    for oid in would:
        walk[oid].append({
            "layer": le.layer.number, "sublayer": le.layer.sublayer, "effect": e.id, "label": le.label,
            "do": e.do, "source": e.source, "timestamp": e.timestamp, "reason": "condition_false",
            "condition": thaw(e.condition), "rule_key": K.STATIC_NOT_LOCKED, "layer_rule_key": LAYER_RULE[le.layer],
            "before": _summary(le.layer, view[oid]), "after": _summary(le.layer, view[oid]),
        })


class _DependencyTracker:
    """Which pending effects depend on which (CR 613.8a), kept up to date incrementally.

    ``a`` depends on ``b`` when applying ``b`` (to an overlay of the objects it affects)
    changes ``a``'s signature. Only effects that read what this layer writes can depend on
    anything. After an application that changed the objects ``C``, a pair is re-checked only
    if ``C`` meets ``b``'s affected set (before or after) or ``a``'s own inputs, so a layer
    with k effects costs O(k²) pair checks when each application touches few others.
    """

    def __init__(self, engine: LayerEngine, pending: list[LayerEffect], view: dict[ObjectId, Chars], writes: set[str]) -> None:
        self.engine = engine
        self.view = view
        self.writes = writes
        self.pending = list(pending)
        reads_count = {"count"} if "pt" in writes else set()
        self.interacting = [le for le in pending if "all" in writes or engine.reads(le) & (writes | reads_count)]
        self.deps: dict[str, set[str]] = {}
        self.affected: dict[str, frozenset[ObjectId]] = {}
        self.baseline: dict[str, Signature] = {}
        if not self.interacting or len(pending) < 2:
            self.interacting = []
            return
        for le in self.pending:
            self.affected[le.effect.id] = self._affected(le)
        for a in self.interacting:
            self.baseline[a.effect.id] = engine.signature(a, view)
        for b in self.pending:
            self._column(b)

    def _affected(self, le: LayerEffect) -> frozenset[ObjectId]:
        e = le.effect
        if not self.engine.exists(e, self.view) or self.engine.holds(e, self.view) is not True:
            return frozenset()
        return self.engine.affected(e, self.view)

    def add(self, le: LayerEffect) -> None:
        """A new effect joins the pending ones (an ability granted while this layer applies):
        every dependency is worked out again (CR 613.8c)."""
        self.__init__(self.engine, self.pending + [le], self.view, self.writes)  # type: ignore[misc]

    def _simulated(self, b: LayerEffect) -> View:
        overlay = {oid: self.engine.apply_one(b, self.view[oid], oid, self.view) for oid in self.affected[b.effect.id]}
        return ChainMap(overlay, self.view) if overlay else self.view

    def _column(self, b: LayerEffect) -> None:
        """Re-check every ``a`` against ``b``."""
        sim = self._simulated(b)
        for a in self.interacting:
            if a is b:
                continue
            self._set(a, b, sim)

    def _row(self, a: LayerEffect) -> None:
        """Re-check ``a`` against every ``b``."""
        for b in self.pending:
            if b is not a:
                self._set(a, b, self._simulated(b))

    def _set(self, a: LayerEffect, b: LayerEffect, sim: View) -> None:
        if sim is self.view:
            self.deps.get(a.effect.id, set()).discard(b.effect.id)
            return
        if self.engine.signature(a, sim) != self.baseline[a.effect.id]:
            self.deps.setdefault(a.effect.id, set()).add(b.effect.id)
        else:
            self.deps.get(a.effect.id, set()).discard(b.effect.id)

    def remove(self, le: LayerEffect) -> None:
        if le in self.pending:
            self.pending.remove(le)
        if le in self.interacting:
            self.interacting.remove(le)

    def update(self, changed: frozenset[ObjectId]) -> None:
        if not self.interacting:
            return
        rows = []
        for a in self.interacting:
            signature = self.engine.signature(a, self.view)
            if signature != self.baseline[a.effect.id] or (self.engine.reads(a) & {"count"}):
                rows.append(a)
            self.baseline[a.effect.id] = signature
        for b in self.pending:
            old = self.affected[b.effect.id]
            new = self._affected(b)
            self.affected[b.effect.id] = new
            if changed & (old | new) or old != new:
                self._column(b)
        for a in rows:
            self._row(a)


def characteristics_of(state: GameState, oid: ObjectId, layers: Optional[LayerResult] = None) -> Chars:
    """Return an object's characteristics: after layers on the battlefield; printed (and face-down,
    CR 708.2) elsewhere, with the spell's controller on the stack."""
    obj = state.objects[oid]
    if obj.zone is Zone.BATTLEFIELD:
        result = layers or compute(state, record_walk=False)
        return result.chars[oid]
    return replace(obj.printed, controller=obj.controller)


Predicate = Callable[[ObjectId, Chars, GameObject], bool]
