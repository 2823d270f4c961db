"""Full-text search over sections, on the database's own machinery.

SQLite: an FTS5 table ``rules_section_fts`` (external content, kept in sync by triggers,
porter stemming for English) ranked with ``bm25``. PostgreSQL: a stored generated
``search_vector`` column (``to_tsvector('english', …)``, title weighted A) with a GIN index,
ranked with ``ts_rank_cd``. Both index the ASCII tokens of
:mod:`rulesite.rules.textnorm`, so Traditional and Simplified queries find each other.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from django.db import connection, models
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from .textnorm import HAN_RE, TOKEN_RE, fold, token_groups

MAX_QUERY_LENGTH = 200
MAX_QUERY_GROUPS = 12

# A bare section number as judges type it: 613.8a, 6.1, 4.2.3, 4.2.3.i2, ch4.3, p.42 is not one.
SECTION_NUMBER_RE = re.compile(r"^(?:\d{1,3}(?:\.\d{1,3})*[a-z]?(?:\.i\d{1,3})?|ch\d(?:\.\d{1,2})?)$", re.I)


def parse_query(q: str) -> list[list[str]]:
    """Return the token groups of a user query, bounded in size (hostile input is cut)."""
    return token_groups(q[:MAX_QUERY_LENGTH])[:MAX_QUERY_GROUPS]


def _fts5_match(groups: list[list[str]]) -> str:
    # Every token is [0-9a-z] only (see textnorm), so quoting cannot be broken out of.
    return " AND ".join('"' + " ".join(group) + '"' for group in groups)


def _tsquery(groups: list[list[str]]) -> str:
    return " & ".join("(" + " <-> ".join(group) + ")" for group in groups)


@dataclass
class SearchHit:
    """One ranked search result: the section plus its rank (higher is better)."""

    section: models.Model
    rank: float

    @cached_property
    def snippet(self) -> SafeString:
        return self.section._snippet  # set by SearchResults when loading


class SearchResults(Sequence):
    """A lazy, sliceable list of :class:`SearchHit`, usable by Django's ``Paginator``.

    Counting and each page are one SQL query each; nothing is scanned in Python.
    """

    def __init__(self, queryset: models.QuerySet, q: str) -> None:
        self.queryset = queryset
        self.q = q
        self.groups = parse_query(q)

    @cached_property
    def _filter_sql(self) -> tuple[str, list]:
        # Filters (game, document, editions) are applied through a plain id subquery, so
        # the ranking SQL stays the same whatever the caller filtered on.
        sql, params = self.queryset.order_by().values("id").query.sql_with_params()
        return sql, list(params)

    def _rows(self, limit: int | None, offset: int) -> list[tuple[int, float]]:
        if not self.groups:
            return []
        filter_sql, filter_params = self._filter_sql
        if connection.vendor == "postgresql":
            sql = (
                "SELECT s.id, ts_rank_cd(s.search_vector, q, 1) AS rank "
                "FROM rules_section s, to_tsquery('english', %s) q "
                f"WHERE s.search_vector @@ q AND s.id IN ({filter_sql}) ORDER BY rank DESC, s.id"
            )
            params = [_tsquery(self.groups), *filter_params]
        else:
            # bm25 is negative, lower is better; title matches weigh ten times body ones. The
            # match is materialised first: given "rowid IN (…)" directly, SQLite walks every
            # filtered row and probes the full-text index for each, a hundred times slower.
            sql = (
                "WITH m AS MATERIALIZED (SELECT rowid AS id, -bm25(rules_section_fts, 10.0, 1.0) AS rank "
                "FROM rules_section_fts WHERE rules_section_fts MATCH %s) "
                f"SELECT id, rank FROM m WHERE id IN ({filter_sql}) ORDER BY rank DESC, id"
            )
            params = [_fts5_match(self.groups), *filter_params]
        if limit is not None:
            sql += " LIMIT %s OFFSET %s"
            params += [limit, offset]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return [(row[0], float(row[1])) for row in cursor.fetchall()]

    @cached_property
    def _count(self) -> int:
        if not self.groups:
            return 0
        filter_sql, filter_params = self._filter_sql
        if connection.vendor == "postgresql":
            sql = (
                "SELECT count(*) FROM rules_section s, to_tsquery('english', %s) q "
                f"WHERE s.search_vector @@ q AND s.id IN ({filter_sql})"
            )
            params = [_tsquery(self.groups), *filter_params]
        else:
            sql = (
                "WITH m AS MATERIALIZED (SELECT rowid AS id FROM rules_section_fts WHERE rules_section_fts MATCH %s) "
                f"SELECT count(*) FROM m WHERE id IN ({filter_sql})"
            )
            params = [_fts5_match(self.groups), *filter_params]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchone()[0]

    def count(self) -> int:
        return self._count

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index):
        if isinstance(index, slice):
            start = index.start or 0
            stop = index.stop if index.stop is not None else self._count
            return self._load(self._rows(max(stop - start, 0), start))
        hits = self._load(self._rows(1, index))
        if not hits:
            raise IndexError(index)
        return hits[0]

    def _load(self, rows: list[tuple[int, float]]) -> list[SearchHit]:
        from .models import Section

        by_id = Section.objects.select_related("document").in_bulk([pk for pk, _ in rows])
        hits = []
        for pk, rank in rows:
            section = by_id[pk]
            section._snippet = highlight(" — ".join(part for part in (section.title, section.text) if part), self.q)
            hits.append(SearchHit(section=section, rank=rank))
        return hits


def _needles(q: str) -> list[str]:
    """Return the folded strings to highlight: Han runs whole, Latin words whole."""
    return sorted({m.group() for m in TOKEN_RE.finditer(fold(q[:MAX_QUERY_LENGTH]))}, key=len, reverse=True)


def highlight(text: str, q: str, width: int = 180) -> SafeString:
    """Return an HTML snippet of ``text`` around the query's matches, with ``<mark>``.

    Everything but the ``<mark>`` tags is escaped. Matching is on the folded form
    (Simplified, case-folded) mapped back to the original characters, so a Simplified
    query marks Traditional text.
    """
    folded = fold(text)
    if len(folded) != len(text):
        # fold() removed CJK spaces or OpenCC changed a length: work on the display text
        # with its spaces removed so positions line up character for character.
        from .importers.base import strip_cjk_spaces

        text = strip_cjk_spaces(text)
        folded = fold(text)
        if len(folded) != len(text):
            folded = "".join(fold(ch) or ch for ch in text)
    spans: list[tuple[int, int]] = []
    for needle in _needles(q):
        if HAN_RE.match(needle):
            pattern = re.escape(needle)
        else:
            pattern = rf"(?<![0-9a-z]){re.escape(needle)}"
        for m in re.finditer(pattern, folded):
            if not any(s < m.end() and m.start() < e for s, e in spans):
                spans.append((m.start(), m.end()))
    spans.sort()
    if spans:
        first = spans[0][0]
        start = max(0, first - width // 3)
    else:
        start = 0
    end = min(len(text), start + width)
    out, pos = [], start
    for s, e in spans:
        if s < start or e > end:
            continue
        out.append(escape(text[pos:s]))
        out.append("<mark>" + escape(text[s:e]) + "</mark>")
        pos = e
    out.append(escape(text[pos:end]))
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    return mark_safe(prefix + "".join(out) + suffix)


class SectionQuerySet(models.QuerySet):
    """Reads of sections: search, number lookup, document order."""

    def search(self, q: str) -> SearchResults:
        """Return the sections matching ``q``, best first, as a lazy :class:`SearchResults`.

        Filter the queryset first (``Section.objects.filter(document__game="ygo").search(q)``).
        """
        return SearchResults(self, q)

    def by_number(self, q: str) -> models.QuerySet:
        """Return the sections whose number is exactly ``q`` (a bare section number).

        Returns an empty queryset when ``q`` does not look like a section number.
        """
        q = q.strip()
        if not SECTION_NUMBER_RE.match(q):
            return self.none()
        return self.filter(number__iexact=q).select_related("document")
