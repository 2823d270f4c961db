"""Player actions (FoW 7): playing cards and abilities, Judgment, calling a magic stone,
lifebreak and passing, each a verify / can / do trio and a registered ``action``."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core import IllegalAction
from ..core.vocabulary import Boolean, Integer, ListOf, Row
from . import continuous as cont
from .battle import forced_attackers
from .context import Game, Refused, allowed, will_text
from .costs import (can_pay_will, cannot_evaluate, cost_of, pay_ability_cost, pay_will, play_will_abilities,
                    play_will_ability, verify_rest_cost)
from .limits import record_use, verify_limit
from .model import BATTLE_AREA, Ability, Card, CardId, ChaseItem, GameState, PlayerId
from .modes import CHOSEN_MODES, mode_targets, pick_modes
from .rules import wp
from .standby import standby_condition, standby_cost
from .symbols import incarnation
from .targets import card_targets, marks, pick_targets, verify_targets_given
from .timing import check_timing, main_timing
from .triggers import fire
from .vocabulary import CARD_ID, PAY_WITH, PLAYER, TARGETS, VOCABULARY
from .zones import move

Action = Mapping[str, Any]
"""One element of the scenario's ``actions``."""
Outcome = tuple[GameState, str]
"""A player action's state after it, and how priority moves (FoW 6.4): ``pass``, ``keep``,
``opponent`` or ``battle``."""


def ability_of(g: Game, state: GameState, cid: CardId, index: int) -> Ability | None:
    """Return the ability ``index`` the card has now, or ``None``."""
    return next((a for a in g.abilities(state, cid) if a.index == index), None)


def ruler_of(state: GameState, pid: PlayerId) -> Card | None:
    """Return ``pid``'s ruler card (ruler, J-ruler or astral ruler), or ``None``."""
    return next((c for c in state.cards.values() if c.controller == pid and c.side is not None
                 and c.zone in ("ruler_area", "field")), None)


# ----------------------------------------------------------------------------- playing a card (FoW 7.1–7.3, 7.7)

def _play_section(card: Card | None) -> str:
    if card is None:
        return "7.1"
    return {"resonator": "7.1", "regalia": "7.1", "addition": "7.2"}.get(
        card.type, {"chant_instant": "7.7", "chant_standby": "7.9"}.get(card.subtype or "", "7.3"))


def verify_play(g: Game, state: GameState, action: Action) -> None:
    """Raise :class:`IllegalAction` unless the card may be played now (FoW 7.1–7.3, 7.7, 12.3)."""
    pid, cid = action["player"], action["card"]
    card = state.cards.get(cid)
    if card is None or card.controller != pid or card.zone != "hand":
        raise IllegalAction(wp(_play_section(card)), "fow.illegal.not_in_hand", {"card": cid})
    section = {"resonator": "7.1", "regalia": "7.1", "addition": "7.2"}.get(card.type, "7.3")
    if action.get("awaken") and card.awakening_cost is None:
        raise IllegalAction(wp("12.1"), "fow.illegal.no_awakening", {"card": cid})
    if card.type == "spell" and card.subtype == "chant_instant" or "quickcast" in card.keywords:
        check_timing(g, state, pid, False, "7.7" if card.subtype == "chant_instant" else "12.3")
    elif card.type == "spell" and card.subtype == "chant_standby":
        check_timing(g, state, pid, False, "7.9")
        if not standby_condition(g, state, card, pid):
            raise IllegalAction(wp("7.9"), "fow.illegal.standby_condition", {"card": cid})
    elif card.type in ("resonator", "regalia", "addition", "spell"):
        check_timing(g, state, pid, True, section)
    else:
        raise IllegalAction(wp("6.3"), "fow.illegal.not_playable", {"card": cid})


def can_play(g: Game, state: GameState, action: Action) -> bool:
    """Return whether :func:`verify_play` passes."""
    return allowed(verify_play, g, state, action)


