"""Full-text search over sections, on the database's own machinery.

SQLite: an FTS5 table ``rules_section_fts`` (external content, kept in sync by triggers,
porter stemming for English) ranked with ``bm25``. PostgreSQL: a stored generated
``search_vector`` column (``to_tsvector('english', …)``, title weighted A) with a GIN index,
ranked with ``ts_rank_cd``. Both index the ASCII tokens of
:mod:`rulesite.rules.textnorm`, so Traditional and Simplified queries find each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from django.db import connection, models
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from .glossary_terms import GAMES, Unit, expand
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


def _fts5_units(units: Sequence[Unit]) -> str:
    """Return the FTS5 ``MATCH`` string of glossary-expanded units.

    Each unit is ``((typed words) OR (other form) …)``, a form's groups ANDed, each group a
    quoted phrase: ``("chain") OR ("x8fde9501")``; units are ANDed.
    """
    return " AND ".join(
        "(" + " OR ".join("(" + " AND ".join('"' + " ".join(g) + '"' for g in form) + ")" for form in unit) + ")"
        for unit in units
    )


def _tsquery_units(units: Sequence[Unit]) -> str:
    """Return the ``to_tsquery`` string of glossary-expanded units: ``((chain) | (x8fde9501))``."""
    return " & ".join(
        "(" + " | ".join("(" + " & ".join("(" + " <-> ".join(g) + ")" for g in form) + ")" for form in unit) + ")"
        for unit in units
    )


def _fts5_branch(units: Sequence[Unit]) -> str:
    """Return the FTS5 query of what only the glossary adds to ``units``: the other forms of
    a one-term query, else the expanded query NOT the typed one (the plain branch has those)."""
    if len(units) == 1:
        return _fts5_units([units[0][1:]])
    return f"({_fts5_units(units)}) NOT ({_fts5_units([unit[:1] for unit in units])})"


def _tsquery_branch(units: Sequence[Unit]) -> str:
    """Return the ``to_tsquery`` string of what only the glossary adds to ``units``."""
    if len(units) == 1:
        return _tsquery_units([units[0][1:]])
    return f"({_tsquery_units(units)}) & !({_tsquery_units([unit[:1] for unit in units])})"


OTHER_LANGUAGE_WEIGHT = 0.5
"""Rank factor of a hit found only through the glossary's other-language forms."""


class TranslationLookup:
    """The translations of one page of search hits, queried on first use only."""

    def __init__(self, sections: Sequence[models.Model], translating: Callable[[Sequence], dict[int, list]]) -> None:
        """``translating`` is ``Document.objects.translating``: ``{section pk: [documents]}``."""
        self.sections = list(sections)
        self.translating = translating
        self._found: dict[int, list] | None = None

    def for_section(self, section: models.Model) -> list:
        """Return the documents translating ``section`` (one of the page's sections)."""
        if self._found is None:
            self._found = self.translating(self.sections)
        return self._found.get(section.pk, [])


@dataclass
class SearchHit:
    """One ranked search result: the section plus its rank (higher is better)."""

    section: models.Model
    rank: float
    translations: object | None = None
    """The page's shared :class:`TranslationLookup`."""

    @cached_property
    def snippet(self) -> SafeString:
        return self.section._snippet  # set by SearchResults when loading

    @cached_property
    def also_in(self) -> list:
        """Return the documents of the same edition in another language that have this number."""
        return self.translations.for_section(self.section) if self.translations is not None else []


