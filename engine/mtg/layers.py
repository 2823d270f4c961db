"""The layer system: continuous effects applied to every permanent (CR 613).

:func:`compute` starts from each permanent's printed characteristics and applies every
continuous effect layer by layer (613.1), sublayer by sublayer (613.2, 613.4),
characteristic-defining abilities first (613.3, 613.4a), then in timestamp order (613.7)
unless a dependency says otherwise (613.8). A dependency is found the way 613.8a defines it:
by applying one effect to a scratch copy of the layer's state and seeing whether the other's
existence, set of affected objects or result per object changes. Effects that wait for
each other in a loop fall back to timestamp order (613.8b); the order is re-evaluated after
each application (613.8c). How each effect applies in its layer is
:mod:`engine.mtg.layer_effects`.

Cost: each re-evaluation of a layer checks only the pairs ``(a, b)`` where ``b`` writes a
characteristic that ``a`` reads (its filter, its amounts, or the ability it comes from), so
one re-evaluation is at most quadratic in the number of effects in the layer; effects that
read nothing their layer writes are ordered by timestamp alone. The loops check the
resolution's deadline (:func:`engine.core.deadline.check`), naming the layer and its effects.
"""

from __future__ import annotations

import threading
from bisect import insort
from collections import ChainMap, OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Optional

from ..core.deadline import check as check_deadline
from .interactions import overlaps
from .filters import Context, condition_reads, evaluate_condition, filter_reads, matches, same_name  # noqa: F401
from .layer_effects import (  # noqa: F401  (part of this module's interface)
    CDA_RULES, KEYWORD_COUNTERS, KINDS, LAYER_OF, LAYER_RULE, WRITES, LayerEngine, copied_key, elsewhere_effects,
    granted_effects, layer_of,
    result_of, static_effects, with_intrinsic_mana,
)
from .mana import BASIC_LAND_MANA, colors_of_cost, mana_symbols, mana_value  # noqa: F401
from .model import LAYER_ORDER, Chars, Effect, GameObject, GameState, Layer, ObjectId, Zone, thaw
from .rules import K
from .subtypes import LAND_SUBTYPES, subtype_set  # noqa: F401
from .text_change import change_text_string, change_words, text_word_kind  # noqa: F401

View = Mapping[ObjectId, Chars]


@dataclass(frozen=True, slots=True)
class LayerEffect:
    """One part of a continuous effect as it applies in one layer."""

    effect: Effect
    layer: Layer
    label: str
    """What the layer walk calls it (the source's name and the effect)."""

    @property
    def timestamp(self) -> int:
        """The effect's timestamp (CR 613.7)."""
        return self.effect.timestamp


@dataclass(frozen=True, slots=True)
class Signature:
    """What an effect would do now: the three things CR 613.8a compares."""

    exists: bool
    affected: frozenset[ObjectId]
    results: tuple[tuple[ObjectId, Any], ...]


def signature(engine: LayerEngine, le: LayerEffect, view: View) -> Signature:
    """Return what ``le`` would do in ``view``: whether it exists, what it affects, and what it
    would do to each (its amounts, what it copies, its words), as CR 613.8a compares them."""
    e = le.effect
    if not engine.exists(e, view) or engine.holds(e, view) is not True:
        return Signature(False, frozenset(), ())
    affected = engine.affected(e, view)
    e = engine.current(e, view)
    results: list[tuple[Any, ...]] = []
    for key in ("power", "toughness"):
        if isinstance(e.params.get(key), Mapping):
            results += [(oid, key, engine.amount(e.params[key], oid, view, e)) for oid in sorted(affected)]
    results += result_of(e, view)
    return Signature(True, affected, tuple(results))


