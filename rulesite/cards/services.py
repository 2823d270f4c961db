"""Writes of imported cards: :func:`cards_import`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from django.db import reset_queries, transaction
from django.utils import timezone

from .models import ImportedCard, ImportedCardName
from .names import name_key
from .readers import FORMATS, CardFileError, CardRecord, Skipped

BATCH = 1000
"""Cards written per bulk query."""


@dataclass
class ImportCounts:
    """What one import did."""

    created: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    """Reason → how many entries were skipped for it."""


def _batches(items: Iterable[CardRecord | Skipped], counts: ImportCounts) -> Iterator[list[CardRecord]]:
    seen: set[str] = set()
    batch: dict[str, CardRecord] = {}
    for item in items:
        if isinstance(item, Skipped):
            counts.skipped[item.reason] += 1
            continue
        if item.external_id in seen:
            counts.skipped["the same card again in the file (the first is kept)"] += 1
            continue
        seen.add(item.external_id)
        batch[item.external_id] = item
        if len(batch) >= BATCH:
            yield list(batch.values())
            batch = {}
    if batch:
        yield list(batch.values())


def _primary(names: dict[str, str]) -> str:
    return (names.get("en") or next(iter(names.values()), ""))[:200]


def _write(game: str, source: str, records: list[CardRecord], counts: ImportCounts) -> None:
    existing = {card.external_id: card for card in
                ImportedCard.objects.filter(game=game, source=source, external_id__in=[r.external_id for r in records])}
    new, changed = [], []
    now = timezone.now()
    for record in records:
        card = existing.get(record.external_id)
        if card is None:
            new.append(ImportedCard(game=game, source=source, external_id=record.external_id, name=_primary(record.names),
                                    names=dict(record.names), characteristics=dict(record.characteristics),
                                    unmapped=list(record.unmapped), texts=dict(record.texts)))
            continue
        # Another language's edition of the same file (ygopro) adds its names and texts to the card's.
        names, texts = {**card.names, **record.names}, {**card.texts, **record.texts}
        values = {"name": _primary(names), "names": names, "texts": texts,
                  "characteristics": dict(record.characteristics), "unmapped": list(record.unmapped)}
        if all(getattr(card, key) == value for key, value in values.items()):
            counts.unchanged += 1
            continue
        for key, value in values.items():
            setattr(card, key, value)
        card.updated_at = now
        changed.append(card)
    ImportedCard.objects.bulk_create(new)
    if new and new[0].pk is None:
        # Backends that do not return the new rows' keys: read them back.
        ids = dict(ImportedCard.objects.filter(game=game, source=source, external_id__in=[c.external_id for c in new])
                   .values_list("external_id", "pk"))
        for card in new:
            card.pk = ids[card.external_id]
    ImportedCard.objects.bulk_update(changed, ["name", "names", "texts", "characteristics", "unmapped", "updated_at"])
    counts.created += len(new)
    counts.updated += len(changed)
    by_id = {r.external_id: r for r in records}
    touched = new + changed
    ImportedCardName.objects.filter(card__in=[c.pk for c in changed]).delete()
    rows = []
    for card in touched:
        pairs = [*card.names.items(), *by_id[card.external_id].other_names]
        keys: set[tuple[str, str]] = set()
        for language, name in pairs:
            key = name_key(name)
            if key and (language, key) not in keys:
                keys.add((language, key))
                rows.append(ImportedCardName(card_id=card.pk, language=language, name=str(name)[:200], key=key))
    ImportedCardName.objects.bulk_create(rows, batch_size=BATCH)


def cards_import(*, path: Path, file_format: str, language: str | None = None) -> ImportCounts:
    """Import every card of the card database at ``path`` in ``file_format`` (a key of
    :data:`~rulesite.cards.readers.FORMATS`) and return the counts.

    A card already imported from the same format (same game and external id) is updated, never
    duplicated; a second run of the same file changes nothing. ``language`` is the file's
    language where the file does not say it (ygopro cdb; default ``zh-Hans``). The import runs
    in one transaction: a file found wrong part-way leaves the stored cards as they were.
    Raise :class:`CardFileError` naming the problem for a wrong file or format.
    """
    if file_format not in FORMATS:
        raise CardFileError(f"unknown format {file_format!r}; one of: {', '.join(sorted(FORMATS))}")
    if not Path(path).is_file():
        raise CardFileError(f"{path}: no such file")
    game, reader = FORMATS[file_format]
    if language is not None and file_format != "ygopro-cdb":
        raise CardFileError(f"--language is for ygopro-cdb files only: a {file_format} file names each name's language")
    counts = ImportCounts()
    try:
        with transaction.atomic():
            items = reader(Path(path), language or "zh-Hans") if file_format == "ygopro-cdb" else reader(Path(path), "en")
            for batch in _batches(items, counts):
                _write(game, file_format, batch, counts)
                # With DEBUG on, Django keeps every query's SQL; a batch's is megabytes of card text.
                reset_queries()
    except UnicodeDecodeError as exc:
        raise CardFileError(f"{path}: not UTF-8 text: not a {file_format} file") from exc
    return counts


__all__ = ["BATCH", "CardFileError", "ImportCounts", "cards_import"]