def do_play(g: Game, state: GameState, action: Action) -> GameState:
    """Play a card from the hand onto the chase, paying its cost (FoW 7.1–7.3, 7.7, 9.3).

    Raise :class:`IllegalAction` (nothing taken) or :class:`Refused` (targets chosen, then a
    rule broken) when it cannot be played.
    """
    verify_play(g, state, action)
    pid, cid = action["player"], action["card"]
    card = state.cards[cid]
    quickcast = "quickcast" in card.keywords and not main_timing(g, state, pid)
    spell = next((a for a in card.abilities if a.kind == "spell"), None)
    modes, state = pick_modes(g, state, pid, spell if card.type == "spell" else None, action.get("modes"), cid)
    specs = mode_targets(spell, modes) if modes is not None else card_targets(card)
    targets, state = pick_targets(g, state, pid, specs, action.get("targets"), cid)
    try:
        state = _pay_and_put(g, state, action, card, targets)
    except IllegalAction as illegal:
        raise Refused(illegal, state) from None
    if modes is not None:
        state = replace(state, chase=state.chase[:-1] + (replace(state.chase[-1], modes=modes),))
    item = state.chase[-1]
    kind = "summon spell" if card.type == "resonator" else "normal spell"
    g.rec("play", "fow.play.card", wp("12.3" if quickcast else _play_section(card)), player=pid, card=cid,
          card_name=card.name, position=item.position, spell_kind=kind, targets=[str(t) for t in targets])
    g.sync(state)
    return fire(g, state, "spell_played", cid, player=pid)


def _pay_and_put(g: Game, state: GameState, action: Action, card: Card, targets: list[Any]) -> GameState:
    pid, cid = action["player"], card.id
    state = play_will_abilities(g, state, pid, action.get("pay_with", []))
    cost = dict(card.cost.will)
    awaken = bool(action.get("awaken"))  # verify_play refused it for a card without Awakening (FoW 12.1)
    if awaken:
        for k, n in card.awakening_cost.will.items():  # type: ignore[union-attr]
            cost[k] = cost.get(k, 0) + n
    banished = action.get("incarnation")
    if banished:
        state = incarnation(g, state, pid, card, banished)
    else:
        cost = cost_of(g, state, pid, card, cost)
        if card.subtype == "chant_standby":  # FoW 7.9: from the hand, the action before the colon too
            state = standby_cost(g, state, pid, card)
        if not can_pay_will(cost, state.player(pid).will):
            raise IllegalAction(wp("10.2"), "fow.illegal.cannot_pay", {"card": cid, "cost": will_text(cost)})
        state = pay_will(g, state, pid, cost, card.name)
    if awaken:
        g.rec("cost", "fow.cost.awakening", wp("12.1"), card=cid, card_name=card.name)
    state = move(g, state, cid, "chase", "played", wp("9.3"))
    item = ChaseItem("card", cid, pid, None, tuple(targets), marks(state, targets), from_hand=True,
                     awakened=awaken, position=len(state.chase) + 1, source_mark=state.cards[cid].incarnation)
    return replace(state, chase=state.chase + (item,))


# ----------------------------------------------------------------------------- abilities (FoW 7.8, 9.5, 9.7)

def verify_activate(g: Game, state: GameState, action: Action) -> None:
    """Raise unless the activated ability may be played now (FoW 7.8, 9.5, 9.2)."""
    pid, cid = action["player"], action["card"]
    check_timing(g, state, pid, False, "7.8")
    card = state.cards.get(cid)
    if card is None or card.controller != pid:
        raise IllegalAction(wp("7.8"), "fow.illegal.not_controller", {"card": cid})
    ability = ability_of(g, state, cid, action.get("ability", 0))
    if not (cont.works(card, ability) if ability is not None else cont.valid(card)):
        raise IllegalAction(wp("9.2"), "fow.illegal.ability_not_valid", {"card": cid, "zone": card.zone})
    if ability is None or ability.kind not in ("activated", "will"):
        raise IllegalAction(wp("9.5"), "fow.illegal.no_such_ability", {"card": cid})
    verify_limit(state, card, ability)
    if ability.cost.rest:
        if card.zone not in BATTLE_AREA:  # FoW 10.12: only a card in the battle area is rested or recovered
            raise IllegalAction(wp("10.12"), "fow.illegal.rest_outside_battle_area", {"card": cid, "zone": card.zone})
        verify_rest_cost(state, card)


