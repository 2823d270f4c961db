"""Editions of a document family: diffs, rule history and citation checking.

A diff pairs every unit of the older edition with its counterpart in the newer one, by number
when the text stayed close and by text similarity when the number moved (cascade is 702.84 in
the 2020-06-01 Comprehensive Rules and 702.85 in 2022-04-29, while 702.84 became another
keyword). Text is compared word by word, Chinese character by character, with :mod:`difflib`.

Diffs of stored documents are cached under the two documents' ``source_sha256`` (which
changes with the source and with the importing code), so a page of two full editions is
computed once.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from django.core.cache import cache
from django.core.paginator import Page, Paginator
from django.http import Http404
from django.utils.html import escape

from .importers import ParsedDocument
from .models import Document, Section
from .selectors import family_language

DIFF_VERSION = "3"
"""Part of the cache key: bump it when the pairing or the HTML changes."""
DIFF_CACHE_TIMEOUT = 60 * 60 * 24 * 30
RENUMBER_RATIO = 0.8
"""Two units with different numbers are the same rule moved when their texts are this similar."""
KEEP_RATIO = 0.5
"""A unit that keeps its number is the same rule changed when its texts are this similar (or
when nothing else claims either side)."""
RARE_TOKENS = 4
"""How many of a unit's rarest words pick its renumbering candidates."""
DIFF_PAGE_SIZE = 40

STATUSES = ("changed", "renumbered", "added", "removed")

_HAN = r"\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF"
# Words with their trailing space, one token per Han character: Chinese is compared by
# character. Leading whitespace is a token of its own.
_TOKEN_RE = re.compile(rf"\s+|[{_HAN}]\s*|[^\W{_HAN}]+\s*|[^\w\s]\s*|_\s*")
_WORD_RE = re.compile(rf"[{_HAN}]|[^\W_{_HAN}]{{3,}}")


# Units -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Unit:
    """One section as the diff sees it: its number, compared text and place in the tree."""

    number: str
    title: str
    body: str
    """Title (unless the text starts with it), text and examples, one per line."""
    parent: str | None
    kind: str
    depth: int
    group: str
    """Number of the unit's ancestor at depth 1 (its depth-0 ancestor when shallower)."""
    position: int

    @property
    def label(self) -> str:
        """Return the heading shown for a group: number and title."""
        if self.title.casefold() == self.number.casefold():
            return self.title
        return f"{self.number} {self.title}".strip()


def unit_body(title: str, text: str, examples: Sequence[str] = ()) -> str:
    """Return the text a diff compares: title (unless the text starts with it), text, examples."""
    parts = [title] if title and not text.startswith(title) else []
    parts += [text] if text else []
    parts += [example for example in examples if example]
    return "\n".join(parts)


def _units(rows: Iterable[tuple[str, str, str, str | None, str, list[str]]]) -> list[Unit]:
    """Build units from ``(number, title, text, parent, kind, examples)`` in document order."""
    rows = list(rows)
    parent_of = {row[0]: row[3] for row in rows}
    units = []
    for position, (number, title, text, parent, kind, examples) in enumerate(rows):
        chain = [number]
        while parent_of.get(chain[-1]) is not None:
            chain.append(parent_of[chain[-1]])
        depth = len(chain) - 1
        group = chain[-2] if depth >= 2 else chain[-1]
        units.append(Unit(number, title, unit_body(title, text, examples), parent, kind, depth, group, position))
    return units


def document_units(document: Document) -> list[Unit]:
    """Return the units of a stored document in document order."""
    rows = document.sections.order_by("position").values_list("number", "title", "text", "parent__number", "kind", "data")
    return _units((n, t, x, p, k, (d or {}).get("examples") or []) for n, t, x, p, k, d in rows)


def parsed_units(parsed: ParsedDocument) -> list[Unit]:
    """Return the units of a parsed (not yet stored) document in document order."""
    return _units((s.number, s.title, s.text, s.parent, s.kind, s.data.get("examples") or []) for s in parsed.sections)


# Word-level comparison ---------------------------------------------------------------------


