"""Writes for scenarios: resolving and storing ruling permalinks."""

from __future__ import annotations

import json
import logging
import math
import re
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

import engine
from engine.core.errors import FieldError
from engine.core.validation import MAX_DOCUMENT_BYTES, loads_document

from .diff import ResolutionDiff, resolution_diff
from .models import REVIEW_PERMISSION, Annotation, Scenario

EXPORT_FORMAT = "rulesite-permalink/1"

logger = logging.getLogger(__name__)


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
MAX_DEPTH = 64



def clipped(text: str, limit: int) -> str:
    """Return ``text`` cut to at most ``limit`` characters at a word boundary, with "…" when cut
    (a long demo title is stored whole-worded, not cut in the middle of a word)."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:") + "…"

def scenario_check_text(scenario: Any) -> None:
    """Raise ``engine.ScenarioError`` naming the first string no database can store.

    JSON allows ``\\u0000`` and lone surrogates (``\\ud800``), but they cannot be encoded
    as UTF-8 or stored in PostgreSQL; documents nested deeper than ``MAX_DEPTH`` are refused
    too, and so are NaN and infinite numbers (Python's JSON reads ``NaN``, ``Infinity`` and
    ``1e400``; canonical JSON cannot hold them). The error's path is the field's (``objects[0].name``).
    """
    stack: list[tuple[Any, str, int]] = [(scenario, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise engine.ScenarioError([FieldError(path, f"nested more than {MAX_DEPTH} levels deep")])
        if isinstance(value, str):
            if _UNSTORABLE.search(value):
                raise engine.ScenarioError([FieldError(path, "contains a NUL character or an unpaired surrogate (\\u0000, \\ud800…), which cannot be stored")])
        elif isinstance(value, dict):
            for key, item in value.items():
                if _UNSTORABLE.search(key):
                    raise engine.ScenarioError([FieldError(path, "a key contains a NUL character or an unpaired surrogate")])
                stack.append((item, f"{path}.{key}" if path else key, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{index}]", depth + 1) for index, item in enumerate(value))
        elif isinstance(value, float) and not math.isfinite(value):
            raise engine.ScenarioError([FieldError(path, f"{value!r} is not a number a scenario can hold: NaN, Infinity "
                                                         "and numbers too large for a float (1e400) are refused")])


def scenario_parse(raw: str | bytes) -> dict[str, Any]:
    """Parse a scenario document from JSON text.

    Raises ``engine.ScenarioError`` (path ``""``) for text that is not JSON, is over the
    size limit, or is not a JSON object; and at its path for a key given twice in one object
    (``json.loads`` would keep the last and ignore the first).
    """
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_DOCUMENT_BYTES:
        raise engine.ScenarioError([FieldError("", f"document is {size:,} bytes; the limit is {MAX_DOCUMENT_BYTES:,} bytes")])
    try:
        data = loads_document(raw)
    except engine.ScenarioError:
        raise  # a key given twice, named at its path
    except (ValueError, RecursionError) as exc:
        raise engine.ScenarioError([FieldError("", f"not valid JSON: {exc}")]) from None
    if not isinstance(data, dict):
        raise engine.ScenarioError([FieldError("", "a scenario must be a JSON object")])
    scenario_check_text(data)
    return data


def scenario_resolve(*, scenario: dict[str, Any]) -> dict[str, Any]:
    """Resolve ``scenario`` under the ``RESOLVE_DEADLINE_S`` deadline; return the engine's
    ``{"trace": [...], "result": {...}}`` (and ``board``, the board before the first step, when
    the game describes its boards; each board-changing step then carries its ``board`` diff).

    Every resolution of the site comes through here: the API's ``resolve/`` and
    ``scenarios/``, the builder, imports, re-checks and ``load_scenarios``. Raises
    ``engine.ScenarioError`` when the document is not a valid scenario, and with
    ``too_complex`` set when it cannot be resolved within the deadline ("the board is too
    complex to resolve within 2 s: it stopped while …", naming what grew); the latter is
    logged at warning with the scenario's code, so the board can be found again.
    """
    try:
        return engine.resolve(scenario, deadline_s=settings.RESOLVE_DEADLINE_S)
    except engine.ScenarioError as exc:
        if exc.too_complex:
            logger.warning("resolution past the %g s deadline: scenario %s (game %s): %s", settings.RESOLVE_DEADLINE_S,
                           engine.scenario_code(scenario), str(scenario.get("game"))[:8], exc)
        raise


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
    the stored permalink unchanged (``created`` False) and never rewrites it (its title
    included: a judge's own title for a stored ruling is an annotation). Raises
    ``engine.ScenarioError`` for an invalid document.
    """
    scenario_check_text(scenario)
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
                board=answer.get("board"),
                board_complete=answer.get("board_complete", True),
                rules_documents=cited_documents(answer["trace"]),
                title=clipped(title, 200),
                source=source[:300],
                is_demo=is_demo,
            )
    except IntegrityError:
        # Two requests stored the same board at once: the first one wins.
        return Scenario.objects.get(code=code), False
    return stored, True


