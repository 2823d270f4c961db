"""The Alara Reborn FAQ as a rulings database: links to the CR rules each ruling rests on,
whether the current rules answer it differently, and what the engine can evaluate per card.

Two hand-made data files feed it (``fixtures/rulings/``):

* ``mtg-arb-faq-2009-rules.json`` (this module's): ``[{"ruling": "topic-2.r9", "rules":
  ["709.4", "702.85a"], "edition": "2022-04-29"}, …]``, one entry per FAQ ruling or topic.
  An entry may also carry ``status``/``current_rule``/``note`` with ``"source": "notes"``:
  a status seeded from the shared notes' version-drift section.
* ``mtg-arb-faq-2009-changes.json`` (the rules auditor's; may be absent): each ruling's
  ``status`` (``changed|still-correct|not-checked``), the ``current_rule`` and a ``note``. It
  wins over a seeded status of the same ruling.

:func:`faq_rulings_link` (run by ``import_rules`` after every document) stores the links as
cross-document :class:`~rulesite.rules.models.Reference` rows (ruling → CR section of the
named edition) and the status in the ruling's ``data``; :func:`rulings_panel` and
:func:`changed_rulings` read them back for the pages.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.http import Http404
from django.urls import reverse

from .models import Document, Reference, Section

FAQ_SLUG = "mtg-arb-faq-2009"
CR_FAMILY = "mtg-cr"
RULINGS_DIR = Path(settings.BASE_DIR) / "fixtures" / "rulings"
RULES_FILE = RULINGS_DIR / "mtg-arb-faq-2009-rules.json"
CHANGES_FILE = RULINGS_DIR / "mtg-arb-faq-2009-changes.json"
STATUSES = ("changed", "still-correct", "not-checked")
# The keys this module owns in a FAQ section's ``data``; the importer never writes them.
STATUS_KEYS = ("status", "current_rule", "current_rule_edition", "note", "status_source")


class RulingsDataError(ValueError):
    """A rulings data file is not JSON or not of the documented shape."""


@dataclass(frozen=True)
class RulingLink:
    """The CR rules (``rules``, numbers in ``edition``) one FAQ unit rests on."""

    ruling: str
    rules: tuple[str, ...]
    edition: str


@dataclass(frozen=True)
class RulingStatus:
    """Whether the current rules answer a ruling differently; ``source`` is ``auditor`` or ``notes``."""

    ruling: str
    status: str
    current_rule: str = ""
    note: str = ""
    source: str = "auditor"
    edition: str = ""
    """The CR edition ``current_rule`` is numbered in; empty for the newest imported one."""

    def as_data(self) -> dict[str, str]:
        """Return the ``Section.data`` keys that store this status."""
        data = {"status": self.status, "status_source": self.source}
        if self.current_rule:
            data["current_rule"] = self.current_rule
            if self.edition:
                data["current_rule_edition"] = self.edition
        if self.note:
            data["note"] = self.note
        return data


@dataclass
class RulingsData:
    links: list[RulingLink]
    statuses: dict[str, RulingStatus]
    warnings: list[str] = field(default_factory=list)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise RulingsDataError(f"{path.name}: not JSON ({exc.msg} at line {exc.lineno})") from None


def _entries(raw: Any, path: Path) -> list[dict[str, Any]]:
    """Accept a list of entries, ``{"rulings": [...]}`` or ``{"<ruling id>": {...}, …}``."""
    if isinstance(raw, dict) and isinstance(raw.get("rulings"), list):
        raw = raw["rulings"]
    elif isinstance(raw, dict):
        raw = [{"ruling": key, **value} for key, value in raw.items() if isinstance(value, dict)]
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        raise RulingsDataError(f"{path.name}: expected a list of objects")
    return raw


def _status(entry: dict[str, Any], ruling: str, source: str) -> RulingStatus | str:
    """Return the status of ``entry``, or a warning when it is not usable."""
    status = entry.get("status")
    if status not in STATUSES:
        return f"{ruling}: unknown status {status!r} (expected one of {', '.join(STATUSES)})"
    current = entry.get("current_rule") or ""
    if isinstance(current, list):
        current = current[0] if current else ""
    return RulingStatus(
        ruling, status, str(current).removeprefix("CR ").strip(), str(entry.get("note") or ""), source,
        str(entry.get("edition") or ""),
    )


def rulings_load(*, rules_path: Path = RULES_FILE, changes_path: Path = CHANGES_FILE) -> RulingsData:
    """Read the links file and, when present, the auditor's changes file.

    Return :class:`RulingsData`: the links, one status per ruling (the auditor's where it
    lists the ruling, else a ``"source": "notes"`` one from the links file) and warnings for
    changes entries that were skipped. Raise :class:`RulingsDataError` when the links file is
    malformed or a changes file is not JSON; ``OSError`` when the links file cannot be read.
    """
    links: list[RulingLink] = []
    statuses: dict[str, RulingStatus] = {}
    warnings: list[str] = []
    for entry in _entries(_read_json(rules_path), rules_path):
        ruling, rules, edition = entry.get("ruling"), entry.get("rules"), entry.get("edition")
        if not isinstance(ruling, str) or not isinstance(rules, list) or not isinstance(edition, str):
            raise RulingsDataError(f"{rules_path.name}: entry {entry!r} needs 'ruling', 'rules' (a list) and 'edition'")
        links.append(RulingLink(ruling, tuple(str(n) for n in rules), edition))
        if "status" in entry:
            seeded = _status(entry, ruling, entry.get("source") or "notes")
            if isinstance(seeded, str):
                raise RulingsDataError(f"{rules_path.name}: {seeded}")
            statuses[ruling] = seeded
    if changes_path.is_file():
        for entry in _entries(_read_json(changes_path), changes_path):
            ruling = entry.get("ruling") or entry.get("id")
            if not isinstance(ruling, str):
                warnings.append(f"{changes_path.name}: entry without 'ruling': {str(entry)[:80]}")
                continue
            audited = _status(entry, ruling, "auditor")
            if isinstance(audited, str):
                warnings.append(f"{changes_path.name}: {audited}")
                continue
            statuses[ruling] = audited
    return RulingsData(links, statuses, warnings)


@dataclass
class LinkReport:
    """What :func:`faq_rulings_link` did (or, with ``dry_run``, would do)."""

    linked: int = 0
    references: int = 0
    created: int = 0
    deleted: int = 0
    statuses: int = 0
    changed: int = 0
    data_updated: int = 0
    skipped: str = ""
    dry_run: bool = False
    missing: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def unchanged(self) -> bool:
        return not (self.created or self.deleted or self.data_updated)

    def summary(self) -> str:
        """Return one line for the command's output."""
        if self.skipped:
            return f"{FAQ_SLUG} rulings: skipped ({self.skipped})"
        state = "unchanged" if self.unchanged else (
            f"{'would write' if self.dry_run else 'wrote'} +{self.created} -{self.deleted} links, {self.data_updated} statuses"
        )
        return (
            f"{FAQ_SLUG} rulings: {state} ({self.linked} rulings linked by {self.references} CR links, "
            f"{self.statuses} statuses, {self.changed} changed)"
        )


