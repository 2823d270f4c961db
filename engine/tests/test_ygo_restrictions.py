"""Same-name restrictions written on a card (ARC-V 3.1.2.i3; ``card``: official ruling) and
self-summoning hand triggers (ARC-V 3.2.7.3.i9): who and what they count."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import engine

GOLDENS = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "ygo"


def _golden(name: str) -> dict:
    return json.loads((GOLDENS / f"{name}.json").read_text(encoding="utf-8"))["scenario"]


def _illegal(out: dict) -> list[str]:
    return [s["message_id"] for s in out["trace"] if s["kind"] == "illegal"]


def test_3_1_2_i3_the_restriction_is_the_players_own_the_opponents_copy_is_free():
    doc = _golden("arcv-once-per-turn-effect-by-name-second-copy-refused")
    doc["objects"][1]["owner"] = "p2"
    doc["objects"][1]["effects"][0]["class"] = "quick"
    doc["actions"][2]["controller"] = "p2"
    doc["actions"].insert(2, {"type": "pass", "player": "p1"})  # the turn player acts first after a chain (MR2 ch4.16)
    out = engine.resolve(doc)
    assert _illegal(out) == []
    assert [p["lp"] for p in out["result"]["players"]] == [7700, 7700]


def test_3_1_2_i3_another_effect_of_the_same_name_is_not_counted():
    doc = _golden("arcv-once-per-turn-effect-by-name-second-copy-refused")
    for card in doc["objects"]:
        card["effects"] = [{"class": "ignition", "actions": [{"do": "gain_lp", "amount": 100}]},
                           copy.deepcopy(card["effects"][0])]
    doc["actions"][0]["effect"] = 1
    doc["actions"][2]["effect"] = 0
    assert _illegal(engine.resolve(doc)) == []
    doc["actions"][2]["effect"] = 1
    assert _illegal(engine.resolve(doc)) == ["ygo.illegal.once_per_turn"]


def test_without_the_restriction_both_copies_activate():
    doc = _golden("arcv-once-per-turn-effect-by-name-second-copy-refused")
    for card in doc["objects"]:
        del card["effects"][0]["once_per_turn"]
    out = engine.resolve(doc)
    assert _illegal(out) == [] and out["result"]["players"][1]["lp"] == 7400


def test_a_copy_with_another_name_is_not_counted():
    doc = _golden("arcv-once-per-turn-card-by-name-second-copy-refused")
    doc["objects"][1]["name"] = "Lucky Draw II"
    assert _illegal(engine.resolve(doc)) == []


def test_3_2_7_3_i9_a_hand_trigger_that_does_not_summon_itself_can_chain():
    doc = _golden("arcv-two-self-summoning-hand-triggers-cannot-chain")
    doc["objects"][1]["effects"][0]["actions"] = [{"do": "gain_lp", "amount": 300}]
    out = engine.resolve(doc)
    assert _illegal(out) == [] and out["result"]["players"][0]["lp"] == 8300


def test_3_2_7_3_i9_the_restriction_lists_only_the_triggers_of_one_player():
    doc = _golden("arcv-two-self-summoning-hand-triggers-cannot-chain")
    doc["objects"][1]["owner"] = "p2"
    assert _illegal(engine.resolve(doc)) == []
