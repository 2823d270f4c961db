"""A synthetic Yu-Gi-Oh! scenario: a 1,000-link chain built from 900 responses and 100
simultaneous triggers (their order given), resolved and timed.

Usage: ``python benchmarks/ygo_synthetic.py [--repeat N]``. Prints the median time and the
tracemalloc peak of ``engine.resolve`` beside a baseline of ``engine.validate`` on the same
scenario, and the median of a typical (golden) scenario.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402

TRIGGERS = 100
RESPONSES = 900


def build_large_chain() -> dict[str, Any]:
    """Return a valid arcv scenario whose chain reaches 1,000 links.

    100 Graveyard monsters with mandatory "sent to the Graveyard" triggers are pending together
    (their order in ``options.trigger_order``); then 900 Quick Effects respond one after another.
    """
    objects: list[dict[str, Any]] = []
    order = []
    for i in range(TRIGGERS):
        owner = "p1" if i % 2 == 0 else "p2"
        objects.append({"id": f"t{i}", "name": f"Trigger {i}", "owner": owner, "zone": "graveyard", "kind": "monster",
                        "subtype": "effect", "level": 4, "atk": 1000, "def": 1000,
                        "effects": [{"class": "trigger", "trigger": "sent_to_graveyard",
                                     "actions": [{"do": "gain_lp", "player": "self", "amount": 1}]}]})
        order.append(f"t{i}")
    actions = []
    for i in range(RESPONSES):
        owner = "p1" if i % 2 == 0 else "p2"
        objects.append({"id": f"q{i}", "name": f"Quick {i}", "owner": owner, "zone": "graveyard", "kind": "monster",
                        "subtype": "effect", "level": 4, "atk": 1000, "def": 1000,
                        "effects": [{"class": "quick", "actions": [{"do": "damage", "player": "opponent", "amount": 1}]}]})
        actions.append({"type": "activate", "card": f"q{i}"})
    return {"format": "1", "game": "ygo", "ruleset": "arcv", "options": {"trigger_order": order},
            "players": [{"id": "p1", "lp": 8000}, {"id": "p2", "lp": 8000}],
            "turn": {"active": "p1", "phase": "main1", "step": None, "number": 3},
            "objects": objects, "chain": [], "pending": [{"card": f"t{i}"} for i in range(TRIGGERS)],
            "effects": [], "actions": actions}


def measure(function: Callable[[], Any], repeat: int) -> tuple[float, int]:
    """Return the median seconds and the tracemalloc peak bytes of ``function``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    function()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return statistics.median(times), peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    scenario = build_large_chain()
    out = engine.resolve(scenario)
    links = max(step["params"].get("link", 0) for step in out["trace"])
    resolve_s, resolve_peak = measure(lambda: engine.resolve(scenario), args.repeat)
    validate_s, validate_peak = measure(lambda: engine.validate(scenario), args.repeat)
    typical = json.loads((ROOT / "fixtures/scenarios/ygo/arcv-attack-higher-atk-destroys-and-deals-the-difference.json")
                         .read_text(encoding="utf-8"))["scenario"]
    typical_s, _ = measure(lambda: engine.resolve(typical), max(args.repeat, 20))
    print(f"large chain: {links} links, {len(out['trace'])} trace steps, winner {out['result']['winner']}")
    print(f"  resolve  median {resolve_s * 1000:9.1f} ms  peak {resolve_peak / 1e6:7.1f} MB")
    print(f"  validate median {validate_s * 1000:9.1f} ms  peak {validate_peak / 1e6:7.1f} MB  (baseline)")
    print(f"  ratio resolve/validate: {resolve_s / validate_s:.1f}x")
    print(f"typical scenario (one attack): resolve median {typical_s * 1000:.2f} ms")


if __name__ == "__main__":
    main()
