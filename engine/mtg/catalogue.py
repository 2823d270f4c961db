"""The Magic cards of the card library (``fixtures/cards/mtg/``, :mod:`engine.core.cards`), as the
builder, the rulings pages and the tests read them: the Alara Reborn release FAQ cards, and the
cards the goldens use (those cite no FAQ section: their ``faq`` is ``None``).

Each entry of :func:`cards` is the library card's object of docs/scenario-format.md §8.2 with its
English ``name`` (no ``id``/``owner``/``zone``: the builder adds them), plus what is derived from
the card file:

* ``evaluable``: the label of each ability the engine evaluates (its keyword, else its text);
* ``unsupported``: the card's ``unevaluable`` sentences (each is also an ability of kind
  ``unsupported`` in the object, so using the card reports it);
* ``faq``: the FAQ section (``card-<slug>``) its first ``source`` entry cites in
  ``mtg-arb-faq-2009``, or ``None`` for a card the FAQ does not cover;
* ``oracle_note`` (only when there is one): the card's other ``source`` entries, where current
  Oracle wording differs from the FAQ's 2009 wording or how the engine models the card.

The entries are copies: editing one never changes the library, and a scenario holding one never
depends on it.
"""

from __future__ import annotations

import re
from typing import Any

from engine.core.cards import LibraryCard, library

FAQ_DOCUMENT = "mtg-arb-faq-2009"
"""The document the catalogue's cards come from (fixtures/documents/mtg-arb-faq-2009.txt)."""

_CITATION = re.compile(rf"\({re.escape(FAQ_DOCUMENT)}, section (card-[a-z0-9-]+)\)")
"""How a ``source`` entry cites a card section of the FAQ."""


def faq_slug(name: str) -> str:
    """The FAQ's slug of an English card name (as ``mtg_release_faq.slugify``): apostrophes are
    dropped, every other run of non-alphanumerics is one ``-``: ``Mayael's Aria`` → ``mayaels-aria``."""
    kept = "".join(ch for ch in name.lower() if ch not in "'’")
    return "-".join("".join(ch if ch.isalnum() else " " for ch in kept).split())


def faq_section(card: LibraryCard) -> str | None:
    """Return the FAQ section (``card-<slug>``) that ``card``'s ``source`` cites, or ``None``."""
    return next((match.group(1) for entry in card.source if (match := _CITATION.search(entry))), None)


def entry(card: LibraryCard) -> dict[str, Any]:
    """Return the catalogue entry of one library card (a fresh copy): ``{name, <object fields>,
    evaluable, unsupported, faq[, oracle_note]}``."""
    out: dict[str, Any] = {"name": card.name, **card.to_json()["object"]}
    abilities = out.get("abilities") or []
    out["evaluable"] = [a.get("keyword") or a.get("text") or a["kind"] for a in abilities if a["kind"] != "unsupported"]
    out["unsupported"] = list(card.unevaluable)
    out["faq"] = faq_section(card)
    notes = [note for note in card.source if not _CITATION.search(note)]
    if notes:
        out["oracle_note"] = " ".join(notes)
    return out


def cards() -> list[dict[str, Any]]:
    """Return the catalogue as plain dicts (fresh copies, sorted by name): one :func:`entry` per
    card file of ``fixtures/cards/mtg/``."""
    return sorted((entry(card) for card in library("mtg")), key=lambda c: c["name"])
