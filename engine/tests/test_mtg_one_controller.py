"""One controller (CR 110.2, 613.1b): in every Magic result, and in the result of every branch of
a choice, a permanent's top-level ``controller`` is the controller layer 2 leaves it
(``characteristics.controller``), and a stolen permanent that changes zones comes back as a new
object under the player who puts it onto the battlefield (400.7, 110.2)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Iterator

import pytest

import engine

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "mtg"
GOLDENS = sorted(FIXTURES.glob("*.json"))


def _results(output: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The result of a resolution and those of every branch of every choice in its trace."""
    yield output["result"]
    stack = list(output["trace"])
    while stack:
        step = stack.pop()
        for branch in step.get("branches") or ():
            if isinstance(branch.get("result"), dict):
                yield branch["result"]
            stack.extend(branch.get("trace") or ())


def _disagreements(output: dict[str, Any]) -> list[str]:
    return [f"{o['id']}: controller {o['controller']} but layer 2 says {o['characteristics']['controller']}"
            for result in _results(output) for o in result["objects"]
            if "characteristics" in o and o["controller"] != o["characteristics"]["controller"]]


@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: p.stem)
def test_110_2_the_controller_of_every_permanent_is_layer_2s(path: Path):
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert _disagreements(engine.resolve(golden["scenario"])) == []


def _treason(then: dict[str, Any]) -> dict[str, Any]:
    """Act of Treason on p2's Bears has resolved (a document effect); p1 casts ``then`` on them."""
    return {"format": "1", "game": "mtg", "ruleset": "cr-2022-04-29", "options": {},
            "players": [{"id": "p1", "life": 20}, {"id": "p2", "life": 20}], "turn": {"active": "p1", "step": "main1"},
            "objects": [{"id": "bears", "name": "Grizzly Bears", "owner": "p2", "zone": "battlefield", "types": ["creature"],
                         "power": 2, "toughness": 2},
                        {"id": "flicker", "name": "Flicker", "owner": "p1", "zone": "hand", "types": ["instant"],
                         "abilities": [{"kind": "spell", "targets": [{"filter": {"types": ["creature"]}}],
                                        "effects": [{"do": "exile", "target": 0}, then]}]}],
            "chain": [], "pending": [],
            "effects": [{"do": "change_control", "controller": "p1", "affected": ["bears"], "duration": "end_of_turn"}],
            "actions": [{"type": "cast", "player": "p1", "card": "flicker", "targets": ["bears"]}]}


def _bears(output: dict[str, Any]) -> dict[str, Any]:
    return next(o for o in output["result"]["objects"] if o["id"] == "bears")


def test_613_1b_a_stolen_permanent_is_reported_under_its_new_controller():
    scenario = _treason({"do": "tap", "target": 0})
    scenario["objects"][1]["abilities"][0]["effects"] = [{"do": "tap", "target": 0}]
    bears = _bears(engine.resolve(scenario))
    assert (bears["owner"], bears["controller"], bears["characteristics"]["controller"]) == ("p2", "p1", "p1")


@pytest.mark.parametrize("under, controller", [("owner", "p2"), ("you", "p1")])
def test_400_7_a_stolen_permanent_flickered_returns_under_the_player_who_returns_it(under: str, controller: str):
    output = engine.resolve(copy.deepcopy(_treason({"do": "return_to_battlefield", "target": 0, "zone": "exile",
                                                    "under": under})))
    bears = _bears(output)
    assert (bears["zone"], bears["controller"], bears["characteristics"]["controller"]) == (
        "battlefield", controller, controller)
    assert output["result"]["effects"] == []  # the control effect was locked to the old object (611.2c)
    assert _disagreements(output) == []
