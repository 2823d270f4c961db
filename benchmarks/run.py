"""``make bench``: one timing report for imports, search, the engine and page rendering.

Every figure is a time measured in this run, printed beside a baseline measured in the same
run (machines differ and are noisy), so the ratios are what to compare between machines:

* imports: each bundled document and each Comprehensive Rules edition, parsed and written
  into a fresh database; baseline: reading and decoding the same file.
* search: median and p95 over a fixed set of 200 queries in three scripts; baseline: a
  primary-key lookup of one section.
* engine: median time and peak memory (tracemalloc) of resolving every golden scenario;
  baseline: ``engine.validate`` of the same scenario.
* pages: server-side render time of a section page (cache cold and warm), a search page
  and a permalink page (Django test client); baseline: the ``/healthz`` view.
* HTTP: requests per second of a section page, a search page and a permalink page under
  gunicorn (2 workers, 127.0.0.1 on a free port, DEBUG=false, rate limits off), measured
  with ``wrk`` (a bounded Python loop when wrk is missing); baseline: a minimal Django view
  (``/bench/minimal``, routed only with ``RULESITE_BENCH_VIEWS=true``) served the same way.
* engines' synthetic benchmarks (``benchmarks/{ygo,mtg,fow}_synthetic.py``) when present.
* engines' adversarial boards (``benchmarks/adversarial.py``: one layer effect copied 40 and
  250 times, three open choices, a 1,000-link chain), each in a child process with the
  deadline off and stopped after 30 s ("over 30 s"); baseline: ``engine.validate`` of the board.
* the figures issue 14 sets a target for (Magic layers and resolve of the synthetic board, the
  250-copy board, the open-choice board: ``benchmarks/targets.py``) are printed with the target,
  met or not met by the wall-clock median (and by the CPU median), and the machine's load.

Usage: ``python benchmarks/run.py`` runs everything on a temporary SQLite file, then on a
temporary PostgreSQL database ``rulesite_bench`` (created and dropped here; skipped, with a
line saying why, when the server at ``BENCH_PG_URL`` cannot be reached). ``--database-url
URL`` benchmarks that one database only. It never touches the development database.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCH_DB = "rulesite_bench"
PG_SERVER = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
SYNTHETIC = ["ygo_synthetic", "mtg_synthetic", "fow_synthetic"]
ADVERSARIAL_TIMEOUT_S = 30  # each adversarial board is stopped after this many seconds
ROUNDS = 3  # HTTP throughput rounds per URL
# Environment of the gunicorn under test: production settings on loopback, no TLS redirect,
# rate limits off (one client address sends every request), the minimal view routed.
SERVER_ENV = {
    "DEBUG": "false",
    "SECRET_KEY": "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFGH",
    "ALLOWED_HOSTS": "127.0.0.1",
    "SECURE_SSL_REDIRECT": "false",
    "RATELIMIT_ENABLE": "false",
    "RULESITE_BENCH_VIEWS": "true",
    "LOG_LEVEL": "WARNING",
}

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


def percentile(values: list[float], fraction: float) -> float:
    """Return the value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def p95(values: list[float]) -> float:
    return percentile(values, 0.95)


def line(label: str, value_ms: float, baseline_ms: float, extra: str = "") -> str:
    ratio = value_ms / baseline_ms if baseline_ms > 0 else float("inf")
    return f"  {label:<52} {value_ms:9.2f} ms  ×{ratio:8.1f} baseline{('  ' + extra) if extra else ''}"


def verdict(met: bool) -> str:
    return "target met" if met else "TARGET MISSED"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="benchmark this database only (default: SQLite, then PostgreSQL)")
    parser.add_argument("--repeat", type=int, default=20, help="repetitions of each engine and page timing")
    parser.add_argument("--http-seconds", type=int, default=3, help="duration of each HTTP throughput run")
    parser.add_argument("--no-http", action="store_true", help="skip the gunicorn throughput runs")
    parser.add_argument("--no-static", action="store_true", help=argparse.SUPPRESS)  # static files already collected
    parser.add_argument("--only", choices=["search"], help="import, then run only this part (on each database)")
    args = parser.parse_args()
    if args.only:
        args.no_http = True
    if args.database_url:
        if not (args.no_http or args.no_static):
            collect_static_for_production()
        return run_database(args.database_url, args)
    return run_all(args)


