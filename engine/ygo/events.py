"""Yu-Gi-Oh! events: what happened to a card, for the triggers (ARC-V 3.2.7.3.i1). Re-exported by
:mod:`engine.ygo.model`, where the other state values are."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened to a card, for triggers (ARC-V 3.2.7.3.i1)."""

    kind: str
    """``summoned``, ``special_summoned``, ``flip_summoned``, ``flipped``, ``sent_to_graveyard``,
    ``destroyed``, ``destroyed_by_battle``, ``banished``."""
    card: str
    moment: int
    """The count of "things" that had happened when it did; the last thing has the highest."""
    procedure: str = ""
    """The summoning procedure it was part of (``tribute``, ``synchro_material``, ``fusion_material``,
    ``ritual_tribute``), never the last thing to happen; empty otherwise (a cost is not a procedure)."""
    damage_step: bool = False
    """It happened during the Damage Step, where most optional triggers cannot be activated
    (ARC-V 3.2.7.3.i6)."""
    player: Optional[str] = None
    """The player the event concerns, which a trigger's ``player`` qualifier reads: whose card it
    was (a Summon: who Summoned; a phase: the turn player; a draw: who drew; battle damage: who
    took it)."""
    origin: str = ""
    """The zone the card came from (a move or a Special Summon), for the ``from`` qualifier."""
    cause: str = ""
    """Why the card moved: ``effect``, ``battle``, ``cost`` or ``rule``, for the ``by`` qualifier."""
    method: str = ""
    """How it was Summoned (``normal``, ``tribute``, ``effect``, ``fusion``, ``ritual``, ``synchro``,
    ``xyz``, ``pendulum``, ``inherent``), for the ``method`` qualifier."""
    flip_effects: bool = True
    """For ``flipped``: ``False`` when the effect that flipped it says Flip Effects are not activated."""
