"""Reads for the permalink pages: the stored ruling with its citations resolved, re-checks, exports."""

from __future__ import annotations

import copy
import io
import json
import logging
from dataclasses import dataclass, field
from typing import Any

import segno
from django.core.cache import cache
from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language, gettext, gettext_noop

import engine
from rulesite.rules.models import Section
from rulesite.rules.textnorm import to_script

from . import boards
from .diff import ResolutionDiff, resolution_diff, trace_diff
from .models import Annotation, Scenario
from .presentation import (
    ChainSnapshot,
    HistoryTable,
    chain_links,
    chain_snapshots,
    drawn_snapshots,
    listed_steps,
    citation_text,
    iter_rules,
    object_names,
    summarize,
    summary_counts,
    unevaluated_count,
    value_histories,
)
from .services import EXPORT_FORMAT, scenario_resolve

logger = logging.getLogger(__name__)

STATUS_CACHE_SECONDS = 30 * 24 * 3600
"""How long the current engine's verdict on a stored ruling is kept (its key names the engine
version, so a new engine asks again)."""
STATUS_KEY = "scenarios:ruling-status:{version}:{code}"


@dataclass
class PermalinkPage:
    scenario: Scenario
    document: dict[str, Any]
    trace: list[dict[str, Any]]
    pretty_json: str
    summary: list[str] = field(default_factory=list)
    counts: str = ""
    chain: list[ChainSnapshot] = field(default_factory=list)
    chain_omitted: int = 0
    steps_omitted: int = 0
    """How many trace steps the page leaves out (:data:`~.presentation.MAX_LISTED_STEPS`); the
    JSON export has them all."""
    """How many resolutions "the chain, step by step" leaves undrawn (:data:`~.presentation.MAX_CHAIN_DRAWN`)."""
    before_chain: list[dict[str, Any]] = field(default_factory=list)
    after_chain: list[dict[str, Any]] = field(default_factory=list)
    histories: list[HistoryTable] = field(default_factory=list)
    annotations: list[Annotation] = field(default_factory=list)
    own_annotation: Annotation | None = None
    reviewers: list[str] = field(default_factory=list)
    """The usernames of the reviewers who marked this ruling reviewed (the badge names them)."""
    player_names: dict[str, str] = field(default_factory=dict)
    invalid: list[dict[str, str]] = field(default_factory=list)
    """The current engine's errors for the stored scenario (``[]``: it still validates)."""
    engine_version: str = ""
    """The current engine's version (the one ``invalid`` is about)."""
    stepper: dict[str, Any] = field(default_factory=dict)
    """The JSON the step-through script reads (``boards.stepper_data``)."""
    boards_reason: str = ""
    """Why the page has no board at each step, in the reader's language (``""``: it has)."""
    unevaluated: int = 0
    """How many steps say a point could not be evaluated (branches included)."""


def cite(data: Any) -> Any:
    """Return a copy of ``data`` with each rule reference in it resolved for display.

    Every ``{"document", "number"}`` under a ``rule`` key or in a ``see_also`` list (a trace with its branches, a
    value-history table, any JSON) gets ``url``, ``title``, ``excerpt`` and ``citation`` (as
    judges write it). One query finds every cited section; a rule whose document is not
    imported keeps ``url`` None and is shown plainly. A Chinese excerpt is shown in the script
    of the active language (OpenCC); the stored value is not changed.
    """
    data = copy.deepcopy(data)
    rules = list(iter_rules(data, see_also=True))
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


@dataclass(frozen=True)
class RulingStatus:
    """What the current engine says about a stored ruling, beside the stored answer.

    ``errors``: the current engine's validation errors of the stored scenario (``[]`` when it
    is still valid). ``board`` and ``diffs``: the board before the first step and, per step of
    the stored trace, its board diff (``[[ops or None, [branch diffs, …] or None], …]``): from
    the stored ruling when it has them, else recomputed from its canonical scenario.
    ``reason`` says why there are none: ``invalid``, ``too_complex``, ``no_boards`` (the
    engine does not describe this game's boards yet), ``differs`` (the current engine resolves
    the board otherwise, so its boards would not be the stored steps'), ``unreadable``.
    """

    errors: tuple[dict[str, str], ...] = ()
    board: Any = None
    diffs: Any = None
    complete: bool = True
    reason: str = ""
    recomputed: bool = False


def _diffs(trace: list[dict[str, Any]]) -> list[Any]:
    """Return the board diffs of a trace as ``[[ops or None, [branch diffs] or None], …]``."""
    return [
        [step.get("board") or None,
         [_diffs(b.get("trace") or []) for b in step["branches"] if isinstance(b, dict)] if step.get("branches") else None]
        for step in trace
    ]


