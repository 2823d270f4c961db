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
from functools import cached_property, lru_cache

from django.db import connection, models
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from .glossary_terms import GAMES, Unit, expand
from .importers.base import strip_cjk_spaces
from .textnorm import HAN_RE, TOKEN_RE, fold, edit_distance, is_word_token, loosened, query_groups, trigram_similarity

MAX_QUERY_LENGTH = 200
MAX_QUERY_GROUPS = 12

# A bare section number as judges type it: 613.8a, 6.1, 4.2.3, 4.2.3.i2, ch4.3, p.42 is not one.
SECTION_NUMBER_RE = re.compile(r"^(?:\d{1,3}(?:\.\d{1,3})*[a-z]?(?:\.i\d{1,3})?|ch\d(?:\.\d{1,2})?)$", re.I)


def parse_query(q: str) -> list[list[str]]:
    """Return the token groups of a user query, bounded in size (hostile input is cut).

    Words separated by spaces are ANDed, a Chinese word is a phrase, and single Chinese
    characters separated by spaces are joined (:func:`rulesite.rules.textnorm.query_groups`).
    """
    return query_groups(q[:MAX_QUERY_LENGTH])[:MAX_QUERY_GROUPS]


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
    rank: float | None
    """None for a section found by its number."""
    translations: object | None = None
    """The page's shared :class:`TranslationLookup`."""
    match: str = "text"
    """``"text"`` (full-text) or ``"number"`` (the query is this section's number)."""

    @cached_property
    def snippet(self) -> SafeString:
        return self.section._snippet  # set by SearchResults (or number_hits) when loading

    @cached_property
    def also_in(self) -> list:
        """Return the documents of the same edition in another language that have this number."""
        return self.translations.for_section(self.section) if self.translations is not None else []


TITLE_WEIGHT = 4.0
"""SQLite ``bm25`` weight of the title column against the text's 1.0 (PostgreSQL: A against B)."""

HEADING_ONLY_WEIGHT = 0.25
"""Rank factor of a section with no text of its own (a chapter heading): its title alone
matching must not put an empty heading above the rules that use the word."""

CITED_RULE_WEIGHT = 0.9
CITED_SUBRULE_WEIGHT = 0.8
"""Rank factors, against the glossary entry the query names, of the rule the entry cites
and of that rule's subrules."""

SECTION_COLUMNS = "{t}.kind, {t}.parent_id, {t}.document_id, {length}({t}.search_text) = 0 AS empty"
"""What each hit row carries of its section (``{t}`` is the section table's alias). PostgreSQL's
``octet_length`` reads a long text's stored size without decompressing it; comparing the text
itself did, and took most of the query."""

FIRST_PAGE = 20
"""Rows fetched with the count: counting and the first page are one query."""


@lru_cache(maxsize=1024)
def _expansion(groups: tuple[tuple[str, ...], ...], game: str):
    """Return :func:`expand` of ``groups`` in ``game`` (cached: the glossaries are read once
    per process, so the same query expands the same way every time)."""
    return expand([list(g) for g in groups], game)


