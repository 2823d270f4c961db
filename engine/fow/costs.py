"""Costs and will (FoW 2.3, 9.3, 9.7, 10.2, 1.5): what is paid to play a card or an ability."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType

from ..core import Citation, IllegalAction
from ..core.vocabulary import Boolean, Either, Integer, Record
from . import continuous as cont
from .context import Game, Stop, will_text
from .model import BATTLE_AREA, WILL_KINDS, Ability, Card, CardId, GameState, PlayerId
from .rules import silent, wp
from .vocabulary import VOCABULARY


def cannot_evaluate(g: Game, state: GameState, card: CardId, text: str) -> GameState:
    """Record that ``card``'s ``text`` cannot be evaluated; the result is not complete (DESIGN.md)."""
    g.rec("cannot_evaluate", "fow.cannot_evaluate", silent("cannot_evaluate"), card=card, detail=text)
    return state.incomplete()

_WILL_DOCS = {
    "light": "light will", "fire": "fire will", "water": "water will", "wind": "wind will", "darkness": "darkness will",
    "void": "any will (the void cost, FoW 2.3: paid from void will first, then any other)",
    "moon": "void will with the moon trait (FoW 9.7)",
}
for _kind in WILL_KINDS:
    VOCABULARY.define("cost", _kind, rule=("10.2", "2.3"), label=f"Will: {_kind}",
                      doc=f"Pays this much {_WILL_DOCS[_kind]} from the player's pool (FoW 10.2); the attribute cost is "
                          "paid first, then the void cost. Will abilities named in the action's `pay_with` are played "
                          "while paying (9.7).",
                      value=Integer(low=0, high=10_000), messages=("fow.cost.will", "fow.illegal.cannot_pay"),
                      example={_kind: 1})
VOCABULARY.define("cost", "rest", rule=("10.12", "9.5", "8.2"), label="Rest",
                  doc="In an ability's cost, `true` is the [rest] symbol: rest this recovered card (FoW 10.12); a "
                      "resonator or J-ruler new to the battle area this turn cannot pay it (9.5). In a cost to attack "
                      "or block, `{filter, count}`: rest that many other recovered cards of the player that meet the "
                      "filter, the player choosing (FoW 8.2, 8.3).",
                  value=Either(options=(Boolean(), Record(fields={"filter": VOCABULARY.use("filter"),
                                                                  "count": Integer(low=1, high=100, default=1)}))),
                  messages=("fow.cost.rest", "fow.illegal.already_rested", "fow.illegal.rest_resonator_new",
                            "fow.illegal.rest_j_ruler_new"),
                  example={"rest": True})
VOCABULARY.define("cost", "life", rule=("1.5", "9.3"), label="Life",
                  doc="Pays this much life, a multiple of 100 (FoW 1.5); paying more than the player has is not "
                      "covered by the whitepaper (a not_covered step, and the resolution stops).",
                  value=Integer(low=0, high=100_000), messages=("fow.life", "fow.illegal.life_multiple", "fow.not_covered"),
                  example={"life": 200})
VOCABULARY.define("cost", "discard", rule=("8.2", "10.18"), label="Discard",
                  doc="In a cost to attack or block: discard this many cards from the hand, the player choosing "
                      "(FoW 8.2, 8.3, 10.18).",
                  value=Integer(low=0, high=100), messages=("fow.battle.cost",), example={"discard": 1})


# ----------------------------------------------------------------------------- will (FoW 9.7, 10.2)

def can_pay_will(will: Mapping[str, int], pool: Mapping[str, int]) -> bool:
    """Return whether ``pool`` pays ``will`` in full (FoW 2.3, 10.2): attribute will first, then void."""
    left = dict(pool)
    for kind, n in will.items():
        if kind == "void":
            continue
        if left.get(kind, 0) < n:
            return False
        left[kind] -= n
    return sum(left.values()) >= will.get("void", 0)


