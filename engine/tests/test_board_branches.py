"""Every open choice's branches step from the board just before their choice step, in every game.

The ruling page draws a branch's boards by applying its diffs to the board after the steps
before the choice (``engine/core/board.py``): replayed over every golden with branches, each
diff applies (a path that is not there fails) and the board after a branch's last step agrees
with that branch's result on every card's zone.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import engine
from engine.core.board import apply, boards

GOLDENS = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios"


def _branches(board: Any, trace: list[dict[str, Any]]) -> list[tuple[Any, dict[str, Any]]]:
    """Return ``(board before the choice step, branch)`` for every branch, nested ones included."""
    out = []
    for step in trace:
        for branch in step.get("branches") or ():
            out.append((board, branch))
            out += _branches(board, branch["trace"])
        if step.get("board"):
            board = apply(board, step["board"])
    return out


def test_each_branch_applies_to_the_board_before_its_choice_and_ends_on_its_result():
    checked = 0
    for path in sorted(GOLDENS.glob("*/*.json")):
        out = engine.resolve(json.loads(path.read_text(encoding="utf-8"))["scenario"])
        for base, branch in _branches(out["board"], out["trace"]):
            where = f"{path.parent.name}/{path.stem}, branch {branch['choice']}"
            try:
                final = (boards(base, branch["trace"]) or [base])[-1]
            except (KeyError, IndexError) as exc:
                raise AssertionError(f"{where}: a diff does not apply ({exc!r})") from None
            shown = final["objects"]
            zones = {o["id"]: o["zone"] for o in branch["result"].get("objects") or () if o["id"] in shown}
            assert zones == {oid: shown[oid]["zone"] for oid in zones}, where
            checked += 1
    assert checked > 50  # the goldens' open choices, all three games
