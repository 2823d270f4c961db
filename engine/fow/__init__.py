"""Force of Will under the whitepaper ver. 2.3 (``wp-2.3``): the chase, priority processing,
rule processing, combat and continuous effects, each step citing its section."""

from . import ruleset  # noqa: F401  (registers the ruleset)
from .game import Game
from .ruleset import FowWhitepaper23

__all__ = ["FowWhitepaper23", "Game"]