def pay_will(g: Game, state: GameState, pid: PlayerId, will: Mapping[str, int], what: str) -> GameState:
    """Spend will from the pool (FoW 10.2); void is paid from void will first, then the rest.
    The caller has checked :func:`can_pay_will`."""
    if not will:
        return state
    pool = dict(state.player(pid).will)
    for kind, n in will.items():
        if kind != "void":
            pool[kind] -= n
    need = will.get("void", 0)
    for kind in ("void", "moon") + tuple(k for k in WILL_KINDS if k not in ("void", "moon")):
        used = min(need, pool.get(kind, 0))
        pool[kind] = pool.get(kind, 0) - used
        need -= used
    pool = {k: v for k, v in pool.items() if v}
    g.rec("cost", "fow.cost.will", wp("10.2"), player=pid, will=will_text(will), what=what, pool=will_text(pool))
    return g.sync(state.with_player(replace(state.player(pid), will=MappingProxyType(pool))))


def verify_rest_cost(state: GameState, card: Card) -> None:
    """Raise :class:`IllegalAction` unless ``card`` can be rested for a [rest] cost (FoW 10.12, 9.5)."""
    if card.rested:
        raise IllegalAction(wp("10.12"), "fow.illegal.already_rested", {"card": card.id})
    if card.side == "j_ruler" and card.zone == "field" and not card.on_field_since_turn_start:
        raise IllegalAction(wp("9.5"), "fow.illegal.rest_j_ruler_new", {"card": card.id})
    if card.type == "resonator" and card.entered_this_turn:
        raise IllegalAction(wp("9.5"), "fow.illegal.rest_resonator_new", {"card": card.id})


def play_will_ability(g: Game, state: GameState, pid: PlayerId, cid: CardId, index: int | None) -> GameState:
    """Play a will ability: it resolves at once without the chase (FoW 9.7); [rest] as in FoW 9.5, 10.12.

    ``index`` names the ability (``None``: the card's first will ability). Raise
    :class:`IllegalAction` when the card has no such will ability where it is.
    """
    card = state.cards.get(cid)
    ability = None
    if card is not None and card.controller == pid and cont.valid(card):
        ability = next((a for a in g.abilities(state, cid) if a.kind == "will" and (index is None or a.index == index)), None)
    if ability is None:
        raise IllegalAction(wp("9.7"), "fow.illegal.no_will_ability", {"card": cid})
    if ability.text is not None:  # what it produces beyond `produce` is not read
        state = cannot_evaluate(g, state, cid, ability.text)
    if ability.cost.rest:  # a will ability is an activated ability (9.7): 9.5 applies to its [rest] cost
        verify_rest_cost(state, card)
        state = state.with_card(replace(card, rested=True))
    pool = dict(state.player(pid).will)
    for k, n in (ability.produce or {}).items():
        pool[k] = pool.get(k, 0) + n
    state = state.with_player(replace(state.player(pid), will=MappingProxyType(pool)))
    g.rec("will", "fow.will.produce", wp("9.7"), player=pid, card=cid, card_name=g.name(state, cid),
          will=will_text(ability.produce or {}), pool=will_text(pool))
    return g.sync(state)


def play_will_abilities(g: Game, state: GameState, pid: PlayerId, sources: Sequence[CardId]) -> GameState:
    """Play will abilities while paying (FoW 10.2, 9.7); each resolves at once, no chase."""
    for cid in sources:
        state = play_will_ability(g, state, pid, cid, None)
    return state


def available_will(g: Game, state: GameState, pid: PlayerId) -> dict[str, int]:
    """Return the pool plus the will recovered will-ability cards could add (for listings)."""
    pool = dict(state.player(pid).will)
    for card in state.cards.values():
        if card.controller != pid or card.zone not in BATTLE_AREA or not cont.valid(card) or card.rested:
            continue
        try:  # FoW 9.5
            verify_rest_cost(state, card)
        except IllegalAction:
            continue
        for ability in cont.abilities_of(card):
            if ability.kind == "will" and ability.produce and ability.cost.rest:
                for k, n in ability.produce.items():
                    pool[k] = pool.get(k, 0) + n
                break
    return pool


# ----------------------------------------------------------------------------- cost changes (FoW 9.3)

