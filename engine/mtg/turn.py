"""Turn structure (CR 500-514): moving from step to step, the turn-based actions of each step
(untap 502, upkeep 503, draw 504, combat damage 510, end of combat 511, end 513, cleanup 514),
a new turn (500.1); the ``next_step`` player action."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core.deadline import check as check_deadline
from .choices import MAX_BRANCHES
from .model import GameState, Step, TurnLog, Zone
from .players import first_to_act, next_in_turn, opponents
from .priority import STEP_ORDER
from .rules import K
from .vocabulary import STEP, VOCABULARY, row

MAX_CLEANUPS = 20
"""At most this many cleanup steps in one turn (CR 514.3a repeats them while things happen)."""

STEP_RULE = {Step.UNTAP: K.UNTAP_STEP, Step.UPKEEP: K.UPKEEP, Step.DRAW: K.DRAW_STEP, Step.END: K.END_STEP,
             Step.CLEANUP: K.CLEANUP, Step.DECLARE_ATTACKERS: K.DECLARE_ATTACKERS,
             Step.DECLARE_BLOCKERS: K.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE: K.COMBAT_DAMAGE}
"""The rule each step's beginning cites (the others: 117.3a, the active player receives priority)."""


class TurnStructure:
    """Steps and turns (CR 500-514) for :class:`~engine.mtg.game.Game`."""

    def advance_to(self, state: GameState, step: Step, next_turn: bool = False) -> GameState:
        """Move on to ``step``, doing the turn-based actions and triggers of each step passed.

        With ``next_turn`` (the ``next_step`` action), a step that is not later in this turn is
        that step of the next turn: the cleanup step (514) ends this turn and the other player's
        turn begins with its untap step (500.1, 502). Otherwise the game stops at the cleanup step.
        """
        turns = 0
        again = next_turn and state.step is step
        while (state.step is not step or again) and not state.winner:
            check_deadline("steps of the turn")
            again = False
            while state.stack and not state.winner:
                # CR 117.4, 500.2: a step ends only when all players pass with an empty stack.
                check_deadline("resolving the stack")
                state = self.pass_all(state)
            if state.winner:
                break
            index = STEP_ORDER.index(state.step) + 1
            if index >= len(STEP_ORDER):
                if state.cleanup_priority and state.cleanup_priority <= MAX_CLEANUPS:
                    state = self.begin_step(state, Step.CLEANUP)
                    continue
                if not next_turn or turns:
                    break
                turns += 1
                state = self.begin_turn(state)
                continue
            state = self.begin_step(state, STEP_ORDER[index])
        return state

    def after_cleanup(self, state: GameState) -> GameState:
        """After a cleanup step in which players got priority comes another cleanup step (CR
        514.3a); otherwise the next turn begins (500.1)."""
        if state.cleanup_priority and state.cleanup_priority <= MAX_CLEANUPS:
            return self.begin_step(state, Step.CLEANUP)
        return self.begin_turn(state)

    def begin_turn(self, state: GameState) -> GameState:
        """The next turn begins (CR 500.1): the next player in turn order still in the game becomes the active player; the untap
        step untaps the active player's permanents (502.2 in 2020, 502.3 in 2022) and no player
        receives priority in it (502.3/502.4); what triggers waits for the upkeep (503.1a).

        Per-turn state resets: lands played, spells cast, loyalty abilities activated, what the
        turn log remembers; the new active player's permanents have been under their control since
        the turn began (302.6).
        """
        active = next_in_turn(state, state.active)  # CR 500.1, 800.4k: no turn for a player who left
        for p in state.players:
            state = state.with_player(replace(p, lands_played=0, spells_cast=0,
                                              mana_pool="" if p.mana_pool is not None else None))
        state = replace(state, active=active, step=Step.UNTAP, priority=active, passes=0, combat_number=0,
                        cleanup_priority=0, turn_log=TurnLog())
        self.record("step", "mtg.turn.begin", K.TURN_PHASES, active=active)
        self.record("step", "mtg.step.begin", K.UNTAP_STEP, step=Step.UNTAP.value, active=active)
        self.recorder.sync(state)
        untapped, settled = [], []
        for oid in self.permanents(state):
            obj = state.objects[oid]
            mine = self.chars(state, oid).controller == active
            changed = replace(obj, loyalty_activated=False)
            if mine and obj.sick:
                changed = replace(changed, sick=False)
                settled.append(oid)
            if mine and obj.tapped and not self.has_rule_effect(state, "doesnt_untap", oid):
                changed = replace(changed, tapped=False)
                untapped.append(oid)
            if changed != obj:
                state = state.with_object(changed)
        if settled:
            self.record("step", "mtg.turn.sickness_ends", K.TURN_SICKNESS_ENDS, active=active, cards=settled)
        self.record("step", "mtg.turn.untap", K.UNTAP_STEP, active=active, cards=untapped)
        # "Doesn't untap during its controller's next untap step" has been used up for those objects.
        state = replace(state, effects=tuple(e for e in state.effects if not (
            e.duration == "next_untap" and e.affected_ids is not None
            and any(o in state.objects and self.chars(state, o).controller == active for o in e.affected_ids))))
        self.recorder.sync(state)
        self.record("step", "mtg.step.no_priority", K.UNTAP_NO_PRIORITY, step=Step.UNTAP.value)
        return state

    def begin_step(self, state: GameState, step: Step) -> GameState:
        """A step (or main phase) begins: its turn-based actions (upkeep and end step triggers,
        the draw, combat damage, the end of combat, cleanup), then priority (CR 500.2, 117.3a),
        unless the action being performed declares attackers or blockers first (508.1, 509.1)."""
        decl = state.declarations
        if step is Step.COMBAT_DAMAGE and decl.blocks_declared is False:
            if not self.block_requirements_obeyed(state, None):  # CR 509.1c: no declare_blockers action was given
                pass
            elif decl.illegal_blockers:
                # CR 509.1b, 726.1: the only declaration given was illegal and was reversed.
                self.record("cannot_evaluate", "mtg.cannot_evaluate.no_legal_blockers", K.ILLEGAL_ACTION,
                            player=", ".join(opponents(state, state.active)))
        if step in (Step.DECLARE_BLOCKERS, Step.END_OF_COMBAT) and decl.illegal_attackers:
            # CR 508.1, 726.1: the only declaration of attackers was illegal and was reversed.
            state = state.with_declarations(illegal_attackers=False)
            self.record("cannot_evaluate", "mtg.cannot_evaluate.no_legal_attackers", K.ILLEGAL_ACTION, player=state.active)
        if step is Step.END_OF_COMBAT:
            state = state.with_declarations(attackers_declared=False)
        if step in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE):
            state = state.with_declarations(blocks_declared=step is not Step.DECLARE_BLOCKERS)
        state = replace(state, step=step, passes=0, priority=first_to_act(state))
        for p in state.players:
            if p.mana_pool:
                state = state.with_player(replace(p, mana_pool=""))
        self.record("step", "mtg.step.begin", STEP_RULE.get(step, K.PRIORITY_AP_FIRST), step=step.value, active=state.active)
        self.recorder.sync(state)
        if step is Step.UPKEEP:
            state = self.emit(state, {"event": "upkeep", "player": state.active})
            state = self.fire_delayed(state, "next_upkeep")
            if state.pending:
                self.record("step", "mtg.step.upkeep_triggers", K.UPKEEP_TRIGGERS, count=len(state.pending),
                            active=state.active)
        elif step is Step.DRAW:
            state, skipped = self.replace_event(state, {"event": "draw_step", "player": state.active})
            if skipped is not None:
                state = self.draw(state, state.active, 1, K.DRAW_STEP)
        elif step is Step.END:
            state = self.emit(state, {"event": "end_step", "player": state.active})
            state = self.fire_delayed(state, "end_step")
        elif step is Step.COMBAT_DAMAGE:
            state = self.combat_damage(state)
        elif step is Step.END_OF_COMBAT:
            for oid in self.permanents(state):
                o = state.objects[oid]
                if o.attacking or o.blocking:
                    state = state.with_object(replace(o, attacking=None, blocking=(), blocked=False, damage_order=()))
            self.recorder.sync(state)
        elif step is Step.CLEANUP:
            return self.cleanup(state)
        if step is state.declarations.declaring:
            # CR 508.1/509.1: the declaration is the step's first act (a turn-based action, 703.4);
            # the active player receives priority only after it (508.2, 509.2 → 117.3a).
            return state.with_declarations(declaring=None, deferred_priority=True)
        return self.settle(state, player=state.active, why=K.PRIORITY_AP_FIRST)

    def priority_after_declaration(self, state: GameState, kind: str = "") -> GameState:
        """Give the active player priority after a declaration that was not made (an ``illegal``
        step), when the step's own priority waited for it (see :meth:`begin_step`). When the next
        action declares again (``kind``), the game is back before the declaration (726.1) and
        priority still waits for it."""
        if kind and state.next_action == kind:
            return state
        if state.declarations.deferred_priority:
            state = state.with_declarations(deferred_priority=False)
            return self.settle(state, player=state.active, why=K.PRIORITY_AP_FIRST)
        return state

    def cleanup(self, state: GameState) -> GameState:
        """The cleanup step: the active player discards down to the maximum hand size of seven
        (CR 514.1; which cards: ``options.choices["discard:<player>"]`` or an open choice), then
        damage is removed and "until end of turn" effects end (514.2); no player receives
        priority (514.3)."""
        hand = [o.id for o in state.in_zone(Zone.HAND, state.active)]
        if len(hand) > 7:
            options = [list(c) for c in itertools.islice(itertools.combinations(hand, len(hand) - 7), MAX_BRANCHES + 1)]
            chosen = self.choose(state, f"discard:{state.active}", options, "mtg.choice.discard", K.HAND_SIZE,
                                 player=state.active)
            for oid in chosen:
                self.record("move", "mtg.cleanup.discard", K.HAND_SIZE, player=state.active, card=oid,
                            card_name=self.name_of(state, oid))
                state = self.move(state, oid, Zone.GRAVEYARD, "discard", K.HAND_SIZE)
        for oid in self.permanents(state):
            o = state.objects[oid]
            if o.damage:
                state = state.with_object(replace(o, damage=0, deathtouch_damage=False))
        ended = [e for e in state.effects if e.duration == "end_of_turn"]
        state = replace(state, effects=tuple(e for e in state.effects if e.duration != "end_of_turn"))
        self.record("step", "mtg.step.cleanup", K.CLEANUP, effects=len(ended))
        self.recorder.sync(state)
        checked = self.check_sbas(state)
        if checked is not state or checked.pending:
            # CR 514.3a: state-based actions or triggers: they happen, the active player gets
            # priority, and once all pass with an empty stack another cleanup step follows.
            checked = replace(checked, cleanup_priority=checked.cleanup_priority + 1)
            self.record("step", "mtg.step.cleanup_priority", K.CLEANUP_PRIORITY, step=Step.CLEANUP.value,
                        count=checked.cleanup_priority)
            return self.settle(checked, player=checked.active, why=K.CLEANUP_PRIORITY)
        state = replace(state, cleanup_priority=0)
        self.record("step", "mtg.step.no_priority", K.CLEANUP_NO_PRIORITY, step=Step.CLEANUP.value)
        return state


@VOCABULARY.entry("action", "next_step", rule=K.TURN_PHASES, keys={"step": STEP}, required=("step",),
                  label="Go on to the step", example={"type": "next_step", "step": "end"},
                  messages=("mtg.step.begin", "mtg.turn.begin", "mtg.step.cleanup", "mtg.step.no_priority"),
                  doc="All players pass (resolving the stack) until that step begins (CR 117.4, 500.2); a step "
                      "that is not later in this turn is that step of the next turn: the cleanup step ends this turn "
                      "(514) and the next player's turn begins (500.1) with its untap step (502), upkeep (503) and "
                      "draw step (504). At most one turn passes per action.",
                  row=row({"step": STEP}))
def next_step(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Pass until the step ``action["step"]`` begins."""
    while state.stack and not state.winner:
        check_deadline("resolving the stack")
        state = game.pass_all(state)
    return game.advance_to(state, Step(action["step"]), next_turn=True)
