"""Real rulings and hand-made long traces for the tests of the board at every step.

The rulings are the engine's own answers: the Mirror Force ruling
(``rulesite.api.tests.test_api.MIRROR_FORCE``, a Yu-Gi-Oh! chain of two links whose board
changes at six steps) and goldens with open choices. Hand-made data is kept only for what tests
the drawing code itself, the size caps: :func:`long_resolution` is a trace far longer than any
golden, on a board of the Magic engine's shape (``engine/mtg/board.py``: ``turn`` with
``active``/``step``/``priority``, players with ``life``/``poison``/``mana_pool``, cards by id
with ``name``, ``zone``, ``owner``, ``controller``, ``types`` and ``counters`` by kind, the
stack a list), each step adding a charge counter as the engine's diff of that board would.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
GOLDENS = ROOT / "fixtures" / "scenarios"


def golden(name: str) -> dict[str, Any]:
    """Return the scenario of the golden ``<game>/<file stem>`` (a fresh copy)."""
    return json.loads((GOLDENS / f"{name}.json").read_text(encoding="utf-8"))["scenario"]


def without_boards(answer: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of a resolution as the engine gave it before it described boards: no
    ``board`` and no step ``board`` diffs (in branches too)."""
    def strip(trace: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for step in trace:
            step = {key: value for key, value in step.items() if key != "board"}
            if step.get("branches"):
                step["branches"] = [{**branch, "trace": strip(branch.get("trace") or [])} for branch in step["branches"]]
            out.append(step)
        return out

    out = copy.deepcopy({key: value for key, value in answer.items() if key not in ("board", "board_complete")})
    out["trace"] = strip(out["trace"])
    return out


MAGIC_SCENARIO = golden("mtg/117-instant-in-response-resolves-first")
"""A valid Magic scenario to store the hand-made long resolutions under (its own code, a page
that validates)."""


def long_resolution(steps: int, objects: int) -> dict[str, Any]:
    """Return a resolution of ``steps`` steps over ``objects`` Magic artifacts, each step putting
    a charge counter on the next artifact in turn (a long loop, such as a 4,000-step trace)."""
    board = {
        "turn": {"active": "p1", "step": "main1", "priority": "p1"},
        "players": {"p1": {"life": 20, "poison": 0, "mana_pool": None}, "p2": {"life": 20, "poison": 0, "mana_pool": None}},
        "objects": {f"c{i}": {"name": f"Card {i}", "zone": "battlefield", "owner": "p1", "controller": "p1",
                              "types": ["artifact"], "subtypes": [], "colors": [], "abilities": [], "counters": {"charge": 1}}
                    for i in range(objects)},
        "chain": [],
    }
    trace = []
    for i in range(steps):
        card, count = f"c{i % objects}", i // objects + 2
        trace.append({"index": i, "kind": "counters", "message_id": "mtg.counters", "rule": None,
                      "params": {"card": card, "card_name": f"Card {i % objects}", "kind": "charge", "count": count, "timestamp": i + 1},
                      "text": f"Card {i % objects} now has {count} charge counter(s) (timestamp {i + 1}).",
                      "board": [{"op": "replace", "path": f"/objects/{card}/counters/charge", "value": count}]})
    return {"trace": trace, "result": {"complete": True, "winner": None}, "board": board}
