"""Command line.

``python -m engine resolve FILE.json [--format text|json] [--deadline S]`` accepts a bare
scenario or a golden file (``{"title", "source", "scenario", "expected"}``): exit code 0 with
the trace; 2 with the errors of an invalid document (or one too complex for the deadline).

``python -m engine vocabulary [--game G] [--format text|json|markdown] [--write-docs]`` prints
every game's vocabulary registry: each entry with its schema, rule and builder row
(``--write-docs`` rewrites the generated sections of ``docs/scenario-format.md``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pathlib import Path

from . import ENGINE_VERSION, ScenarioError, resolve
from .core.deadline import DEFAULT_DEADLINE_S
from .core.validation import loads_document
from .core.vocabulary import vocabularies
from .core.vocabulary_docs import missing, rewrite

DOCS = Path(__file__).resolve().parent.parent / "docs" / "scenario-format.md"


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
        for op in step.get("board", ()):
            shown = "" if op["op"] == "remove" else " " + json.dumps(op["value"], ensure_ascii=False)[:100]
            lines.append(f"       board {op['op']} {op['path']}{shown}")
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


def _vocabulary(args: argparse.Namespace) -> int:
    chosen = [v for v in vocabularies() if args.game in (None, v.game)]
    if args.write_docs:
        text = DOCS.read_text(encoding="utf-8")
        DOCS.write_text(rewrite(text, vocabularies()), encoding="utf-8")
        for name in missing(text, vocabularies()):
            print(f"{DOCS.name} has no section for {name}: add <!-- vocabulary:{name} --> … "
                  f"<!-- /vocabulary:{name} -->", file=sys.stderr)
        return 0
    if args.format == "json":
        print(json.dumps({"engine": ENGINE_VERSION, "games": [v.to_json() for v in chosen]}, ensure_ascii=False, indent=1))
    elif args.format == "markdown":
        for vocabulary in chosen:
            for slot in vocabulary.slots:
                print(f"## {vocabulary.game}: {slot}\n\n{vocabulary.markdown(slot)}")
    else:
        for vocabulary in chosen:
            print(f"{vocabulary.game} ({', '.join(vocabulary.rulesets)})")
            for slot in vocabulary.slots.values():
                names = vocabulary.names(slot.name)
                print(f"  {slot.name} ({slot.kind}, {len(names)}): {', '.join(names)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit code."""
    parser = argparse.ArgumentParser(prog="python -m engine", description=f"rulesite rules engine {ENGINE_VERSION}")
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("resolve", help="resolve a scenario or golden file")
    command.add_argument("file", help="a JSON file: a bare scenario or a golden file; - reads standard input")
    command.add_argument("--format", choices=("text", "json"), default="text")
    command.add_argument("--deadline", type=float, default=DEFAULT_DEADLINE_S,
                         help=f"seconds of wall-clock time (default {DEFAULT_DEADLINE_S:g}; 0: none)")
    command = commands.add_parser("vocabulary", help="print the vocabulary registries")
    command.add_argument("--game", choices=[v.game for v in vocabularies()])
    command.add_argument("--format", choices=("text", "json", "markdown"), default="text")
    command.add_argument("--write-docs", action="store_true", help=f"rewrite the generated sections of {DOCS.name}")
    args = parser.parse_args(argv)
    if args.command == "vocabulary":
        return _vocabulary(args)
    try:
        if args.file == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as handle:
                raw = handle.read()
        document = loads_document(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        _errors(args.format, [{"path": "", "message": f"cannot read {args.file}: {exc}"}])
        return 2
    except ScenarioError as exc:
        _errors(args.format, exc.errors)
        return 2
    scenario = _scenario_of(document)
    try:
        output = resolve(scenario, size=len(raw) if scenario is document else None,
                         deadline_s=args.deadline or None)
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
