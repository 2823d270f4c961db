"""Magic: The Gathering rules: the stack, priority, triggers, state-based actions and the
layer system, each step citing the chosen Comprehensive Rules edition; the vocabulary of a
Magic scenario is one registry (:data:`VOCABULARY`, engine/mtg/vocabulary.py)."""

from .layers import compute, mana_value
from .ruleset import CR20200601, CR20220429, MtgRuleset
from .vocabulary import VOCABULARY

__all__ = ["CR20200601", "CR20220429", "MtgRuleset", "VOCABULARY", "compute", "mana_value"]
