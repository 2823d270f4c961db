"""Parse the Force of Will Traditional-Chinese whitepaper (「Force of Will 中文白皮書」 ver. 2.3).

The source (``fixtures/documents/fow-whitepaper-2.3.txt``) is a PDF transcription with one
PDF page per line: a stray fragment of the second contents page, the title and two contents
pages (``N. TITLE... P`` / ``N.M. TITLE...P``), then the body pages, each ending in its
printed page number. Headings are inline and nothing separates a title from its body, so
the titles come from the contents, matched in order against the body; where the body words
a heading differently, ``BODY_TITLE_ALIASES`` gives the body wording.

Units: chapters ``1``..``14`` (kind ``chapter``) and sections ``N.M`` (kind ``section``,
parent ``N``), numbers without the trailing dot. See ``docs/sections-fow-whitepaper-2.3.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .base import (
    ImportFormatError,
    ParsedDocument,
    ParsedSection,
    normalize_whitespace,
    strip_cjk_spaces,
)

FAMILY = "fow-whitepaper"
LANGUAGE = "zh-Hant"
GAME = "fow"

# Body headings that differ from their contents entry (spaces removed). The contents title
# is tried too; the earliest match wins, and the longer title on a tie, so that 7.1 takes
# 施放生物牌或王器牌 rather than stopping at the contents' 施放生物牌.
BODY_TITLE_ALIASES: dict[str, str] = {
    "1.3": "勝利條件",
    "2.8": "插畫",
    "3.5": "手牌區",
    "7.1": "施放生物牌或王器牌",
    "7.3": "施放法術:詠唱牌",
    "7.7": "施放法術:詠唱瞬間牌",
    "9.7": "魔力異能和魔力",
    "14.2": "彩虹橋關於生命綻放區",
}

# A leading variant tag marks a Valhalla-only or Bifrost-only section; 1.2 "維奧拉規則和彩虹橋
# 規則" names the two rule sets instead, hence the look-ahead.
_VARIANT_RE = re.compile(r"^(?:<<)?(維奧拉|彩虹橋)(?:>>)?(?!規則)")
VARIANTS = {"維奧拉": "valhalla", "彩虹橋": "bifrost"}

_TOC_ENTRY_RE = re.compile(r"(?<![\d.])(\d{1,2}(?:\.\d{1,2})?)\. (.+?)\.\.\. ?(\d+)")
_FOOTER_RE = re.compile(r"^(.*?)\s+(\d{1,3})$")
_VERSION_RE = re.compile(r"ver\.\s*(\d+(?:\.\d+)*)")
_CJK = r"\u2E80-\u2FFF\u3000-\u303F\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF"
# Spaces the extractor put inside brackets and around / and : next to CJK text.
_TIDY_RES = (
    (re.compile(rf"([(\[<]) +(?=[{_CJK}])"), r"\1"),
    (re.compile(rf"(?<=[{_CJK}]) +([)\]>])"), r"\1"),
    (re.compile(rf"(?<=[{_CJK}]) *([/:]) *(?=[{_CJK}])"), r"\1"),
)


@dataclass(frozen=True)
class TocEntry:
    """One contents entry: number without the trailing dot, title as printed, contents page."""

    number: str
    title: str
    page: int


def clean(text: str) -> str:
    """Return display text: CJK spaces and bracket padding removed, whitespace collapsed."""
    text = strip_cjk_spaces(text)
    for pattern, repl in _TIDY_RES:
        text = pattern.sub(repl, text)
    return normalize_whitespace(text)


def _spaced(title: str) -> str:
    """Return a pattern for ``title`` that allows any spacing between its characters."""
    return r"\s*".join(re.escape(c) for c in re.sub(r"\s+", "", title))


def _split_lines(text: str) -> tuple[list[str], list[str]]:
    """Return (contents lines, body page lines) in order.

    The contents lines are those holding ``TITLE... P`` entries; a line that is only the
    beginning of a later line is a stray duplicate (line 0 of the file repeats the start of
    the second contents page) and is dropped. Raise ImportFormatError without contents.
    """
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    lines = [ln for i, ln in enumerate(lines) if not any(o.startswith(ln) and o != ln for o in lines[i + 1 :])]
    toc_idx = [i for i, ln in enumerate(lines) if len(_TOC_ENTRY_RE.findall(ln)) >= 3]
    if not toc_idx:
        raise ImportFormatError("fow-whitepaper: no table of contents (lines of 'N.M. TITLE...P') found")
    last = toc_idx[-1]
    return [lines[i] for i in toc_idx], lines[last + 1 :]


def parse_toc(toc_lines: list[str]) -> tuple[str, list[TocEntry]]:
    """Return the document title and the contents entries, in order.

    Raise ImportFormatError if the numbering is not 1, 1.1, 1.2, ..., 2, 2.1, ... in order.
    """
    first = _TOC_ENTRY_RE.search(toc_lines[0])
    title = clean(toc_lines[0][: first.start()]) if first else ""
    entries: list[TocEntry] = []
    chapter, section = 0, 0
    for line in toc_lines:
        for m in _TOC_ENTRY_RE.finditer(line):
            number = m.group(1)
            major, _, minor = number.partition(".")
            if not minor and int(major) == chapter + 1:
                chapter, section = chapter + 1, 0
            elif minor and int(major) == chapter and int(minor) == section + 1:
                section += 1
            else:
                raise ImportFormatError(
                    f"fow-whitepaper: contents entry {number} out of order after {chapter}.{section}"
                )
            entries.append(TocEntry(number, m.group(2).strip(), int(m.group(3))))
    return title, entries


def _join_pages(pages: list[str]) -> tuple[str, list[tuple[int, str]]]:
    """Return the body pages joined by one space with footers removed, and (start, footer) per page.

    Raise ImportFormatError for a page without a page-number footer.
    """
    parts: list[str] = []
    starts: list[tuple[int, str]] = []
    pos = 0
    for index, page in enumerate(pages):
        m = _FOOTER_RE.match(page)
        if not m:
            raise ImportFormatError(f"fow-whitepaper: body page {index + 1} does not end in a page number")
        starts.append((pos, m.group(2)))
        parts.append(m.group(1))
        pos += len(m.group(1)) + 1
    return " ".join(parts), starts


def parse(text: str, *, edition: str | None = None, language: str | None = None) -> ParsedDocument:
    """Parse the whitepaper into its chapters and sections.

    Input: the whole transcription. Output: a ParsedDocument with one section per contents
    entry, in document order: ``N`` (kind ``chapter``, text = the intro before ``N.1``) and
    ``N.M`` (kind ``section``, parent ``N``). ``title`` is the body heading (the contents
    title is kept in ``data["toc_title"]`` where they differ); ``text`` is display text and
    ``raw_text`` the spaced transcription without page footers; ``page`` is the printed page
    (``p.12``) the heading stands on; ``data["variant"]`` is ``valhalla`` or ``bifrost`` for
    a section whose title starts with that tag.

    Raise ImportFormatError if there are no contents, a page lacks its footer, the contents
    are out of order, or a heading cannot be found in the body after the previous one.
    """
    toc_lines, page_lines = _split_lines(text)
    title, entries = parse_toc(toc_lines)
    body, page_starts = _join_pages(page_lines)

    found: list[tuple[TocEntry, int, int, str]] = []  # entry, heading start, body start, title
    pos = 0
    for entry in entries:
        best: re.Match[str] | None = None
        for candidate in (BODY_TITLE_ALIASES.get(entry.number), entry.title):
            if not candidate:
                continue
            # Not after a digit, dot, "(", ":" or ";": those are cross-references ("(8. 戰
            # 鬥 )") and inline condition lists (":1. 在主階段中 ;2.").
            pattern = re.compile(rf"(?<![\d.(:;])(?<!\(\s){re.escape(entry.number)}\.\s+({_spaced(candidate)})")
            m = pattern.search(body, pos)
            if m and (best is None or m.start() < best.start() or (
                m.start() == best.start() and m.end() > best.end()
            )):
                best = m
        if best is None:
            raise ImportFormatError(
                f"fow-whitepaper: heading {entry.number}. {clean(entry.title)} not found after offset {pos}"
            )
        found.append((entry, best.start(), best.end(), best.group(1)))
        pos = best.end()

    sections: list[ParsedSection] = []
    for index, (entry, start, content_start, heading) in enumerate(found):
        end = found[index + 1][1] if index + 1 < len(found) else len(body)
        raw = body[content_start:end].strip()
        major, _, minor = entry.number.partition(".")
        section_title = clean(heading)
        data: dict = {}
        if clean(entry.title) != section_title:
            data["toc_title"] = clean(entry.title)
        variant = _VARIANT_RE.match(section_title)
        if variant:
            data["variant"] = VARIANTS[variant.group(1)]
        footer = [f for s, f in page_starts if s <= start][-1]
        sections.append(
            ParsedSection(
                number=entry.number,
                title=section_title,
                text=clean(raw),
                raw_text=raw,
                parent=major if minor else None,
                kind="section" if minor else "chapter",
                page=f"p.{footer}",
                data=data,
            )
        )

    version = _VERSION_RE.search(title)
    return ParsedDocument(
        family=FAMILY,
        edition=edition or (version.group(1) if version else ""),
        language=language or LANGUAGE,
        game=GAME,
        title=title,
        sections=sections,
    )
