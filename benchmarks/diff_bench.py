"""Time the edition diff of the two Comprehensive Rules editions: import, compute, render.

Prints, for a fresh database of its own (a temporary SQLite file unless a URL is given):

* the import of each Comprehensive Rules edition (parse + write);
* the diff computed from the database rows (pairing, renumbering, word-level HTML);
* the diff page rendered cold (empty cache: computes and stores the diff) and warm (median
  and worst of ``--repeat`` renders, several filters), through the Django test client;
* the history page of cascade (702.85a) warm, and the dry-run diff of a parsed edition.

The target is a warm diff page under 300 ms; this script measures, it does not assert.
Usage: ``python benchmarks/diff_bench.py [--database-url URL] [--repeat N]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OLD, NEW = "2020-06-01", "2022-04-29"


def ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="database to use (default: a temporary SQLite file)")
    parser.add_argument("--repeat", type=int, default=20, help="warm renders per page")
    args = parser.parse_args()

    tmp = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{tmp.name}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from rulesite.rules.editions import diff_units, document_units, parsed_diff_against_previous
    from rulesite.rules.importers import CORPORA_GLOB
    from rulesite.rules.models import Document
    from rulesite.rules.services import document_import, document_parse_file

    corpora = sorted(Path(settings.RULES_CORPORA_DIR).glob(CORPORA_GLOB))
    if len(corpora) < 2:
        print(f"Needs two Comprehensive Rules editions in {settings.RULES_CORPORA_DIR}; found {len(corpora)}.")
        return 1
    setup_test_environment()
    call_command("migrate", verbosity=0)
    vendor = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(f"edition diff benchmark · database: {vendor} · cache: {settings.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]}")

    parsed_editions = []
    for path in corpora:
        started = time.perf_counter()
        parsed, fingerprint = document_parse_file(path=path, fmt="mtg-cr")
        report = document_import(parsed=parsed, fingerprint=fingerprint, source_name=path.name)
        print(f"  import {report.slug:<28} {report.section_count:5d} sections {ms(started):8.0f} ms")
        parsed_editions.append(parsed)

    old = Document.objects.get(slug=f"mtg-cr-{OLD}")
    new = Document.objects.get(slug=f"mtg-cr-{NEW}")
    started = time.perf_counter()
    units = document_units(old), document_units(new)
    load = ms(started)
    started = time.perf_counter()
    diff = diff_units(*units, old_slug=old.slug, new_slug=new.slug)
    print(f"  diff computed (rows {load:.0f} ms + pairing and HTML) {ms(started):8.0f} ms   {diff.counts()}")
    started = time.perf_counter()
    parsed_diff_against_previous(parsed=parsed_editions[-1])
    print(f"  dry-run diff of the parsed newer edition        {ms(started):8.0f} ms")

    client = Client()
    url = f"/rules/mtg-cr/diff/{OLD}/{NEW}/"
    cache.clear()
    started = time.perf_counter()
    assert client.get(url).status_code == 200
    print(f"  diff page, cold (computes and caches)           {ms(started):8.0f} ms")
    pages = [
        ("diff page, warm", url, {}),
        ("diff page, warm, section 702", url, {"group": "702"}),
        ("diff page, warm, renumbered, page 10", url, {"status": "renumbered", "page": "10"}),
        ("history of 702.85a, warm", "/rules/mtg-cr/history/702.85a/", {}),
    ]
    for label, page_url, params in pages:
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            response = client.get(page_url, params)
            times.append(ms(started))
            assert response.status_code == 200, (page_url, response.status_code)
        print(f"  {label:<46} median {statistics.median(times):6.1f} ms, worst {max(times):6.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
