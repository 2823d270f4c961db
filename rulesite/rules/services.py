"""Writes to the rules index: importing a parsed document in one transaction."""

from __future__ import annotations

import datetime as dt
import hashlib
import inspect
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from django.core.cache import cache
from django.db import transaction

from .importers import ParsedDocument, parser_for
from .models import Document, Reference, SearchWord, Section
from . import references as references_module
from . import textnorm as textnorm_module
from .references import iter_ranges, iter_references
from .textnorm import index_text, word_counts

CACHE_GENERATION_KEY = "rules:generation"


@dataclass
class ImportReport:
    """What an import did (or, with ``dry_run``, would do) to one document.

    ``added``/``removed``/``changed`` list section numbers compared with the stored
    edition of the same slug; ``unchanged`` is True when the source and parser are the same
    as at the last import, so nothing was written.
    """

    slug: str
    section_count: int
    created: bool = False
    unchanged: bool = False
    dry_run: bool = False
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    reference_count: int = 0

    def summary(self) -> str:
        """Return one line for the command's output."""
        if self.unchanged:
            return f"{self.slug}: unchanged ({self.section_count} sections)"
        verb = "would import" if self.dry_run else ("imported" if self.created else "updated")
        return (
            f"{self.slug}: {verb} {self.section_count} sections "
            f"(+{len(self.added)} -{len(self.removed)} ~{len(self.changed)}), {self.reference_count} cross-references"
        )


def source_fingerprint(raw: bytes, fmt: str) -> str:
    """Return a SHA-256 of the source bytes and the code that turns them into rows.

    A change to either re-imports; the same file parsed by the same code is a no-op.
    """
    digest = hashlib.sha256(raw)
    digest.update(fmt.encode())
    # The stored rows also depend on how text is indexed and references are found, and on the
    # importer modules the parser uses (``ygo_rulebook_text``).
    parser = parser_for(fmt)
    helpers = [m for m in vars(parser).values() if isinstance(m, ModuleType) and m.__name__.startswith(__package__ + ".importers")]
    for module in (parser, *helpers, references_module, textnorm_module):
        digest.update(inspect.getsource(module).encode())
    return digest.hexdigest()


def document_parse_file(*, path: Path, fmt: str, edition: str | None = None, language: str | None = None) -> tuple[ParsedDocument, str]:
    """Read and parse one rules file; return the parsed document and its fingerprint.

    Raises ``ImportFormatError`` for an unknown format or a file of the wrong layout,
    ``OSError`` when the file cannot be read, ``UnicodeDecodeError`` when it is not UTF-8.
    """
    raw = path.read_bytes()
    text = raw.decode("utf-8-sig")
    parsed = parser_for(fmt).parse(text, edition=edition, language=language)
    return parsed, source_fingerprint(raw, fmt)


MAX_REMOVED_SHARE = 0.25
"""Re-importing an edition may remove at most this share of its stored sections unless forced."""


class ImportRefused(ValueError):
    """Raised when an import would remove too much of a stored edition (a truncated file?)."""