def run_all(args: argparse.Namespace) -> int:
    """Benchmark a temporary SQLite file, then a temporary PostgreSQL database, then the engines."""
    if not args.no_http:
        collect_static_for_production()
    child = [sys.executable, str(Path(__file__).resolve()), "--repeat", str(args.repeat),
             "--http-seconds", str(args.http_seconds), "--no-static"] + (["--no-http"] if args.no_http else [])
    child += ["--only", args.only] if args.only else []
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        status |= subprocess.call([*child, "--database-url", f"sqlite:///{tmp}/bench.sqlite3"])
    print()
    pg_url, reason = pg_create()
    if pg_url is None:
        print(f"rulesite benchmark · database: postgresql · SKIPPED: {reason}")
    else:
        try:
            status |= subprocess.call([*child, "--database-url", pg_url])
        finally:
            pg_drop()
    if args.only:
        return status
    run_synthetic()
    status |= run_adversarial()
    return status


def pg_admin():
    """Return an autocommit connection to the PostgreSQL server's maintenance database."""
    import psycopg

    return psycopg.connect(PG_SERVER.replace("postgres://", "postgresql://", 1), autocommit=True, connect_timeout=3)


def pg_create() -> tuple[str | None, str]:
    """Create the empty database ``rulesite_bench``; return ``(its URL, "")`` or ``(None, why not)``."""
    try:
        with pg_admin() as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE {BENCH_DB}")
    except Exception as exc:  # any failure (no driver, no server, no rights) means skip
        return None, f"PostgreSQL at {PG_SERVER.rsplit('@', 1)[-1]} unreachable ({exc.__class__.__name__}: {str(exc).strip()[:120]})"
    return PG_SERVER.rsplit("/", 1)[0] + "/" + BENCH_DB, ""


def pg_drop() -> None:
    """Drop ``rulesite_bench`` (and its connections)."""
    with pg_admin() as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)")


def collect_static_for_production() -> None:
    """Collect static files with their manifest, which DEBUG=false pages need."""
    subprocess.run([sys.executable, str(ROOT / "manage.py"), "collectstatic", "--noinput", "-v0"],
                   env={**os.environ, **SERVER_ENV}, cwd=ROOT, check=True)


def run_synthetic() -> None:
    """Run the engines' synthetic benchmarks that exist (import each file, call its ``main``)."""
    print("\nEngines: synthetic benchmarks")
    for name in SYNTHETIC:
        path = ROOT / "benchmarks" / f"{name}.py"
        if not path.exists():
            print(f"  {name}: skipped (benchmarks/{name}.py not present)")
            continue
        print(f"  -- {name}")
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        argv = sys.argv
        try:
            sys.argv = [str(path)]
            spec.loader.exec_module(module)
            module.main()
        except Exception as exc:  # one broken benchmark must not hide the others
            print(f"  {name}: failed: {exc.__class__.__name__}: {exc}")
        finally:
            sys.argv = argv
        sys.stdout.flush()


def run_adversarial(timeout: float = ADVERSARIAL_TIMEOUT_S) -> int:
    """Run ``benchmarks/adversarial.py`` (each board in its own child process, the deadline off,
    stopped after ``timeout`` seconds and printed as "over 30 s"); return its exit code.

    It runs once, after the databases: the engine does not touch a database, so there is
    nothing to compare between SQLite and PostgreSQL.
    """
    print("\nEngines: adversarial boards", flush=True)
    path = ROOT / "benchmarks" / "adversarial.py"
    if not path.exists():
        print("  skipped (benchmarks/adversarial.py not present)")
        return 0
    return subprocess.call([sys.executable, str(path), "--timeout", str(timeout)], cwd=ROOT)