def cost_of(g: Game, state: GameState, pid: PlayerId, card: Card, will: Mapping[str, int], of: str = "cards",
            record: bool = True) -> dict[str, int]:
    """Return ``will`` changed by the cost-changing static abilities that apply (FoW 9.3).

    9.3: effects changing what the cost is (``set``) apply first, then those increasing it,
    then those decreasing it; within a kind, in timestamp order. ``of``: ``cards`` (a card
    played) or ``abilities`` (an ability of ``card``); a change's ``applies_to`` filter reads
    the card where it is, ``controller`` relative to the change's controller, and its ``of``
    (default ``cards``). A decrease stops at 0 for each kind.
    """
    changes = g.index(state)["cost_changes"]
    if not changes:
        return dict(will)
    chars = g.info(state, card.id)
    found = []
    for src, ability in changes:
        spec = ability.cost_change
        if spec.get("of", "cards") != of:
            continue
        flt = {**dict(spec.get("applies_to", {})), "zone": spec.get("applies_to", {}).get("zone", card.zone)}
        if card.zone == "chase":
            flt["zone"] = "chase"
        if not cont.matches(chars, card, flt, src.controller):
            continue
        for rank, kind in enumerate(("set", "increase", "decrease")):
            if kind in spec:
                found.append((rank, src.timestamp, src.id, kind, spec[kind]))
    cost = dict(will)
    for _, _, src_id, kind, amount in sorted(found):
        before = will_text(cost)
        if kind == "set":
            cost = {k: v for k, v in amount.items() if v}
        elif kind == "increase":
            for k, n in amount.items():
                cost[k] = cost.get(k, 0) + n
        else:
            for k, n in amount.items():
                cost[k] = max(0, cost.get(k, 0) - n)
        cost = {k: v for k, v in cost.items() if v}
        if record:
            g.rec("cost", "fow.cost.change", wp("9.3"), card=card.id, source=src_id, kind=kind, before=before,
                  after=will_text(cost))
    return cost


def pay_ability_cost(g: Game, state: GameState, pid: PlayerId, card: Card, ability: Ability, what: str) -> GameState:
    """Pay an ability's cost (FoW 9.3): will (changed by cost changes, but not Judgment's), life, [rest]."""
    will = cost_of(g, state, pid, card, ability.cost.will, "abilities") if ability.kind != "judgment" else dict(ability.cost.will)
    if not can_pay_will(will, state.player(pid).will):
        raise IllegalAction(wp("10.2"), "fow.illegal.cannot_pay", {"card": card.id, "cost": will_text(will)})
    if ability.cost.life:
        state = pay_life(g, state, pid, ability.cost.life, card.id)
    if ability.cost.rest:
        state = state.with_card(replace(state.cards[card.id], rested=True))
        g.rec("cost", "fow.cost.rest", wp("10.12"), card=card.id, card_name=g.name(state, card.id))
        g.sync(state)
    return pay_will(g, state, pid, will, what)


# ----------------------------------------------------------------------------- life (FoW 1.5)

def set_life(g: Game, state: GameState, pid: PlayerId, life: int, citation: Citation, reason: str,
             amount: int) -> GameState:
    """Set a player's life, rounding a part below 100 up to the hundred (FoW 1.5, ``life_rounding``)."""
    rounded = life
    if g.options["life_rounding"] == "round_up" and life % 100:
        rounded = math.ceil(life / 100) * 100
    g.rec("life", "fow.life", citation, player=pid, amount=amount, life=rounded, reason=reason)
    if rounded != life:
        g.rec("life", "fow.life.rounded", wp("1.5"), player=pid, before=life, life=rounded)
    return g.sync(state.with_player(replace(state.player(pid), life=rounded)))


def pay_life(g: Game, state: GameState, pid: PlayerId, amount: int, card: CardId) -> GameState:
    """Pay ``amount`` life, a multiple of 100 (FoW 1.5).

    Paying more life than the player has is not covered by the whitepaper (1.5 says only that
    life paid is a multiple of 100; 9.3 forbids playing when an action cannot be done, but
    says nothing of whether life can be paid below 0): the engine records a ``not_covered``
    step and stops the resolution there (``complete: false``, the result at the last priority
    point) rather than guess.
    """
    if amount <= 0:
        return state
    if amount % 100:
        raise IllegalAction(wp("1.5"), "fow.illegal.life_multiple", {"card": card, "amount": amount})
    life = state.player(pid).life
    if amount > life:
        g.rec("not_covered", "fow.not_covered",
              silent("life_payment_over_life"),
              topic="life_payment_over_life", default="the resolution stops before the payment")
        raise Stop(state.checkpoint or state, complete=False)
    return set_life(g, state, pid, life - amount, wp("1.5"), "paid", amount)


