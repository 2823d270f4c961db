"""Record and compare the full traces of every golden scenario (a refactoring guard).

A golden file's ``expected`` checks a subsequence of its trace; this script keeps *every* step
(``kind``, ``message_id``, ``params``, ``rule``, ``basis``/``source`` and kind-specific keys such
as a choice's ``branches``, recursively) and the whole ``result``, so that a refactor can show it
changed nothing. The English ``text``, the ``index`` and the per-step ``board`` diff are left out:
the first two follow from the rest, the last is a view of the result's shape.

Usage::

    python scripts/trace_snapshot.py dump OUT.json            # the projection of every golden
    python scripts/trace_snapshot.py digests                  # rewrite engine/tests/trace_digests.json
    python scripts/trace_snapshot.py diff OLD.json [NEW.json] # what changed, golden by golden, step by step
    python scripts/trace_snapshot.py diff --against REV       # dump REV (a git worktree) and compare

``engine/tests/test_trace_digests.py`` compares the digests; when it fails, ``diff --against``
the last commit shows which steps moved.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import os

ROOT = Path(os.environ.get("TRACE_SNAPSHOT_ENGINE_ROOT") or Path(__file__).resolve().parent.parent)
"""Where ``engine`` is imported from (another checkout when comparing with a revision)."""
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "scenarios"
DIGESTS = Path(__file__).resolve().parent.parent / "engine" / "tests" / "trace_digests.json"
LEFT_OUT = frozenset({"text", "index", "board"})


def project_step(step: dict[str, Any]) -> dict[str, Any]:
    """Return a trace step without its derived keys; branches are projected recursively."""
    out = {key: value for key, value in step.items() if key not in LEFT_OUT}
    if "branches" in out and isinstance(out["branches"], list):
        out["branches"] = [
            {**branch, "trace": [project_step(s) for s in branch.get("trace", [])]} for branch in out["branches"]
        ]
    return out


def projection(output: dict[str, Any]) -> dict[str, Any]:
    """Return ``{trace, result}`` of a resolution as the snapshot keeps it."""
    return {"trace": [project_step(step) for step in output["trace"]], "result": output["result"]}


def dump() -> dict[str, Any]:
    """Resolve every golden file; return ``{"<game>/<stem>": projection}``."""
    sys.path.insert(0, str(ROOT))
    import engine

    out = {}
    for path in sorted(FIXTURES.glob("*/*.json")):
        golden = json.loads(path.read_text(encoding="utf-8"))
        out[f"{path.parent.name}/{path.stem}"] = projection(engine.resolve(golden["scenario"]))
    return out


def digest(value: Any) -> str:
    """Return the SHA-256 of the canonical JSON of ``value`` (first 16 hex digits)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def digests(snapshot: dict[str, Any]) -> dict[str, str]:
    """Return ``{"<game>/<stem>": digest}``."""
    return {name: digest(value) for name, value in snapshot.items()}


def _first_difference(old: list[Any], new: list[Any]) -> str:
    for i, (a, b) in enumerate(zip(old, new)):
        if a != b:
            return f"step {i}: {json.dumps(a, ensure_ascii=False)[:300]}\n      now {json.dumps(b, ensure_ascii=False)[:300]}"
    if len(old) != len(new):
        return f"length {len(old)} → {len(new)}"
    return "traces equal"


def diff(old: dict[str, Any], new: dict[str, Any]) -> int:
    """Print every golden whose projection differs; return how many differ."""
    changed = 0
    for name in sorted(old.keys() | new.keys()):
        if name not in new or name not in old:
            print(f"{name}: {'removed' if name not in new else 'added'}")
            changed += 1
            continue
        if old[name] == new[name]:
            continue
        changed += 1
        print(f"{name}:")
        if old[name]["trace"] != new[name]["trace"]:
            print("   trace", _first_difference(old[name]["trace"], new[name]["trace"]))
        if old[name]["result"] != new[name]["result"]:
            keys = sorted(k for k in old[name]["result"].keys() | new[name]["result"].keys()
                          if old[name]["result"].get(k) != new[name]["result"].get(k))
            print(f"   result differs in: {', '.join(keys)}")
    print(f"{changed} of {len(old | new)} goldens differ")
    return changed


def dump_revision(revision: str) -> dict[str, Any]:
    """Dump the goldens as the engine at ``revision`` resolves them (the fixtures of today)."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(work), revision], check=True,
                       capture_output=True)
        try:
            with tempfile.NamedTemporaryFile(suffix=".json") as out:
                subprocess.run([sys.executable, str(Path(__file__).resolve()), "dump", out.name], check=True,
                               env={**os.environ, "TRACE_SNAPSHOT_ENGINE_ROOT": str(work)}, cwd=str(work))
                return json.loads(Path(out.name).read_text(encoding="utf-8"))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(work)], capture_output=True)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("dump")
    command.add_argument("out")
    commands.add_parser("digests")
    command = commands.add_parser("diff")
    command.add_argument("old", nargs="?")
    command.add_argument("new", nargs="?")
    command.add_argument("--against", help="a git revision to dump and compare with the working tree")
    args = parser.parse_args(argv)
    if args.command == "dump":
        Path(args.out).write_text(json.dumps(dump(), ensure_ascii=False, sort_keys=True), encoding="utf-8")
        return 0
    if args.command == "digests":
        DIGESTS.write_text(json.dumps(digests(dump()), indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return 0
    old = dump_revision(args.against) if args.against else json.loads(Path(args.old).read_text(encoding="utf-8"))
    new = json.loads(Path(args.new).read_text(encoding="utf-8")) if args.new else dump()
    return 1 if diff(old, new) else 0


if __name__ == "__main__":
    sys.exit(main())
