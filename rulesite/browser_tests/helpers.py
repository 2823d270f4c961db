"""Helpers of the browser tests: axe-core checks and filling the board builders like a judge would."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe

BLOCKING_IMPACTS = ("serious", "critical")
"""The axe impacts that fail a test; "minor" and "moderate" findings are reported, not failed on."""

_AXE = Axe()


def axe_violations(page: Any, *, impacts: tuple[str, ...] = BLOCKING_IMPACTS) -> list[str]:
    """Run axe-core (from the axe-playwright-python package, not a CDN) on ``page``; return the findings.

    Each finding reads ``rule-id (impact): help — selector, selector…``, so a failing assert says
    what to fix and where. Rules: WCAG 2.0/2.1 A and AA plus axe's best practices.
    """
    options = {"resultTypes": ["violations"], "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}}
    results = _AXE.run(page, options=options)
    found = []
    for violation in results.response["violations"]:
        if violation.get("impact") not in impacts:
            continue
        targets = [", ".join(map(str, node["target"])) for node in violation["nodes"][:5]]
        more = f" (+{len(violation['nodes']) - 5} more)" if len(violation["nodes"]) > 5 else ""
        found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} — {'; '.join(targets)}{more}")
    return found


def type_into(page: Any, selector: str, text: str) -> None:
    """Click a field and type ``text`` key by key, as a person would (input events fire per key)."""
    field = page.locator(selector)
    field.click()
    field.press("Control+a")
    page.keyboard.type(text)


Step = tuple[str, str, str | list[str]]
"""(how, field, value): "type" key by key, "select" an option (or options), "check" a box."""

MIRROR_FORCE_BOARD: tuple[Step, ...] = (
    # Alice (Player 1) attacks with Dark Magician; Bob (Player 2) activates Mirror Force
    # (Chain Link 1); Alice answers with Trap Jammer. The page's three spare card rows hold them.
    ("select", "#id_setup-ruleset", "arcv"), ("select", "#id_setup-phase", "battle"), ("select", "#id_setup-step", "battle"),
    ("type", "#id_setup-p1_name", "Alice"), ("type", "#id_setup-p2_name", "Bob"),
    # Card 1: Dark Magician, face-up in Attack Position on Alice's side.
    ("type", "#id_cards-0-id", "m1"), ("type", "#id_cards-0-name", "Dark Magician"),
    ("select", "#id_cards-0-position", "attack"), ("select", "#id_cards-0-subtype", "normal"),
    ("type", "#id_cards-0-level", "7"), ("type", "#id_cards-0-atk", "2500"), ("type", "#id_cards-0-defense", "2100"),
    # Card 2: Bob's Mirror Force, set; its effect destroys Dark Magician.
    ("type", "#id_cards-1-id", "t1"), ("type", "#id_cards-1-name", "Mirror Force"), ("select", "#id_cards-1-owner", "p2"),
    ("select", "#id_cards-1-zone", "spell_trap_zone"), ("select", "#id_cards-1-position", "face-down"),
    ("select", "#id_cards-1-kind", "trap"), ("select", "#id_cards-1-subtype", "normal"),
    ("select", "#id_cards-1-effect_class", "card"),
    ("type", "#id_cards-1-effect_text", "Destroy all Attack Position monsters your opponent controls."),
    ("select", "#id_cards-1-act-0-do", "destroy"), ("select", "#id_cards-1-act-0-targets", ["m1"]),
    # Card 3: Alice's Trap Jammer, a Counter Trap that negates the activation and destroys the card.
    ("type", "#id_cards-2-id", "t2"), ("type", "#id_cards-2-name", "Trap Jammer"),
    ("select", "#id_cards-2-zone", "spell_trap_zone"), ("select", "#id_cards-2-position", "face-down"),
    ("select", "#id_cards-2-kind", "trap"), ("select", "#id_cards-2-subtype", "counter"),
    ("select", "#id_cards-2-effect_class", "card"), ("select", "#id_cards-2-act-0-do", "negate_activation"),
    ("select", "#id_cards-2-act-0-what", "trap_card"), ("check", "#id_cards-2-act-0-destroy", ""),
    # The chain: Mirror Force is Chain Link 1; then Alice activates Trap Jammer.
    ("select", "#id_chain-0-card", "t1"), ("select", "#id_after-0-type", "activate"), ("select", "#id_after-0-card", "t2"),
)
"""Mirror Force answered by Trap Jammer (docs/scenario-format.md §2.7) as a judge fills it in."""


def fill_board(page: Any, steps: tuple[Step, ...]) -> None:
    """Fill a board builder field by field, as :data:`MIRROR_FORCE_BOARD` lists them.

    Each step waits for its field to be usable: the card pickers list a card once it is named,
    and an action's fields show once its "Does" or type is chosen.
    """
    for how, selector, value in steps:
        if how == "type":
            type_into(page, selector, str(value))
        elif how == "select":
            page.select_option(selector, value)
        else:
            page.check(selector)


class Touches:
    """Count the fields a judge touches while entering a board (issue 16, "two-minute boards").

    Each typed value, each select changed and each click on a control is one touch; going to the
    builder page is not. :meth:`fill`, :meth:`select` and :meth:`click` do the interaction and
    count it, so a test cannot touch the page without it being counted (``count`` is the total).
    """

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def fill(self, selector: str, text: str) -> None:
        """Type ``text`` into the field (all of it: one value, one touch) and leave the field, as a
        judge moving on does, so its ``change`` fires (a library card's row fills in then)."""
        self.count += 1
        field = self.page.locator(selector)
        field.fill(text)
        field.press("Tab")

    def select(self, selector: str, value: str | list[str]) -> None:
        """Pick ``value`` (or, in a multiple picker, the values) in a select: one touch."""
        self.count += 1
        self.page.select_option(selector, value)

    def click(self, target: Any) -> None:
        """Click a control (a selector, or a Playwright locator such as a button by its role): one touch."""
        self.count += 1
        (self.page.locator(target) if isinstance(target, str) else target).click()

    def check(self, selector: str) -> None:
        """Tick a box: one touch (a click on a control)."""
        self.count += 1
        self.page.check(selector)


def touch_fill(touches: Touches, selector: str, text: str) -> None:
    """Type a value, counted (see :class:`Touches`)."""
    touches.fill(selector, text)


def touch_select(touches: Touches, selector: str, value: str | list[str]) -> None:
    """Pick an option, counted (see :class:`Touches`)."""
    touches.select(selector, value)


def touch_click(touches: Touches, target: Any) -> None:
    """Click a control, counted (see :class:`Touches`)."""
    touches.click(target)
