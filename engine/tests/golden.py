"""Compare a resolution with a golden file's ``expected`` (docs/scenario-format.md §5).

``expected.steps`` is an ordered subsequence of the trace, matched on ``kind``, ``rule``
(``rule.number``, or ``None`` for a step resting on a ruling), an optional ``message_id`` and
the ``params`` given; ``expected.result`` is a subset of the result. Text is never compared.
"""

from __future__ import annotations

from typing import Any


def _step_matches(expected: dict[str, Any], step: dict[str, Any]) -> bool:
    if expected["kind"] != step["kind"]:
        return False
    if "rule" in expected:
        number = step["rule"]["number"] if step["rule"] else None
        if expected["rule"] != number:
            return False
    if "message_id" in expected and expected["message_id"] != step["message_id"]:
        return False
    params = step["params"]
    return all(key in params and params[key] == value for key, value in expected.get("params", {}).items())


def _subset_problems(expected: Any, actual: Any, path: str) -> list[str]:
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        problems = []
        for key, value in expected.items():
            if key not in actual:
                problems.append(f"{path}.{key}: missing")
            else:
                problems += _subset_problems(value, actual[key], f"{path}.{key}")
        return problems
    if isinstance(expected, list) and expected and all(isinstance(e, dict) and "id" in e for e in expected):
        if not isinstance(actual, list):
            return [f"{path}: expected an array, got {actual!r}"]
        by_id = {item.get("id"): item for item in actual if isinstance(item, dict)}
        problems = []
        for item in expected:
            if item["id"] not in by_id:
                problems.append(f"{path}[id={item['id']}]: missing")
            else:
                problems += _subset_problems(item, by_id[item["id"]], f"{path}[id={item['id']}]")
        return problems
    return [] if expected == actual else [f"{path}: expected {expected!r}, got {actual!r}"]


def match_golden(golden: dict[str, Any], output: dict[str, Any]) -> list[str]:
    """Return what in ``output`` does not meet ``golden["expected"]`` (empty if it all does)."""
    expected = golden["expected"]
    problems = []
    trace = output["trace"]
    position = 0
    for wanted in expected.get("steps", []):
        while position < len(trace) and not _step_matches(wanted, trace[position]):
            position += 1
        if position == len(trace):
            problems.append(f"step not found in order: {wanted}")
            break
        position += 1
    problems += _subset_problems(expected.get("result", {}), output["result"], "result")
    return problems
