"""Compare two resolutions of one scenario: step by step, then result by result.

Steps are compared on what the engine decided (``kind``, ``message_id``, ``params``,
``rule`` and the open-choice ``branches``), never on the rendered ``text``, which changes
with wording and language. Steps are aligned with :class:`difflib.SequenceMatcher`, so one
inserted step shows as one added step rather than every later step as changed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

Step = dict[str, Any]
MISSING = "—"


@dataclass
class FieldChange:
    name: str
    old: str
    new: str


@dataclass
class StepChange:
    """One difference: ``op`` is ``changed``, ``added`` (only in the new trace) or ``removed``."""

    op: str
    old: Step | None
    new: Step | None
    fields: list[FieldChange] = field(default_factory=list)


@dataclass
class ResolutionDiff:
    steps: list[StepChange]
    result: list[FieldChange]
    old_count: int
    new_count: int

    @property
    def same(self) -> bool:
        return not self.steps and not self.result


def _text(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _rule(step: Step) -> str:
    rule = step.get("rule")
    if isinstance(rule, dict):
        return f"{rule.get('document')} {rule.get('number')}"
    return "null"


def _branches(step: Step) -> Any:
    return [
        {"choice": b.get("choice"), "trace": [_key(s) for s in b.get("trace") or []], "result": b.get("result")}
        for b in step.get("branches") or []
        if isinstance(b, dict)
    ]


def _key(step: Step) -> str:
    return json.dumps(
        [step.get("kind"), step.get("message_id"), step.get("params"), _rule(step), _branches(step)],
        sort_keys=True,
        ensure_ascii=False,
    )


def _step_fields(old: Step, new: Step) -> list[FieldChange]:
    changes = [FieldChange(name, _text(old.get(name)), _text(new.get(name))) for name in ("kind", "message_id") if old.get(name) != new.get(name)]
    old_params, new_params = old.get("params") or {}, new.get("params") or {}
    for name in sorted(set(old_params) | set(new_params)):
        if old_params.get(name, MISSING) != new_params.get(name, MISSING):
            changes.append(FieldChange(f"params.{name}", _text(old_params.get(name, MISSING)), _text(new_params.get(name, MISSING))))
    if _rule(old) != _rule(new):
        changes.append(FieldChange("rule", _rule(old), _rule(new)))
    if _branches(old) != _branches(new):
        changes.append(FieldChange("branches", f"{len(old.get('branches') or [])}", f"{len(new.get('branches') or [])}"))
    return changes


def trace_diff(old: list[Step], new: list[Step]) -> list[StepChange]:
    """Return the differences between two traces, in trace order; ``[]`` when they agree."""
    old_keys, new_keys = [_key(s) for s in old], [_key(s) for s in new]
    changes: list[StepChange] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(a=old_keys, b=new_keys, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        pairs = min(i2 - i1, j2 - j1) if op == "replace" else 0
        for offset in range(pairs):
            a, b = old[i1 + offset], new[j1 + offset]
            changes.append(StepChange("changed", a, b, _step_fields(a, b)))
        changes.extend(StepChange("removed", s, None) for s in old[i1 + pairs : i2])
        changes.extend(StepChange("added", None, s) for s in new[j1 + pairs : j2])
    return changes


def _flatten(value: Any, path: str, out: dict[str, Any]) -> None:
    """Flatten ``value`` into ``{path: scalar}``; lists of dicts with ``id`` are keyed by id."""
    if isinstance(value, dict):
        if not value:
            out[path] = {}
        for key, item in value.items():
            _flatten(item, f"{path}.{key}" if path else str(key), out)
    elif isinstance(value, list):
        if not value:
            out[path] = []
        for index, item in enumerate(value):
            label = item["id"] if isinstance(item, dict) and isinstance(item.get("id"), str) else index
            _flatten(item, f"{path}[{label}]", out)
    else:
        out[path] = value


def result_diff(old: dict[str, Any], new: dict[str, Any]) -> list[FieldChange]:
    """Return the changed, added and removed values of two results, by path (``objects[m1].zone``)."""
    flat_old: dict[str, Any] = {}
    flat_new: dict[str, Any] = {}
    _flatten(old, "", flat_old)
    _flatten(new, "", flat_new)
    changes = []
    for path in sorted(set(flat_old) | set(flat_new)):
        a, b = flat_old.get(path, MISSING), flat_new.get(path, MISSING)
        if a != b:
            changes.append(FieldChange(path, _text(a), _text(b)))
    return changes


def resolution_diff(*, old_trace: list[Step], old_result: dict[str, Any], new_trace: list[Step], new_result: dict[str, Any]) -> ResolutionDiff:
    """Return the step-wise and result differences between a stored and a fresh resolution."""
    return ResolutionDiff(trace_diff(old_trace, new_trace), result_diff(old_result, new_result), len(old_trace), len(new_trace))
