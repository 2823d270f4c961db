"""The schema of vocabulary values: :class:`Field` types (text, integer, enum, id, array,
object, slot) that check a JSON value at a path and describe themselves for the docs, the
builder and ``python -m engine vocabulary --format json``.

>>> from engine.core.validation import Checker
>>> v = Validation(Checker())
>>> Choice(values=("attack", "defense"), what="position").check("defence", ("actions", 0, "position"), v)
False
>>> v.checker.errors[0].message
'unknown position "defence" (did you mean "defense"?); expected one of: attack, defense'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .validation import Checker, Path, format_path, nearest

did_you_mean = nearest
"""``' (did you mean "x"?)'`` for the allowed name nearest to a value (see
:func:`engine.core.validation.nearest`)."""


def _shown(value: Any) -> str:
    if value is None or isinstance(value, (str, int, float, bool)):
        return json.dumps(value, ensure_ascii=False)[:60]
    return "an array" if isinstance(value, list) else "an object" if isinstance(value, Mapping) else type(value).__name__


# ----------------------------------------------------------------------------- validation context

@dataclass
class Validation:
    """What checking one scenario document knows: the checker collecting errors, the ruleset,
    the ids each :class:`Ref` space accepts, and the entries met (in document order)."""

    checker: Checker
    ruleset: str = ""
    """The scenario's ``ruleset``; entries limited to other rulesets are refused."""
    refs: dict[str, frozenset[str] | None] = field(default_factory=dict)
    """Ref space → the ids it accepts (``None``: any string, for examples checked alone)."""

    @property
    def used(self) -> list[tuple[str, str, str]]:
        """``(slot, name, path)`` of every entry met, in document order (kept by the checker)."""
        return self.checker.used

    def error(self, path: Path, message: str) -> None:
        """Record one error at ``path``."""
        self.checker.error(path, message)


# ----------------------------------------------------------------------------- fields

