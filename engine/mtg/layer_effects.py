"""The continuous effects that change characteristics, one entry each, and how each applies in
its layer (CR 613.1-613.4); the effects of static abilities, counters and granted abilities
(611.3, 604.3, 613.4c, 613.1f); the amounts the layer system evaluates (613.4).

:class:`LayerEngine` holds what one application of the layers reads (the state, the
characteristics so far, the groups already started, 613.6); :mod:`engine.mtg.layers` orders the
effects (timestamps, dependencies, 613.7-613.8) and calls :meth:`LayerEngine.apply`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Optional

from ..core.deadline import check as check_deadline
from ..core.schema import Validation
from ..core.validation import Path
from .filters import Context, condition_reads, evaluate_condition, filter_reads, matches
from .interactions import EVERYTHING, Facets, MatchIndex, coarse, filter_facets, type_words
from .mana import BASIC_LAND_MANA, mana_value
from .model import Ability, Chars, Effect, GameObject, GameState, Layer, ObjectId, Zone, freeze
from .rules import K
from .subtypes import BASIC_LAND_TYPES, LAND_SUBTYPES, subtype_set, subtype_set_types
from .text_change import change_words, text_word_kind
from .vocabulary import (
    COLOR_LIST, COUNTER, NUMBER, OBJECT, SUBTYPE_LIST, SUPERTYPE_LIST, TYPE_LIST, VOCABULARY, Boolean, Choice, Const,
    Either, Integer, ListOf, Only, Text, row,
)

View = Mapping[ObjectId, Chars]
LayerApply = Callable[["LayerEngine", Chars, Mapping[str, Any], ObjectId, View, Effect], Chars]


@dataclass(frozen=True, slots=True)
class EffectKind:
    """How one kind of characteristic-changing effect applies (CR 613.1)."""

    layer: Layer
    apply: LayerApply
    result: Optional[Callable[[Effect, View], tuple[Any, ...]]] = None
    """What the effect does beyond its affected set and amounts, for dependencies (CR 613.8a)."""
    writes: Optional[Callable[[Mapping[str, Any]], Facets]] = None
    """What it may change, from its parameters (:mod:`engine.mtg.interactions`); ``None``: every
    characteristic its layer changes (:data:`WRITES`)."""


KINDS: dict[str, EffectKind] = {}
"""``do`` → how it applies; the effects with a layer (a CDA ``set_pt`` goes to 7a, 613.4a)."""
LAYER_OF: dict[str, Layer] = {}
"""The layer of each characteristic-changing effect."""
READS_CHOSEN: dict[str, str] = {}
"""``do`` → what the effect reads that was chosen as its source entered (``color``,
``creature_type``: the ``chosen`` effect's ``what``, CR 614.12a, 607.2d)."""
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


# ----------------------------------------------------------------------------- amounts (613.4)

LayerAmount = Callable[["LayerEngine", Mapping[str, Any], ObjectId, View, Effect], int]
_AMOUNTS: dict[str, LayerAmount] = {}
LAYER_AMOUNTS = ("count", "colors_of_affected", "mana_value_of_affected", "counters_of_affected")
"""The amounts the layer system evaluates each time a layer applies (613.4); ``count`` is
registered with the amounts of resolving instructions (``resolution.py``)."""
TIMES = {"times": Integer(low=-999, high=999, label="Times", help="multiplies the amount (default 1)")}


def _amount(name: str, fn: LayerAmount) -> LayerAmount:
    _AMOUNTS[name] = fn
    return fn


VOCABULARY.define("amount", "colors_of_affected", rule=K.L7C_MODIFY, value=Const(value=True), keys=TIMES,
                  label="Its number of colors", doc="The number of colors of the object the effect applies to, "
                  "times `times`, evaluated each time the layer applies (Wild Nacatl-like text, CR 613.4).",
                  example={"colors_of_affected": True}, row=row(TIMES, main=("colors_of_affected", "times")))
VOCABULARY.define("amount", "mana_value_of_affected", rule=K.MANA_VALUE, value=Const(value=True),
                  label="Its mana value", doc="The mana value of the object the effect applies to (CR 202.3), "
                  "evaluated each time the layer applies.", example={"mana_value_of_affected": True})
VOCABULARY.define("amount", "counters_of_affected", rule=K.COUNTERS, value=COUNTER, label="Its counters of a kind",
                  doc="How many counters of this kind the object the effect applies to has (CR 122.1), evaluated "
                  "each time the layer applies.", example={"counters_of_affected": "+1/+1"})
_amount("count", lambda engine, value, oid, view, e: len(
    engine.index.matching(value["count"], engine.context(e, view), view)) * value.get("times", 1))
_amount("colors_of_affected", lambda engine, value, oid, view, e: len(view[oid].colors) * value.get("times", 1))
_mana_value = lru_cache(maxsize=1024)(mana_value)
_amount("mana_value_of_affected", lambda engine, value, oid, view, e: _mana_value(view[oid].mana_cost))
_amount("counters_of_affected", lambda engine, value, oid, view, e: engine.objects[oid].counters.get(
    value["counters_of_affected"], 0))

PT_AMOUNT = Either(options=(NUMBER, Only(slot="amount", vocabulary=VOCABULARY, names=LAYER_AMOUNTS,
                                         where="by the layer system (a static ability or a document effect)")),
                   label="Amount", help="an integer or an AMOUNT the layer system evaluates")


# ----------------------------------------------------------------------------- the engine of one application

def _with_controller(obj: GameObject) -> Chars:
    """An object's printed characteristics with its controller (the very same value when equal)."""
    printed = obj.printed
    return printed if printed.controller == obj.controller else replace(printed, controller=obj.controller)


class LayerEngine:
    """Applies the continuous effects of one state; one instance per :func:`~engine.mtg.layers.compute` call."""

    def __init__(self, state: GameState, objects: Mapping[ObjectId, GameObject],
                 outside: frozenset[Zone] = frozenset()) -> None:
        self.state = state
        self.objects = objects
        zones = outside | {Zone.BATTLEFIELD}
        held = [oid for oid in state.order if objects[oid].zone in zones]
        elsewhere = frozenset(oid for oid in held if objects[oid].zone is not Zone.BATTLEFIELD) if outside else frozenset()
        self.index = MatchIndex({oid: _with_controller(objects[oid]) for oid in held}, objects, elsewhere)
        """The view the layers apply to (each object's printed characteristics at first: the
        permanents, and the objects of the zones in ``outside`` that an effect names, CR 613.1) and
        the objects each filter matches in it (:class:`~engine.mtg.interactions.MatchIndex`)."""
        self.permanents = [oid for oid in held if oid not in elsewhere]
        """The ids of the view on the battlefield, in order (what a condition counts, 611.3a)."""
        self.chosen: dict[tuple[ObjectId, str], str] = {
            (e.source, str(e.params.get("what"))): str(e.params.get("value")) for e in state.effects
            if e.do == "chosen" and e.source is not None}
        """(permanent, ``color`` / ``creature_type`` …) → the value chosen as it entered (CR 614.12a)."""
        self.started: dict[str, frozenset[ObjectId]] = {}
        """Group → affected set, once the group has started to apply (CR 613.6)."""
        self.granted = [0]
        self.trials = [0]
        """Pairs of effects tried for a dependency so far (a box, :mod:`engine.mtg.layers`)."""
        self.applied = [0]
        """Objects an effect was applied to so far (a box)."""
        """Effects of granted abilities made so far, in a box (bounded by :data:`MAX_GRANTED_EFFECTS`)."""
        self._current: dict[str, tuple[Any, Effect, Optional[Chars]]] = {}
        """Effect id → (the ability spec it was last read from, the effect as that spec reads, the
        source's characteristics it was read in: the same object reads the same)."""

    def current(self, e: Effect, view: View) -> Effect:
        """Return ``e`` as the text of its static ability reads in ``view``: after a text-changing
        effect (layer 3) its parameters, ``affected`` filter and ``if`` condition are those of the
        changed text (CR 612.1, 613.1c; a change of its text is a dependency, 613.8a). An effect
        not from a static ability, or whose ability is gone, is returned as last read."""
        cached = self._current.get(e.id)
        if cached is not None and cached[2] is not None and view.get(e.source) is cached[2]:
            return cached[1]  # read in these very characteristics of its source
        if e.static_key is None or e.part_index is None or not e.source:
            return e
        chars = view.get(e.source)
        ability = next((a for a in chars.abilities if a.key == e.static_key), None) if chars is not None else None
        if ability is None:
            return cached[1] if cached else e
        if cached is not None and cached[0] is ability.spec:
            self._current[e.id] = (ability.spec, cached[1], chars)
            return cached[1]
        parts = ability.spec.get("effects", ())
        part = parts[e.part_index] if e.part_index < len(parts) else None
        if part is None or part is e.params:
            result = e
        else:
            result = replace(e, params=part, affected_filter=part.get("affected", ability.spec.get("affected", {"self": True})),
                             condition=ability.spec.get("if"))
        self._current[e.id] = (ability.spec, result, chars)
        return result

    def holds(self, e: Effect, view: View) -> Optional[bool]:
        """Whether the ``if`` condition of ``e`` holds now ("as long as …", CR 611.3a): evaluated
        against the characteristics in ``view``, i.e. as the layers have left them when the effect
        would apply (613.1). ``True`` without a condition; ``None`` for an unknown condition."""
        cond = self.current(e, view).condition
        if cond is None:
            return True
        ctx = self.context(e, view)
        return evaluate_condition(cond, self.state, view.__getitem__, ctx, permanents=self.permanents)

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
                if a.kind == "keyword":
                    return True  # the effect a keyword stands for (changeling's CDA) exists while it has the keyword
                parts = a.spec.get("effects", ())
                if e.part_index is None:
                    return any(part == e.params for part in parts)
                return e.part_index < len(parts) and parts[e.part_index].get("do") == e.do
        return False

    def affected(self, e: Effect, view: View) -> frozenset[ObjectId]:
        """Return the objects ``e`` applies to now (its set once its group started, 613.6)."""
        if e.group in self.started:
            return self.started[e.group]
        e = self.current(e, view)
        if e.affected_ids is not None:
            return frozenset(o for o in e.affected_ids if o in view)
        return self.index.matching(e.affected_filter, self.context(e, view), view)

    def amount(self, value: Any, oid: ObjectId, view: View, e: Effect) -> Any:
        """Resolve an amount: an integer, or a layer AMOUNT (a count of permanents, colors, mana value)."""
        if type(value) is int or (type(value) is not MappingProxyType and not isinstance(value, Mapping)):
            return value
        e = self.current(e, view)
        for key in value:
            if key in _AMOUNTS:
                return _AMOUNTS[key](self, value, oid, view, e)
        return 0

    def reads(self, e: Effect) -> set[str]:
        """Return what ``e`` reads that an effect of its layer may change (CR 613.8a candidates)."""
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

    def read_facets(self, e: Effect, view: View) -> Facets:
        """Return what ``e`` reads (:meth:`reads`) as facets, narrowed to the type words its
        filters list (:func:`~engine.mtg.interactions.filter_facets`), for its text as printed
        and as it reads in ``view`` (CR 612.1)."""
        out: set[tuple[str, Optional[str]]] = set()
        for version in {id(e): e, id(now := self.current(e, view)): now}.values():
            if version.group not in self.started:
                out |= filter_facets(version.affected_filter)
            for key in ("power", "toughness"):
                value = version.params.get(key)
                if isinstance(value, Mapping):
                    if "count" in value:
                        out |= filter_facets(value["count"]) | {("count", None)}
                    if value.get("colors_of_affected"):
                        out.add(("colors", None))
            if version.static_key is not None and version.group not in self.started:
                out.add(("abilities", None))
            out |= coarse(*sorted(condition_reads(version.condition)))
        return frozenset(out)

    def write_facets(self, e: Effect, view: View) -> Facets:
        """Return what applying ``e`` may change: its entry's ``writes`` for its parameters, or
        every characteristic its layer changes (:data:`WRITES`)."""
        kind = KINDS[e.do]
        layer_writes = WRITES[layer_of(e)]
        if "all" in layer_writes:
            return EVERYTHING
        if kind.writes is None:
            return coarse(*sorted(layer_writes))
        return kind.writes(self.current(e, view).params)

    def apply_one(self, e: Effect, chars: Chars, oid: ObjectId, view: View) -> Chars:
        """Return ``chars`` with one effect applied (the rule of its layer)."""
        e = self.current(e, view)
        return KINDS[e.do].apply(self, chars, e.params, oid, view, e)

    def apply(self, e: Effect, view: dict[ObjectId, Chars], targets: frozenset[ObjectId]) -> dict[ObjectId, tuple[Chars, Chars]]:
        """Apply ``e`` to ``targets`` in ``view`` (in place); return ``{id: (before, after)}``.
        An effect whose amounts read other objects reads them as they were before it applied."""
        changes = {}
        params = self.current(e, view).params
        reads_view = KINDS[e.do].layer in (Layer.L7A_CDA_PT, Layer.L7B_SET_PT) and \
            any(isinstance(v, Mapping) for v in params.values())
        facets = self.write_facets(e, view)
        write = self.index.write if view is self.index.view else lambda oid, chars, _: view.__setitem__(oid, chars)
        what = f"applying {e.do} to {len(targets)} objects"
        self.applied[0] += len(targets)
        apply_kind, current = KINDS[e.do].apply, self.current
        for i, oid in enumerate(sorted(targets)):
            if not i & 63:
                check_deadline(what)
            before = view[oid]
            now = current(e, view)  # as apply_one: the effect as its text reads now
            changes[oid] = (before, apply_kind(self, before, now.params, oid, view, now))
            if not reads_view:
                write(oid, changes[oid][1], facets)
        if reads_view:  # every amount read the objects as they were before the effect applied
            for oid, (before, after) in changes.items():
                write(oid, after, facets)
        return changes

    def printed(self, oid: ObjectId) -> Optional[Chars]:
        """Return an object's printed characteristics, or ``None``."""
        obj = self.objects.get(oid)
        return obj.printed if obj else None

    def land_mana(self, subtypes: Any, oid: ObjectId, chars: Chars) -> tuple[Ability, ...]:
        """The intrinsic "{T}: Add [mana]" ability of each basic land type given to a land (CR 305.6)."""
        return intrinsic_mana(subtypes, oid, chars)


def intrinsic_mana(subtypes: Any, oid: ObjectId, chars: Chars) -> tuple[Ability, ...]:
    """Return, for a land (``chars``), the intrinsic "{T}: Add [mana]" ability of each basic land
    type among ``subtypes`` that it does not have yet (CR 305.6), marked ``intrinsic``."""
    if "land" not in chars.types:
        return ()
    had = {a.key for a in chars.abilities if a.spec.get("intrinsic")}
    out = []
    for sub in subtypes:
        key = (oid, f"305.6-{sub}")
        if sub in BASIC_LAND_MANA and key not in had:
            had.add(key)
            out.append(Ability(key, "activated", freeze({
                "text": f"{{T}}: Add {{{BASIC_LAND_MANA[sub]}}}.", "mana_ability": True, "intrinsic": True,
                "cost": {"tap": True}, "effects": [{"do": "add_mana", "mana": f"{{{BASIC_LAND_MANA[sub]}}}"}]})))
    return tuple(out)


def with_intrinsic_mana(view: dict[ObjectId, Chars], elsewhere: frozenset[ObjectId] = frozenset()) -> None:
    """Give each land in ``view`` (but those ``elsewhere``, off the battlefield, whose abilities are
    listed as printed) the intrinsic mana ability of each basic land type it has once layer 4 has
    set its types (CR 305.6): an ability like any other from then on, which layer 6 can remove
    (613.1f)."""
    for oid, chars in view.items():
        if oid in elsewhere:
            continue
        extra = intrinsic_mana(sorted(chars.subtypes), oid, chars)
        if extra:
            view[oid] = replace(chars, abilities=chars.abilities + extra)


# ----------------------------------------------------------------------------- the effects, layer by layer

def _effect(name: str, layer: Layer, rule: Any, *, keys: Optional[dict] = None, required: tuple[str, ...] = (),
            label: str, doc: str, example: dict, result: Optional[Callable[[Effect, View], tuple[Any, ...]]] = None,
            check: Any = None, writes: Optional[Callable[[Mapping[str, Any]], Facets]] = None,
            chosen: Optional[str] = None):
    """Register the continuous effect ``name`` of ``layer`` and its application; ``writes``: what
    it may change for given parameters (default: what its layer changes, :data:`WRITES`);
    ``chosen``: the value chosen as its source entered that it reads (:data:`READS_CHOSEN`)."""
    def register(fn: LayerApply) -> LayerApply:
        VOCABULARY.entry("effect", name, rule=rule, keys=keys or {}, required=required, label=label, doc=doc,
                         example={"do": name, **example}, row=row(keys or {}), messages=("mtg.layer.apply",),
                         check=check)(fn)
        KINDS[name] = EffectKind(layer, fn, result, writes)
        LAYER_OF[name] = layer
        if chosen is not None:
            READS_CHOSEN[name] = chosen
        return fn
    return register


def copied_key(oid: ObjectId, index: int) -> tuple[ObjectId, int]:
    """The key of the ``index``-th ability an object has from a copy effect (CR 707.2): distinct
    from its printed abilities' keys, so its own static abilities stop existing."""
    return (f"{oid}:copy", index)


@_effect("copy", Layer.L1A_COPY, (K.L1A_COPY, K.COPIABLE_VALUES), keys={"of": OBJECT}, required=("of",),
         label="Becomes a copy", doc="Layer 1a: the object's copiable values become those of the object `of` (CR "
         "707.2, 613.2a); it keeps its controller, and its own static abilities stop existing.",
         example={"of": "ogre"}, result=lambda e, view: (("of", view.get(e.params.get("of"))),))
def _copy(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    original = view.get(p["of"]) or engine.printed(p["of"])
    if original is None:
        return chars
    return replace(original, controller=chars.controller,
                   abilities=tuple(Ability(copied_key(oid, i), a.kind, a.spec) for i, a in enumerate(original.abilities)))


def _face_down(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    """Layer 1b: a face-down permanent is a 2/2 creature with no name, mana cost, color, subtype or
    ability (CR 708.2, 613.2b); made from ``objects[].face_down``, not written as an effect."""
    return Chars("", "", frozenset(), frozenset(), frozenset({"creature"}), frozenset(), (), 2, 2, None, chars.controller)


KINDS["face_down"] = EffectKind(Layer.L1B_FACE_DOWN, _face_down)


@_effect("change_control", Layer.L2_CONTROL, K.L2_CONTROL,
         keys={"to": Choice(values=("you", "p1", "p2"), what="player", label="To",
                            help="you (the effect's controller, the default) or a player")},
         label="Gains control", doc="Layer 2: the effect's controller (or the player `to`) controls the object "
         "(CR 613.1b).", example={"to": "you"})
def _change_control(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    return replace(chars, controller=e.controller if p.get("to", "you") == "you" else p["to"])


def check_change_text(value: Any, path: Path, v: Validation) -> None:
    """A text-changing effect changes a word of one kind into another of the same kind (CR 612.2):
    two color words, two land types or two creature types (:func:`text_word_kind`)."""
    kinds = {}
    for key in ("from", "to"):
        kinds[key] = text_word_kind(value.get(key))
        if kinds[key] is None:
            v.error((*path, key), f"{key} must be a color word (white, blue, black, red, green), a land type "
                    "(Plains, Swamp …) or a creature type (a capitalised word such as Goblin), CR 612.2; "
                    f"got {str(value.get(key))[:40]!r}")
    if kinds["from"] and kinds["to"] and kinds["from"] != kinds["to"]:
        v.error((*path, "to"), f"to must be a word of the same kind as from ({kinds['from'].replace('_', ' ')}), CR 612.2")


_WORD = Text(min_length=1, max_length=40)


@_effect("change_text", Layer.L3_TEXT, (K.L3_TEXT, K.TEXT_WORDS), keys={"from": _WORD, "to": _WORD},
         required=("from", "to"), label="Changes a word of its text",
         doc="Layer 3: every `from` word of the object's text becomes `to` (two color words, two land types or two "
         "creature types, CR 612.2), in its abilities as layer 1 left them and in its subtypes; its name never.",
         example={"from": "Swamp", "to": "Island"}, check=check_change_text,
         result=lambda e, view: (("words", e.params.get("from"), e.params.get("to")),))
def _change_text(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
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


TYPE_KEYS = {"types": TYPE_LIST, "subtypes": SUBTYPE_LIST, "supertypes": SUPERTYPE_LIST}


@_effect("set_type", Layer.L4_TYPE, K.L4_TYPE,
         keys={**TYPE_KEYS, "land_type": Const(value=True, label="Sets a basic land type",
                                               help="the land loses the abilities of its rules text (CR 305.7)")},
         label="Becomes a type", doc="Layer 4: the object's card types, subtypes and supertypes given here replace its "
         "own; new subtypes replace only those of the same set (CR 205.1a) and a subtype whose card type is gone goes "
         "too. With `land_type` it sets a basic land type: the land loses the abilities of its rules text and has the "
         "new type's mana ability (305.7, 305.6).", example={"types": ["artifact", "creature"]},
         writes=lambda p: coarse("types", "abilities") if p.get("land_type") else coarse("types"))
def _set_type(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    if p.get("land_type"):
        new = frozenset(p.get("subtypes", ()))
        kept = frozenset(s for s in chars.subtypes if s not in LAND_SUBTYPES)
        return replace(chars, subtypes=kept | new, abilities=engine.land_mana(sorted(new), oid, chars))
    types = frozenset(p["types"]) if "types" in p else chars.types
    subtypes = chars.subtypes
    if "subtypes" in p:
        # CR 205.1a: new subtypes replace only the existing subtypes of the same set.
        new = frozenset(p["subtypes"])
        replaced = {subtype_set(s) for s in new}
        subtypes = new | frozenset(s for s in subtypes if subtype_set(s) not in replaced)
        if "creature" in replaced:
            chars = replace(chars, every_creature_type=False)  # its creature types are set: no longer every one
    if "types" in p:
        # CR 205.1a: a subtype whose card type is gone goes too, unless a type it has shares it.
        subtypes = frozenset(s for s in subtypes if s in p.get("subtypes", ())
                             or any(t in types for t in subtype_set_types(subtype_set(s))))
    supertypes = frozenset(p["supertypes"]) if "supertypes" in p else chars.supertypes
    return replace(chars, types=types, subtypes=subtypes, supertypes=supertypes)


@_effect("add_type", Layer.L4_TYPE, K.L4_TYPE, keys=TYPE_KEYS, label="Also becomes a type",
         doc="Layer 4: the object has these card types, subtypes and supertypes in addition to its own (CR 613.1d); a "
         "land given a basic land type has its mana ability (305.6).", example={"types": ["creature"]},
         writes=lambda p: type_words(p) | (coarse("abilities") if set(p.get("subtypes", ())) & set(BASIC_LAND_MANA)
                                           else frozenset()))
def _add_type(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    types, subtypes = chars.types | frozenset(p.get("types", ())), chars.subtypes | frozenset(p.get("subtypes", ()))
    supertypes = chars.supertypes | frozenset(p.get("supertypes", ()))
    mana = engine.land_mana(p.get("subtypes", ()), oid, chars)
    if not mana and types == chars.types and subtypes == chars.subtypes and supertypes == chars.supertypes:
        return chars  # nothing new: the same characteristics (the view logs no change)
    return replace(chars, types=types, subtypes=subtypes, supertypes=supertypes, abilities=chars.abilities + mana)


@_effect("set_chosen_creature_type", Layer.L4_TYPE, (K.L4_TYPE, K.AS_ENTERS_CHOICE, K.LINKED_CHOICE),
         label="Is the chosen creature type", chosen="creature_type",
         doc="Layer 4: the object's creature types become the one chosen as the effect's source entered the battlefield "
         "(CR 613.1d, 614.12a; Conspiracy): they replace its other creature types, not its other subtypes (205.1a), "
         "and it is no longer every creature type (a changeling's ability applies first in this layer, 613.3). The "
         "source's `chosen_creature_type` gives that choice on a board; a permanent that enters while the scenario "
         "resolves makes it with its `as_enters: choose_creature_type` ability. Only a choice made as a result of that "
         "ability counts (607.2d): with none, the effect changes nothing.", example={})
def _set_chosen_creature_type(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View,
                              e: Effect) -> Chars:
    chosen = engine.chosen.get((e.source, "creature_type")) if e.source else None
    if chosen is None:
        return chars
    return _set_type(engine, chars, {"subtypes": [chosen]}, oid, view, e)


@_effect("all_creature_types", Layer.L4_TYPE, (K.L4_TYPE, K.CHANGELING), label="Is every creature type",
         doc="Layer 4: the object is every creature type (CR 205.3m), as changeling's characteristic-defining ability "
         "makes it (702.73a in 2022, 702.72a in 2020; the keyword `changeling` applies this first in layer 4, 613.3): "
         "every SUBTYPE filter naming a creature type matches it while it is a creature or a tribal (205.3d). A later "
         "effect that sets its creature types replaces them (205.1a). \"Target creature gains all creature types\".",
         example={})
def _all_creature_types(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View,
                        e: Effect) -> Chars:
    return replace(chars, every_creature_type=True)


@_effect("all_basic_land_types", Layer.L4_TYPE, (K.L4_TYPE, K.BASIC_LAND_MANA), label="Is every basic land type",
         doc="Layer 4: the land is every basic land type in addition to its other types (Plains, Island, Swamp, "
         "Mountain and Forest, CR 305.6) and so has each one's intrinsic mana ability; it keeps its own land types and "
         "rules text (305.7). An object that is not a land gets no land types (205.3d).", example={})
def _all_basic_land_types(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View,
                          e: Effect) -> Chars:
    if "land" not in chars.types:
        return chars
    new = [t for t in BASIC_LAND_TYPES if t not in chars.subtypes]
    return replace(chars, subtypes=chars.subtypes | frozenset(new), abilities=chars.abilities + engine.land_mana(new, oid, chars))


@_effect("remove_type", Layer.L4_TYPE, K.L4_TYPE, keys=TYPE_KEYS, label="Loses a type",
         doc="Layer 4: the object loses these card types, subtypes and supertypes (CR 613.1d).",
         example={"supertypes": ["legendary"]}, writes=type_words)
def _remove_type(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    return replace(chars, types=chars.types - frozenset(p.get("types", ())),
                   subtypes=chars.subtypes - frozenset(p.get("subtypes", ())),
                   supertypes=chars.supertypes - frozenset(p.get("supertypes", ())))


@_effect("set_color", Layer.L5_COLOR, K.L5_COLOR, keys={"colors": COLOR_LIST}, required=("colors",),
         label="Becomes a color", doc="Layer 5: the object is exactly these colors (CR 613.1e); `[]` makes it colorless.",
         example={"colors": ["blue"]})
def _set_color(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    return replace(chars, colors=frozenset(p.get("colors", ())))


@_effect("add_color", Layer.L5_COLOR, K.L5_COLOR, keys={"colors": COLOR_LIST}, required=("colors",),
         label="Also becomes a color", doc="Layer 5: the object is these colors in addition to its own (CR 613.1e).",
         example={"colors": ["black"]})
def _add_color(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    return replace(chars, colors=chars.colors | frozenset(p.get("colors", ())))


@_effect("add_chosen_color", Layer.L5_COLOR, (K.L5_COLOR, K.AS_ENTERS_CHOICE, K.LINKED_CHOICE),
         label="Also becomes the chosen color", chosen="color",
         doc="Layer 5: the object is the color chosen as the effect's source entered the battlefield in addition to its "
         "own (CR 613.1e, 614.12a; Painter's Servant). The source's `chosen_color` gives that choice on a board; a "
         "permanent that enters while the scenario resolves makes it with its `as_enters: choose_color` ability. Only "
         "a choice made as a result of that ability counts (607.2d): with none, the effect changes nothing.",
         example={})
def _add_chosen_color(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View,
                      e: Effect) -> Chars:
    color = engine.chosen.get((e.source, "color")) if e.source else None
    return chars if color is None or color in chars.colors else replace(chars, colors=chars.colors | {color})


ABILITIES = ListOf(item=VOCABULARY.use("ability"), label="Abilities", max_items=20)


@_effect("add_ability", Layer.L6_ABILITY, K.L6_ABILITY, keys={"abilities": ABILITIES}, required=("abilities",),
         label="Gains abilities", doc="Layer 6: the object has these abilities too (CR 613.1f); a granted static "
         "ability makes its own effects as it is granted, with the later of the two timestamps (613.7a).",
         example={"abilities": [{"kind": "keyword", "keyword": "flying"}]})
def _add_ability(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    granted = tuple(Ability((e.id, i), spec.get("kind", "keyword"), spec) for i, spec in enumerate(p.get("abilities", ())))
    return replace(chars, abilities=chars.abilities + granted)


@_effect("remove_abilities", Layer.L6_ABILITY, K.L6_ABILITY, label="Loses all abilities",
         doc="Layer 6: the object loses every ability it has when the effect applies (CR 613.1f).", example={})
def _remove_abilities(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    return replace(chars, abilities=())


@_effect("remove_ability", Layer.L6_ABILITY, K.L6_ABILITY,
         keys={"keywords": ListOf(item=VOCABULARY.use("keyword"), min_items=1, max_items=20, label="Keywords")},
         required=("keywords",), label="Loses keywords",
         doc="Layer 6: the object loses these keyword abilities (CR 613.1f).", example={"keywords": ["flying"]})
def _remove_ability(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    gone = set(p.get("keywords", ()))
    return replace(chars, abilities=tuple(a for a in chars.abilities if a.keyword not in gone))


PT_KEYS = {"power": PT_AMOUNT, "toughness": PT_AMOUNT}


@_effect("set_pt", Layer.L7B_SET_PT, K.L7B_SET, keys=PT_KEYS, label="Has base power/toughness",
         doc="Layer 7b: the object's power and/or toughness become these numbers (CR 613.4b); from a `cda` ability or "
         "with `cda` it is characteristic-defining and applies first, in 7a (604.3, 613.4a).",
         example={"power": 0, "toughness": 1})
def _set_pt(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    power = engine.amount(p.get("power"), oid, view, e) if "power" in p else chars.power
    tough = engine.amount(p.get("toughness"), oid, view, e) if "toughness" in p else chars.toughness
    if power == chars.power and tough == chars.toughness and type(power) is type(chars.power) \
            and type(tough) is type(chars.toughness):
        return chars
    return replace(chars, power=power, toughness=tough)


@_effect("modify_pt", Layer.L7C_MODIFY_PT, K.L7C_MODIFY, keys=PT_KEYS, label="Gets +N/+N",
         doc="Layer 7c: the object's power and toughness go up (or down) by these amounts (CR 613.4c), as +1/+1 and "
         "-1/-1 counters do.", example={"power": 2, "toughness": 2})
def _modify_pt(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    return replace(chars, power=(chars.power or 0) + engine.amount(p.get("power", 0), oid, view, e),
                   toughness=(chars.toughness or 0) + engine.amount(p.get("toughness", 0), oid, view, e))


@_effect("switch_pt", Layer.L7D_SWITCH_PT, K.L7D_SWITCH, label="Switches power and toughness",
         doc="Layer 7d: the object's power and toughness switch (CR 613.4d), after every other P/T effect.", example={})
def _switch_pt(engine: LayerEngine, chars: Chars, p: Mapping[str, Any], oid: ObjectId, view: View, e: Effect) -> Chars:
    return replace(chars, power=chars.toughness, toughness=chars.power)


def layer_of(e: Effect) -> Layer:
    """Return the layer ``e`` applies in (a characteristic-defining ``set_pt`` in 7a, 613.4a)."""
    if e.cda and e.do == "set_pt":
        return Layer.L7A_CDA_PT
    return KINDS[e.do].layer


def result_of(e: Effect, view: View) -> tuple[Any, ...]:
    """Return what ``e`` does beyond its amounts (its copied object, its pair of words)."""
    fn = KINDS[e.do].result
    return fn(e, view) if fn is not None else ()


# ----------------------------------------------------------------------------- static abilities, counters, grants

def _ability_effects(out: list[Effect], oid: ObjectId, obj: GameObject, key: tuple[Any, int], spec: Any, kind: str,
                     timestamp: int, prefix: str, depth: int = 0) -> None:
    """Append the layer effects of one static ability or CDA ``spec`` of ``oid`` (CR 611.3, 604.3).

    The parts that share the ability's ``affected`` are one effect and keep one set of objects
    across layers once it starts to apply (613.6); a part with its own ``affected`` is an effect
    of its own (Conspiracy's "creature cards you own …, creature spells you control, and
    creatures you control" is three).

    A ``cda`` with an ``if`` is not a characteristic-defining ability (it sets the values only if
    a condition is met, CR 604.3a(5)): its effects apply like any static ability's."""
    for part_index, part in enumerate(spec.get("effects", ())):
        if part.get("do") not in LAYER_OF:
            continue
        affected = part.get("affected", spec.get("affected", {"self": True}))
        out.append(Effect(f"{prefix}.{part_index}", part["do"], part, oid, obj.controller, timestamp,
                          affected_filter=affected, duration="static", static_key=key,
                          cda=kind == "cda" and "if" not in spec, group=prefix if "affected" not in part else f"{prefix}.{part_index}",
                          part_index=part_index,
                          condition=spec.get("if"), depth=depth))


def _copied_abilities(state: GameState, objects: Mapping[ObjectId, GameObject], of: ObjectId,
                      seen: frozenset[ObjectId] = frozenset()) -> list[tuple[ObjectId, int, Ability]]:
    """Every ability a copy of ``of`` may end up with: its printed ones and, if it is itself a
    copy, those of what it copies (CR 707.2-707.3), as ``(original, index, ability)``."""
    obj = objects.get(of)
    if obj is None or of in seen:
        return []
    out = [(of, i, a) for i, a in enumerate(obj.printed.abilities)]
    for e in copy_effects(state):
        if of in e.affected_ids:
            out += _copied_abilities(state, objects, e.params["of"], seen | {of})
    return out


def copy_effects(state: GameState) -> list[Effect]:
    """The locked-in copy effects of the state (CR 707.2), whose copied abilities are candidates."""
    return [e for e in state.effects if KINDS.get(e.do) is KINDS["copy"] and e.affected_ids and e.params.get("of")]


KEYWORD_COUNTERS = ("flying", "first_strike", "double_strike", "deathtouch", "haste", "hexproof", "indestructible",
                    "lifelink", "menace", "reach", "trample", "vigilance")
"""Keyword counters (CR 122.1b) applied in layer 6."""


CDA_RULES = {"all_creature_types": K.CHANGELING}
"""The rule a characteristic-defining application of an effect cites in the layer walk, where a
keyword is that ability (changeling, CR 702.73a); otherwise 613.3."""


def _changeling(oid: ObjectId, obj: GameObject, key: tuple[Any, int], timestamp: int, prefix: str) -> Effect:
    """Changeling's characteristic-defining ability: "this object is every creature type", applied
    first in layer 4 (CR 702.73a, 604.3, 613.3) while the object has the keyword in that layer (a
    copy effect may give or take it, 613.8a; losing abilities in layer 6 comes too late)."""
    return Effect(f"{prefix}.changeling", "all_creature_types", freeze({}), oid, obj.controller, timestamp,
                  affected_ids=(oid,), duration="static", static_key=key, cda=True, group=prefix)


def static_effects(state: GameState, objects: Mapping[ObjectId, GameObject]) -> list[Effect]:
    """Return the effects of static abilities, CDAs and counters of permanents (CR 611.3, 604.3, 613.4c).

    Besides printed abilities, a static ability an object may have from a copy effect (CR 707.2)
    yields candidate effects too; each applies only while its source has that ability in the
    layer being applied (:meth:`LayerEngine.exists`). Abilities granted by ability-adding
    effects (CR 613.1f) make their effects when granted, in layer 6 (:func:`granted_effects`).
    """
    out: list[Effect] = []
    battlefield = [oid for oid in state.order if objects[oid].zone is Zone.BATTLEFIELD]
    copies = copy_effects(state)
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
            elif ability.keyword == "changeling":
                out.append(_changeling(oid, obj, ability.key, obj.timestamp, f"{oid}.{ability.key[1]}"))
        for e in copies:
            if oid in e.affected_ids:
                for original, i, ability in _copied_abilities(state, objects, e.params["of"], frozenset({oid})):
                    if ability.kind in ("static", "cda"):
                        _ability_effects(out, oid, obj, copied_key(oid, i), ability.spec, ability.kind,
                                         max(obj.timestamp, e.timestamp), f"{oid}.copy-{original}-{i}")
                    elif ability.keyword == "changeling":
                        out.append(_changeling(oid, obj, copied_key(oid, i), max(obj.timestamp, e.timestamp),
                                               f"{oid}.copy-{original}-{i}"))
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


def elsewhere_effects(objects: Mapping[ObjectId, GameObject], elsewhere: frozenset[ObjectId]) -> list[Effect]:
    """Return the characteristic-defining abilities of the objects outside the battlefield that
    the layers apply to (:attr:`~engine.mtg.interactions.MatchIndex.elsewhere`): changeling, which
    works everywhere (CR 702.73a, 113.6a), applied first in layer 4 (613.3) so that an effect that
    sets creature types there (Conspiracy) replaces it as on the battlefield."""
    out: list[Effect] = []
    for oid in sorted(elsewhere):
        obj = objects[oid]
        for ability in obj.printed.abilities:
            if ability.keyword == "changeling":
                out.append(_changeling(oid, obj, ability.key, obj.timestamp, f"{oid}.{ability.key[1]}"))
    return out


MAX_GRANT_DEPTH = 8
"""How many ability-adding effects deep a granted static ability is followed (CR 613.1f)."""
MAX_GRANTED_EFFECTS = 4096
"""How many effects of granted abilities one application of the layers creates at most."""


def granted_effects(engine: LayerEngine, granting: Effect, oid: ObjectId, after: Chars,
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
        if depth > MAX_GRANT_DEPTH or engine.granted[0] >= MAX_GRANTED_EFFECTS:
            notes.append({"kind": "grant_depth", "card": oid, "effect": granting.id, "depth": MAX_GRANT_DEPTH,
                          "label": ability.label(), "rule_key": K.GRANT_DEPTH})
            continue
        _ability_effects(out, oid, obj, ability.key, ability.spec, "static", max(obj.timestamp, granting.timestamp),
                         f"{oid}.granted-{granting.id}-{ability.key[1]}", depth)
    engine.granted[0] += len(out)
    return out


__all__ = ["KINDS", "KEYWORD_COUNTERS", "LAYER_AMOUNTS", "LAYER_OF", "LAYER_RULE", "READS_CHOSEN", "LayerEngine", "PT_AMOUNT", "PT_KEYS",
           "WRITES", "copied_key", "elsewhere_effects", "granted_effects", "layer_of", "result_of", "static_effects", "Boolean"]
