"""Which glossary terms to link inside a document's rule text (issue 7: terms link to entries).

A document with glossary units (``glossary/<slug>``, the Comprehensive Rules) gets its terms
linked where they occur in rule text: the first occurrence of each term in a section, whole
words, case-insensitive, longest term first. Terms that occur in more than
``COMMON_SHARE`` of the document's sections ("card", "player", "ability") would link on
every page and are left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

COMMON_SHARE = 0.04
MAX_LINKS_PER_SECTION = 6


@dataclass(frozen=True)
class GlossaryTerms:
    """A compiled matcher of a document's linkable terms and where each one links.

    ``pattern`` matches any term (whole words, case-insensitive); ``numbers`` maps a
    term's lower-case text to its glossary unit's number (``glossary/layer``).
    """

    pattern: re.Pattern[str] | None
    numbers: dict[str, str]


def _terms_regex(terms: list[str]) -> re.Pattern[str] | None:
    if not terms:
        return None
    alternatives = "|".join(re.escape(term) for term in sorted(terms, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)


@lru_cache(maxsize=16)
def glossary_terms(document_id: int, fingerprint: str) -> GlossaryTerms:
    """Return the linkable glossary terms of a document (cached per import fingerprint).

    ``fingerprint`` is the document's ``source_sha256``: a re-import gives a new cache entry.
    Costs two queries and one pass over the document's text the first time.
    """
    from .models import Section

    entries = {
        title.lower(): number
        for title, number in Section.objects.filter(document_id=document_id, kind="glossary").values_list("title", "number")
        if title and "," not in title
    }
    pattern = _terms_regex(list(entries))
    if pattern is None:
        return GlossaryTerms(None, {})
    texts = list(Section.objects.filter(document_id=document_id).exclude(kind="glossary").values_list("text", flat=True))
    counts: dict[str, int] = {}
    for text in texts:
        for term in {m.group().lower() for m in pattern.finditer(text)}:
            counts[term] = counts.get(term, 0) + 1
    limit = max(1, int(COMMON_SHARE * len(texts)))
    kept = {term: number for term, number in entries.items() if counts.get(term, 0) <= limit}
    return GlossaryTerms(_terms_regex(list(kept)), kept)


def glossary_spans(text: str, terms: GlossaryTerms, own_number: str) -> list[tuple[int, int, str]]:
    """Return ``(start, end, glossary number)`` for the terms to link in ``text``.

    The first occurrence of each term only, at most ``MAX_LINKS_PER_SECTION``, never the
    section's own entry.
    """
    if terms.pattern is None:
        return []
    spans: list[tuple[int, int, str]] = []
    seen: set[str] = set()
    for match in terms.pattern.finditer(text):
        number = terms.numbers.get(match.group().lower())
        if number is None or number == own_number or number in seen:
            continue
        seen.add(number)
        spans.append((match.start(), match.end(), number))
        if len(spans) >= MAX_LINKS_PER_SECTION:
            break
    return spans