def can_activate(g: Game, state: GameState, action: Action) -> bool:
    """Return whether :func:`verify_activate` passes."""
    return allowed(verify_activate, g, state, action)


def activatable(g: Game, state: GameState, pid: PlayerId) -> list[str]:
    """Return ``card#index`` of every activated ability :func:`can_activate` allows ``pid``
    whenever that player has priority (it reads nothing else; memoized on the cards and effects)."""
    def compute() -> dict[PlayerId, list[str]]:
        out = {}
        cards = g.index(state)["cards"]
        for p in state.players:
            probe = replace(state, priority=p.id)
            out[p.id] = [f"{card.id}#{a.index}" for card in cards[p.id] for a in g.abilities(state, card.id)
                         if a.kind == "activated" and cont.works(card, a)
                         and can_activate(g, probe, {"player": p.id, "card": card.id, "ability": a.index})]
        return out

    return g.on_board("activatable", state, compute)[pid]


def do_activate(g: Game, state: GameState, action: Action) -> GameState:
    """Pay the cost and put the activated ability onto the chase (FoW 7.8, 9.3, 9.5)."""
    verify_activate(g, state, action)
    pid, cid = action["player"], action["card"]
    ability = ability_of(g, state, cid, action.get("ability", 0))
    if ability.modes is None:
        verify_targets_given(ability.targets, action.get("targets"), cid)
    if ability.kind == "will":
        return do_will(g, state, action)
    card = state.cards[cid]
    modes, state = pick_modes(g, state, pid, ability, action.get("modes"), cid)
    targets, state = pick_targets(g, state, pid, mode_targets(ability, modes), action.get("targets"), cid)
    try:
        state = play_will_abilities(g, state, pid, action.get("pay_with", []))
        state = pay_ability_cost(g, state, pid, card, ability, f"{card.name} ability {ability.index}")
    except IllegalAction as illegal:
        raise Refused(illegal, state) from None
    item = ChaseItem("ability", cid, pid, ability.index, tuple(targets), marks(state, targets),
                     position=len(state.chase) + 1, source_mark=state.cards[cid].incarnation, modes=modes)
    state = record_use(replace(state, chase=state.chase + (item,)), card, ability)
    g.rec("activate", "fow.activate", wp("7.8"), player=pid, card=cid, card_name=g.name(state, cid),
          ability=ability.index, position=item.position, targets=[str(t) for t in targets])
    return g.sync(state)


def do_will(g: Game, state: GameState, action: Action) -> GameState:
    """Play a will ability: it resolves at once without the chase (FoW 9.7)."""
    return play_will_ability(g, state, action["player"], action["card"], action.get("ability"))


# ----------------------------------------------------------------------------- main-timing actions (FoW 7.5, 7.11)

def verify_call_stone(g: Game, state: GameState, pid: PlayerId) -> None:
    """Raise unless ``pid`` may call a magic stone (FoW 7.11)."""
    check_timing(g, state, pid, True, "7.11")
    player = state.player(pid)
    if player.called_stone:
        raise IllegalAction(wp("7.11"), "fow.illegal.called_already", {"player": pid})
    if player.judged:
        raise IllegalAction(wp("7.11"), "fow.illegal.called_after_judgment", {"player": pid})
    ruler = ruler_of(state, pid)
    if ruler is None or ruler.rested:
        raise IllegalAction(wp("7.11"), "fow.illegal.ruler_rested", {"player": pid})
    if not state.in_zone("stone_deck", pid):
        raise IllegalAction(wp("7.11"), "fow.illegal.no_stone", {"player": pid})


