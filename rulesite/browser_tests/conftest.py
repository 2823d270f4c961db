"""Fixtures of the browser tests: one live server and one Debian Chromium for the whole folder.

The server is pytest-django's own ``LiveServer`` helper (what the ``live_server`` fixture runs),
started once for this folder, *without* ``transactional_db``: that fixture flushes every table
after each test, which would throw away the rules documents that the root ``conftest.py``
imports once per session (re-importing them for each test costs seconds). Instead every test
module is marked ``django_db``, so that the session's test database (rules imported) is set up
even when only these tests run (never the development database). The server commits what the
pages write, so when the folder is done every row the browser tests added (rulings, notes,
users, sessions) is deleted again: the tests that come after see the database as before.

Chromium is Debian's (``/usr/bin/chromium``, installed by ``make test`` when missing): nothing is
downloaded, ``playwright install`` is never run. Without that binary every browser test fails,
saying why, never skipped silently; only ``BROWSER_TESTS=skip`` (asked for explicitly) skips them,
each with the reason. With it, a browser that fails to start is an error.

Screenshots of the steps go to ``artifacts/screenshots/`` (ignored by git, kept by CI as
test artefacts).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
TIMEOUT_MS = 20_000
"""How long a step or an ``expect`` waits for an element or a page before failing. The pages answer
in well under a second; the margin is for a busy two-core machine (no step sleeps: it waits for
what it needs and goes on the moment it is there)."""

# Tables the browser tests write to; whatever they add is deleted after the folder.
WRITTEN_APPS = ("scenarios", "auth", "sessions", "admin")

try:
    from playwright import sync_api
except ImportError:  # pragma: no cover - requirements-dev.txt installs it
    sync_api = None
else:
    sync_api.expect.set_options(timeout=TIMEOUT_MS)


def browser_missing() -> str | None:
    """Why the browser tests cannot run here (no Playwright, no Chromium), or ``None``."""
    if sync_api is None:
        return "Playwright is not installed: pip install -r requirements-dev.txt (make test does)"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM}: `make test` installs Debian's chromium with apt-get; it failed or was not run"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without Chromium (or Playwright) every browser test fails saying why (the ``browser``
    fixture fails); with ``BROWSER_TESTS=skip`` in the environment each is skipped with that
    reason instead."""
    reason = browser_missing()
    if reason is None:
        return
    if os.environ.get("BROWSER_TESTS") != "skip":
        return  # the browser fixture fails each test, saying why
    marker = pytest.mark.skip(reason=f"BROWSER_TESTS=skip: {reason}")
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(marker)


def _rows(apps: tuple[str, ...]) -> dict[type, set[Any]]:
    from django.apps import apps as registry

    return {
        model: set(model._base_manager.values_list("pk", flat=True))
        for model in registry.get_models(include_auto_created=True)
        if model._meta.app_label in apps and not model._meta.proxy
    }


@pytest.fixture(scope="package")
def site(django_db_setup: None, django_db_blocker: Any) -> Iterator[str]:
    """Return the base URL of a live server over the session's test database (rules imported)."""
    from django.db import connection
    from pytest_django.live_server_helper import LiveServer

    with django_db_blocker.unblock():
        name = str(connection.settings_dict["NAME"])
        assert name.startswith("test_") or "mode=memory" in name, f"{name} is no test database: mark the tests django_db"
        before = _rows(WRITTEN_APPS)
        server = LiveServer("127.0.0.1:0")
        server._live_server_modified_settings.enable()
        try:
            yield server.url
        finally:
            server._live_server_modified_settings.disable()
            server.stop()
            for model, pks in _rows(WRITTEN_APPS).items():
                added = pks - before.get(model, set())
                if added:
                    model._base_manager.filter(pk__in=added).delete()


@pytest.fixture(scope="package")
def browser(site: str) -> Iterator[Any]:
    """Return Debian's Chromium, headless, driven by Playwright (launched once for the folder).

    It depends on ``site`` so that the server starts before and stops after Playwright's event
    loop runs.
    """
    missing = browser_missing()
    if missing:
        pytest.fail(f"browser tests cannot run: {missing} (BROWSER_TESTS=skip skips them on purpose)", pytrace=False)
    # Playwright's sync API keeps an event loop on this thread, which makes Django refuse the
    # test's own (synchronous) transaction handling here unless told that this is safe.
    unsafe = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_api.sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
            try:
                yield chromium
            finally:
                chromium.close()
                # Code run while Playwright is active sees its own database connections (Django's
                # are kept per context): close them, or PostgreSQL cannot drop the test database.
                from django.db import connections

                connections.close_all()
    finally:
        if unsafe is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = unsafe


def _new_page(browser: Any, viewport: dict[str, int], **options: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=viewport, locale="en-GB", **options)
    context.set_default_timeout(TIMEOUT_MS)
    context.set_default_navigation_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Console errors too (a script or style refused by the CSP says so there), but not the
    # status of a page that answers 400 on purpose.
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "Failed to load resource" not in m.text else None)
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"script or console errors on the page: {errors}"


@pytest.fixture
def page(browser: Any, site: str) -> Iterator[Any]:
    """Return a fresh desktop-sized tab (own cookies, English), failing the test on any script or console error."""
    yield from _new_page(browser, DESKTOP, base_url=site)


@pytest.fixture
def phone(browser: Any, site: str) -> Iterator[Any]:
    """Return a fresh phone-sized tab (390×844, touch)."""
    yield from _new_page(browser, PHONE, base_url=site, is_mobile=True, has_touch=True, device_scale_factor=1)


class Shots:
    """Save numbered screenshots of a test's steps as ``artifacts/screenshots/<test>-<n>-<step>.png``."""

    def __init__(self, module: str, test_name: str, param: str = "") -> None:
        name = re.sub(r"^test_(it_)?", "", test_name.lower())[:50]
        self.prefix = re.sub(r"[^a-z0-9]+", "-", f"{module.removeprefix('test_')}-{name}-{param}".lower()).strip("-")
        self.count = 0
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for old in SCREENSHOTS.glob(f"{self.prefix}-[0-9][0-9]-*.png"):
            old.unlink()

    def __call__(self, page: Any, step: str, *, full_page: bool = True) -> Path:
        self.count += 1
        path = SCREENSHOTS / f"{self.prefix}-{self.count:02d}-{step}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path


@pytest.fixture
def shot(request: pytest.FixtureRequest) -> Shots:
    """Return a function ``shot(page, "step-name")`` saving a screenshot of the step."""
    callspec = getattr(request.node, "callspec", None)
    return Shots(request.module.__name__.rpartition(".")[2], request.node.originalname, callspec.id if callspec else "")