def document_import(
    *, parsed: ParsedDocument, fingerprint: str, source_name: str, dry_run: bool = False, force: bool = False
) -> ImportReport:
    """Store ``parsed`` as the document of its slug, replacing that edition's sections.

    Runs in one transaction: on any error the previous content stays as it was. Other
    editions of the family are never touched. Returns an :class:`ImportReport`. Raises
    :class:`ImportRefused` when the new text would remove more than ``MAX_REMOVED_SHARE`` of
    the stored edition's sections (a truncated download looks like that), unless ``force``.
    """
    existing = Document.objects.filter(slug=parsed.slug).first()
    report = ImportReport(slug=parsed.slug, section_count=len(parsed.sections), dry_run=dry_run, created=existing is None)
    if existing and existing.source_sha256 == fingerprint and existing.section_count == len(parsed.sections):
        report.unchanged = True
        return report

    old = {}
    if existing:
        old = {n: (t, x) for n, t, x in existing.sections.values_list("number", "title", "text")}
    new = {s.number: (s.title, s.text) for s in parsed.sections}
    report.added = [n for n in new if n not in old]
    report.removed = [n for n in old if n not in new]
    report.changed = [n for n in new if n in old and old[n] != new[n]]
    if dry_run:
        return report
    if old and not force and len(report.removed) > MAX_REMOVED_SHARE * len(old):
        raise ImportRefused(
            f"{parsed.slug}: this file would remove {len(report.removed):,} of the {len(old):,} stored sections "
            f"({len(report.removed) / len(old):.0%}); is it truncated? Check with --dry-run, then use --force to import it anyway"
        )

    with transaction.atomic():
        document, _ = Document.objects.update_or_create(
            slug=parsed.slug,
            defaults={
                "family": parsed.family,
                "game": parsed.game,
                "title": parsed.title,
                "edition": parsed.edition,
                "language": parsed.language,
                "effective_date": dt.date.fromisoformat(parsed.effective_date) if parsed.effective_date else None,
                "source_name": source_name,
                "source_sha256": fingerprint,
                "section_count": len(parsed.sections),
            },
        )
        document.sections.all().delete()
        rows: dict[str, Section] = {}
        depth: dict[str | None, int] = {None: -1}
        for position, parsed_section in enumerate(parsed.sections):
            if parsed_section.number in rows:
                raise ValueError(f"{parsed.slug}: section {parsed_section.number} appears twice")
            if parsed_section.parent is not None and parsed_section.parent not in rows:
                raise ValueError(f"{parsed.slug}: section {parsed_section.number} comes before its parent {parsed_section.parent}")
            depth[parsed_section.number] = depth[parsed_section.parent] + 1
            rows[parsed_section.number] = Section(
                document=document,
                number=parsed_section.number,
                title=parsed_section.title[:500],
                text=parsed_section.text,
                raw_text=parsed_section.raw_text,
                position=position,
                depth=depth[parsed_section.number],
                kind=parsed_section.kind,
                page=parsed_section.page,
                reconstructed=parsed_section.reconstructed,
                data=parsed_section.data,
                search_title=index_text(f"{parsed_section.number} {parsed_section.title}"),
                search_text=index_text(parsed_section.text),
            )
        Section.objects.bulk_create(rows.values(), batch_size=500)
        # bulk_create sets primary keys on SQLite and PostgreSQL; parents need them.
        parents = []
        for parsed_section in parsed.sections:
            if parsed_section.parent is not None:
                row = rows[parsed_section.number]
                row.parent_id = rows[parsed_section.parent].pk
                parents.append(row)
        Section.objects.bulk_update(parents, ["parent"], batch_size=500)
        references = []
        first_on_page: dict[str, Section] = {}
        for row in rows.values():
            if row.page:
                first_on_page.setdefault(row.page, row)
        for parsed_section in parsed.sections:
            source = rows[parsed_section.number]
            cited = [number for _, _, number in iter_references(parsed_section.text)]
            # A range cites the rules between its ends too (509.1-3: 509.2).
            cited += [number for first, last in iter_ranges(parsed_section.text) for number in _between(rows, first, last)]
            seen = set()
            for number in cited:
                target = rows.get(number) or first_on_page.get(number)
                if target is not None and target is not source and number not in seen:
                    seen.add(number)
                    references.append(Reference(source=source, target=target, label=number))
        Reference.objects.bulk_create(references, batch_size=500)
        report.reference_count = len(references)
        search_words_rebuild()
        transaction.on_commit(rules_cache_invalidate)
    return report


MAX_RANGE_SPAN = 30
"""A range links at most this many rules between its ends (a longer one is a misreading)."""


def _between(rows: dict[str, Section], first: str, last: str) -> list[str]:
    """Return the numbers strictly between ``first`` and ``last`` that share their parent, in
    document order (``rows`` in document order); none when either end is missing or the range
    runs backwards or past ``MAX_RANGE_SPAN``."""
    start, end = rows.get(first), rows.get(last)
    if start is None or end is None or start.parent_id != end.parent_id or start.position >= end.position:
        return []
    inside = [n for n, row in rows.items() if start.position < row.position < end.position and row.parent_id == start.parent_id]
    return inside if len(inside) <= MAX_RANGE_SPAN else []


def search_words_rebuild() -> int:
    """Replace the :class:`SearchWord` list with the Latin words of every section's index
    tokens and the number of sections holding each; return how many words there are."""
    counts = word_counts(Section.objects.values_list("search_title", "search_text").iterator(chunk_size=2000))
    with transaction.atomic():
        SearchWord.objects.all().delete()
        SearchWord.objects.bulk_create([SearchWord(word=w, sections=n) for w, n in counts.items()], batch_size=1000)
    return len(counts)


def rules_cache_invalidate() -> None:
    """Invalidate every cached rules page by moving to a new cache generation."""
    try:
        cache.incr(CACHE_GENERATION_KEY)
    except ValueError:
        cache.set(CACHE_GENERATION_KEY, 1, None)