def tokens(text: str) -> list[str]:
    """Split ``text`` into diff tokens: words with their trailing space, Han characters one by one.

    ``"Cast it 連鎖。"`` → ``["Cast ", "it ", "連", "鎖", "。"]``; joining the tokens gives the text back.
    """
    return _TOKEN_RE.findall(text)


def _keys(text: str) -> list[str]:
    return [token.strip().casefold() for token in tokens(text) if not token.isspace()]


def similarity(a: str, b: str) -> float:
    """Return difflib's ratio (0–1) between two texts compared word by word."""
    return SequenceMatcher(None, _keys(a), _keys(b), autojunk=False).ratio()


def diff_html(old: str, new: str) -> str:
    """Return ``new`` as HTML marking words removed from ``old`` with ``<del>`` and added with ``<ins>``.

    Every piece of text is escaped; the marks are the only markup.
    """
    a, b = tokens(old), tokens(new)
    # Compare case-sensitively on the words; trailing space differences are not changes.
    matcher = SequenceMatcher(None, [t.rstrip() for t in a], [t.rstrip() for t in b], autojunk=False)
    # One change is a run of removed and added text; an equal run of one or two words between
    # two changes ("mana" in "converted mana cost" → "mana value") joins them, for readability.
    runs: list[tuple[bool, str, str]] = []
    opcodes = matcher.get_opcodes()
    for k, (op, i1, i2, j1, j2) in enumerate(opcodes):
        old_text, new_text = "".join(a[i1:i2]), "".join(b[j1:j2])
        bridge = op == "equal" and j2 - j1 <= 2 and 0 < k < len(opcodes) - 1
        changed = op != "equal" or bridge
        if changed and runs and runs[-1][0]:
            runs[-1] = (True, runs[-1][1] + old_text, runs[-1][2] + new_text)
        else:
            runs.append((changed, old_text, new_text))
    out: list[str] = []
    for changed, old_text, new_text in runs:
        if not changed:
            out.append(escape(new_text))
            continue
        if old_text:
            out.append(f"<del>{escape(old_text)}</del>")
        if new_text:
            out.append(f"<ins>{escape(new_text)}</ins>")
    return "".join(out)


# Pairing -----------------------------------------------------------------------------------


