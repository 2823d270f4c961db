"""Take the README's screenshots (``docs/screenshots/*.png``) of a running site, desktop and phone.

    make run                                   # in one terminal: a site with the demo rulings
    .venv/bin/python -m rulesite.browser_tests.readme_screenshots [http://127.0.0.1:8000]

Uses Debian's Chromium like the browser tests. Each shot is the first screen only (not the
whole page), to keep the PNGs small.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from .conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, ROOT

OUT = ROOT / "docs" / "screenshots"
DEMO = "/scenarios/new/ygo/?demo=demo-mirror-force-trap-jammer"


def permalink_of_demo(page: Page, base: str) -> str:
    """Resolve the Mirror Force demo through the builder; return its permalink path."""
    page.goto(base + DEMO)
    page.get_by_role("button", name="Resolve and make a permalink").click()
    page.wait_for_url(re.compile(r"/r/[A-Za-z0-9]+/$"))
    return page.url.removeprefix(base)


def main(base: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        desktop = browser.new_page(viewport=DESKTOP, locale="en-GB")
        permalink = permalink_of_demo(desktop, base)
        shots = [
            ("home", "/", ("desktop", "phone")),
            ("search", "/search/?q=%E9%80%A3%E9%8E%96", ("desktop",)),
            ("section", "/rules/ygo-ocg-rules-arcv/4.2.4/", ("desktop",)),
            ("builder", "/scenarios/new/ygo/", ("desktop", "phone")),
            ("ruling", permalink, ("desktop", "phone")),
        ]
        phone = browser.new_page(viewport=PHONE, locale="en-GB", is_mobile=True, has_touch=True)
        for name, path, sizes in shots:
            for size in sizes:
                page = desktop if size == "desktop" else phone
                page.goto(base + path)
                page.screenshot(path=str(OUT / f"{name}-{size}.png"))
                print(OUT / f"{name}-{size}.png")
        browser.close()


if __name__ == "__main__":
    main((sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000").rstrip("/"))
