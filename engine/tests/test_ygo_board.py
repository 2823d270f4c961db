"""The Yu-Gi-Oh! board at every step (docs/scenario-format.md §4.4): applying the steps' board
diffs to the output's ``board`` gives, at each step, what a judge reads off the table, and
after the last step the board agrees with ``result``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.core.board import apply, boards
from engine.tests.builders import monster, scenario, set_card

GOLDENS = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "ygo"


def _resolve(name: str) -> dict[str, Any]:
    return engine.resolve(json.loads((GOLDENS / f"{name}.json").read_text(encoding="utf-8"))["scenario"])


def _board_at(out: dict[str, Any], predicate: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Return the board just before and just after the first step matching ``predicate``."""
    after = boards(out["board"], out["trace"])
    for i, step in enumerate(out["trace"]):
        if predicate(step):
            return (after[i - 1] if i else out["board"]), after[i]
    raise AssertionError("no such step")


def _agrees_with_result(board: dict[str, Any], result: dict[str, Any]) -> list[str]:
    """Return how the board after the last step differs from the result (empty if it agrees)."""
    problems = []
    for player in result["players"]:
        if board["players"][player["id"]]["lp"] != player["lp"]:
            problems.append(f"{player['id']} LP {board['players'][player['id']]['lp']} vs {player['lp']}")
    objects = {obj["id"]: obj for obj in result["objects"]}
    if set(objects) != set(board["objects"]):
        problems.append(f"objects {sorted(set(objects) ^ set(board['objects']))}")
    for oid, obj in objects.items():
        shown = board["objects"].get(oid, {})
        for key in ("zone", "controller", "position", "atk", "def", "equipped_to"):
            if shown.get(key) != obj.get(key):
                problems.append(f"{oid}.{key}: {shown.get(key)!r} vs {obj.get(key)!r}")
    chain = [{k: v for k, v in link.items() if k != "negated"} for link in board["chain"].values()]
    if chain != result["chain"]:
        problems.append(f"chain {chain} vs {result['chain']}")
    if {k: board["turn"].get(k) for k in ("active", "phase", "step")} != {k: result["turn"].get(k) for k in
                                                                          ("active", "phase", "step")}:
        problems.append(f"turn {board['turn']} vs {result['turn']}")
    return problems


def _check_branches(top_board: dict[str, Any], trace: list[dict[str, Any]]) -> list[str]:
    """Check every branch against its result, stepping it from the board just before its choice step."""
    problems = []
    current = top_board
    for step in trace:
        for branch in step.get("branches", ()):
            final = boards(current, branch["trace"])[-1] if branch["trace"] else current
            problems += [f"branch {branch['choice']}: {p}" for p in _agrees_with_result(final, branch["result"])]
            problems += _check_branches(current, branch["trace"])
        if step.get("board"):
            current = apply(current, step["board"])
    return problems


@pytest.mark.parametrize("path", sorted(GOLDENS.glob("*.json")), ids=lambda p: p.stem)
def test_the_board_after_the_last_step_agrees_with_the_result(path: Path):
    out = engine.resolve(json.loads(path.read_text(encoding="utf-8"))["scenario"])
    final = boards(out["board"], out["trace"])[-1] if out["trace"] else out["board"]
    assert _agrees_with_result(final, out["result"]) == []
    assert _check_branches(out["board"], out["trace"]) == []


def test_atk_between_two_chain_links_is_the_value_after_the_first_resolved():
    """Light and Darkness Dragon (Chain Link 2) negates MST and loses 500 ATK/DEF; when Chain
    Link 1 starts resolving its ATK is already 2300."""
    out = _resolve("arcv-ladd-before-solemn")
    assert out["board"]["objects"]["m1"]["atk"] == 2800
    before, at_link_1 = _board_at(out, lambda s: s["kind"] == "resolve" and s["params"]["link"] == 1)
    assert at_link_1["objects"]["m1"]["atk"] == 2300 and at_link_1["objects"]["m1"]["def"] == 1900
    assert "2" not in at_link_1["chain"] and at_link_1["chain"]["1"]["negated"] == "activation"
    _, at_link_2 = _board_at(out, lambda s: s["kind"] == "resolve" and s["params"]["link"] == 2)
    assert at_link_2["objects"]["m1"]["atk"] == 2800 and set(at_link_2["chain"]) == {"1", "2"}


def test_atk_floored_at_zero_then_raised_shows_each_value_in_turn():
    out = _resolve("arcv-atk-changes-add-up-below-zero")
    values = [b["objects"]["a"]["atk"] for b in boards(out["board"], out["trace"])]
    assert values[0] == 1000 and 0 in values and values[-1] == 500
    assert values.index(0) < values.index(500)


def test_a_card_moving_zones_is_on_the_board_at_the_move_step():
    out = _resolve("demo-mirror-force-trap-jammer")
    assert out["board"]["objects"]["t1"] == {"zone": "spell_trap_zone", "controller": "p2", "position": "face-down"}
    before, after = _board_at(out, lambda s: s["kind"] == "move" and s["params"]["card"] == "t1")
    assert before["objects"]["t1"]["zone"] == "spell_trap_zone" and before["objects"]["t1"]["position"] == "face-up"
    assert after["objects"]["t1"] == {"zone": "graveyard", "controller": "p2"}


def test_life_points_change_at_the_damage_steps():
    out = _resolve("arcv-damage-step-mandatory-trigger-activates")
    assert out["board"]["players"] == {"p1": {"lp": 8000}, "p2": {"lp": 8000}}
    _, battle = _board_at(out, lambda s: s["message_id"] == "ygo.battle.damage")
    assert battle["players"]["p2"]["lp"] == 7000 and battle["players"]["p1"]["lp"] == 8000
    _, effect = _board_at(out, lambda s: s["message_id"] == "ygo.damage")
    assert effect["players"]["p1"]["lp"] == 7700
    _, step = _board_at(out, lambda s: s["message_id"] == "ygo.battle.damage_step")
    assert step["turn"]["step"] == "damage"


def test_a_removed_token_leaves_the_board():
    token = {**monster("tok", "p2"), "subtype": "token"}
    doc = scenario([set_card("a", "p1", "trap", "normal", [{"do": "destroy", "target": "tok"}]), token],
                   [{"card": "a", "targets": ["tok"]}])
    out = engine.resolve(doc)
    _, after = _board_at(out, lambda s: s["message_id"] == "ygo.rule.token_removed")
    assert "tok" in out["board"]["objects"] and "tok" not in after["objects"]


def test_each_branch_steps_through_from_the_board_at_its_choice():
    doc = scenario([set_card("a", "p1", "spell", "normal", [{"do": "destroy", "choose": 1, "from": ["m", "n"]}],
                             zone="hand", position=None), monster("m", "p2"), monster("n", "p2")], [{"card": "a"}])
    out = engine.resolve(doc)
    [choice] = [s for s in out["trace"] if s["kind"] == "choice"]
    at_choice = boards(out["board"], out["trace"][:choice["index"]])[-1] if choice["index"] else out["board"]
    for branch in choice["branches"]:
        final = boards(at_choice, branch["trace"])[-1]
        assert final["objects"][branch["choice"][0]]["zone"] == "graveyard"
