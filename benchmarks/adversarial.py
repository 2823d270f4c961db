"""Adversarial engine boards: the inputs that grow fastest, timed with the deadline off.

Boards, generated here from goldens and the engine's own vocabulary:

* ``opalescence-x40`` / ``opalescence-x250``: the golden ``mtg/dep-opalescence-then-humility``
  with its Opalescence (one layer-4 and one layer-7b effect that depend on each other's
  kind of object) copied 40 and 250 times, each copy a new object with a later timestamp;
* ``three-open-choices``: six permanents; three "you may" triggers go on the stack at once, so
  their order is an open choice (6 branches) and each "may" is one in every branch;
* ``ygo-chain-1000``: a Yu-Gi-Oh! chain built to 1,000 links (``ygo_synthetic``);
* ``vanilla-2000``: 2,000 vanilla 2/2 creatures (the most objects a scenario may have) and
  nothing to do: each check of state-based actions asks about every creature, once (it took
  4–6 s, past the 2 s deadline, while each asked about every other permanent).

Each board runs in a child process with the deadline off (``RESOLVE_DEADLINE_S`` does not
apply to the engine called directly) and is stopped after ``--timeout`` seconds (30 by
default), printed as "over 30 s". Beside each time: ``engine.validate`` of the same board, the
target of issue 14 where it sets one (the 250-copy board ≤ 1 s, the open-choice board ≤ 50 ms)
and whether this run met it, and the machine's load. A board the engine answers with a 400
(``ScenarioError``: the 250-copy board's layer walk alone has more rows than the 50,000-step
budget) is timed to that answer and printed with it; its layer computation is timed too.

Usage: ``python benchmarks/adversarial.py [--timeout S] [--only NAME]``; it measures, it does
not assert.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import json
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOLDENS = ROOT / "fixtures" / "scenarios"

from benchmarks.targets import TARGETS_MS, judged, load  # noqa: E402


def golden(name: str) -> dict[str, Any]:
    """Return the scenario of ``fixtures/scenarios/<name>.json``."""
    return json.loads((GOLDENS / f"{name}.json").read_text(encoding="utf-8"))["scenario"]


def opalescence_copies(copies: int) -> dict[str, Any]:
    """Return ``dep-opalescence-then-humility`` with its Opalescence copied ``copies`` times."""
    scenario = golden("mtg/dep-opalescence-then-humility")
    original = next(o for o in scenario["objects"] if o["id"] == "opal")
    last = max(o.get("timestamp", 0) for o in scenario["objects"])
    for i in range(copies):
        clone = copy.deepcopy(original)
        clone["id"] = f"opal{i + 2}"
        clone["timestamp"] = last + 1 + i
        scenario["objects"].append(clone)
    return scenario


def three_open_choices() -> dict[str, Any]:
    """Return six permanents whose resolution meets open choices: three creatures with "you
    may" dies triggers (603.5) destroyed by one spell, so the order of the three triggers
    (603.3b, 6 orders) is open and, in each branch, so is each "may"; two anthems and a land
    keep the layers busy at every step."""
    def watcher(oid: str) -> dict[str, Any]:
        return {"id": oid, "name": f"Watcher {oid}", "owner": "p1", "zone": "battlefield", "types": ["creature"],
                "power": 1, "toughness": 1, "mana_cost": "{G}",
                "abilities": [{"kind": "triggered", "trigger": {"event": "dies", "self": True}, "optional": True,
                               "effects": [{"do": "gain_life", "player": "you", "amount": 1}]}]}

    def anthem(oid: str, power: int) -> dict[str, Any]:
        return {"id": oid, "name": f"Anthem {oid}", "owner": "p2", "zone": "battlefield", "types": ["enchantment"],
                "mana_cost": "{1}{W}",
                "abilities": [{"kind": "static", "affected": {"types": ["creature"]},
                               "effects": [{"do": "modify_pt", "power": power, "toughness": power}]}]}

    objects = [watcher("w1"), watcher("w2"), watcher("w3"), anthem("x1", 1), anthem("x2", -1),
               {"id": "land", "name": "Forest", "owner": "p1", "zone": "battlefield", "types": ["land"],
                "supertypes": ["basic"], "subtypes": ["Forest"]}]
    objects.append({"id": "sweep", "name": "Sweeper", "owner": "p1", "zone": "hand", "types": ["sorcery"],
                    "mana_cost": "{2}{B}",
                    "abilities": [{"kind": "spell", "effects": [
                        {"do": "destroy", "affected": {"types": ["creature"]}}]}]})
    return {"format": "1", "game": "mtg", "ruleset": "cr-2022-04-29", "options": {},
            "players": [{"id": "p1", "life": 20}, {"id": "p2", "life": 20}],
            "turn": {"active": "p1", "step": "main1"}, "objects": objects, "chain": [], "pending": [],
            "effects": [], "actions": [{"type": "cast", "player": "p1", "card": "sweep"}, {"type": "resolve"}]}


def ygo_chain_1000() -> dict[str, Any]:
    """Return the 1,000-link chain of ``benchmarks/ygo_synthetic.py``."""
    spec = importlib.util.spec_from_file_location("ygo_synthetic", ROOT / "benchmarks" / "ygo_synthetic.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build_large_chain()


def vanilla_creatures(count: int) -> dict[str, Any]:
    """Return a Magic board of ``count`` vanilla 2/2 creatures split between the players, in main phase 1."""
    scenario = golden("mtg/dep-opalescence-then-humility")
    scenario["objects"] = [
        {"id": f"bear{i}", "name": f"Bear {i}", "owner": ("p1", "p2")[i % 2], "zone": "battlefield", "types": ["creature"],
         "subtypes": ["Bear"], "power": 2, "toughness": 2, "mana_cost": "{1}{G}", "timestamp": i + 1}
        for i in range(count)
    ]
    return scenario


BOARDS: dict[str, Callable[[], dict[str, Any]]] = {
    "opalescence-x40": lambda: opalescence_copies(40),
    "opalescence-x250": lambda: opalescence_copies(250),
    "three-open-choices": three_open_choices,
    "ygo-chain-1000": ygo_chain_1000,
    "vanilla-2000": lambda: vanilla_creatures(2000),
}


def _child(name: str, repeat: int, queue: Any) -> None:
    import engine

    scenario = BOARDS[name]()
    problems = engine.validate(scenario)
    if problems:
        queue.put(("invalid", problems[:3]))
        return
    validate_times, resolve_times, resolve_cpu = [], [], []
    for _ in range(repeat):
        start = time.perf_counter()
        engine.validate(scenario)
        validate_times.append(time.perf_counter() - start)
    extra = ""
    for _ in range(repeat):
        start, used = time.perf_counter(), time.process_time()
        try:
            out = engine.resolve(scenario, deadline_s=None)  # measure the board itself, not the deadline
            answer = f"{len(out['trace']):6d} steps"
        except engine.ScenarioError as exc:  # the engine's answer is a 400: time it all the same
            answer = f"answer 400: {exc.errors[0]['message'] if exc.errors else exc}"
        resolve_times.append(time.perf_counter() - start)
        resolve_cpu.append(time.process_time() - used)
        queue.put(("partial", resolve_times, resolve_cpu, statistics.median(validate_times), answer, extra))
    if not answer[:6].strip().isdigit() and scenario.get("game") == "mtg":
        from engine.mtg.layers import compute
        from engine.mtg.scenario import parse_state

        state = parse_state(scenario)
        times, used = [], []
        for _ in range(repeat):
            start, cpu = time.perf_counter(), time.process_time()
            result = compute(state)
            times.append(time.perf_counter() - start)
            used.append(time.process_time() - cpu)
        extra = (f"\n  {'':<22} layers.compute {statistics.median(times) * 1000:9.1f} ms "
                 f"(cpu {statistics.median(used) * 1000:.1f} ms)   "
                 f"walk rows {result.walk_length:,}   {result.work['trials']} dependency trials")
    queue.put(("done", resolve_times, resolve_cpu, statistics.median(validate_times), answer, extra))


def run(name: str, timeout: float, repeat: int) -> str:
    """Return one printed line for board ``name``."""
    queue: Any = multiprocessing.Queue()
    process = multiprocessing.Process(target=_child, args=(name, repeat, queue), daemon=True)
    start = time.perf_counter()
    process.start()
    process.join(timeout)
    if process.is_alive():
        process.kill()
        process.join()
        return f"  {name:<22} over {timeout:.0f} s"
    last = None
    while not queue.empty():
        last = queue.get()
    if last is None:
        return f"  {name:<22} failed after {time.perf_counter() - start:.1f} s (exit {process.exitcode})"
    if last[0] == "invalid":
        return f"  {name:<22} invalid board: {last[1]}"
    _, wall, cpu, validate_s, answer, extra = last
    resolve_s = statistics.median(wall)
    target = TARGETS_MS.get(name)
    verdict = "" if target is None else f"\n  {'':<22} {judged([t * 1000 for t in wall], [t * 1000 for t in cpu], target)}"
    return (f"  {name:<22} resolve {resolve_s * 1000:10.1f} ms   validate {validate_s * 1000:7.2f} ms   "
            f"{answer}{verdict}{extra}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", choices=sorted(BOARDS))
    args = parser.parse_args()
    print(f"Adversarial boards (deadline off, each stopped after {args.timeout:.0f} s, median of {args.repeat}); {load()}")
    for name in [args.only] if args.only else BOARDS:
        print(run(name, args.timeout, args.repeat), flush=True)


if __name__ == "__main__":
    main()
