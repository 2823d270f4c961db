"""The turn: phases and steps, declaring the end of a phase, the Draw Phase draw, the End
Phase hand limit and the next turn (MR2 ch3.4–ch3.15, ch4.16; ARC-V 2.2.i4, 1.4.2.i1).

The ARC-V transcription has no turn chapter, so most steps cite the 2011 rulebook under
``arcv`` and say so (``basis``); the first player's first draw follows Master Rule 3 there
(a ruling).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from itertools import combinations
from math import comb
from typing import Any, Optional

from ..core.vocabulary import Choice, ListOf, Ref, Row
from .activation import pass_priority
from .duel import Duel
from .model import FIELD_ZONES, EndRequest, GameState, PlayerId, Zone, opponent_of
from .primitives import draw_card, end_duel, move
from .rules import R
from .values import expire_lingering
from .vocabulary import VOCABULARY

PHASE_AFTER = {"draw": "standby", "standby": "main1", "main1": "battle", "battle": "main2", "main2": "end"}
"""The phase that follows each phase (MR2 ch3.4); after ``end`` the next turn begins."""
BATTLE_STEP_AFTER = {"start": "battle", "battle": "end"}
"""Battle Phase steps (MR2 ch3.8–ch3.12); after ``end`` comes Main Phase 2."""
HAND_LIMIT = 6


class OpenHandLimit(Exception):
    """The turn player must discard down to 6 and the scenario does not say which; the runner branches."""

    def __init__(self, state: GameState, player: PlayerId, hand: list[str], excess: int, action_index: int,
                 kept: tuple[str, ...] = ()) -> None:
        super().__init__("open hand-limit discard")
        self.state = state
        self.player = player
        self.hand = hand
        """The cards that may still be discarded, in hand order."""
        self.excess = excess
        """How many more must be discarded."""
        self.action_index = action_index
        """The index of the ``end_phase`` action whose ``discard`` each branch fills in."""
        self.kept = kept
        """The discards the document gave that stand (each branch adds its set to them)."""

    def count(self) -> int:
        """Return how many sets of discards there are, without listing them."""
        return comb(len(self.hand), self.excess)

    def iter_options(self) -> Iterator[tuple[str, ...]]:
        """Yield every set of cards that could be discarded, in order."""
        return combinations(self.hand, self.excess)

    def options(self) -> list[tuple[str, ...]]:
        """Return every set of cards that could be discarded, in order."""
        return list(self.iter_options())


def do_end_phase(duel: Duel, state: GameState, player: PlayerId, request: EndRequest) -> GameState:
    """Declare the end of the phase or step; priority passes to the opponent (MR2 ch4.16).

    A replay whose new target was not chosen ends: that attack is cancelled (MR2 ch3.13).
    Raises :class:`~engine.core.IllegalAction` for a skip to the End Phase from any phase but
    Main Phase 1 (MR2 ch3.4: only a player who does not enter the Battle Phase goes from Main
    Phase 1 to the End Phase) and for hand-limit discards declared before the End Phase
    (ARC-V 2.2.i4: they are made at its end).
    """
    phase = state.turn.phase
    if request.to is not None and phase != "main1":
        raise duel.illegal(R.PHASE_ORDER, "ygo.illegal.skip_to_end", player=player, phase=phase)
    if request.discard and phase != "end":
        raise duel.illegal(R.HAND_LIMIT, "ygo.illegal.discard_not_end", player=player, phase=phase,
                           given=list(request.discard))
    state = replace(state, replay=None)
    duel.record("phase", "ygo.phase.end_declared_step" if state.turn.step else "ygo.phase.end_declared", R.END_DECLARED,
                player=player, phase=state.turn.phase, step=state.turn.step)
    state = duel.sync(replace(state, end_declared=True, end_request=request))
    return pass_priority(duel, state, opponent_of(player), R.END_DECLARED)


def advance(duel: Duel, state: GameState) -> GameState:
    """Leave the current phase or step for the next one (MR2 ch3.4, ch3.8)."""
    turn = state.turn
    request = state.end_request
    state = replace(state, end_declared=False)
    if turn.phase == "battle" and turn.step in (None, "start", "battle"):
        return _enter(duel, state, "battle", BATTLE_STEP_AFTER[turn.step or "start"])
    if turn.phase == "end":
        return _next_turn(duel, state, request)
    nxt = PHASE_AFTER[turn.phase]
    if turn.phase == "main1" and ((request is not None and request.to == "end") or turn.number == 1):
        if turn.number == 1:
            duel.record("phase", "ygo.phase.no_battle_first_turn", R.FIRST_TURN_NO_BATTLE, player=turn.active)
        nxt = "end"
    return _enter(duel, state, nxt, "start" if nxt == "battle" else None)


def _enter(duel: Duel, state: GameState, phase: str, step: Optional[str]) -> GameState:
    duel.record("phase", "ygo.phase.enter_step" if step else "ygo.phase.enter", R.PHASE_ORDER, phase=phase, step=step,
                player=state.turn.active)
    state = duel.sync(replace(state, turn=replace(state.turn, phase=phase, step=step), turn_player_first=True))
    if phase == "end":
        state = expire_lingering(duel, state)
    return phase_events(duel, state, phase)


PHASE_EVENTS = {"standby": "standby_phase", "end": "end_phase"}
"""The trigger event each phase raises when it begins (MR2 ch3.6, ch3.15)."""
PHASE_RULES = {"standby": R.STANDBY_PHASE_TRIGGER, "end": R.END_PHASE_TRIGGER}


def phase_events(duel: Duel, state: GameState, phase: str) -> GameState:
    """Note the phase's event for each card whose trigger reads "during the Standby Phase" /
    "during the End Phase" and that is face-up on the field or in the Graveyard (MR2 ch3.6:
    such a card on the field is handled in that phase); the event's player is the turn player.
    Whether they then go on one chain is the ruleset's (engine/ygo/triggers.py)."""
    kind = PHASE_EVENTS.get(phase)
    if kind is None:
        return state
    state = duel.bump(state)
    for card in state.cards:
        active = (card.zone in FIELD_ZONES and card.face_up) or card.zone is Zone.GRAVEYARD
        if active and any(e.trigger == kind and e.event_of is None for e in card.effects):
            duel.record("trigger", "ygo.trigger.phase_event", PHASE_RULES[phase], card=card.id, card_name=card.name,
                        phase=phase, player=state.turn.active, zone=card.zone.value)
            state = duel.event(state, kind, card.id, player=state.turn.active)
    return state


