"""Importer for the Magic: The Gathering Comprehensive Rules in Wizards' plain-text format.

The file is laid out as: a title line, an "effective as of" line and an introduction; a
contents list repeating every chapter (``1. Game Concepts``) and section (``100. General``)
heading followed by the back-matter headings (``Glossary``, ``Credits``); the body of
numbered rules (``100.1.``) and subrules (``100.1a``), each possibly followed by examples and
unnumbered continuation paragraphs; the glossary (a term line, then its definition lines);
and the credits.

Every structural decision keys on the numbering, the blank lines and the relative layout,
never on English words, so a Chinese edition with the same numbering parses the same way
(only the date reader and the ``obsolete`` flag know English words, beside Chinese forms):

- the body starts at the second occurrence of the first chapter heading line (the first is
  in the contents list);
- the glossary starts at the first line after the last numbered rule that is not part of
  that rule; its heading and the credits heading are named by the unnumbered lines that end
  the contents list;
- an unnumbered line after a rule is an example when it opens with a one-word label and a
  colon (``Example:``, ``例：``), otherwise it continues the rule's own text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from rulesite.rules.importers.base import (
    ImportFormatError,
    ParsedDocument,
    ParsedSection,
    normalize_whitespace,
    strip_cjk_spaces,
)

FAMILY = "mtg-cr"
GAME = "mtg"
LANGUAGES = ("en", "zh-Hans", "zh-Hant")

# After the number comes a period, whitespace, or (in a CJK edition) the text itself.
_AFTER_NUMBER = r"(?:[.．]\s*|\s+|(?=[^\x00-\x7F])|$)"
_CHAPTER_RE = re.compile(r"^(?P<number>[1-9])[.．](?:\s+|(?=[^\x00-\x7F]))(?P<text>\S.*)$")
_SECTION_RE = re.compile(r"^(?P<number>[1-9]\d\d)[.．](?:\s+|(?=[^\x00-\x7F]))(?P<text>\S.*)$")
# "119.1d." and "606.5 " (stray period, missing period) occur in the 2022-04-29 edition.
_RULE_RE = re.compile(
    rf"^(?P<number>(?P<section>[1-9]\d\d)\.\d+(?P<letter>[a-z]?)){_AFTER_NUMBER}(?P<text>.*)$"
)
# A label is one word of letters in any script, then an ASCII or full-width colon.
_EXAMPLE_RE = re.compile(r"^(?P<label>[^\W\d_]{1,12})\s*[:：]\s*(?P<text>\S.*)$")
_SENSE_RE = re.compile(r"^\d+[.．]\s*\S")
_RULE_REF_RE = re.compile(r"(?<![\d.])[1-9]\d\d(?:\.\d+[a-z]?)?(?![\d])")
# A sentence, or a quotation or parenthesis closing one, ends a definition line.
_TERMINAL_PUNCT = tuple('.!?。！？"”」』)）]')
_QUALIFIER_RE = re.compile(r"\s*[(（](?P<qualifier>[^()（）]+)[)）]$")
_MONTHS = {
    name: number
    for number, name in enumerate(
        "january february march april may june july august september october november "
        "december".split(),
        start=1,
    )
}
_DATE_PATTERNS = (
    # "effective as of April 29, 2022."
    (re.compile(r"\b(?P<month>[A-Za-z]+)\s+(?P<day>\d{1,2}),\s*(?P<year>\d{4})\b"), True),
    # "2022年4月29日"
    (re.compile(r"(?P<year>\d{4})\s*年\s*(?P<month>\d{1,2})\s*月\s*(?P<day>\d{1,2})\s*日"), False),
    (re.compile(r"\b(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})\b"), False),
)
# A rule whose whole text is a phrase ending in none of these is a heading (702.85. Cascade).
_HEADING_END_PUNCT = (*_TERMINAL_PUNCT, ":", "：", ",", "，", ";", "；")
# A glossary term is a short phrase; a longer unpunctuated line is a definition.
_MAX_TERM_LENGTH = 80


@dataclass
class _Line:
    """One source line: 1-based ``lineno``, leading-whitespace ``indent``, stripped ``text``."""

    lineno: int
    indent: int
    text: str


@dataclass
class _Paragraph:
    """A paragraph of a unit in source order: its text and whether it is an example."""

    text: str
    indent: int
    example_label: str = ""
    example_text: str = ""


@dataclass
class _Unit:
    """A numbered unit being collected: its heading line plus the paragraphs that follow."""

    number: str
    kind: str
    parent: str | None
    title: str
    lineno: int
    paragraphs: list[_Paragraph] = field(default_factory=list)
    reconstructed: bool = False
    printed_number: str = ""
    """The number the file prints when it is a numbering slip (``701.42a`` printed twice)."""


def parse(
    text: str, *, edition: str | None = None, language: str | None = None
) -> ParsedDocument:
    """Parse one edition of the Comprehensive Rules into a ``ParsedDocument``.

    ``text`` is the whole file as a string (a byte-order mark and CRLF, LF or CR line
    endings are accepted). ``edition`` defaults to the document's effective date
    (``2022-04-29``), suffixed ``-zh`` for a Chinese ``language`` (``en`` by default,
    ``zh-Hans`` or ``zh-Hant``). Return chapters ``1``..``9``, sections ``100``..,
    rules ``100.1``, subrules ``100.1a``, a ``glossary`` chapter and its entries
    ``glossary/<term-slug>``, parents before children in document order.

    Raise ``ImportFormatError`` when the file has no chapter heading, no numbered rules,
    a number twice (that is not a numbering slip, see ``_mend_slip``), or no effective date
    while ``edition`` is not given; raise ``ValueError`` for an unknown ``language``.
    Each mended slip is a reconstructed section with ``data["printed_number"]`` and a line
    of ``notes``.
    """
    language = language or "en"
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    lines = _split_lines(text)
    title = next((line.text for line in lines if line.text), "")
    if not title:
        raise ImportFormatError("the file is empty: expected the Comprehensive Rules title line")

    body_start, contents = _find_body(lines)
    back_headings = _back_matter_headings(contents)
    last_rule = _last_rule_index(lines, body_start)
    glossary_start = _find_glossary_start(lines, last_rule, back_headings)

    units = _collect_rules(lines[body_start:glossary_start])
    sections = [_unit_to_section(unit) for unit in units]
    notes = [
        f"line {unit.lineno}: {unit.printed_number} is a numbering slip, taken as {unit.number} "
        f"(its place in {unit.parent}; the number is marked reconstructed)"
        for unit in units
        if unit.printed_number
    ]
    if glossary_start < len(lines):
        known_rules = {section.number for section in sections}
        sections.extend(_parse_glossary(lines[glossary_start:], back_headings, known_rules, notes))

    effective_date = _find_effective_date(lines[:body_start]) or _find_effective_date(lines)
    if not effective_date and edition and re.match(r"^\d{4}-\d{2}-\d{2}", edition):
        effective_date = edition[:10]
    if edition is None:
        if not effective_date:
            raise ImportFormatError(
                "no effective date (e.g. 'effective as of April 29, 2022') found before the "
                "rules: pass the edition explicitly"
            )
        edition = effective_date if language == "en" else f"{effective_date}-zh"
    return ParsedDocument(
        family=FAMILY,
        edition=edition,
        language=language,
        game=GAME,
        title=_clean(title),
        sections=sections,
        effective_date=effective_date,
        notes=notes,
    )


def _split_lines(text: str) -> list[_Line]:
    """Split ``text`` into ``_Line`` records, dropping a byte-order mark.

    ``str.splitlines`` treats ``\\r\\n``, ``\\n`` and a lone ``\\r`` alike, which is why it
    is used rather than ``split("\\n")``.
    """
    text = text.removeprefix("\ufeff")
    result = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        result.append(_Line(lineno, len(raw) - len(raw.lstrip()), stripped))
    return result


def _find_body(lines: list[_Line]) -> tuple[int, list[_Line]]:
    """Return the index of the body's first chapter heading and the contents lines before it.

    The contents list repeats every heading, so the body starts at the second occurrence
    of the first chapter heading line. A file without a contents list starts at the first.
    """
    first = next((i for i, line in enumerate(lines) if _CHAPTER_RE.match(line.text)), None)
    if first is None:
        raise ImportFormatError(
            "no chapter heading such as '1. Game Concepts' found: not a Comprehensive Rules file"
        )
    heading = normalize_whitespace(lines[first].text)
    for i in range(first + 1, len(lines)):
        if normalize_whitespace(lines[i].text) == heading:
            return i, lines[first:i]
    return first, []


def _back_matter_headings(contents: list[_Line]) -> list[str]:
    """Return the unnumbered headings that end the contents list (glossary, credits)."""
    headings: list[str] = []
    for line in contents:
        if _CHAPTER_RE.match(line.text) or _SECTION_RE.match(line.text):
            headings = []
        elif line.text:
            headings.append(normalize_whitespace(line.text))
    return headings


def _last_rule_index(lines: list[_Line], body_start: int) -> int:
    """Return the index of the last numbered rule or subrule line of the body."""
    for i in range(len(lines) - 1, body_start - 1, -1):
        if _RULE_RE.match(lines[i].text):
            return i
    raise ImportFormatError(
        f"no numbered rules such as '100.1.' or '100.1a' found after line "
        f"{lines[body_start].lineno} ({lines[body_start].text!r})"
    )


def _find_glossary_start(lines: list[_Line], last_rule: int, back_headings: list[str]) -> int:
    """Return the index of the glossary heading, or ``len(lines)`` when there is none.

    It is the line after the last rule that the contents list names first among its
    back-matter headings; failing that, the first line after the last rule that is neither
    an example nor indented deeper than that rule.
    """
    following = range(last_rule + 1, len(lines))
    if back_headings:
        for i in following:
            if normalize_whitespace(lines[i].text) == back_headings[0]:
                return i
    rule_indent = lines[last_rule].indent
    for i in following:
        line = lines[i]
        if line.text and not _EXAMPLE_RE.match(line.text) and line.indent <= rule_indent:
            return i
    return len(lines)


def _collect_rules(lines: list[_Line]) -> list[_Unit]:
    """Group the body lines into chapters, sections, rules and subrules in document order.

    Parents are derived from the numbers (``613.8a`` is in ``613.8``, in ``613``, in
    chapter ``6``); a parent the file lacks is rebuilt, empty and ``reconstructed``, so
    that every unit still has one.
    """
    units: list[_Unit] = []
    by_number: dict[str, _Unit] = {}

    def add(unit: _Unit) -> None:
        if unit.number in by_number:
            previous = by_number[unit.number]
            if not previous.reconstructed:
                raise ImportFormatError(
                    f"rule {unit.number} appears twice: lines {previous.lineno} and {unit.lineno}"
                )
            # A later real heading replaces the placeholder built for an early child.
            previous.title, previous.lineno, previous.reconstructed = (
                unit.title, unit.lineno, False
            )
            previous.paragraphs.extend(unit.paragraphs)
            return
        if unit.parent is not None and unit.parent not in by_number:
            add(_placeholder(unit.parent, unit.lineno))
        units.append(unit)
        by_number[unit.number] = unit

    printed = {match["number"] for line in lines if (match := _RULE_RE.match(line.text))}
    current: _Unit | None = None
    rule: _Unit | None = None  # the latest numbered rule (not subrule)
    for line in lines:
        if not line.text:
            continue
        if match := _RULE_RE.match(line.text):
            number, printed_number = match["number"], ""
            if match["letter"]:
                mended = _mend_slip(number, rule, by_number, printed)
                if mended:
                    number, printed_number = mended, number
                kind, parent = "subrule", number[:-1]
            else:
                kind, parent = "rule", match["section"]
            current = _Unit(number, kind, parent, "", line.lineno, reconstructed=bool(printed_number),
                            printed_number=printed_number)
            current.paragraphs.append(_Paragraph(match["text"].strip(), line.indent))
            if kind == "rule":
                rule = current
        elif match := _SECTION_RE.match(line.text):
            number = match["number"]
            current = _Unit(number, "section", number[0], match["text"].strip(), line.lineno)
        elif match := _CHAPTER_RE.match(line.text):
            current = _Unit(match["number"], "chapter", None, match["text"].strip(), line.lineno)
        elif current is None:
            raise ImportFormatError(f"line {line.lineno}: text before the first chapter heading")
        else:
            _attach_paragraph(current, line)
            continue
        add(current)
        current = by_number[current.number]
    return units


# Subrule letters skip "l" and "o" (CR introduction).
_SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"


def _mend_slip(number: str, rule: _Unit | None, by_number: dict[str, _Unit], printed: set[str]) -> str | None:
    """Return the number a misnumbered subrule line stands for, or None when it is no slip.

    Two slips of a translation are mended by position, so that the line pairs with the
    original's subrule at the same place:

    - a subrule printed twice (the zh-Hans 2022-04-29 ``701.42a`` where the English has
      ``701.42a`` and ``701.42b``) is the next subrule of its rule;
    - a subrule whose rule the file never prints, inside the subtree of the rule before it
      (``724.3a`` under ``724.2``), is the next subrule of that rule.

    The mended number must not be printed anywhere in the file, else the file is left to be
    refused as having a number twice. ``rule`` is the latest numbered rule collected.
    """
    parent = number[:-1]
    if number in by_number and not by_number[number].reconstructed:
        base = parent
    elif (
        rule is not None
        and parent not in printed
        and parent != rule.number
        and parent.split(".")[0] == rule.number.split(".")[0]
    ):
        base = rule.number
    else:
        return None
    taken = [n[len(base):] for n in by_number if n.startswith(base) and len(n) == len(base) + 1]
    last = max((_SUBRULE_LETTERS.find(letter) for letter in taken), default=-1)
    if last + 1 >= len(_SUBRULE_LETTERS):
        return None
    mended = base + _SUBRULE_LETTERS[last + 1]
    return None if mended in printed or mended in by_number else mended


def _placeholder(number: str, lineno: int) -> _Unit:
    """Return an empty, reconstructed unit standing in for a missing parent ``number``."""
    if "." in number:
        return _Unit(number, "rule", number.split(".")[0], "", lineno, reconstructed=True)
    if len(number) == 3:
        return _Unit(number, "section", number[0], "", lineno, reconstructed=True)
    return _Unit(number, "chapter", None, "", lineno, reconstructed=True)


def _attach_paragraph(unit: _Unit, line: _Line) -> None:
    """Add an unnumbered ``line`` to ``unit``: a new example, or more of the text before it.

    An unlabelled line indented at least as deep as the example before it continues that
    example; otherwise it is another paragraph of the rule itself (e.g. 205.3i's list of
    basic land types).
    """
    if match := _EXAMPLE_RE.match(line.text):
        unit.paragraphs.append(
            _Paragraph(line.text, line.indent, match["label"], match["text"].strip())
        )
        return
    last = unit.paragraphs[-1] if unit.paragraphs else None
    if last is not None and last.example_label and line.indent >= last.indent:
        last.text = f"{last.text}\n{line.text}"
        last.example_text = f"{last.example_text}\n{line.text}"
        return
    unit.paragraphs.append(_Paragraph(line.text, line.indent))


def _unit_to_section(unit: _Unit) -> ParsedSection:
    """Turn a collected unit into a ``ParsedSection``, examples appended to its text."""
    raw_text = "\n".join(paragraph.text for paragraph in unit.paragraphs)
    text = "\n".join(_clean(part) for part in raw_text.split("\n"))
    data: dict = {}
    title = _clean(unit.title)
    if unit.kind in ("rule", "subrule"):
        data["examples"] = [
            "\n".join(_clean(part) for part in paragraph.example_text.split("\n"))
            for paragraph in unit.paragraphs
            if paragraph.example_label
        ]
        title = _rule_title(unit)
    return ParsedSection(
        number=unit.number,
        title=title,
        text=text,
        raw_text=raw_text,
        parent=unit.parent,
        kind=unit.kind,
        reconstructed=unit.reconstructed,
        data=data | ({"printed_number": unit.printed_number} if unit.printed_number else {}),
    )


def _rule_title(unit: _Unit) -> str:
    """Return a rule's own text when it is a bare heading (``702.85. Cascade``), else ``""``."""
    if not unit.paragraphs:
        return ""
    first = _clean(unit.paragraphs[0].text)
    if first and len(first) <= _MAX_TERM_LENGTH and not first.endswith(_HEADING_END_PUNCT):
        return first
    return ""


