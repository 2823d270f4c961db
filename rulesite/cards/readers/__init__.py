"""Readers of the card databases ``import_cards`` understands, one module per format.

Each reader is ``read(path, language) -> Iterator[CardRecord | Skipped]``: it streams the file
(bounded memory: one card at a time), yields one :class:`CardRecord` per card in the engine's
object vocabulary, a :class:`Skipped` for an entry it will not import (with the reason), and
raises :class:`CardFileError` naming the problem when the file is not of its format.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["FORMATS", "CardFileError", "CardRecord", "Reader", "Skipped"]


class CardFileError(ValueError):
    """The file is not a card database of the format asked for; the message says why."""


@dataclass(frozen=True)
class CardRecord:
    """One card as a reader found it."""

    game: str
    """``mtg`` or ``ygo``."""
    external_id: str
    """The card's id in its file (MTGJSON: the name; Scryfall: the oracle id; ygopro: the passcode)."""
    names: dict[str, str]
    """Language code (``en``, ``zh-Hans``, ``zh-Hant``, ``ja`` …) → the card's name in it."""
    characteristics: dict[str, Any]
    """Object fields in the game's vocabulary (docs/scenario-format.md §2.3, §8.2), without
    ``id``, ``name``, ``owner``, ``controller``, ``zone`` and ``text``."""
    texts: dict[str, str] = field(default_factory=dict)
    """Language code → the card's own text."""
    other_names: tuple[tuple[str, str], ...] = ()
    """More ``(language, name)`` pairs the card is found by (a double-faced card's face names)."""
    unmapped: tuple[str, ...] = ()
    """What the file says of the card that the vocabulary cannot hold, in our own words."""


@dataclass(frozen=True)
class Skipped:
    """An entry of the file that is not imported, and why."""

    entry: str
    reason: str


Reader = Callable[[Path, str], Iterator[CardRecord | Skipped]]


def _formats() -> dict[str, tuple[str, Reader]]:
    from . import mtgjson, scryfall, ygopro

    return {"mtgjson": ("mtg", mtgjson.read), "scryfall": ("mtg", scryfall.read), "ygopro-cdb": ("ygo", ygopro.read)}


FORMATS: dict[str, tuple[str, Reader]] = _formats()
"""Format name → (game, reader)."""
