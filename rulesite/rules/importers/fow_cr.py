"""Importer for the Force of Will Comprehensive Rules (``fow-cr``), the English plain-text edition.

The file (``FoW-CR-12.7.txt`` in the shared corpora folder) is a PDF transcription laid out as:
a title line and a "Last Update" line; a contents list whose two columns were split, so that all
of a block's numbers (``100.`` … ``105.``) come first and their titles (``Overview ..... 4``)
later, in the same order; then, after a form feed, the body: chapter headings (``100.`` with its
title on a line of its own, or ``1300. Other Rules``), sections (``101. General``), rules
(``101.1.``), subrules (``104.2a.``) and items (``903.2h-1`` without a period), each followed by
the lines its text was wrapped into, examples (``Ex. …``), and a page number alone on a line at
the foot of every page; last, the list of updates (``CR Updates:``).

Every decision keys on the numbering and the layout, never on English words (the updates
heading is the line that ends in the contents list's last, unnumbered entry: "Updates:"). A numbered line is a heading only where the numbering allows it: its parent
must already exist and it must come after its elder siblings, so a wrapped line that happens to
start with ``100.`` (a damage amount) stays part of the text it continues.

The contents list and the body disagree in places (the contents list has ``453.`` where the body
has ``405.``): the body wins, and :func:`parse` records each disagreement in
``ParsedDocument.notes`` (the reconciliation list printed by ``import_rules``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulesite.rules.importers.base import ImportFormatError, ParsedDocument, ParsedSection, normalize_whitespace

FAMILY = "fow-cr"
GAME = "fow"

_CHAPTER_RE = re.compile(r"^(?P<number>[1-9]\d?00)\.(?:\s+(?P<text>\S.*))?$")
_SECTION_RE = re.compile(r"^(?P<number>[1-9]\d{2,3})\.(?:\s+(?P<text>\S.*))?$")
_RULE_RE = re.compile(r"^(?P<number>[1-9]\d{2,3}\.\d{1,3})\.(?:\s+(?P<text>\S.*))?$")
_SUBRULE_RE = re.compile(r"^(?P<number>[1-9]\d{2,3}\.\d{1,3}[a-z])\.(?:\s+(?P<text>\S.*))?$")
_ITEM_RE = re.compile(r"^(?P<number>[1-9]\d{2,3}\.\d{1,3}[a-z]-\d{1,3})(?:\s+(?P<text>\S.*))?$")
_PAGE_RE = re.compile(r"^\d{1,3}$")
_EXAMPLE_RE = re.compile(r"^Ex\.\s*(?P<text>.*)$")
_LEADER_RE = re.compile(r"\s*\.{2,}\s*\d*\s*$")
_VERSION_RE = re.compile(r"\bver\.?\s*(?P<version>\d+(?:\.\d+)*)", re.IGNORECASE)
_MONTHS = {name: number for number, name in enumerate(
    "jan feb mar apr may jun jul aug sep oct nov dec".split(), start=1)}
_DATE_RE = re.compile(r"(?P<month>[A-Za-z]{3})[a-z]*\.?\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})")
_NEW_PARAGRAPH = ("- ", "\u2022", "\uf0b7", "\uf09f")

KINDS = ("chapter", "section", "rule", "subrule", "item")
"""The levels of the numbering, outermost first: ``100``, ``101``, ``101.1``, ``104.2a``, ``903.2h-1``."""


@dataclass
class _Unit:
    """A numbered unit being collected: its number, level, parent and source lines."""

    number: str
    kind: str
    parent: str | None
    title: str = ""
    lines: list[str] = field(default_factory=list)
    examples: list[list[str]] = field(default_factory=list)
    page: str = ""


def _sort_key(number: str) -> tuple:
    """Return a key that orders numbers as the document does (``101.9`` < ``101.10``, ``a`` < ``b``)."""
    head, _, item = number.partition("-")
    section, _, rest = head.partition(".")
    digits = re.match(r"\d*", rest).group()
    letter = rest[len(digits):]
    return (int(section), int(digits or 0), letter, int(item or 0))


def _parent_of(number: str, kind: str) -> str | None:
    """Return the number of the unit that encloses ``number`` of level ``kind``."""
    if kind == "chapter":
        return None
    if kind == "section":
        return str(int(number) // 100 * 100)
    if kind == "rule":
        return number.partition(".")[0]
    if kind == "subrule":
        return number[:-1]
    return number.partition("-")[0]


def _classify(text: str) -> tuple[str, str, str] | None:
    """Return ``(kind, number, rest)`` when ``text`` is shaped like a numbered heading, else ``None``."""
    for kind, regex in (("item", _ITEM_RE), ("subrule", _SUBRULE_RE), ("rule", _RULE_RE)):
        match = regex.match(text)
        if match:
            return kind, match["number"], match["text"] or ""
    match = _CHAPTER_RE.match(text)
    if match:
        return "chapter", match["number"], match["text"] or ""
    match = _SECTION_RE.match(text)
    if match:
        return "section", match["number"], match["text"] or ""
    return None


def _contents(lines: list[str]) -> list[tuple[str, str]]:
    """Return the contents list as ``(number, title)`` pairs, plus ``("", title)`` for unnumbered ones.

    The split columns put a block's numbers before its titles; both keep the document's order,
    so the n-th number goes with the n-th title.
    """
    numbers: list[str] = []
    titles: list[str] = []
    for text in lines:
        match = _SECTION_RE.match(text)
        if match:
            numbers.append(match["number"])
            if match["text"]:
                titles.append(_LEADER_RE.sub("", match["text"]).strip())
        elif ".." in text:
            titles.append(_LEADER_RE.sub("", text).strip())
    pairs = list(zip(numbers, titles))
    pairs += [("", title) for title in titles[len(numbers):]]
    return pairs


def _join(lines: list[str]) -> str:
    """Join wrapped source lines into display text: one paragraph per list item, wraps become spaces."""
    paragraphs: list[str] = []
    for line in lines:
        if not paragraphs or line.startswith(_NEW_PARAGRAPH):
            paragraphs.append(line)
        else:
            paragraphs[-1] = f"{paragraphs[-1]} {line}"
    return "\n".join(normalize_whitespace(p) for p in paragraphs)


def parse(text: str, *, edition: str | None = None, language: str | None = None) -> ParsedDocument:
    """Parse the Force of Will Comprehensive Rules into a ``ParsedDocument``.

    ``text`` is the whole file (a byte-order mark, form feeds and any line endings are accepted).
    ``edition`` defaults to the version on the title line (``12.7``); ``language`` must be ``en``
    (the only language the document is published in here). Return chapters (``100``), sections
    (``101``), rules (``101.1``), subrules (``104.2a``), items (``903.2h-1``) and the updates list
    (``updates``), parents before children, each with the printed page it starts on, and in
    ``notes`` every disagreement between the contents list and the body (FoW CR: the body wins).

    Raise ``ImportFormatError`` when the file has no contents list, no body, or no version while
    ``edition`` is not given; ``ValueError`` for a language other than ``en``.
    """
    language = language or "en"
    if language != "en":
        raise ValueError(f"fow-cr: the Force of Will Comprehensive Rules are imported in English (en), not {language!r}")
    lines = [line.replace("\f", "").strip() for line in text.removeprefix("\ufeff").splitlines()]
    title = next((line for line in lines if line), "")
    if not title:
        raise ImportFormatError("fow-cr: the file is empty: expected the title line 'Force of Will Comprehensive Rules ver. …'")
    first = next((i for i, line in enumerate(lines) if _CHAPTER_RE.fullmatch(line) and not _CHAPTER_RE.match(line)["text"]), None)
    if first is None:
        raise ImportFormatError("fow-cr: no contents list starting with a chapter number such as '100.' found")
    body = next((i for i in range(first + 1, len(lines)) if lines[i] == lines[first]), None)
    if body is None:
        raise ImportFormatError(f"fow-cr: the body's first chapter heading {lines[first]!r} was not found after the contents list")
    contents = _contents(lines[first:body])
    units, updates = _collect(lines[body:], contents)
    if not any(unit.kind == "rule" for unit in units):
        raise ImportFormatError("fow-cr: no numbered rules such as '101.1.' found in the body")

    match = _VERSION_RE.search(title)
    if edition is None:
        if not match:
            raise ImportFormatError("fow-cr: no version ('ver. 12.7') on the title line: pass the edition explicitly")
        edition = match["version"]
    sections = [_to_section(unit) for unit in units]
    if updates:
        sections.append(ParsedSection(number="updates", title=updates[0].rstrip(":"), kind="topic",
                                      text="\n".join(updates[1:]), raw_text="\n".join(updates)))
    return ParsedDocument(family=FAMILY, edition=edition, language=language, game=GAME,
                          title=normalize_whitespace(title), sections=sections,
                          effective_date=_effective_date(lines[:first]), notes=_reconcile(contents, units))


def _collect(lines: list[str], contents: list[tuple[str, str]]) -> tuple[list[_Unit], list[str]]:
    """Collect the body's numbered units, and the lines of the updates list that follows them."""
    units: dict[str, _Unit] = {}
    last_child: dict[str | None, str] = {}
    current: _Unit | None = None
    pending_title: _Unit | None = None
    unpaged: list[_Unit] = []
    last_page = 0
    back_titles = {title for number, title in contents if not number}
    updates: list[str] = []
    in_example = False
    # Numbers printed alone in a row (604.1b. … 604.1f.) whose texts follow in a block of their
    # own: the split columns again; the n-th text line goes to the n-th number.
    awaiting: list[_Unit] = []
    in_block = False
    for text in lines:
        if updates:
            if not _PAGE_RE.match(text) and text:
                updates.append(text)
            continue
        if not text:
            in_example = False
            continue
        if _PAGE_RE.match(text) and (not last_page or last_page < int(text) <= last_page + 5):
            last_page = int(text)
            for unit in unpaged:
                unit.page = f"p.{last_page}"
            unpaged = []
            continue
        if any(text.lower().endswith(back.lower()) for back in back_titles):
            # The contents list's unnumbered last entry ("Updates:"; the body says "CR Updates:").
            updates.append(text)
            continue
        shape = _classify(text)
        if pending_title is not None and not shape:
            pending_title.title = text
            pending_title = None
            continue
        if shape:
            kind, number, rest = shape
            parent = _parent_of(number, kind)
            elder = last_child.get(parent)
            if kind == "chapter":
                # Chapters run 100, 200, 300 …: a wrapped "2000." inside 910.2c-1 is not one.
                fits = int(number) == int(elder or 0) + 100
            else:
                fits = (number not in units and parent in units
                        and (elder is None or _sort_key(elder) < _sort_key(number)))
            if fits:
                current = _Unit(number=number, kind=kind, parent=parent)
                units[number] = current
                unpaged.append(current)
                last_child[parent] = number
                in_example = False
                if kind in ("chapter", "section"):
                    current.title = rest
                    if not rest:
                        pending_title = current
                elif rest:
                    current.lines.append(rest)
                    awaiting = []
                else:
                    awaiting.append(current)
                continue
        if current is None:
            continue
        if len(awaiting) > 1 or (awaiting and in_block):
            in_block = True
            current = awaiting.pop(0)
            current.lines.append(text)
            continue
        awaiting, in_block = [], False
        example = _EXAMPLE_RE.match(text)
        if example:
            current.examples.append([example["text"]] if example["text"] else [])
            in_example = True
        elif in_example and current.examples:
            current.examples[-1].append(text)
        else:
            current.lines.append(text)
    return list(units.values()), updates


