"""Force of Will under the whitepaper ver. 2.3 (``wp-2.3``): the chase, priority processing,
rule processing, battle and continuous effects, each step citing its section.

The package follows the whitepaper's chapters (docs/engine-vocabulary.md): :mod:`.zones` (3),
:mod:`.setup` (4), :mod:`.turn` (5), :mod:`.priority` and :mod:`.timing` (6),
:mod:`.player_actions`, :mod:`.standby` and :mod:`.special` (7, 1.3, 14.1), :mod:`.battle` (8),
:mod:`.abilities`, :mod:`.targets`, :mod:`.costs`, :mod:`.triggers`, :mod:`.resolution`,
:mod:`.continuous` and :mod:`.effects` (9), :mod:`.game_actions`, :mod:`.damage` and
:mod:`.information` (10), :mod:`.symbols` (11, 12), :mod:`.rule_processing` (13); the
vocabulary registry is :mod:`.vocabulary`, the options :mod:`.options`.
"""

from . import ruleset  # noqa: F401  (registers the ruleset and, through it, every vocabulary entry)
from .context import Game
from .ruleset import FowWhitepaper23

__all__ = ["FowWhitepaper23", "Game"]
