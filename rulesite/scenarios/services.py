"""Writes for scenarios: resolving and storing ruling permalinks."""

from __future__ import annotations

import json
from typing import Any

from django.db import IntegrityError, transaction

import engine
from engine.core.errors import FieldError
from engine.core.validation import MAX_DOCUMENT_BYTES

from .models import Scenario


def scenario_parse(raw: str | bytes) -> dict[str, Any]:
    """Parse a scenario document from JSON text.

    Raises ``engine.ScenarioError`` (path ``""``) for text that is not JSON, is over the
    size limit, or is not a JSON object.
    """
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_DOCUMENT_BYTES:
        raise engine.ScenarioError([FieldError("", f"document is {size:,} bytes; the limit is {MAX_DOCUMENT_BYTES:,} bytes")])
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise engine.ScenarioError([FieldError("", f"not valid JSON: {exc}")]) from None
    if not isinstance(data, dict):
        raise engine.ScenarioError([FieldError("", "a scenario must be a JSON object")])
    return data


def scenario_resolve(*, scenario: dict[str, Any]) -> dict[str, Any]:
    """Resolve ``scenario`` with the engine; return ``{"trace": [...], "result": {...}}``.

    Raises ``engine.ScenarioError`` when the document is not a valid scenario.
    """
    return engine.resolve(scenario)


def cited_documents(trace: list[dict[str, Any]]) -> list[str]:
    """Return the sorted slugs of the rules documents a trace cites (branches included)."""
    slugs: set[str] = set()
    stack = list(trace)
    while stack:
        step = stack.pop()
        if step.get("rule"):
            slugs.add(step["rule"]["document"])
        for branch in step.get("branches") or ():
            stack.extend(branch.get("trace") or ())
    return sorted(slugs)


def scenario_create(*, scenario: dict[str, Any], title: str = "", source: str = "", is_demo: bool = False) -> tuple[Scenario, bool]:
    """Resolve and store ``scenario``; return ``(Scenario, created)``.

    The code comes from the canonical form alone, so storing the same board again returns
    the stored permalink unchanged (``created`` False) and never rewrites it. Raises
    ``engine.ScenarioError`` for an invalid document.
    """
    canonical = engine.canonical_json(scenario)
    code = engine.scenario_code(scenario)
    existing = Scenario.objects.filter(code=code).first()
    if existing is not None:
        return existing, False
    answer = scenario_resolve(scenario=scenario)
    try:
        with transaction.atomic():
            stored = Scenario.objects.create(
                code=code,
                game=scenario.get("game", ""),
                ruleset=scenario.get("ruleset", ""),
                canonical=canonical,
                trace=answer["trace"],
                result=answer["result"],
                engine_version=engine.ENGINE_VERSION,
                rules_documents=cited_documents(answer["trace"]),
                title=title[:200],
                source=source[:300],
                is_demo=is_demo,
            )
    except IntegrityError:
        # Two requests stored the same board at once: the first one wins.
        return Scenario.objects.get(code=code), False
    return stored, True
