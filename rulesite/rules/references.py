"""Find rule numbers mentioned inside rule text (``rule 613.8a``, ``參見規則 704``, ``见 4.2``).

One function serves both the importer (which stores :class:`~rulesite.rules.models.Reference`
rows) and the section page (which turns the same spans into links), so the two always agree.
:func:`iter_unlinked` serves the ``check_references`` report: number-like text that is no
reference.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# 613.8a (CR), 4.2.3 (ARC-V), 1130.3c and its items 903.2h-1 (FoW CR: "-1" only after a
# letter; after a digit, "509.1-3" is a range).
_NUM = r"\d{1,4}(?:\.\d{1,3})*(?:[a-z](?:-\d{1,2}(?![\d.]))?)?"
# A number after the first of a list is dotted or has three digits or more, so that a quantity
# ("rule 704.5a, 4 players") is not a chapter.
_LIST_NUM = r"(?:\d{3,4}(?:\.\d{1,3})*|\d{1,2}(?:\.\d{1,3})+)(?:[a-z](?:-\d{1,2}(?![\d.]))?)?"
# Between two numbers of a list: ", ", " and ", ", and ", " or ", " through ", and the Chinese
# 和 与 與 及 或 、 (then an optional 規則/规则/第 again).
_SEP = (
    r"(?:,\s*(?:and\s+|or\s+)?|,?\s+(?:and|or|through|and/or)\s+"
    r"|\s*(?:以及|和|与|與|及|或|、|，|至|到)\s*(?:規則|规则|第)?\s*)"
)
# A range's end after a dash: the last part only ("509.1-3", "601.2a-h") or a whole number.
_RANGE = r"\s*[–-]\s*(?:" + _LIST_NUM + r"|\d{1,3}(?![\d.])|[a-z](?![A-Za-z0-9]))"
_LIST = rf"{_NUM}(?:{_SEP}{_LIST_NUM}|{_RANGE})*"
# English cue words, then a list of numbers ("rules 613.8a and 613.8b", "see rule 702.85").
_EN_RE = re.compile(rf"\b(?:rules?|sections?|see|steps?)\s+({_LIST})", re.IGNORECASE)
# Chinese cue words (both scripts), optionally followed by 規則/规则/第, then a list of numbers.
_ZH_RE = re.compile(
    rf"(?:參見|参见|參照|参照|參考|参考|見|见|規則|规则|條|条|章節|章节|步驟|步骤)\s*(?:規則|规则|第)?\s*({_LIST})"
)
# A Comprehensive Rules number needs no cue word ("except as specified in 101.4a", "exception
# to 613.10", "101.4a中"): a section of three or four digits, a dot and a rule.
_BARE_RE = re.compile(rf"(?<![0-9A-Za-z.])((?=[1-9]\d{{2,3}}\.\d)(?:{_LIST}))(?![0-9A-Za-z])")
# A number alone in brackets, as the FoW whitepaper cites ("觸發異能 (9.6)", "(8. 戰鬥)", a
# chapter and its title) and the FoW CR ("(404)", "(208.2a.)", "(1302)"): dotted, or a bare
# section number of 100-1999 (never a quantity such as 4000 or 8000 life; the caller keeps
# only numbers its document has).
_BRACKET_RE = re.compile(
    rf"[(（]\s*(\d{{1,4}}(?:\.\d{{1,3}})+[a-z]?(?:-\d{{1,2}})?|[1-9]\d{{2}}|1\d{{3}})\.?\s*[)）]"
    rf"|[(（]\s*(\d{{1,2}})\.\s*[^\s\d()（）][^()（）]{{0,20}}[)）]"
)
_ITEM_RE = re.compile(rf"(?P<sep>{_SEP}|\s*[–-]\s*)?(?P<num>{_NUM})")
# A printed page, as the 2011 rulebook cites itself: "請參考 31 頁", "請參閱第 47 頁", "在 44 頁".
_PAGE_RE = re.compile(r"(?:參閱|參考|参阅|参考|參照|参照|在|見|见)\s*第?\s*(\d{1,3})\s*[頁页]")
# Anything that looks like a rule number, for the report of what was left unlinked.
_NUMBER_LIKE_RE = re.compile(r"(?<![0-9A-Za-z.])\d{1,4}(?:\.\d{1,3})+[a-z]?(?![0-9A-Za-z])")


def _range_end(start: str, tail: str) -> str | None:
    """Return the number a range's short end stands for, or None when it cannot be one.

    ``509.1`` + ``3`` → ``509.3``; ``601.2a`` + ``h`` → ``601.2h``; a whole end is itself.
    """
    if "." in tail or len(tail) >= 3:
        return tail
    if tail.isalpha():
        return start[:-1] + tail if start[-1:].isalpha() else None
    if start[-1:].isalpha() or "." not in start:
        return None
    return start.rsplit(".", 1)[0] + "." + tail


def _list_items(text: str, start: int, end: int) -> Iterator[tuple[int, int, str, str | None]]:
    """Yield ``(start, end, number, range start)`` for each number of the list
    ``text[start:end]``, a range's end (``509.1-3``) read as the number it stands for and
    given with the number the range starts at (else None)."""
    previous = None
    pos = start
    while pos < end:
        match = _ITEM_RE.match(text, pos, end)
        if match is None:
            # A range's letter end ("601.2a-h") is not a _NUM: read it here.
            letter = re.compile(r"\s*[–-]\s*([a-z])").match(text, pos, end)
            if letter is None or previous is None:
                return
            number = _range_end(previous, letter.group(1))
            if number:
                yield letter.start(1), letter.end(1), number, previous
            pos = letter.end()
            continue
        number = match["num"]
        sep = match["sep"] or ""
        is_range = previous is not None and sep.strip() in ("-", "–")
        if is_range and "." not in number:
            number = _range_end(previous, number) or ""
        if number:
            yield match.start("num"), match.end("num"), number.rstrip("."), previous if is_range else None
            previous = number
        pos = match.end()


def iter_references(text: str) -> Iterator[tuple[int, int, str]]:
    """Yield ``(start, end, number)`` for every rule number ``text`` cites, each span once.

    A number counts when a cue word introduces it (``rule``, ``see``, ``參見``, ``步驟``…),
    when it is a Comprehensive Rules number (``101.4a``, no cue needed) or alone in brackets,
    so that quantities such as ``4000`` life are not mistaken for rules. A list continues it
    (``205.1a-b, 305.7, and 613.1d``, ``613.7和613.8``), a range's short end is read as the
    number it stands for (``509.1-3`` → ``509.3`` at the span ``3``; ``601.2a-h`` →
    ``601.2h``). A printed page is yielded as ``p.<n>`` (``參考 31 頁`` → ``p.31``), to be
    matched with a section's ``page``. The caller decides which numbers exist in its document.
    """
    for start, end, number, _ in _iter_found(text):
        yield start, end, number


def iter_ranges(text: str) -> Iterator[tuple[str, str]]:
    """Yield ``(first, last)`` for every range ``text`` cites (``rules 509.1-3`` →
    ``("509.1", "509.3")``), so that the rules between them can be linked too."""
    for _, _, number, first in _iter_found(text):
        if first is not None:
            yield first, number


def _iter_found(text: str) -> Iterator[tuple[int, int, str, str | None]]:
    """Yield every reference of ``text`` once per span, with its range start (else None)."""
    pages = [(match.start(1), match.end(1)) for match in _PAGE_RE.finditer(text)]
    for start, end in pages:
        yield start, end, f"p.{text[start:end]}", None
    seen: set[tuple[int, int]] = set(pages)
    for regex in (_EN_RE, _ZH_RE, _BRACKET_RE, _BARE_RE):
        for match in regex.finditer(text):
            group = next(g for g in range(1, (match.re.groups or 0) + 1) if match.group(g) is not None)
            for start, end, number, first in _list_items(text, match.start(group), match.end(group)):
                if (start, end) in seen or any(s < end and start < e for s, e in pages):
                    continue
                seen.add((start, end))
                yield start, end, number, first


def iter_unlinked(text: str, linked: set[str]) -> Iterator[tuple[int, int, str]]:
    """Yield ``(start, end, text)`` for each dotted number in ``text`` (``613.8a``, ``4.2.3``)
    that is not the span of a reference to one of ``linked`` (the numbers the section links).

    Used by ``check_references`` to list what the reference finder left unlinked.
    """
    spans = [(s, e) for s, e, number in iter_references(text) if number in linked]
    for match in _NUMBER_LIKE_RE.finditer(text):
        if not any(s <= match.start() and match.end() <= e for s, e in spans):
            yield match.start(), match.end(), match.group()
