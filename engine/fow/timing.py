"""Timing (FoW 6.3): who may act now, and main timing."""

from __future__ import annotations

from ..core import IllegalAction
from .context import Game
from .model import GameState, PlayerId
from .rules import wp


def main_timing(g: Game, state: GameState, pid: PlayerId) -> bool:
    """Return whether ``pid`` has main timing: own main phase, chase empty, not in battle (FoW 6.3;
    in battle too under ``main_timing_in_battle: allowed``)."""
    if state.active != pid or state.phase != "main" or state.chase or state.priority != pid:
        return False
    return state.battle is None or g.options["main_timing_in_battle"] == "allowed"


def check_timing(g: Game, state: GameState, pid: PlayerId, main: bool, section: str) -> None:
    """Raise :class:`IllegalAction` unless ``pid`` has priority (and main timing if ``main``)
    (FoW 6.3 and ``section``).

    ``section`` (7.1–7.6, 7.11) lists main phase, priority and an empty chase; "not in battle"
    is in 6.3 only, so a refusal for a battle cites 6.3.
    """
    if state.priority != pid:
        raise IllegalAction(wp("6.3"), "fow.illegal.no_priority", {"player": pid})
    if main and not main_timing(g, state, pid):
        in_battle = state.active == pid and state.phase == "main" and not state.chase and state.battle is not None
        raise IllegalAction(wp("6.3" if in_battle else section), "fow.illegal.main_timing", {"player": pid})