class _Matcher:
    """Pair the units of two editions (see :func:`pair_units`)."""

    def __init__(self, old: list[Unit], new: list[Unit]) -> None:
        self.old = {u.number: u for u in old}
        self.new = {u.number: u for u in new}
        self.keys: dict[tuple[str, str], list[str]] = {}
        self.pairs: dict[str, str] = {}
        self.taken: set[str] = set()

    def key_list(self, side: str, unit: Unit) -> list[str]:
        key = (side, unit.number)
        if key not in self.keys:
            self.keys[key] = _keys(unit.body)
        return self.keys[key]

    def ratio(self, o: Unit, n: Unit, floor: float) -> float:
        matcher = SequenceMatcher(None, self.key_list("o", o), self.key_list("n", n), autojunk=False)
        # The quick upper bounds skip most hopeless candidates before the real ratio.
        if matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor:
            return 0.0
        return matcher.ratio()

    def link(self, o: str, n: str) -> None:
        self.pairs[o] = n
        self.taken.add(n)

    def run(self) -> dict[str, str]:
        # 1. Same number, same text.
        for number, o in self.old.items():
            n = self.new.get(number)
            if n is not None and n.body == o.body and n.kind == o.kind:
                self.link(number, number)
        # 2. Level by level (parents first, so children can prefer the mapped parent's
        #    children), the best-scoring candidate pairs are taken greedily.
        depths = sorted({u.depth for u in self.old.values()})
        for depth in depths:
            self.match_level(depth)
        # 3. What is left with the same number on both sides was rewritten in place.
        for number in self.old:
            if number not in self.pairs and number in self.new and number not in self.taken:
                self.link(number, number)
        return self.pairs

    def match_level(self, depth: int) -> None:
        olds = [u for u in self.old.values() if u.depth == depth and u.number not in self.pairs]
        news = [u for u in self.new.values() if u.depth == depth and u.number not in self.taken]
        if not olds or not news:
            return
        by_body: dict[str, list[Unit]] = defaultdict(list)
        by_parent: dict[str | None, list[Unit]] = defaultdict(list)
        postings: dict[str, list[Unit]] = defaultdict(list)
        for n in news:
            by_body[n.body].append(n)
            by_parent[n.parent].append(n)
            for word in set(_WORD_RE.findall(n.body.casefold())):
                postings[word].append(n)
        scored: list[tuple[float, float, str, str]] = []
        for o in olds:
            mapped_parent = self.pairs.get(o.parent) if o.parent is not None else None
            candidates: dict[str, Unit] = {}
            same = self.new.get(o.number)
            if same is not None and same.number not in self.taken:
                candidates[same.number] = same
            for n in by_body.get(o.body, ()):
                candidates[n.number] = n
            if mapped_parent is not None and mapped_parent != o.parent:
                for n in by_parent.get(mapped_parent, ()):
                    candidates[n.number] = n
            words = sorted(set(_WORD_RE.findall(o.body.casefold())) & postings.keys(), key=lambda w: (len(postings[w]), w))
            for word in words[:RARE_TOKENS]:
                if len(postings[word]) > 50:
                    break
                for n in postings[word]:
                    candidates[n.number] = n
            for n in candidates.values():
                if n.kind != o.kind:
                    continue
                same_number = n.number == o.number
                floor = KEEP_RATIO if same_number else RENUMBER_RATIO
                r = 1.0 if n.body == o.body else self.ratio(o, n, floor)
                if r < floor:
                    continue
                bonus = 0.1 * (n.parent == mapped_parent or (mapped_parent is None and n.parent == o.parent)) + 0.05 * same_number
                # Ties go to the nearest position, so duplicated texts keep their order.
                scored.append((r + bonus, -abs(n.position - o.position), o.number, n.number))
        scored.sort(reverse=True)
        for _, _, o_number, n_number in scored:
            if o_number not in self.pairs and n_number not in self.taken:
                self.link(o_number, n_number)


def pair_units(old: list[Unit], new: list[Unit]) -> dict[str, str]:
    """Return ``{old number: new number}`` for every unit of ``old`` that lives on in ``new``.

    A unit keeps its number when its text is unchanged, or at least :data:`KEEP_RATIO`
    similar, or when neither side finds a better partner; it moves to another number when the
    texts are at least :data:`RENUMBER_RATIO` similar (same kind of unit, parents mapped
    first). Candidates come from the same number, the mapped parent's children and the units
    sharing one of the :data:`RARE_TOKENS` rarest words, so the work stays near linear.
    """
    return _Matcher(old, new).run()


# Diffs -------------------------------------------------------------------------------------


@dataclass
class DiffEntry:
    """One change between two editions."""

    status: str
    """``added``, ``removed``, ``changed`` or ``renumbered`` (possibly with changed text)."""
    old_number: str | None
    new_number: str | None
    title: str
    html: str
    """Escaped text with ``<ins>``/``<del>`` marks (plain escaped text when added or removed)."""
    group: str
    text_changed: bool = True

    @property
    def number(self) -> str:
        return self.new_number or self.old_number or ""