class SearchResults(Sequence):
    """A lazy, sliceable list of :class:`SearchHit`, usable by Django's ``Paginator``.

    The count and the first page are one SQL query (a window count beside the ranked rows);
    each further page is one more. Nothing is scanned in Python. A ● item its section repeats
    is a hit of that section (``unit``), so one section and its own bullets fill one line.
    A Chinese phrase (three or more characters) that matches nothing is searched again as its
    words (:func:`rulesite.rules.textnorm.loosened`); :attr:`loosened` then says so.
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
        self.loosened = False
        self._pages: dict[tuple[int, int], list[tuple[int, float]]] = {}
        self._total: int | None = None
        self._added_words: list[str] = []

    def _branches(self, groups: list[list[str]]) -> list[tuple[str, list[Unit]]]:
        """Return ``(",game,…,", units)`` per distinct glossary expansion of ``groups``
        (empty when no game expands them).

        Every form of a pair is searched, whatever scripts the game's documents are in: a
        branch's hits count only in its own games, so a form no document of the game has
        finds nothing there, and asking the database which scripts each game has would cost
        a round trip per search.
        """
        by_units: dict[tuple[Unit, ...], list[str]] = {}
        key = tuple(tuple(g) for g in groups)
        for game in self.games:
            expansion = _expansion(key, game)
            if not expansion.expanded:
                continue
            by_units.setdefault(expansion.units, []).append(game)
            self._added_words += expansion.added_words
        return [("," + ",".join(games) + ",", list(units)) for units, games in by_units.items()]

    @cached_property
    def _filter_sql(self) -> tuple[str, list]:
        # Filters (game, document, editions) are applied through a plain id subquery, so
        # the ranking SQL stays the same whatever the caller filtered on; no filter, no subquery.
        if not self.queryset.query.where:
            return "", []
        sql, params = self.queryset.order_by().values("id").query.sql_with_params()
        return f" AND m.id IN ({sql})", list(params)

    def _sql(self, groups: list[list[str]], limit: int, offset: int) -> tuple[str, list]:
        """Return the ranked query of ``groups``: ``(unit id, rank, total)`` rows, best first.

        The typed words' full-text query, plus one per distinct glossary expansion tagged
        with the games whose pairs made it. An expansion's hit counts only in its own game
        (a pair never leaks into another game's documents) and at OTHER_LANGUAGE_WEIGHT of
        its rank, so what the user typed ranks first; a unit found several ways keeps its
        best rank.
        """
        postgres = connection.vendor == "postgresql"
        # Every hit row carries what the ranking needs of its section (kind, parent, document,
        # whether it has text), so the ranked rows are not joined to the sections again.
        if postgres:
            source = (
                f"SELECT s.id, {SECTION_COLUMNS.format(t='s', length='octet_length')}, ts_rank_cd(s.search_vector, q, 1){{weight}} AS rank, "
                "{tag} AS g FROM rules_section s, to_tsquery('english', %s) q WHERE s.search_vector @@ q"
            )
        else:
            source = f"SELECT rowid AS id, -bm25(rules_section_fts, {TITLE_WEIGHT}, 1.0){{weight}} AS rank, {{tag}} AS g "
            source += "FROM rules_section_fts WHERE rules_section_fts MATCH %s"
        # Typed tags: SQLite refuses to materialise a union whose rows differ in kind here.
        parts = [source.format(weight="", tag="CAST('' AS text)")]
        params: list = [_tsquery(groups) if postgres else _fts5_match(groups)]
        branches = self._branches(groups)
        for tag, units in branches:
            parts.append(source.format(weight=" * %s", tag="CAST(%s AS text)"))
            params += [OTHER_LANGUAGE_WEIGHT, tag, (_tsquery_branch if postgres else _fts5_branch)(units)]
        if postgres:
            ctes = "WITH m AS (" + " UNION ALL ".join(parts) + ") "
        else:
            # The full-text match is materialised first: given "id IN (…)" beside it, SQLite
            # walks every filtered row and probes the index for each, a hundred times slower.
            ctes = (
                "WITH f AS MATERIALIZED (" + " UNION ALL ".join(parts) + "), "
                f"m AS MATERIALIZED (SELECT f.id, {SECTION_COLUMNS.format(t='s', length='length')}, f.rank, f.g "
                "FROM f JOIN rules_section s ON s.id = f.id) "
            )
        filter_sql, filter_params = self._filter_sql
        games = ""
        if branches:
            games = (" JOIN rules_document d ON d.id = m.document_id WHERE (m.g = '' OR "
                     f"{'strpos' if postgres else 'instr'}(m.g, ',' || d.game || ',') > 0)")
        hits, term_params = "m", []
        term = self._term_number(groups)
        if term:
            # A glossary entry named by the query lends its rank to the rules it cites and
            # their subrules ("dependency" → 613.8 → 613.8a), which define the term at length.
            cited = (
                f"SELECT c.id, {SECTION_COLUMNS.format(t='c', length='octet_length' if postgres else 'length')}, m.rank * {{weight}} AS rank, m.g FROM rules_section gs "
                "JOIN m ON m.id = gs.id JOIN rules_reference r ON r.source_id = gs.id "
                "JOIN rules_section c ON c.{column} = r.target_id WHERE gs.number = %s AND gs.kind = 'glossary'"
            )
            hits = (
                "(SELECT id, kind, parent_id, document_id, empty, rank, g FROM m UNION ALL "
                + cited.format(column="id", weight=CITED_RULE_WEIGHT)
                + " UNION ALL "
                + cited.format(column="parent_id", weight=CITED_SUBRULE_WEIGHT)
                + ")"
            )
            term_params = [term, term]
        sql = (
            ctes + "SELECT CASE WHEN m.kind = 'item' AND m.parent_id IS NOT NULL THEN m.parent_id ELSE m.id END AS unit, "
            f"MAX(m.rank * CASE WHEN m.empty THEN {HEADING_ONLY_WEIGHT} ELSE 1 END) AS best, "
            f"count(*) OVER () AS total FROM {hits} m"
            + (games or " WHERE 1 = 1") + filter_sql
            + " GROUP BY 1 ORDER BY best DESC, unit LIMIT %s OFFSET %s"
        )
        return sql, params + term_params + filter_params + [limit, offset]

    @staticmethod
    def _term_number(groups: list[list[str]]) -> str | None:
        """Return the number of the glossary entry the query names exactly, if it has one
        (``dependency`` → ``glossary/dependency``, ``state-based actions`` →
        ``glossary/state-based-actions``); None for queries that are not Latin words."""
        words = [token for group in groups for token in group]
        if not words or not all(is_word_token(w) for w in words):
            return None
        return "glossary/" + "-".join(words)

    def _fetch(self, limit: int, offset: int) -> list[tuple[models.Model, float]]:
        """Return ``(section, rank)`` of one page, setting the total count on the way."""
        if not self.groups:
            self._total = 0
            return []
        key = (limit, offset)
        if key not in self._pages:
            rows = self._run(self.groups, limit, offset)
            if not rows and offset == 0 and self._total == 0 and not self.loosened:
                words = loosened(self.groups)
                if words != self.groups:
                    self.groups, self.loosened = words, True
                    rows = self._run(words, limit, offset)
            self._pages[key] = rows
        return self._pages[key]

    def _run(self, groups: list[list[str]], limit: int, offset: int) -> list[tuple[models.Model, float]]:
        # One round trip: the ranked page joined to its sections and their documents.
        ranked, params = self._sql(groups, limit, offset)
        columns, build = self._row_reader()
        sql = (
            f"SELECT r.unit, r.best, r.total, {columns} FROM ({ranked}) r "
            "JOIN rules_section s ON s.id = r.unit JOIN rules_document d ON d.id = s.document_id "
            "ORDER BY r.best DESC, r.unit"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        if rows:
            self._total = rows[0][2]
        elif offset == 0 or self._total is None:
            self._total = 0 if offset == 0 else self._count_beyond(groups)
        return [(build(row[3:]), float(row[1])) for row in rows]

    def _count_beyond(self, groups: list[list[str]]) -> int:
        # A page past the end: its window count is missing, the first page's is not.
        self._run(groups, 1, 0)
        return self._total or 0

    @cached_property
    def suggestions(self) -> list[str]:
        """Return "did you mean" queries when nothing matches: ``q`` with each Latin word the
        index does not hold replaced by the most similar word it holds (trigram similarity at
        least :data:`SUGGESTION_SIMILARITY`; PostgreSQL ``pg_trgm``, on SQLite the same measure
        over the words of about the same length). Empty when something matches or no word
        has a close one."""
        if self.count() or not self.groups:
            return []
        words = [w for w in dict.fromkeys(TOKEN_RE.findall(fold(self.q[:MAX_QUERY_LENGTH]))) if is_word_token(w)]
        if not words:
            return []
        with connection.cursor() as cursor:
            placeholders = ", ".join(["%s"] * len(words))
            cursor.execute(f"SELECT word FROM rules_searchword WHERE word IN ({placeholders})", words)
            known = {row[0] for row in cursor.fetchall()}
            replacements = {w: _closest_word(cursor, w) for w in words if w not in known}
        replacements = {w: r for w, r in replacements.items() if r}
        if not replacements:
            return []
        pattern = re.compile(r"(?<![0-9a-z])(" + "|".join(map(re.escape, replacements)) + r")(?![0-9a-z])", re.I)
        return [pattern.sub(lambda m: replacements[m.group().casefold()], self.q)]

    def count(self) -> int:
        if self._total is None:
            self._fetch(FIRST_PAGE, 0)
        return self._total or 0

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index):
        if isinstance(index, slice):
            start = index.start or 0
            stop = index.stop if index.stop is not None else self.count()
            if stop - start <= 0:
                return []
            if start == 0 and stop <= FIRST_PAGE:
                return self._load(self._fetch(FIRST_PAGE, 0)[:stop])
            return self._load(self._fetch(stop - start, start))
        if not isinstance(index, int):
            # Templates look attributes up as keys first (``results.loosened``).
            raise TypeError(f"search results are indexed by position, not {index!r}")
        hits = self._load(self._fetch(1, index))
        if not hits:
            raise IndexError(index)
        return hits[0]

    def _row_reader(self) -> tuple[str, Callable[[Sequence], models.Model]]:
        """Return the section and document columns to select (``s.…``, ``d.…``) and a function
        making a section, its ``document`` loaded, from their values.

        Model instances are made with ``Model.from_db`` as the ORM does, with the backend's
        and each field's conversions (JSON, dates on SQLite); loading the page through the
        ORM (``select_related`` with both models' default ordering) cost more than the search.
        """
        section_model, document_model = self.queryset.model, self.documents.model
        section_fields = list(section_model._meta.concrete_fields)
        document_fields = list(document_model._meta.concrete_fields)
        fields = section_fields + document_fields
        columns = ", ".join([f"s.{f.column}" for f in section_fields] + [f"d.{f.column}" for f in document_fields])
        cols = [f.get_col(f.model._meta.db_table) for f in fields]
        conversions = [[*connection.ops.get_db_converters(col), *f.get_db_converters(connection)] for f, col in zip(fields, cols)]
        section_names = [f.attname for f in section_fields]
        document_names = [f.attname for f in document_fields]
        split = len(section_fields)

        def build(row: Sequence) -> models.Model:
            values = list(row)
            for i, funcs in enumerate(conversions):
                for func in funcs:
                    values[i] = func(values[i], cols[i], connection)
            section = section_model.from_db(connection.alias, section_names, values[:split])
            section._state.fields_cache["document"] = document_model.from_db(connection.alias, document_names, values[split:])
            return section

        return columns, build

    def _load(self, rows: list[tuple[models.Model, float]]) -> list[SearchHit]:
        # Words found through the glossary are marked too (連鎖 in a hit for "chain").
        marked = " ".join([self.q, *self._added_words])
        translations = TranslationLookup([section for section, _ in rows], self.documents.translating)
        hits = []
        for section, rank in rows:
            section._snippet = highlight(" — ".join(part for part in (section.title, section.text) if part), marked)
            hits.append(SearchHit(section=section, rank=rank, translations=translations))
        return hits


SUGGESTION_SIMILARITY = 0.3
"""Least trigram similarity of a "did you mean" candidate (``pg_trgm``'s default threshold)."""

SUGGESTION_CANDIDATES = 20
"""Most similar words, by trigrams, among which the closest by edits is chosen."""


def max_edits(word: str) -> int:
    """Return how many edits a typo of ``word`` may have: 1 up to five letters, else 2."""
    return 1 if len(word) <= 5 else 2


def _closest_word(cursor, word: str) -> str | None:
    """Return the index word closest to ``word``, or None.

    Candidates are the words most similar by trigrams (PostgreSQL: ``pg_trgm`` on its trigram
    index; SQLite: the same measure over words of about the same length); of those within
    :func:`max_edits`, the fewest edits win, then the higher similarity, then the word more
    sections hold. Trigrams alone prefer ``presence`` for ``opalesence``; edits do not.
    """
    if connection.vendor == "postgresql":
        cursor.execute(
            "SELECT word, sections, similarity(word, %s) AS sim FROM rules_searchword WHERE word %% %s "
            "ORDER BY sim DESC, sections DESC LIMIT %s",
            [word, word, SUGGESTION_CANDIDATES],
        )
        candidates = [(sim, n, w) for w, n, sim in cursor.fetchall()]
    else:
        cursor.execute(
            "SELECT word, sections FROM rules_searchword WHERE length(word) BETWEEN %s AND %s",
            [len(word) - max_edits(word), len(word) + max_edits(word)],
        )
        scored = [(trigram_similarity(word, w), n, w) for w, n in cursor.fetchall()]
        candidates = sorted((c for c in scored if c[0] >= SUGGESTION_SIMILARITY), reverse=True)[:SUGGESTION_CANDIDATES]
    ranked = sorted((edit_distance(word, w), -sim, -n, w) for sim, n, w in candidates)
    return ranked[0][3] if ranked and ranked[0][0] <= max_edits(word) else None


def number_hits(sections: Sequence[models.Model]) -> list[SearchHit]:
    """Return ``sections`` (found by their number) as hits without a rank, their snippet the
    start of their text."""
    hits = []
    for section in sections:
        section._snippet = highlight(" — ".join(part for part in (section.title, section.text) if part), "")
        hits.append(SearchHit(section=section, rank=None, match="number"))
    return hits


@lru_cache(maxsize=256)
def _needles(q: str) -> list[str]:
    """Return the folded strings to highlight: Han runs whole, Latin words whole (cached: every
    hit of a page highlights the same query)."""
    return sorted({m.group() for m in TOKEN_RE.finditer(fold(q[:MAX_QUERY_LENGTH]))}, key=len, reverse=True)


@lru_cache(maxsize=4096)
def _aligned_fold(text: str) -> tuple[str, str]:
    """Return ``(display text, its folded form)`` of equal length, character for character.

    Cached: a section's text is the same on every search that finds it, and folding (OpenCC)
    is most of a snippet's cost.
    """
    folded = fold(text)
    if len(folded) != len(text):
        # fold() removed CJK spaces or OpenCC changed a length: work on the display text
        # with its spaces removed so positions line up character for character.
        text = strip_cjk_spaces(text)
        folded = fold(text)
        if len(folded) != len(text):
            folded = "".join(fold(ch) or ch for ch in text)
    return text, folded


def highlight(text: str, q: str, width: int = 180) -> SafeString:
    """Return an HTML snippet of ``text`` around the query's matches, with ``<mark>``.

    Everything but the ``<mark>`` tags is escaped. Matching is on the folded form
    (Simplified, case-folded) mapped back to the original characters, so a Simplified
    query marks Traditional text.
    """
    text, folded = _aligned_fold(text)
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
