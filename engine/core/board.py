"""The board at every step: what each board-changing step changed, as a JSON Patch.

A game describes its board as plain JSON in sections (its ``board(state)`` function)::

    {"turn": {...}, "players": {"p1": {...}, ...}, "objects": {"ogre": {...}, ...}, "chain": [...]}

The resolution's output carries the board before the first step (``board``), and each step
that changed it carries ``board``: the RFC 6902 operations (``add``, ``remove``, ``replace``,
paths as RFC 6901 pointers such as ``/objects/ogre/zone``) that turn the board before it into
the board after it. A judge's page applies them one by one to step through the resolution;
a diff, not a copy, keeps a 4,000-step trace small. :func:`apply` is the inverse of
:func:`diff`:

>>> old = {"objects": {"a": {"zone": "hand", "atk": 1000}}, "chain": []}
>>> new = {"objects": {"a": {"zone": "monster_zone", "atk": 1000}, "b": {"zone": "hand"}}, "chain": ["a"]}
>>> ops = diff(old, new)
>>> ops
[{'op': 'replace', 'path': '/objects/a/zone', 'value': 'monster_zone'}, {'op': 'add', 'path': '/objects/b', 'value': {'zone': 'hand'}}, {'op': 'add', 'path': '/chain/0', 'value': 'a'}]
>>> apply(old, ops) == new
True

A branch of an open choice (``step["branches"][i]["trace"]``) diffs from the board just
before its choice step (``TraceRecorder.branch``), whether the game resolves the branch from
the choice on or the whole document again.

A list that only grew or shrank at its end (a chain link added, the last one resolved) costs
one operation per item added or removed, not a copy of the list:

>>> diff({"chain": ["a", "b", "c"]}, {"chain": ["a", "b"]})
[{'op': 'remove', 'path': '/chain/2'}]
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

MAX_BOARD_OPS = 50_000
"""At most this many operations in one resolution's board diffs (branches included); past it
the remaining steps carry none and the output says ``board_complete: false``. With the ~60
bytes an operation takes, this caps the per-step boards at about 3 MB of JSON."""

Op = dict[str, Any]


def _escape(key: Any) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _unescape(part: str) -> str:
    return part.replace("~1", "/").replace("~0", "~")


def diff(old: Any, new: Any, path: str = "") -> list[Op]:
    """Return the operations that turn ``old`` into ``new``: objects key by key, a list that
    grew or shrank at its end item by item, any other changed value (a list, a number) replaced
    whole. Values that are the same object are skipped without comparing them."""
    if old is new:
        return []
    if isinstance(old, Mapping) and isinstance(new, Mapping):
        ops: list[Op] = []
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": copy.deepcopy(value)})
            elif old[key] is not value:
                # A value that is the same object is skipped before its path is even built: a board
                # of 2,000 cards of which one changed costs one comparison per card, not one call.
                ops.extend(diff(old[key], value, f"{path}/{_escape(key)}"))
        return ops
    if isinstance(old, list) and isinstance(new, list) and len(old) != len(new):
        # Only the end changed (the stack, chain or chase grew or shrank by its top): add or remove
        # those items; removals highest index first, so each path is valid when applied.
        short, long = (old, new) if len(old) < len(new) else (new, old)
        if long[:len(short)] == short:
            if long is new:
                return [{"op": "add", "path": f"{path}/{i}", "value": copy.deepcopy(new[i])}
                        for i in range(len(old), len(new))]
            return [{"op": "remove", "path": f"{path}/{i}"} for i in range(len(old) - 1, len(new) - 1, -1)]
    if old == new and type(old) is type(new):
        return []
    return [{"op": "replace", "path": path, "value": copy.deepcopy(new)}]


def apply(board: Any, ops: list[Op], *, in_place: bool = False) -> Any:
    """Return ``board`` with ``ops`` applied (a copy, or ``board`` itself changed when
    ``in_place``: stepping through thousands of steps without copying the board each time);
    raise ``KeyError`` for a path that does not exist (``add`` creates the last key, ``remove``
    and ``replace`` need it)."""
    out = board if in_place else copy.deepcopy(board)
    for op in ops:
        parts = [_unescape(part) for part in op["path"].split("/")[1:]]
        if not parts:
            out = copy.deepcopy(op["value"])
            continue
        parent = out
        for part in parts[:-1]:
            parent = parent[int(part)] if isinstance(parent, list) else parent[part]
        last = parts[-1]
        if isinstance(parent, list):
            index = len(parent) if last == "-" else int(last)
            if op["op"] == "remove":
                del parent[index]
            elif op["op"] == "add":
                parent.insert(index, copy.deepcopy(op["value"]))
            else:
                parent[index] = copy.deepcopy(op["value"])
        elif op["op"] == "remove":
            del parent[last]
        elif op["op"] == "replace":
            if last not in parent:
                raise KeyError(op["path"])
            parent[last] = copy.deepcopy(op["value"])
        else:
            parent[last] = copy.deepcopy(op["value"])
    return out


def boards(initial: Any, trace: list[Mapping[str, Any]]) -> list[Any]:
    """Return the board after each step of ``trace`` (its ``board`` diffs applied in order)."""
    out = []
    current = initial
    for step in trace:
        if step.get("board"):
            current = apply(current, step["board"])
        out.append(current)
    return out