def scenario_withdraw(*, scenario: Scenario, reason: str) -> Scenario:
    """Withdraw ``scenario``: its page becomes a 410 notice giving ``reason``.

    The row stays, so its code is never given to another board and storing the same
    scenario again returns this withdrawn permalink. Withdrawing twice keeps the first time.
    """
    if scenario.withdrawn_at is None:
        scenario.withdrawn_at = timezone.now()
    scenario.withdrawn_reason = reason[:300]
    scenario.save(update_fields=["withdrawn_at", "withdrawn_reason"])
    return scenario


@dataclass
class ImportOutcome:
    """What importing an exported permalink did.

    ``diff`` compares the trace and result in the file with this site's own resolution;
    ``code_matches`` is False when the file's ``code`` is not its scenario's code (the file
    was edited); ``file_engine_version`` is the version the file says resolved it.
    """

    scenario: Scenario
    created: bool
    diff: ResolutionDiff
    code_matches: bool
    file_engine_version: str


def _export_error(path: str, message: str) -> engine.ScenarioError:
    return engine.ScenarioError([FieldError(path, message)])


def scenario_import(*, document: dict[str, Any]) -> ImportOutcome:
    """Store the scenario of an exported permalink ``document`` and re-resolve it here.

    ``document`` is what ``/r/<code>/export.json`` gives: ``{"format", "code", "scenario",
    "trace", "result", "engine_version", "created_at", ...}``. The trace and result in it
    are never stored: the scenario is resolved again by this engine (so it gets the same
    code as where it came from) and compared with them. A code already stored here,
    withdrawn or not, is returned unchanged. Raises ``engine.ScenarioError`` when the
    document is not an export or its scenario is invalid.
    """
    if document.get("format") != EXPORT_FORMAT:
        raise _export_error("format", f"not an exported permalink: format must be {EXPORT_FORMAT!r}")
    scenario = document.get("scenario")
    if not isinstance(scenario, dict):
        raise _export_error("scenario", "an exported permalink must contain the scenario as a JSON object")
    trace, result = document.get("trace"), document.get("result")
    if not isinstance(trace, list) or not all(isinstance(step, dict) for step in trace):
        trace = []
    if not isinstance(result, dict):
        result = {}
    stored, created = scenario_create(
        scenario=scenario,
        title=str(document.get("title") or ""),
        source=str(document.get("source") or ""),
    )
    return ImportOutcome(
        scenario=stored,
        created=created,
        diff=resolution_diff(old_trace=trace, old_result=result, new_trace=stored.trace, new_result=stored.result),
        code_matches=document.get("code") in (None, stored.code),
        file_engine_version=str(document.get("engine_version") or ""),
    )


def annotation_save(*, scenario: Scenario, author: Any, title: str, notes: str, reviewed: bool) -> Annotation:
    """Create or replace ``author``'s own annotation of ``scenario``; return it.

    Only the author's row is ever touched: another judge's annotation of the same
    scenario is a different row that this function cannot reach.
    """
    annotation, _ = Annotation.objects.update_or_create(
        scenario=scenario,
        author=author,
        defaults={"title": clipped(title, 200), "notes": notes, "reviewed": reviewed},
    )
    return annotation


def can_review(user: Any) -> bool:
    """Whether ``user`` may mark a ruling reviewed (:data:`~.models.REVIEW_PERMISSION`: the
    ``reviewers`` group, granted in the admin)."""
    return bool(user is not None and user.is_authenticated and user.has_perm(REVIEW_PERMISSION))


def annotation_mark_reviewed(*, annotation: Annotation, reviewed: bool) -> Annotation:
    """Set the review mark of ``annotation`` (the caller has checked it is the judge's own)."""
    annotation.reviewed = reviewed
    annotation.save(update_fields=["reviewed", "updated_at"])
    return annotation
