"""The engine figures ``make bench`` holds to a target (issue 14, on a 2-core machine), how a
measured median is judged against one, and the machine's load, printed beside the figures
because other work on the machine slows them.
"""

from __future__ import annotations

import os
import time
from typing import Any, Callable

TARGETS_MS = {
    "mtg-synthetic layers": 100.0,  # layers.compute of 200 permanents and 60 effects
    "mtg-synthetic resolve": 300.0,  # engine.resolve of the same board
    "opalescence-x250": 1000.0,  # time to the engine's answer on the 250-copy board
    "three-open-choices": 50.0,  # engine.resolve of six permanents with three open choices
    "vanilla-2000": 1000.0,  # engine.resolve of 2,000 vanilla creatures: well inside the 2 s deadline
}

SEARCH_P95_MS = 10.0
"""p95 of ``Section.objects.search`` (count + first page of 20 with snippets) over the 200
fixed bench queries, on SQLite and on PostgreSQL (issue 17)."""


def verdict(value_ms: float, target_ms: float) -> str:
    """``target ≤ N ms: met`` or ``… NOT met`` for one measured median."""
    return f"target ≤ {target_ms:.0f} ms: {'met' if value_ms <= target_ms else 'NOT met'}"


def measured(func: Callable[[], Any], repeat: int) -> tuple[list[float], list[float]]:
    """Run ``func`` ``repeat`` times; return its wall-clock and CPU (this process) times in ms.
    On a loaded machine the wall time waits for the cores; the CPU time much less so."""
    wall, cpu = [], []
    for _ in range(repeat):
        started, used = time.perf_counter(), time.process_time()
        func()
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - used) * 1000)
    return wall, cpu


def judged(wall: list[float], cpu: list[float], target_ms: float) -> str:
    """The medians of :func:`measured` against a target: the wall time decides; the CPU time
    says what the figure would be on an idle machine."""
    import statistics

    wall_ms, cpu_ms = statistics.median(wall), statistics.median(cpu)
    return f"{verdict(wall_ms, target_ms)} (cpu median {cpu_ms:.1f} ms: {'met' if cpu_ms <= target_ms else 'NOT met'})"


def load() -> str:
    """The machine's load average (timings are noisy under load)."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load average unknown"
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"
