"""Time the Magic layer system on a synthetic board (issue 4, part 10).

The generator builds a board of 200 permanents and N continuous effects, a third of them
interdependent: a chain in layer 4 where effect *i* gives subtype ``T<i+1>`` to permanents
with subtype ``T<i>`` (so each depends on the one before, CR 613.8a), created in reverse
timestamp order so that dependency, not timestamp, decides their order. The rest are
independent: +1/+1 anthems on colors, color changes, ability grants and "becomes 3/3".

Prints, beside a baseline of ``engine.validate`` on the same document: the median and worst
time of one full layer computation (``engine.mtg.compute``), its tracemalloc peak, the
median of a full ``engine.resolve``, each with its target (issue 14: layers ≤ 100 ms, resolve
≤ 300 ms on a 2-core machine) and whether this run met it, the machine's load while it ran,
what the computation did (counted: dependency trials, objects searched, applications), and the
layer computation at 10/20/40/60 effects with the ratio to the previous size beside the
quadratic bound of CR 613 work in one layer: the square of how much the largest layer grew
(dependency checks compare effects of one layer pairwise).
Usage: ``python benchmarks/mtg_synthetic.py [--repeat N]``; it measures, it does not assert.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.mtg import compute  # noqa: E402
from engine.mtg.layers import LAYER_OF  # noqa: E402
from engine.mtg.scenario import parse_state  # noqa: E402
from benchmarks.targets import TARGETS_MS, judged, load, measured  # noqa: E402

COLORS = ("white", "blue", "black", "red", "green")


def board(permanents: int = 200, effects: int = 60) -> dict:
    """Return a scenario with ``permanents`` creatures and ``effects`` effects, a third chained."""
    chained = effects // 3
    objects = []
    for i in range(permanents):
        objects.append({"id": f"c{i}", "name": f"Creature {i}", "owner": "p1" if i % 2 else "p2", "zone": "battlefield",
                        "types": ["creature"], "subtypes": [f"T{i % max(chained, 1)}"] if i % 2 == 0 else ["Bear"],
                        "colors": [COLORS[i % 5]], "power": 2, "toughness": 2, "timestamp": i + 1})
    out = []
    ts = permanents + 10 + effects
    for k in range(chained):
        out.append({"id": f"chain{k}", "do": "add_type", "subtypes": [f"T{k + 1}"], "affected": {"subtypes": [f"T{k}"]},
                    "timestamp": ts - k, "duration": "permanent"})
    for k in range(effects - chained):
        kind = k % 4
        if kind == 0:
            effect = {"do": "modify_pt", "power": 1, "toughness": 1, "affected": {"colors": [COLORS[k % 5]]}}
        elif kind == 1:
            effect = {"do": "set_color", "colors": [COLORS[(k + 1) % 5]], "affected": [f"c{(k * 7) % permanents}"]}
        elif kind == 2:
            effect = {"do": "add_ability", "abilities": [{"kind": "keyword", "keyword": "flying"}], "affected": {"subtypes": ["Bear"]}}
        else:
            effect = {"do": "set_pt", "power": 3, "toughness": 3, "affected": [f"c{(k * 11) % permanents}"]}
        out.append({"id": f"e{k}", "timestamp": permanents + 1 + k, "duration": "permanent", **effect})
    return {"format": "1", "game": "mtg", "ruleset": "cr-2022-04-29", "options": {},
            "players": [{"id": "p1", "life": 20}, {"id": "p2", "life": 20}], "turn": {"active": "p1", "step": "main1"},
            "objects": objects, "chain": [], "pending": [], "effects": out, "actions": []}


def timed(func, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        func()
        times.append((time.perf_counter() - started) * 1000)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    document = board()
    state = parse_state(document)
    baseline = statistics.median(timed(lambda: engine.validate(document), args.repeat))
    layer_times, layer_cpu = measured(lambda: compute(state), args.repeat)
    tracemalloc.start()
    result = compute(state)
    peak = tracemalloc.get_traced_memory()[1] / 1024
    tracemalloc.stop()
    resolve_times, resolve_cpu = measured(lambda: engine.resolve(document), max(3, args.repeat))
    deps = len(result.dependencies)
    layers_ms, resolve_ms = statistics.median(layer_times), statistics.median(resolve_times)
    print(f"Magic layer system, 200 permanents, 60 continuous effects (20 interdependent); {load()}")
    print(f"  baseline engine.validate        median {baseline:8.1f} ms")
    print(f"  layers.compute (all permanents) median {layers_ms:8.1f} ms  worst {max(layer_times):8.1f} ms"
          f"  peak {peak:8.0f} KiB  dependencies found {deps}")
    print(f"    {judged(layer_times, layer_cpu, TARGETS_MS['mtg-synthetic layers'])}")
    print(f"  engine.resolve (trace + walk)   median {resolve_ms:8.1f} ms  "
          f"({len(resolve_times)} runs)")
    print(f"    {judged(resolve_times, resolve_cpu, TARGETS_MS['mtg-synthetic resolve'])}")
    work = result.work
    print(f"  work (counted): {work['trials']} dependency trials, {work['searched']} objects searched, "
          f"{work['applied']} applications")
    previous = None
    for n in (10, 20, 40, 60):
        document = board(effects=n)
        s = parse_state(document)
        t = statistics.median(timed(lambda: compute(s), args.repeat))
        per_layer: dict[str, int] = {}
        for effect in document["effects"]:
            layer = str(LAYER_OF[effect["do"]])
            per_layer[layer] = per_layer.get(layer, 0) + 1
        largest = max(per_layer.values())
        ratio = ""
        if previous:
            bound = (largest / previous[1]) ** 2
            ratio = f"  x{t / previous[0]:4.2f} vs previous (quadratic bound in the largest layer x{bound:4.2f})"
        print(f"  {n:3d} effects: median {t:8.1f} ms  largest layer {largest:2d} effects{ratio}")
        previous = (t, largest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
