"""``python manage.py import_cards PATH --format mtgjson|scryfall|ygopro-cdb [--language L]``.

Fill the builders' name lookup from a card database the user downloads (MTGJSON
``AtomicCards.json``, a Scryfall ``oracle-cards`` bulk file, a ygopro ``cards.cdb``); see
:func:`rulesite.cards.services.cards_import`. Idempotent: a second run changes nothing.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rulesite.cards.readers import FORMATS, CardFileError
from rulesite.cards.readers.ygopro import LANGUAGES
from rulesite.cards.services import cards_import


class Command(BaseCommand):
    help = "Import a card database (MTGJSON AtomicCards, Scryfall oracle-cards, ygopro cards.cdb) for the builders' name lookup."

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", help="The card database file.")
        parser.add_argument("--format", required=True, choices=sorted(FORMATS), help="The file's format.")
        parser.add_argument("--language", choices=LANGUAGES,
                            help="ygopro-cdb only: the language of the file's names and texts (default zh-Hans).")

    def handle(self, *args, **options) -> None:
        try:
            counts = cards_import(path=Path(options["path"]), file_format=options["format"], language=options["language"])
        except CardFileError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"{options['path']}: {counts.created} created, {counts.updated} updated, "
                          f"{counts.unchanged} unchanged, {sum(counts.skipped.values())} skipped")
        for reason, count in counts.skipped.most_common():
            self.stdout.write(f"  skipped {count}: {reason}")
