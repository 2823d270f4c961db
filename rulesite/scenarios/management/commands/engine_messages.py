"""``python manage.py engine_messages``: write rulesite/scenarios/engine_msgids.py.

``makemessages`` reads only Django code, and the engine never imports Django, so the
engine's English trace templates (and the labels, docs and help of its vocabulary registries)
are copied into a generated module of ``pgettext_lazy("trace", …)`` (and
``pgettext_lazy("vocabulary", …)``) calls that ``makemessages`` can see; a vocabulary text two
or more games use is also given as ``pgettext_lazy("vocabulary <game>", …)`` for each of them,
so each game can read it in its own terms.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from rulesite.scenarios.messages import (
    catalogue_templates, engine_msgids_source, shared_vocabulary_msgids, vocabulary_msgids,
)

TARGET = Path(__file__).resolve().parents[2] / "engine_msgids.py"
"""The generated file."""


class Command(BaseCommand):
    help = "Write rulesite/scenarios/engine_msgids.py from the engine's message catalogue and vocabulary registries."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--check", action="store_true", help="Exit 1 if the file is out of date; write nothing.")

    def handle(self, *args: Any, **options: Any) -> None:
        """Write (or with ``--check`` compare) the generated file; exit 1 when ``--check`` finds it stale."""
        source = engine_msgids_source()
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if options["check"]:
            if current != source:
                self.stderr.write(f"{TARGET.name} is out of date: run python manage.py engine_messages")
                raise SystemExit(1)
            self.stdout.write(f"{TARGET.name} is up to date")
            return
        if current != source:
            TARGET.write_text(source, encoding="utf-8")
        self.stdout.write(f"{TARGET.name}: {len(catalogue_templates())} templates, {len(vocabulary_msgids())} vocabulary texts, "
                          f"{len(shared_vocabulary_msgids())} per-game readings of shared ones")
