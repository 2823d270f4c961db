"""The standby area (FoW 7.6, 7.9, 3.11): putting a card there, and playing a Chant-Standby
when its condition is met."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ..core import IllegalAction
from ..core.validation import Path
from ..core.vocabulary import Choice, Either, Row, Validation
from . import continuous as cont
from .context import Game, Refused, will_text
from .costs import can_pay_will, pay_life, pay_will, play_will_abilities
from .model import BATTLE_AREA, Card, ChaseItem, Cost, GameState, PlayerId
from .modes import CHOSEN_MODES, mode_targets, pick_modes
from .rules import wp
from .targets import card_targets, marks, pick_targets
from .timing import check_timing
from .triggers import CARD_EVENTS, STATE_KEYS, TURN_EVENTS, check_state, fire, state_holds
from .vocabulary import CARD_ID, PAY_WITH, PLAYER, TARGETS, VOCABULARY
from .zones import move

Action = Mapping[str, Any]
"""One element of the scenario's ``actions``."""
Condition = Callable[[Game, GameState, Card, PlayerId, Mapping[str, Any]], bool]
"""Whether a Chant-Standby condition (its ``trigger``) is met now for the card's player."""

# ----------------------------------------------------------------------------- Chant-Standby conditions


def _no_zone(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    card = value.get("card")
    if isinstance(card, Mapping) and "zone" in card:
        v.error((*path, "card", "zone"), "the card of this condition is the one on the chase: its filter takes no zone")


_WHOSE_EVENT = Choice(values=("you", "opponent", "any"), what="player", default="any", label="Whose",
                      help="whose card (or, for an event of the turn, whose turn) the event was")


@VOCABULARY.entry("standby_condition", "any_time", rule=("7.9",), label="Any time",
                  doc="No condition: the card may be played from the standby area whenever its player has priority "
                      "(FoW 7.9: 「支付[0]」).", messages=("fow.play.card",), example={"event": "any_time"})
def any_time(g: Game, state: GameState, card: Card, pid: PlayerId, trig: Mapping[str, Any]) -> bool:
    """Always met (FoW 7.9)."""
    return True


@VOCABULARY.entry("standby_condition", "opponent_plays_spell", rule=("7.9", "9.6"), label="The opponent plays a spell",
                  doc="The top of the chase is a card an opponent played; `card` (a filter, read on the chase) may "
                      "restrict which.",
                  keys={"card": VOCABULARY.use("filter", label="The card", help="what the opponent's card on the chase is")},
                  check=_no_zone, messages=("fow.illegal.standby_condition",),
                  example={"event": "opponent_plays_spell", "card": {"types": ["spell"]}}, row=Row(main=("card",)))
def opponent_plays_spell(g: Game, state: GameState, card: Card, pid: PlayerId, trig: Mapping[str, Any]) -> bool:
    """Met while the top of the chase is an opponent's card meeting ``card`` (FoW 7.9, 9.6)."""
    top = state.chase[-1] if state.chase else None
    if top is None or top.kind != "card" or top.controller == pid:
        return False
    flt = trig.get("card")
    if isinstance(flt, Mapping):
        chase_card = state.cards.get(top.source)
        return chase_card is not None and cont.matches(g.info(state, chase_card.id), chase_card,
                                                       {**dict(flt), "zone": "chase"}, pid)
    return True


@VOCABULARY.entry("standby_condition", "opponent_plays_ability", rule=("7.9", "9.6"), label="The opponent plays an ability",
                  doc="The top of the chase is an ability an opponent played.",
                  messages=("fow.illegal.standby_condition",), example={"event": "opponent_plays_ability"})
def opponent_plays_ability(g: Game, state: GameState, card: Card, pid: PlayerId, trig: Mapping[str, Any]) -> bool:
    """Met while the top of the chase is an opponent's ability (FoW 7.9, 9.6)."""
    top = state.chase[-1] if state.chase else None
    return top is not None and top.kind == "ability" and top.controller != pid


@VOCABULARY.entry("standby_condition", "opponent_attacks", rule=("7.9", "8.2"), label="The opponent attacks",
                  doc="An opponent's card has been declared as an attacker in the battle in progress (FoW 8.2).",
                  messages=("fow.illegal.standby_condition",), example={"event": "opponent_attacks"})
def opponent_attacks(g: Game, state: GameState, card: Card, pid: PlayerId, trig: Mapping[str, Any]) -> bool:
    """Met once an opponent's attack is declared in the battle in progress (FoW 8.2)."""
    return state.battle is not None and state.battle.declared and state.active != pid


@VOCABULARY.entry("standby_condition", "state", rule=("7.9", "9.6"), label="A state holds",
                  doc="The state is true now: `life_at_most` or `hand_empty` of `player` (relative to the card's "
                      "player).",
                  keys=STATE_KEYS, check=check_state, messages=("fow.illegal.standby_condition",),
                  example={"event": "state", "player": "you", "hand_empty": True},
                  row=Row(main=("player", "life_at_most", "hand_empty")))
def state_condition(g: Game, state: GameState, card: Card, pid: PlayerId, trig: Mapping[str, Any]) -> bool:
    """Met while the state holds (FoW 9.6), read for the card's player."""
    return state_holds(state, replace(card, controller=pid), trig)


def event_happened(g: Game, state: GameState, card: Card, pid: PlayerId, trig: Mapping[str, Any]) -> bool:
    """Met when the condition's event happened since the window opened (``state.events``): the last
    card or ability played by an action or resolved, or the step began (FoW 7.9, 9.6), for
    ``player`` (whose card, or whose turn) and ``card`` (a filter; a card that left the battle
    area read as it was there, 9.6)."""
    condition = trig.get("event")
    who = trig.get("player", "any")
    flt = trig.get("card", "any")
    for event, cid, player in state.events:
        if event != condition:
            continue
        if who != "any" and (player == pid) != (who == "you"):
            continue
        if isinstance(flt, Mapping):
            seen = state.cards.get(cid) if cid else None
            known = state.last_known.get(f"{cid}@{seen.incarnation - 1}") if seen is not None else None
            if seen is None:
                continue
            if seen.zone in BATTLE_AREA or known is None:
                if not cont.matches(g.info(state, cid), seen, flt, pid):
                    continue
            else:  # a card that left the battle area is read as it was there (FoW 9.6)
                chars = cont.Chars(known["name"], known["type"], known["atk"], known["def"],
                                   list(known["races"]), list(known["keywords"]))
                if not cont.matches(chars, replace(seen, zone=known["zone"], controller=known["controller"]), flt, pid):
                    continue
        return True
    return False


for _name, (_section, _label, _doc) in CARD_EVENTS.items():
    VOCABULARY.entry("standby_condition", _name, rule=tuple(dict.fromkeys(("7.9", _section))), label=f"{_label} (since the window opened)",
                     doc=f"{_doc} It happened since the last card or ability was played by an action or resolved, or "
                         "the step began; `card` (`any` or a filter the card meets) and `player` (whose card) may "
                         "restrict it.",
                     keys={"card": Either(options=(Choice(values=("any",), what="card"), VOCABULARY.use("filter")),
                                          label="The card", default="any"),
                           "player": _WHOSE_EVENT},
                     messages=("fow.illegal.standby_condition",), example={"event": _name, "player": "opponent"},
                     row=Row(main=("card", "player")))(event_happened)
for _name, (_section, _label, _doc) in (("spell_played", ("9.3", "A spell is played", "A card is played (FoW 9.3).")),
                                        *TURN_EVENTS.items()):
    VOCABULARY.entry("standby_condition", _name, rule=tuple(dict.fromkeys(("7.9", _section))), label=f"{_label} (since the window opened)",
                     doc=f"{_doc} It happened since the last card or ability was played by an action or resolved, or "
                         "the step began; `player` (whose card, or whose turn) may restrict it.",
                     keys={"player": _WHOSE_EVENT}, messages=("fow.illegal.standby_condition",),
                     example={"event": _name, "player": "opponent"}, row=Row(main=("player",)))(event_happened)


def standby_condition(g: Game, state: GameState, card: Card, pid: PlayerId) -> bool:
    """Return whether the condition of a Chant-Standby is met now (FoW 7.9, 9.6): its spell
    ability's ``trigger`` (default ``any_time``), read by the condition's entry."""
    spell = next((a for a in card.abilities if a.kind == "spell"), None)
    trig = (spell.trigger or {}) if spell else {}
    condition: Condition = VOCABULARY.apply_of("standby_condition", trig.get("event", "any_time"))
    return condition(g, state, card, pid, trig)


def standby_cost(g: Game, state: GameState, pid: PlayerId, card: Card) -> GameState:
    """Pay the action before the colon of a Chant-Standby's condition as a cost (FoW 7.9): ``trigger.cost``."""
    spell = next((a for a in card.abilities if a.kind == "spell"), None)
    raw = (spell.trigger or {}).get("cost") if spell else None
    if not raw:
        return state
    cost = Cost.parse(raw)
    if not can_pay_will(cost.will, state.player(pid).will):
        raise IllegalAction(wp("7.9"), "fow.illegal.cannot_pay", {"card": card.id, "cost": will_text(cost.will)})
    g.rec("cost", "fow.cost.standby", wp("7.9"), card=card.id, card_name=card.name,
          cost=", ".join(([will_text(cost.will)] if cost.will else []) + ([f"{cost.life} life"] if cost.life else [])))
    state = pay_life(g, state, pid, cost.life, card.id)
    return pay_will(g, state, pid, cost.will, f"{card.name} condition")


# ----------------------------------------------------------------------------- actions

def do_standby(g: Game, state: GameState, action: Action) -> GameState:
    """Pay 2 will and put a hand card face down into the standby area (FoW 7.6)."""
    pid, cid = action["player"], action["card"]
    check_timing(g, state, pid, True, "7.6")
    card = state.cards.get(cid)
    if card is None or card.zone != "hand" or card.controller != pid:
        raise IllegalAction(wp("7.6"), "fow.illegal.not_in_hand", {"card": cid})
    state = play_will_abilities(g, state, pid, action.get("pay_with", []))
    if not can_pay_will({"void": 2}, state.player(pid).will):
        raise IllegalAction(wp("7.6"), "fow.illegal.cannot_pay", {"card": cid, "cost": "2 void"})
    state = pay_will(g, state, pid, {"void": 2}, "standby")
    state = move(g, state, cid, "standby", "standby", wp("7.6"))
    g.rec("action", "fow.standby.place", wp("7.6"), player=pid, card=cid)
    return state


def do_play_standby(g: Game, state: GameState, action: Action) -> GameState:
    """Play a Chant-Standby from the standby area: reveal, show stones, no cost (FoW 7.9, 9.3, 9.6)."""
    pid, cid = action["player"], action["card"]
    check_timing(g, state, pid, False, "7.9")
    card = state.cards.get(cid)
    if card is None or card.zone != "standby" or card.controller != pid or card.subtype != "chant_standby":
        raise IllegalAction(wp("7.9"), "fow.illegal.not_in_standby", {"card": cid})
    if card.placed_this_turn:
        raise IllegalAction(wp("7.9"), "fow.illegal.standby_this_turn", {"card": cid})
    if not standby_condition(g, state, card, pid):
        raise IllegalAction(wp("7.9"), "fow.illegal.standby_condition", {"card": cid})
    stones = [c for c in state.cards.values() if c.controller == pid and c.zone == "stone_area"]
    if len(stones) < card.cost.total:
        raise IllegalAction(wp("9.3"), "fow.illegal.show_stones", {"card": cid, "needed": card.cost.total})
    spell = next((a for a in card.abilities if a.kind == "spell"), None)
    modes, state = pick_modes(g, state, pid, spell, action.get("modes"), cid)
    specs = mode_targets(spell, modes) if modes is not None else card_targets(card)
    targets, state = pick_targets(g, state, pid, specs, action.get("targets"), cid)
    try:
        state = play_will_abilities(g, state, pid, action.get("pay_with", []))
        state = standby_cost(g, state, pid, card)
    except IllegalAction as illegal:
        raise Refused(illegal, state) from None
    g.rec("reveal", "fow.standby.reveal", wp("9.3"), player=pid, card=cid, card_name=card.name, stones=card.cost.total)
    state = move(g, state, cid, "chase", "played", wp("9.3"))
    item = ChaseItem("card", cid, pid, None, tuple(targets), marks(state, targets),
                     position=len(state.chase) + 1, source_mark=state.cards[cid].incarnation, modes=modes)
    state = replace(state, chase=state.chase + (item,))
    g.rec("play", "fow.play.card", wp("7.9"), player=pid, card=cid, card_name=card.name, position=item.position,
          spell_kind="normal spell", targets=[str(t) for t in targets])
    g.sync(state)
    return fire(g, state, "spell_played", cid, player=pid)


@VOCABULARY.entry("action", "standby", rule=("7.6",), label="Put a card into the standby area",
                  doc="With main timing, the player pays 2 will and puts a card from the hand face down into the standby "
                      "area (FoW 7.6); it cannot be played from there this turn.",
                  keys={"player": PLAYER, "card": CARD_ID, "pay_with": PAY_WITH}, required=("player", "card"),
                  messages=("fow.standby.place", "fow.illegal.not_in_hand", "fow.illegal.cannot_pay"),
                  example={"type": "standby", "player": "p1", "card": "c1"}, row=Row(main=("player", "card"), extra=("pay_with",)))
def standby(g: Game, state: GameState, action: Action) -> tuple[GameState, str]:
    """Put a card into the standby area (:func:`do_standby`); the player keeps priority (FoW 6.4)."""
    return do_standby(g, state, action), "keep"


@VOCABULARY.entry("action", "play_standby", rule=("7.9", "9.3"), label="Play a Chant-Standby",
                  doc="With priority, the player reveals a Chant-Standby put into the standby area before this turn "
                      "whose condition is met, shows magic stones equal to its cost instead of paying it, pays the "
                      "condition's cost, and puts it on the chase (FoW 7.9, 9.3); a modal one's `modes` are chosen then (9.3).",
                  keys={"player": PLAYER, "card": CARD_ID, "targets": TARGETS, "pay_with": PAY_WITH, "modes": CHOSEN_MODES},
                  required=("player", "card"),
                  messages=("fow.standby.reveal", "fow.play.card", "fow.illegal.not_in_standby",
                            "fow.illegal.standby_this_turn", "fow.illegal.standby_condition", "fow.illegal.show_stones",
                            "fow.illegal.extra_targets", "fow.illegal.modes"),
                  example={"type": "play_standby", "player": "p2", "card": "c1", "targets": ["x"]},
                  row=Row(main=("player", "card", "targets"), extra=("modes", "pay_with")))
def play_standby(g: Game, state: GameState, action: Action) -> tuple[GameState, str]:
    """Play a Chant-Standby (:func:`do_play_standby`); the opponent receives priority (FoW 6.4)."""
    return do_play_standby(g, state, action), "opponent"