@dataclass
class EditionDiff:
    """Every change from ``old_slug`` to ``new_slug``, in the newer edition's order."""

    old_slug: str
    new_slug: str
    entries: list[DiffEntry]
    old_to_new: dict[str, str]
    unchanged: int
    group_titles: dict[str, str] = field(default_factory=dict)

    @property
    def new_to_old(self) -> dict[str, str]:
        return {n: o for o, n in self.old_to_new.items()}

    def counts(self) -> dict[str, int]:
        """Return ``{status: count}`` for every status, ``unchanged`` included."""
        counts = dict.fromkeys(STATUSES, 0)
        for entry in self.entries:
            counts[entry.status] += 1
        counts["unchanged"] = self.unchanged
        return counts

    def numbers(self, status: str) -> list[str]:
        """Return the numbers of one status (``old→new`` for renumbered units)."""
        if status == "renumbered":
            return [f"{e.old_number}→{e.new_number}" for e in self.entries if e.status == status]
        return [e.number for e in self.entries if e.status == status]

    def groups(self) -> list[tuple[str, str, dict[str, int]]]:
        """Return ``(group, title, {status: count})`` for each group with changes, in order."""
        counts: dict[str, dict[str, int]] = {}
        for entry in self.entries:
            counts.setdefault(entry.group, dict.fromkeys(STATUSES, 0))[entry.status] += 1
        return [(group, self.group_titles.get(group, ""), c) for group, c in counts.items()]

    def summary_lines(self, limit: int = 10) -> list[str]:
        """Return the dry-run report: counts, then the first ``limit`` numbers of each status."""
        counts = self.counts()
        lines = [
            f"against {self.old_slug}: +{counts['added']} -{counts['removed']} ~{counts['changed']} "
            f"renumbered {counts['renumbered']}, unchanged {counts['unchanged']}"
        ]
        for status in STATUSES:
            numbers = self.numbers(status)
            if numbers:
                more = " …" if len(numbers) > limit else ""
                lines.append(f"  {status} ({len(numbers)}): {', '.join(numbers[:limit])}{more}")
        return lines


def diff_units(old: list[Unit], new: list[Unit], *, old_slug: str = "", new_slug: str = "") -> EditionDiff:
    """Return the :class:`EditionDiff` between two lists of units (see :func:`pair_units`)."""
    old_by_number = {u.number: u for u in old}
    pairs = pair_units(old, new)
    new_to_old = {n: o for o, n in pairs.items()}
    keyed: list[tuple[tuple[int, int, int], DiffEntry]] = []
    unchanged = 0
    for n in new:
        o = old_by_number.get(new_to_old.get(n.number, ""))
        title = n.title or (o.title if o else "")
        if o is None:
            entry = DiffEntry("added", None, n.number, title, escape(n.body), n.group)
        elif o.body == n.body and o.number == n.number:
            unchanged += 1
            continue
        elif o.number == n.number:
            entry = DiffEntry("changed", o.number, n.number, title, diff_html(o.body, n.body), n.group)
        else:
            changed = o.body != n.body
            html = diff_html(o.body, n.body) if changed else escape(n.body)
            entry = DiffEntry("renumbered", o.number, n.number, title, html, n.group, changed)
        keyed.append(((n.position, 0, 0), entry))
    # A removed unit goes after the new position of the last kept unit before it.
    new_position = {u.number: u.position for u in new}
    anchor = -1
    for o in old:
        if o.number in pairs:
            anchor = new_position[pairs[o.number]]
            continue
        group = o.group if o.group in new_position or o.group not in pairs else pairs[o.group]
        keyed.append(((anchor, 1, o.position), DiffEntry("removed", o.number, None, o.title, escape(o.body), group)))
    keyed.sort(key=lambda item: item[0])
    titles = {u.number: u.label for u in old if u.depth <= 1} | {u.number: u.label for u in new if u.depth <= 1}
    return EditionDiff(old_slug, new_slug, [e for _, e in keyed], pairs, unchanged, titles)


def _diff_cache_key(old: Document, new: Document) -> str:
    old_key = old.source_sha256 or f"{old.slug}@{old.imported_at:%s}"
    new_key = new.source_sha256 or f"{new.slug}@{new.imported_at:%s}"
    return f"rules:diff:{DIFF_VERSION}:{old_key}:{new_key}"


def edition_diff(*, old: Document, new: Document) -> EditionDiff:
    """Return the diff from ``old`` to ``new``, cached under both documents' fingerprints."""
    key = _diff_cache_key(old, new)
    diff = cache.get(key)
    if diff is None:
        diff = diff_units(document_units(old), document_units(new), old_slug=old.slug, new_slug=new.slug)
        cache.set(key, diff, DIFF_CACHE_TIMEOUT)
    return diff


