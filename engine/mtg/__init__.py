"""Magic: The Gathering rules: the stack, priority, triggers, state-based actions and the
layer system, each step citing the chosen Comprehensive Rules edition."""
