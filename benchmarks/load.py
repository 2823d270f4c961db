"""``make load``: a bounded load test of a local gunicorn with a mix of reads, searches and resolves.

Imports every rules document and the golden rulings into a temporary SQLite file (or the
database given with ``--database-url``), serves it with gunicorn (2 workers, 127.0.0.1 on a
free port, DEBUG=false, rate limits off: one address sends everything), then runs ``wrk``
for ``--seconds`` (default 60) with a Lua script that mixes, per request:

* 50 % section pages (a fixed list across every document),
* 20 % permalink pages (the stored golden rulings),
* 20 % searches (the page and the API, three scripts),
* 10 % ``POST /api/v1/resolve/`` with a golden scenario.

Prints requests per second, latency percentiles (p50, p90, p99), and the answers counted by
kind: 2xx, 3xx, 429 (rate limit, counted apart) and errors (anything else, and socket
errors). Exits 1 when there was any error. Loopback only; bounded in time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from run import SERVER_ENV, collect_static_for_production, free_port, wait_until_up  # noqa: E402

SECTIONS = ["/rules/fow-whitepaper-2.3/6/", "/rules/fow-whitepaper-2.3/6.1/", "/rules/ygo-ocg-rules-arcv/4.2.4/",
            "/rules/ygo-rulebook-mr2/ch5/", "/rules/mtg-arb-faq-2009/", "/rules/mtg-cr-2022-04-29/613.8/",
            "/rules/mtg-cr-2022-04-29/702.85a/", "/rules/mtg-cr-2020-06-01/117.3/"]
SEARCHES = ["連鎖", "优先权", "priority", "cascade", "魔石", "召喚 墓地", "state-based actions", "傷害步驟"]

LUA = r"""
local reads, searches, resolves = {%(reads)s}, {%(searches)s}, {%(resolves)s}
local permalinks = {%(permalinks)s}
counts = {}
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) counts = {ok = 0, redirect = 0, limited = 0, errors = 0} end
function request()
  local r = math.random(100)
  if r <= 50 then return wrk.format("GET", reads[math.random(#reads)])
  elseif r <= 70 then return wrk.format("GET", permalinks[math.random(#permalinks)])
  elseif r <= 90 then return wrk.format("GET", searches[math.random(#searches)])
  else
    return wrk.format("POST", "/api/v1/resolve/", {["Content-Type"] = "application/json"}, resolves[math.random(#resolves)])
  end
end
function response(status, headers, body)
  if status < 300 then counts.ok = counts.ok + 1
  elseif status < 400 then counts.redirect = counts.redirect + 1
  elseif status == 429 then counts.limited = counts.limited + 1
  else counts.errors = counts.errors + 1 end
end
function done(summary, latency, requests)
  local total = {ok = 0, redirect = 0, limited = 0, errors = 0}
  for _, thread in ipairs(threads) do
    local c = thread:get("counts")
    for k, v in pairs(c) do total[k] = total[k] + v end
  end
  local socket = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT requests=%%d seconds=%%.1f rps=%%.1f p50=%%.2f p90=%%.2f p99=%%.2f max=%%.2f ok=%%d redirect=%%d limited=%%d errors=%%d socket=%%d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    total.ok, total.redirect, total.limited, total.errors, socket))
end
"""


def lua_strings(values: list[str]) -> str:
    """Return ``values`` as a Lua table body of long strings."""
    return ", ".join(f"[==[{value}]==]" for value in values)


def prepare(database_url: str) -> list[str]:
    """Migrate and fill ``database_url``; return the permalink URLs of the stored goldens."""
    env = {**os.environ, "DATABASE_URL": database_url, "RATELIMIT_ENABLE": "false"}
    manage = [sys.executable, str(ROOT / "manage.py")]
    for command in (["migrate", "--noinput", "-v0"], ["import_rules", "-v0"], ["load_scenarios"]):
        subprocess.run(manage + command, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    out = subprocess.run(
        manage + ["shell", "-c", "from rulesite.scenarios.models import Scenario\n"
                  "print('\\n'.join(s.get_absolute_url() for s in Scenario.objects.visible()))"],
        env=env, cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout
    return [line for line in out.splitlines() if line.startswith("/r/")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=60, help="duration of the load (default 60)")
    parser.add_argument("--connections", type=int, default=16, help="concurrent connections (default 16)")
    parser.add_argument("--database-url", help="database to fill and serve (default: a temporary SQLite file)")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        print("load: wrk is not installed (apt-get install -y wrk; `make load` installs it)")
        return 2

    tmp = tempfile.TemporaryDirectory()
    database_url = args.database_url or f"sqlite:///{tmp.name}/load.sqlite3"
    print(f"load: preparing {database_url.split('@')[-1]} (migrate, import every document, store the goldens)")
    collect_static_for_production()
    permalinks = prepare(database_url)
    goldens = [json.loads(p.read_text(encoding="utf-8"))["scenario"]
               for p in sorted((ROOT / "fixtures" / "scenarios").glob("*/*.json"))]
    random.Random(8).shuffle(goldens)
    searches = [f"/search/?q={quote(q)}" for q in SEARCHES] + [f"/api/v1/search/?q={quote(q)}" for q in SEARCHES]
    script = Path(tmp.name) / "mix.lua"
    script.write_text(LUA % {
        "reads": lua_strings(SECTIONS), "searches": lua_strings(searches),
        "resolves": lua_strings([json.dumps(g, ensure_ascii=False) for g in goldens[:20]]),
        "permalinks": lua_strings(permalinks[:40]),
    }, encoding="utf-8")

    port = free_port()
    env = {**os.environ, **SERVER_ENV, "DATABASE_URL": database_url}
    log = Path(tmp.name) / "gunicorn.log"
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("gunicorn")), "rulesite.wsgi:application", "--workers", "2",
         "--bind", f"127.0.0.1:{port}", "--log-level", "warning", "--error-logfile", str(log)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
    )
    try:
        if not wait_until_up(f"http://127.0.0.1:{port}/healthz", server):
            print(f"load: gunicorn did not start:\n{log.read_text()[-2000:]}")
            return 1
        print(f"load: wrk -t2 -c{args.connections} -d{args.seconds}s against http://127.0.0.1:{port} "
              f"(gunicorn, 2 workers, {os.cpu_count()} cores, DEBUG=false, rate limits off); mix: 50% sections, "
              f"20% permalinks ({len(permalinks[:40])}), 20% searches, 10% resolves")
        wrk = subprocess.run(
            ["wrk", "-t2", f"-c{args.connections}", f"-d{args.seconds}s", "--timeout", "10s", "-s", str(script),
             f"http://127.0.0.1:{port}"],
            capture_output=True, text=True, timeout=args.seconds + 60,
        )
        out = wrk.stdout + wrk.stderr
    finally:
        server.terminate()
        server.wait(timeout=30)
    result = next((line for line in out.splitlines() if line.startswith("RESULT ")), None)
    if result is None:
        print(out)
        return 1
    figures = dict(item.split("=") for item in result.split()[1:])
    print(f"  requests {figures['requests']} in {figures['seconds']} s: {float(figures['rps']):.0f} req/s")
    print(f"  latency  p50 {figures['p50']} ms  p90 {figures['p90']} ms  p99 {figures['p99']} ms  max {figures['max']} ms")
    print(f"  answers  2xx {figures['ok']}  3xx {figures['redirect']}  429 (rate limit, apart) {figures['limited']}  "
          f"errors {figures['errors']}  socket errors {figures['socket']}")
    failed = int(figures["errors"]) + int(figures["socket"])
    print("load: " + ("no errors" if not failed else f"{failed} ERRORS (see {log})"))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