@dataclass(frozen=True, kw_only=True)
class Field:
    """The schema of one value. Subclasses check one JSON type; every field may carry the
    English ``label`` and ``help`` the builder and the docs show."""

    label: str = ""
    """A short English label (the builder's field label)."""
    help: str = ""
    """One English sentence: what the value means, its unit and range."""
    default: Any = None
    """What the engine uses when the key is absent (``None``: nothing is assumed)."""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        """Record the problems of ``value`` at ``path``; return whether it is usable."""
        raise NotImplementedError

    def describe(self) -> str:
        """Return the type as the docs write it (``integer 0–999,999``)."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """Return the schema as JSON (``python -m engine vocabulary --format json``)."""
        out = {"type": type(self).__name__.lower(), "describe": self.describe()}
        for key in ("label", "help", "default"):
            if getattr(self, key) not in ("", None):
                out[key] = getattr(self, key)
        return out

    def walk(self, value: Any) -> Iterator[tuple["Field", Any]]:
        """Yield ``(field, value)`` for this value and every value nested in it."""
        yield self, value


def _type_error(path: Path, v: Validation, what: str, value: Any) -> bool:
    v.error(path, f"{format_path(path) or 'the document'} must be {what}, not {_shown(value)}")
    return False


@dataclass(frozen=True, kw_only=True)
class Text(Field):
    """A string of ``min_length``–``max_length`` characters."""

    max_length: int = 200
    min_length: int = 0

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        return v.checker.string(value, path, max_length=self.max_length, min_length=self.min_length) is not None

    def describe(self) -> str:
        return "text" if self.max_length >= 1000 else f"text of at most {self.max_length} characters"


@dataclass(frozen=True, kw_only=True)
class Integer(Field):
    """An integer in ``[low, high]``."""

    low: int = 0
    high: int = 999_999

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        return v.checker.integer(value, path, low=self.low, high=self.high) is not None

    def describe(self) -> str:
        return f"integer {self.low:,}–{self.high:,}"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "low": self.low, "high": self.high}


@dataclass(frozen=True, kw_only=True)
class Boolean(Field):
    """``true`` or ``false``."""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        return v.checker.boolean(value, path) is not None

    def describe(self) -> str:
        return "true or false"


@dataclass(frozen=True, kw_only=True)
class Const(Field):
    """Exactly one JSON value (``"self"``, ``true``): a key whose presence is the meaning."""

    value: Any = True

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if value == self.value and type(value) is type(self.value):
            return True
        v.error(path, f"{format_path(path)} must be {json.dumps(self.value)}, not {_shown(value)}")
        return False

    def describe(self) -> str:
        return json.dumps(self.value)


@dataclass(frozen=True, kw_only=True)
class Choice(Field):
    """One of a fixed list of strings (an enum); ``labels`` gives each its English label."""

    values: tuple[str, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)
    what: str = "value"

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if isinstance(value, str) and value in self.values:
            return True
        v.error(path, f"unknown {self.what} {_shown(value)}{did_you_mean(value, self.values)}; "
                      f"expected one of: {', '.join(self.values)}")
        return False

    def describe(self) -> str:
        return "one of " + ", ".join(f"`{value}`" for value in self.values)

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "values": list(self.values),
                **({"labels": dict(self.labels)} if self.labels else {})}


@dataclass(frozen=True, kw_only=True)
class Ref(Field):
    """The id of something in the scenario: ``spaces`` name which ids (``object``, ``player``,
    ``stack`` …, defined by the game when it fills :attr:`Validation.refs`)."""

    spaces: tuple[str, ...] = ("object",)

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if not isinstance(value, str) or not value:
            return _type_error(path, v, "an id (a string)", value)
        known: set[str] = set()
        for space in self.spaces:
            ids = v.refs.get(space, frozenset())
            if ids is None:
                return True
            known |= ids
        if value in known:
            return True
        what = " or ".join(space.replace("_", " ") for space in self.spaces)
        v.error(path, f"unknown {what} id {value[:60]!r}{did_you_mean(value, sorted(known))}")
        return False

    def describe(self) -> str:
        return "the id of " + " or ".join(f"{'an' if space[:1] in 'aeiou' else 'a'} {space.replace('_', ' ')}"
                                          for space in self.spaces)

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "spaces": list(self.spaces)}


@dataclass(frozen=True, kw_only=True)
class ListOf(Field):
    """An array of ``item`` values (``min_items``–``max_items``; ``unique`` refuses repeats)."""

    item: Field = field(default_factory=lambda: Text())
    min_items: int = 0
    max_items: int = 1_000
    unique: bool = False

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if v.checker.sequence(value, path) is None:
            return False
        if not self.min_items <= len(value) <= self.max_items:
            v.error(path, f"{format_path(path)} must have {self.min_items} to {self.max_items:,} items, not {len(value):,}")
            return False
        ok = all([self.item.check(item, (*path, i), v) for i, item in enumerate(value)])
        if ok and self.unique:
            seen = [json.dumps(item, sort_keys=True) for item in value]
            if len(set(seen)) != len(seen):
                v.error(path, f"{format_path(path)} lists an item twice")
                return False
        return ok

    def describe(self) -> str:
        return f"array of {self.item.describe()}"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "item": self.item.to_json(), "min_items": self.min_items,
                "max_items": self.max_items}

    def walk(self, value: Any) -> Iterator[tuple[Field, Any]]:
        yield self, value
        for item in value if isinstance(value, list) else ():
            yield from self.item.walk(item)


@dataclass(frozen=True, kw_only=True)
class MapOf(Field):
    """An object whose keys are ``key`` values and whose values are ``value`` values
    (``{"+1/+1": 2}``)."""

    key: Field = field(default_factory=lambda: Text(min_length=1, max_length=64))
    value: Field = field(default_factory=lambda: Integer())
    max_items: int = 200

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if v.checker.mapping(value, path) is None:
            return False
        if len(value) > self.max_items:
            v.error(path, f"{format_path(path)} has {len(value):,} keys; at most {self.max_items:,}")
            return False
        return all([self.key.check(k, (*path, k), v) and self.value.check(item, (*path, k), v)
                    for k, item in value.items()])

    def describe(self) -> str:
        return f"object of {self.key.describe()} → {self.value.describe()}"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "key": self.key.to_json(), "value": self.value.to_json()}

    def walk(self, value: Any) -> Iterator[tuple[Field, Any]]:
        yield self, value
        for item in value.values() if isinstance(value, Mapping) else ():
            yield from self.value.walk(item)


@dataclass(frozen=True, kw_only=True)
class Record(Field):
    """An object with fixed keys: ``fields`` (each a :class:`Field`), ``required`` among them;
    any other key is refused with the allowed names."""

    fields: Mapping[str, Field] = field(default_factory=dict)
    required: tuple[str, ...] = ()

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if v.checker.mapping(value, path) is None:
            return False
        return check_keys(value, path, v, self.fields, self.required)

    def describe(self) -> str:
        return "object with " + ", ".join(f"`{key}`" for key in self.fields)

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "fields": {k: f.to_json() for k, f in self.fields.items()},
                "required": list(self.required)}

    def walk(self, value: Any) -> Iterator[tuple[Field, Any]]:
        yield self, value
        for key, item in value.items() if isinstance(value, Mapping) else ():
            if key in self.fields:
                yield from self.fields[key].walk(item)


@dataclass(frozen=True, kw_only=True)
class Use(Field):
    """A value checked by a slot of the vocabulary (``Use(slot="instruction")``): the entry it
    names, and that entry's keys. ``vocabulary`` is bound when the field is declared through
    :meth:`Vocabulary.use`."""

    slot: str = ""
    vocabulary: Any = field(default=None, compare=False, repr=False)
    """The :class:`~engine.core.vocabulary.Vocabulary` whose slot checks the value."""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        assert self.vocabulary is not None, f"Use({self.slot!r}) is not bound to a vocabulary"
        return self.vocabulary.check(value, path, self.slot, v)

    def describe(self) -> str:
        return self.slot.upper()

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "slot": self.slot}

    def walk(self, value: Any) -> Iterator[tuple[Field, Any]]:
        yield self, value


@dataclass(frozen=True, kw_only=True)
class Either(Field):
    """One of several fields, told apart by the value's JSON type (an amount that is an integer
    or an object): the first alternative accepting that type checks it."""

    options: tuple[Field, ...] = ()

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        for option in self.options:
            if _accepts_type(option, value):
                return option.check(value, path, v)
        return _type_error(path, v, " or ".join(option.describe() for option in self.options), value)

    def describe(self) -> str:
        return " or ".join(option.describe() for option in self.options)

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "options": [option.to_json() for option in self.options]}

    def walk(self, value: Any) -> Iterator[tuple[Field, Any]]:
        yield self, value
        for option in self.options:
            if _accepts_type(option, value):
                yield from option.walk(value)
                return


def _accepts_type(option: Field, value: Any) -> bool:
    """Whether ``option`` checks values of ``value``'s JSON type."""
    if isinstance(option, Integer):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(option, Boolean):
        return isinstance(value, bool)
    if isinstance(option, (Text, Choice, Ref)):
        return isinstance(value, str)
    if isinstance(option, Const):
        return type(value) is type(option.value)
    if isinstance(option, ListOf):
        return isinstance(value, list)
    if isinstance(option, (Record, MapOf)):
        return isinstance(value, Mapping)
    if isinstance(option, Use):
        slot = option.vocabulary.slots[option.slot] if option.vocabulary else None
        if slot is None:
            return False
        return isinstance(value, str) if slot.style == "named" else isinstance(value, Mapping)
    if isinstance(option, Either):
        return any(_accepts_type(inner, value) for inner in option.options)
    return False


def check_keys(value: Mapping[str, Any], path: Path, v: Validation, fields: Mapping[str, Field],
               required: Iterable[str] = (), *, ignore: Iterable[str] = ()) -> bool:
    """Check an object's keys against ``fields``: each known key's value, each ``required`` key
    present, every other key (but ``ignore``) refused with the allowed names and the nearest."""
    ok = True
    skip = set(ignore)
    for key in value:
        if key in fields or key in skip:
            continue
        ok = False
        v.error((*path, str(key)), f"unknown field {str(key)[:60]!r}{did_you_mean(key, fields)}; "
                                    f"expected one of: {', '.join(sorted(fields)) or '(none)'}")
    for key in required:
        if key not in value:
            ok = False
            v.error((*path, key), f"{key} is required")
    for key, item in value.items():
        if key in fields and not fields[key].check(item, (*path, key), v):
            ok = False
    return ok
