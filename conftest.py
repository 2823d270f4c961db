"""Shared pytest fixtures.

The Django tests read the real rules documents: they are imported once per test session
into the test database (the bundled documents, and the Comprehensive Rules editions when
``../shared/corpora`` is present), and every test runs in a transaction rolled back after
it, so the imported rows are shared read-only data.
"""

from __future__ import annotations

from pathlib import Path

import pytest

CORPORA = Path(__file__).resolve().parent.parent / "shared" / "corpora"
needs_corpora = pytest.mark.skipif(not CORPORA.is_dir(), reason=f"no Comprehensive Rules corpora at {CORPORA}")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    from django.core.management import call_command

    with django_db_blocker.unblock():
        call_command("import_rules", verbosity=0, stdout=open("/dev/null", "w"))


@pytest.fixture
def empty_cache():
    """Clear Django's cache before and after a test (use with ``pytest.mark.usefixtures``)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