def _parse_glossary(
    lines: list[_Line], back_headings: list[str], known_rules: set[str], notes: list[str]
) -> list[ParsedSection]:
    """Parse the glossary, starting at its heading line, into a chapter and its entries.

    Entries are blank-line separated blocks of a term line and definition lines; the
    glossary ends at a block of one line (the credits heading, which the contents list
    names when it can). ``known_rules`` are the parsed numbers, so that ``data["rules"]``
    lists only real references. A term repeated word for word is left out with a line in
    ``notes``; a term repeated with another definition gets the next free permalink
    (``glossary/<slug>-2``), also noted.
    """
    heading = lines[0]
    credits_heading = back_headings[1] if len(back_headings) > 1 else None
    blocks: list[list[_Line]] = []
    block: list[_Line] = []
    for line in [*lines[1:], _Line(0, 0, "")]:
        if line.text:
            block.append(line)
            continue
        if not block:
            continue
        if len(block) == 1:
            if credits_heading is None or normalize_whitespace(block[0].text) == credits_heading:
                break
            raise ImportFormatError(
                f"line {block[0].lineno}: glossary term {block[0].text!r} has no definition"
            )
        blocks.append(block)
        block = []

    entries = [entry for block in blocks for entry in _split_block(block)]
    slugs = _term_slugs([entry[0].text for entry in entries])
    chapter = ParsedSection(
        number="glossary", title=_clean(heading.text), text="", parent=None, kind="chapter"
    )
    sections = [chapter]
    seen: dict[str, tuple[int, list[str]]] = {}
    for entry, slug in zip(entries, slugs):
        term_line, definition = entry[0], entry[1:]
        if slug in seen:
            first_line, first_definition = seen[slug]
            if first_definition == [line.text for line in definition]:
                # A translation's glossary may list a term twice, word for word (zh-Hans 暗码).
                notes.append(
                    f"line {term_line.lineno}: glossary term {term_line.text!r} repeats the entry at "
                    f"line {first_line} word for word (the repeat is left out)"
                )
                continue
            # Two terms of the original may share one translation (zh-Hans 平原行者 for
            # Planeswalking and Plainswalk): the later one gets the next free permalink.
            suffix = 2
            while f"{slug}-{suffix}" in seen:
                suffix += 1
            slug = f"{slug}-{suffix}"
            notes.append(
                f"line {term_line.lineno}: glossary term {term_line.text!r} is also the term at line "
                f"{first_line}, with another definition: this one is glossary/{slug}"
            )
        seen[slug] = (term_line.lineno, [line.text for line in definition])
        sections.append(_glossary_entry(term_line, definition, slug, known_rules))
    _link_see_also(sections[1:])
    return sections