def previous_edition(*, document: Document | ParsedDocument) -> Document | None:
    """Return the stored edition of the same family and language that precedes ``document``.

    "Precedes" means the newest one with an earlier effective date, else an undated one; for an
    undated ``document``, the newest other edition.
    """
    editions = Document.objects.for_family(document.family).filter(language=document.language).exclude(slug=document.slug)
    date = document.effective_date
    if isinstance(date, str):
        date = dt.date.fromisoformat(date) if date else None
    if date is None:
        return editions.first()
    return editions.filter(effective_date__lt=date).first() or editions.filter(effective_date__isnull=True).first()


def parsed_diff_against_previous(*, parsed: ParsedDocument) -> EditionDiff | None:
    """Return the diff from the family's previous stored edition to ``parsed``, or None."""
    previous = previous_edition(document=parsed)
    if previous is None:
        return None
    return diff_units(document_units(previous), parsed_units(parsed), old_slug=previous.slug, new_slug=parsed.slug)


# Pages -------------------------------------------------------------------------------------


def family_editions(*, family: str, language: str | None = None) -> list[Document]:
    """Return the editions of ``family`` in ``language`` newest first; raise Http404.

    ``language`` defaults to the family's original language (``selectors.family_language``):
    a translation is not a later edition of its original.
    """
    editions = list(Document.objects.for_family(family).filter(language=language or family_language(family=family)))
    if not editions:
        raise Http404(f"No document family {family!r}" + (f" in {language!r}" if language else ""))
    return editions


@dataclass
class EditionRow:
    """One line of the editions page: an edition, the one before it (same language), whether current."""

    document: Document
    previous: Document | None
    current: bool
    has_glossary: bool
    translations: list[Document] = field(default_factory=list)
    """The same edition (family and effective date) in other languages, shown beside it."""


def edition_rows(*, family: str, language: str | None = None) -> list[EditionRow]:
    """Return the editions of ``family`` in ``language`` (default: the original language) newest
    first, each with its predecessor and its translations; raise Http404."""
    documents = family_editions(family=family, language=language)
    glossaries = set(Section.objects.filter(document__in=documents, kind="glossary").values_list("document_id", flat=True).distinct())
    others = list(Document.objects.filter(family=family).exclude(language=documents[0].language).order_by("language", "slug"))
    rows = []
    for i, document in enumerate(documents):
        previous = documents[i + 1] if i + 1 < len(documents) else None
        translations = [d for d in others if d.effective_date == document.effective_date]
        rows.append(EditionRow(document, previous, i == 0, document.pk in glossaries, translations))
    return rows


def edition_in_force(*, family: str, on: dt.date, language: str | None = None) -> Document:
    """Return the edition of ``family`` in force on ``on``: the newest effective on or before it.

    Raise Http404 naming the oldest edition's date when none was in force then.
    """
    editions = family_editions(family=family, language=language)
    for document in editions:
        if document.effective_date is not None and document.effective_date <= on:
            return document
    dated = [d.effective_date for d in editions if d.effective_date]
    oldest = min(dated).isoformat() if dated else "unknown"
    raise Http404(f"No edition of {family} was in force on {on.isoformat()}: the oldest one stored takes effect {oldest}.")


def _edition(family: str, edition: str) -> Document:
    document = Document.objects.filter(family=family, edition=edition).first() or Document.objects.filter(
        family=family, slug=edition
    ).first()
    if document is None:
        raise Http404(f"No edition {edition!r} of {family}")
    return document


@dataclass
class DiffPage:
    """What the diff page shows: both editions, the counts, the groups and one page of entries."""

    family: str
    old: Document
    new: Document
    diff: EditionDiff
    counts: dict[str, int]
    groups: list[tuple[str, str, dict[str, int]]]
    group: str | None
    status: str | None
    page_obj: Page
    editions: list[Document]

    @property
    def page_groups(self) -> list[tuple[str, str, list[DiffEntry]]]:
        """Return this page's entries as ``(group, group title, entries)`` runs."""
        runs: list[tuple[str, str, list[DiffEntry]]] = []
        for entry in self.page_obj:
            if not runs or runs[-1][0] != entry.group:
                runs.append((entry.group, self.diff.group_titles.get(entry.group, ""), []))
            runs[-1][2].append(entry)
        return runs


