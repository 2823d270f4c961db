"""The engine object of one Yu-Gi-Oh! resolution: what it knows besides the state.

A :class:`Duel` holds the ruleset (its flags and citation table), the trace recorder, the
scenario's answers to choices made during play (:class:`DuelOptions`) and two tables read off
the cards' effects once (a card's effects never change during a resolution). It records steps,
cites rules and follows the board; it keeps nothing else between calls. Everything one step
tells the next travels in the :class:`~engine.ygo.model.GameState` the topic modules pass
along (ARC-V and MR2 chapters: summoning, chain building, resolution, battle, turn).

Where the ARC-V transcription is cut off (no turn or battle chapter), its citation table points
at the 2011 rulebook; such steps carry ``basis`` saying so (:data:`OLDER_DOCUMENT_BASIS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Optional, Protocol

from ..core import Citation, IllegalAction, Rule, TraceRecorder
from .abilities import spell_speed
from .model import Card, Effect, EffectClass, Event, GameState, Pending, PlayerId, opponent_of
from .rules import R

OLDER_DOCUMENT_BASIS = ("cited from the 2011 rulebook (ygo-rulebook-mr2): the ARC-V transcription does not state this point "
                        "(it is cut off inside 4.2.4.2.1, before chain resolution, the turn and the battle)")
"""The ``basis`` of a step whose ARC-V citation comes from the older document."""

MAX_BRANCHES = 24
"""At most this many branches for an open choice or trigger order (DESIGN.md, "Trace")."""

FREE_CLASSES = frozenset({EffectClass.CARD, EffectClass.EFFECT, EffectClass.IGNITION, EffectClass.QUICK,
                          EffectClass.PENDULUM})
"""Effect classes a player activates at will; triggers go on the chain through SEGOC instead."""


class RulesetFlags(Protocol):
    """What the engine reads of a ruleset (:class:`~engine.ygo.ruleset.YgoRuleset`)."""

    document: str
    citations: Mapping[R, Citation]
    pendulum: bool
    field_zone_per_player: bool
    first_turn_draw: bool
    damage_step_negations: bool
    segoc_tiers: bool


@dataclass(frozen=True)
class DuelOptions:
    """The scenario's ``options``: its answers to choices the players make during play."""

    trigger_order: tuple[str, ...] = ()
    """Card ids in the order their controller puts simultaneous triggers on the chain."""
    activate_triggers: frozenset[str] = frozenset()
    """Cards whose optional triggers met during play are activated."""
    decline_triggers: frozenset[str] = frozenset()
    """Cards whose optional triggers met during play are declined."""
    trigger_targets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The targets chosen for the targeting triggers met during play, by trigger card."""


FreeEffect = tuple[str, int, Effect, int, bool]
"""``(card id, effect index, effect, Spell Speed, negates a Summon)``."""
Watcher = tuple[str, int, Effect]
"""``(card id, effect index, effect)`` of a trigger on other cards' events (``event_of``)."""