def _split_block(block: list[_Line]) -> list[list[_Line]]:
    """Split a glossary block into entries (term line first, then definition lines).

    The file sometimes omits the blank line between two entries (``Adventurer Card`` runs
    into ``Affinity`` in 2022-04-29): a short line without closing punctuation that follows
    a finished definition line and has a line after it starts a new entry.
    """
    entries = [[block[0]]]
    for i, line in enumerate(block[1:], start=1):
        previous = block[i - 1].text
        starts_entry = (
            len(entries[-1]) > 1
            and i + 1 < len(block)
            and previous.endswith(_TERMINAL_PUNCT)
            # "Casting Cost (Obsolete)" ends with ")" yet is a term: judge it without that.
            and not _QUALIFIER_RE.sub("", line.text).endswith(_TERMINAL_PUNCT)
            and len(line.text) <= _MAX_TERM_LENGTH
            and not _SENSE_RE.match(line.text)
        )
        if starts_entry:
            entries.append([line])
        else:
            entries[-1].append(line)
    return entries


def _term_slugs(terms: list[str]) -> list[str]:
    """Return one slug per term: without a trailing qualifier such as ``(Obsolete)``.

    Dropping the qualifier keeps a permalink stable when a term becomes obsolete
    (``Converted Mana Cost`` in 2022-04-29); it is kept only where two terms would clash.
    """
    bases = [_slugify(_QUALIFIER_RE.sub("", term)) for term in terms]
    slugs = []
    for term, base in zip(terms, bases):
        slug = base if bases.count(base) == 1 else _slugify(term)
        if not slug:
            raise ImportFormatError(f"glossary term {term!r} gives an empty permalink")
        slugs.append(slug)
    return slugs


