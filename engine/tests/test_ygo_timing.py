"""Yu-Gi-Oh! timing points left open by earlier passes, named after their sections or rulings:
Spells and Traps leaving after the chain, triggers in the Damage Step, declining optional
triggers, the legal-activation listing, Fusion Materials by name, Pendulum placement,
triggers on other cards' events and the hand limit."""

from __future__ import annotations

import engine
from engine.tests.builders import monster, objects, scenario, set_card, steps


def _kinds(output: dict) -> list[tuple[str, str]]:
    return [(s["kind"], s["message_id"]) for s in output["trace"]]


# ---------------------------------------------------------------- resolved Spells/Traps after the chain

def test_ruling_resolved_quick_play_stays_on_field_until_chain_ends():
    storm = set_card("hs", "p1", "spell", "normal", [{"do": "destroy", "targets": ["qp"]}], zone="hand", position=None)
    quick = set_card("qp", "p2", "spell", "quick-play", [{"do": "gain_lp", "amount": 500}])
    doc = scenario([storm, quick], [], actions=[{"type": "activate", "card": "hs"},
                                                {"type": "activate", "card": "qp", "controller": "p2"}])
    out = engine.resolve(doc)
    moves = [(s["params"]["card"], s["params"]["reason"], s["rule"]) for s in steps(out, "move")]
    assert moves[0][:2] == ("qp", "destroy")
    assert moves[1][:2] == ("hs", "resolved") and moves[1][2] is None
    resolved_at = next(s["index"] for s in steps(out, "move") if s["params"]["reason"] == "resolved")
    assert _kinds(out).index(("end", "ygo.chain.end")) < resolved_at


def test_3_3_3_1_i2_one_link_normal_spell_cites_the_document():
    pot = set_card("pot", "p1", "spell", "normal", [{"do": "draw", "amount": 1}], zone="hand", position=None)
    doc = scenario([pot, {**monster("d", "p1", zone="deck")}], [], actions=[{"type": "activate", "card": "pot"}])
    [move] = [s for s in steps(engine.resolve(doc), "move") if s["params"].get("reason") == "resolved"]
    assert move["rule"]["number"] == "3.3.3.1.i2"
