"""Database routing for a read replica (``DATABASE_REPLICA_URL``)."""

from __future__ import annotations

from django.db.models import Model

REPLICA_APPS = {"rules"}
"""Apps read from the replica: the rules documents, written only by imports. Everything
else (permalinks, annotations, sessions, users) is read from the primary, so a permalink
just stored is found at once whatever the replication lag."""


class ReplicaRouter:
    """Send reads of the rules app to ``replica``; every write and migration to ``default``."""

    def db_for_read(self, model: type[Model], **hints) -> str:
        return "replica" if model._meta.app_label in REPLICA_APPS else "default"

    def db_for_write(self, model: type[Model], **hints) -> str:
        return "default"

    def allow_relation(self, obj1: Model, obj2: Model, **hints) -> bool:
        return True

    def allow_migrate(self, db: str, app_label: str, **hints) -> bool:
        return db == "default"
