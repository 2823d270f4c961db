"""``python manage.py check_citations [--no-golden]``: check every rule citation of the rulings.

Reads the trace of every stored ruling (branches included) and, unless ``--no-golden``, the
traces of the golden scenarios in ``fixtures/scenarios/`` resolved by the engine. Lists each
citation whose number is missing from its document, or which the family's newest edition
renumbered, changed or removed, with the likely number now. Exits 1 when a citation is missing.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from rulesite.rules.editions import citations_check

GOLDEN_DIR = Path(settings.BASE_DIR) / "fixtures" / "scenarios"


class Command(BaseCommand):
    help = "Check the rule citations of stored rulings and golden scenarios against the rules documents."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--no-golden", action="store_true", help="Check stored rulings only.")

    def handle(self, *args, **options) -> None:
        report = citations_check(golden_dir=None if options["no_golden"] else GOLDEN_DIR)
        for error in report.errors:
            self.stderr.write(f"cannot resolve {error}")
        for issue in report.issues:
            hint = f" → likely {issue.suggestion_document} {issue.suggestion}" if issue.suggestion else ""
            self.stdout.write(f"{issue.problem}: {issue.document} {issue.number}{hint}")
            for source in issue.sources[:5]:
                self.stdout.write(f"    cited by {source}")
            if len(issue.sources) > 5:
                self.stdout.write(f"    … and {len(issue.sources) - 5} more")
        missing = len(report.missing)
        self.stdout.write(f"{report.checked} citations checked: {missing} missing, {len(report.issues) - missing} to review.")
        if missing:
            raise CommandError(f"{missing} cited rule(s) missing from their documents", returncode=1)