def _discards(duel: Duel, state: GameState, player: PlayerId, hand: list[str], excess: int,
              request: Optional[EndRequest]) -> tuple[str, ...]:
    """Return the document's hand-limit discards, or ``()`` after an ``illegal`` step when they are
    not cards of ``player``'s hand, repeat one, or are more than ``excess`` (ARC-V 2.2.i4)."""
    given = request.discard if request is not None else ()
    if not given:
        return ()
    if len(set(given)) == len(given) and all(c in hand for c in given) and len(given) <= excess:
        return given
    duel.record("illegal", "ygo.illegal.discard", R.HAND_LIMIT, player=player, given=list(given), count=excess,
                options=list(hand) if excess else [])
    return ()


def _next_turn(duel: Duel, state: GameState, request: Optional[EndRequest]) -> GameState:
    player = state.turn.active
    hand = [c.id for c in state.cards_in(Zone.HAND, None) if c.owner == player]
    excess = max(0, len(hand) - HAND_LIMIT)
    chosen = _discards(duel, state, player, hand, excess, request)
    if len(chosen) < excess:
        rest = [c for c in hand if c not in chosen]
        if request is not None:
            raise OpenHandLimit(state, player, rest, excess - len(chosen), request.index, kept=chosen)
        state = replace(state, complete=False)
        duel.record("choice", "ygo.choice.hand_limit", R.HAND_LIMIT, player=player, count=excess, options=hand)
    for card_id in chosen:
        state = move(duel, state, state.card(card_id), Zone.GRAVEYARD, "hand_limit", R.HAND_LIMIT)
    nxt = opponent_of(player)
    number = state.turn.number + 1 if state.turn.number is not None else None
    duel.record("phase", "ygo.phase.next_turn", R.NEXT_TURN, player=nxt, number=number)
    cards = tuple(replace(c, set_this_turn=False, summoned_this_turn=False, attacked=False, position_changed=False,
                          cannot_attack=False, sent_to_graveyard_this_turn=False)
                  if (c.set_this_turn or c.summoned_this_turn or c.attacked or c.position_changed or c.cannot_attack
                      or c.sent_to_graveyard_this_turn) else c
                  for c in state.cards)
    state = replace(state, cards=cards, events=(), end_request=None, turn_player_first=True, name_locks=(), attack_locks=(), battle_shields=(),
                    turn=replace(state.turn, active=nxt, phase="draw", step=None, number=number,
                                 normal_summon_used=False, pendulum_summon_used=False, used_once=()))
    return draw_phase_draw(duel, duel.sync(state))


