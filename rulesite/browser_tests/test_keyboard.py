"""A judge uses the Yu-Gi-Oh! builder with the keyboard alone: no mouse from the first key to the permalink."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db  # the test database (rules imported); see conftest.py

FOCUSED = """() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  const box = el.getBoundingClientRect();
  const rgb = (color) => (color.match(/[\\d.]+/g) || []).map(Number);
  const luminance = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  let behind = el.parentElement;  // the ring sits outside the element: compare it with what is around it
  while (behind && (rgb(getComputedStyle(behind).backgroundColor)[3] === 0 || getComputedStyle(behind).backgroundColor === "transparent")) {
    behind = behind.parentElement;
  }
  const [a, b] = [luminance(rgb(style.outlineColor)), luminance(rgb(behind ? getComputedStyle(behind).backgroundColor : "rgb(255,255,255)"))];
  return {id: el.id, tag: el.tagName.toLowerCase(), text: (el.textContent || "").trim().slice(0, 40),
          outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
          contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
          visible: box.width > 0 && box.height > 0};
}"""


def tab_to(page: Any, matches: Any, *, limit: int) -> int:
    """Press Tab until ``matches(focused)`` holds; return how many presses it took.

    Every element the focus passes through must be visible and show it: an outline of at least
    2px with 3:1 contrast against what is behind it. A keyboard user always sees where they are.
    """
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        assert focused["visible"], f"Tab {presses} focused an invisible element: {focused}"
        assert focused["outline"], f"Tab {presses} focused an element without a visible focus ring: {focused}"
        assert focused["contrast"] >= 3, f"Tab {presses}: the focus ring is too faint (WCAG 1.4.11 wants 3:1): {focused}"
        if matches(focused):
            return presses
    raise AssertionError(f"not reached in {limit} presses of Tab; focus is on {page.evaluate(FOCUSED)}")


class TestTheBuilderByKeyboard:
    def test_it_can_be_filled_extended_and_submitted_without_a_mouse(self, page: Any, shot: Any) -> None:
        page.goto("/scenarios/new/ygo/")
        expect(page.locator("html.js")).to_have_count(1)  # builder.js has run: the "Add" buttons are shown.

        page.keyboard.press("Tab")
        skip = page.evaluate(FOCUSED)
        assert skip["text"] == "Skip to content", skip
        page.keyboard.press("Enter")  # past the header: the next Tab lands in the page itself

        tab_to(page, lambda f: f["id"] == "id_setup-p1_name", limit=30)
        page.keyboard.type("Alice")

        tab_to(page, lambda f: f["tag"] == "button" and f["text"] == "Add a card", limit=250)
        page.keyboard.press("Enter")
        new_row = page.locator("fieldset.card-row").nth(3)
        expect(new_row.locator(":scope > legend")).to_have_text("Card 4")
        expect(new_row.get_by_label("Name:", exact=True)).to_be_focused()
        page.keyboard.type("Dark Magician")
        # Through the row with Tab; a select takes the first letters of its choice.
        for label, keys, value in (
            ("Owner:", "", "p1"), ("Controller:", "", ""), ("Zone:", "", "monster_zone"), ("Position:", "A", "attack"),
            ("Kind:", "", "monster"), ("Subtype:", "N", "normal"), ("Level/Rank:", "7", "7"), ("ATK:", "2500", "2500"),
        ):
            page.keyboard.press("Tab")
            field = new_row.get_by_label(label, exact=True)
            expect(field).to_be_focused()
            if keys:
                page.keyboard.type(keys)
            expect(field).to_have_value(value)
        shot(page, "added-row")

        page.keyboard.press("Enter")  # Enter in a text field submits the form
        page.wait_for_url(re.compile(r"/r/[A-Za-z0-9]+/$"))
        expect(page.locator(".ruling-head")).to_be_visible()
        expect(page.locator(".boards")).to_contain_text("Dark Magician")
        expect(page.locator(".boards")).to_contain_text("Alice")
        shot(page, "permalink")