class Duel:
    """Records, cites and follows the board for one resolution (see the module docstring)."""

    def __init__(self, ruleset: RulesetFlags, recorder: TraceRecorder, options: DuelOptions = DuelOptions(),
                 cards: tuple[Card, ...] = ()) -> None:
        self.ruleset = ruleset
        self.recorder = recorder
        self.options = options
        self.free_effects: tuple[FreeEffect, ...] = tuple(
            (card.id, index, effect, speed[0], any(i.do == "negate_summon" for i in effect.actions))
            for card in cards for index, effect in enumerate(card.effects)
            if effect.effect_class in FREE_CLASSES and (speed := spell_speed(card, effect.effect_class)) is not None)
        """Every effect activated at will, in card order (what a priority step may list)."""
        self.watchers: tuple[Watcher, ...] = tuple(
            (card.id, index, effect) for card in cards for index, effect in enumerate(card.effects)
            if effect.effect_class is EffectClass.TRIGGER and effect.event_of is not None)
        """The triggers on other cards' events, in card order."""
        self.continuous_verbs: frozenset[str] = frozenset(
            part.do for card in cards for effect in card.effects if effect.effect_class is EffectClass.CONTINUOUS
            for part in effect.actions)
        """Every verb a Continuous Effect on the board says: a protection no card has is never looked
        for (engine/ygo/protection.py reads the field only when one is there)."""

    # ------------------------------------------------------------------ citing and recording

    def cite(self, key: R) -> Citation:
        """Return the ruleset's citation for a rule point."""
        return self.ruleset.citations[key]

    def _extra(self, citation: Citation) -> dict[str, Any]:
        if isinstance(citation, Rule) and citation.document != self.ruleset.document:
            return {"basis": OLDER_DOCUMENT_BASIS}
        return {}

    def record(self, kind: str, message_id: str, key: R, **params: Any) -> None:
        """Record one step citing ``key``; mark a citation taken from the older document."""
        citation = self.cite(key)
        self.recorder.record(kind, message_id, citation, params, **self._extra(citation))

    def step(self, state: GameState, kind: str, message_id: str, key: R, **params: Any) -> GameState:
        """Record one step about ``state`` (the state after the change it reports) and return it."""
        self.record(kind, message_id, key, **params)
        return self.sync(state)

    def record_illegal(self, illegal: IllegalAction) -> None:
        """Record the ``illegal`` step of a refused action."""
        self.recorder.record("illegal", illegal.message_id, illegal.citation, illegal.params,
                             **self._extra(illegal.citation))

    def illegal(self, key: R, message_id: str, **params: Any) -> IllegalAction:
        """Return the :class:`IllegalAction` for breaking ``key``."""
        return IllegalAction(self.cite(key), message_id, params)

    def sync(self, state: GameState) -> GameState:
        """Put what changed on the board since the last sync on the last step; return ``state``."""
        self.recorder.sync(state)
        return state

    def cannot_evaluate(self, state: GameState, message_id: str, key: R = R.CARD_TEXT, **params: Any) -> GameState:
        """Record a ``cannot_evaluate`` step and return ``state`` marked incomplete (docs §4.3)."""
        self.record("cannot_evaluate", message_id, key, **params)
        return replace(state, complete=False)

    # ------------------------------------------------------------------ small shared readings

    @staticmethod
    def bump(state: GameState) -> GameState:
        """Count one more "thing" happening (for missing the timing, ARC-V 4.2.3.2)."""
        return replace(state, moment=state.moment + 1)

    @staticmethod
    def event(state: GameState, kind: str, card_id: str, procedure: str = "", *, player: Optional[str] = None,
              origin: str = "", cause: str = "", method: str = "", flip_effects: bool = True) -> GameState:
        """Note that ``kind`` happened to a card, for the triggers collected later (ARC-V 3.2.7.3.i1);
        ``player``, ``origin``, ``cause`` and ``method`` are what a trigger's qualifiers read
        (engine/ygo/qualifiers.py); ``flip_effects`` ``False``: a ``flipped`` event that activates no Flip Effect."""
        in_damage_step = state.turn.phase == "battle" and state.turn.step == "damage"
        event = Event(kind, card_id, state.moment, procedure, in_damage_step, player=player, origin=origin, cause=cause,
                      method=method, flip_effects=flip_effects)
        return replace(state, events=state.events + (event,))

    @staticmethod
    def player_ids(ref: str, controller: PlayerId) -> list[PlayerId]:
        """Return the players an action names: ``self`` is the link's controller (ARC-V 4.1.3.i2)."""
        if ref == "self":
            return [controller]
        if ref == "opponent":
            return [opponent_of(controller)]
        if ref == "both":
            return [controller, opponent_of(controller)]
        return [ref]

    def decision(self, card_id: str) -> Optional[bool]:
        """Return whether the scenario activates (True) or declines (False) a card's optional trigger, or None."""
        if card_id in self.options.decline_triggers:
            return False
        if card_id in self.options.activate_triggers:
            return True
        return None

    def rank(self, item: Pending) -> Optional[int]:
        """Return a trigger's place among its player's simultaneous triggers, if the scenario gives it."""
        if item.order is not None:
            return item.order
        if item.card in self.options.trigger_order:
            return self.options.trigger_order.index(item.card)
        return None