def faq_rulings_link(
    *, rules_path: Path = RULES_FILE, changes_path: Path = CHANGES_FILE, dry_run: bool = False
) -> LinkReport:
    """Store the FAQ's links to CR rules and its rulings' statuses; write only what differs.

    Run after every document import: importing the FAQ or a CR edition replaces its sections
    (and so drops these links and statuses), and this puts them back. Links whose edition is
    not imported are skipped; ruling ids or rule numbers not found are listed in
    ``report.missing``. Idempotent: a second run writes nothing. Return a :class:`LinkReport`;
    raise :class:`RulingsDataError` for a malformed data file.
    """
    report = LinkReport(dry_run=dry_run)
    faq = Document.objects.filter(slug=FAQ_SLUG).first()
    if faq is None:
        report.skipped = f"no document {FAQ_SLUG}"
        return report
    data = rulings_load(rules_path=rules_path, changes_path=changes_path)
    report.warnings = list(data.warnings)
    wanted_ids = {link.ruling for link in data.links} | set(data.statuses)
    units = {s.number: s for s in Section.objects.filter(document=faq, number__in=wanted_ids).only("pk", "number", "data")}
    report.missing += sorted(f"{FAQ_SLUG} {n}" for n in wanted_ids - set(units))

    editions = {link.edition for link in data.links}
    documents = {d.edition: d for d in Document.objects.filter(family=CR_FAMILY, edition__in=editions)}
    targets: dict[tuple[str, str], int] = {}
    for edition, document in documents.items():
        numbers = {n for link in data.links if link.edition == edition for n in link.rules}
        for pk, number in Section.objects.filter(document=document, number__in=numbers).values_list("pk", "number"):
            targets[(edition, number)] = pk
    absent = sorted(editions - set(documents))
    if absent:
        report.warnings.append(f"CR editions not imported, their links skipped: {', '.join(absent)}")

    wanted: dict[tuple[int, int], str] = {}
    linked = set()
    for link in data.links:
        unit = units.get(link.ruling)
        if unit is None or link.edition not in documents:
            continue
        for number in link.rules:
            target = targets.get((link.edition, number))
            if target is None:
                report.missing.append(f"{CR_FAMILY} {link.edition} {number} (for {link.ruling})")
                continue
            wanted[(unit.pk, target)] = number
            linked.add(link.ruling)
    report.linked, report.references = len(linked), len(wanted)

    existing_refs = Reference.objects.filter(source__document=faq).exclude(target__document=faq)
    existing = {(s, t): (pk, label) for pk, s, t, label in existing_refs.values_list("pk", "source_id", "target_id", "label")}
    stale = [pk for key, (pk, label) in existing.items() if wanted.get(key) != label]
    fresh = [
        Reference(source_id=s, target_id=t, label=label)
        for (s, t), label in wanted.items()
        if existing.get((s, t), (None, None))[1] != label
    ]
    report.created, report.deleted = len(fresh), len(stale)

    statused = Section.objects.filter(document=faq).filter(
        Q(number__in=list(data.statuses)) | Q(data__has_key="status")
    ).only("pk", "number", "data")
    updates = []
    for section in statused:
        status = data.statuses.get(section.number)
        new = {k: v for k, v in (section.data or {}).items() if k not in STATUS_KEYS}
        if status is not None:
            new.update(status.as_data())
        if new != section.data:
            section.data = new
            updates.append(section)
    report.data_updated = len(updates)
    report.statuses = sum(1 for n in data.statuses if n in units)
    report.changed = sum(1 for n, s in data.statuses.items() if n in units and s.status == "changed")
    if dry_run or report.unchanged:
        return report

    from .services import rules_cache_invalidate  # services imports importers; keep this module light

    with transaction.atomic():
        Reference.objects.filter(pk__in=stale).delete()
        Reference.objects.bulk_create(fresh, batch_size=500)
        Section.objects.bulk_update(updates, ["data"], batch_size=500)
        transaction.on_commit(rules_cache_invalidate)
    return report