class SearchResults(Sequence):
    """A lazy, sliceable list of :class:`SearchHit`, usable by Django's ``Paginator``.

    Counting and each page are one SQL query each; nothing is scanned in Python.
    """

    def __init__(
        self, queryset: models.QuerySet, q: str, games: Sequence[str] | None = None, *, documents: models.QuerySet
    ) -> None:
        # ``documents`` (``Document.objects``) is passed in rather than imported: models.py
        # builds this class, so importing models here would close an import circle.
        self.queryset = queryset
        self.documents = documents
        self.q = q
        self.groups = parse_query(q)
        self.games = tuple(games) if games else GAMES

    @cached_property
    def _branches(self) -> list[tuple[str, list[Unit]]] | None:
        """Return ``(",game,…,", units)`` per distinct glossary expansion; None when no game
        expands the query (then the plain single-``MATCH`` SQL runs, as fast as ever).

        A game's expansion keeps only the forms in the scripts it has documents in: no
        Chinese ``費用`` → ``cost`` in Force of Will, whose documents are all Chinese.
        """
        self._added_words: list[str] = []
        if not self.groups or not any(expand(self.groups, game).expanded for game in self.games):
            return None
        scripts: dict[str, set[str]] = {}
        for game, language in self.documents.values_list("game", "language").distinct():
            scripts.setdefault(game, set()).add("zh" if language.startswith("zh") else "en")
        by_units: dict[tuple[Unit, ...], list[str]] = {}
        for game in self.games:
            expansion = expand(self.groups, game, scripts.get(game, ()))
            if not expansion.expanded:
                continue
            by_units.setdefault(expansion.units, []).append(game)
            self._added_words += expansion.added_words
        if not by_units:
            return None
        return [("," + ",".join(games) + ",", list(units)) for units, games in by_units.items()]

    @cached_property
    def _expanded_rows(self) -> list[tuple[int, float]]:
        # Every hit's id and rank in one query: the count and each page slice it, instead of
        # running the branches twice.
        sql, params = self._expanded_sql("id, MAX(rank) AS best", " GROUP BY id ORDER BY best DESC, id")
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return [(row[0], float(row[1])) for row in cursor.fetchall()]

    def _expanded_sql(self, columns: str, order: str) -> tuple[str, list]:
        # The typed words' full-text query, plus one per distinct glossary expansion tagged
        # with the games whose pairs made it. An expansion's hit counts only in its own game
        # (a pair never leaks into another game's documents) and at OTHER_LANGUAGE_WEIGHT of
        # its rank, so what the user typed ranks first; a section found both ways keeps its
        # best rank.
        filter_sql, filter_params = self._filter_sql
        postgres = connection.vendor == "postgresql"
        if postgres:
            source = "s.id, ts_rank_cd(s.search_vector, q, 1){weight} AS rank, {tag} AS g FROM rules_section s, "
            source += "to_tsquery('english', %s) q WHERE s.search_vector @@ q"
        else:
            source = "rowid AS id, -bm25(rules_section_fts, 10.0, 1.0){weight} AS rank, {tag} AS g "
            source += "FROM rules_section_fts WHERE rules_section_fts MATCH %s"
        plain = "SELECT " + source.format(weight="", tag="CAST('' AS text)")
        branch = "SELECT " + source.format(weight=" * %s", tag="CAST(%s AS text)")
        render = _tsquery_branch if postgres else _fts5_branch
        cte = "WITH m AS (" if postgres else "WITH m AS MATERIALIZED ("
        game_test = f"{'strpos' if postgres else 'instr'}(m.g, ',' || d.game || ',') > 0"
        params: list = [_tsquery(self.groups) if postgres else _fts5_match(self.groups)]
        parts = [plain]
        for tag, units in self._branches:
            parts.append(branch)
            params += [OTHER_LANGUAGE_WEIGHT, tag, render(units)]
        sql = (
            cte + " UNION ALL ".join(parts) + "), h AS ("
            "SELECT id, rank FROM m WHERE g = '' UNION ALL "
            "SELECT m.id, m.rank FROM m JOIN rules_section s ON s.id = m.id "
            f"JOIN rules_document d ON d.id = s.document_id WHERE m.g <> '' AND {game_test}) "
            f"SELECT {columns} FROM h WHERE id IN ({filter_sql}){order}"
        )
        return sql, params + filter_params

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
        if self._branches is not None:
            rows = self._expanded_rows
            return rows[offset:] if limit is None else rows[offset : offset + limit]
        elif connection.vendor == "postgresql":
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
        if self._branches is not None:
            return len(self._expanded_rows)
        elif connection.vendor == "postgresql":
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
        by_id = self.queryset.model.objects.select_related("document").in_bulk([pk for pk, _ in rows])
        # Words found through the glossary are marked too (連鎖 in a hit for "chain").
        marked = " ".join([self.q, *(getattr(self, "_added_words", None) or [])]) if self._branches else self.q
        translations = TranslationLookup([by_id[pk] for pk, _ in rows], self.documents.translating)
        hits = []
        for pk, rank in rows:
            section = by_id[pk]
            section._snippet = highlight(" — ".join(part for part in (section.title, section.text) if part), marked)
            hits.append(SearchHit(section=section, rank=rank, translations=translations))
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
