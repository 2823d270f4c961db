"""Replay every golden scenario under fixtures/scenarios/ and compare its trace and result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.core.registry import get_ruleset
from engine.tests.golden import match_golden

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios"
GOLDEN_FILES = sorted(FIXTURES.glob("*/*.json"))


def test_there_are_golden_files_for_ygo():
    assert len([p for p in GOLDEN_FILES if p.parent.name == "ygo"]) >= 15


def test_no_two_goldens_hold_the_same_scenario():
    """A golden is one question: two files with the same scenario (whatever their titles) are
    one test run twice and one demo shown twice."""
    seen: dict[str, str] = {}
    for path in GOLDEN_FILES:
        key = json.dumps(json.loads(path.read_text(encoding="utf-8"))["scenario"], sort_keys=True)
        name = f"{path.parent.name}/{path.stem}"
        assert key not in seen, f"{name} holds the same scenario as {seen.get(key)}"
        seen[key] = name


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_file_replays(path: Path):
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert {"title", "source", "scenario", "expected"} <= golden.keys()
    assert engine.validate(golden["scenario"]) == []
    output = engine.resolve(golden["scenario"])
    assert match_golden(golden, output) == []


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_step_cites_a_rule_or_a_ruling(path: Path):
    golden = json.loads(path.read_text(encoding="utf-8"))
    ruleset = get_ruleset(golden["scenario"]["game"], golden["scenario"]["ruleset"])
    document, sources = ruleset.document, set(ruleset.ruling_sources())
    for step in engine.resolve(golden["scenario"])["trace"]:
        if step["rule"] is None:
            assert step["basis"] == "official ruling, not in this document" and step["source"]
            # The site translates a source only if its ruleset lists it.
            assert step["source"] in sources, step["source"]
        elif step["rule"]["document"] != document:
            # ARC-V cites the 2011 rulebook where its transcription is cut off, and says so.
            assert step["basis"].startswith("cited from the 2011 rulebook"), step
