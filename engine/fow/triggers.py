"""Triggered abilities (FoW 9.6, 6.2): trigger events, trigger counts, and putting triggered
abilities on the chase in priority processing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core import IllegalAction
from ..core.validation import Path
from ..core.vocabulary import Choice, Const, Either, Integer, Row, Validation
from . import continuous as cont
from .choices import choose
from .context import Game, Refused
from .limits import record_use, used_up
from .model import Card, CardId, ChaseItem, GameState, Pending, frozen
from .modes import mode_targets, pick_modes
from .rules import silent, wp
from .targets import marks, pick_targets
from .vocabulary import VOCABULARY, at_most_one

CARD_EVENTS = {
    "enter": ("9.6", "Enter", "The card enters the field: played from the hand and resolved from the chase, or a ruler "
              "turned to its J-ruler side by Judgment (an Enter ability, FoW 9.6; a card put onto the field otherwise, "
              "e.g. summoned by an effect, does not trigger it, 10.5)."),
    "destroyed": ("9.6", "Destroyed", "The card is destroyed (FoW 10.9, 13.2); a card that left the battle area is "
                  "read as it last was there (9.6, 9.11)."),
    "attacks": ("8.2", "Attacks", "The card is declared as an attacker, after its cost to attack is paid (FoW 8.2)."),
    "blocks": ("8.3", "Blocks", "The card is declared as a blocker (FoW 8.3)."),
}
"""Events that happen to one card: their section, label and doc."""

ZONE_EVENTS = {
    "enters_field": ("3.6", "Enters the field", "The card is put onto the field by any route: resolved from the chase "
                     "(played from the hand or summoned by an effect, 10.5), a J-ruler turned up by Judgment (7.5), or "
                     "put there by an effect (a search, a replacement); read as it is on the field (9.6). Unlike "
                     "`enter` (an Enter ability, which needs the card played from the hand, 9.6)."),
    "discarded": ("10.18", "Is discarded", "The card is discarded: put from the hand into the graveyard by a discard "
                  "(FoW 10.18: an effect, a cost to block, the hand limit of the end phase, 5.4); read as it is in the "
                  "graveyard (9.6: from a hidden zone to a public one). Whether the discarded card's own ability "
                  "triggers (`card` `this`: 9.2 makes no ability valid in the hand or the graveyard) is not covered: "
                  "a not-covered step says so, it triggers, and the result is not complete."),
    "to_graveyard_from_field": ("3.9", "Put into the graveyard from the field", "The card is put from the field into "
                                "a graveyard for any reason (destroyed 10.9, banished 10.10, put there by an effect "
                                "3.9, an illegal addition 13.3, a replacement 9.10); read as it last was on the field "
                                "(9.6, 9.11)."),
}
"""Card events of a zone change (FoW 9.6), fired by :func:`engine.fow.zones.move` when a
triggered ability watches them (:func:`watched`); they are not Chant-Standby conditions."""

TURN_EVENTS = {
    "start_of_turn": ("5.1", "Start of turn", "A turn begins (FoW 5, 5.1)."),
    "start_of_draw": ("5.1", "Start of the draw phase", "The draw phase begins (FoW 5.1)."),
    "start_of_recovery": ("5.2", "Start of the recovery phase", "The recovery phase begins (FoW 5.2; not on the turn "
                          "player's own first turn)."),
    "end_of_recovery": ("5.2", "End of the recovery phase", "The turn player's cards have been recovered (FoW 5.2)."),
    "start_of_main": ("5.3", "Start of the main phase", "The main phase begins (FoW 5.3)."),
    "start_of_end": ("5.4", "Start of the end phase", "The end phase begins (FoW 5.4)."),
    "end_of_turn": ("5.4", "End of turn", "The end of turn step of the end phase (FoW 5.4)."),
    "start_of_battle": ("8.1", "Start of battle", "A battle is initiated: the beginning of battle step (FoW 8.1)."),
    "start_of_declare_attack": ("8.2", "Start of the declare attack step", "The declare attack step begins (FoW 8.2)."),
    "start_of_declare_block": ("8.3", "Start of the declare block step", "The declare block step begins (FoW 8.3)."),
    "end_of_battle": ("8.6", "End of battle", "The end of battle step begins (FoW 8.6)."),
}
"""Events of the turn structure (nobody's card): their section, label and doc."""

FIRED_EVENTS = (*CARD_EVENTS, "spell_played", *TURN_EVENTS, *ZONE_EVENTS, "judgment")
"""Every event the engine fires (a delayed triggered ability waits for one of these)."""

CARD_WHO = Either(options=(Choice(values=("this", "any"), what="card", default="this"), VOCABULARY.use("filter")),
                  label="Of the card", help="this (default: the ability's own card), any, or a filter the card meets")
STATE_KEYS = {
    "player": Choice(values=("you", "opponent"), what="player", default="you", label="Whose",
                     help="whose life or hand, relative to the ability's controller"),
    "life_at_most": Integer(low=-1_000_000, high=1_000_000, label="Life at most", help="the state: that player's life is at most this"),
    "hand_empty": Const(value=True, label="Hand empty", help="the state: that player has no card in hand"),
}
"""The keys of a state trigger (or condition): whose, and exactly one state."""


def check_state(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    """Record an error unless a state trigger (or condition) names exactly one state."""
    at_most_one(value, path, v, ("life_at_most", "hand_empty"), one=True)


for _name, (_section, _label, _doc) in {**CARD_EVENTS, **ZONE_EVENTS}.items():
    VOCABULARY.define("trigger", _name, rule=tuple(dict.fromkeys((_section, "9.6"))), label=_label,
                      doc=f"{_doc} `card` says whose: `this` (default), `any`, or a filter the card meets.",
                      keys={"card": CARD_WHO}, messages=("fow.trigger.met",),
                      example={"event": _name, "card": "this"}, row=Row(main=("card",)))
VOCABULARY.define("trigger", "spell_played", rule=("9.6", "9.3"), label="A spell is played",
                  doc="A card is played from the hand or the standby area (FoW 9.3); `card` `opponent` counts only the "
                      "opponent's, `any` (default) every player's.",
                  keys={"card": Choice(values=("any", "opponent"), what="player", default="any", label="By")},
                  messages=("fow.trigger.met",), example={"event": "spell_played", "card": "opponent"},
                  row=Row(main=("card",)))
VOCABULARY.define("trigger", "state", rule=("9.6",), label="A state holds",
                  doc="A state-triggered ability (FoW 9.6): it triggers whenever priority processing finds the state "
                      "true — `life_at_most` (that player's life is at most this) or `hand_empty` — and it is neither "
                      "waiting nor on the chase.",
                  keys=STATE_KEYS, check=check_state, messages=("fow.trigger.state",),
                  example={"event": "state", "player": "you", "life_at_most": 1000},
                  row=Row(main=("player", "life_at_most", "hand_empty")))
VOCABULARY.define("trigger", "judgment", rule=("7.5", "9.6"), label="A ruler does Judgment",
                  doc="A player performs Judgment (FoW 7.5: the required actions done, the Judgment goes onto the "
                      "chase), whether or not it resolves later; `player` says whose: `you` (default: \"when your "
                      "ruler does Judgment\"), `opponent` or `any`.",
                  keys={"player": Choice(values=("you", "opponent", "any"), what="player", default="you",
                                         label="Whose ruler")},
                  messages=("fow.trigger.met",), example={"event": "judgment", "player": "you"},
                  row=Row(main=("player",)))
for _name, (_section, _label, _doc) in TURN_EVENTS.items():
    VOCABULARY.define("trigger", _name, rule=tuple(dict.fromkeys((_section, "9.6"))), label=_label, doc=_doc, messages=("fow.trigger.met",),
                      example={"event": _name})


def fire(g: Game, state: GameState, event: str, card: CardId | None = None, lki: cont.Chars | None = None,
         lki_card: Card | None = None, **extra: Any) -> GameState:
    """Add one to the trigger count of every triggered ability whose condition ``event`` meets (FoW 9.6).

    ``card`` is the card the event happened to (``lki``/``lki_card``: as it was before it left
    the battle area, 9.6, 9.11); ``extra["player"]`` whose event it is. The event is also kept in
    ``state.events`` (the window of Chant-Standby conditions, 7.9), and each delayed triggered
    ability waiting for it triggers once.
    """
    pending = list(state.pending)
    who = extra.get("player")
    if who is None:
        who = (lki_card.controller if lki_card is not None and lki_card.id == card else
               state.cards[card].controller if card in state.cards else state.active)
    state = replace(state, events=state.events + ((event, card, who),))
    sources = [c for c in state.cards.values() if cont.valid(c) or any(a.valid_in for a in cont.abilities_of(c))]
    if lki_card is not None and lki_card not in sources:
        sources.append(lki_card)
    for src in sorted(sources, key=lambda c: c.id):
        is_lki = lki_card is not None and src.id == lki_card.id
        abilities = cont.abilities_of(src) if is_lki else g.abilities(state, src.id)
        for ability in abilities:
            if ability.kind != "triggered" or ability.trigger is None or not (is_lki or cont.works(src, ability)):
                continue
            trig = ability.trigger
            if trig.get("event") != event:
                continue
            who = trig.get("card", "this")
            if event in CARD_EVENTS or event in ZONE_EVENTS:
                if who == "this" and card != src.id:
                    continue
                if who not in ("this", "any") and card is not None and isinstance(who, Mapping):
                    if lki_card is not None and card == lki_card.id and lki is not None:
                        # FoW 9.6: a card that left the battle area is read as it was there.
                        seen, seen_card = lki, lki_card
                    elif card in state.cards:
                        seen, seen_card = g.info(state, card), state.cards[card]
                    else:
                        continue
                    if not cont.matches(seen, seen_card, who, src.controller):
                        continue
            if event == "spell_played" and who == "opponent" and extra.get("player") == src.controller:
                continue
            if event == "judgment" and not _whose(trig.get("player", "you"), src.controller, extra.get("player")):
                continue
            info = None
            if lki is not None and is_lki:
                info = {"atk": lki.atk, "def": lki.def_, "name": lki.name}
            mark = state.cards[src.id].incarnation if src.id in state.cards else -1
            pending.append(Pending(src.id, src.controller, ability.index, 1, frozen(info) if info else None, event,
                                   source_mark=mark))
            g.rec("trigger", "fow.trigger.met", wp("9.6"), card=src.id, card_name=src.name, ability=ability.index,
                  event=event)
    for effect in state.effects:
        if effect.kind == "delayed" and not effect.used and effect.spec.get("event") == event:
            pending.append(Pending(effect.source, effect.controller, None, 1, None, event,
                                   effect=effect.spec.get("effect", ())))
            state = replace(state, effects=tuple(replace(e, used=True) if e is effect else e for e in state.effects))
            g.rec("trigger", "fow.trigger.delayed", wp("9.6"), card=effect.source, event=event)
    return replace(state, pending=tuple(pending))


def _whose(who: str, controller: str, player: str | None) -> bool:
    """Return whether ``player``'s event is one a trigger's ``you``/``opponent``/``any`` counts."""
    return who == "any" or (who == "you") == (player == controller)


def watched(g: Game, state: GameState, event: str) -> bool:
    """Return whether any card's triggered ability or a delayed trigger waits for ``event``
    (so that a card move fires only the events something watches; memoized on the cards)."""
    events = g.memo.get("trigger.events", (state.cards, state.effects), lambda: frozenset(
        [a.trigger.get("event") for c in state.cards.values() for a in cont.abilities_of(c)
         if a.kind == "triggered" and a.trigger is not None]
        + [e.spec.get("event") for e in state.effects if e.kind == "delayed"]))
    return event in events


AFTER_ENTERING = frozenset({"judgment", "resolved"})
"""Move reasons whose ``enters_field`` the caller fires once the card is complete on the field:
a J-ruler once turned to its J-ruler side (FoW 7.5), a resolved card once attached or awakened
(7.2, 12.1; :mod:`engine.fow.resolution`)."""


def zone_events(before: Card, to: str, reason: str) -> tuple[str, ...]:
    """Return the card events a move of ``before`` to zone ``to`` for ``reason`` is (FoW 9.6):
    ``enters_field`` (into the field from elsewhere; for the reasons of :data:`AFTER_ENTERING`
    the resolution fires it),
    ``to_graveyard_from_field``, ``discarded`` (from the hand to the graveyard by a discard, 10.18)."""
    events = []
    if to == "field" and before.zone != "field" and reason not in AFTER_ENTERING:
        events.append("enters_field")
    if to == "graveyard" and before.zone == "field":
        events.append("to_graveyard_from_field")
    if to == "graveyard" and before.zone == "hand" and reason == "discard":
        events.append("discarded")
    return tuple(events)


def fire_zone_events(g: Game, state: GameState, events: Sequence[str], before: Card,
                     lki: cont.Chars | None) -> GameState:
    """Fire the card events of a move that has happened (FoW 9.6): ``before`` is the card as it
    was, ``lki`` its information there. A card that left the field is read as it was there (9.6,
    9.11); a card that entered the field or was discarded as it is now (the field; the graveyard,
    a public zone reached from the hidden hand). A discarded card's own ``discarded`` ability
    (9.2 makes none valid in the hand or the graveyard) triggers after a not-covered step, and
    the result is not complete."""
    cid = before.id
    for event in events:
        if event == "to_graveyard_from_field":
            state = fire(g, state, event, cid, lki=lki, lki_card=before)
        elif event == "discarded" and cid in state.cards and _own_trigger(state.cards[cid], event):
            g.rec("not_covered", "fow.not_covered", silent("own_discard_trigger"),
                  topic="own_discard_trigger", default="it triggers")
            state = fire(g, state.incomplete(), event, cid, lki_card=state.cards[cid])
        else:
            state = fire(g, state, event, cid)
    return state


def _own_trigger(card: Card, event: str) -> bool:
    return any(a.kind == "triggered" and a.trigger is not None and a.trigger.get("event") == event
               and a.trigger.get("card", "this") == "this" for a in cont.abilities_of(card))


def state_holds(state: GameState, src: Card, trig: Mapping[str, Any]) -> bool:
    """Return whether the state of a state trigger (or condition) holds now (FoW 9.6)."""
    pid = src.controller if trig.get("player", "you") == "you" else state.opponent(src.controller)
    if "life_at_most" in trig:
        return state.player(pid).life <= trig["life_at_most"]
    if "hand_empty" in trig:
        return not state.in_zone("hand", pid)
    return False


def check_state_triggers(g: Game, state: GameState) -> GameState:
    """Trigger state-triggered abilities not yet triggered whose state holds (FoW 9.6)."""
    for src, ability in g.index(state)["state_triggers"]:
        waiting = any(p.source == src.id and p.ability == ability.index for p in state.pending)
        on_chase = any(i.source == src.id and i.ability == ability.index for i in state.chase)
        if waiting or on_chase or not state_holds(state, src, ability.trigger):
            continue
        state = replace(state, pending=state.pending + (Pending(src.id, src.controller, ability.index, 1, None, "state",
                                                                 source_mark=src.incarnation),))
        g.rec("trigger", "fow.trigger.state", wp("9.6"), card=src.id, card_name=src.name, ability=ability.index)
    return state


def process_triggers(g: Game, state: GameState) -> tuple[GameState, bool]:
    """Choose one waiting triggered ability and play it (FoW 6.2, or 9.6 by ``trigger_order``);
    return the state and whether one was played."""
    if not state.pending:
        return state, False
    reading = g.options["trigger_order"]
    ap, nap = state.active, state.opponent(state.active)
    mine = [p for p in state.pending if p.controller == ap]
    if reading == "abilities_chapter":
        turn = state.next_trigger_player or ap
        group = [p for p in state.pending if p.controller == turn] or [p for p in state.pending if p.controller != turn]
        chooser = group[0].controller
        citation = wp("9.6")
    else:
        group = mine or list(state.pending)
        chooser = ap if mine else nap
        citation = wp("6.2")
    labels = [f"{p.source}#{p.ability if p.ability is not None else 'delayed'}" for p in group]
    unique = list(dict.fromkeys(labels))
    picked, state = choose(g, state, "trigger", chooser, unique, citation, reading=reading)
    chosen = group[labels.index(picked)]
    rest = list(state.pending)
    rest.remove(chosen)
    if chosen.count > 1:
        rest.append(replace(chosen, count=chosen.count - 1))
    other = nap if chooser == ap else ap
    state = replace(state, pending=tuple(rest), next_trigger_player=other if reading == "abilities_chapter" else None)
    g.rec("trigger", "fow.trigger.choose", citation, player=chooser, card=chosen.source,
          card_name=g.name(state, chosen.source), reading=reading, waiting=len(rest))
    return play_trigger(g, state, chosen), True


def play_trigger(g: Game, state: GameState, pending: Pending) -> GameState:
    """Play a chosen triggered ability onto the chase if legal; its count drops either way (FoW 6.2, 9.6)."""
    card = state.cards.get(pending.source)
    ability = None
    if pending.ability is not None and card is not None:
        ability = next((a for a in cont.abilities_of(card) if a.index == pending.ability), None)
    if ability is not None and used_up(state, card, ability):  # FoW 9.1: its use limit this turn is reached
        g.rec("trigger", "fow.trigger.not_played", wp("9.1"), card=pending.source,
              card_name=g.name(state, pending.source), reason="fow.illegal.once_per_turn")
        return state
    try:
        modes, state = pick_modes(g, state, pending.controller, ability, None, pending.source)
    except IllegalAction as illegal:
        g.rec("trigger", "fow.trigger.not_played", wp("9.3"), card=pending.source,
              card_name=g.name(state, pending.source), reason=illegal.message_id)
        return state
    specs = mode_targets(ability, modes)
    try:
        targets, state = pick_targets(g, state, pending.controller, specs, None, pending.source)
    except Refused as refused:
        g.rec("trigger", "fow.trigger.not_played", wp("6.2"), card=pending.source,
              card_name=g.name(state, pending.source), reason=refused.illegal.message_id)
        return refused.state
    item = ChaseItem("ability", pending.source, pending.controller, pending.ability, tuple(targets),
                     marks(state, targets), lki=pending.lki, effect_override=pending.effect,
                     position=len(state.chase) + 1, source_mark=pending.source_mark, modes=modes)
    state = replace(state, chase=state.chase + (item,))
    if ability is not None:
        state = record_use(state, card, ability)
    if state.battle is not None and pending.controller != state.active:  # FoW 8.2: it played an ability
        state = replace(state, battle=replace(state.battle, opponent_played=True))
    g.rec("trigger", "fow.trigger.play", wp("9.6"), card=pending.source, card_name=g.name(state, pending.source),
          player=pending.controller, position=item.position, targets=[str(t) for t in targets])
    return g.sync(state)


def open_step(g: Game, state: GameState, phase: str, step: str, *events: str) -> GameState:
    """Begin ``step`` of ``phase``: the turn player receives priority, no passes yet, and the
    step's events happen (their abilities trigger, FoW 5, 8, 9.6)."""
    state = replace(state, phase=phase, step=step, priority=state.active, passes=0, events=())
    g.sync(state)
    for event in events:
        state = fire(g, state, event)
    return state
