"""The builders are usable within a second on a slow connection: little script, none of it blocking."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db  # the test database (rules imported); see conftest.py

SCRIPT_BUDGET = 50 * 1024
"""Bytes of script (uncompressed, all files together) a builder page may load."""

BUILDERS = ("ygo", "mtg", "fow")

SCRIPTS = """() => [...document.scripts].map(s => ({src: s.src, inline: !s.src && s.textContent.trim() !== '',
  deferred: s.defer || s.async || s.type === 'module'}))"""


def static_size(url: str) -> int:
    """Return the size in bytes of the static file behind ``url`` (``/static/js/builder.js``)."""
    path = urlparse(url).path
    assert path.startswith(settings.STATIC_URL), f"{url} is not a static file of this site"
    found = finders.find(path[len(settings.STATIC_URL):])
    assert found, f"no static file for {url}"
    return Path(found).stat().st_size


class TestTheBuilderPageWeight:
    @pytest.mark.parametrize("game", BUILDERS)
    def test_it_loads_under_50_kb_of_deferred_script(self, page: Any, game: str) -> None:
        loaded: list[str] = []
        page.on("request", lambda request: loaded.append(request.url) if request.resource_type == "script" else None)
        page.goto(f"/scenarios/new/{game}/")
        expect(page.locator(".board-form")).to_be_visible()

        scripts = page.evaluate(SCRIPTS)
        assert scripts, "the builder has no script at all: then this budget test checks nothing"
        assert not [s for s in scripts if s["inline"]], "inline script on the builder page"
        blocking = [s["src"] for s in scripts if not s["deferred"]]
        assert not blocking, f"scripts that block the first paint: {blocking}"
        sizes = {url: static_size(url) for url in sorted({s["src"] for s in scripts} | set(loaded))}
        total = sum(sizes.values())
        assert total <= SCRIPT_BUDGET, f"{total} bytes of script, over the {SCRIPT_BUDGET}-byte budget: {sizes}"

    def test_it_works_before_its_script_arrives(self, browser: Any, site: str, shot: Any) -> None:
        """With scripts off (as while builder.js is still loading), a prefilled board still resolves."""
        context = browser.new_context(base_url=site, java_script_enabled=False, locale="en-GB")
        try:
            page = context.new_page()
            page.goto("/scenarios/new/ygo/?demo=demo-mirror-force-trap-jammer")
            expect(page.locator("html.js")).to_have_count(0)
            expect(page.locator("#id_cards-2-name")).to_have_value("Trap Jammer")
            shot(page, "no-script-builder")
            page.get_by_role("button", name="Resolve and make a permalink").click()
            page.wait_for_url(re.compile(r"/r/[A-Za-z0-9]+/$"))
            expect(page.locator(".glance .summary")).to_contain_text("Trap Jammer negates the activation of Mirror Force")
        finally:
            context.close()
