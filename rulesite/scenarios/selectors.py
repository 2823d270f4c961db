"""Reads for the permalink pages: the stored ruling with its citations resolved, re-checks, exports."""

from __future__ import annotations

import copy
import io
import json
from dataclasses import dataclass, field
from typing import Any

import segno
from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language

import engine
from rulesite.rules.models import Section
from rulesite.rules.textnorm import to_script

from .diff import ResolutionDiff, resolution_diff
from .models import Annotation, Scenario
from .presentation import (
    ChainSnapshot,
    HistoryTable,
    chain_links,
    chain_snapshots,
    citation_text,
    iter_rules,
    object_names,
    summarize,
    summary_counts,
    value_histories,
)
from .services import EXPORT_FORMAT, scenario_resolve


@dataclass
class PermalinkPage:
    scenario: Scenario
    document: dict[str, Any]
    trace: list[dict[str, Any]]
    pretty_json: str
    summary: list[str] = field(default_factory=list)
    counts: str = ""
    chain: list[ChainSnapshot] = field(default_factory=list)
    before_chain: list[dict[str, Any]] = field(default_factory=list)
    after_chain: list[dict[str, Any]] = field(default_factory=list)
    histories: list[HistoryTable] = field(default_factory=list)
    annotations: list[Annotation] = field(default_factory=list)
    own_annotation: Annotation | None = None
    player_names: dict[str, str] = field(default_factory=dict)


def cite(data: Any) -> Any:
    """Return a copy of ``data`` with each rule reference in it resolved for display.

    Every ``{"document", "number"}`` under a ``rule`` key (a trace with its branches, a
    value-history table, any JSON) gets ``url``, ``title``, ``excerpt`` and ``citation`` (as
    judges write it). One query finds every cited section; a rule whose document is not
    imported keeps ``url`` None and is shown plainly. A Chinese excerpt is shown in the script
    of the active language (OpenCC); the stored value is not changed.
    """
    data = copy.deepcopy(data)
    rules = list(iter_rules(data))
    pairs = {(rule["document"], rule["number"]) for rule in rules}
    found: dict[tuple[str, str], Section] = {}
    if pairs:
        condition = Q()
        for slug, number in pairs:
            condition |= Q(document__slug=slug, number=number)
        for section in Section.objects.filter(condition).select_related("document").only(
            "number", "title", "text", "page", "document__slug"
        ):
            found[(section.document.slug, section.number)] = section
    language = get_language()
    for rule in rules:
        section = found.get((rule["document"], rule["number"]))
        rule["url"] = section.get_absolute_url() if section else None
        rule["title"] = to_script(section.title, language) if section else ""
        rule["excerpt"] = to_script(section.text[:400], language) if section else ""
        rule["citation"] = citation_text(rule["document"], rule["number"], section.page if section else "")
    return data


def cite_trace(trace: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return a copy of ``trace`` with its cited rules resolved (see :func:`cite`)."""
    return cite(trace)


def _cited_histories(scenario: Scenario) -> list[HistoryTable]:
    """Return the value tables of ``scenario``'s result with every rule cell cited (one query)."""
    documents = scenario.rules_documents or []
    tables = value_histories(scenario.result, documents[0] if len(documents) == 1 else "")
    for table, rows in zip(tables, cite([table.rows for table in tables]), strict=True):
        table.rows = rows
    return tables


def player_names(document: dict[str, Any]) -> dict[str, str]:
    """Return ``{player id: name}`` for the players the scenario names."""
    players = document.get("players") if isinstance(document, dict) else None
    return {
        p["id"]: p["name"]
        for p in players or ()
        if isinstance(p, dict) and isinstance(p.get("id"), str) and isinstance(p.get("name"), str) and p["name"].strip()
    }


def permalink_page(*, code: str, user: Any = None) -> PermalinkPage:
    """Return the :class:`PermalinkPage` of ``code`` as ``user`` sees it; raise Http404 when unknown.

    A withdrawn scenario comes back without its trace, summary or annotations: the page
    shows only the notice.
    """
    scenario = get_object_or_404(Scenario, code=code)
    document = json.loads(scenario.canonical)
    if scenario.withdrawn_at:
        return PermalinkPage(scenario=scenario, document={}, trace=[], pretty_json="")
    annotations = list(Annotation.objects.for_scenario(scenario))
    own = next((a for a in annotations if user is not None and user.is_authenticated and a.author_id == user.pk), None)
    return PermalinkPage(
        scenario=scenario,
        document=document,
        trace=cite(scenario.trace),
        pretty_json=json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True),
        summary=summarize(scenario.trace, scenario.result),
        counts=summary_counts(scenario.trace),
        chain=chain_snapshots(scenario.trace, object_names(document, scenario.result)),
        before_chain=chain_links(document),
        after_chain=chain_links(scenario.result),
        histories=_cited_histories(scenario),
        annotations=annotations,
        own_annotation=own,
        player_names=player_names(document),
    )


@dataclass
class RecheckPage:
    """A stored ruling next to a fresh resolution of its scenario by the current engine."""

    scenario: Scenario
    engine_version: str
    diff: ResolutionDiff
    trace: list[dict[str, Any]]
    error: str = ""

    @property
    def player_names(self) -> dict[str, str]:
        """Return ``{player id: name}`` of the stored scenario, for the trace's text."""
        return player_names(json.loads(self.scenario.canonical))


def permalink_recheck(*, code: str) -> RecheckPage:
    """Resolve the stored scenario of ``code`` again with the current engine; write nothing.

    Return a :class:`RecheckPage` whose ``diff`` compares the stored trace and result with
    the fresh ones. When the current engine rejects the stored scenario, ``error`` says why
    and the diff lists every stored step as removed. Raise Http404 for an unknown code.
    """
    scenario = get_object_or_404(Scenario.objects.visible(), code=code)
    try:
        fresh = scenario_resolve(scenario=json.loads(scenario.canonical))
        error = ""
    except engine.ScenarioError as exc:
        fresh, error = {"trace": [], "result": {}}, "; ".join(f"{e['path'] or '(document)'}: {e['message']}" for e in exc.errors)
    diff = resolution_diff(old_trace=scenario.trace, old_result=scenario.result, new_trace=fresh["trace"], new_result=fresh["result"])
    return RecheckPage(scenario=scenario, engine_version=engine.ENGINE_VERSION, diff=diff, trace=cite(fresh["trace"]), error=error)


def permalink_export(*, code: str) -> dict[str, Any]:
    """Return the export of a visible permalink: its scenario, stored answer and provenance.

    ``{"format", "code", "game", "ruleset", "scenario", "trace", "result", "engine_version",
    "rules_documents", "created_at", "title", "source"}``; raise Http404 when unknown or
    withdrawn.
    """
    scenario = get_object_or_404(Scenario.objects.visible(), code=code)
    return {
        "format": EXPORT_FORMAT,
        "code": scenario.code,
        "game": scenario.game,
        "ruleset": scenario.ruleset,
        "scenario": json.loads(scenario.canonical),
        "trace": scenario.trace,
        "result": scenario.result,
        "engine_version": scenario.engine_version,
        "rules_documents": scenario.rules_documents,
        "created_at": scenario.created_at.isoformat(),
        "title": scenario.title,
        "source": scenario.source,
    }


def qr_svg(url: str) -> bytes:
    """Return an SVG document with a QR code that opens ``url`` (error correction M)."""
    out = io.BytesIO()
    segno.make(url, error="m", micro=False).save(out, kind="svg", scale=4, border=2, dark="#10243e", light="#ffffff", title=url)
    return out.getvalue()
