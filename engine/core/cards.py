"""The card library: one JSON file per card under ``fixtures/cards/<game>/``.

A library card is what the builder copies into a scenario when a judge names it, so that a
permalink never changes meaning when the library is edited later. The file (format ``"1"``)::

    {"card": "1", "game": "<game>",
     "names": {"en": "...", "zh-Hans": "..."},   # English always; Chinese only where a source attests it
     "name_sources": {"zh-Hans": "..."},          # where each non-English name comes from
     "object": {...},                              # the game's object fields (docs/scenario-format.md),
                                                   # without id, owner, zone and controller
     "unevaluable": ["..."],                       # what the engine cannot evaluate, in our own words
     "summary": "...",                             # what the card does, in our own words (never card text)
     "source": ["..."]}                            # where the characteristics and rulings come from

Abilities inside ``object`` are written in the game's vocabulary; any text the engine cannot
evaluate is also an ability of the game's "unsupported" kind there, so using the card reports it.
Where the vocabulary needs the id of the card itself ("this card": a cost that discards it, a
protection of itself), the object writes :data:`SELF`; :meth:`LibraryCard.as_object` puts the
scenario's id in its place.
"""

from __future__ import annotations

import copy
import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

LIBRARY = Path(__file__).resolve().parents[2] / "fixtures" / "cards"
"""Where the card files are (``fixtures/cards/<game>/<slug>.json``)."""

CARD_FORMAT = "1"
CARD_KEYS = frozenset({"card", "game", "names", "name_sources", "object", "unevaluable", "summary", "source"})
NAME_LANGUAGES = ("en", "zh-Hans", "zh-Hant")
FRAME_KEYS = frozenset({"id", "owner", "zone", "controller"})
"""Object keys a library card never carries: the builder gives them per scenario."""
SELF = "@self"
"""In a library object, the id of the card itself; replaced by the scenario's id (:func:`with_id`)."""


def with_id(value: Any, oid: str) -> Any:
    """Return a copy of ``value`` (an object or a part of one) with every string equal to
    :data:`SELF` replaced by ``oid``.

    >>> with_id({"cost": [{"do": "discard", "card": "@self"}], "text": "@self stays"}, "c7")
    {'cost': [{'do': 'discard', 'card': 'c7'}], 'text': '@self stays'}
    """
    if isinstance(value, Mapping):
        return {key: with_id(item, oid) for key, item in value.items()}
    if isinstance(value, list):
        return [with_id(item, oid) for item in value]
    return oid if value == SELF else copy.deepcopy(value)


class CardFileError(ValueError):
    """A card file is not a valid library card; the message names the file and the key."""


@dataclass(frozen=True)
class LibraryCard:
    """One card of the library."""

    slug: str
    """The file's stem: the English name as lower-case words joined by ``-``."""
    game: str
    names: Mapping[str, str]
    """Language → name; ``en`` always, Chinese only where attested."""
    obj: Mapping[str, Any]
    """The object fields (characteristics and abilities), as JSON."""
    unevaluable: tuple[str, ...]
    summary: str
    source: tuple[str, ...]
    name_sources: Mapping[str, str]

    @property
    def name(self) -> str:
        """Return the English name."""
        return self.names["en"]

    def as_object(self, oid: str, owner: str, zone: str, **state: Any) -> dict[str, Any]:
        """Return a scenario object of this card: a copy of its data with ``id``, ``owner``,
        ``zone`` and any other state (``controller``, ``tapped`` …) given here; :data:`SELF`
        inside the object becomes ``oid``."""
        return {"id": oid, "name": self.name, "owner": owner, "zone": zone, **with_id(dict(self.obj), oid), **state}

    def to_json(self) -> dict[str, Any]:
        """Return the card as its file holds it."""
        return {"card": CARD_FORMAT, "game": self.game, "names": dict(self.names),
                **({"name_sources": dict(self.name_sources)} if self.name_sources else {}),
                "object": copy.deepcopy(dict(self.obj)), "unevaluable": list(self.unevaluable),
                "summary": self.summary, "source": list(self.source)}