def run_database(database_url: str, args: argparse.Namespace) -> int:
    """Import, search, resolve and render on ``database_url``; then serve it with gunicorn."""
    os.environ["DATABASE_URL"] = database_url
    os.environ["RATELIMIT_ENABLE"] = "false"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    import engine
    from rulesite.rules.importers import BUNDLED, CORPORA
    from rulesite.rules.models import Section
    from rulesite.rules.services import document_import, document_parse_file
    from rulesite.scenarios.services import scenario_create

    setup_test_environment()
    call_command("migrate", verbosity=0)
    vendor = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(f"rulesite benchmark · database: {vendor} · python {sys.version.split()[0]} · engine {engine.ENGINE_VERSION}")

    print("\nImport (parse + write, one transaction per document)")
    jobs = [(ROOT / "fixtures" / "documents" / name, fmt, None) for name, fmt in BUNDLED]
    corpora = Path(settings.RULES_CORPORA_DIR)
    if corpora.is_dir():
        jobs += [(path, fmt, language) for pattern, fmt, language in CORPORA for path in sorted(corpora.glob(pattern))]
    for path, fmt, language in jobs:
        baseline = statistics.median(timed(lambda: path.read_bytes().decode("utf-8-sig"), 5))
        started = time.perf_counter()
        parsed, fingerprint = document_parse_file(path=path, fmt=fmt, language=language)
        report = document_import(parsed=parsed, fingerprint=fingerprint, source_name=path.name)
        elapsed = (time.perf_counter() - started) * 1000
        print(line(f"{report.slug} ({report.section_count} sections)", elapsed, baseline))

    status = search_bench(Section)
    if args.only == "search":
        return status

    print("\nEngine (median of resolve; peak memory of one resolve)")
    goldens = sorted((ROOT / "fixtures" / "scenarios").glob("*/*.json"))
    resolve_times = []
    per_game: dict[str, list[tuple[float, float, int]]] = {}
    for path in goldens:
        scenario = json.loads(path.read_text(encoding="utf-8"))["scenario"]
        try:
            baseline = statistics.median(timed(lambda: engine.validate(scenario), args.repeat))
            median = statistics.median(timed(lambda: engine.resolve(scenario), args.repeat))
        except Exception as exc:  # one failing scenario must not hide the rest of the report
            print(f"  {path.parent.name}/{path.stem}"[:54] + f" FAILED: {exc.__class__.__name__}: {exc}")
            continue
        tracemalloc.start()
        engine.resolve(scenario)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        resolve_times.append(median)
        per_game.setdefault(path.parent.name, []).append((median, baseline, peak))
        print(line(f"{path.parent.name}/{path.stem}"[:52], median, baseline, f"peak {peak / 1024:.0f} KiB"))
    if resolve_times:
        print(f"  {len(resolve_times)} golden scenarios: median {statistics.median(resolve_times):.2f} ms, max {max(resolve_times):.2f} ms")
    for game, rows in sorted(per_game.items()):
        times, baselines, peaks = zip(*rows)
        print(f"  {game}: {len(rows)} goldens, resolve median {statistics.median(times):.2f} ms (max {max(times):.2f} ms), "
              f"validate baseline median {statistics.median(baselines):.3f} ms, "
              f"peak memory median {statistics.median(peaks) / 1024:.0f} KiB (max {max(peaks) / 1024:.0f} KiB)")

    print("\nPages (server-side render, Django test client)")
    from django.core.cache import cache

    client = Client()
    baseline = statistics.median(timed(lambda: client.get("/healthz"), args.repeat))
    section = "/rules/mtg-cr-2022-04-29/613.8/" if client.get("/rules/mtg-cr-2022-04-29/613.8/").status_code == 200 \
        else "/rules/fow-whitepaper-2.3/6/"
    cold = statistics.median(timed(lambda: (cache.clear(), client.get(section)), args.repeat))
    print(line(f"section {section[7:]}, cache cold", cold, baseline))
    pages = {f"section {section[7:]}, cached": section,
             "section ygo-ocg-rules-arcv/4.2.4/, cached": "/rules/ygo-ocg-rules-arcv/4.2.4/",
             "search page ?q=連鎖": "/search/?q=連鎖"}
    if goldens:
        stored, _ = scenario_create(scenario=json.loads(goldens[0].read_text(encoding="utf-8"))["scenario"])
        pages["permalink page"] = stored.get_absolute_url()
    if "permalink page" in pages:
        permalink = pages.pop("permalink page")
        cold = statistics.median(timed(lambda: (cache.clear(), client.get(permalink)), args.repeat))
        print(line("permalink page, cache cold", cold, baseline))
        pages["permalink page, cached"] = permalink
    for label, url in pages.items():
        if client.get(url).status_code not in (200, 302):
            print(f"  {label}: not available")
            continue
        print(line(label, statistics.median(timed(lambda url=url: client.get(url), args.repeat)), baseline))
    print(f"  baseline for pages: /healthz {baseline:.2f} ms")
    sys.stdout.flush()

    if not args.no_http:
        http_urls = {"section page": section, "search page": "/search/?q=%E9%80%A3%E9%8E%96"}
        if "permalink page, cached" in pages:
            http_urls["permalink page"] = pages["permalink page, cached"]
        throughput(http_urls, args.http_seconds)
    return status


