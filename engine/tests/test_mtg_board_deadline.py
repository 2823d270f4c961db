"""The Magic board at every step (engine/mtg/board.py) and the deadline in the engine's loops."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import engine
from engine.core import ScenarioError
from engine.core.board import boards

GOLDENS = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "mtg"


def _golden(name: str) -> dict:
    return json.loads((GOLDENS / f"{name}.json").read_text(encoding="utf-8"))["scenario"]


def _steps_and_boards(output: dict) -> list[tuple[dict, dict]]:
    return list(zip(output["trace"], boards(output["board"], output["trace"])))


def _after(pairs: list[tuple[dict, dict]], message_id: str, **params) -> list[dict]:
    """The boards after each step with this message (and these params)."""
    return [board for step, board in pairs
            if step["message_id"] == message_id and all(step["params"].get(k) == v for k, v in params.items())]


class BoardTests:
    def test_the_board_before_the_first_step_is_the_documents(self):
        out = engine.resolve(_golden("117-instant-in-response-resolves-first"))
        bears = out["board"]["objects"]["bears"]
        assert (bears["zone"], bears["power"], bears["toughness"]) == ("battlefield", 2, 2)
        assert out["board"]["objects"]["bolt"]["zone"] == "hand" and out["board"]["chain"] == []
        assert out["board"]["players"]["p1"]["life"] == 20

    def test_608_the_power_between_two_stack_items_is_the_first_resolutions(self):
        # Lightning Bolt, answered by Giant Growth: Growth resolves first (last in, first out), so
        # between the two the Bears are 5/5 with no damage, and after Bolt 5/5 with 3 damage.
        pairs = _steps_and_boards(engine.resolve(_golden("117-instant-in-response-resolves-first")))
        [growth] = _after(pairs, "mtg.effect.created")
        assert (growth["objects"]["bears"]["power"], growth["objects"]["bears"]["toughness"]) == (5, 5)
        assert "damage" not in growth["objects"]["bears"] and [c["source"] for c in growth["chain"]] == ["bolt"]
        [bolt] = _after(pairs, "mtg.damage.creature", target="bears")
        assert bolt["objects"]["bears"]["damage"] == 3 and bolt["objects"]["bears"]["zone"] == "battlefield"
        [stacked] = _after(pairs, "mtg.cast", card="growth")
        assert [c["source"] for c in stacked["chain"]] == ["bolt", "growth"]
        assert stacked["objects"]["growth"]["zone"] == "stack"

    def test_704_5h_the_creature_moves_to_the_graveyard_at_its_step(self):
        pairs = _steps_and_boards(engine.resolve(_golden("704-5h-deathtouch")))
        [damaged] = _after(pairs, "mtg.damage.creature", target="big")
        assert damaged["objects"]["big"]["zone"] == "battlefield" and damaged["objects"]["big"]["damage"] == 1
        [moved] = _after(pairs, "mtg.move", card="big")
        assert moved["objects"]["big"]["zone"] == "graveyard" and "damage" not in moved["objects"]["big"]

    def test_510_4_life_after_each_combat_damage_step(self):
        pairs = _steps_and_boards(engine.resolve(_golden("510-4-double-strike-deals-damage-in-both-steps")))
        first, second = _after(pairs, "mtg.damage.player", player="p2")
        assert (first["players"]["p2"]["life"], second["players"]["p2"]["life"]) == (18, 16)
        [attacking] = _after(pairs, "mtg.combat.attacks", card="knight")
        assert attacking["objects"]["knight"]["attacking"] == "p2"

    @pytest.mark.parametrize("path", sorted(GOLDENS.glob("*.json")), ids=lambda p: p.stem)
    def test_the_board_after_the_last_step_agrees_with_the_result(self, path: Path):
        out = engine.resolve(json.loads(path.read_text(encoding="utf-8"))["scenario"])
        final = (boards(out["board"], out["trace"]) or [out["board"]])[-1]
        result = out["result"]
        assert sorted(final["objects"]) == sorted(o["id"] for o in result["objects"])
        for obj in result["objects"]:
            shown = final["objects"][obj["id"]]
            assert (shown["zone"], bool(shown.get("tapped")), shown.get("damage", 0), shown.get("attached_to")) == \
                (obj["zone"], obj["tapped"], obj["damage"], obj["attached_to"]), obj["id"]
            assert shown.get("counters", {}) == {k: n for k, n in obj["counters"].items() if n}, obj["id"]
            if "characteristics" in obj:
                chars = obj["characteristics"]
                assert (shown.get("power"), shown.get("toughness"), shown["controller"]) == \
                    (chars["power"], chars["toughness"], chars["controller"]), obj["id"]
        assert {p["id"]: p["life"] for p in result["players"]} == {p: v["life"] for p, v in final["players"].items()}
        assert [c["item"] for c in final["chain"]] == [c["item"] for c in result["chain"]]


def _opalescence_copies(copies: int) -> dict:
    """``dep-opalescence-then-humility`` with its Opalescence copied (benchmarks/adversarial.py)."""
    scenario = _golden("dep-opalescence-then-humility")
    original = next(o for o in scenario["objects"] if o["id"] == "opal")
    last = max(o.get("timestamp", 0) for o in scenario["objects"])
    for i in range(copies):
        clone = copy.deepcopy(original)
        clone["id"], clone["timestamp"] = f"opal{i + 2}", last + 1 + i
        scenario["objects"].append(clone)
    return scenario


class DeadlineTests:
    def test_613_the_250_copy_layer_board_stops_at_the_deadline_naming_what_grew(self):
        scenario = _opalescence_copies(250)
        assert engine.validate(scenario) == []
        with pytest.raises(ScenarioError) as caught:
            engine.resolve(scenario, deadline_s=0.01)
        assert getattr(caught.value, "too_complex", False) is True
        [error] = caught.value.errors
        assert error["message"].startswith("the board is too complex to resolve within 0.01 s: it stopped while ")
        assert "layer" in error["message"] and "effects)" in error["message"]

    def test_a_small_board_resolves_within_the_default_deadline(self):
        out = engine.resolve(_opalescence_copies(2))
        assert out["result"]["complete"] is True
