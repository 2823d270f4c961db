"""Two-minute boards (issue 16): a judge enters each board through the builder form alone, with
the card library, and the ruling page gives the right answer.

Every interaction goes through :class:`~rulesite.browser_tests.helpers.Touches`, which counts it:
each typed value, each select changed, each click on a control is one touch (going to the
builder page is not). Each board must take at most :data:`MOST_TOUCHES`; the counts are printed
and kept in ``docs/two-minute-boards.md``, which this module checks is in step with them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import Touches, touch_click, touch_fill, touch_select

pytestmark = pytest.mark.django_db  # the test database (rules imported); see conftest.py

MOST_TOUCHES = 15
"""The issue's bound: a board entered in at most this many touches."""
TABLE = Path(__file__).resolve().parents[2] / "docs" / "two-minute-boards.md"
COUNTS: dict[str, int] = {}
"""Board → touches, as measured by the tests of this run."""


def add_step(t: Touches) -> None:
    """Click "Add a step" (one touch)."""
    touch_click(t, t.page.get_by_role("button", name="Add a step", exact=True))


def resolve(t: Touches) -> Any:
    """Click "Resolve and make a permalink" (one touch) and return the ruling page once it is shown."""
    touch_click(t, t.page.get_by_role("button", name="Resolve and make a permalink").first)
    t.page.wait_for_url(re.compile(r"/r/[A-Za-z0-9]+/$"))
    return t.page


def card_filled(page: Any, index: int, field: str = "types") -> None:
    """Wait until the library has filled card row ``index`` (its ``field`` box is no longer blank)."""
    expect(page.locator(f"#id_cards-{index}-{field}")).not_to_have_value("")


# -- Magic ------------------------------------------------------------------------------------------


def humility_opalescence(first: str, second: str) -> Callable[[Touches], None]:
    """Humility and Opalescence on the battlefield in the timestamp order of their rows, and a Bear."""

    def enter(t: Touches) -> None:
        for index, name in enumerate((first, second, "Grizzly Bears")):
            touch_fill(t, f"#id_cards-{index}-name", name)
            card_filled(t.page, index)

    return enter


def at_a_glance(page: Any, *lines: str) -> None:
    """Assert that the ruling's "At a glance" says each of ``lines`` (whole lines)."""
    for line in lines:
        expect(page.get_by_text(line, exact=True)).to_have_count(1)


def humility_then_opalescence_answer(page: Any) -> None:
    # dep-humility-then-opalescence: Opalescence's later 7b effect makes Humility 4/4; the Bear is 1/1;
    # Opalescence itself is only an enchantment (it is no creature: not in the answer).
    at_a_glance(page, "Humility: 4/4 Enchantment Creature.", "Grizzly Bears: 1/1 Creature — Bear.")
    expect(page.get_by_text(re.compile(r"^Opalescence: \d"))).to_have_count(0)


def opalescence_then_humility_answer(page: Any) -> None:
    # dep-opalescence-then-humility: Humility's later 7b effect makes every creature 1/1, Humility too.
    at_a_glance(page, "Humility: 1/1 Enchantment Creature.", "Grizzly Bears: 1/1 Creature — Bear.")


def blood_moon_urborg(t: Touches) -> None:
    """Urborg, Blood Moon (the opponent's) and a Forest, in that timestamp order (dep-blood-moon-urborg)."""
    for index, name in enumerate(("Urborg, Tomb of Yawgmoth", "Blood Moon", "Forest")):
        touch_fill(t, f"#id_cards-{index}-name", name)
        card_filled(t.page, index)


def blood_moon_urborg_answer(page: Any) -> None:
    # dep-blood-moon-urborg: Urborg's effect depends on Blood Moon (613.8a): Urborg is only a
    # Mountain, and the basic Forest is no Swamp.
    main = page.locator("main")
    expect(main).to_contain_text("613.8a")
    at_a_glance(page, "Urborg, Tomb of Yawgmoth: Legendary Land — Mountain.")
    expect(page.locator(".timeline")).not_to_contain_text("Forest, layer 4")  # Urborg's Swamp never applies


def bolt_and_giant_growth(t: Touches) -> None:
    """Alice casts Lightning Bolt at Bob's Grizzly Bears, passes, and Bob answers with Giant Growth
    (117-instant-in-response-resolves-first: Giant Growth resolves first, the Bears survive)."""
    touch_fill(t, "#id_cards-0-name", "Lightning Bolt")
    card_filled(t.page, 0)
    touch_fill(t, "#id_cards-1-name", "Grizzly Bears")
    card_filled(t.page, 1)
    touch_select(t, "#id_cards-1-owner", "p2")
    touch_fill(t, "#id_cards-2-name", "Giant Growth")
    card_filled(t.page, 2)
    touch_select(t, "#id_cards-2-owner", "p2")
    touch_select(t, "#id_after-0-card", "c1")
    touch_select(t, "#id_after-0-targets", ["c2"])
    add_step(t)
    touch_select(t, "#id_after-1-type", "pass")
    add_step(t)
    touch_select(t, "#id_after-2-card", "c3")
    touch_select(t, "#id_after-2-targets", ["c2"])


def bolt_and_giant_growth_answer(page: Any) -> None:
    timeline = page.locator(".timeline")
    expect(timeline).to_contain_text(re.compile(r"Giant Growth.*resolves.*Lightning Bolt.*resolves", re.S))
    expect(page.locator("main")).not_to_contain_text("Grizzly Bears moves from battlefield to graveyard")


@dataclass(frozen=True)
class Board:
    """A board of the issue: the builder page it starts on, how a judge enters it, what the ruling says."""

    game: str
    enter: Callable[[Touches], None]
    answer: Callable[[Any], None]


def _dump(page: Any, name: str) -> None:
    """Keep the page's text next to the screenshots when a board fails (what the judge saw)."""
    from .conftest import SCREENSHOTS

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / f"two-minute-boards-{name}.txt").write_text(page.locator("body").inner_text(), encoding="utf-8")


BOARDS: dict[str, Board] = {
    "mtg-humility-then-opalescence": Board("mtg", humility_opalescence("Humility", "Opalescence"), humility_then_opalescence_answer),
    "mtg-opalescence-then-humility": Board("mtg", humility_opalescence("Opalescence", "Humility"), opalescence_then_humility_answer),
    "mtg-blood-moon-urborg": Board("mtg", blood_moon_urborg, blood_moon_urborg_answer),
    "mtg-bolt-answered-by-giant-growth": Board("mtg", bolt_and_giant_growth, bolt_and_giant_growth_answer),
}


class TestTwoMinuteBoards:
    @pytest.mark.parametrize("name", BOARDS)
    def test_the_board_is_entered_in_at_most_15_touches_and_answered(self, page: Any, shot: Any, name: str) -> None:
        board = BOARDS[name]
        page.goto(f"/scenarios/new/{board.game}/")
        expect(page.locator("html.js")).to_have_count(1)
        t = Touches(page)
        try:
            board.enter(t)
            shot(page, "filled")
            resolve(t)
            shot(page, "ruling")
            board.answer(page)
        finally:
            _dump(page, name)
        COUNTS[name] = t.count
        print(f"\n{name}: {t.count} touches")
        assert t.count <= MOST_TOUCHES, f"{name} took {t.count} touches (at most {MOST_TOUCHES})"
