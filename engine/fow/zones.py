"""Zones (FoW 3): moving cards, the new card a move makes, the order of ordered zones, and the
last known information a card leaves behind (FoW 9.11)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from ..core import Citation
from .choices import choose_many
from .context import Game
from .model import BATTLE_AREA, ORDERED, PUBLIC, Card, CardId, GameState, PlayerId
from .rules import wp
from .triggers import fire_zone_events, watched, zone_events

After = Callable[[GameState, CardId], GameState]
"""What runs after each card of a :func:`move_many` moved (triggers that read it, FoW 9.6)."""


def move(g: Game, state: GameState, cid: CardId, to: str, reason: str, citation: Citation,
         controller: PlayerId | None = None, top: bool = True) -> GameState:
    """Move a card (FoW 3.1): inside the battle area it stays the same card; else a new card.

    A spell that would go to the magic stone deck or the battle area goes to the graveyard
    instead (FoW 3.15); an astral ruler stays in the ruler area (3.15); a virtual copy that leaves
    its zone ceases to exist (10.16). A new card enters recovered, without damage or counters
    (FoW 3.2), with a new timestamp; its last known information is kept (9.11). ``top``: the top
    of an ordered zone (else the bottom). The move's card events (entering the field, put into
    the graveyard from the field, discarded) then fire (FoW 9.6, :func:`~engine.fow.triggers.zone_events`).
    """
    card = state.cards[cid]
    if card.virtual and to != card.zone:
        g.rec("move", "fow.copy.ceases", wp("10.16"), card=cid, card_name=card.name, **{"from": card.zone})
        return g.sync(state.without_card(cid))
    if card.revealed:
        g.rec("state", "fow.reveal.end", wp("10.4"), card=cid, reason="moved")
        card = replace(card, revealed=False)
        state = state.with_card(card)
    if card.type == "spell" and to in BATTLE_AREA | {"stone_deck"}:
        g.rec("replace", "fow.zone.spell_to_graveyard", wp("3.15"), card=cid, card_name=card.name, to=to)
        to = "graveyard"
    if card.astral:
        g.rec("illegal", "fow.zone.astral_stays", wp("3.15"), card=cid, card_name=g.name(state, cid))
        return g.sync(state)
    events = [e for e in zone_events(card, to, reason) if watched(g, state, e)]
    lki = g.info(state, cid) if "to_graveyard_from_field" in events else None
    before = card
    same = card.zone in BATTLE_AREA and to in BATTLE_AREA
    owner_zone = to not in BATTLE_AREA and to != "chase"
    new_controller = card.owner if owner_zone else (controller or card.controller)
    zone_cards = state.in_zone(to)
    seq = (min((c.seq for c in zone_cards), default=0) - 1) if top else (max((c.seq for c in zone_cards), default=0) + 1)
    if same:
        moved = replace(card, zone=to, controller=new_controller, seq=seq)
        g.rec("move", "fow.move.same_card", wp("3.1"), card=cid, card_name=g.name(state, cid),
              **{"from": card.zone, "to": to, "reason": reason})
    else:
        state = remember(g, state, card)
        state, stamp = state.tick()
        moved = replace(card, zone=to, controller=new_controller, seq=seq, rested=False, damage=0,
                        counters=MappingProxyType({}), attached_to=None, incarnation=card.incarnation + 1,
                        entered_this_turn=to in BATTLE_AREA, on_field_since_turn_start=False,
                        placed_this_turn=to == "standby", timestamp=stamp, face_down=False,
                        awakened=card.awakened and to == "chase")
        g.rec("move", "fow.move.new_card", citation, card=cid, card_name=card.name,
              **{"from": card.zone, "to": to, "reason": reason})
    # An addition whose host left stays where it is until rule processing (FoW 13.3).
    state = g.sync(state.with_card(moved))
    return fire_zone_events(g, state, events, before, lki) if events else state


def move_many(g: Game, state: GameState, ids: Sequence[CardId], to: str, reason: str, citation: Citation,
              after: After | None = None) -> GameState:
    """Move several cards at once (FoW 3.1).

    Into an ordered zone (``main_deck``, ``stone_deck``, ``graveyard``, ``lifebreak``) each owner
    chooses the order of their own cards there: a ``choose`` action with the ids top first, or
    a ``choice`` step with one branch per order (at most 24: four cards; more need the action).
    ``after(state, cid)`` runs after each card moved (triggers that read it, FoW 9.6).
    """
    ids = [cid for cid in dict.fromkeys(ids) if cid in state.cards]
    for cid in [c for c in ids if state.cards[c].virtual]:  # a copy never arrives (FoW 10.16)
        state = move(g, state, cid, to, reason, citation)
    ids = [c for c in ids if c in state.cards]
    plan = list(ids)
    if to in ORDERED and len(ids) > 1:
        groups: dict[PlayerId, list[CardId]] = {}
        for cid in ids:
            groups.setdefault(state.cards[cid].owner, []).append(cid)
        plan = []
        for owner in sorted(groups):
            order, state = choose_order(g, state, owner, groups[owner], to)
            plan += order
        plan.reverse()  # the bottom card moves first, so the first of each order ends on top
    for cid in plan:
        state = move(g, state, cid, to, reason, citation)
        if after is not None:
            state = after(state, cid)
    return state


def choose_order(g: Game, state: GameState, owner: PlayerId, ids: Sequence[CardId], to: str) -> tuple[list[CardId], GameState]:
    """Return the order (top first) ``owner`` gives their cards entering ordered zone ``to`` (FoW 3.1)."""
    if len(ids) < 2:
        return list(ids), state
    hidden = to not in PUBLIC
    orders = [list(p) for p in itertools.permutations(sorted(ids))]
    picked, state = choose_many(g, state, "zone_order", owner, orders, wp("3.1"), zone=to, hidden=hidden)
    g.rec("move", "fow.zone.order", wp("3.1"), player=owner, zone=to, order=list(picked), hidden=hidden)
    return list(picked), state


def remember(g: Game, state: GameState, card: Card) -> GameState:
    """Record ``card``'s information in the zone it is leaving as a new card (FoW 9.11)."""
    ch = g.info(state, card.id)
    known = {"zone": card.zone, "controller": card.controller, "name": ch.name, "type": ch.type,
             "atk": ch.atk, "def": ch.def_, "races": tuple(ch.races), "keywords": tuple(ch.keywords)}
    last = dict(state.last_known)
    last[f"{card.id}@{card.incarnation}"] = MappingProxyType(known)
    return replace(state, last_known=MappingProxyType(last))


def same_card(state: GameState, cid: CardId, mark: int) -> bool:
    """Return whether ``cid`` is still the card it was at incarnation ``mark`` (FoW 3.1); -1: unknown, yes."""
    card = state.cards.get(cid)
    return card is not None and (mark < 0 or card.incarnation == mark)


def known_value(g: Game, state: GameState, cid: CardId, mark: int, key: str) -> tuple[Any, bool]:
    """Return (value, from_lki): the card's current ``key`` (``atk``, ``def``, ``name`` …) while it is
    the same card, else its last known information from the zone it left (FoW 9.11, 3.1)."""
    if same_card(state, cid, mark):
        ch = g.info(state, cid)
        return {"atk": ch.atk, "def": ch.def_, "name": ch.name, "type": ch.type}.get(key, 0), False
    known = state.last_known.get(f"{cid}@{mark}")
    return (known.get(key, 0) if known is not None else 0), True