def draw_phase_draw(duel: Duel, state: GameState) -> GameState:
    """Make the Draw Phase draw; an empty Deck loses the Duel (MR2 ch3.5, ARC-V 1.4.2.i1).

    The first player's first Draw Phase draws only under rule versions with ``first_turn_draw``.
    """
    player = state.turn.active
    state = duel.sync(replace(state, turn=replace(state.turn, step=None)))
    if state.turn.number == 1 and not duel.ruleset.first_turn_draw:
        duel.record("phase", "ygo.phase.no_first_draw", R.FIRST_TURN_DRAW, player=player)
        return state
    key = R.FIRST_TURN_DRAW if state.turn.number == 1 else R.DRAW_PHASE
    drawn = draw_card(duel, state, player, key)
    if drawn is None:
        return end_duel(duel, state, [player], R.DECK_OUT, "deck_out")
    return drawn


@VOCABULARY.entry(
    "action", "end_phase", rule=(R.END_DECLARED, R.PHASE_ORDER, R.HAND_LIMIT, R.NEXT_TURN), label="End the phase",
    keys={"player": Choice(values=("p1", "p2"), what="player id", label="Player", help="default the turn player"),
          "to": Choice(values=("end",), what="phase to skip to", label="Skip to", labels={"end": "The End Phase"},
                       help="end: from Main Phase 1, go to the End Phase without a Battle Phase"),
          "discard": ListOf(item=Ref(spaces=("object",)), label="Discards",
                            help="in the End Phase: the cards discarded down to 6 at the end of the turn")},
    messages=("ygo.phase.end_declared", "ygo.phase.end_declared_step", "ygo.phase.enter", "ygo.phase.enter_step",
              "ygo.phase.next_turn"),
    row=Row(main=("to", "discard"), extra=("player",)),
    doc="The turn player declares the end of the phase or step; the opponent may respond first (an `activate` right "
        "after it), otherwise the next phase begins (MR2 ch4.16, ch3.4). `to: end` skips the Battle Phase from Main "
        "Phase 1. In the End Phase, `discard` names the cards discarded down to 6 when the turn ends (ARC-V 2.2.i4; "
        "MR2 ch3.15); left short, the resolution branches over the sets of cards. Either key given elsewhere is an "
        "illegal step.",
    example={"type": "end_phase", "to": "end"})
def end_phase(duel: Duel, state: GameState, action: Mapping[str, Any], index: int) -> GameState:
    """Apply an ``end_phase`` action: the phase ends at the next action that is not a response."""
    request = EndRequest(to=action.get("to"), discard=tuple(action.get("discard", ())), index=index)
    return do_end_phase(duel, state, action.get("player", state.turn.active), request)
