"""``python manage.py import_rules [PATH --format FORMAT] [--edition E] [--language L] [--dry-run]``.

Without PATH: import every bundled document in ``fixtures/documents/`` and every document of
``importers.CORPORA`` found in ``settings.RULES_CORPORA_DIR`` (the Magic Comprehensive Rules
editions, English and the zh-Hans translation, the Force of Will Comprehensive Rules). An importer's reconciliation notes are printed. Then link the FAQ's
rulings to the CR rules they rest on (``rulesite.rules.rulings``). Idempotent.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from rulesite.rules.editions import parsed_diff_against_previous
from rulesite.rules.importers import BUNDLED, CORPORA, FORMATS, ImportFormatError
from rulesite.rules.rulings import RulingsDataError, faq_rulings_link
from rulesite.rules.services import document_import, document_parse_file

FIXTURES_DIR = Path(settings.BASE_DIR) / "fixtures" / "documents"


class Command(BaseCommand):
    help = "Import rules documents into the rules index (all bundled ones when no PATH is given)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", nargs="?", help="A rules document file to import.")
        parser.add_argument("--format", choices=sorted(FORMATS), help="The document's format (needed with PATH).")
        parser.add_argument("--edition", help="Edition label, e.g. 2022-04-29 (default: read from the file).")
        parser.add_argument("--language", choices=["en", "zh-Hans", "zh-Hant"], help="Language of the file.")
        parser.add_argument("--dry-run", action="store_true", help="Report what would change; write nothing.")
        parser.add_argument(
            "--force", action="store_true", help="Import even if the file removes over a quarter of a stored edition."
        )

    def handle(self, *args, **options) -> None:
        if options["path"]:
            if not options["format"]:
                raise CommandError("--format is required with PATH (one of: " + ", ".join(sorted(FORMATS)) + ")")
            jobs = [(Path(options["path"]), options["format"], options["language"])]
        else:
            if options["format"]:
                raise CommandError("--format needs a PATH")
            if options["language"]:
                raise CommandError("--language needs a PATH (each corpora folder names its files' language)")
            jobs = [(FIXTURES_DIR / name, fmt, None) for name, fmt in BUNDLED]
            corpora = Path(settings.RULES_CORPORA_DIR)
            if corpora.is_dir():
                jobs += [
                    (path, fmt, language) for pattern, fmt, language in CORPORA for path in sorted(corpora.glob(pattern))
                ]
            else:
                self.stdout.write(f"No corpora folder at {corpora}: Comprehensive Rules not imported.")
        for path, fmt, language in jobs:
            try:
                parsed, fingerprint = document_parse_file(path=path, fmt=fmt, edition=options["edition"], language=language)
                report = document_import(
                    parsed=parsed, fingerprint=fingerprint, source_name=path.name, dry_run=options["dry_run"],
                    force=options["force"],
                )
            except FileNotFoundError:
                raise CommandError(f"{path}: no such file") from None
            except UnicodeDecodeError as exc:
                raise CommandError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
            except (ImportFormatError, ValueError) as exc:
                raise CommandError(f"{path}: {exc}") from None
            self.stdout.write(report.summary())
            if parsed.notes:
                # The importer's reconciliation (a contents list that disagrees with the body …).
                self.stdout.write(f"  {parsed.slug}: {len(parsed.notes)} reconciliation notes")
                for note in parsed.notes:
                    self.stdout.write(f"    {note}")
            if options["dry_run"] and not report.unchanged:
                for label, numbers in (("added", report.added), ("removed", report.removed), ("changed", report.changed)):
                    if numbers:
                        shown = ", ".join(numbers[:20]) + (" …" if len(numbers) > 20 else "")
                        self.stdout.write(f"  {label} ({len(numbers)}): {shown}")
            if options["dry_run"] and report.created:
                # A new edition: what changed since the family's previous edition.
                edition_diff = parsed_diff_against_previous(parsed=parsed)
                for line in edition_diff.summary_lines() if edition_diff else []:
                    self.stdout.write(f"  {line}")
        # Importing replaces sections, which drops the FAQ's links to CR rules: put them back.
        try:
            link_report = faq_rulings_link(dry_run=options["dry_run"])
        except RulingsDataError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(link_report.summary())
        for line in link_report.warnings + [f"not found: {m}" for m in link_report.missing]:
            self.stdout.write(f"  {line}")
