"""Which continuous effects can interact (CR 613.8a), and the objects a filter matches while the
layers apply (CR 613.1), kept up to date instead of recomputed.

CR 613.8a: an effect depends on another if applying the other would change its existence, the
set of objects it applies to, or what it does to them. All three are read from characteristics
(the source's abilities, the affected objects' types, colors, controller …). So each effect
*reads* some characteristics and *writes* others, and an effect can only depend on one that
writes something it reads. Both are :data:`Facets`: ``(characteristic, value)`` pairs, where
``value`` is one word (``("types", "creature")``: the card type creature; subtypes and
supertypes share ``types``) or ``None`` (any value of that characteristic). ``("all", None)``
(a copy effect, a face-down permanent, layer 1) meets everything.

:class:`MatchIndex` answers "which objects of the view match this filter, for this context"
for the layer system. A filter key's predicate reads only the object and the context (its
signature, :data:`engine.mtg.filters.Predicate`), so when the view changes only the objects
that changed need another look, and only if what changed is something the filter reads. The
view is written only through :meth:`MatchIndex.write`, which logs each write with the facets
the writing effect declares; each cached answer replays the log from where it last read it.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Optional

from .filters import Context, filter_reads, matches
from .model import Chars, GameObject, ObjectId
from .subtypes import subtype_set, subtype_set_types

Facets = frozenset[tuple[str, Optional[str]]]
"""``(characteristic, word or None)`` pairs: what an effect reads or writes (CR 613.8a)."""

EVERYTHING: Facets = frozenset({("all", None)})


@lru_cache(maxsize=256)
def coarse(*names: str) -> Facets:
    """Return the facets "any value of each of these characteristics"."""
    return frozenset((name, None) for name in names)


@lru_cache(maxsize=4096)
def overlaps(reads: Facets, writes: Facets) -> bool:
    """Whether something written is something read: the same characteristic with the same word,
    or with ``None`` (any word) on either side; ``all`` on either side meets everything."""
    if ("all", None) in writes or ("all", None) in reads:
        return True
    read_any = {name for name, word in reads if word is None}
    for name, word in writes:
        if name in read_any or (word is None and any(r == name for r, _ in reads)) or (name, word) in reads:
            return True
    return False


TYPE_WORD_FILTERS = frozenset({"types", "any_types", "not_types", "subtypes", "not_subtypes", "supertypes",
                               "not_supertypes"})
"""The filter keys whose value is a list of type words: each reads those words of the type line
(``("types", word)``) besides whatever else its entry declares it reads."""
SUBTYPE_FILTERS = frozenset({"subtypes", "not_subtypes"})
"""Of those, the ones naming subtypes: whether an object has a subtype may turn on its card types
too (a creature type on a creature or tribal, CR 205.3d, 205.3m; changeling, 702.73a)."""


def filter_facets(spec: Optional[Mapping[str, Any]]) -> Facets:
    """Return what a FILTER reads: each key's declared ``reads`` (:func:`~engine.mtg.filters.filter_reads`),
    narrowed to the listed words for a list of card types, subtypes or supertypes. A key not in
    :data:`AUDITED` may read anything: ``all`` (it is searched again after every change)."""
    out: set[tuple[str, Optional[str]]] = set()
    for key, value in (spec or {}).items():
        if key not in AUDITED:
            return EVERYTHING
        declared = filter_reads({key: value})
        if key in TYPE_WORD_FILTERS and isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            out |= {("types", word) for word in value}
            if key in SUBTYPE_FILTERS:  # a subtype is read with the card types it belongs to (CR 205.3d)
                out |= {("types", t) for word in value for t in subtype_set_types(subtype_set(word))}
            declared -= {"types"}
        out |= {(name, None) for name in declared}
    return frozenset(out)


def type_words(params: Mapping[str, Any]) -> Facets:
    """The type-line words a layer-4 effect lists (``types``, ``subtypes``, ``supertypes``)."""
    return frozenset(("types", word) for key in ("types", "subtypes", "supertypes") for word in params.get(key, ()))


# ----------------------------------------------------------------------------- the objects a filter matches

RELATIVE = {
    "self": lambda found, ctx: found & {ctx.source},
    "other": lambda found, ctx: found - {ctx.source},
    "attached": lambda found, ctx: found & {ctx.attached_to},
}
"""The filter keys that name an object relative to the effect (its source, what it is attached
to), as set operations: equal to what their predicates say (``engine/tests/test_mtg_layer_speed.py``
checks it), so effects that differ only in their source share one search."""
CONTEXT_FREE: frozenset[str] = frozenset({"types", "any_types", "not_types", "subtypes", "not_subtypes", "supertypes",
                          "not_supertypes", "colors", "multicolored", "monocolored", "name", "has_keyword", "token",
                          "tapped", "min_power", "attacking", "ids", "zones"})
"""The filter keys whose predicate does not read the context; ``controller`` and ``owner`` read
only whom "you" means (:data:`READS_YOU`). Any other key is matched with the whole context."""
READS_YOU = frozenset({"controller", "owner"})
"""The filter keys whose predicate reads of the context only whom "you" means."""
AUDITED = CONTEXT_FREE | READS_YOU | set(RELATIVE)
"""The filter keys whose declared ``reads`` are known to be all their predicate reads of the
characteristics (``engine/tests/test_mtg_layer_speed.py`` lists them): their reads narrow what
is searched again and which effects are tried for a dependency. A key added later reads
``all`` here until it is checked and added."""


def _hashable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_hashable(v) for v in value)
    return value


_NO_CONTEXT = Context(None, "", None)
_PLANS: dict[int, tuple[Any, tuple[Any, ...]]] = {}
"""id(filter) → (the filter, how it is searched): filters are frozen values, read many times."""
MAX_PLANS = 4096


def _plan(spec: Optional[Mapping[str, Any]]) -> tuple[Any, ...]:
    """How a FILTER is searched: ``(relative keys, the rest, its hashable form, whether the rest
    reads no context but whom "you" means, whether it reads that, the facets the rest reads)``."""
    known = _PLANS.get(id(spec))
    if known is not None and known[0] is spec:
        return known[1]
    whole = spec or {}
    relative = tuple(key for key in whole if key in RELATIVE)
    rest = {key: value for key, value in whole.items() if key not in RELATIVE} if relative else whole
    shared = all(key in CONTEXT_FREE or key in READS_YOU for key in rest)
    if not shared:
        relative, rest = (), whole
    plan = (relative, rest, _hashable(rest), shared, bool(READS_YOU & set(rest)), filter_facets(rest))
    if len(_PLANS) >= MAX_PLANS:
        _PLANS.clear()
    _PLANS[id(spec)] = (spec, plan)  # holds the filter, so its id is not reused while known
    return plan


class LoggedView(dict):  # type: ignore[type-arg]
    """The view of one application of the layers: a ``dict``, except that setting an item
    other than through :meth:`MatchIndex.write` logs the object as changed in everything."""

    def __init__(self, items: Mapping[ObjectId, Chars], log: list[tuple[ObjectId, Facets]]) -> None:
        super().__init__(items)
        self.log = log

    def __setitem__(self, oid: ObjectId, chars: Chars) -> None:
        if self.get(oid) is not chars:
            self.log.append((oid, EVERYTHING))
        dict.__setitem__(self, oid, chars)


class MatchIndex:
    """The view of one application of the layers (object id → characteristics so far) and the
    objects each filter matches in it, kept up to date (see the module docstring).

    ``view`` is read freely and written only through :meth:`write`. :meth:`matching` accepts
    the view itself, a ``ChainMap(overlay, view)`` (an effect tried on a scratch copy, CR
    613.8a: only the overlay's objects are looked at again), or any other mapping (searched in
    full). ``searches`` counts the objects looked at, ``writes`` the objects written: what the
    tests pin the layer system's cost by.

    ``elsewhere`` are the ids of the view that are not permanents (cards in a hand, a graveyard …,
    spells: CR 613.1 applies the layers to every object): a filter matches them only if it names
    their zone (``zones``); without it, it matches permanents only.
    """

    def __init__(self, view: Mapping[ObjectId, Chars], objects: Mapping[ObjectId, GameObject],
                 elsewhere: frozenset[ObjectId] = frozenset()) -> None:
        self.elsewhere = elsewhere
        """The ids of the view outside the battlefield (a filter without ``zones`` never matches them)."""
        self._log: list[tuple[ObjectId, Facets]] = []
        """Every write: the object and the facets its effect declares it writes (``all`` for a
        write made to the view directly)."""
        self.view = LoggedView(view, self._log)
        self.objects = objects
        self._cache: dict[Any, list[Any]] = {}
        """(filter, context) → [the matching ids in ``view``, the log position read to]."""
        self.searches = [0]
        """Objects tested against a filter so far (a box; the cost the tests pin)."""

    def write(self, oid: ObjectId, chars: Chars, facets: Facets) -> None:
        """Set ``view[oid]``; an object whose characteristics are the very same object is not logged."""
        if self.view.get(oid) is chars:
            return
        dict.__setitem__(self.view, oid, chars)
        self._log.append((oid, facets))

    def matching(self, spec: Optional[Mapping[str, Any]], ctx: Context, view: Mapping[ObjectId, Chars]) -> frozenset[ObjectId]:
        """Return the ids of ``view`` whose characteristics match the FILTER ``spec`` for ``ctx``
        (:func:`~engine.mtg.filters.matches`)."""
        if view is self.view:
            return self._base(spec, ctx)
        if type(view) is ChainMap and len(view.maps) == 2 and view.maps[1] is self.view:
            found = self._base(spec, ctx)
            overlay = view.maps[0]
            self.searches[0] += len(overlay)
            flips = [oid for oid, chars in overlay.items()
                     if self._admits(spec, oid) and matches(spec, oid, chars, self.objects[oid], ctx) != (oid in found)]
            return found.symmetric_difference(flips) if flips else found
        self.searches[0] += len(view)
        return frozenset(oid for oid, chars in view.items()
                         if self._admits(spec, oid) and matches(spec, oid, chars, self.objects[oid], ctx))

    def _admits(self, spec: Optional[Mapping[str, Any]], oid: ObjectId) -> bool:
        """Whether ``spec`` may match ``oid`` at all: a permanent, or an object elsewhere when
        the filter names zones (a static ability affects permanents unless it says otherwise)."""
        return oid not in self.elsewhere or bool(spec and "zones" in spec)

    def _base(self, spec: Optional[Mapping[str, Any]], ctx: Context) -> frozenset[ObjectId]:
        plan = _plan(spec)
        relative, rest, key, shared, controller, reads = plan
        if not shared:
            return self._search(rest, ctx, (key, ctx), reads)
        # Only whom "you" means matters to the rest: effects of many sources share one search.
        context = Context(None, ctx.controller, None) if controller else _NO_CONTEXT
        found = self._search(rest, context, (key, context), reads)
        for name in relative:
            found = RELATIVE[name](found, ctx)
        return found

    def _search(self, spec: Mapping[str, Any], ctx: Context, key: Any, reads: Facets) -> frozenset[ObjectId]:
        entry = self._cache.get(key)
        if entry is None:
            self.searches[0] += len(self.view)
            outside = frozenset() if "zones" in spec else self.elsewhere
            found = frozenset(oid for oid, chars in self.view.items()
                              if oid not in outside and matches(spec, oid, chars, self.objects[oid], ctx))
            self._cache[key] = [found, len(self._log)]
            return found
        found, position = entry
        if position == len(self._log):
            return found
        again = {oid for oid, facets in self._log[position:] if overlaps(reads, facets) and self._admits(spec, oid)}
        if again:
            self.searches[0] += len(again)
            now = {oid for oid in again if matches(spec, oid, self.view[oid], self.objects[oid], ctx)}
            if now != (found & again):
                found = (found - again) | now
        entry[0], entry[1] = found, len(self._log)
        return found


__all__ = ["AUDITED", "CONTEXT_FREE", "EVERYTHING", "READS_YOU", "Facets", "LoggedView", "MatchIndex", "RELATIVE", "TYPE_WORD_FILTERS", "coarse",
           "filter_facets", "overlaps", "type_words"]