@dataclass
class LayerResult:
    """The characteristics of every permanent (and of the objects elsewhere an effect applies to,
    :attr:`elsewhere`) and how they came about."""

    chars: dict[ObjectId, Chars]
    """Per permanent, its characteristics after the layers (CR 613.1)."""
    rows: dict[ObjectId, list[Any]]
    """Per permanent, its walk as the computation left it: a row, or what makes one (:attr:`walk`)."""
    dependencies: list[dict[str, Any]]
    """Each dependency found: ``{layer, effect, depends_on, rule_key}``; loops have ``loop: True``."""
    notes: list[dict[str, Any]] = field(default_factory=list)
    """What the engine could not evaluate: ``{kind, card, effect, label, rule_key, …}`` with kind
    ``granted_earlier_layer`` (+ ``do``, ``layer``), ``grant_depth`` (+ ``depth``) or
    ``condition_unknown`` (+ ``condition``)."""
    work: dict[str, int] = field(default_factory=dict)
    """What the computation cost, counted (not timed): ``trials`` (pairs of effects tried for a
    dependency, CR 613.8a), ``searched`` (objects tested against a filter), ``applied`` (objects
    an effect was applied to)."""
    built: list[dict[ObjectId, list[dict[str, Any]]]] = field(default_factory=list, repr=False, compare=False)
    """The walk once built (a box)."""
    statics: list[dict[str, list[tuple[ObjectId, Any, Mapping[str, Any]]]]] = field(default_factory=list, repr=False, compare=False)
    """The static abilities' effect parts once gathered (a box, :attr:`static_parts`)."""
    elsewhere: dict[ObjectId, Chars] = field(default_factory=dict)
    """The characteristics of the objects outside the battlefield that a continuous effect may
    apply to (cards in a hand, a library, a graveyard or exile, spells: an effect whose
    ``affected`` names their zone, CR 613.1, 611.3a), after the layers; their walk is in
    :attr:`rows` beside the permanents'. Empty when no effect names another zone."""

    @property
    def static_parts(self) -> dict[str, list[tuple[ObjectId, Any, Mapping[str, Any]]]]:
        """``{do: [(permanent, static ability, effect part)]}`` of every permanent's static
        abilities after the layers (CR 604.1, 611.3), gathered when first read: asking whether a
        rules effect applies to each of N permanents then costs N, not N²."""
        if not self.statics:
            parts: dict[str, list[tuple[ObjectId, Any, Mapping[str, Any]]]] = {}
            for pid, chars in self.chars.items():
                for ability in chars.abilities:
                    if ability.kind == "static":
                        for part in ability.spec.get("effects", ()):
                            parts.setdefault(part.get("do"), []).append((pid, ability, part))
            self.statics.append(parts)
        return self.statics[0]

    @property
    def walk(self) -> dict[ObjectId, list[dict[str, Any]]]:
        """Per permanent: ``{layer, sublayer, effect, label, do, source, timestamp, reason, rule_key,
        layer_rule_key, before, after}``, built from :attr:`rows` when first read (a board's
        characteristics need no walk; a resolution reports only its last state's)."""
        if not self.built:
            self.built.append(_built_walk(self.rows))
        return self.built[0]

    @property
    def walk_length(self) -> int:
        """How many rows the walk has (without building it)."""
        return sum(map(len, self.rows.values()))


def _built_walk(rows: dict[ObjectId, list[Any]]) -> dict[ObjectId, list[dict[str, Any]]]:
    """Build each row an application left as ``(layer, effect, label, reason, rule_key, before,
    after)``; the characteristics are held by the rows, so equal ones share one summary."""
    summaries: dict[tuple[Layer, int], Any] = {}

    def summary(layer: Layer, chars: Chars) -> Any:
        key = (layer, id(chars))
        if key not in summaries:
            summaries[key] = _summary(layer, chars)
        return summaries[key]

    out: dict[ObjectId, list[dict[str, Any]]] = {}
    for oid, items in rows.items():
        built = []
        for item in items:
            if type(item) is dict:
                built.append(item)
                continue
            layer, e, label, reason, rule_key, before, after = item
            # The type line's words changed too (CR 612.1).
            row_rule = K.TEXT_CHANGE if rule_key is K.TEXT_WORDS and before.subtypes != after.subtypes else rule_key
            built.append({
                "layer": layer.number, "sublayer": layer.sublayer, "effect": e.id, "label": label,
                "do": e.do, "source": e.source, "timestamp": e.timestamp, "reason": reason,
                "rule_key": row_rule, "layer_rule_key": LAYER_RULE[layer],
                "before": summary(layer, before), "after": summary(layer, after),
            })
        out[oid] = built
    return out


