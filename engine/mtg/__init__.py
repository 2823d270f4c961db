"""Magic: The Gathering rules: the stack, priority, triggers, state-based actions and the
layer system, each step citing the chosen Comprehensive Rules edition."""

from .layers import compute, mana_value
from .ruleset import CR20200601, CR20220429, MtgRuleset

__all__ = ["CR20200601", "CR20220429", "MtgRuleset", "compute", "mana_value"]