def _to_section(unit: _Unit) -> ParsedSection:
    """Turn a collected unit into a ``ParsedSection``: examples after its text, as in the CR importer."""
    text = _join(unit.lines)
    examples = [_join(example) for example in unit.examples if example]
    raw = "\n".join(unit.lines + [f"Ex. {line}" if i == 0 else line
                                  for example in unit.examples for i, line in enumerate(example)])
    shown = "\n".join([text, *(f"Ex. {example}" for example in examples)]).strip()
    data = {"examples": examples} if unit.kind not in ("chapter", "section") else {}
    return ParsedSection(number=unit.number, title=normalize_whitespace(unit.title), text=shown, raw_text=raw or shown,
                         parent=unit.parent, kind=unit.kind, page=unit.page, data=data)


def _effective_date(lines: list[str]) -> str:
    """Return the "Last Update: Sep 18th, 2025" date as ``2025-09-18``, or ``""``."""
    for text in lines:
        match = _DATE_RE.search(text)
        if match and match["month"][:3].lower() in _MONTHS:
            return f"{match['year']}-{_MONTHS[match['month'][:3].lower()]:02d}-{int(match['day']):02d}"
    return ""


def _reconcile(contents: list[tuple[str, str]], units: list[_Unit]) -> list[str]:
    """Return one line for every place where the contents list and the body disagree.

    A number listed but absent from the body, a chapter or section of the body the contents list
    lacks, and a title that differs (compared without case and spacing).
    """
    body = {unit.number: unit for unit in units if unit.kind in ("chapter", "section")}
    listed = {number: title for number, title in contents if number}
    notes: list[str] = []
    for number, title in listed.items():
        unit = body.get(number)
        if unit is None:
            at = next((u for u in body.values() if u.title and normalize_whitespace(u.title).lower()
                       == normalize_whitespace(title).lower() and u.number not in listed), None)
            where = f"; the body has {at.number}. {at.title}" if at else ""
            notes.append(f"contents list {number}. {title}: not in the body{where} (the body is followed)")
        elif title and unit.title and normalize_whitespace(title).lower() != normalize_whitespace(unit.title).lower():
            notes.append(f"{number}: the contents list says {title!r}, the body {unit.title!r} (the body is followed)")
    for number, unit in body.items():
        if number not in listed:
            notes.append(f"body {number}. {unit.title}: not in the contents list")
    return notes