def _summary(layer: Layer, chars: Chars) -> Any:
    """The part of the characteristics a layer changes, for ``before``/``after``."""
    n = layer.number
    if n == 1:
        return {"name": chars.name, "types": sorted(chars.types), "power": chars.power, "toughness": chars.toughness}
    if n == 2:
        return chars.controller
    if n == 4:
        return {"supertypes": sorted(chars.supertypes), "types": sorted(chars.types), "subtypes": sorted(chars.subtypes),
                **({"every_creature_type": True} if chars.every_creature_type else {})}
    if n == 5:
        return sorted(chars.colors)
    if n == 3:
        return {"abilities": [a.label() for a in chars.abilities], "subtypes": sorted(chars.subtypes)}
    if n == 6:
        return [a.label() for a in chars.abilities]
    return [chars.power, chars.toughness]


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
    effects = static_effects(state, objects) + [e for e in state.effects if e.do in LAYER_OF]
    engine = LayerEngine(state, objects, zones_named(effects))
    view = engine.index.view
    if engine.index.elsewhere:
        effects += elsewhere_effects(objects, engine.index.elsewhere)
    by_layer: dict[Layer, list[LayerEffect]] = {layer: [] for layer in LAYER_ORDER}
    for e in effects:
        le = _layer_effect(e, objects)
        by_layer[le.layer].append(le)
    walk: dict[ObjectId, list[Any]] = {oid: [] for oid in view}
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
        if layer is Layer.L4_TYPE:
            with_intrinsic_mana(view, engine.index.elsewhere)  # CR 305.6: the land types are known now
    work = {"trials": engine.trials[0], "searched": engine.index.searches[0], "applied": engine.applied[0]}
    outside = engine.index.elsewhere
    if not outside:
        return LayerResult(dict(view), walk, dependencies, notes, work)  # a plain dict: not the view and its log
    return LayerResult({oid: c for oid, c in view.items() if oid not in outside}, walk, dependencies, notes, work,
                       elsewhere={oid: view[oid] for oid in outside})


def zones_named(effects: list[Effect]) -> frozenset[Zone]:
    """Return the zones other than the battlefield whose objects the ``effects`` may apply to: those
    their ``affected`` filters name (``zones``). A continuous effect applies to permanents unless
    it says otherwise (CR 611.3a, 613.1)."""
    named: set[Zone] = set()
    for e in effects:
        filters = [e.affected_filter]
        for spec in e.params.get("abilities", ()):  # a static ability add_ability grants may name zones too (613.1f)
            filters += [spec.get("affected"), *(part.get("affected") for part in spec.get("effects", ()))]
        for flt in filters:
            if flt and "zones" in flt:
                named.update(Zone(z) for z in flt["zones"])
    named.discard(Zone.BATTLEFIELD)
    return frozenset(named)


def _layer_effect(e: Effect, objects: Mapping[ObjectId, GameObject]) -> LayerEffect:
    return LayerEffect(e, layer_of(e), _label(e, objects))


def _apply_group(engine: LayerEngine, layer: Layer, group: list[LayerEffect], view: dict[ObjectId, Chars],
                 walk: Optional[dict[ObjectId, list[Any]]], dependencies: list[dict[str, Any]],
                 is_cda: bool, spawn: Callable[[list[Effect]], list[LayerEffect]],
                 notes: list[dict[str, Any]]) -> None:
    """Apply one class of effects (CDAs, or the rest) of one layer (CR 613.3, 613.8).

    An ``add_ability`` effect that gives a static ability makes that ability's effects
    (:func:`granted_effects`); ``spawn`` files them and returns those of this layer, which join
    the effects waiting here."""
    pending = sorted(group, key=_order)
    what = f"layer {layer.value} ({len(group)} effects)"
    tracker = _DependencyTracker(engine, pending, view, WRITES[layer], f"dependency trials in {what}")
    waited: set[str] = set()
    reported: set[tuple[str, str]] = set()
    applying = f"applying {what}"
    while pending:
        check_deadline(applying)
        loop = False
        chosen = pending[0]
        if tracker.deps:  # with no dependency, timestamp order (CR 613.7)
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
        changes = engine.apply(e, view, targets)
        changed = frozenset(oid for oid, (before, after) in changes.items() if before is not after and before != after)
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
        label = chosen.label
        for oid, (before, after) in changes.items():
            if is_cda and e.do in CDA_RULES:
                rule_key = CDA_RULES[e.do]  # a keyword's characteristic-defining ability cites the keyword (702.73a)
            walk[oid].append((layer, e, label, reason, rule_key, before, after))  # built by LayerResult.walk


def _timestamp_rule(engine: LayerEngine, le: LayerEffect, view: View) -> K:
    """The rule a row applied in timestamp order cites: its layer's, 612.2 for a text-changing
    effect (what words it changes), or 604.3a for a "characteristic-defining" ability that is not
    one because it was granted or has a condition (604.3a(2), (5))."""
    if le.layer is Layer.L3_TEXT:
        return K.TEXT_WORDS
    e = le.effect
    if e.do == "set_type" and e.params.get("land_type"):
        return K.LAND_TYPE_SET  # CR 305.7: what setting a land's subtype does
    if e.static_key is not None and e.source in view:
        ability = next((a for a in view[e.source].abilities if a.key == e.static_key), None)
        if ability is not None and ability.kind == "cda":
            return K.CDA_CRITERIA
    return LAYER_RULE[le.layer]


