"""Benchmark the Force of Will engine on a synthetic board (``python benchmarks/fow_synthetic.py``).

The board has 200 cards on the field, 50 continuous effects and a 500-item chase; both players
pass until the chase is empty. Reports the median time and the tracemalloc peak of
``engine.resolve`` beside a baseline of ``engine.validate`` on the same document.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402


def synthetic_board(field: int = 200, effects: int = 50, chase: int = 500) -> dict:
    """Return a valid ``fow`` scenario with ``field`` resonators, ``effects`` continuous effects and a ``chase``-item chase."""
    objects = [
        {"id": "r1", "name": "Ruler A", "owner": "p1", "zone": "ruler_area", "type": "ruler",
         "j_ruler": {"name": "J A", "atk": 1000, "def": 1000}},
        {"id": "r2", "name": "Ruler B", "owner": "p2", "zone": "ruler_area", "type": "ruler",
         "j_ruler": {"name": "J B", "atk": 1000, "def": 1000}},
    ]
    for i in range(field):
        owner = "p1" if i % 2 == 0 else "p2"
        abilities = [{"kind": "activated", "effect": [{"do": "gain_life", "target": "you", "amount": 100}]}]
        if i % 20 == 0:
            abilities.append({"kind": "static", "continuous": {"applies_to": {"race": "Beast"}, "atk": 100}})
        objects.append({"id": f"c{i}", "name": f"Resonator {i}", "owner": owner, "zone": "field", "type": "resonator",
                        "atk": 500 + i, "def": 100_000, "races": ["Beast" if i % 3 else "Human"], "abilities": abilities,
                        "timestamp": i})
    effect_list = [{"id": f"e{j}", "kind": "continuous", "source": f"c{j}", "controller": "p1", "timestamp": 1000 + j,
                    "spec": {"atk": 10} if j % 2 else {"races_gain": ["Knight"]}, "affected": [f"c{k}" for k in range(j, field, 25)]}
                   for j in range(effects - field // 20)]
    chain = [{"kind": "ability", "source": f"c{i % field}", "controller": "p1" if i % 2 == 0 else "p2", "ability": 0}
             for i in range(chase)]
    actions = []
    for _ in range(chase):
        actions += [{"type": "pass", "player": "p1"}, {"type": "pass", "player": "p2"}]
    return {"format": "1", "game": "fow", "ruleset": "wp-2.3", "options": {},
            "players": [{"id": "p1", "life": 4000}, {"id": "p2", "life": 4000}],
            "turn": {"active": "p1", "phase": "main", "step": "main", "number": 3, "priority": "p1"},
            "objects": objects, "chain": chain, "pending": [], "effects": effect_list, "actions": actions}


def measure(fn, runs: int) -> tuple[float, int]:
    """Return the median seconds of ``runs`` calls and the tracemalloc peak of one call (bytes)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return statistics.median(times), peak


def main() -> None:
    board = synthetic_board()
    assert engine.validate(board) == []
    size = len(json.dumps(board))
    result = engine.resolve(board)
    steps = len(result["trace"])
    v_median, v_peak = measure(lambda: engine.validate(board), 5)
    r_median, r_peak = measure(lambda: engine.resolve(board), 3)
    print(f"fow synthetic board: 200 field cards, 50 continuous effects, 500-item chase ({size:,} bytes, {steps:,} steps)")
    print(f"  validate  median {v_median * 1000:8.1f} ms   peak {v_peak / 1e6:6.1f} MB")
    print(f"  resolve   median {r_median * 1000:8.1f} ms   peak {r_peak / 1e6:6.1f} MB")


if __name__ == "__main__":
    main()