def can_call_stone(g: Game, state: GameState, pid: PlayerId) -> bool:
    """Return whether :func:`verify_call_stone` passes."""
    return allowed(verify_call_stone, g, state, pid)


def do_call_stone(g: Game, state: GameState, pid: PlayerId) -> GameState:
    """Rest the ruler, J-ruler or astral ruler and put the top magic stone into play (FoW 7.11, 10.15)."""
    verify_call_stone(g, state, pid)
    ruler = ruler_of(state, pid)
    state = state.with_card(replace(ruler, rested=True))
    g.rec("cost", "fow.cost.rest", wp("7.11"), card=ruler.id, card_name=g.name(state, ruler.id))
    g.sync(state)
    top = state.in_zone("stone_deck", pid)[0]
    state = move(g, state, top.id, "stone_area", "call", wp("10.15"))
    state = state.with_player(replace(state.player(pid), called_stone=True))
    g.rec("action", "fow.call_stone", wp("7.11"), player=pid, card=top.id, card_name=top.name)
    return g.sync(state)


def verify_judgment(g: Game, state: GameState, pid: PlayerId) -> None:
    """Raise unless ``pid`` may perform Judgment (FoW 7.5)."""
    check_timing(g, state, pid, True, "7.5")
    ruler = ruler_of(state, pid)
    if ruler is None or ruler.zone != "ruler_area" or ruler.side != "ruler" or ruler.j_face is None:
        raise IllegalAction(wp("7.5"), "fow.illegal.no_ruler", {"player": pid})
    if not any(a.kind == "judgment" for a in ruler.abilities):
        # 7.5: Judgment is paying the ruler's Judgment cost; a ruler whose text has none has nothing to pay or play.
        raise IllegalAction(wp("7.5"), "fow.illegal.no_judgment", {"player": pid, "card": ruler.id})
    if ruler.rested:
        raise IllegalAction(wp("7.5"), "fow.illegal.ruler_rested", {"player": pid})
    if state.player(pid).judged:
        raise IllegalAction(wp("7.5"), "fow.illegal.judged_already", {"player": pid})


def can_judgment(g: Game, state: GameState, pid: PlayerId) -> bool:
    """Return whether :func:`verify_judgment` passes."""
    return allowed(verify_judgment, g, state, pid)


def do_judgment(g: Game, state: GameState, action: Action) -> GameState:
    """Pay the Judgment ability's cost and put the Judgment ability onto the chase (FoW 7.5);
    the player has done Judgment, so abilities waiting for it trigger (``judgment``, 9.6).

    Who then has priority is the ``priority_after_judgment`` reading (FoW 6.4).
    """
    pid = action["player"]
    verify_judgment(g, state, pid)
    ruler = ruler_of(state, pid)
    ability = next(a for a in ruler.abilities if a.kind == "judgment")
    state = play_will_abilities(g, state, pid, action.get("pay_with", []))
    state = pay_ability_cost(g, state, pid, ruler, ability, "Judgment")
    if ability.text is not None:  # Judgment text beyond its cost and the turn to the J-ruler side
        state = cannot_evaluate(g, state, ruler.id, ability.text)
    state = state.with_player(replace(state.player(pid), judged=True))
    item = ChaseItem("judgment", ruler.id, pid, position=len(state.chase) + 1)
    state = replace(state, chase=state.chase + (item,))
    g.rec("judgment", "fow.judgment.perform", wp("7.5"), player=pid, card=ruler.id, card_name=ruler.name,
          position=item.position)
    state = g.sync(state)
    return fire(g, state, "judgment", ruler.id, player=pid)  # FoW 7.5, 9.6: "when your ruler does Judgment"


# ----------------------------------------------------------------------------- lifebreak and passing (FoW 7.10, 7.12)