def search_bench(section_model) -> int:
    """Print the search figures over the 200 fixed queries beside the floor (the database's
    bare ranked full-text query of the same words, 20 rows) and the issue 17 target; return 1
    when the p95 misses it."""
    from django.db import connection

    from benchmarks.targets import SEARCH_P95_MS, load, measured
    from rulesite.rules.search import _fts5_match, _tsquery, parse_query

    print("\nSearch (200 fixed queries: zh-Hant, zh-Hans, en; count + first page of 20 with snippets)")
    queries = build_queries()
    some_pk = section_model.objects.values_list("pk", flat=True).first()
    baseline = statistics.median(timed(lambda: section_model.objects.get(pk=some_pk), 50))
    if connection.vendor == "postgresql":
        floor_sql = ("SELECT id FROM rules_section, to_tsquery('english', %s) q WHERE search_vector @@ q "
                     "ORDER BY ts_rank_cd(search_vector, q, 1) DESC LIMIT 20")
        floor_arg = _tsquery
    else:
        floor_sql = ("SELECT rowid FROM rules_section_fts WHERE rules_section_fts MATCH %s "
                     "ORDER BY bm25(rules_section_fts) LIMIT 20")
        floor_arg = _fts5_match

    def bare(q: str) -> None:
        with connection.cursor() as cursor:
            cursor.execute(floor_sql, [floor_arg(parse_query(q))])
            cursor.fetchall()

    def run_query(q: str) -> None:
        results = section_model.objects.search(q)
        results.count()
        list(results[:20])

    for q in queries[:5]:
        run_query(q)  # warm the database's caches
        bare(q)
    latencies, floors, cpu = [], [], []
    for q in queries:  # the search and its floor alternate, so noise falls on both alike
        wall, used = measured(lambda q=q: run_query(q), 1)
        latencies += wall
        cpu += used
        floors += timed(lambda q=q: bare(q), 1)
    floor_median, floor_p95 = statistics.median(floors), p95(floors)
    print(line("median", statistics.median(latencies), baseline, f"floor {floor_median:.2f} ms, ×{statistics.median(latencies) / floor_median:.1f} floor"))
    met = p95(latencies) <= SEARCH_P95_MS
    print(line("p95", p95(latencies), baseline,
               f"floor {floor_p95:.2f} ms, ×{p95(latencies) / floor_p95:.1f} floor (target ≤ {SEARCH_P95_MS:.0f} ms: {verdict(met)})"))
    print(line("floor: bare ranked full-text query, median", floor_median, baseline))
    print(f"  this process's CPU time per search: median {statistics.median(cpu):.2f} ms, p95 {p95(cpu):.2f} ms "
          f"(the database server's time is not in it on PostgreSQL); {load()}")
    return 0 if met else 1


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def throughput(urls: dict[str, str], seconds: int) -> None:
    """Print requests per second of each URL under gunicorn, as a ratio to the minimal view."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tempfile.NamedTemporaryFile("w+", suffix=".log", delete=False)
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("gunicorn")), "rulesite.wsgi:application", "--workers", "2",
         "--bind", f"127.0.0.1:{port}", "--log-level", "warning", "--error-logfile", log.name],
        cwd=ROOT, env={**os.environ, **SERVER_ENV}, stdout=log, stderr=subprocess.STDOUT,
    )
    tool = "wrk" if shutil.which("wrk") else "python"
    print(f"\nHTTP throughput (gunicorn, 2 workers, {os.cpu_count()} cores, {base}, DEBUG=false, "
          f"median of {ROUNDS} rounds of {seconds} s, {tool}{' -t2 -c8' if tool == 'wrk' else ', 8 threads'}, rate limits off)")
    try:
        if not wait_until_up(f"{base}/healthz", server):
            print(f"  gunicorn did not start: see {log.name}")
            return
        all_urls = {"minimal Django view /bench/minimal (baseline)": "/bench/minimal", **urls}
        for url in all_urls.values():  # warm: every worker renders (and caches) each page
            for _ in range(8):
                urllib.request.urlopen(base + url, timeout=10).read()
        # Rounds alternate the URLs so that noise from other processes on the machine falls
        # on the baseline and the pages alike; each figure is the median of the rounds.
        rounds: dict[str, list[tuple[float, float, int]]] = {label: [] for label in all_urls}
        for _ in range(ROUNDS):
            for label, url in all_urls.items():
                rounds[label].append((load_wrk if tool == "wrk" else load_python)(base + url, seconds))
        results = {
            label: (statistics.median(r[0] for r in runs), max(r[1] for r in runs), sum(r[2] for r in runs))
            for label, runs in rounds.items()
        }
    finally:
        server.terminate()
        server.wait(timeout=30)
    baseline = results["minimal Django view /bench/minimal (baseline)"][0]
    for label, (rps, p99, errors) in results.items():
        ratio = rps / baseline if baseline else 0.0
        target = ""
        if label in ("section page", "permalink page"):
            target = f"  (target ≥ 0.50: {verdict(ratio >= 0.5)})"
        print(f"  {label:<52} {rps:8.0f} req/s  ×{ratio:5.2f} minimal view  p99 {p99:6.1f} ms  "
              f"errors {errors}{target}")


def wait_until_up(url: str, server: subprocess.Popen, timeout: float = 30) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and server.poll() is None:
        try:
            if urllib.request.urlopen(url, timeout=2).status == 200:
                return True
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.2)
    return False


def load_wrk(url: str, seconds: int) -> tuple[float, float, int]:
    """Return ``(requests/s, p99 ms, non-2xx or socket errors)`` of ``wrk -t2 -c8`` on ``url``."""
    out = subprocess.run(["wrk", "-t2", "-c8", f"-d{seconds}s", "--latency", "--timeout", "10s", url],
                         capture_output=True, text=True, timeout=seconds + 30).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    p99_ms = float(p99.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)] if p99 else float("nan")
    errors = sum(int(n) for n in re.findall(r"Non-2xx or 3xx responses: (\d+)", out))
    errors += sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    return rps, p99_ms, errors


def load_python(url: str, seconds: int, threads: int = 8) -> tuple[float, float, int]:
    """Return ``(requests/s, p99 ms, errors)`` of ``threads`` threads requesting ``url`` for ``seconds``."""
    latencies: list[float] = []
    errors = [0]
    stop = time.monotonic() + seconds

    def worker() -> None:
        while time.monotonic() < stop:
            started = time.perf_counter()
            try:
                with urllib.request.urlopen(url, timeout=10) as response:
                    response.read()
                latencies.append((time.perf_counter() - started) * 1000)
            except Exception:  # count every failure, whatever it is
                errors[0] += 1

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    started = time.monotonic()
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    elapsed = time.monotonic() - started
    return len(latencies) / elapsed, percentile(latencies, 0.99) if latencies else float("nan"), errors[0]


if __name__ == "__main__":
    raise SystemExit(main())