def slug_of(name: str) -> str:
    """Return the file stem of an English card name.

    >>> slug_of("Ash Blossom & Joyous Spring")
    'ash-blossom-joyous-spring'
    >>> slug_of('Maxx "C"')
    'maxx-c'
    """
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    text = text.replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def parse_card(data: Any, where: str) -> LibraryCard:
    """Return the :class:`LibraryCard` of one file's JSON; raise :class:`CardFileError` naming
    ``where`` and the key for anything that is not the card format."""
    def fail(message: str) -> CardFileError:
        return CardFileError(f"{where}: {message}")

    if not isinstance(data, Mapping):
        raise fail("a card file is a JSON object")
    unknown = sorted(set(data) - CARD_KEYS)
    if unknown:
        raise fail(f"unknown key {unknown[0]!r}; expected: {', '.join(sorted(CARD_KEYS))}")
    if data.get("card") != CARD_FORMAT:
        raise fail(f'card must be "{CARD_FORMAT}"')
    names = data.get("names")
    if not isinstance(names, Mapping) or not isinstance(names.get("en"), str) or not names["en"].strip():
        raise fail("names.en (the English name) is required")
    for language, name in names.items():
        if language not in NAME_LANGUAGES or not isinstance(name, str) or not name.strip():
            raise fail(f"names.{language}: a name in one of {', '.join(NAME_LANGUAGES)}")
    sources = data.get("name_sources", {})
    if not isinstance(sources, Mapping) or any(not isinstance(v, str) or not v for v in sources.values()):
        raise fail("name_sources maps a language to where that name is attested")
    for language in names:
        if language != "en" and language not in sources:
            raise fail(f"names.{language} needs name_sources.{language}: Chinese names only where a source attests them")
    obj = data.get("object")
    if not isinstance(obj, Mapping):
        raise fail("object (the card's characteristics and abilities) is required")
    if FRAME_KEYS & set(obj) or "name" in obj:
        raise fail(f"object must not carry {', '.join(sorted((FRAME_KEYS | {'name'}) & set(obj)))}: the names and the builder give them")
    for key, kind in (("summary", str),):
        if not isinstance(data.get(key), kind) or not data[key].strip():
            raise fail(f"{key} (our own words) is required")
    for key in ("unevaluable", "source"):
        value = data.get(key, [])
        if not isinstance(value, list) or any(not isinstance(item, str) or not item.strip() for item in value):
            raise fail(f"{key} is a list of sentences")
    if not data.get("source"):
        raise fail("source is required: where the characteristics and rulings come from")
    return LibraryCard(slug=Path(where).stem, game=str(data.get("game", "")), names=dict(names), obj=copy.deepcopy(dict(obj)),
                       unevaluable=tuple(data.get("unevaluable", [])), summary=data["summary"],
                       source=tuple(data["source"]), name_sources=dict(sources))


@cache
def library(game: str) -> tuple[LibraryCard, ...]:
    """Return every library card of ``game``, sorted by English name; raise
    :class:`CardFileError` for a file that is not a valid card or is filed under another game
    or another name."""
    cards = []
    for path in sorted((LIBRARY / game).glob("*.json")):
        card = parse_card(json.loads(path.read_text(encoding="utf-8")), f"fixtures/cards/{game}/{path.name}")
        if card.game != game:
            raise CardFileError(f"fixtures/cards/{game}/{path.name}: game must be {game!r}")
        if slug_of(card.name) != card.slug:
            raise CardFileError(f"fixtures/cards/{game}/{path.name}: the file of {card.name!r} is {slug_of(card.name)}.json")
        cards.append(card)
    return tuple(sorted(cards, key=lambda c: c.name.lower()))


def by_name(game: str) -> dict[str, LibraryCard]:
    """Return ``{name in any language, case-folded: card}`` of a game's library."""
    out: dict[str, LibraryCard] = {}
    for card in library(game):
        for name in card.names.values():
            out.setdefault(name.casefold(), card)
    return out
