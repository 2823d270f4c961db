"""The Force of Will cards of the card library (``fixtures/cards/fow/``, :mod:`engine.core.cards`), as
the builder, the rulings pages and the tests read them: the basic magic stones the goldens name,
and the cards of the Grimm Cluster's first sets (The Crimson Moon's Fairy Tale, The Castle of
Heaven and the Two Towers) that judges meet, written in the whitepaper 2.3 vocabulary.

Each entry of :func:`cards` is the library card's object of docs/scenario-format.md §7.3 with its
English ``name`` (no ``id``/``owner``/``zone``: the builder adds them), plus what is derived from
the card file:

* ``evaluable``: the label of each ability the engine evaluates (its kind), the J-ruler side's and
  the Awakening text's included;
* ``unsupported``: the card's ``unevaluable`` sentences (each is also the ``text`` of an ability
  in the object, so using the card reports it);
* ``summary`` and ``source``: our own words on the card, and where its data come from.

The entries are copies: editing one never changes the library, and a scenario holding one never
depends on it.
"""

from __future__ import annotations

from typing import Any

from engine.core.cards import LibraryCard, by_name, library

HOMES = {"magic_stone": "stone_area", "ruler": "ruler_area"}
"""Where a card of a type that is never in the hand (FoW 3.15) starts; every other card: the hand."""


def home(card: LibraryCard) -> str:
    """Return the zone a library card is put in when a zone is not given: a magic stone in the
    magic stone area, a ruler in the ruler area, any other card in the hand."""
    return HOMES.get(str(card.obj.get("type")), "hand")


def abilities_of(obj: dict[str, Any]) -> list[dict[str, Any]]:
    """Return every ability of an object: its own, its J-ruler side's and its Awakening text's."""
    return [*(obj.get("abilities") or []), *((obj.get("j_ruler") or {}).get("abilities") or []),
            *((obj.get("awakening") or {}).get("abilities") or [])]


def entry(card: LibraryCard) -> dict[str, Any]:
    """Return the catalogue entry of one library card (a fresh copy): ``{name, <object fields>,
    evaluable, unsupported, summary, source}``."""
    out: dict[str, Any] = {"name": card.name, **card.to_json()["object"]}
    out["evaluable"] = [a["kind"] for a in abilities_of(out) if "text" not in a]
    out["unsupported"] = list(card.unevaluable)
    out["summary"] = card.summary
    out["source"] = list(card.source)
    return out


def cards() -> list[dict[str, Any]]:
    """Return the catalogue as plain dicts (fresh copies, sorted by name): one :func:`entry` per
    card file of ``fixtures/cards/fow/``."""
    return sorted((entry(card) for card in library("fow")), key=lambda c: c["name"].lower())


def card(name: str) -> LibraryCard | None:
    """Return the library card named ``name`` in any of its languages (case and spaces ignored), or ``None``."""
    return by_name("fow").get(" ".join(str(name).split()).casefold())