def _with_diffs(trace: list[dict[str, Any]], diffs: list[Any]) -> None:
    """Put the board diffs of ``diffs`` (:func:`_diffs`) on the steps of ``trace`` (a page's copy)."""
    for step, (ops, branches) in zip(trace, diffs):
        if ops:
            step["board"] = ops
        for branch, inner in zip(step.get("branches") or (), branches or ()):
            if isinstance(branch, dict):
                _with_diffs(branch.get("trace") or [], inner)


def _status(scenario: Scenario) -> dict[str, Any]:
    """Compute :class:`RulingStatus` fields (JSON, for the cache) with the current engine."""
    document = json.loads(scenario.canonical)
    if scenario.board is not None:
        try:
            return {"errors": engine.validate(document)}
        except Exception:  # a stored ruling must always display, whatever the engine makes of it
            logger.warning("stored ruling %s could not be checked", scenario.code, exc_info=True)
            return {"errors": [{"path": "", "message": "the current engine cannot check this scenario"}]}
    try:
        fresh = scenario_resolve(scenario=document)
    except engine.ScenarioError as exc:
        return {"errors": [] if exc.too_complex else exc.errors, "reason": "too_complex" if exc.too_complex else "invalid"}
    except Exception:
        logger.warning("stored ruling %s could not be resolved again", scenario.code, exc_info=True)
        return {"reason": "unreadable"}
    if fresh.get("board") is None:
        return {"reason": "no_boards"}
    if trace_diff(scenario.trace, fresh["trace"]):
        return {"reason": "differs"}
    return {"board": fresh["board"], "diffs": _diffs(fresh["trace"]), "complete": fresh.get("board_complete", True)}


def ruling_status(scenario: Scenario) -> RulingStatus:
    """Return what the current engine says about ``scenario`` (see :class:`RulingStatus`).

    A ruling stored with its boards only needs validating again; one stored before the engine
    described boards is resolved again from its canonical scenario (under the deadline), and
    its boards are used when the fresh trace is the stored one step for step. The answer is
    cached under the code and the engine version. Nothing is written: the stored code, scenario,
    trace and result stay byte for byte as they are.
    """
    key = STATUS_KEY.format(version=engine.ENGINE_VERSION, code=scenario.code)
    data = cache.get(key)
    if data is None:
        data = _status(scenario)
        cache.set(key, data, STATUS_CACHE_SECONDS)
    if scenario.board is not None:
        return RulingStatus(errors=tuple(data.get("errors") or ()), board=scenario.board, diffs=None,
                            complete=scenario.board_complete)
    return RulingStatus(errors=tuple(data.get("errors") or ()), board=data.get("board"), diffs=data.get("diffs"),
                        complete=data.get("complete", True), reason=data.get("reason", ""), recomputed=True)


BOARD_REASONS = {
    "invalid": gettext_noop("The board at each step is not shown: the current engine does not accept this scenario (see above)."),
    "too_complex": gettext_noop("The board at each step is not shown: the current engine cannot resolve this board within its deadline."),
    "no_boards": gettext_noop("The board at each step is not shown: the engine does not describe the boards of this game yet."),
    "differs": gettext_noop("The board at each step is not shown: the current engine resolves this board differently from the stored "
               "ruling (Re-check shows how)."),
    "unreadable": gettext_noop("The board at each step is not shown: the current engine cannot read this scenario."),
    "broken": gettext_noop("The board at each step is not shown: the stored board changes do not fit together."),
}
"""Why a page has no board at each step (English; translated when shown)."""

CHAIN_LABELS = {
    "ygo": gettext_noop("The chain (Chain Link 1 first)"),
    "mtg": gettext_noop("The stack (1 is the bottom)"),
    "fow": gettext_noop("The chase (1 is the bottom)"),
}
"""What each game calls its chain on a board (DESIGN.md: the chain, the stack, the chase)."""


