"""Command line: ``python -m engine resolve FILE.json [--format text|json]``.

Accepts a bare scenario or a golden file (``{"title", "source", "scenario", "expected"}``).
Exit code 0 with the trace; 2 with the errors of an invalid document.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from . import ENGINE_VERSION, ScenarioError, resolve


def _scenario_of(document: Any) -> Any:
    """Return the scenario of a golden file, or the document itself."""
    if isinstance(document, dict) and "scenario" in document and "format" not in document:
        return document["scenario"]
    return document


def _text(output: dict[str, Any]) -> str:
    lines = []
    for step in output["trace"]:
        rule = step["rule"]
        cite = f"[{rule['document']} {rule['number']}]" if rule else f"[{step['basis']}: {step['source']}]"
        lines.append(f"{step['index'] + 1:3d}. {step['kind']:<15} {step['text']} {cite}")
    result = output["result"]
    lines.append(f"winner: {result['winner'] or 'none'}; complete: {str(result['complete']).lower()}")
    return "\n".join(lines)


def _errors(fmt: str, errors: list[dict[str, str]]) -> None:
    """Print ``errors``: as ``{"errors": [...]}`` JSON on standard output (what a program
    reading ``--format json`` parses), or one ``path: message`` line each on standard error."""
    if fmt == "json":
        print(json.dumps({"errors": errors}, ensure_ascii=False, indent=2))
    else:
        for error in errors:
            print(f"{error['path'] or '(document)'}: {error['message']}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit code."""
    parser = argparse.ArgumentParser(prog="python -m engine", description=f"rulesite rules engine {ENGINE_VERSION}")
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("resolve", help="resolve a scenario or golden file")
    command.add_argument("file", help="a JSON file: a bare scenario or a golden file; - reads standard input")
    command.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(argv)
    try:
        if args.file == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as handle:
                raw = handle.read()
        document = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        _errors(args.format, [{"path": "", "message": f"cannot read {args.file}: {exc}"}])
        return 2
    scenario = _scenario_of(document)
    try:
        output = resolve(scenario, size=len(raw) if scenario is document else None)
    except ScenarioError as exc:
        _errors(args.format, exc.errors)
        return 2
    if args.format == "json":
        print(json.dumps(output, ensure_ascii=False, indent=2))
    else:
        print(_text(output))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # Output piped into `head` and closed early: not an error of the engine.
        sys.stderr.close()
        sys.exit(0)