def _glossary_entry(
    term_line: _Line, definition: list[_Line], slug: str, known_rules: set[str]
) -> ParsedSection:
    """Build one ``glossary/<slug>`` entry from its term line and definition lines."""
    term = _clean(term_line.text)
    raw_text = "\n".join(line.text for line in definition)
    text = "\n".join(_clean(line.text) for line in definition)
    qualifier = _QUALIFIER_RE.search(term)
    data: dict = {
        "term": _QUALIFIER_RE.sub("", term),
        "qualifier": qualifier["qualifier"] if qualifier else "",
        # Only the English editions say "Obsolete"; other languages keep it in "qualifier".
        "obsolete": bool(qualifier) and qualifier["qualifier"].casefold() == "obsolete",
        "senses": [_clean(line.text) for line in definition if _SENSE_RE.match(line.text)],
        "rules": list(
            dict.fromkeys(ref for ref in _RULE_REF_RE.findall(text) if ref in known_rules)
        ),
    }
    return ParsedSection(
        number=f"glossary/{slug}",
        title=term,
        text=text,
        raw_text=raw_text,
        parent="glossary",
        kind="glossary",
        data=data,
    )


def _link_see_also(entries: list[ParsedSection]) -> None:
    """Set ``data["see"]`` on entries that only send the reader to another term.

    ``APNAP Order: See Active Player, Nonactive Player Order.`` is recognised as a short
    definition ending with another entry's term, whatever the word for "see" is.
    """
    by_term = {entry.title.casefold(): entry.number for entry in entries}
    for entry in entries:
        definition = entry.text.rstrip("".join(_TERMINAL_PUNCT)).strip()
        entry.data["see"] = ""
        if "\n" in definition or len(definition) > _MAX_TERM_LENGTH:
            continue
        for term, number in by_term.items():
            if number != entry.number and definition.casefold().endswith(term) and (
                len(definition) - len(term) <= 12
            ):
                entry.data["see"] = number
                break