def default_diff_editions(*, family: str, language: str | None = None) -> tuple[Document, Document]:
    """Return (previous, newest) editions of ``family``; raise Http404 when there is only one."""
    newest = family_editions(family=family, language=language)[0]
    previous = previous_edition(document=newest)
    if previous is None:
        raise Http404(f"{family} has only one edition in {newest.language}: nothing to compare.")
    return previous, newest


def diff_page(*, family: str, old_edition: str, new_edition: str, group: str | None = None, status: str | None = None, page: str | int | None = 1) -> DiffPage:
    """Return one :class:`DiffPage` of the diff between two editions; raise Http404."""
    old, new = _edition(family, old_edition), _edition(family, new_edition)
    diff = edition_diff(old=old, new=new)
    entries = diff.entries
    if group:
        entries = [e for e in entries if e.group == group]
    if status in STATUSES:
        entries = [e for e in entries if e.status == status]
    else:
        status = None
    page_obj = Paginator(entries, DIFF_PAGE_SIZE).get_page(page)
    editions = list(Document.objects.for_family(family).filter(language=new.language))
    return DiffPage(family, old, new, diff, diff.counts(), diff.groups(), group or None, status, page_obj, editions)


@dataclass
class HistoryStep:
    """One edition in a rule's history: the unit there (or None) and how it got there."""

    document: Document
    number: str | None
    section: Section | None
    status: str
    """``first`` (oldest edition shown), ``added``, ``unchanged``, ``changed``, ``renumbered``,
    ``removed`` or ``absent``."""
    previous_number: str | None = None
    html: str = ""


def _follow(editions: list[Document], index: int, number: str) -> list[str | None]:
    """Return the number in each edition (oldest first) of the unit ``number`` of ``editions[index]``."""
    numbers: list[str | None] = [None] * len(editions)
    numbers[index] = number
    for j in range(index + 1, len(editions)):
        previous = numbers[j - 1]
        numbers[j] = edition_diff(old=editions[j - 1], new=editions[j]).old_to_new.get(previous) if previous else None
    for j in range(index - 1, -1, -1):
        following = numbers[j + 1]
        numbers[j] = edition_diff(old=editions[j], new=editions[j + 1]).new_to_old.get(following) if following else None
    return numbers


def rule_history(*, family: str, number: str, edition: str | None = None, language: str | None = None) -> list[HistoryStep]:
    """Return the history of one unit across the editions of ``family``, oldest first.

    The unit is ``number`` in ``edition`` (default: the newest edition that has that number);
    it is followed through renumberings by text similarity. Only editions in the anchor's
    language are compared; without ``edition`` the anchor is in ``language``, by default the
    family's original language. Raise Http404 when no edition has the number.
    """
    if edition:
        anchor = _edition(family, edition)
    else:
        anchor = Document.objects.for_family(family).filter(
            sections__number=number, language=language or family_language(family=family)
        ).first()
    if anchor is None or not anchor.sections.filter(number=number).exists():
        raise Http404(f"No edition of {family} has a section {number!r}")
    editions = list(reversed(family_editions(family=family, language=anchor.language)))
    numbers = _follow(editions, [d.pk for d in editions].index(anchor.pk), number)
    steps: list[HistoryStep] = []
    previous: HistoryStep | None = None
    for document, here in zip(editions, numbers):
        section = document.sections.filter(number=here).select_related("document").first() if here else None
        if section is None:
            status = "removed" if previous is not None and previous.section is not None else "absent"
            step = HistoryStep(document, None, None, status)
        elif previous is None:
            step = HistoryStep(document, here, section, "first", html=escape(_section_body(section)))
        elif previous.section is None:
            step = HistoryStep(document, here, section, "added", html=escape(_section_body(section)))
        else:
            old_body, new_body = _section_body(previous.section), _section_body(section)
            status = "renumbered" if previous.number != here else ("unchanged" if old_body == new_body else "changed")
            html = diff_html(old_body, new_body) if old_body != new_body else escape(new_body)
            step = HistoryStep(document, here, section, status, previous.number, html)
        steps.append(step)
        previous = step
    return steps


