"""``python manage.py load_scenarios``: store every golden scenario as a demo ruling.

Idempotent: a scenario's permalink code comes from its content, so loading twice stores
nothing new. Titles and sources come from the golden file.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

import engine
from rulesite.scenarios.services import scenario_create

SCENARIOS_DIR = Path(settings.BASE_DIR) / "fixtures" / "scenarios"


class Command(BaseCommand):
    help = "Load the golden scenarios in fixtures/scenarios/ as demo rulings."

    def add_arguments(self, parser) -> None:
        parser.add_argument("paths", nargs="*", help="Golden files (default: every file under fixtures/scenarios/).")

    def handle(self, *args, **options) -> None:
        paths = [Path(p) for p in options["paths"]] or sorted(SCENARIOS_DIR.glob("*/*.json"))
        created_count = 0
        for path in paths:
            try:
                golden = json.loads(path.read_text(encoding="utf-8"))
                scenario, created = scenario_create(
                    scenario=golden["scenario"],
                    title=golden.get("title", ""),
                    source=golden.get("source", ""),
                    is_demo=True,
                )
            except (OSError, ValueError, KeyError) as exc:
                raise CommandError(f"{path}: {exc}") from None
            except engine.ScenarioError as exc:
                raise CommandError(f"{path}: invalid scenario: {exc.errors}") from None
            created_count += created
        self.stdout.write(f"{len(paths)} scenarios, {created_count} new")
