"""Data safety: a stored permalink survives schema migrations and a backup and restore."""

from __future__ import annotations

import copy
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connections
from django.db.migrations.executor import MigrationExecutor

from rulesite.scenarios.models import Scenario
from rulesite.scenarios.services import scenario_create

from .helpers import goldens

pytestmark = pytest.mark.django_db


@pytest.fixture
def scratch_database(tmp_path: Path, django_db_blocker):
    """Yield the alias of an empty SQLite database file of its own, removed afterwards.

    The session's test database (with the imported rules documents) is never touched, so
    migrating this one backward and forward cannot disturb other tests.
    """
    alias = "migration_roundtrip"
    settings = copy.deepcopy(connections.settings["default"])
    settings.update({"ENGINE": "django.db.backends.sqlite3", "NAME": str(tmp_path / "roundtrip.sqlite3"),
                     "OPTIONS": {}, "CONN_MAX_AGE": 0, "TEST": {}})
    connections.settings[alias] = settings
    try:
        with django_db_blocker.unblock():
            yield alias
            connections[alias].close()
    finally:
        del connections.settings[alias]
        if hasattr(connections._connections, alias):
            delattr(connections._connections, alias)


def stored_canonical(alias: str, code: str) -> str:
    """Return the ``canonical`` column of permalink ``code`` read with plain SQL (any schema)."""
    with connections[alias].cursor() as cursor:
        cursor.execute("SELECT canonical FROM scenarios_scenario WHERE code = %s", [code])
        return cursor.fetchone()[0]


def migrate(alias: str, targets: list[tuple[str, str | None]]) -> None:
    executor = MigrationExecutor(connections[alias])
    executor.migrate(targets)


class MigrationRoundTripTests:
    def test_a_permalink_reads_back_byte_identical_after_migrating_down_and_up(self, scratch_database):
        alias = scratch_database
        executor = MigrationExecutor(connections[alias])
        leaves = executor.loader.graph.leaf_nodes()
        scenario_migrations = sorted(name for app, name in executor.loader.disk_migrations if app == "scenarios")
        migrate(alias, leaves)

        stored, _ = scenario_create(scenario=goldens()[0])
        original = Scenario.objects.get(pk=stored.pk)
        original.pk = None
        Scenario.objects.using(alias).bulk_create([original])
        canonical = stored_canonical(alias, stored.code)
        assert canonical == stored.canonical

        migrate(alias, [("scenarios", scenario_migrations[0])])
        assert stored_canonical(alias, stored.code).encode() == canonical.encode()
        for name in scenario_migrations[1:]:  # forward again, one migration at a time
            migrate(alias, [("scenarios", name)])
            assert stored_canonical(alias, stored.code).encode() == canonical.encode(), name
        migrate(alias, MigrationExecutor(connections[alias]).loader.graph.leaf_nodes())
        assert Scenario.objects.using(alias).get(code=stored.code).canonical.encode() == canonical.encode()


class BackupRestoreTests:
    def test_dumpdata_and_loaddata_restore_every_permalink_unchanged(self, tmp_path: Path):
        for scenario in goldens()[:5]:
            scenario_create(scenario=scenario)
        before = {s.code: (s.canonical, s.trace, s.result, s.engine_version, s.created_at) for s in Scenario.objects.all()}
        # XML keeps created_at to the microsecond; Django's JSON serializer cuts it to the
        # millisecond (docs/operations.md says which to use).
        backup = tmp_path / "scenarios.xml"
        call_command("dumpdata", "scenarios", "--natural-foreign", "--format", "xml", "-o", str(backup), verbosity=0)

        Scenario.objects.all().delete()
        assert not Scenario.objects.exists()
        call_command("loaddata", str(backup), verbosity=0, stdout=StringIO())

        after = {s.code: (s.canonical, s.trace, s.result, s.engine_version, s.created_at) for s in Scenario.objects.all()}
        assert after == before
        for code, (canonical, *_rest) in before.items():
            assert Scenario.objects.get(code=code).canonical.encode() == canonical.encode()
