"""The whole Duel around the chain: turn structure, summons, battle, triggers (SEGOC) and values.

:class:`DuelEngine` extends :class:`~engine.ygo.chain.ChainEngine` with the player actions of
issue 3, each a verify / can / do trio (``verify_summon`` raises
:class:`~engine.core.IllegalAction` citing the rule broken, ``can_summon`` returns a bool,
``do_summon`` verifies, applies and returns the new state), and with :meth:`DuelEngine.run`,
which replays a scenario's ``chain`` and ``actions``. States are never mutated.

Where the ARC-V transcription is cut off (no turn or battle chapter), its citation table points
at the 2011 rulebook; such steps carry ``basis`` saying so (:data:`OLDER_DOCUMENT_BASIS`).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations, islice, permutations, product
from math import comb, prod
from typing import TYPE_CHECKING, Any, Mapping, Optional

from ..core import IllegalAction, Rule, TraceRecorder
from . import scenario as fmt
from .chain import ChainEngine, spell_speed
from .model import (
    EXTRA_DECK_SUBTYPES, FIELD_ZONES, Attack, Card, CardFilter, CardKind, ChainLink, EffectClass, Event, GameState, Modifier,
    Pending, PlayerId, Position, Replay, ValueChange, Zone, opponent_of,
)
from .rules import R

if TYPE_CHECKING:
    from .ruleset import YgoRuleset

OLDER_DOCUMENT_BASIS = ("cited from the 2011 rulebook (ygo-rulebook-mr2): the ARC-V transcription does not state this point "
                        "(it is cut off inside 4.2.4.2.1, before chain resolution, the turn and the battle)")
"""The ``basis`` of a step whose ARC-V citation comes from the older document."""

MAX_ORDER_BRANCHES = 24
"""At most this many trigger orders are branched (DESIGN.md, "Trace")."""

PHASE_AFTER = {"draw": "standby", "standby": "main1", "main1": "battle", "battle": "main2", "main2": "end"}
"""The phase that follows each phase (MR2 ch3.4); after ``end`` the next turn begins."""
BATTLE_STEP_AFTER = {"start": "battle", "battle": "end"}
"""Battle Phase steps (MR2 ch3.8–ch3.12); after ``end`` comes Main Phase 2."""
MAIN_PHASES = ("main1", "main2")
HIDDEN_ZONES = frozenset({Zone.HAND, Zone.DECK})
SPEED_1_TIMING = {EffectClass.IGNITION: R.IGNITION_TIMING, EffectClass.PENDULUM: R.IGNITION_TIMING}
PROCEDURE_MISSED_TIMING = {"tribute": R.MISSED_TIMING_PROCEDURE, "synchro_material": R.MISSED_TIMING_SYNCHRO,
                           "fusion_material": R.MISSED_TIMING_FUSION, "ritual_tribute": R.MISSED_TIMING_RITUAL}
"""Why a material or Tribute of a summoning procedure misses the timing (ARC-V 3.2.2.1.1.i6,
3.2.2.3.1.i6, 3.2.2.3.1.1.2.1.i7, 3.2.2.3.1.1.1.1.i8)."""


class OpenOrder(Exception):
    """Simultaneous triggers whose order the scenario leaves open; the runner branches on it."""

    def __init__(self, state: GameState, groups: list[list[Pending]]) -> None:
        super().__init__("open trigger order")
        self.state = state
        self.groups = groups
        """The groups (one player, one priority tier) of two or more triggers without an order."""

    def orders(self) -> list[list[str]]:
        """Return every full order, as lists of ``card`` ids, group by group."""
        per_group = [list(permutations(group)) for group in self.groups]
        return [[p.card for perm in combo for p in perm] for combo in product(*per_group)]

    def count(self) -> int:
        """Return how many orders there are, without listing them."""
        total = 1
        for group in self.groups:
            total *= prod(range(1, len(group) + 1))
        return total


class OpenHandLimit(Exception):
    """The turn player must discard down to 6 and the scenario does not say which; the runner branches."""

    def __init__(self, state: GameState, player: PlayerId, hand: list[str], excess: int, action_index: int) -> None:
        super().__init__("open hand-limit discard")
        self.state = state
        self.player = player
        self.hand = hand
        """The cards that may still be discarded, in hand order."""
        self.excess = excess
        """How many more must be discarded."""
        self.action_index = action_index
        """The index of the ``end_phase`` action whose ``discard`` each branch fills in."""

    def count(self) -> int:
        """Return how many sets of discards there are, without listing them."""
        return comb(len(self.hand), self.excess)

    def options(self) -> list[tuple[str, ...]]:
        """Return every set of cards that could be discarded, in order."""
        return list(combinations(self.hand, self.excess))


class OpenTriggerChoice(Exception):
    """Optional triggers the scenario neither activates nor declines; the runner branches on them."""

    def __init__(self, state: GameState, items: list[Pending]) -> None:
        super().__init__("open optional triggers")
        self.state = state
        self.items = items
        """The optional triggers whose activation is open, in the order they were met."""

    def count(self) -> int:
        """Return how many combinations of "activate" / "decline" there are."""
        return 2 ** len(self.items)

    def combinations(self) -> list[tuple[str, ...]]:
        """Return every combination, one "activate"/"decline" per trigger, activating first."""
        return list(product(("activate", "decline"), repeat=len(self.items)))


MAX_LISTED = 5
"""At most this many effects are listed in a priority step's ``may_activate``."""
FREE_CLASSES = frozenset({EffectClass.CARD, EffectClass.EFFECT, EffectClass.IGNITION, EffectClass.QUICK,
                          EffectClass.PENDULUM})
"""Effect classes a player activates at will; triggers go on the chain through SEGOC instead."""
LISTED_ZONES = frozenset({Zone.HAND, Zone.GRAVEYARD, *FIELD_ZONES})
"""Where an effect a player activates at will can be (ARC-V 3.2.7.2.i3, 3.3.1.i2, 3.4.1.i2)."""


class LegalActivations:
    """What one player could activate at one priority point, found lazily (python-chess's
    ``LegalMoveGenerator`` style): iterating checks one candidate at a time, so ``first(n)`` and
    ``bool()`` stop early and only ``len()`` looks at the whole board.

    A candidate is an effect of a class activated at will (not a Trigger or Flip Effect, which
    go on the chain through SEGOC, nor a Continuous Effect, ARC-V 4.2.1.i3) of a card the player
    holds or controls, activated with its default costs and actions. It is listed when
    :meth:`DuelEngine.verify_activation` accepts it: Spell Speed against the chain (4.2.4.1),
    timing (3.3.1.i1, 3.2.7.2.i1), Set this turn (3.4.1.i4), the Damage Step (3.2.7.4.i6), costs,
    negation scope; in a summon-negation window only a summon negation (3.2.2.1.i7).
    Yields ``{"card", "effect", "spell_speed"}`` dicts (``effect``: the effect id, else its index).
    """

    def __init__(self, engine: "DuelEngine", state: GameState, player: PlayerId) -> None:
        self.engine = engine
        self.state = state
        self.player = player

    def _candidates(self) -> Any:
        state, player = self.state, self.player
        window = bool(state.summoning) and not state.chain
        floor = 1
        if state.chain:
            floor = 3 if state.chain[-1].spell_speed == 3 else 2
        for card_id, index, effect, speed, negates_summon in self.engine.free_effects(state):
            if speed < floor or (window and not negates_summon):
                continue
            card = state.card(card_id)
            if card.zone not in LISTED_ZONES or (card.controller if card.zone in FIELD_ZONES else card.owner) != player:
                continue
            yield card, index, effect, speed

    def __iter__(self) -> Any:
        for card, index, effect, speed in self._candidates():
            act = fmt.Activation(card=card.id, effect=index, controller=self.player, spell_speed=None, targets=(),
                                 cost=effect.cost, actions=effect.actions, source=("legal", 0), own_actions=False)
            if self.engine.can_activate(self.state, act):
                yield {"card": card.id, "effect": effect.id if effect.id is not None else index, "spell_speed": speed}

    def first(self, count: int) -> list[dict[str, Any]]:
        """Return at most ``count`` legal activations, checking no more candidates than needed."""
        return list(islice(self, count))

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