# --- Reads for the pages ------------------------------------------------------------------


@lru_cache(maxsize=1)
def _catalogue() -> dict[str, dict[str, Any]]:
    """Return the engine's evaluable FAQ cards by English name (``engine.mtg.catalogue``)."""
    try:
        from engine.mtg.catalogue import cards
    except ImportError:  # the engine is optional for the rules pages
        return {}
    return {card["name"]: card for card in cards()}


def builder_url(name: str) -> str:
    """Return the scenario builder's address preloaded with the card ``name``."""
    try:
        base = reverse("scenarios:builder", kwargs={"game": "mtg"})
    except Exception:  # noqa: BLE001 — the scenarios app may be absent
        base = "/scenarios/new/mtg/"
    return f"{base}?{urlencode({'card': name})}"


@dataclass
class RulingView:
    """One ruling as a page shows it: text, the CR rules it rests on, and its status."""

    section: Section
    rests_on: list[Section]
    status: str
    current_rule: str
    current_rule_section: Section | None
    note: str
    source: str

    @property
    def changed(self) -> bool:
        return self.status == "changed"

    @property
    def checked(self) -> bool:
        return self.status in ("changed", "still-correct")


@dataclass
class RulingsPanel:
    """The rulings part of a FAQ page: a card's or topic's rulings and the engine's reach.

    ``inherited_from`` is the topic whose rulings an example card shows (the General Notes'
    bullets belong to the topic); ``engine`` is the catalogue entry of the card, if any.
    """

    rulings: list[RulingView]
    inherited_from: Section | None = None
    card_name: str = ""
    engine: dict[str, Any] | None = None
    builder_url: str = ""

    @property
    def changed_count(self) -> int:
        return sum(1 for r in self.rulings if r.changed)

    @property
    def cr_document(self) -> Document | None:
        """Return the CR edition the rulings' links point to (the first one found)."""
        return next((t.document for r in self.rulings for t in r.rests_on), None)


