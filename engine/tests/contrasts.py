"""Contrasting pairs: the proof that each vocabulary entry changes what its doc promises.

Every registered entry has a file ``fixtures/contrasts/<game>/<slot>/<name>.json``::

    {"entry": "instruction:destroy",
     "pairs": [{"promise": "the creature goes to its owner's graveyard",
                "with": {"golden": "mtg/some-golden"} | {"scenario": {...}},
                "without": {"patch": [JSON Patch ops on the with scenario]} | {"scenario": {...}},
                "expect": {"steps": [...], "result": {...}}}]}

``expect`` is golden-style (docs/scenario-format.md §5: an ordered subsequence of steps, a
subset of the result). :func:`pair_problems` checks that the ``with`` scenario is valid and
uses the entry, that the ``without`` scenario is valid and does not (or uses it with another
value), that ``expect`` holds with it and fails without it — and that it still does so once the
steps made of the entry's own messages are taken out of ``expect``: a step that only announces
the entry does not count as what it changes.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import engine
from engine.core.api import entries_in
from engine.core.board import apply as apply_patch
from engine.core.vocabulary import Entry
from engine.tests.golden import match_golden

ROOT = Path(__file__).resolve().parents[2]
CONTRASTS = ROOT / "fixtures" / "contrasts"
GOLDENS = ROOT / "fixtures" / "scenarios"


def contrast_path(game: str, entry: Entry) -> Path:
    """Return where the contrast file of ``entry`` lives."""
    return CONTRASTS / game / entry.slot / f"{entry.name.replace(':', '_').replace('/', '_')}.json"


def scenario_of(spec: dict[str, Any], base: dict[str, Any] | None = None) -> dict[str, Any]:
    """Return the scenario a ``with``/``without`` spec names: inline, a golden's, or ``base``
    with a JSON Patch applied."""
    if "scenario" in spec:
        return spec["scenario"]
    if "golden" in spec:
        return json.loads((GOLDENS / f"{spec['golden']}.json").read_text(encoding="utf-8"))["scenario"]
    if "patch" in spec and base is not None:
        return apply_patch(copy.deepcopy(base), spec["patch"])
    raise ValueError(f"a contrast side needs scenario, golden or patch: {sorted(spec)}")


def _values_at(scenario: dict[str, Any], uses: list[tuple[str, str, str]], entry: Entry) -> list[str]:
    """Return the JSON of each use of ``entry`` (by path) in ``scenario``, for "two values"."""
    out = []
    for slot, name, path in uses:
        if (slot, name) == (entry.slot, entry.name):
            out.append(path + "=" + json.dumps(_at(scenario, path), sort_keys=True))
    return out


def _at(value: Any, path: str) -> Any:
    import re

    for key, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path):
        try:
            value = value[int(index)] if index else value[key]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def pair_problems(entry: Entry, pair: dict[str, Any]) -> list[str]:
    """Return what is wrong with one contrasting pair of ``entry`` (empty if it proves it)."""
    problems: list[str] = []
    for key in ("promise", "with", "without", "expect"):
        if key not in pair:
            problems.append(f"the pair has no {key}")
    if problems:
        return problems
    with_scenario = scenario_of(pair["with"])
    without_scenario = scenario_of(pair["without"], with_scenario)
    for side, scenario in (("with", with_scenario), ("without", without_scenario)):
        errors = engine.validate(scenario)
        if errors:
            problems.append(f"the {side} scenario is not valid: {errors[:3]}")
    if problems:
        return problems
    uses_with = entries_in(with_scenario)
    uses_without = entries_in(without_scenario)
    values_with = _values_at(with_scenario, uses_with, entry)
    values_without = _values_at(without_scenario, uses_without, entry)
    if not values_with:
        problems.append(f"the with scenario does not use {entry.ref}")
    elif sorted(values_with) == sorted(values_without):
        problems.append(f"the without scenario uses {entry.ref} exactly as the with scenario does")
    expect = pair["expect"]
    if not expect.get("steps") and not expect.get("result"):
        problems.append("expect promises nothing")
        return problems
    outputs = {side: engine.resolve(s) for side, s in (("with", with_scenario), ("without", without_scenario))}
    if match_golden({"expected": expect}, outputs["with"]):
        problems.append(f"expect does not hold with {entry.ref}: {match_golden({'expected': expect}, outputs['with'])[:3]}")
    if not match_golden({"expected": expect}, outputs["without"]):
        problems.append(f"expect holds without {entry.ref} too: the pair shows no change")
    own = set(entry.messages)
    reduced = {"steps": [s for s in expect.get("steps", []) if s.get("message_id") not in own],
               "result": expect.get("result", {})}
    if reduced != {"steps": expect.get("steps", []), "result": expect.get("result", {})}:
        if not reduced["steps"] and not reduced["result"]:
            problems.append("expect only checks the entry's own announcement steps; say what it changes")
        elif not match_golden({"expected": reduced}, outputs["without"]):
            problems.append("without the entry's own steps, expect holds without the entry too: "
                            "say what it changes beyond announcing itself")
    return problems


def load(game: str, entry: Entry) -> dict[str, Any] | None:
    """Return the contrast file of ``entry``, or ``None`` if there is none."""
    path = contrast_path(game, entry)
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))
