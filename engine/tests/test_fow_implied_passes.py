"""A battle declaration given without the passes before it: both players pass (FoW 6.4)."""

from __future__ import annotations

import json
from pathlib import Path

import engine

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "fow"


def _scenario(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["scenario"]


def test_6_4_declarations_without_passes_give_the_same_result_as_every_pass_written():
    written = engine.resolve(_scenario("8-2-attack-cost-paid"))
    implied = engine.resolve(_scenario("6-4-declarations-imply-both-players-pass"))
    assert implied["result"]["players"] == written["result"]["players"]
    assert implied["result"]["objects"] == written["result"]["objects"]
    implied_steps = [s for s in implied["trace"] if s["message_id"] == "fow.priority.implied_passes"]
    assert [s["params"]["step"] for s in implied_steps] == ["beginning_of_battle", "declare_attack", "declare_attack", "declare_block"]
    assert all(s["rule"]["number"] == "6.4" for s in implied_steps)