def do_lifebreak(g: Game, state: GameState, action: Action) -> GameState:
    """Valhalla: take the top lifebreak card; play its break ability or put it into the graveyard (FoW 7.10)."""
    pid = action["player"]
    check_timing(g, state, pid, False, "7.10")
    if g.variant != "valhalla":
        raise IllegalAction(wp("14.2"), "fow.illegal.bifrost_lifebreak", {"player": pid})
    area = state.in_zone("lifebreak", pid)
    life = state.player(pid).life
    threshold = (life - 1) // 1000 if g.options["lifebreak_threshold"] == "literal" else math.ceil(life / 1000)
    if len(area) <= threshold:
        raise IllegalAction(wp("7.10"), "fow.illegal.lifebreak_count", {"player": pid, "count": len(area),
                                                                        "threshold": threshold})
    top = area[0]
    brk = next((a for a in top.abilities if a.kind == "break"), None)
    verify_targets_given(brk.targets if brk is not None else (), action.get("targets"), top.id)
    g.rec("action", "fow.lifebreak", wp("7.10"), player=pid, card=top.id, count=len(area), threshold=threshold)
    if brk is None:
        return move(g, state, top.id, "graveyard", "lifebreak", wp("7.10"))
    try:
        targets, state = pick_targets(g, state, pid, brk.targets, action.get("targets"), top.id)
    except Refused as refused:
        return move(g, refused.state, top.id, "graveyard", "lifebreak", wp("7.10"))
    state = move(g, state, top.id, "chase", "lifebreak", wp("7.10"))
    item = ChaseItem("ability", top.id, pid, brk.index, tuple(targets), marks(state, targets),
                     position=len(state.chase) + 1, source_mark=state.cards[top.id].incarnation)
    g.rec("activate", "fow.activate", wp("7.10"), player=pid, card=top.id, card_name=top.name, ability=brk.index,
          position=item.position, targets=[str(t) for t in targets])
    return g.sync(replace(state, chase=state.chase + (item,)))


def verify_pass(g: Game, state: GameState, pid: PlayerId) -> None:
    """Raise if ``pid`` does not have priority or must attack instead of passing (FoW 6.3, 7.12)."""
    if state.priority != pid:
        raise IllegalAction(wp("6.3"), "fow.illegal.no_priority", {"player": pid})
    if state.active == pid and state.phase == "main" and state.battle is None and not state.chase:
        forced = forced_attackers(g, state, pid)
        if forced and state.player(pid).may_battle:
            raise IllegalAction(wp("7.12"), "fow.illegal.must_attack", {"player": pid, "card": forced[0]})


def can_pass(g: Game, state: GameState, pid: PlayerId) -> bool:
    """Return whether :func:`verify_pass` passes."""
    return allowed(verify_pass, g, state, pid)

_ABILITY = Integer(low=0, high=99, label="Ability", help="the index of the ability in the card's abilities")

@VOCABULARY.entry("action", "pass", rule=("7.12", "6.4"), label="Pass",
                  doc="The player with priority passes (FoW 7.12); after two passes in a row the last item of the chase "
                      "resolves and the turn player receives priority, or, with an empty chase, the priority sequence "
                      "ends (6.4). The turn player cannot pass in the main phase while a card must attack and can "
                      "(7.12).",
                  keys={"player": PLAYER}, required=("player",),
                  messages=("fow.pass", "fow.priority.sequence_end", "fow.priority.to_active", "fow.illegal.must_attack"),
                  example={"type": "pass", "player": "p1"}, row=Row(main=("player",)))
def pass_priority(g: Game, state: GameState, action: Action) -> Outcome:
    """The player passes (FoW 7.12); the priority sequence counts the pass (6.4)."""
    pid = action.get("player")
    verify_pass(g, state, pid)
    if state.active == pid and state.phase == "main" and state.battle is None and not state.chase:
        forced_attackers(g, state, pid, record=True)  # FoW 7.12: a must-attack card with a cost does not force
    g.rec("pass", "fow.pass", wp("7.12"), player=pid, consecutive=state.passes + 1)
    return state, "pass"