def _order(le: LayerEffect) -> tuple[int, str]:
    return (le.timestamp, le.effect.id)


def _not_applied(engine: LayerEngine, le: LayerEffect, view: dict[ObjectId, Chars],
                 walk: Optional[dict[ObjectId, list[Any]]], notes: list[dict[str, Any]],
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
    changes ``a``'s signature. ``a`` can depend on ``b`` only if ``b`` writes something ``a``
    reads (:meth:`~engine.mtg.layer_effects.LayerEngine.read_facets`, ``write_facets``;
    everything in layer 1, and an effect that counts objects in layer 7 on every other), so only
    those pairs are tried. After an application that changed the objects ``C``, a pair is
    re-checked only if ``C`` meets ``b``'s affected set (before or after) or ``a``'s own inputs,
    so a layer with k effects costs at most O(k²) pair checks, and none for effects that cannot
    interact. ``trials`` counts the pair checks (the engine's box, :attr:`LayerResult.work`).
    """

    def __init__(self, engine: LayerEngine, pending: list[LayerEffect], view: dict[ObjectId, Chars], writes: set[str],
                 what: str = "dependency trials") -> None:
        self.engine = engine
        self.what = what
        """What the deadline check names while this tracker works."""
        self.view = view
        self.writes = writes
        self.trials = engine.trials
        self.pending = list(pending)
        self.deps: dict[str, set[str]] = {}
        self.affected: dict[str, frozenset[ObjectId]] = {}
        self.baseline: dict[str, Signature] = {}
        self.sources: dict[str, list[LayerEffect]] = {}
        """a → the effects ``a`` may depend on (they write what it reads)."""
        self.dependents: dict[str, list[LayerEffect]] = {}
        """b → the effects that may depend on ``b``."""
        self.interacting: list[LayerEffect] = []
        if len(pending) < 2:
            return
        counts = "pt" in writes
        reads = {le.effect.id: engine.read_facets(le.effect, view) for le in pending}
        made = {le.effect.id: engine.write_facets(le.effect, view) for le in pending}
        writers: dict[Any, list[LayerEffect]] = {}  # effects that write the same, tried as one
        for b in pending:
            writers.setdefault(made[b.effect.id], []).append(b)
        for a in pending:
            every = "all" in writes or (counts and ("count", None) in reads[a.effect.id])
            can = {b.effect.id for facets, group in writers.items()
                   if every or overlaps(reads[a.effect.id], facets) for b in group}
            self.sources[a.effect.id] = [b for b in pending if b is not a and b.effect.id in can]
        self.interacting = [a for a in pending if self.sources[a.effect.id]]
        for a in self.interacting:
            for b in self.sources[a.effect.id]:
                self.dependents.setdefault(b.effect.id, []).append(a)
        for b in self.pending:
            if b.effect.id in self.dependents:
                check_deadline(what)
                self.affected[b.effect.id] = self._affected(b)
        for a in self.interacting:
            check_deadline(what)
            self.baseline[a.effect.id] = signature(engine, a, view)
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
        self.__init__(self.engine, self.pending + [le], self.view, self.writes, self.what)  # type: ignore[misc]

    def _simulated(self, b: LayerEffect) -> View:
        overlay = {oid: self.engine.apply_one(b.effect, self.view[oid], oid, self.view) for oid in self.affected[b.effect.id]}
        return ChainMap(overlay, self.view) if overlay else self.view

    def _column(self, b: LayerEffect) -> None:
        """Re-check every ``a`` that may depend on ``b``."""
        dependents = [a for a in self.dependents.get(b.effect.id, ()) if a.effect.id in self.baseline]
        if not dependents:
            return
        check_deadline(self.what)
        sim = self._simulated(b)
        for a in dependents:
            self._set(a, b, sim)

    def _row(self, a: LayerEffect) -> None:
        """Re-check ``a`` against every ``b`` it may depend on."""
        check_deadline(self.what)
        for b in self.sources.get(a.effect.id, ()):
            if b.effect.id in self.affected:
                self._set(a, b, self._simulated(b))

    def _set(self, a: LayerEffect, b: LayerEffect, sim: View) -> None:
        self.trials[0] += 1
        if sim is self.view:
            self.deps.get(a.effect.id, set()).discard(b.effect.id)
            return
        if signature(self.engine, a, sim) != self.baseline[a.effect.id]:
            self.deps.setdefault(a.effect.id, set()).add(b.effect.id)
        else:
            self.deps.get(a.effect.id, set()).discard(b.effect.id)

    def remove(self, le: LayerEffect) -> None:
        """``le`` has been applied: it no longer waits."""
        if le in self.pending:
            self.pending.remove(le)
        if le in self.interacting:
            self.interacting.remove(le)
        self.baseline.pop(le.effect.id, None)
        self.affected.pop(le.effect.id, None)

    def update(self, changed: frozenset[ObjectId]) -> None:
        """An application changed the objects ``changed``: re-check what it may have changed (613.8c)."""
        if not self.interacting:
            return
        rows = []
        for a in self.interacting:
            check_deadline(self.what)
            now = signature(self.engine, a, self.view)
            if now != self.baseline[a.effect.id] or (self.engine.reads(a.effect) & {"count"}):
                rows.append(a)
            self.baseline[a.effect.id] = now
        for b in self.pending:
            if b.effect.id not in self.affected:
                continue
            check_deadline(self.what)
            old = self.affected[b.effect.id]
            new = self._affected(b)
            self.affected[b.effect.id] = new
            if changed & (old | new) or old != new:
                self._column(b)
        for a in rows:
            self._row(a)


def characteristics_of(state: GameState, oid: ObjectId, layers: Optional[LayerResult] = None) -> Chars:
    """Return an object's characteristics: after layers on the battlefield, and elsewhere where an
    effect applies outside the battlefield (CR 613.1); otherwise printed (and face-down, CR 708.2),
    with the spell's controller on the stack."""
    obj = state.objects[oid]
    result = layers or layers_of(state)
    if obj.zone is Zone.BATTLEFIELD:
        return result.chars[oid]
    return result.elsewhere.get(oid) or replace(obj.printed, controller=obj.controller)


_CACHE: "OrderedDict[tuple[Any, ...], tuple[tuple[Any, ...], LayerResult]]" = OrderedDict()
_CACHE_LOCK = threading.Lock()
CACHE_SIZE = 64
"""How many layer results :func:`layers_of` keeps (a resolution revisits a few states at a time)."""
CACHE_ROWS = 200_000
"""How many walk rows and permanents the kept results may hold together (the oldest go first;
the newest is always kept): a few boards of the largest kind, not 64 of them."""


def _weight(result: LayerResult) -> int:
    return result.walk_length + len(result.chars)


def layers_of(state: GameState) -> LayerResult:
    """Return :func:`compute` of ``state`` (with its walk), memoized: the layers read only the
    objects, their order, the effects, the players and the turn (conditions, 611.3a), so states
    that share those (a priority pass, a step that begins) share one result, and the walk a
    resolution reports of its last state is the one computed for its board. A pure function's
    cache: the key holds the very values it was computed from. The result is shared: read it,
    never change it."""
    parts = (state.objects, state.order, state.effects, state.players, state.active, state.step, state.combat_number)
    key = tuple(id(part) for part in parts[:4]) + parts[4:]
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
        if hit is not None and all(a is b for a, b in zip(hit[0], parts[:4])):
            _CACHE.move_to_end(key)
            return hit[1]
    result = compute(state)
    with _CACHE_LOCK:
        _CACHE[key] = (parts[:4], result)
        while len(_CACHE) > CACHE_SIZE or (len(_CACHE) > 1 and sum(_weight(r) for _, r in _CACHE.values()) > CACHE_ROWS):
            _CACHE.popitem(last=False)
    return result


__all__ = [
    "BASIC_LAND_MANA", "Context", "KEYWORD_COUNTERS", "KINDS", "LAND_SUBTYPES", "LAYER_OF", "LAYER_RULE", "LayerEffect",
    "LayerEngine", "LayerResult", "Signature", "WRITES", "change_text_string", "change_words", "characteristics_of",
    "colors_of_cost", "compute", "zones_named", "condition_reads", "copied_key", "evaluate_condition", "filter_reads", "granted_effects",
    "layer_of", "layers_of", "mana_symbols", "mana_value", "matches", "result_of", "same_name", "signature",
    "static_effects", "subtype_set", "text_word_kind",
]
