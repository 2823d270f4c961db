"""Scenario validation shared by every game: limits, the top level, and typed field checks.

Games check their own vocabulary in ``Ruleset.validate`` with the helpers of
:class:`Checker`. Every problem is collected with its path (``chain[3].targets[0]``) so that a
judge sees all of them at once; the size limits are checked first and stop early, so a huge
document is rejected fast.
"""

from __future__ import annotations

import difflib
import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import FieldError, ScenarioError

FORMAT_VERSION = "1"
"""The scenario format version this engine reads."""

MAX_OBJECTS = 2_000
MAX_CHAIN = 1_000
MAX_ACTIONS = 1_000
MAX_DOCUMENT_BYTES = 1_000_000
"""DESIGN.md limits: objects, chain items and actions per scenario; UTF-8 bytes per document."""

MAX_ERRORS = 100
"""At most this many errors are reported for one document."""

TOP_LEVEL_KEYS = (
    "format", "game", "ruleset", "options", "players", "turn",
    "objects", "chain", "pending", "effects", "actions",
)
"""The keys of a scenario document (scenario format v1)."""

Path = tuple[str | int, ...]
"""A location in the document: keys and list indexes from the root."""


def format_path(path: Path) -> str:
    """Return ``path`` as text: ``("chain", 3, "targets", 0)`` → ``chain[3].targets[0]``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


class _Repeated(dict):  # type: ignore[type-arg]
    """A JSON object in which some keys were written more than once (``repeated``, in order)."""

    repeated: tuple[str, ...] = ()


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    if len(set(keys)) == len(keys):
        return dict(pairs)
    out = _Repeated(pairs)
    out.repeated = tuple(dict.fromkeys(k for i, k in enumerate(keys) if k in keys[:i]))
    return out


def _repeated_paths(value: Any, path: Path) -> Iterable[Path]:
    if isinstance(value, _Repeated):
        for key in value.repeated:
            yield (*path, key)
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _repeated_paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _repeated_paths(item, (*path, i))


def loads_document(raw: str | bytes) -> Any:
    """Parse JSON text of a document, refusing a key written twice in one object.

    ``json.loads`` keeps the last of two equal keys (``"life": 20, "life": 5`` is life 5), so a
    repeated key would be accepted and half ignored. Raises ``ValueError`` (or ``RecursionError``)
    for text that is not JSON, and :class:`~engine.core.errors.ScenarioError` naming the path of
    each repeated key."""
    data = json.loads(raw, object_pairs_hook=_pairs)
    paths = list(_repeated_paths(data, ()))
    if paths:
        raise ScenarioError([FieldError(format_path(p), f"the key {p[-1]!r} is given more than once in this object; "
                                                        "give it once") for p in paths[:MAX_ERRORS]])
    return data


class TooManyErrors(Exception):
    """Raised inside a :class:`Checker` once :data:`MAX_ERRORS` errors are collected."""


class Checker:
    """Collects :class:`FieldError` s while typed helpers check a document's fields."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []
        self.used: list[tuple[str, str, str]] = []
        """``(slot, name, path)`` of every vocabulary entry met (engine.core.vocabulary)."""

    def error(self, path: Path, message: str) -> None:
        """Record one error at ``path``."""
        self.errors.append(FieldError(format_path(path), message))
        if len(self.errors) >= MAX_ERRORS:
            raise TooManyErrors

    def mapping(self, value: Any, path: Path, what: str = "an object") -> Mapping[str, Any] | None:
        """Return ``value`` if it is a JSON object, else record an error and return ``None``."""
        if isinstance(value, Mapping):
            return value
        self.error(path, f"{_name(path)} must be {what}, not {_json_type(value)}")
        return None

    def sequence(self, value: Any, path: Path) -> list[Any] | None:
        """Return ``value`` if it is a JSON array, else record an error and return ``None``."""
        if isinstance(value, list):
            return value
        self.error(path, f"{_name(path)} must be an array, not {_json_type(value)}")
        return None

    def string(self, value: Any, path: Path, *, max_length: int = 200, min_length: int = 0) -> str | None:
        """Return ``value`` if it is a string of the allowed length, else record an error."""
        if not isinstance(value, str):
            self.error(path, f"{_name(path)} must be a string, not {_json_type(value)}")
            return None
        if not min_length <= len(value) <= max_length:
            self.error(path, f"{_name(path)} must have {min_length} to {max_length} characters")
            return None
        return value

    def integer(self, value: Any, path: Path, *, low: int, high: int) -> int | None:
        """Return ``value`` if it is an integer in ``[low, high]``, else record an error."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(path, f"{_name(path)} must be an integer, not {_json_type(value)}")
            return None
        if value < low:
            self.error(path, f"{_name(path)} must not be {'negative' if low == 0 else f'below {low}'} (got {value})")
            return None
        if value > high:
            self.error(path, f"{_name(path)} must be at most {high} (got {value})")
            return None
        return value

    def boolean(self, value: Any, path: Path) -> bool | None:
        """Return ``value`` if it is ``true``/``false``, else record an error."""
        if isinstance(value, bool):
            return value
        self.error(path, f"{_name(path)} must be true or false, not {_json_type(value)}")
        return None

    def choice(self, value: Any, path: Path, allowed: Iterable[str], what: str = "value") -> str | None:
        """Return ``value`` if it is one of ``allowed``, else record an error listing them."""
        options = list(allowed)
        if isinstance(value, str) and value in options:
            return value
        shown = json.dumps(value, ensure_ascii=False)[:60] if _is_json_scalar(value) else _json_type(value)
        self.error(path, f"unknown {what} {shown}{nearest(value, options)}; expected one of: {', '.join(options)}")
        return None

    def known_keys(self, value: Mapping[str, Any], path: Path, allowed: Iterable[str]) -> None:
        """Record an error for each key of ``value`` not in ``allowed``."""
        options = set(allowed)
        for key in value:
            if key not in options:
                self.error((*path, str(key)), f"unknown field {str(key)[:60]!r}{nearest(key, options)}; "
                                              f"expected one of: {', '.join(sorted(options))}")


def nearest(value: Any, allowed: Iterable[str]) -> str:
    """Return ``' (did you mean "x"?)'`` naming the allowed name nearest to ``value``, or ``''``.

    >>> nearest("battlefeild", ["battlefield", "hand"])
    ' (did you mean "battlefield"?)'
    """
    if not isinstance(value, str):
        return ""
    options = [str(item) for item in allowed]
    close = difflib.get_close_matches(value, options, n=1, cutoff=0.6)
    if not close:
        folded = {option.lower().replace("-", "_").replace(" ", "_"): option for option in options}
        hit = folded.get(value.lower().replace("-", "_").replace(" ", "_"))
        close = [hit] if hit else []
    return f' (did you mean "{close[0]}"?)' if close and close[0] != value else ""


def _name(path: Path) -> str:
    return format_path(path) or "the document"


def _is_json_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def check_limits(scenario: Any, size: int | None) -> list[FieldError]:
    """Return errors for a document over the DESIGN limits; cheap, so huge inputs fail fast.

    ``size`` is the document's size in UTF-8 bytes as received; when ``None`` it is measured
    from the JSON text of ``scenario`` (only after the counts are known to be in range).
    """
    errors: list[FieldError] = []
    if size is not None and size > MAX_DOCUMENT_BYTES:
        return [FieldError("", f"the document is {size:,} bytes; the limit is {MAX_DOCUMENT_BYTES:,} bytes (1 MB)")]
    if not isinstance(scenario, Mapping):
        return [FieldError("", f"a scenario must be a JSON object, not {_json_type(scenario)}")]
    for key, limit, what in (("objects", MAX_OBJECTS, "objects"), ("chain", MAX_CHAIN, "chain links"),
                             ("actions", MAX_ACTIONS, "actions")):
        value = scenario.get(key)
        if isinstance(value, list) and len(value) > limit:
            errors.append(FieldError(key, f"{key} has {len(value):,} {what}; the limit is {limit:,}"))
    if errors:
        return errors
    if size is None:
        try:
            size = len(json.dumps(scenario, ensure_ascii=False).encode("utf-8"))
        except (TypeError, ValueError):
            return [FieldError("", "the document contains values that are not JSON")]
        if size > MAX_DOCUMENT_BYTES:
            return [FieldError("", f"the document is {size:,} bytes; the limit is {MAX_DOCUMENT_BYTES:,} bytes (1 MB)")]
    return _number_errors(scenario, "")


MAX_NUMBER = 1_000_000
"""No number in a scenario may be larger than this in size (life, damage, counts, iterations, …):
a card game never needs more, and a bigger count would make the engine work without end."""


def _number_errors(value: Any, path: str) -> list[FieldError]:
    """Return an error for the first number anywhere in ``value`` whose size is over
    :data:`MAX_NUMBER` (or that is not finite), naming its path."""
    stack = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, bool):
            continue
        if isinstance(item, float) and not math.isfinite(item):
            return [FieldError(where, f"{item!r} is not a number a scenario can hold: NaN, Infinity and numbers "
                                      "too large for a float (1e400) are refused")]
        if isinstance(item, (int, float)):
            if not (-MAX_NUMBER <= item <= MAX_NUMBER):
                return [FieldError(where, f"{item!r} is too large: numbers in a scenario are at most {MAX_NUMBER:,} in size")]
        elif isinstance(item, Mapping):
            stack.extend((child, f"{where}.{key}" if where else str(key)) for key, child in item.items())
        elif isinstance(item, list):
            stack.extend((child, f"{where}[{index}]") for index, child in enumerate(item))
    return []
