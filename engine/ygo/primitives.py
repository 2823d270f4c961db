"""Moving cards, rule processing after a card leaves the field, and the end of the Duel
(ARC-V 1.4, 2.1.3, 2.1.6.1, 3.2.6, 3.3.3.4; MR2 ch3.2, ch5.2, ch5.14, ch5.21, ch5.27). Every
move goes through :func:`place_card`, where replacement effects of card text apply
(engine/ygo/replacement.py).

Every function takes the :class:`~engine.ygo.duel.Duel` and a state and returns the new state,
recording a step for each change and following the board (``duel.step``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from .duel import Duel
from .model import EXTRA_DECK_SUBTYPES, FIELD_ZONES, Card, CardKind, GameState, PlayerId, Position, Zone, opponent_of
from .replacement import note_not_sent, redirect, replace_destruction
from .rules import R
from .continuous import restore
from .values import apply_continuous, base, end_continuous, printed_traits

PROCEDURE_MISSED_TIMING = {"tribute": R.MISSED_TIMING_PROCEDURE, "synchro_material": R.MISSED_TIMING_SYNCHRO,
                           "fusion_material": R.MISSED_TIMING_FUSION, "ritual_tribute": R.MISSED_TIMING_RITUAL,
                           "summon_cost": R.MISSED_TIMING_INHERENT}
"""Why a material or Tribute of a summoning procedure misses the timing (ARC-V 3.2.2.1.1.i6,
3.2.2.3.1.i6, 3.2.2.3.1.1.2.1.i7, 3.2.2.3.1.1.1.1.i8)."""


def place_card(duel: Duel, state: GameState, card: Card, to: Zone, reason: str, key: R, *,
               position: Optional[Position] = None, kind: str = "move", message_id: str = "ygo.move",
               extra: Optional[dict[str, Any]] = None, top: bool = False, bottom: bool = False,
               from_field: bool = True) -> GameState:
    """Move ``card`` to ``to`` (its owner's pile when it leaves the field) and apply rule processing,
    without noting the events of the move (a Summon or a Set notes its own).

    Tokens leaving the field are removed (ARC-V 3.2.6.i2). A replacement effect of card text
    (``replace_destination``, engine/ygo/replacement.py) sends the card elsewhere instead (a
    ``replace`` step), and its text wins over the Pendulum rule (3.2.1.9.i9); else under ARC-V
    a Pendulum Monster sent from the field to the Graveyard goes face-up to the Extra Deck
    (2.1.6.1.i1), but not one that was never on the field (``from_field=False``: its Summon was
    negated, 3.2.1.9.i8); Fusion/Synchro/Xyz Monsters return to the Extra Deck, not the hand or
    Deck.
    """
    card = state.card(card.id)
    was_on_field = card.zone in FIELD_ZONES
    if card.is_token and to is not Zone.MONSTER_ZONE:
        state = state.with_card(replace(card, zone=Zone.REMOVED, position=None, controller=card.owner))
        state = duel.step(state, "rule_processing", "ygo.rule.token_removed", R.TOKEN_REMOVED, card=card.id,
                          card_name=card.name)
        return _after_leaving(duel, state, card) if was_on_field else state
    pendulum_rule = (to is Zone.GRAVEYARD and was_on_field and from_field and duel.ruleset.pendulum
                     and card.kind is CardKind.MONSTER and card.subtype == "pendulum")
    instead = redirect(duel, state, card, to, reason, kind)
    if instead is not None and instead.conflict:
        state, instead = replace(state, complete=False), None
    if instead is not None:
        duel.record("replace", "ygo.replace.destination", R.REPLACE_OVER_PENDULUM if pendulum_rule else instead.key,
                    card=card.id, card_name=card.name, source=instead.source.id, source_name=instead.source.name,
                    to=instead.to.value, instead_of=to.value)
        if to is Zone.GRAVEYARD:
            note_not_sent(duel, card, instead.to)
        to, position, top, bottom = instead.to, None, False, instead.place == "bottom"
    elif pendulum_rule:
        to, position, key = Zone.EXTRA_DECK, Position.FACE_UP, R.PENDULUM_TO_EXTRA
    if to in (Zone.HAND, Zone.DECK) and card.kind is CardKind.MONSTER and card.subtype in EXTRA_DECK_SUBTYPES:
        to = Zone.EXTRA_DECK
    if to is Zone.BANISHED and position is None:
        position = Position.FACE_UP
    seq = card.seq
    if top and to is Zone.DECK:
        seq = min((c.seq for c in state.cards), default=0) - 1
    elif bottom and to is Zone.DECK:
        seq = max((c.seq for c in state.cards), default=0) + 1
    leaving = was_on_field and to not in FIELD_ZONES
    moved = replace(card, zone=to, position=position, seq=seq, revealed=False,
                    controller=card.owner if leaving or to not in FIELD_ZONES else card.controller,
                    equipped_to=None if leaving else card.equipped_to,
                    counters=() if leaving else card.counters)
    params = {"card": card.id, "card_name": card.name, "from": card.zone.value, "to": to.value, "reason": reason}
    if extra:
        params.update(extra)
    state = duel.step(state.with_card(moved), kind, message_id, key, **params)
    if instead is not None and instead.place == "shuffle":
        state = shuffle_deck(duel, state, card.owner, R.SHUFFLE)
    return _after_leaving(duel, state, card, negated=not from_field) if leaving else state


def _after_leaving(duel: Duel, state: GameState, left: Card, *, negated: bool = False) -> GameState:
    """Apply rule processing after ``left`` has left the field: Equip Cards, Xyz Materials.

    The Xyz Materials go to the Graveyard when their monster leaves the field (ARC-V
    3.2.2.3.1.1.4.1.i4) or its Xyz Summon is negated (``negated``, .i3); either way they are
    not sent from the field (.i5; MR2 ch5.14), so their "sent from the field" triggers do not
    activate (a ``trigger`` step says so).
    """
    state = destroy_equips(duel, state, left)
    if left.materials:
        key, message = ((R.XYZ_NEGATED_MATERIALS, "ygo.rule.xyz_materials_negated") if negated
                        else (R.XYZ_MATERIALS, "ygo.rule.xyz_materials"))
        duel.record("rule_processing", message, key, card=left.id, card_name=left.name, count=len(left.materials))
        for material in left.materials:
            state = move(duel, state, state.card(material), Zone.GRAVEYARD, "send_to_graveyard", key)
            card = state.card(material)
            if any(e.trigger == "sent_from_field" and e.event_of is None for e in card.effects):
                duel.record("trigger", "ygo.trigger.not_from_field", R.XYZ_MATERIAL_NOT_ON_FIELD, card=card.id,
                            card_name=card.name, event="sent_from_field")
        state = duel.sync(state.with_card(replace(state.card(left.id), materials=())))
    return state


def break_bonds(duel: Duel, state: GameState, gone: Card, reason: str) -> GameState:
    """A card bound to a monster (``special_summon`` with ``bind``) has left the field: that
    monster is destroyed; a bound monster has left the field: its card is destroyed if the monster
    was destroyed, and the bond ends either way (the card's text, ARC-V 4.1.2.i1)."""
    partners = []
    if gone.bound_to is not None:
        state = state.with_card(replace(state.card(gone.id), bound_to=None))
        partners.append(gone.bound_to)
    for holder in state.cards:
        if holder.bound_to == gone.id:
            state = state.with_card(replace(holder, bound_to=None))
            if reason in ("destroy", "battle"):
                partners.append(holder.id)
    for partner_id in partners:
        partner = state.card(partner_id)
        if partner.zone in FIELD_ZONES:
            duel.record("effect", "ygo.bond.destroyed", R.CARD_TEXT, card=partner.id, card_name=partner.name,
                        source=gone.id, source_name=gone.name)
            state = move(duel, state, partner, Zone.GRAVEYARD, "destroy", R.DESTROY, by_effect=True)
    return state


def destroy_equips(duel: Duel, state: GameState, monster: Card) -> GameState:
    """Destroy the Equip Cards equipped to ``monster``, which has left the field or turned
    face-down (ARC-V 3.3.3.4.i8; MR2 ch5.27): by rule, not by their own effect."""
    for equip in list(state.cards):
        if equip.equipped_to == monster.id and equip.zone in FIELD_ZONES:
            duel.record("rule_processing", "ygo.rule.equip_destroyed", R.EQUIP_DESTROYED, card=equip.id,
                        card_name=equip.name, equipped_to=monster.id)
            state = move(duel, state, equip, Zone.GRAVEYARD, "destroy", R.EQUIP_DESTROYED)
    return state


TRIBUTE_REASONS = frozenset({"tribute", "ritual_tribute"})
"""Moves that Tribute the card: for a Tribute Summon or Set, as a cost, by an effect (all ``tribute``)
or for a Ritual Summon (ARC-V 3.2.2.1.1.1.i1, 4.2.2.1.i2, 3.2.2.3.1.1.1.1; MR2 ch5.16)."""
RULE_REASONS = frozenset({"tribute", "synchro_material", "hand_limit", "resolved"})
"""Moves made by the rules or a summoning procedure, not by a card effect."""
RULE_KEYS = frozenset({R.EQUIP_DESTROYED, R.FIELD_REPLACED, R.XYZ_MATERIALS, R.XYZ_NEGATED_MATERIALS, R.TOKEN_REMOVED})
"""Rule points of moves the rules make (rule processing), whatever their reason says."""


def cause_of(reason: str, key: R, kind: str, by_effect: bool = False) -> str:
    """Return why a card moved, for a trigger's ``by`` qualifier: ``cost`` (paid on activation,
    ARC-V 4.2.2.i2), ``battle``, ``rule`` (rule processing, a summoning procedure, the hand
    limit, a resolved card going to the Graveyard) or ``effect`` (a card effect resolving, a
    Tribute made by one included)."""
    if kind == "cost":
        return "cost"
    if by_effect:
        return "effect"
    if reason == "battle":
        return "battle"
    return "rule" if reason in RULE_REASONS or key in RULE_KEYS else "effect"


def move(duel: Duel, state: GameState, card: Card, to: Zone, reason: str, key: R, *, by_effect: bool = False,
         **kwargs: Any) -> GameState:
    """Move a card (:func:`place_card`), note the events it raises, and end what its leaving ends.

    A card leaving the field loses its modifiers and this turn's flags and its Continuous
    Effects stop (ARC-V 3.2.7.1.i3); its ATK and DEF as they were there are kept as its last
    known information. A Tribute paid as a cost, or made by a resolving effect (``by_effect``),
    is not a summoning procedure (its trigger waits for the chain). A card on the field that
    would be destroyed (``destroy``, ``battle``) may stay where it is by a ``destroy_instead``
    effect (engine/ygo/replacement.py; ``replacement_checked=True`` when the caller already asked).
    """
    before = state.card(card.id)
    checked = kwargs.pop("replacement_checked", False)
    if before.zone in FIELD_ZONES and reason in ("destroy", "battle") and not checked:
        state, replaced = replace_destruction(duel, state, before, reason, key)
        if replaced:
            return state
    state = place_card(duel, state, card, to, reason, key, **kwargs)
    after = state.card(card.id)
    was_on_field = before.zone in FIELD_ZONES
    if was_on_field and after.zone not in FIELD_ZONES:
        if before.summoned_with:
            duel.record("move", "ygo.summon.materials_lost", R.MATERIALS_LOST, card=card.id, card_name=card.name)
        state = duel.sync(state.with_card(replace(
            after, modifiers=(), attacked=False, summoned_this_turn=False, position_changed=False, set_this_turn=False,
            effects_negated="", cannot_attack=False, summoned_with=(), control_returns_to=None, **printed_traits(after),
            last_known=((before.atk, before.def_, before.face_up) if before.zone is Zone.MONSTER_ZONE
                        else after.last_known),
            atk=base(after, "atk") if after.original_atk is not None else after.atk,
            def_=base(after, "def") if after.original_def is not None else after.def_)))
        state = restore(duel, end_continuous(duel, state, before.id), before.id)
        state = break_bonds(duel, state, before, reason)
    sent_now = state.card(card.id).zone is Zone.GRAVEYARD and before.zone is not Zone.GRAVEYARD
    if sent_now != state.card(card.id).sent_to_graveyard_this_turn:
        state = state.with_card(replace(state.card(card.id), sent_to_graveyard_this_turn=sent_now))
    procedure = reason if reason in PROCEDURE_MISSED_TIMING and kwargs.get("kind") != "cost" and not by_effect else ""
    facts = {"player": before.controller if was_on_field else before.owner, "origin": before.zone.value,
             "cause": cause_of(reason, key, kwargs.get("kind", ""), by_effect)}
    if after.zone is Zone.GRAVEYARD or (to is Zone.GRAVEYARD and after.zone is Zone.EXTRA_DECK
                                        and after.subtype == "pendulum"):
        state = duel.event(state, "sent_to_graveyard", card.id, procedure, **facts)
        if was_on_field and kwargs.get("from_field", True):
            state = duel.event(state, "sent_from_field", card.id, procedure, **facts)
    if was_on_field and reason in ("destroy", "battle"):
        state = duel.event(state, "destroyed", card.id, **facts)
        if reason == "battle":
            state = duel.event(state, "destroyed_by_battle", card.id, **facts)
    if after.zone is Zone.BANISHED:
        state = duel.event(state, "banished", card.id, **facts)
    if reason in TRIBUTE_REASONS:
        # Tributed wherever it goes: a Tribute banished instead is still Tributed (ARC-V 3.2.2.1.1.1.i8).
        state = duel.event(state, "tributed", card.id, procedure, **facts)
    if reason == "special_summon" and after.zone is Zone.MONSTER_ZONE:
        state = state.with_card(replace(state.card(card.id), summoned_this_turn=True))
        state = duel.event(state, "special_summoned", card.id, player=after.controller, origin=before.zone.value,
                           cause="effect", method="effect")
        state = apply_continuous(duel, state, state.card(card.id))
    return state


def place_monster(duel: Duel, state: GameState, card: Card, controller: PlayerId, position: Position, reason: str,
                  key: R) -> GameState:
    """Put a monster in its controller's Monster Zone (a summon) and record the move."""
    state = place_card(duel, state, card, Zone.MONSTER_ZONE, reason, key, position=position)
    placed = replace(state.card(card.id), controller=controller, summoned_this_turn=True, set_this_turn=False,
                     original_atk=card.original_atk if card.original_atk is not None else card.atk,
                     original_def=card.original_def if card.original_def is not None else card.def_)
    return duel.sync(state.with_card(placed))


def flip(duel: Duel, state: GameState, card: Card, position: Position, *, flip_effects: bool = True) -> GameState:
    """Turn a face-down monster face-up: it is flipped (ARC-V 3.2.3.i1) and its Continuous Effects apply;
    with ``flip_effects`` ``False`` (the flipping effect says so) its Flip Effect is not activated."""
    card = state.card(card.id)
    flipped = replace(card, position=position,
                      original_atk=card.original_atk if card.original_atk is not None else card.atk,
                      original_def=card.original_def if card.original_def is not None else card.def_)
    state = duel.step(state.with_card(flipped), "move", "ygo.position.flipped", R.FLIPPED, card=card.id,
                      card_name=card.name, position=position.value)
    state = duel.event(state, "flipped", card.id, flip_effects=flip_effects)
    return apply_continuous(duel, state, state.card(card.id))


def shuffle_deck(duel: Duel, state: GameState, player: PlayerId, key: R) -> GameState:
    """Shuffle ``player``'s Deck (a ``shuffle`` step citing ``key``): from now on the order of
    its cards is not known (ARC-V 2.1.4.i2; MR2 ch5.22), so the engine no longer reads the
    document's order as the top of the Deck (:func:`draw_card`)."""
    count = sum(1 for c in state.cards_in(Zone.DECK) if c.owner == player)
    shuffled = state.shuffled_decks if player in state.shuffled_decks else (*state.shuffled_decks, player)
    return duel.step(replace(state, shuffled_decks=shuffled), "shuffle", "ygo.deck.shuffled", key, player=player,
                     count=count)


def deck_order_unknown(state: GameState, player: PlayerId) -> bool:
    """Return whether which card is on top of ``player``'s Deck is unknown: it was shuffled during
    the resolution and its cards do not all have one name (ARC-V 2.1.4.i2; MR2 ch5.22)."""
    names = {c.name for c in state.cards_in(Zone.DECK) if c.owner == player}
    return player in state.shuffled_decks and len(names) > 1


def draw_card(duel: Duel, state: GameState, player: PlayerId, key: R) -> Optional[GameState]:
    """Draw the top card of ``player``'s Deck; return ``None`` if the Deck is empty.

    After the Deck was shuffled its top card is not known (ARC-V 2.1.4.i2; MR2 ch5.22): unless
    every card left in it has the same name, the draw is a ``cannot_evaluate`` step and no card
    moves (the engine never guesses which card was drawn)."""
    deck = [c for c in state.cards_in(Zone.DECK) if c.owner == player]
    if not deck:
        return None
    top = deck[0]
    if deck_order_unknown(state, player):
        return duel.cannot_evaluate(state, "ygo.cannot_evaluate.shuffled_draw", R.DECK_ORDER_HIDDEN, player=player,
                                    count=len(deck))
    state = duel.step(state.with_card(replace(top, zone=Zone.HAND, position=None)), "move", "ygo.move.draw", key,
                      player=player, card=top.id, card_name=top.name)
    return duel.event(state, "drawn", top.id, player=player, origin=Zone.DECK.value)


def set_lp(state: GameState, player: PlayerId, lp: int) -> GameState:
    """Return the state with ``player`` at ``lp`` Life Points, never below 0 (ARC-V 1.4.1.i4)."""
    return state.with_player(replace(state.player(player), lp=max(0, lp)))


def check_lp(duel: Duel, state: GameState) -> GameState:
    """End the Duel if a player's LP are 0 (ARC-V 1.4.1.i6; both at 0: a draw, 1.4.4.i1)."""
    if state.ended:
        return state
    return end_duel(duel, state, [p.id for p in state.players if p.lp == 0], R.LP_ZERO, "lp_zero")


def end_duel(duel: Duel, state: GameState, losers: list[PlayerId], key: R, reason: str) -> GameState:
    """End the Duel if ``losers`` is not empty: both losing is a draw (ARC-V 1.4.4.i1)."""
    if len(losers) == 2:
        duel.record("end", "ygo.duel.draw", R.BOTH_ZERO, reason=reason)
        return replace(state, winner="draw")
    if losers:
        winner = opponent_of(losers[0])
        duel.record("end", "ygo.duel.win", key, winner=winner, loser=losers[0], reason=reason)
        return replace(state, winner=winner)
    return state


def own_monster(card: Card, player: PlayerId) -> bool:
    """Return whether ``card`` is a monster ``player`` controls or holds in the hand."""
    on_field = card.zone is Zone.MONSTER_ZONE and card.controller == player
    return card.kind is CardKind.MONSTER and (on_field or (card.zone is Zone.HAND and card.owner == player))


def free_monster_zones(state: GameState, player: PlayerId, freed: list[Card] | tuple[Card, ...] = ()) -> int:
    """Return how many of ``player``'s Monster Zones are free once ``freed`` have left them (ARC-V 2.1.1.i2)."""
    leaving = sum(1 for c in freed if c.zone is Zone.MONSTER_ZONE and c.controller == player)
    return 5 - len(state.cards_in(Zone.MONSTER_ZONE, player)) + leaving