@VOCABULARY.entry("action", "play", rule=("7.1", "7.2", "7.3", "7.7", "9.3"), label="Play a card from the hand",
                  doc="The player plays `card` from the hand (FoW 7.1 resonators and regalia, 7.2 additions, 7.3 "
                      "Chants: main timing; 7.7 Chant-Instants and Quickcast 12.3: priority): a modal spell's `modes` "
                      "chosen (9.3; none given: a choice), targets chosen "
                      "(`targets`), will abilities of `pay_with` played while paying (10.2), the cost paid (changed "
                      "by cost changes, 9.3), with `awaken` its Awakening cost too (12.1; refused for a card without "
                      "Awakening), or with `incarnation` the "
                      "resonators banished instead (12.2); it goes on the chase and the opponent receives priority.",
                  keys={"player": PLAYER, "card": CARD_ID, "targets": TARGETS, "pay_with": PAY_WITH, "modes": CHOSEN_MODES,
                        "awaken": Boolean(label="Awaken", default=False, help="pay the Awakening cost too (FoW 12.1)"),
                        "incarnation": ListOf(item=CARD_ID, max_items=100, label="Incarnation: banish",
                                              help="the resonators banished instead of paying the cost (FoW 12.2)")},
                  required=("player", "card"),
                  messages=("fow.play.card", "fow.cost.will", "fow.cost.awakening", "fow.cost.incarnation",
                            "fow.illegal.not_in_hand", "fow.illegal.main_timing", "fow.illegal.cannot_pay",
                            "fow.illegal.extra_targets", "fow.illegal.no_awakening", "fow.illegal.modes"),
                  example={"type": "play", "player": "p1", "card": "bolt", "targets": ["x"], "pay_with": ["s1"]},
                  row=Row(main=("player", "card", "targets", "pay_with"), extra=("modes", "awaken", "incarnation")))
def play(g: Game, state: GameState, action: Action) -> Outcome:
    """Play a card (:func:`do_play`); the opponent receives priority (FoW 6.4)."""
    return do_play(g, state, action), "opponent"


@VOCABULARY.entry("action", "activate", rule=("7.8", "9.5"), label="Play an activated ability",
                  doc="The player plays `ability` (default 0) of `card` (FoW 7.8): a modal ability's `modes` chosen "
                      "(9.3), targets chosen, the cost paid, and it goes on the chase; the opponent receives priority. "
                      "It is refused where the ability does not work (9.2) and past its use limit (9.1). A will ability named this way resolves at "
                      "once (9.7).",
                  keys={"player": PLAYER, "card": CARD_ID, "ability": _ABILITY, "targets": TARGETS, "pay_with": PAY_WITH,
                        "modes": CHOSEN_MODES},
                  required=("player", "card"),
                  messages=("fow.activate", "fow.illegal.not_controller", "fow.illegal.no_such_ability",
                            "fow.illegal.ability_not_valid", "fow.illegal.extra_targets", "fow.illegal.modes",
                            "fow.illegal.once_per_turn", "fow.illegal.rest_outside_battle_area"),
                  example={"type": "activate", "player": "p1", "card": "c1", "ability": 0},
                  row=Row(main=("player", "card", "ability", "targets"), extra=("modes", "pay_with")))
def activate(g: Game, state: GameState, action: Action) -> Outcome:
    """Play an activated ability (:func:`do_activate`); the opponent receives priority, unless it is
    a will ability (FoW 6.4, 9.7)."""
    ability = ability_of(g, state, action["card"], action.get("ability", 0))
    state = do_activate(g, state, action)
    return state, "keep" if ability is not None and ability.kind == "will" else "opponent"