def _page_boards(scenario: Scenario, document: dict[str, Any], trace: list[dict[str, Any]],
                 status: RulingStatus) -> tuple[list[dict[str, Any]], dict[str, Any], str]:
    """Return the cited ``trace`` decorated for the list, the stepper's JSON and the reason
    there are no boards (``""`` when there are)."""
    if status.diffs is not None:
        _with_diffs(trace, status.diffs)
    names = {**object_names(document, scenario.result), **player_names(document)}
    reason = "" if status.board is not None else (status.reason or "no_boards")
    zones = boards.zone_order(document.get("objects"), status.board, trace) if status.board is not None else []
    try:
        trace = boards.list_boards(initial=status.board if not reason else None, trace=trace, complete=status.complete,
                                   game=scenario.game, names=names, zones=zones)
    except boards.BoardError:
        logger.warning("stored ruling %s: its board diffs do not apply", scenario.code, exc_info=True)
        reason = "broken"
        trace = boards.list_boards(initial=None, trace=trace, complete=True, game=scenario.game, names=names, zones=[])
    shown_reason = gettext(BOARD_REASONS[reason]) if reason else ""
    chain_label = gettext(CHAIN_LABELS[scenario.game]) if scenario.game in CHAIN_LABELS else ""
    data = boards.stepper_data(initial=None if reason else status.board, trace=trace, complete=status.complete,
                               game=scenario.game, names=names, zones=zones, reason=shown_reason, chain_label=chain_label)
    return trace, data, data["reason"]


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
    reviews = {a.pk for a in Annotation.objects.reviews().filter(scenario=scenario)}
    for annotation in annotations:
        annotation.is_review = annotation.pk in reviews
    status = ruling_status(scenario)
    listed, steps_omitted = listed_steps(scenario.trace)
    trace, stepper, boards_reason = _page_boards(scenario, document, cite(listed), status)
    chain, chain_omitted = drawn_snapshots(chain_snapshots(scenario.trace, object_names(document, scenario.result)))
    return PermalinkPage(
        scenario=scenario,
        document=document,
        trace=trace,
        invalid=list(status.errors),
        engine_version=engine.ENGINE_VERSION,
        stepper=stepper,
        boards_reason=boards_reason,
        pretty_json=json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True),
        summary=summarize(scenario.trace, scenario.result, document),
        counts=summary_counts(scenario.trace),
        unevaluated=unevaluated_count(scenario.trace),
        chain=chain,
        chain_omitted=chain_omitted,
        steps_omitted=steps_omitted,
        before_chain=chain_links(document),
        after_chain=chain_links(scenario.result),
        histories=_cited_histories(scenario),
        annotations=annotations,
        own_annotation=own,
        reviewers=[a.author.get_username() for a in annotations if a.is_review],
        player_names=player_names(document),
    )


@dataclass
class RecheckPage:
    """A stored ruling next to a fresh resolution of its scenario by the current engine.

    ``invalid`` lists the current engine's errors when it refuses the stored scenario (shown
    as on the permalink page); ``too_complex`` is the message when it could not resolve it
    within the deadline.
    """

    scenario: Scenario
    engine_version: str
    diff: ResolutionDiff
    trace: list[dict[str, Any]]
    invalid: list[dict[str, str]] = field(default_factory=list)
    too_complex: str = ""

    @property
    def player_names(self) -> dict[str, str]:
        """Return ``{player id: name}`` of the stored scenario, for the trace's text."""
        return player_names(json.loads(self.scenario.canonical))


def permalink_recheck(*, code: str) -> RecheckPage:
    """Resolve the stored scenario of ``code`` again with the current engine; write nothing.

    Return a :class:`RecheckPage` whose ``diff`` compares the stored trace and result with
    the fresh ones. When the current engine rejects the stored scenario, ``invalid`` (or
    ``too_complex``) says why and the diff lists every stored step as removed. Raise Http404
    for an unknown code.
    """
    scenario = get_object_or_404(Scenario.objects.visible(), code=code)
    invalid: list[dict[str, str]] = []
    too_complex = ""
    try:
        fresh = scenario_resolve(scenario=json.loads(scenario.canonical))
    except engine.ScenarioError as exc:
        fresh = {"trace": [], "result": {}}
        if exc.too_complex:
            too_complex = "; ".join(e["message"] for e in exc.errors)
        else:
            invalid = exc.errors
    diff = resolution_diff(old_trace=scenario.trace, old_result=scenario.result, new_trace=fresh["trace"], new_result=fresh["result"])
    return RecheckPage(scenario=scenario, engine_version=engine.ENGINE_VERSION, diff=diff, trace=cite(fresh["trace"]),
                       invalid=invalid, too_complex=too_complex)


def permalink_export(*, code: str) -> dict[str, Any]:
    """Return the export of a visible permalink: its scenario, stored answer and provenance.

    ``{"format", "code", "game", "ruleset", "scenario", "trace", "result", "board",
    "engine_version", "rules_documents", "created_at", "title", "source"}`` (``board``: the
    board before the first step, ``null`` when the ruling was stored without it); raise
    Http404 when unknown or withdrawn.
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
        "board": scenario.board,
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