class DuelEngine(ChainEngine):
    """The chain engine plus turns, summons, battle, triggers and value histories."""

    def __init__(self, ruleset: YgoRuleset, recorder: TraceRecorder, trigger_order: tuple[str, ...] = (), *,
                 activate_triggers: tuple[str, ...] = (), decline_triggers: tuple[str, ...] = ()) -> None:
        super().__init__(ruleset, recorder)
        self.trigger_order = trigger_order
        """Card ids in the order their controller puts simultaneous triggers on the chain."""
        self.activate_triggers = frozenset(activate_triggers)
        """Cards whose optional triggers met during play are activated (``options.activate_triggers``)."""
        self.decline_triggers = frozenset(decline_triggers)
        """Cards whose optional triggers met during play are declined (``options.decline_triggers``)."""

    # ------------------------------------------------------------------ recording

    def record(self, kind: str, message_id: str, key: R, **params: Any) -> None:
        """Record one step citing ``key``; mark a citation taken from the older document."""
        citation = self.cite(key)
        extra = {}
        if isinstance(citation, Rule) and citation.document != self.ruleset.document:
            extra["basis"] = OLDER_DOCUMENT_BASIS
        self.recorder.record(kind, message_id, citation, params, **extra)

    def record_illegal(self, illegal: IllegalAction) -> None:
        """Record the ``illegal`` step of a refused action."""
        extra = {}
        if isinstance(illegal.citation, Rule) and illegal.citation.document != self.ruleset.document:
            extra["basis"] = OLDER_DOCUMENT_BASIS
        self.recorder.record("illegal", illegal.message_id, illegal.citation, illegal.params, **extra)

    @staticmethod
    def bump(state: GameState) -> GameState:
        """Count one more "thing" happening (for missing the timing, ARC-V 4.2.3.2)."""
        return replace(state, moment=state.moment + 1)

    def _event(self, state: GameState, kind: str, card_id: str, procedure: str = "") -> GameState:
        in_damage_step = state.turn.phase == "battle" and state.turn.step == "damage"
        return replace(state, events=state.events + (Event(kind, card_id, state.moment, procedure, in_damage_step),))

    # ------------------------------------------------------------------ values (ATK/DEF)

    @staticmethod
    def _base(card: Card, stat: str) -> Optional[int]:
        return card.original_atk if stat == "atk" else card.original_def

    @staticmethod
    def computed(card: Card, stat: str) -> Optional[int]:
        """Return the stat from the original value and the modifiers in order, floored at 0.

        ARC-V 4.1.5.i1 floors the result at 0; the modifiers themselves add up (ruling).
        """
        value = card.original_atk if stat == "atk" else card.original_def
        if value is None:
            return None
        for mod in card.modifiers:
            if mod.stat == stat:
                value = mod.set_value if mod.set_value is not None else value + mod.amount
        return max(0, value)

    def _set_modifiers(self, state: GameState, card: Card, modifiers: tuple[Modifier, ...], *, source: str,
                       reason: str, key: R) -> GameState:
        """Replace a card's modifiers, recompute ATK/DEF, and record each value that changed."""
        card = replace(card, modifiers=modifiers)
        for stat in ("atk", "def"):
            before = card.atk if stat == "atk" else card.def_
            after = self.computed(card, stat)
            if before is None or after is None or after == before:
                continue
            card = replace(card, atk=after) if stat == "atk" else replace(card, def_=after)
            change = ValueChange(stat, before, after, source, reason, len(self.recorder.steps))
            card = replace(card, history=card.history + (change,))
            self.record("modify", f"ygo.modify.{stat}", key, card=card.id, card_name=card.name, before=before,
                        after=after, source=source, reason=reason)
        return state.with_card(card)

    def _change_stat(self, state: GameState, link: Any, index: int, instruction: Any, stat: str) -> GameState:
        """Apply ``change_atk``/``change_def`` as a modifier (kept for when an earlier one ends)."""
        for card, _ in self._stat_targets(state, link, index, instruction, stat):
            # Read the card again: an earlier part of this loop may have changed it (same card twice).
            card = state.card(card.id)
            current = card.atk if stat == "atk" else card.def_
            if instruction.half:
                mod, key = Modifier(stat, set_value=(current + 1) // 2, source=link.card, until=instruction.until), R.HALVE_STAT
            elif instruction.set_value is not None:
                mod, key = Modifier(stat, set_value=instruction.set_value, source=link.card, until=instruction.until), R.STAT_CHANGE
            else:
                amount = instruction.amount or 0
                mod = Modifier(stat, amount=amount, source=link.card, until=instruction.until)
                key = R.STAT_FLOOR if current + amount < 0 else R.STAT_CHANGE
            reason = "lingering" if instruction.until == "end_phase" else "effect"
            state = self._set_modifiers(state, card, card.modifiers + (mod,), source=link.card, reason=reason, key=key)
        return state

    def apply_continuous(self, state: GameState, source: Card) -> GameState:
        """Apply the ATK/DEF Continuous Effects of a card that is now face-up on the field.

        ARC-V 3.2.7.1.i2: a Continuous Effect applies the moment its card is face-up, without a chain;
        it applies for as long as its card stays face-up, so a monster it names that comes face-up
        on the field later gets it then too.
        """
        source = state.card(source.id)
        if source.zone is Zone.MONSTER_ZONE and source.face_up:
            for other in state.cards:
                if other.id != source.id and other.zone in FIELD_ZONES and other.face_up and any(
                        e.effect_class is EffectClass.CONTINUOUS and any(source.id in i.objects for i in e.actions)
                        for e in other.effects):
                    state = self._apply_continuous_of(state, other)
        return self._apply_continuous_of(state, state.card(source.id))

    def _apply_continuous_of(self, state: GameState, source: Card) -> GameState:
        """Apply one face-up card's ATK/DEF Continuous Effects to the face-up monsters they name."""
        source = state.card(source.id)
        if source.zone not in FIELD_ZONES or not source.face_up:
            return state
        for effect in source.effects:
            if effect.effect_class is not EffectClass.CONTINUOUS:
                continue
            for instruction in effect.actions:
                if instruction.do not in ("change_atk", "change_def"):
                    continue
                stat = instruction.do[-3:]
                for target_id in instruction.objects:
                    target = state.card(target_id)
                    if target.zone is not Zone.MONSTER_ZONE or not target.face_up:
                        continue
                    if any(m.source == source.id and m.until == "continuous" and m.stat == stat for m in target.modifiers):
                        continue
                    mod = Modifier(stat, amount=instruction.amount or 0, set_value=instruction.set_value,
                                   source=source.id, until="continuous")
                    state = self._set_modifiers(state, target, target.modifiers + (mod,), source=source.id,
                                                reason="continuous", key=R.CONTINUOUS_APPLIES)
        return state

    def end_continuous(self, state: GameState, source_id: str) -> GameState:
        """Remove the Continuous Effects of a card that is no longer face-up on the field (ARC-V 3.2.7.1.i3)."""
        for card in state.cards:
            kept = tuple(m for m in card.modifiers if not (m.source == source_id and m.until == "continuous"))
            if len(kept) != len(card.modifiers):
                state = self._set_modifiers(state, card, kept, source=source_id, reason="source_left",
                                            key=R.CONTINUOUS_ENDS)
        return state

    def expire_lingering(self, state: GameState) -> GameState:
        """End every "until the End Phase" modifier and recompute the values it changed."""
        for card in state.cards:
            kept = tuple(m for m in card.modifiers if m.until != "end_phase")
            if len(kept) != len(card.modifiers):
                gone = next(m for m in card.modifiers if m.until == "end_phase")
                state = self._set_modifiers(state, card, kept, source=f"expired:{gone.source}", reason="expired",
                                            key=R.LINGERING_EXPIRES)
        return state

    # ------------------------------------------------------------------ moving cards

    def move(self, state: GameState, card: Card, to: Zone, reason: str, key: R, **kwargs: Any) -> GameState:
        """Move a card (see :meth:`ChainEngine.move`), note the events, and end what its leaving ends."""
        before = state.card(card.id)
        state = super().move(state, card, to, reason, key, **kwargs)
        after = state.card(card.id)
        was_on_field = before.zone in FIELD_ZONES
        if was_on_field and after.zone not in FIELD_ZONES:
            state = state.with_card(replace(after, modifiers=(), attacked=False, summoned_this_turn=False,
                                            position_changed=False, set_this_turn=False,
                                            atk=self._base(after, "atk") if after.original_atk is not None else after.atk,
                                            def_=self._base(after, "def") if after.original_def is not None else after.def_))
            state = self.end_continuous(state, before.id)
        # A Tribute paid as a cost is not a summoning procedure (its trigger waits for the chain).
        procedure = reason if reason in PROCEDURE_MISSED_TIMING and kwargs.get("kind") != "cost" else ""
        if after.zone is Zone.GRAVEYARD or (to is Zone.GRAVEYARD and after.zone is Zone.EXTRA_DECK):
            state = self._event(state, "sent_to_graveyard", card.id, procedure)
        if was_on_field and reason in ("destroy", "battle"):
            state = self._event(state, "destroyed", card.id)
            if reason == "battle":
                state = self._event(state, "destroyed_by_battle", card.id)
        if after.zone is Zone.BANISHED:
            state = self._event(state, "banished", card.id)
        if reason == "special_summon" and after.zone is Zone.MONSTER_ZONE:
            state = state.with_card(replace(state.card(card.id), summoned_this_turn=True))
            state = self._event(state, "special_summoned", card.id)
            state = self.apply_continuous(state, state.card(card.id))
        return state

    def _place(self, state: GameState, card: Card, controller: PlayerId, position: Position, reason: str,
               key: R) -> GameState:
        """Put a monster in its controller's Monster Zone (a summon) and record the move."""
        state = super().move(state, card, Zone.MONSTER_ZONE, reason, key, position=position)
        placed = replace(state.card(card.id), controller=controller, summoned_this_turn=True, set_this_turn=False,
                         original_atk=card.original_atk if card.original_atk is not None else card.atk,
                         original_def=card.original_def if card.original_def is not None else card.def_)
        return state.with_card(placed)

    # ------------------------------------------------------------------ activation timing

    def verify_activation(self, state: GameState, act: Any, *, simultaneous: bool = False) -> Any:
        """Check the timing rules of issue 3, then the chain rules (:meth:`ChainEngine.verify_activation`).

        Raises :class:`IllegalAction`: a Trap Set this turn (ARC-V 3.4.1.i4), a Quick-Play Spell
        Set this turn (3.3.3.6.i6) or activated from the hand in the opponent's turn (3.3.3.6.i4),
        a Spell Speed 1 Spell or Ignition Effect outside its controller's Main Phase with an empty
        chain (3.3.1.i1, 3.2.7.2.i1), anything but a Counter Trap, an ATK/DEF change or (under
        ARC-V) a Quick Effect negating an activation in the Damage Step (3.2.7.4.i6; Spells and
        Traps: MR2 ch4.4), or a summon negation with no summon to negate.
        """
        card = state.card(act.card)
        effect = card.effects[act.effect]
        cls = effect.effect_class
        base = {"card": card.id, "card_name": card.name}
        if not simultaneous:
            if cls is EffectClass.CARD and card.kind is CardKind.TRAP and card.set_this_turn:
                raise self.illegal(R.TRAP_SET_THIS_TURN, "ygo.illegal.set_this_turn", **base)
            if cls is EffectClass.CARD and card.subtype == "quick-play" and card.kind is CardKind.SPELL:
                if card.zone is not Zone.HAND and card.set_this_turn:
                    raise self.illegal(R.QUICK_PLAY_SET_THIS_TURN, "ygo.illegal.set_this_turn", **base)
                if card.zone is Zone.HAND and act.controller != state.turn.active:
                    raise self.illegal(R.QUICK_PLAY_HAND_OWN_TURN, "ygo.illegal.timing", **base,
                                       phase=state.turn.phase, player=act.controller)
            speed_1 = (cls in SPEED_1_TIMING or (cls in (EffectClass.CARD, EffectClass.EFFECT)
                       and card.kind is CardKind.SPELL and card.subtype != "quick-play"))
            if speed_1 and not state.chain:
                own_main = act.controller == state.turn.active and state.turn.phase in MAIN_PHASES
                if not own_main or state.attack is not None:
                    key = SPEED_1_TIMING.get(cls, R.SPELL_TIMING)
                    raise self.illegal(key, "ygo.illegal.timing", **base, phase=state.turn.phase, player=act.controller)
            if state.turn.phase == "battle" and state.turn.step == "damage":
                counter = card.kind is CardKind.TRAP and card.subtype == "counter" and cls is EffectClass.CARD
                stat = any(i.do in ("change_atk", "change_def") for i in act.actions)
                negation = (self.ruleset.damage_step_negations and cls is EffectClass.QUICK
                            and any(i.do == "negate_activation" for i in act.actions))
                if not counter and not stat and not negation:
                    key = R.DAMAGE_STEP_LIMIT if card.kind is CardKind.MONSTER else R.DAMAGE_STEP_CARDS
                    raise self.illegal(key, "ygo.illegal.damage_step", **base)
        if any(i.do == "negate_summon" for i in act.actions) and (not state.summoning or state.chain):
            raise self.illegal(R.SUMMON_NEGATION_WINDOW, "ygo.illegal.no_summon_to_negate", **base)
        return super().verify_activation(state, act, simultaneous=simultaneous)

    def _do_negate_summon(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        """Negate the summon in progress: the monsters go to the Graveyard (ARC-V 3.2.2.1.i8).

        A monster whose Summon from the hand or Extra Deck is negated is not sent from the field,
        so a Pendulum Monster goes to the Graveyard, not the Extra Deck (3.2.1.9.i8, 3.2.2.3.1.1.5.i6).
        A Flip Summoned monster was already on the field.
        """
        from_field = state.summon_kind == "flip_summoned"
        for card_id in state.summoning:
            card = state.card(card_id)
            self.record("negate", "ygo.negate.summon", R.SUMMON_NEGATION_WINDOW, card=card.id, card_name=card.name,
                        by_link=link.number)
            pendulum = self.ruleset.pendulum and card.subtype == "pendulum" and not from_field
            key = R.NEGATED_SUMMON_PENDULUM if pendulum else R.NEGATED_SUMMON_TO_GY
            state = self.move(state, card, Zone.GRAVEYARD, "negated_summon", key, from_field=from_field)
        return replace(state, summoning=(), summon_kind="")

    def _do_win(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        """The link's controller (or ``player``) wins the Duel by a card's effect (ARC-V 1.4.3.i1)."""
        winner = self._player_ids(instruction.player, link.controller)[0]
        self.record("end", "ygo.duel.win", R.WIN_BY_EFFECT, winner=winner, loser=opponent_of(winner), reason="effect")
        return replace(state, winner=winner)

    def apply(self, state: GameState, link: Any, index: int, instruction: Any) -> GameState:
        """Apply one action of a resolving link; each action is one "thing" that happens."""
        return super().apply(self.bump(state), link, index, instruction)

    # ------------------------------------------------------------------ who may act, and with what

    def free_effects(self, state: GameState) -> tuple[tuple[str, int, Any, int, bool], ...]:
        """Return every effect activated at will, as ``(card id, index, effect, spell speed, negates a
        summon)``, in card order; computed once per resolution (a card's effects never change)."""
        found = getattr(self, "_free_effects", None)
        if found is None:
            found = tuple(
                (card.id, index, effect, speed[0], any(i.do == "negate_summon" for i in effect.actions))
                for card in state.cards for index, effect in enumerate(card.effects)
                if effect.effect_class in FREE_CLASSES and (speed := spell_speed(card, effect.effect_class)) is not None)
            self._free_effects = found
        return found

    def legal_activations(self, state: GameState, player: PlayerId) -> "LegalActivations":
        """Return the lazy listing of what ``player`` could activate now (see :class:`LegalActivations`)."""
        return LegalActivations(self, state, player)

    def priority_params(self, state: GameState, player: PlayerId) -> dict[str, Any]:
        """Return ``may_activate`` (at most :data:`MAX_LISTED` entries) and, if more, ``may_activate_more``.

        Each entry is ``{card, effect, spell_speed}``: an effect ``player`` could activate at this
        priority point under the rules the engine checks (:meth:`verify_activation`).
        """
        listed = self.legal_activations(state, player).first(MAX_LISTED + 1)
        params: dict[str, Any] = {"may_activate": listed[:MAX_LISTED]}
        if len(listed) > MAX_LISTED:
            params["may_activate_more"] = True
        return params

    # ------------------------------------------------------------------ Fusion and Ritual (by effect)

    def _do_fusion_summon(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        """Send the Fusion Materials to the Graveyard, then Fusion Summon (ARC-V 3.2.2.3.1.1.2.i3).

        The engine checks that there are at least two materials, each a monster the player
        controls or holds, that the monster is in the Extra Deck and, where the scenario gives
        the Fusion Monster's ``materials_required``, that the materials are exactly those: one
        material per requirement, each fitting its own (by name, or by Attribute, Type, Level,
        kind…). Without that list the materials it names are card text the engine cannot read.
        """
        player = link.controller
        target = state.card(instruction.objects[0])
        materials = [state.card(m) for m in instruction.materials]
        problem = None
        if target.zone is not Zone.EXTRA_DECK or target.subtype != "fusion":
            problem = f"{target.name} is not a Fusion Monster in the Extra Deck"
        elif len(materials) < 2:
            problem = "a Fusion Summon needs at least two materials"
        elif any(not self._own_monster(m, player) for m in materials):
            problem = "a Fusion Material is not a monster the player controls or holds"
        elif target.materials_required and not _assign(target.materials_required, materials):
            problem = (f"the materials do not fit the {len(target.materials_required)} material(s) "
                       f"{target.name} lists")
        elif self._free_monster_zones(state, player, freed=materials) < 1:
            problem = "no free Monster Zone"
        if problem:
            self.record("no_effect", "ygo.summon.cannot", R.FUSION, card=target.id, card_name=target.name,
                        method="fusion", reason=problem)
            return state
        for material in materials:
            state = self.move(state, material, Zone.GRAVEYARD, "fusion_material", R.FUSION)
        state = self.bump(state)
        return self._summoned(state, target, player, "fusion", R.FUSION, position=_position(instruction.position))

    def _do_ritual_summon(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        """Tribute monsters whose Levels add up to the Ritual Monster's, then Ritual Summon it.

        ARC-V 3.2.2.3.1.1.1.i2, 3.2.2.3.1.1.1.1.i3 (exactly that total, or "or more" with
        ``at_least``) and .i4 (no more Tributes than needed).
        """
        player = link.controller
        target = state.card(instruction.objects[0])
        tributes = [state.card(m) for m in instruction.materials]
        wanted = instruction.level if instruction.level is not None else (target.level or 0)
        total = sum(t.level or 0 for t in tributes)
        problem, key = None, R.RITUAL
        if target.zone is not Zone.HAND or target.subtype != "ritual":
            problem = f"{target.name} is not a Ritual Monster in the hand"
        elif any(not self._own_monster(t, player) for t in tributes):
            problem, key = "a Tribute is not a monster the player controls or holds", R.TRIBUTE_OWN
        elif (total < wanted) or (total != wanted and not instruction.at_least):
            problem, key = f"the Tributes' Levels add up to {total}, not {wanted}", R.RITUAL_LEVELS
        elif instruction.at_least and any(total - (t.level or 0) >= wanted for t in tributes):
            problem, key = "more monsters are Tributed than the Level needs", R.RITUAL_NO_EXCESS
        elif self._free_monster_zones(state, player, freed=tributes) < 1:
            problem = "no free Monster Zone"
        if problem:
            self.record("no_effect", "ygo.summon.cannot", key, card=target.id, card_name=target.name,
                        method="ritual", reason=problem)
            return state
        for tribute in tributes:
            state = self.move(state, tribute, Zone.GRAVEYARD, "ritual_tribute", R.RITUAL)
        state = self.bump(state)
        return self._summoned(state, target, player, "ritual", R.RITUAL, position=_position(instruction.position))

    @staticmethod
    def _own_monster(card: Card, player: PlayerId) -> bool:
        on_field = card.zone is Zone.MONSTER_ZONE and card.controller == player
        return card.kind is CardKind.MONSTER and (on_field or (card.zone is Zone.HAND and card.owner == player))

    @staticmethod
    def _free_monster_zones(state: GameState, player: PlayerId, freed: list[Card] = ()) -> int:  # type: ignore[assignment]
        leaving = sum(1 for c in freed if c.zone is Zone.MONSTER_ZONE and c.controller == player)
        return 5 - len(state.cards_in(Zone.MONSTER_ZONE, player)) + leaving

    def _summoned(self, state: GameState, card: Card, player: PlayerId, method: str, key: R, *,
                  position: Position = Position.ATTACK) -> GameState:
        """Place a Special Summoned monster, record it and note the event."""
        self.record("summon", "ygo.summon.special", key, card=card.id, card_name=card.name, player=player,
                    method=method, position=position.value)
        state = self._place(state, card, player, position, "special_summon", key)
        state = self._event(state, "special_summoned", card.id)
        return self.apply_continuous(state, state.card(card.id))

    # ------------------------------------------------------------------ summons (player actions)

    def _verify_main_phase_action(self, state: GameState, player: PlayerId, card: Card, what: str) -> None:
        """Summons, Sets and position changes: the turn player's Main Phase, no chain (ARC-V 3.2.2.1.i1)."""
        if player != state.turn.active or state.turn.phase not in MAIN_PHASES or state.chain:
            raise self.illegal(R.MAIN_PHASE_ACTION, "ygo.illegal.not_main_phase", card=card.id, card_name=card.name,
                               player=player, phase=state.turn.phase, action=what)

    def _verify_tributes(self, state: GameState, card: Card, player: PlayerId, tributes: list[Card]) -> None:
        base = {"card": card.id, "card_name": card.name}
        level = card.level or 0
        needed = 0 if level <= 4 else 1 if level <= 6 else 2
        if len(tributes) != needed:
            raise self.illegal(R.TRIBUTE_COUNT, "ygo.illegal.tributes", **base, level=level, needed=needed,
                               given=len(tributes))
        for tribute in tributes:
            if tribute.zone is not Zone.MONSTER_ZONE or tribute.controller != player:
                raise self.illegal(R.TRIBUTE_OWN, "ygo.illegal.tribute_not_own", **base, tribute=tribute.id,
                                   tribute_name=tribute.name)
        if not tributes and len(state.cards_in(Zone.MONSTER_ZONE, player)) >= 5:
            raise self.illegal(R.NORMAL_SUMMON_ZONE, "ygo.illegal.zone_full", **base, player=player,
                               zone=Zone.MONSTER_ZONE.value)

    def verify_summon(self, state: GameState, player: PlayerId, card: Card, tributes: list[Card], *,
                      face_down: bool = False) -> None:
        """Check a Normal (or Tribute) Summon or a monster Set.

        Raises :class:`IllegalAction`: not the turn player's Main Phase with an empty chain (ARC-V
        3.2.2.1.i1), a second Normal Summon/Set this turn (3.2.2.1.i2), the card not a monster in
        the hand, the wrong number of Tributes for its Level (3.2.2.1.1.i2), a Tribute the player
        does not control (3.2.2.1.1.1.i4), or no free Monster Zone without Tributes (3.2.2.1.i3).
        """
        what = "set" if face_down else "summon"
        self._verify_main_phase_action(state, player, card, what)
        base = {"card": card.id, "card_name": card.name}
        if card.zone is not Zone.HAND or card.kind is not CardKind.MONSTER or card.owner != player \
                or card.subtype in EXTRA_DECK_SUBTYPES or card.subtype == "token":
            raise self.illegal(R.SET_MONSTER if face_down else R.NORMAL_SUMMON, "ygo.illegal.card_not_available",
                               **base, zone=card.zone.value)
        if state.turn.normal_summon_used:
            raise self.illegal(R.NORMAL_SUMMON_ONCE, "ygo.illegal.normal_summon_used", **base, player=player)
        self._verify_tributes(state, card, player, tributes)

    def can_summon(self, state: GameState, player: PlayerId, card: Card, tributes: list[Card], *,
                   face_down: bool = False) -> bool:
        """Return whether :meth:`verify_summon` passes."""
        try:
            self.verify_summon(state, player, card, tributes, face_down=face_down)
        except IllegalAction:
            return False
        return True

    def do_summon(self, state: GameState, player: PlayerId, card: Card, tributes: list[Card], *,
                  face_down: bool = False) -> GameState:
        """Normal Summon (face-up Attack) or Set (face-down Defense) a monster, Tributing first.

        Tributes go to the Graveyard before the monster is placed (ARC-V 3.2.2.1.1.1.i3), so a
        Tributed monster's "when … you can" trigger misses the timing (3.2.2.1.1.i6). A face-up
        Summon opens the summon-negation window (3.2.2.1.i7); it cannot be chained to (3.2.2.3.1.i4).
        """
        self.verify_summon(state, player, card, tributes, face_down=face_down)
        state = replace(state, turn=replace(state.turn, normal_summon_used=True))
        for tribute in tributes:
            state = self.bump(state)
            state = self.move(state, tribute, Zone.GRAVEYARD, "tribute", R.TRIBUTE_COUNT)
        state = self.bump(state)
        if face_down:
            self.record("summon", "ygo.summon.set", R.SET_MONSTER, card=card.id, card_name=card.name, player=player,
                        tributes=[t.id for t in tributes])
            state = self._place(state, card, player, Position.FACE_DOWN_DEFENSE, "set", R.SET_MONSTER)
            return state.with_card(replace(state.card(card.id), set_this_turn=True))
        self.record("summon", "ygo.summon.normal", R.TRIBUTE_COUNT if tributes else R.NORMAL_SUMMON, card=card.id,
                    card_name=card.name, player=player, tributes=[t.id for t in tributes])
        state = self._place(state, card, player, Position.ATTACK, "summon", R.NORMAL_SUMMON)
        state = self.apply_continuous(state, state.card(card.id))
        return self._summon_window(state, [card], player, "summoned")

    def _summon_window(self, state: GameState, cards: list[Card], player: PlayerId, kind: str) -> GameState:
        """Open the summon-negation window (ARC-V 3.2.2.1.i7): the opponent may only negate the Summon."""
        state = replace(state, summoning=tuple(c.id for c in cards), summon_kind=kind)
        self.record("priority", "ygo.summon.negation_window", R.SUMMON_NEGATION_WINDOW, card=cards[0].id,
                    card_name=cards[0].name, player=opponent_of(player),
                    **self.priority_params(state, opponent_of(player)))
        return state

    def summon_succeeds(self, state: GameState) -> GameState:
        """End the summon-negation window: the summon succeeded (ARC-V 3.2.2.1.i9, 3.2.2.3.i6)."""
        kind = state.summon_kind
        key = R.SUMMON_SUCCESS if kind in ("summoned", "flip_summoned") else R.SPECIAL_SUMMON_SUCCESS
        for card_id in state.summoning:
            card = state.card(card_id)
            if card.zone is Zone.MONSTER_ZONE:
                self.record("summon", "ygo.summon.success", key, card=card.id, card_name=card.name, how=kind)
                state = self._event(state, kind, card_id)
        return replace(state, summoning=(), summon_kind="")

    def verify_set_spell_trap(self, state: GameState, player: PlayerId, card: Card) -> None:
        """Check Setting a Spell or Trap (ARC-V 3.3.2, 3.4.2): own Main Phase, from the hand, a free zone."""
        self._verify_main_phase_action(state, player, card, "set")
        key = R.SET_SPELL if card.kind is CardKind.SPELL else R.SET_TRAP
        if card.zone is not Zone.HAND or card.owner != player:
            raise self.illegal(key, "ygo.illegal.card_not_available", card=card.id, card_name=card.name,
                               zone=card.zone.value)
        if card.subtype != "field" and len(state.cards_in(Zone.SPELL_TRAP_ZONE, player)) >= 5:
            raise self.illegal(R.ST_ZONE_FULL, "ygo.illegal.zone_full", card=card.id, card_name=card.name,
                               player=player, zone=Zone.SPELL_TRAP_ZONE.value)

    def do_set_spell_trap(self, state: GameState, player: PlayerId, card: Card) -> GameState:
        """Set a Spell or Trap face-down; it counts as Set this turn (ARC-V 3.4.1.i4, 3.3.3.6.i6)."""
        self.verify_set_spell_trap(state, player, card)
        key = R.SET_SPELL if card.kind is CardKind.SPELL else R.SET_TRAP
        zone = Zone.FIELD_ZONE if card.subtype == "field" else Zone.SPELL_TRAP_ZONE
        if zone is Zone.FIELD_ZONE:
            for old in state.cards_in(Zone.FIELD_ZONE):
                if self.ruleset.field_zone_per_player and old.controller != player:
                    continue
                state = self.move(state, old, Zone.GRAVEYARD, "send_to_graveyard", R.FIELD_REPLACED)
        self.record("set", "ygo.set.spell_trap", key, card=card.id, card_name=card.name, player=player)
        state = super().move(state, card, zone, "set", key, position=Position.FACE_DOWN)
        return state.with_card(replace(state.card(card.id), controller=player, set_this_turn=True))

    def verify_flip_summon(self, state: GameState, player: PlayerId, card: Card) -> None:
        """Check a Flip Summon (ARC-V 3.2.2.4): a face-down monster not Set this turn, once per monster."""
        self._verify_main_phase_action(state, player, card, "flip_summon")
        base = {"card": card.id, "card_name": card.name}
        if card.zone is not Zone.MONSTER_ZONE or card.position is not Position.FACE_DOWN_DEFENSE or card.controller != player:
            raise self.illegal(R.FLIP_SUMMON, "ygo.illegal.card_not_available", **base, zone=card.zone.value)
        if card.set_this_turn or card.summoned_this_turn:
            raise self.illegal(R.FLIP_SUMMON_SET_THIS_TURN, "ygo.illegal.set_this_turn", **base)
        if card.position_changed:
            raise self.illegal(R.FLIP_SUMMON_ONCE, "ygo.illegal.position_changed", **base)

    def do_flip_summon(self, state: GameState, player: PlayerId, card: Card) -> GameState:
        """Flip Summon: face-down Defense to face-up Attack; it counts as flipped (ARC-V 3.2.2.4.i7)."""
        self.verify_flip_summon(state, player, card)
        state = self.bump(state)
        self.record("summon", "ygo.summon.flip", R.FLIP_SUMMON, card=card.id, card_name=card.name, player=player)
        state = self._flip(state, card, Position.ATTACK)
        state = state.with_card(replace(state.card(card.id), position_changed=True))
        return self._summon_window(state, [card], player, "flip_summoned")

    def _flip(self, state: GameState, card: Card, position: Position) -> GameState:
        card = state.card(card.id)
        flipped = replace(card, position=position,
                          original_atk=card.original_atk if card.original_atk is not None else card.atk,
                          original_def=card.original_def if card.original_def is not None else card.def_)
        state = state.with_card(flipped)
        self.record("move", "ygo.position.flipped", R.FLIPPED, card=card.id, card_name=card.name, position=position.value)
        state = self._event(state, "flipped", card.id)
        return self.apply_continuous(state, state.card(card.id))

    def verify_change_position(self, state: GameState, player: PlayerId, card: Card) -> None:
        """Check a manual position change (ARC-V 3.2.5): not Summoned this turn, once, not after attacking."""
        self._verify_main_phase_action(state, player, card, "change_position")
        base = {"card": card.id, "card_name": card.name}
        if card.zone is not Zone.MONSTER_ZONE or card.controller != player or not card.face_up:
            raise self.illegal(R.CHANGE_POSITION, "ygo.illegal.card_not_available", **base, zone=card.zone.value)
        if card.summoned_this_turn:
            raise self.illegal(R.POSITION_SUMMONED_THIS_TURN, "ygo.illegal.position_changed", **base)
        if card.attacked:
            raise self.illegal(R.POSITION_AFTER_ATTACK, "ygo.illegal.position_changed", **base)
        if card.position_changed:
            raise self.illegal(R.POSITION_ONCE, "ygo.illegal.position_changed", **base)

    def do_change_position(self, state: GameState, player: PlayerId, card: Card) -> GameState:
        """Change a face-up monster between Attack and Defense Position."""
        self.verify_change_position(state, player, card)
        position = Position.DEFENSE if card.position is Position.ATTACK else Position.ATTACK
        self.record("move", "ygo.position.changed", R.CHANGE_POSITION, card=card.id, card_name=card.name,
                    position=position.value)
        return state.with_card(replace(card, position=position, position_changed=True))

    def verify_special_summon(self, state: GameState, player: PlayerId, method: str, cards: list[Card],
                              materials: list[Card]) -> None:
        """Check a Special Summon by game procedure (it does not use the chain, ARC-V 3.2.2.3.1.i4).

        ``inherent``: from the hand by its own condition (3.2.2.3.1.i1); ``synchro``: one face-up
        Tuner and one or more face-up non-Tuners whose Levels add up to the Synchro Monster's
        (3.2.2.3.1.1.3.i1); ``xyz``: two or more face-up monsters whose Level is the Rank, no Tokens
        (3.2.2.3.1.1.4.i1, 3.2.2.3.1.1.4.1.i7); ``pendulum`` (arcv): both Pendulum Zones filled,
        Levels strictly between the Scales, from the hand or face-up in the Extra Deck, once per
        turn (3.2.2.3.1.1.5). Each needs enough free Monster Zones (3.2.2.3.i3).
        """
        first = cards[0]
        self._verify_main_phase_action(state, player, first, f"{method}_summon")
        base = {"card": first.id, "card_name": first.name, "method": method}
        if method == "inherent":
            if first.zone is not Zone.HAND or first.kind is not CardKind.MONSTER or first.owner != player:
                raise self.illegal(R.INHERENT_SUMMON, "ygo.illegal.card_not_available", card=first.id,
                                   card_name=first.name, zone=first.zone.value)
        elif method == "synchro":
            tuners = [m for m in materials if m.tuner]
            if first.zone is not Zone.EXTRA_DECK or first.subtype != "synchro":
                raise self.illegal(R.SYNCHRO, "ygo.illegal.card_not_available", card=first.id, card_name=first.name,
                                   zone=first.zone.value)
            if len(tuners) != 1 or len(materials) < 2 or any(
                    m.zone is not Zone.MONSTER_ZONE or not m.face_up or m.controller != player for m in materials):
                raise self.illegal(R.SYNCHRO_MATERIALS, "ygo.illegal.materials", **base,
                                   reason="one face-up Tuner and at least one face-up non-Tuner you control are needed")
            total = sum(m.level or 0 for m in materials)
            if total != (first.level or 0):
                raise self.illegal(R.SYNCHRO_MATERIALS, "ygo.illegal.materials", **base,
                                   reason=f"the materials' Levels add up to {total}, not {first.level}")
        elif method == "xyz":
            if first.zone is not Zone.EXTRA_DECK or first.subtype != "xyz":
                raise self.illegal(R.XYZ, "ygo.illegal.card_not_available", card=first.id, card_name=first.name,
                                   zone=first.zone.value)
            if any(m.is_token for m in materials):
                raise self.illegal(R.XYZ_NO_TOKEN, "ygo.illegal.materials", **base, reason="a Token cannot be an Xyz Material")
            if len(materials) < 2 or any(m.zone is not Zone.MONSTER_ZONE or not m.face_up or m.controller != player
                                         or m.level != first.level for m in materials):
                raise self.illegal(R.XYZ, "ygo.illegal.materials", **base,
                                   reason=f"two or more face-up Level {first.level} monsters you control are needed")
        elif method == "pendulum":
            scales = [c.scale for c in state.cards_in(Zone.PENDULUM_ZONE, player) if c.scale is not None]
            if not self.ruleset.pendulum or len(scales) != 2:
                raise self.illegal(R.PENDULUM_SCALES, "ygo.illegal.materials", **base,
                                   reason="both Pendulum Zones need a Pendulum Monster with a Scale")
            if state.turn.pendulum_summon_used:
                raise self.illegal(R.PENDULUM_SUMMON_ONCE, "ygo.illegal.normal_summon_used", card=first.id,
                                   card_name=first.name, player=player)
            low, high = min(scales), max(scales)
            for card in cards:
                from_extra = card.zone is Zone.EXTRA_DECK and card.subtype == "pendulum" and card.face_up
                if not (card.zone is Zone.HAND or from_extra) or card.owner != player or card.kind is not CardKind.MONSTER:
                    raise self.illegal(R.PENDULUM_SUMMON, "ygo.illegal.card_not_available", card=card.id,
                                       card_name=card.name, zone=card.zone.value)
                if not low < (card.level or 0) < high:
                    raise self.illegal(R.PENDULUM_SUMMON, "ygo.illegal.materials", card=card.id, card_name=card.name,
                                       method=method, reason=f"Level {card.level} is not between the Scales {low} and {high}")
        freed = materials if method in ("synchro", "xyz") else []
        if self._free_monster_zones(state, player, freed=freed) < len(cards):
            raise self.illegal(R.SPECIAL_SUMMON_ZONE, "ygo.illegal.zone_full", card=first.id, card_name=first.name,
                               player=player, zone=Zone.MONSTER_ZONE.value)

    def do_special_summon(self, state: GameState, player: PlayerId, method: str, cards: list[Card],
                          materials: list[Card], position: Position) -> GameState:
        """Special Summon by procedure; materials leave first, then the summon-negation window opens."""
        self.verify_special_summon(state, player, method, cards, materials)
        key = {"inherent": R.INHERENT_SUMMON, "synchro": R.SYNCHRO, "xyz": R.XYZ, "pendulum": R.PENDULUM_SUMMON}[method]
        self.record("summon", "ygo.summon.procedure", R.SUMMON_NOT_CHAIN, card=cards[0].id, card_name=cards[0].name,
                    player=player, method=method)
        if method == "synchro":
            for material in materials:
                state = self.bump(state)
                state = self.move(state, material, Zone.GRAVEYARD, "synchro_material", R.SYNCHRO)
        if method == "xyz":
            for material in materials:
                material = state.card(material.id)
                state = state.with_card(replace(material, zone=Zone.MATERIAL, position=None, modifiers=(),
                                                controller=material.owner))
                self.record("move", "ygo.move", R.XYZ, card=material.id, card_name=material.name,
                            **{"from": "monster_zone", "to": "material", "reason": "xyz_material"})
                state = self.end_continuous(state, material.id)
        if method == "pendulum":
            state = replace(state, turn=replace(state.turn, pendulum_summon_used=True))
        state = self.bump(state)
        for card in cards:
            self.record("summon", "ygo.summon.special", key, card=card.id, card_name=card.name, player=player,
                        method=method, position=position.value)
            state = self._place(state, card, player, position, "special_summon", key)
            if method == "xyz":
                state = state.with_card(replace(state.card(card.id), materials=tuple(m.id for m in materials)))
            state = self.apply_continuous(state, state.card(card.id))
        return self._summon_window(state, cards, player, "special_summoned")

    # ------------------------------------------------------------------ Pendulum placement (arcv)

    def verify_place_pendulum(self, state: GameState, player: PlayerId, card: Card) -> None:
        """Check activating a Pendulum Monster from the hand as a Spell Card in a Pendulum Zone.

        Raises :class:`IllegalAction`: no Pendulum Zones under this ruleset, or the card is not a
        Pendulum Monster in the player's hand (ARC-V 3.2.1.9.i5); not the player's own Main Phase
        with an empty chain (it is a Spell Speed 1 Spell Card activation, 3.3.3.7.i5, 3.3.1.i1);
        both of the player's Pendulum Zones filled (2.1.7.i2).
        """
        base = {"card": card.id, "card_name": card.name}
        if (not self.ruleset.pendulum or card.zone is not Zone.HAND or card.owner != player
                or card.kind is not CardKind.MONSTER or card.subtype != "pendulum"):
            raise self.illegal(R.PENDULUM_PLACE, "ygo.illegal.card_not_available", **base, zone=card.zone.value)
        if player != state.turn.active or state.turn.phase not in MAIN_PHASES or state.chain or state.attack:
            raise self.illegal(R.SPELL_TIMING, "ygo.illegal.timing", **base, phase=state.turn.phase, player=player)
        if len(state.cards_in(Zone.PENDULUM_ZONE, player)) >= 2:
            raise self.illegal(R.PENDULUM_ZONE_FULL, "ygo.illegal.zone_full", **base, player=player,
                               zone=Zone.PENDULUM_ZONE.value)

    def can_place_pendulum(self, state: GameState, player: PlayerId, card: Card) -> bool:
        """Return whether :meth:`verify_place_pendulum` passes."""
        try:
            self.verify_place_pendulum(state, player, card)
        except IllegalAction:
            return False
        return True

    def do_place_pendulum(self, state: GameState, player: PlayerId, card: Card, source: tuple[str, int]) -> GameState:
        """Activate a Pendulum Monster as a Spell Card: it is placed face-up in the Pendulum Zone as
        Chain Link 1 (ARC-V 3.2.1.9.i5, 3.3.3.7.i5), which the opponent may answer (e.g. negate it;
        then it goes to the Graveyard, not the Extra Deck, 3.2.1.9.i6). Its Scale counts for a
        Pendulum Summon once it resolves (3.2.2.3.1.1.5.i1)."""
        self.verify_place_pendulum(state, player, card)
        self.record("activate", "ygo.chain.activate", R.PENDULUM_PLACE, link=1, card=card.id, card_name=card.name,
                    player=player, spell_speed=1)
        state = super().move(state, card, Zone.PENDULUM_ZONE, "pendulum_activation", R.PENDULUM_PLACE,
                             position=Position.FACE_UP)
        state = state.with_card(replace(state.card(card.id), controller=player))
        link = ChainLink(number=1, card=card.id, effect=-1, controller=player, spell_speed=1,
                         effect_class=EffectClass.CARD, targets=(), target_zones=(), actions=(), source=source,
                         activated_on_field=True)
        state = replace(state, chain=(link,))
        self.record("priority", "ygo.priority.pass_to", R.PRIORITY_TO_OPPONENT, player=opponent_of(player),
                    **self.priority_params(state, opponent_of(player)))
        return state

    # ------------------------------------------------------------------ battle

    def verify_attack(self, state: GameState, attacker: Card, target: Optional[Card]) -> None:
        """Check an attack declaration.

        Raises :class:`IllegalAction`: not the Battle Step of the attacker's controller's Battle
        Phase (MR2 ch3.10), turn 1 (ch3.9), not a face-up Attack Position monster (ARC-V
        3.2.4.1.i2, 3.2.4.2.i2, 3.2.4.3.i4), already attacked (MR2 ch3.10; after a replay only
        the next declaration may choose a new target, ch3.13), a target that is not the
        opponent's monster, or a direct attack while the opponent controls monsters (ch4.9).
        """
        player = state.turn.active
        base = {"card": attacker.id, "card_name": attacker.name}
        if state.turn.phase != "battle" or state.turn.step not in (None, "start", "battle") or state.chain:
            raise self.illegal(R.ATTACK_DECLARE, "ygo.illegal.not_battle_step", **base, phase=state.turn.phase,
                               step=state.turn.step)
        if state.turn.number == 1:
            raise self.illegal(R.FIRST_TURN_NO_BATTLE, "ygo.illegal.first_turn_battle", **base)
        if attacker.zone is not Zone.MONSTER_ZONE or attacker.controller != player:
            raise self.illegal(R.ATTACK_DECLARE, "ygo.illegal.attacker_not_available", **base, zone=attacker.zone.value)
        if attacker.position is Position.FACE_DOWN_DEFENSE:
            raise self.illegal(R.ATTACK_FACE_DOWN_NO, "ygo.illegal.attack_position", **base, position=attacker.position.value)
        if attacker.position is Position.DEFENSE:
            raise self.illegal(R.ATTACK_DEFENSE_NO, "ygo.illegal.attack_position", **base, position=attacker.position.value)
        retarget = state.replay is not None and state.replay.attacker == attacker.id
        if attacker.attacked and not retarget:
            raise self.illegal(R.ATTACK_ONCE, "ygo.illegal.already_attacked", **base)
        defenders = state.cards_in(Zone.MONSTER_ZONE, opponent_of(player))
        if target is None and defenders:
            raise self.illegal(R.DIRECT_ATTACK, "ygo.illegal.direct_attack", **base, monsters=len(defenders))
        if target is not None and (target.zone is not Zone.MONSTER_ZONE or target.controller == player):
            raise self.illegal(R.ATTACK_DECLARE, "ygo.illegal.attack_target", **base, target=target.id,
                               target_name=target.name)

    def can_attack(self, state: GameState, attacker: Card, target: Optional[Card]) -> bool:
        """Return whether :meth:`verify_attack` passes."""
        try:
            self.verify_attack(state, attacker, target)
        except IllegalAction:
            return False
        return True

    def do_attack(self, state: GameState, attacker: Card, target: Optional[Card]) -> GameState:
        """Declare an attack; the opponent may respond before the Damage Step (MR2 ch3.10).

        During a replay this is the attacker's new target; any other declaration ends the replay,
        and the replayed monster, whose attack is then cancelled, cannot attack again (MR2 ch3.13).
        """
        self.verify_attack(state, attacker, target)
        state = replace(state, replay=None)
        player = state.turn.active
        self.record("attack", "ygo.battle.attack_direct" if target is None else "ygo.battle.attack",
                    R.DIRECT_ATTACK if target is None else R.ATTACK_DECLARE,
                    attacker=attacker.id, attacker_name=attacker.name, target=target.id if target else None,
                    target_name=target.name if target else None, player=player)
        defenders = tuple(c.id for c in state.cards_in(Zone.MONSTER_ZONE, opponent_of(player)))
        state = state.with_card(replace(attacker, attacked=True))
        state = replace(state, attack=Attack(attacker.id, target.id if target else None, defenders),
                        turn=replace(state.turn, step="battle"))
        self.record("priority", "ygo.priority.pass_to", R.PRIORITY_TO_OPPONENT, player=opponent_of(player),
                    **self.priority_params(state, opponent_of(player)))
        return state

    def enter_damage_step(self, state: GameState) -> GameState:
        """Check for a replay, then enter the Damage Step and flip a face-down target (ARC-V 3.2.4.3.i5).

        MR2 ch3.13: if the target has gone or the opponent's monsters have changed (one left or a
        new one appeared) before the Damage Step, there is a replay: the attacker may choose a new
        target with its next declaration, or its attack is cancelled and it cannot attack again.
        """
        attack = state.attack
        assert attack is not None
        attacker = state.card(attack.attacker)
        player = state.turn.active
        if attacker.zone is not Zone.MONSTER_ZONE or attacker.controller != player or attacker.position is not Position.ATTACK:
            self.record("battle", "ygo.battle.attack_stopped", R.ATTACK_STOPPED, attacker=attacker.id,
                        attacker_name=attacker.name)
            return replace(state, attack=None)
        defenders = tuple(c.id for c in state.cards_in(Zone.MONSTER_ZONE, opponent_of(player)))
        target_gone = attack.target is not None and attack.target not in defenders
        if target_gone or set(defenders) != set(attack.opponent_monsters):
            self.record("battle", "ygo.battle.replay", R.REPLAY, attacker=attacker.id, attacker_name=attacker.name,
                        before=len(attack.opponent_monsters), after=len(defenders))
            return replace(state, attack=None, replay=Replay(attacker.id), turn=replace(state.turn, step="battle"))
        if attack.target is None:
            self.record("battle", "ygo.battle.damage_step_direct", R.DAMAGE_STEP, attacker=attacker.id)
        else:
            self.record("battle", "ygo.battle.damage_step", R.DAMAGE_STEP, attacker=attacker.id,
                        target=attack.target)
        state = replace(state, turn=replace(state.turn, step="damage"))
        if attack.target is not None:
            target = state.card(attack.target)
            if target.position is Position.FACE_DOWN_DEFENSE:
                state = self.bump(state)
                self.record("battle", "ygo.battle.flip_target", R.FLIP_IN_BATTLE, card=target.id, card_name=target.name)
                state = self._flip(state, target, Position.DEFENSE)
        self.record("priority", "ygo.priority.window", R.DAMAGE_STEP_CARDS, player=player, window="damage_step",
                    **self.priority_params(state, player))
        return state

    def damage_calculation(self, state: GameState) -> GameState:
        """Compare the values and apply battle damage and destruction (MR2 ch4.7–ch4.9, ch5.11).

        Attack Position: the higher ATK destroys the other and the difference is dealt to the
        loser's controller; equal ATK destroys both (not when both are 0). Defense Position: ATK
        above DEF destroys it with no damage; below DEF deals the difference to the attacker's
        controller. A direct attack deals the attacker's ATK. Flip effects of a monster flipped by
        the attack activate after damage calculation (ARC-V 3.2.7.3.i7).
        """
        attack = state.attack
        assert attack is not None
        player = state.turn.active
        opponent = opponent_of(player)
        attacker = state.card(attack.attacker)
        state = self.bump(state)
        atk = attacker.atk or 0
        damage: list[tuple[PlayerId, int]] = []
        destroyed: list[Card] = []
        if attack.target is None:
            self.record("battle", "ygo.battle.calculation_direct", R.DIRECT_ATTACK, attacker=attacker.id,
                        attacker_name=attacker.name, attack=atk)
            damage.append((opponent, atk))
            key = R.DIRECT_ATTACK
        else:
            target = state.card(attack.target)
            defending = target.position is not Position.ATTACK
            value = (target.def_ if defending else target.atk) or 0
            key = R.BATTLE_ATK_VS_DEF if defending else R.BATTLE_ATK_VS_ATK
            self.record("battle", "ygo.battle.calculation", key, attacker=attacker.id, attacker_name=attacker.name,
                        attack=atk, target=target.id, target_name=target.name, value=value,
                        position=target.position.value if target.position else None)
            if atk > value:
                destroyed.append(target)
                if not defending:
                    damage.append((opponent, atk - value))
            elif atk < value:
                damage.append((player, value - atk))
                if not defending:
                    destroyed.append(attacker)
            elif not defending:
                if atk == 0:
                    self.record("battle", "ygo.battle.no_destruction", R.BATTLE_ZERO_ATK, attacker=attacker.id,
                                target=target.id)
                else:
                    destroyed += [attacker, target]
        for loser, amount in damage:
            if amount <= 0:
                continue
            lp = max(0, state.player(loser).lp - amount)
            state = state.with_player(replace(state.player(loser), lp=lp))
            self.record("damage", "ygo.battle.damage", R.BATTLE_DAMAGE, player=loser, amount=amount, lp=lp)
        state = self.check_lp(state)
        if state.ended:
            return state
        for card in destroyed:
            self.record("battle", "ygo.battle.destroyed", key, card=card.id, card_name=card.name)
            state = self.move(state, card, Zone.GRAVEYARD, "battle", key)
        return replace(state, attack=replace(attack, calculated=True))

    def end_damage_step(self, state: GameState) -> GameState:
        """End the Damage Step once the triggers it raised have been activated and resolved (MR2 ch3.11).

        The triggers of the battle are collected while it is still the Damage Step, so the limits
        of ARC-V 3.2.7.3.i6 apply to them (see :meth:`collect_triggers`).
        """
        assert state.attack is not None
        self.record("battle", "ygo.battle.end_damage_step", R.DAMAGE_STEP, attacker=state.attack.attacker)
        return replace(state, attack=None, turn=replace(state.turn, step="battle"))

    # ------------------------------------------------------------------ phases

    def do_end_phase(self, state: GameState, player: PlayerId) -> GameState:
        """Declare the end of the phase or step; priority passes to the opponent (MR2 ch4.16).

        A replay whose new target was not chosen ends: that attack is cancelled (MR2 ch3.13).
        """
        state = replace(state, replay=None)
        self.record("phase", "ygo.phase.end_declared", R.END_DECLARED, player=player, phase=state.turn.phase,
                    step=state.turn.step)
        state = replace(state, end_declared=True)
        self.record("priority", "ygo.priority.pass_to", R.END_DECLARED, player=opponent_of(player),
                    **self.priority_params(state, opponent_of(player)))
        return state

    def advance(self, state: GameState, *, to: Optional[str] = None, discard: tuple[str, ...] = ()) -> GameState:
        """Leave the current phase or step for the next one (MR2 ch3.4, ch3.8)."""
        turn = state.turn
        state = replace(state, end_declared=False)
        if turn.phase == "battle" and turn.step in (None, "start", "battle"):
            return self._enter(state, "battle", BATTLE_STEP_AFTER[turn.step or "start"])
        if turn.phase == "end":
            return self._next_turn(state, discard)
        nxt = PHASE_AFTER[turn.phase]
        if turn.phase == "main1" and (to == "end" or turn.number == 1):
            if turn.number == 1:
                self.record("phase", "ygo.phase.no_battle_first_turn", R.FIRST_TURN_NO_BATTLE, player=turn.active)
            nxt = "end"
        return self._enter(state, nxt, "start" if nxt == "battle" else None)

    def _enter(self, state: GameState, phase: str, step: Optional[str]) -> GameState:
        self.record("phase", "ygo.phase.enter", R.PHASE_ORDER, phase=phase, step=step, player=state.turn.active)
        state = replace(state, turn=replace(state.turn, phase=phase, step=step))
        if phase == "end":
            state = self.expire_lingering(state)
        return state

    def _next_turn(self, state: GameState, discard: tuple[str, ...]) -> GameState:
        player = state.turn.active
        hand = state.cards_in(Zone.HAND, None)
        hand = [c for c in hand if c.owner == player]
        if len(hand) > 6:
            excess = len(hand) - 6
            chosen = [state.card(c) for c in discard if state.card(c).zone is Zone.HAND][:excess]
            if len(chosen) < excess:
                rest = [c.id for c in hand if c not in chosen]
                index = getattr(self, "_end_args", {}).get("index")
                if index is not None:
                    raise OpenHandLimit(state, player, rest, excess - len(chosen), index)
                self.complete = False
                self.record("choice", "ygo.choice.hand_limit", R.HAND_LIMIT, player=player, count=excess,
                            options=[c.id for c in hand])
            for card in chosen:
                state = self.move(state, card, Zone.GRAVEYARD, "hand_limit", R.HAND_LIMIT)
        nxt = opponent_of(player)
        number = state.turn.number + 1 if state.turn.number is not None else None
        self.record("phase", "ygo.phase.next_turn", R.NEXT_TURN, player=nxt, number=number)
        cards = tuple(replace(c, set_this_turn=False, summoned_this_turn=False, attacked=False, position_changed=False)
                      if (c.set_this_turn or c.summoned_this_turn or c.attacked or c.position_changed) else c
                      for c in state.cards)
        state = replace(state, cards=cards, events=(),
                        turn=replace(state.turn, active=nxt, phase="draw", step=None, number=number,
                                     normal_summon_used=False, pendulum_summon_used=False))
        return self.draw_phase_draw(state)

    def draw_phase_draw(self, state: GameState) -> GameState:
        """Make the Draw Phase draw; an empty Deck loses the Duel (MR2 ch3.5, ARC-V 1.4.2.i1).

        The first player's first Draw Phase draws only under rule versions with ``first_turn_draw``.
        """
        player = state.turn.active
        state = replace(state, turn=replace(state.turn, step=None))
        if state.turn.number == 1 and not self.ruleset.first_turn_draw:
            self.record("phase", "ygo.phase.no_first_draw", R.FIRST_TURN_DRAW, player=player)
            return state
        deck = [c for c in state.cards_in(Zone.DECK) if c.owner == player]
        if not deck:
            return self._end_duel(state, [player], R.DECK_OUT, "deck_out")
        key = R.FIRST_TURN_DRAW if state.turn.number == 1 else R.DRAW_PHASE
        state = state.with_card(replace(deck[0], zone=Zone.HAND, position=None))
        self.record("move", "ygo.move.draw", key, player=player, card=deck[0].id, card_name=deck[0].name)
        return state

    # ------------------------------------------------------------------ triggers and SEGOC

    def collect_triggers(self, state: GameState) -> GameState:
        """Turn the events since the last check into pending triggers; report those that cannot activate.

        ARC-V 4.2.3.2: a mandatory trigger (.i2) and an optional "if … you can" (.i3) are
        activated after the chain even if their event happened mid-chain; an optional "when … you
        can" (.i4) misses the timing unless its event was the last thing to happen (a Tribute for
        a Summon never is, 3.2.2.1.1.i6). A trigger whose card went to the hand or Deck cannot
        activate (3.2.7.3.i4). Flip Effects of a monster flipped by an attack activate after
        damage calculation (3.2.7.3.i7).
        """
        pending = list(state.pending)
        for event in state.events:
            for card, index, effect in self._triggered_by(state, event):
                base = {"card": card.id, "card_name": card.name, "event": event.kind}
                if card.id != event.card:
                    base["event_card"] = event.card
                elif card.zone in HIDDEN_ZONES or card.zone in (Zone.MATERIAL, Zone.REMOVED):
                    self.record("missed_timing", "ygo.trigger.cannot_activate", R.TRIGGER_HIDDEN, **base,
                                zone=card.zone.value)
                    continue
                if event.damage_step and effect.optional and not self._damage_step_trigger_allowed(effect, event, card):
                    self.record("missed_timing", "ygo.trigger.damage_step", R.DAMAGE_STEP_TRIGGER, **base)
                    continue
                last = event.moment == state.moment or effect.effect_class is EffectClass.FLIP
                if effect.optional and effect.timing == "when" and not last:
                    key = PROCEDURE_MISSED_TIMING.get(event.procedure, R.MISSED_TIMING)
                    self.record("missed_timing", "ygo.trigger.missed_timing", key, **base)
                    continue
                if not last:
                    key = R.MANDATORY_AFTER if not effect.optional else R.IF_OPTIONAL_AFTER
                    self.record("trigger", "ygo.trigger.after_chain", key, **base)
                controller = card.controller if card.zone in FIELD_ZONES else card.owner
                pending.append(Pending(card.id, index, controller, not effect.optional, effect.timing, last,
                                       activate=self._decision(card.id), source=("events", len(pending))))
        return replace(state, events=(), pending=tuple(pending))

    def _watchers(self, state: GameState) -> tuple[tuple[str, int, Any], ...]:
        """Return the triggers on other cards' events (``event_of``), computed once per resolution."""
        found = getattr(self, "_watching", None)
        if found is None:
            found = tuple((card.id, index, effect) for card in state.cards for index, effect in enumerate(card.effects)
                          if effect.effect_class is EffectClass.TRIGGER and effect.event_of is not None)
            self._watching = found
        return found

    def _triggered_by(self, state: GameState, event: Event) -> list[tuple[Card, int, Any]]:
        """Return the triggers an event meets: its card's own, then those of other cards whose
        ``event_of`` filter names it (ARC-V 3.2.7.3.i1: a trigger activates at the timing its text states).

        A card watching other cards' events must be face-up on the field, in the Graveyard or in
        the hand (a hand trigger, 3.2.7.3.i9) when the event happens; face-down or elsewhere its
        effect does not apply.
        """
        own = state.card(event.card)
        found = [(own, index, effect) for index, effect in enumerate(own.effects)
                 if effect.effect_class in (EffectClass.TRIGGER, EffectClass.FLIP) and effect.trigger == event.kind
                 and effect.event_of is None]
        for card_id, index, effect in self._watchers(state):
            if effect.trigger != event.kind:
                continue
            card = state.card(card_id)
            active = (card.zone in FIELD_ZONES and card.face_up) or card.zone in (Zone.GRAVEYARD, Zone.HAND)
            holder = card.controller if card.zone in FIELD_ZONES else card.owner
            if active and effect.event_of.matches(own, holder) and (card_id != own.id or effect.event_of.card == own.id):
                found.append((card, index, effect))
        return found

    @staticmethod
    def _damage_step_trigger_allowed(effect: Any, event: Event, card: Card) -> bool:
        """Return whether an optional trigger raised in the Damage Step may be activated there.

        ARC-V 3.2.7.3.i6: basically no trigger can be activated in the Damage Step, except
        mandatory ones, a card's own "when Special Summoned", Flip Effects (and effects activated
        when flipped), and a card's own "when destroyed, banished or added to the hand". An
        optional "when … sent to the Graveyard" is not among them.
        """
        if effect.effect_class is EffectClass.FLIP:
            return True
        own = event.card == card.id
        return own and event.kind in ("special_summoned", "flipped", "destroyed", "destroyed_by_battle", "banished")

    def _decision(self, card_id: str) -> Optional[bool]:
        """Return whether the scenario activates (True) or declines (False) a card's optional trigger, or None."""
        if card_id in self.decline_triggers:
            return False
        if card_id in self.activate_triggers:
            return True
        return None

    def _tier(self, state: GameState, item: Pending) -> int:
        """Return a trigger's priority tier (ARC-V 4.2.4.2.1.i1); 0 where the version has no tiers."""
        if not self.ruleset.segoc_tiers:
            return 0
        if item.mandatory:
            return 1
        card = state.card(item.card)
        public = (card.zone is Zone.GRAVEYARD or (card.zone in FIELD_ZONES and card.face_up)
                  or (card.zone in (Zone.BANISHED, Zone.EXTRA_DECK) and card.face_up))
        return 2 if public else 3

    def build_segoc(self, state: GameState) -> GameState:
        """Put the pending triggers on the chain in the version's order (SEGOC).

        ARC-V 4.2.4.2.1.i1: mandatory triggers first, then optional ones of public cards, then
        optional ones of hidden cards; within a tier the turn player's first. MR2 ch5.5: the turn
        player's triggers, then the opponent's. Each player orders their own within a group by
        ``order`` / ``options.trigger_order``; two or more without an order raise
        :class:`OpenOrder`. Spell Speed 1 triggers may chain here (4.2.4.2.1.i2). An optional
        trigger met during play that the scenario neither activates nor declines
        (``options.activate_triggers`` / ``options.decline_triggers``) raises
        :class:`OpenTriggerChoice`: whether to activate it is the player's choice (4.2.3.1.i1).
        """
        state = self.collect_triggers(state)
        undecided = [item for item in state.pending if not item.mandatory and item.activate is None]
        if undecided:
            raise OpenTriggerChoice(state, undecided)
        items = []
        for item in state.pending:
            if not item.mandatory and not item.activate:
                card = state.card(item.card)
                self.record("trigger", "ygo.trigger.declined", R.OPTIONAL_TRIGGER, card=card.id, card_name=card.name,
                            player=item.controller)
                continue
            items.append(item)
        state = replace(state, pending=())
        if not items:
            return state
        tp = state.turn.active
        groups: dict[tuple[int, bool], list[Pending]] = {}
        for item in items:
            groups.setdefault((self._tier(state, item), item.controller != tp), []).append(item)
        ordered: list[tuple[tuple[int, bool], list[Pending]]] = []
        open_groups = []
        for key in sorted(groups):
            group = groups[key]
            ranks = [self._rank(p) for p in group]
            if len(group) > 1 and None in ranks:
                open_groups.append(group)
            ordered.append((key, sorted(group, key=lambda p: (self._rank(p) is None, self._rank(p) or 0))))
        if open_groups:
            raise OpenOrder(state, open_groups)
        for (tier, _), group in ordered:
            for item in group:
                state = self._activate_trigger(state, item, tier)
                if state.ended:
                    return state
        return state

    def _rank(self, item: Pending) -> Optional[int]:
        if item.order is not None:
            return item.order
        if item.card in self.trigger_order:
            return self.trigger_order.index(item.card)
        return None

    def _activate_trigger(self, state: GameState, item: Pending, tier: int) -> GameState:
        card = state.card(item.card)
        self.record("trigger", "ygo.trigger.to_chain", R.SEGOC, card=card.id, card_name=card.name,
                    player=item.controller, tier=tier, mandatory=item.mandatory, link=len(state.chain) + 1)
        effect = card.effects[item.effect]
        act = fmt.Activation(card=card.id, effect=item.effect, controller=item.controller, spell_speed=None,
                             targets=item.targets, cost=effect.cost, actions=effect.actions, source=item.source,
                             own_actions=False)
        try:
            return self.do_activate(state, act, simultaneous=True)
        except IllegalAction as illegal:
            self.record_illegal(illegal)
            return state

    # ------------------------------------------------------------------ the run

    def resolve_chain(self, state: GameState) -> GameState:
        """Resolve the chain (see :meth:`ChainEngine.resolve_chain`), then end a summon it did not negate."""
        state = super().resolve_chain(state)
        if state.summoning and not state.ended:
            state = self.summon_succeeds(state)
        return state

    def settle(self, state: GameState, *, battle: bool = True) -> GameState:
        """Let everything waiting happen: the chain, a summon's success, triggers, the attack, the phase end."""
        while not state.ended:
            if state.chain:
                state = self.resolve_chain(state)
            elif state.summoning:
                state = self.summon_succeeds(state)
            elif battle and state.attack is not None and state.turn.step == "damage" and not state.attack.calculated:
                # Triggers of a flip in the Damage Step wait for damage calculation (ARC-V 3.2.7.3.i7).
                state = self.damage_calculation(state)
            elif state.events or state.pending:
                state = self.build_segoc(state)
            elif state.attack is not None and state.attack.calculated:
                state = self.end_damage_step(state)
            elif battle and state.attack is not None:
                state = self.enter_damage_step(state)
            else:
                return state
        return state

    def before_activation(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Open what must come before an activation: a summon's success, pending triggers."""
        card = state.card(action["card"])
        ref = action.get("effect", 0)
        effect = card.effects[ref] if isinstance(ref, int) else next(e for e in card.effects if e.id == ref)
        actions = action.get("actions") or [{"do": i.do} for i in effect.actions]
        negates_summon = any(a.get("do") == "negate_summon" for a in actions)
        if state.summoning and not negates_summon and not state.chain:
            state = self.summon_succeeds(state)
        in_damage_step = state.attack is not None and state.turn.step == "damage"
        if not state.chain and (state.events or state.pending) and not in_damage_step:
            state = self.build_segoc(state)
        if state.end_declared:
            self.record("priority", "ygo.phase.response_before_end", R.END_DECLARED, player=action.get("controller", card.controller),
                        phase=state.turn.phase)
            state = replace(state, end_declared=False)
        return state

    def run(self, scenario: Mapping[str, Any], state: GameState) -> GameState:
        """Replay the scenario's ``chain``, ``pending`` and ``actions`` and settle what is left."""
        if state.turn.phase == "draw" and state.turn.step == "start":
            state = self.draw_phase_draw(state)
        for i, raw in enumerate(scenario.get("chain", [])):
            if state.ended:
                return state
            state = self._activate(state, raw, ("chain", i))
        for i, action in enumerate(scenario.get("actions", [])):
            if state.ended:
                return state
            state = self._action(state, action, i)
        if not state.ended:
            if state.end_declared:
                state = self._advance_declared(state)
            state = self.settle(state)
        return state

    def _advance_declared(self, state: GameState) -> GameState:
        args = getattr(self, "_end_args", {})
        state = self.settle(state)
        if state.ended or not state.end_declared:
            return state
        return self.advance(state, to=args.get("to"), discard=args.get("discard", ()))

    def _activate(self, state: GameState, raw: Mapping[str, Any], source: tuple[str, int]) -> GameState:
        act = fmt.activation(raw, source, state)
        try:
            return self.do_activate(state, act)
        except IllegalAction as illegal:
            self.record_illegal(illegal)
            return state

    def _action(self, state: GameState, action: Mapping[str, Any], i: int) -> GameState:
        kind = action["type"]
        if kind == "activate":
            state = self.before_activation(state, action)
            if state.ended:
                return state
            return self._activate(state, action, ("actions", i))
        if kind == "pass":
            self.record("priority", "ygo.priority.pass", R.PRIORITY_TO_OPPONENT, player=action["player"])
            return state
        if kind == "resolve":
            if state.chain:
                state = self.resolve_chain(state)
            return state
        if kind == "damage_step":
            state = self.settle(state, battle=False)
            if state.attack is not None and state.turn.step != "damage" and not state.ended:
                state = self.enter_damage_step(state)
            return state
        state = self.settle(state)
        if state.ended:
            return state
        if state.end_declared:
            state = self._advance_declared(state)
        if kind == "end_phase":
            # The phase ends at the next action that is not a response (MR2 ch4.16).
            self._end_args = {"to": action.get("to"), "discard": tuple(action.get("discard", ())), "index": i}
            return self.do_end_phase(state, action.get("player", state.turn.active))
        try:
            return self._player_action(state, action, i)
        except IllegalAction as illegal:
            self.record_illegal(illegal)
            return state

    def _player_action(self, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
        kind = action["type"]
        if kind == "attack":
            target = state.card(action["target"]) if action.get("target") else None
            return self.do_attack(state, state.card(action["attacker"]), target)
        if kind == "place_pendulum":
            card = state.card(action["card"])
            return self.do_place_pendulum(state, action.get("player", card.owner), card, ("actions", index))
        if kind == "special_summon":
            cards = [state.card(c) for c in action.get("cards", [action.get("card")])]
            player = action.get("player", cards[0].owner)
            materials = [state.card(m) for m in action.get("materials", [])]
            return self.do_special_summon(state, player, action["method"], cards, materials,
                                          _position(action.get("position", "attack")))
        card = state.card(action["card"])
        player = action.get("player", card.controller if card.zone in FIELD_ZONES else card.owner)
        if kind == "summon":
            return self.do_summon(state, player, card, [state.card(t) for t in action.get("tributes", [])])
        if kind == "set":
            if card.kind is CardKind.MONSTER:
                return self.do_summon(state, player, card, [state.card(t) for t in action.get("tributes", [])],
                                      face_down=True)
            return self.do_set_spell_trap(state, player, card)
        if kind == "flip_summon":
            return self.do_flip_summon(state, player, card)
        return self.do_change_position(state, player, card)


def _assign(requirements: tuple[CardFilter, ...], materials: list[Card]) -> bool:
    """Return whether each material can be given its own requirement (a perfect matching)."""
    if len(requirements) != len(materials):
        return False

    def place(i: int, used: frozenset[int]) -> bool:
        if i == len(materials):
            return True
        return any(j not in used and req.matches(materials[i]) and place(i + 1, used | {j})
                   for j, req in enumerate(requirements))

    return place(0, frozenset())


def _position(value: str) -> Position:
    return Position.DEFENSE if value == "defense" else Position.ATTACK


__all__ = ["DuelEngine", "LegalActivations", "OLDER_DOCUMENT_BASIS", "OpenHandLimit", "OpenOrder", "OpenTriggerChoice"]
