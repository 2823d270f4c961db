"""Reads for the permalink page: the stored ruling with its citations resolved."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.shortcuts import get_object_or_404

from rulesite.rules.models import Section

from .models import Scenario


@dataclass
class PermalinkPage:
    scenario: Scenario
    document: dict[str, Any]
    trace: list[dict[str, Any]]
    pretty_json: str


def _walk(trace: list[dict[str, Any]]):
    for step in trace:
        yield step
        for branch in step.get("branches") or ():
            yield from _walk(branch.get("trace") or [])


def cite_trace(trace: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return ``trace`` with each cited rule given ``url``, ``title`` and ``excerpt``.

    One query finds every cited section; a rule whose document is not imported keeps
    ``url`` None and is shown plainly.
    """
    pairs = {(s["rule"]["document"], s["rule"]["number"]) for s in _walk(trace) if s.get("rule")}
    found: dict[tuple[str, str], Section] = {}
    if pairs:
        condition = Q()
        for slug, number in pairs:
            condition |= Q(document__slug=slug, number=number)
        for section in Section.objects.filter(condition).select_related("document").only(
            "number", "title", "text", "document__slug"
        ):
            found[(section.document.slug, section.number)] = section
    steps = json.loads(json.dumps(trace))  # a private copy: the stored trace stays as stored
    for step in _walk(steps):
        rule = step.get("rule")
        if rule:
            section = found.get((rule["document"], rule["number"]))
            rule["url"] = section.get_absolute_url() if section else None
            rule["title"] = section.title if section else ""
            rule["excerpt"] = section.text[:400] if section else ""
    return steps


def permalink_page(*, code: str) -> PermalinkPage:
    """Return the :class:`PermalinkPage` of ``code``; raise Http404 when unknown."""
    scenario = get_object_or_404(Scenario, code=code)
    document = json.loads(scenario.canonical)
    return PermalinkPage(
        scenario=scenario,
        document=document,
        trace=cite_trace(scenario.trace),
        pretty_json=json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True),
    )