@VOCABULARY.entry("action", "will", rule=("9.7",), label="Play a will ability",
                  doc="The player plays a will ability of `card` (`ability`, default its first): the will is produced at "
                      "once, without the chase, and the player keeps priority (FoW 9.7, 6.4).",
                  keys={"player": PLAYER, "card": CARD_ID, "ability": _ABILITY}, required=("player", "card"),
                  messages=("fow.will.produce", "fow.illegal.no_will_ability"),
                  example={"type": "will", "player": "p1", "card": "s1"}, row=Row(main=("player", "card"), extra=("ability",)))
def will(g: Game, state: GameState, action: Action) -> Outcome:
    """Play a will ability (:func:`do_will`); the player keeps priority (FoW 6.4)."""
    return do_will(g, state, action), "keep"


@VOCABULARY.entry("action", "call_stone", rule=("7.11", "10.15"), label="Call a magic stone",
                  doc="With main timing, once a turn and not after Judgment, the player rests the ruler (or J-ruler) and "
                      "puts the top card of the magic stone deck into the magic stone area (FoW 7.11, 10.15); the player "
                      "keeps priority.",
                  keys={"player": PLAYER}, required=("player",),
                  messages=("fow.call_stone", "fow.illegal.called_already", "fow.illegal.called_after_judgment",
                            "fow.illegal.ruler_rested", "fow.illegal.no_stone"),
                  example={"type": "call_stone", "player": "p1"}, row=Row(main=("player",)))
def call_stone(g: Game, state: GameState, action: Action) -> Outcome:
    """Call a magic stone (:func:`do_call_stone`); the player keeps priority (FoW 6.4)."""
    return do_call_stone(g, state, action["player"]), "keep"


@VOCABULARY.entry("action", "judgment", rule=("7.5", "6.4"), label="Perform Judgment",
                  doc="With main timing, once a turn, the player pays the ruler's Judgment cost (`pay_with`: will "
                      "abilities played while paying) and the Judgment ability goes on the chase (FoW 7.5); who then has "
                      "priority is the `priority_after_judgment` reading.",
                  keys={"player": PLAYER, "pay_with": PAY_WITH}, required=("player",),
                  messages=("fow.judgment.perform", "fow.priority.judgment_reading", "fow.illegal.no_ruler", "fow.illegal.no_judgment",
                            "fow.illegal.judged_already"),
                  example={"type": "judgment", "player": "p1", "pay_with": ["s1", "s2"]},
                  row=Row(main=("player", "pay_with")))
def judgment(g: Game, state: GameState, action: Action) -> Outcome:
    """Perform Judgment (:func:`do_judgment`); priority by the ``priority_after_judgment`` reading (FoW 6.4)."""
    state = do_judgment(g, state, action)
    reading = g.options["priority_after_judgment"]
    g.rec("priority", "fow.priority.judgment_reading", wp("6.4"), reading=reading)
    return state, "keep" if reading == "keep" else "opponent"


@VOCABULARY.entry("action", "lifebreak", rule=("7.10",), label="Lifebreak (Valhalla)",
                  doc="Valhalla: with priority and more lifebreak cards than the threshold (the `lifebreak_threshold` "
                      "reading), the player takes the top lifebreak card; its break ability goes on the chase (`targets` "
                      "chosen) or, without one, the card goes to the graveyard (FoW 7.10). Bifrost has no lifebreak "
                      "(14.2).",
                  keys={"player": PLAYER, "targets": TARGETS}, required=("player",),
                  messages=("fow.lifebreak", "fow.illegal.bifrost_lifebreak", "fow.illegal.lifebreak_count",
                            "fow.illegal.extra_targets"),
                  example={"type": "lifebreak", "player": "p1"}, row=Row(main=("player",), extra=("targets",)))
def lifebreak(g: Game, state: GameState, action: Action) -> Outcome:
    """Lifebreak (:func:`do_lifebreak`); the opponent receives priority when a break ability was played (FoW 6.4)."""
    before = len(state.chase)
    state = do_lifebreak(g, state, action)
    return state, "opponent" if len(state.chase) > before else "keep"