def _current_cr() -> Document | None:
    """Return the newest CR edition in the original language (never a translation)."""
    return Document.objects.for_family(CR_FAMILY).filter(language=Document.objects.original_language(CR_FAMILY)).first()


def _views(rulings: list[Section], faq: Document) -> list[RulingView]:
    """Return a :class:`RulingView` per ruling in two queries, whatever their number."""
    if not rulings:
        return []
    rests_on: dict[int, list[Section]] = {r.pk: [] for r in rulings}
    references = (
        Reference.objects.filter(source_id__in=list(rests_on))
        .exclude(target__document=faq)
        .select_related("target", "target__document")
        .order_by("target__document__effective_date", "target__position")
    )
    for reference in references:
        rests_on[reference.source_id].append(reference.target)
    # The rule that changed a ruling, in the edition its status names (else the newest).
    wanted = {(r.data.get("current_rule_edition", ""), r.data["current_rule"]) for r in rulings if r.data.get("current_rule")}
    current: dict[tuple[str, str], Section] = {}
    if wanted:
        newest = _current_cr()
        editions = {edition for edition, _ in wanted if edition} | ({newest.edition} if newest else set())
        for s in Section.objects.filter(
            document__family=CR_FAMILY, document__edition__in=editions, number__in={n for _, n in wanted}
        ).select_related("document"):
            current[(s.document.edition, s.number)] = s
            if newest is not None and s.document_id == newest.pk:
                current[("", s.number)] = s
    return [
        RulingView(
            section=r,
            rests_on=rests_on[r.pk],
            status=r.data.get("status", "not-checked"),
            current_rule=r.data.get("current_rule", ""),
            current_rule_section=current.get((r.data.get("current_rule_edition", ""), r.data.get("current_rule", ""))),
            note=r.data.get("note", ""),
            source=r.data.get("status_source", ""),
        )
        for r in rulings
    ]


def rulings_panel(*, section: Section, children: list[Section]) -> RulingsPanel | None:
    """Return the :class:`RulingsPanel` of a FAQ card, topic or ruling page, else ``None``.

    ``children`` are the section's children as the page already loaded them (a card's or
    topic's rulings are among them). An example card of a General-Notes topic shows its
    topic's rulings. Runs a fixed number of queries (at most four) whatever the number of
    rulings.
    """
    if section.document.slug != FAQ_SLUG or section.kind not in ("card", "topic", "ruling"):
        return None
    inherited_from = None
    if section.kind == "ruling":
        rulings = [section]
    else:
        rulings = [c for c in children if c.kind == "ruling"]
        if not rulings and section.kind == "card" and section.parent_id is not None:
            inherited_from = Section.objects.select_related("document").filter(pk=section.parent_id, kind="topic").first()
            if inherited_from is not None:
                rulings = list(
                    Section.objects.filter(parent=inherited_from, kind="ruling").select_related("document").order_by("position")
                )
    panel = RulingsPanel(rulings=_views(rulings, section.document), inherited_from=inherited_from)
    name = (section.data or {}).get("name_en", "") if section.kind == "card" else ""
    if name:
        panel.card_name = name
        panel.engine = _catalogue().get(name)
        panel.builder_url = builder_url(name)
    if not panel.rulings and not panel.card_name:
        return None
    return panel


@dataclass
class ChangedRulings:
    """The page of FAQ rulings the current rules answer differently."""

    document: Document
    rulings: list[RulingView]

    @property
    def cr_document(self) -> Document | None:
        """Return the CR edition the rulings' links point to (the first one found)."""
        return next((t.document for r in self.rulings for t in r.rests_on), None)


def changed_rulings(*, document_slug: str = FAQ_SLUG) -> ChangedRulings:
    """Return every ruling of ``document_slug`` whose ``data["status"]`` is ``changed``.

    In document order, each with its card or topic (``section.parent``), CR links and the
    rule that changed it, in four queries. Raise ``Http404`` when the document is not imported.
    """
    document = Document.objects.filter(slug=document_slug).first()
    if document is None:
        raise Http404(f"No document {document_slug!r}")
    rulings = list(
        Section.objects.filter(document=document, kind="ruling", data__status="changed")
        .select_related("document", "parent", "parent__document")
        .order_by("position")
    )
    return ChangedRulings(document, _views(rulings, document))
