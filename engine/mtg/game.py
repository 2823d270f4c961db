"""The game: one resolution of a Magic scenario under one ruleset, composed of the rules topics.

:class:`Game` keeps only what its ``__init__`` is given (the ruleset, the trace recorder, the
document's choices); every method takes a :class:`~engine.mtg.model.GameState` and returns a new
one, recording one step per change. What one step tells the next travels in the state or in an
immutable :class:`~engine.mtg.resolution.Resolution`. The rules live in one module per topic of
the Comprehensive Rules:

=====================  =====================================================
``turn.py``            turn structure, steps and phases (500-514)
``priority.py``        timing and priority (117)
``casting.py``         casting spells, playing lands, costs (601, 116, 118)
``modes.py``           modes, divisions, announcements (700.2, 601.2b-d)
``targets.py``         targets (115, 601.2c, 608.2b)
``activating.py``      activated, mana and loyalty abilities (602, 605, 606)
``triggers.py``        triggered abilities (603)
``resolution.py``      resolving spells and abilities (608)
``keyword_actions.py`` keyword actions as instructions (701)
``instructions.py``    the other instructions (119-122, 707.10, 705 …)
``effects.py``         continuous effects (611)
``layers.py``          the layer system (613), with ``layer_effects.py``
``replacement.py``     replacement and prevention effects (614-616)
``zones.py``           zones and moving between them (400)
``damage.py``          damage (120)
``combat.py``          combat (506-511)
``sba.py``             state-based actions (704)
``keywords.py``        keyword abilities (702), cascade
``choices.py``         the decisions players make
``unevaluated.py``     what the engine does not evaluate (113.1a, 702.1)
=====================  =====================================================

Each player action is a ``verify_*`` (raises :class:`IllegalAction` with the rule broken) /
``can_*`` / ``do_*`` trio, dispatched from the ``action`` entries of the vocabulary.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any, Optional

from ..core import IllegalAction, TraceRecorder
from ..core.deadline import check as check_deadline
from . import instructions, keyword_actions, position  # noqa: F401  (register their instructions and actions)
from .activating import Activating
from .casting import Casting
from .choices import MAX_BRANCHES, Choosing, GivenChoices, OpenChoice
from .combat import Combat
from .damage import Damage
from .effects import ContinuousEffects, register_created_effects
from .keyword_actions import KeywordActions, chars_from
from .keywords import Cascading
from .layers import LayerResult, layers_of
from .model import Ability, Chars, GameObject, GameState, ObjectId, Step, Zone
from .modes import Announcing, _compositions, apply_modes
from .priority import Priority
from .replacement import Replacement, Replacing
from .resolution import Resolving
from .rules import K, citation
from .sba import StateBasedActions
from .targets import Targeting
from .triggers import Triggers
from .turn import TurnStructure
from .unevaluated import Unevaluated
from .vocabulary import VOCABULARY
from .zones import Zones

register_created_effects()


class Game(Choosing, Priority, TurnStructure, Casting, Announcing, Targeting, Activating, Triggers, Resolving,
           KeywordActions, ContinuousEffects, Replacing, Zones, Damage, Combat, StateBasedActions, Cascading, Unevaluated):
    """Runs one scenario under one ruleset, recording the trace."""

    def __init__(self, ruleset: Any, recorder: TraceRecorder, choices: Optional[Mapping[str, Any]] = None) -> None:
        self.ruleset = ruleset
        self.name = ruleset.name
        self.recorder = recorder
        self._choices: Mapping[str, Any] = choices if isinstance(choices, GivenChoices) else GivenChoices(choices)
        """``options.choices`` of the document: choice key → the choice made (§8.10)."""

    # ------------------------------------------------------------------ what every topic uses

    @property
    def complete(self) -> bool:
        """Whether the result accounts for everything: no step said the engine could not evaluate
        something (the trace is the record of what was said)."""
        return not any(step.kind == "cannot_evaluate" for step in self.recorder.steps)

    def cite(self, key: K) -> Any:
        """Return the section of ``key`` in this ruleset's edition."""
        return citation(self.name, key)

    def record(self, step_kind: str, message_id: str, key: K, **params: Any) -> None:
        """Record one trace step citing ``key`` in this ruleset's edition (``_extra``: kind-specific keys)."""
        extra = params.pop("_extra", {})
        self.recorder.record(step_kind, message_id, self.cite(key), params, **extra)

    @staticmethod
    def layers(state: GameState) -> LayerResult:
        """Return the layer system's result for ``state`` (memoized, :func:`~engine.mtg.layers.layers_of`)."""
        return layers_of(state)

    def chars(self, state: GameState, oid: ObjectId) -> Chars:
        """Return an object's characteristics now: after the layers on the battlefield, and elsewhere
        where an effect applies outside the battlefield (CR 613.1); otherwise printed, with its
        controller; on the stack with abilities granted to spells."""
        obj = state.objects[oid]
        layers = layers_of(state)
        if obj.zone is Zone.BATTLEFIELD:
            return layers.chars[oid]
        chars = layers.elsewhere.get(oid) or obj.printed
        granted = self.spell_grants(state, obj)
        return replace(chars, controller=obj.controller, abilities=chars.abilities + granted)

    def spell_grants(self, state: GameState, obj: GameObject) -> tuple[Ability, ...]:
        """Abilities granted to spells by effects such as Maelstrom Nexus's (CR 611.3)."""
        if obj.zone is not Zone.STACK:
            return ()
        out: list[Ability] = []
        for e in state.effects:
            if e.do == "grant_spell" and e.affected_ids and obj.id in e.affected_ids and self.effect_holds(state, e):
                out += [Ability((e.id, i), s.get("kind", "keyword"), s) for i, s in enumerate(e.params.get("abilities", ()))]
        return tuple(out)

    @staticmethod
    def name_of(state: GameState, oid: Optional[str]) -> str:
        """Return what the trace calls an object or player (its name, or its last known one)."""
        if oid is None:
            return ""
        if oid in ("p1", "p2"):
            return oid
        obj = state.objects.get(oid)
        if obj is None:
            return state.lki[oid].name if oid in state.lki else oid
        return obj.printed.name or "face-down"

    @staticmethod
    def permanents(state: GameState) -> list[ObjectId]:
        """Return the ids of the objects on the battlefield, in order."""
        return [o for o in state.order if state.objects[o].zone is Zone.BATTLEFIELD]

    # ------------------------------------------------------------------ the loop

    def run(self, state: GameState, actions: list[Mapping[str, Any]]) -> GameState:
        """Give priority, perform each action, then let all players pass until the stack is empty.

        A scenario in the untap step gives no priority there (CR 502.4): it moves on to the upkeep,
        where what triggered waits to go on the stack and the first priority is given (503.1a): at
        its first ``next_step`` action (whose ``trigger_order`` then applies), before any other
        action, or at the end."""
        if state.step is Step.UNTAP:
            self.record("step", "mtg.step.no_priority", K.UNTAP_NO_PRIORITY, step=Step.UNTAP.value)
        else:
            state = self.settle(state, announce=True)
        for index, action in enumerate(actions):
            check_deadline(f"player actions ({len(actions)})")
            if state.winner:
                break
            following = actions[index + 1] if index + 1 < len(actions) else None
            state = replace(state, trigger_order=MappingProxyType(
                {p: tuple(v) for p, v in (action.get("trigger_order") or {}).items()}),
                next_action=following.get("type") if isinstance(following, Mapping) else None)
            if state.step is Step.UNTAP and action.get("type") != "next_step":
                state = self.begin_step(state, Step.UPKEEP)
            state = self.perform(state, action)
            self.recorder.sync(state)
        if state.step is Step.UNTAP and not state.winner:
            state = self.begin_step(state, Step.UPKEEP)
        guard = 0
        while state.stack and not state.winner and guard < 500:
            check_deadline("resolving the stack")
            guard += 1
            state = self.pass_all(state)
        if not state.winner:
            self.record("end", "mtg.end.stack_empty", K.ALL_PASS, step=state.step.value, active=state.active)
        return state

    def perform(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Perform one player action (an ACTION entry); a rule it breaks is an ``illegal`` step."""
        try:
            return VOCABULARY.apply_of("action", action["type"])(self, state, action)
        except IllegalAction as illegal:
            self.recorder.record("illegal", illegal.message_id, illegal.citation, illegal.params)
        return state


__all__ = ["Game", "MAX_BRANCHES", "OpenChoice", "Replacement", "_compositions", "apply_modes", "chars_from"]