def _section_body(section: Section) -> str:
    return unit_body(section.title, section.text, (section.data or {}).get("examples") or [])


def section_in_edition(*, family: str, number: str, from_edition: str, to_edition: str) -> tuple[Document, str | None]:
    """Return edition ``to_edition`` and its number for the unit ``number`` of ``from_edition``.

    The number is None when that edition does not have the unit; raise Http404 for an
    unknown edition or number.
    """
    steps = rule_history(family=family, number=number, edition=from_edition)
    target = _edition(family, to_edition)
    return target, next((step.number for step in steps if step.document.pk == target.pk), None)


def glossary_index(*, document_slug: str) -> tuple[Document, list[tuple[str, list[Section]]]]:
    """Return a document and its glossary entries grouped by initial (A–Z, then others); raise Http404."""
    document = Document.objects.filter(slug=document_slug).first()
    if document is None:
        raise Http404(f"No document {document_slug!r}")
    entries = document.sections.filter(kind="glossary").select_related("document").only("number", "title", "text", "document__slug")
    groups: dict[str, list[Section]] = {}
    for entry in sorted(entries, key=lambda s: s.title.casefold()):
        initial = entry.title[:1].upper()
        groups.setdefault(initial if initial.isalpha() else "#", []).append(entry)
    if not groups:
        raise Http404(f"{document_slug} has no glossary")
    return document, sorted(groups.items(), key=lambda item: (not ("A" <= item[0] <= "Z"), item[0]))


# Citation checking -------------------------------------------------------------------------


@dataclass
class CitationIssue:
    """A cited section that is missing, or that a newer edition moved, changed or removed."""

    document: str
    number: str
    problem: str
    """``missing`` (no such number in that document), ``unknown-document``, ``renumbered``,
    ``changed`` or ``removed`` (the last three: in the family's newest edition)."""
    suggestion: str | None = None
    """Likely number of the same rule (by text similarity) in ``suggestion_document``."""
    suggestion_document: str | None = None
    sources: list[str] = field(default_factory=list)

    @property
    def fails(self) -> bool:
        return self.problem == "missing"


@dataclass
class CitationReport:
    """The outcome of :func:`citations_check`."""

    checked: int
    issues: list[CitationIssue]
    errors: list[str]
    """Golden files that could not be read or resolved."""

    @property
    def missing(self) -> list[CitationIssue]:
        return [issue for issue in self.issues if issue.fails]


def iter_trace_citations(trace: Sequence[dict[str, Any]], path: str = "") -> Iterator[tuple[str, str, str]]:
    """Yield ``(step path, document, number)`` for each cited rule, branches included.

    A step path is ``"3"`` or, inside a branch, ``"3.branches[1].0"``.
    """
    for position, step in enumerate(trace or []):
        if not isinstance(step, dict):
            continue
        here = f"{path}{step.get('index', position)}"
        rule = step.get("rule")
        if isinstance(rule, dict) and rule.get("document") and rule.get("number"):
            yield here, str(rule["document"]), str(rule["number"])
        for b, branch in enumerate(step.get("branches") or []):
            if isinstance(branch, dict):
                yield from iter_trace_citations(branch.get("trace") or [], f"{here}.branches[{b}].")


def _best_match(body: str, candidates: list[Unit]) -> str | None:
    """Return the number of the candidate most similar to ``body`` (ratio ≥ RENUMBER_RATIO)."""
    probe = Unit("", "", body, None, "", 0, "", 0)
    matcher = _Matcher([], candidates)
    words = set(_WORD_RE.findall(body.casefold()))
    pool = [c for c in candidates if words & set(_WORD_RE.findall(c.body.casefold()))] if words else candidates
    scored = [(matcher.ratio(probe, c, RENUMBER_RATIO), c.number) for c in pool]
    scored = [item for item in scored if item[0] >= RENUMBER_RATIO]
    return max(scored)[1] if scored else None


