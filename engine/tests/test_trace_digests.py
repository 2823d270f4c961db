"""Every golden's whole trace and result stay as recorded (``engine/tests/trace_digests.json``).

A golden's ``expected`` checks the steps that make its point; this guard checks all of them,
so that a change meant to move nothing (a refactor) shows that it moved nothing. When a change
is meant to alter a trace, ``python scripts/trace_snapshot.py diff --against HEAD`` lists the
steps that moved, and ``python scripts/trace_snapshot.py digests`` records the new ones; say why
in the commit.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("trace_snapshot", ROOT / "scripts" / "trace_snapshot.py")
trace_snapshot = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(trace_snapshot)

RECORDED: dict[str, str] = json.loads((ROOT / "engine" / "tests" / "trace_digests.json").read_text(encoding="utf-8"))
GOLDENS = sorted(trace_snapshot.FIXTURES.glob("*/*.json"))


def test_every_golden_has_a_recorded_digest():
    assert sorted(f"{p.parent.name}/{p.stem}" for p in GOLDENS) == sorted(RECORDED)


@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_whole_trace_is_as_recorded(path: Path):
    import engine

    golden = json.loads(path.read_text(encoding="utf-8"))
    value = trace_snapshot.projection(engine.resolve(golden["scenario"]))
    assert trace_snapshot.digest(value) == RECORDED[f"{path.parent.name}/{path.stem}"], (
        "the trace or result changed: python scripts/trace_snapshot.py diff --against HEAD")
