"""Find rule numbers mentioned inside rule text (``rule 613.8a``, ``參見規則 704``, ``见 4.2``).

One function serves both the importer (which stores :class:`~rulesite.rules.models.Reference`
rows) and the section page (which turns the same spans into links), so the two always agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# 613.8a (CR), 4.2.3 (ARC-V), 1130.3c and its items 903.2h-1 (FoW CR).
_NUM = r"\d{1,4}(?:\.\d{1,3})*[a-z]?(?:-\d{1,2}(?![\d.]))?"
# English cue words, then a list of numbers ("rules 613.8a and 613.8b", "see rule 702.85").
_EN_RE = re.compile(
    rf"\b(?:rules?|sections?|see)\s+({_NUM}(?:(?:,\s*|,?\s+(?:and|or|through)\s+|\s*[–-]\s*){_NUM})*)",
    re.IGNORECASE,
)
# Chinese cue words (both scripts), optionally followed by 規則/规则/第, then a number.
_ZH_RE = re.compile(
    rf"(?:參見|参见|參照|参照|參考|参考|見|见|規則|规则|條|条|章節|章节)\s*(?:規則|规则|第)?\s*({_NUM})"
)
# A number alone in brackets, as the FoW whitepaper cites ("觸發異能 (9.6)") and the FoW CR
# ("(404)", "(208.2a.)", "(1302)"): dotted, or a bare section number of 100-1999 (never a
# quantity such as 4000 or 8000 life; the caller keeps only numbers its document has).
_BRACKET_RE = re.compile(rf"[(（]\s*(\d{{1,4}}(?:\.\d{{1,3}})+[a-z]?(?:-\d{{1,2}})?|[1-9]\d{{2}}|1\d{{3}})\.?\s*[)）]")
_ONE_NUM_RE = re.compile(_NUM)
# A printed page, as the 2011 rulebook cites itself: "請參考 31 頁", "請參閱第 47 頁", "在 44 頁".
_PAGE_RE = re.compile(r"(?:參閱|參考|参阅|参考|參照|参照|在|見|见)\s*第?\s*(\d{1,3})\s*[頁页]")


def iter_references(text: str) -> Iterator[tuple[int, int, str]]:
    """Yield ``(start, end, number)`` for every rule number ``text`` cites.

    Only numbers introduced by a cue word count, so quantities such as ``4000`` life are
    not mistaken for rules. A printed page is yielded as ``p.<n>`` (``參考 31 頁`` →
    ``p.31``), to be matched with a section's ``page``. The caller decides which numbers
    exist in its document.
    """
    pages = [(match.start(1), match.end(1)) for match in _PAGE_RE.finditer(text)]
    for start, end in pages:
        yield start, end, f"p.{text[start:end]}"
    for regex in (_EN_RE, _ZH_RE, _BRACKET_RE):
        for match in regex.finditer(text):
            group_start = match.start(1)
            for num in _ONE_NUM_RE.finditer(match.group(1)):
                start, end = group_start + num.start(), group_start + num.end()
                if not any(s < end and start < e for s, e in pages):
                    yield start, end, num.group().rstrip(".")