def _check_citation(document: Document, number: str, family_docs: list[Document]) -> CitationIssue | None:
    same_language = [d for d in family_docs if d.language == document.language]
    newest = same_language[0]
    section = document.sections.filter(number=number).first()
    if section is None:
        # Find the number in another edition and follow the rule into the cited one.
        for other in same_language:
            if other.pk != document.pk and other.sections.filter(number=number).exists():
                _, moved = section_in_edition(family=document.family, number=number, from_edition=other.edition, to_edition=document.edition)
                if moved is None:
                    body = _section_body(other.sections.get(number=number))
                    moved = _best_match(body, document_units(document))
                return CitationIssue(document.slug, number, "missing", moved, document.slug)
        return CitationIssue(document.slug, number, "missing")
    if newest.pk == document.pk:
        return None
    _, now = section_in_edition(family=document.family, number=number, from_edition=document.edition, to_edition=newest.edition)
    if now is None:
        return CitationIssue(document.slug, number, "removed", _best_match(_section_body(section), document_units(newest)), newest.slug)
    if now != number:
        return CitationIssue(document.slug, number, "renumbered", now, newest.slug)
    current = newest.sections.get(number=now)
    if _section_body(current) != _section_body(section):
        return CitationIssue(document.slug, number, "changed", now, newest.slug)
    return None


def golden_citations(directory: Path) -> tuple[list[tuple[str, str, str]], list[str]]:
    """Resolve every golden file ``directory/*/*.json``; return its citations and the failures.

    Citations are ``(source, document, number)`` with source ``"<game>/<file> step <path>"``.
    """
    import engine  # The engine is pure Python; only this check needs it.

    citations: list[tuple[str, str, str]] = []
    errors: list[str] = []
    for path in sorted(directory.glob("*/*.json")):
        name = f"{path.parent.name}/{path.name}"
        try:
            golden = json.loads(path.read_text(encoding="utf-8"))
            trace = engine.resolve(golden["scenario"])["trace"]
        except Exception as exc:  # A broken golden file is reported, not fatal to the check.
            errors.append(f"{name}: {exc}")
            continue
        citations += [(f"{name} step {step}", doc, number) for step, doc, number in iter_trace_citations(trace)]
    return citations, errors


def citations_check(*, golden_dir: Path | None = None) -> CitationReport:
    """Check every citation in stored rulings and golden scenarios against its document.

    Stored rulings are the ``trace`` of every :class:`~rulesite.scenarios.models.Scenario`
    (branches included); golden files are resolved with ``engine.resolve`` when ``golden_dir``
    is given. Return a :class:`CitationReport`; issues are sorted by document and number.
    """
    from rulesite.scenarios.models import Scenario

    sources: dict[tuple[str, str], list[str]] = defaultdict(list)
    for code, trace in Scenario.objects.order_by("pk").values_list("code", "trace").iterator():
        for step, doc, number in iter_trace_citations(trace):
            sources[(doc, number)].append(f"/r/{code}/ step {step}")
    errors: list[str] = []
    if golden_dir is not None:
        golden, errors = golden_citations(golden_dir)
        for source, doc, number in golden:
            sources[(doc, number)].append(source)
    documents = {d.slug: d for d in Document.objects.filter(slug__in={doc for doc, _ in sources})}
    families: dict[str, list[Document]] = {}
    issues = []
    for (slug, number), where in sorted(sources.items()):
        document = documents.get(slug)
        if document is None:
            issue: CitationIssue | None = CitationIssue(slug, number, "unknown-document")
        else:
            if document.family not in families:
                families[document.family] = list(Document.objects.for_family(document.family))
            issue = _check_citation(document, number, families[document.family])
        if issue is not None:
            issue.sources = where
            issues.append(issue)
    return CitationReport(len(sources), issues, errors)
