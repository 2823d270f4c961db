"""N+1: the queries of a page do not grow with the size of what it shows.

Each test renders a small and a large page of the same kind, uncached, and asserts the
large one makes no more queries than the small one.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

import engine
from rulesite.scenarios.services import scenario_create

from .helpers import goldens

pytestmark = pytest.mark.django_db


def queries_of(client, url: str) -> int:
    """Return the number of queries of one uncached GET of ``url`` (asserting a 200)."""
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured.captured_queries)


class QueryCountTests:
    @pytest.mark.parametrize(
        ("small", "large"),
        [
            ("/rules/fow-whitepaper-2.3/4/", "/rules/fow-whitepaper-2.3/10/"),  # 2 and 19 children
            ("/rules/ygo-rulebook-mr2/ch1/", "/rules/ygo-rulebook-mr2/ch5/"),  # 7 and 37 children
        ],
    )
    def test_a_section_page_makes_as_many_queries_for_many_children_as_for_few(self, client, small, large):
        assert queries_of(client, large) <= queries_of(client, small)

    def test_a_search_page_makes_as_many_queries_for_a_full_page_as_for_a_few_results(self, client):
        few = queries_of(client, "/search/?q=審判")  # 5 results
        full = queries_of(client, "/search/?q=連鎖")  # over 100 results, a page of 20
        assert full <= few

    def test_a_permalink_page_makes_as_many_queries_for_a_long_trace_as_for_a_short_one(self, client):
        # Both boards cite rules: looking the citations up is one query however many there are,
        # so a trace that cites nothing at all would be one query short for that reason alone.
        # Same game, so both pages have the same parts (a Magic result adds a layer-walk table).
        citing = [
            s for s in goldens()
            if s["game"] == "ygo" and any(step.get("rule") for step in engine.resolve(s)["trace"])
        ]
        by_length = sorted(citing, key=lambda scenario: len(engine.resolve(scenario)["trace"]))
        short, _ = scenario_create(scenario=by_length[0])
        long, _ = scenario_create(scenario=by_length[-1])
        assert len(long.trace) > len(short.trace)
        assert queries_of(client, long.get_absolute_url()) <= queries_of(client, short.get_absolute_url())