def _find_effective_date(lines: list[_Line]) -> str:
    """Return the first date in ``lines`` as ISO ``YYYY-MM-DD``, or ``""`` when none is found.

    Dates are read as ``April 29, 2022``, ``2022年4月29日`` or ``2022-04-29``.
    """
    for line in lines:
        for pattern, named_month in _DATE_PATTERNS:
            for match in pattern.finditer(line.text):
                month_text = match["month"]
                month = _MONTHS.get(month_text.lower()) if named_month else int(month_text)
                day = int(match["day"])
                if month and 1 <= month <= 12 and 1 <= day <= 31:
                    return f"{int(match['year']):04d}-{month:02d}-{day:02d}"
    return ""


def _slugify(value: str) -> str:
    """Return ``value`` as a lower-case slug, keeping non-Latin letters (as Django's
    ``slugify(allow_unicode=True)``: ``City's Blessing`` gives ``citys-blessing``)."""
    value = unicodedata.normalize("NFKC", value).lower()
    value = re.sub(r"[^\w\s-]", "", value)
    return re.sub(r"[-\s_]+", "-", value).strip("-")


def _clean(text: str) -> str:
    """Return display text: whitespace collapsed and no spaces between CJK characters."""
    return strip_cjk_spaces(normalize_whitespace(text))
