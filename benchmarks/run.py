"""``make bench``: one timing report for imports, search, the engine and page rendering.

Every figure is a time measured in this run, printed beside a baseline measured in the same
run (machines differ and are noisy), so the ratios are what to compare between machines:

* imports: each bundled document and each Comprehensive Rules edition, parsed and written
  into a fresh database; baseline: reading and decoding the same file.
* search: median and p95 over a fixed set of 200 queries in three scripts; baseline: a
  primary-key lookup of one section.
* engine: median time and peak memory (tracemalloc) of resolving every golden scenario;
  baseline: ``engine.validate`` of the same scenario.
* pages: server-side render time of a section page, a search page and a permalink page
  (Django test client, warm); baseline: the ``/healthz`` view.

Usage: ``python benchmarks/run.py [--database-url URL] [--repeat N]``. It migrates a fresh
database of its own (a temporary SQLite file unless a URL is given) and never touches the
development database.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Fixed query set: 200 queries, Traditional Chinese, Simplified Chinese and English.
QUERY_TERMS = {
    "zh-Hant": ["連鎖", "優先權", "發動", "效果", "召喚", "墓地", "破壞", "攻擊力", "戰鬥", "觸發異能",
                "規則處理", "魔石", "領主", "審判", "回合", "怪獸", "陷阱卡", "魔法卡", "手牌", "卡組",
                "詠唱", "持續效果", "費用", "對象", "無效", "傷害步驟", "結束階段", "額外卡組", "祭品", "反轉"],
    "zh-Hans": ["连锁", "优先权", "发动", "效果", "召唤", "墓地", "破坏", "攻击力", "战斗", "触发异能",
                "规则处理", "魔石", "领主", "审判", "回合", "怪兽", "陷阱卡", "魔法卡", "手牌", "卡组",
                "咏唱", "持续效果", "代价", "对象", "无效", "伤害步骤", "结束阶段", "额外卡组", "祭品", "反转"],
    "en": ["priority", "layer", "dependency", "cascade", "stack", "trigger", "state-based actions",
           "timestamp", "replacement effect", "mana ability", "split second", "copy", "token", "combat damage",
           "first strike", "trample", "counter", "sacrifice", "legend rule", "planeswalker", "hybrid mana",
           "cycling", "landcycling", "exile", "graveyard", "attacking creature", "blocker", "upkeep", "cleanup",
           "characteristic-defining"],
}


def build_queries() -> list[str]:
    """Return the fixed list of 200 queries: single terms, then pairs, cycling the scripts."""
    queries: list[str] = []
    scripts = list(QUERY_TERMS.values())
    i = 0
    while len(queries) < 200:
        terms = scripts[i % 3]
        term = terms[(i // 3) % len(terms)]
        if i >= 90:
            term = f"{term} {terms[(i // 3 + 7) % len(terms)]}"
        queries.append(term)
        i += 1
    return queries


def timed(func, repeat: int) -> list[float]:
    """Return ``repeat`` wall-clock durations of ``func()`` in milliseconds."""
    out = []
    for _ in range(repeat):
        started = time.perf_counter()
        func()
        out.append((time.perf_counter() - started) * 1000)
    return out


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def line(label: str, value_ms: float, baseline_ms: float, extra: str = "") -> str:
    ratio = value_ms / baseline_ms if baseline_ms > 0 else float("inf")
    return f"  {label:<52} {value_ms:9.2f} ms  ×{ratio:8.1f} baseline{('  ' + extra) if extra else ''}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="database to benchmark (default: a temporary SQLite file)")
    parser.add_argument("--repeat", type=int, default=20, help="repetitions of each engine and page timing")
    args = parser.parse_args()

    tmp = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{tmp.name}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    import engine
    from rulesite.rules.importers import BUNDLED, CORPORA_GLOB
    from rulesite.rules.models import Section
    from rulesite.rules.services import document_import, document_parse_file
    from rulesite.scenarios.services import scenario_create

    setup_test_environment()
    call_command("migrate", verbosity=0)
    vendor = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(f"rulesite benchmark · database: {vendor} · python {sys.version.split()[0]} · engine {engine.ENGINE_VERSION}")

    print("\nImport (parse + write, one transaction per document)")
    jobs = [(ROOT / "fixtures" / "documents" / name, fmt) for name, fmt in BUNDLED]
    corpora = Path(settings.RULES_CORPORA_DIR)
    if corpora.is_dir():
        jobs += [(path, "mtg-cr") for path in sorted(corpora.glob(CORPORA_GLOB))]
    for path, fmt in jobs:
        baseline = statistics.median(timed(lambda: path.read_bytes().decode("utf-8-sig"), 5))
        started = time.perf_counter()
        parsed, fingerprint = document_parse_file(path=path, fmt=fmt)
        report = document_import(parsed=parsed, fingerprint=fingerprint, source_name=path.name)
        elapsed = (time.perf_counter() - started) * 1000
        print(line(f"{report.slug} ({report.section_count} sections)", elapsed, baseline))

    print("\nSearch (200 fixed queries: zh-Hant, zh-Hans, en; count + first page of 20)")
    queries = build_queries()
    some_pk = Section.objects.values_list("pk", flat=True).first()
    baseline = statistics.median(timed(lambda: Section.objects.get(pk=some_pk), 50))

    def run_query(q: str) -> None:
        results = Section.objects.search(q)
        results.count()
        list(results[:20])

    for q in queries[:5]:
        run_query(q)  # warm the database's caches
    latencies = []
    for q in queries:
        latencies += timed(lambda q=q: run_query(q), 1)
    print(line("median", statistics.median(latencies), baseline))
    print(line("p95 (target < 20 ms)", p95(latencies), baseline))

    print("\nEngine (median of resolve; peak memory of one resolve)")
    goldens = sorted((ROOT / "fixtures" / "scenarios").glob("*/*.json"))
    resolve_times = []
    for path in goldens:
        scenario = json.loads(path.read_text(encoding="utf-8"))["scenario"]
        baseline = statistics.median(timed(lambda: engine.validate(scenario), args.repeat))
        median = statistics.median(timed(lambda: engine.resolve(scenario), args.repeat))
        tracemalloc.start()
        engine.resolve(scenario)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        resolve_times.append(median)
        print(line(f"{path.parent.name}/{path.stem}"[:52], median, baseline, f"peak {peak / 1024:.0f} KiB"))
    if resolve_times:
        print(f"  {len(resolve_times)} golden scenarios: median {statistics.median(resolve_times):.2f} ms, max {max(resolve_times):.2f} ms")

    print("\nPages (server-side render, warm, Django test client)")
    client = Client()
    baseline = statistics.median(timed(lambda: client.get("/healthz"), args.repeat))
    pages = {"section page /rules/mtg-cr-2022-04-29/613.8/": "/rules/mtg-cr-2022-04-29/613.8/",
             "section page /rules/ygo-ocg-rules-arcv/4.2.4/": "/rules/ygo-ocg-rules-arcv/4.2.4/",
             "search page ?q=連鎖": "/search/?q=連鎖"}
    if goldens:
        stored, _ = scenario_create(scenario=json.loads(goldens[0].read_text(encoding="utf-8"))["scenario"])
        pages["permalink page"] = stored.get_absolute_url()
    for label, url in pages.items():
        if client.get(url).status_code not in (200, 302):
            print(f"  {label}: not available")
            continue
        print(line(label, statistics.median(timed(lambda url=url: client.get(url), args.repeat)), baseline))
    print(f"\nbaseline for pages: /healthz {baseline:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
