"""Rulesets: games plug in by subclassing :class:`Ruleset` and registering by name.

Modelled on python-chess ``chess/variant.py``: one base class, one subclass per rule version,
looked up by ``(game, name)``. Differences between versions of one game are class-level
flags on sibling subclasses, not copies of the engine. ``engine.core`` never names a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from .trace import TraceRecorder
from .validation import Checker


class Ruleset:
    """Base class of every game's rule versions.

    Subclasses set ``game``, ``name`` and ``document`` and implement :meth:`validate` and
    :meth:`resolve`; register them with :func:`register_ruleset`.
    """

    game: ClassVar[str] = ""
    """The scenario's ``game`` value this ruleset serves."""
    name: ClassVar[str] = ""
    """The scenario's ``ruleset`` value."""
    document: ClassVar[str] = ""
    """The slug of the rules document this ruleset cites."""
    title: ClassVar[str] = ""
    """A human-readable name of the rule version."""

    def validate(self, scenario: Mapping[str, Any], checker: Checker) -> None:
        """Record every game-specific problem of ``scenario`` in ``checker``."""
        raise NotImplementedError

    def resolve(self, scenario: Mapping[str, Any], recorder: TraceRecorder) -> dict[str, Any]:
        """Resolve a validated scenario, recording steps; return the result dict."""
        raise NotImplementedError

    @classmethod
    def ruling_sources(cls) -> tuple[str, ...]:
        """Return the ``source`` of every :class:`~engine.core.rules.Ruling` this ruleset can cite
        (its steps' and its vocabulary's), each once, in English; ``()`` when it cites none.

        A game whose rulesets rest on rulings overrides this with its table of them, so the site
        can list every source for translation without resolving anything.
        """
        return ()


_RULESETS: dict[tuple[str, str], type[Ruleset]] = {}
_RESERVED: dict[str, tuple[str, ...]] = {}


def register_ruleset(cls: type[Ruleset]) -> type[Ruleset]:
    """Register a ruleset class under ``(cls.game, cls.name)``; usable as a decorator."""
    key = (cls.game, cls.name)
    if not cls.game or not cls.name:
        raise ValueError(f"{cls.__name__} must set game and name")
    if key in _RULESETS and _RULESETS[key] is not cls:
        raise ValueError(f"ruleset {key} registered twice")
    _RULESETS[key] = cls
    return cls


def reserve_game(game: str, rulesets: tuple[str, ...]) -> None:
    """Declare a game whose rulesets are named but not implemented yet."""
    _RESERVED[game] = rulesets


def games() -> list[str]:
    """Return every game with a registered or reserved ruleset, sorted."""
    return sorted({game for game, _ in _RULESETS} | set(_RESERVED))


def ruleset_names(game: str) -> list[str]:
    """Return the ruleset names of ``game`` (implemented and reserved), sorted."""
    names = {name for key_game, name in _RULESETS if key_game == game}
    return sorted(names | set(_RESERVED.get(game, ())))


def is_implemented(game: str, name: str) -> bool:
    """Return whether ``(game, name)`` has a registered ruleset."""
    return (game, name) in _RULESETS


def ruling_sources() -> dict[tuple[str, str], tuple[str, ...]]:
    """Return ``{(game, ruleset): (source, …)}``: every ruling source of every registered
    ruleset (:meth:`Ruleset.ruling_sources`), sorted by key; a ruleset citing none is left out."""
    out = {key: cls.ruling_sources() for key, cls in sorted(_RULESETS.items())}
    return {key: sources for key, sources in out.items() if sources}


def get_ruleset(game: str, name: str) -> Ruleset:
    """Return an instance of the registered ruleset; raise ``KeyError`` if there is none."""
    return _RULESETS[(game, name)]()
