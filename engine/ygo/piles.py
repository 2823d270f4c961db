"""The Deck, the hand and the positions of monsters, as effects change them (ARC-V 2.1.4, 2.2,
3.2.5; MR2 ch1.7, ch5.22, ch5.35).

Each verb is one entry of the ``instruction`` slot with the function that applies it:
``add_to_hand`` (searching the Deck, or adding from the Graveyard or banishment), ``discard``,
``shuffle``, ``reveal``, ``excavate`` and ``change_position``. Searching a Deck shuffles it afterwards
(:func:`~engine.ygo.effects.shuffle_searched`), and from then on its order is not known
(:func:`~engine.ygo.primitives.draw_card`).
"""

from __future__ import annotations

from dataclasses import replace

from ..core.vocabulary import Boolean, Choice, Integer, Row
from .duel import Duel
from .effects import _ONE_PLAYER, PLAYER_REF_LABELS, PLAYER_REFS, _check_references, shuffle_searched
from .model import FIELD_ZONES, Card, ChainLink, GameState, Instruction, Position, Zone
from .primitives import deck_order_unknown, destroy_equips, flip, move, shuffle_deck
from .continuous import restore
from .rules import R
from .targets import REFERENCE_KEYS, not_applicable, objects_of
from .values import end_continuous
from .vocabulary import VOCABULARY

_ROW = Row(main=("targets",), extra=("target", "choose", "from", "chosen"))


class ToHandOrGraveyard:
    """A verb that moves the cards it names from the zones it allows (``add_to_hand``,
    ``discard``); a Deck it takes a card out of is shuffled after the action (ARC-V 2.1.4.i4)."""

    def __init__(self, allowed: frozenset[Zone], to: Zone, key: R, *, not_from_deck: R | None = None) -> None:
        self.allowed = allowed
        self.to = to
        self.key = key
        self.not_from_deck = not_from_deck or key

    def __call__(self, duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
        """Move each card the action names that is in an allowed zone; the others are not affected."""
        searched = []
        for card, _targeted in objects_of(duel, state, link, index, part):
            card = state.card(card.id)
            if card.zone not in self.allowed:
                not_applicable(duel, link, card, part)
                continue
            key = self.not_from_deck
            if card.zone is Zone.DECK:
                key = self.key
                if not card.revealed:  # excavated cards are taken without searching the Deck
                    searched.append(card.owner)
            state = move(duel, state, card, self.to, part.do, key)
            if part.lock_name and state.card(card.id).zone is self.to:
                state = lock_name(duel, state, link, card)
            if state.ended:
                break
        return shuffle_searched(duel, state, searched)


def lock_name(duel: Duel, state: GameState, link: ChainLink, card: Card) -> GameState:
    """For the rest of the turn the link's controller cannot activate cards or effects with the
    name of ``card`` (the card's text, ARC-V 4.1.2.i1; refused as a Continuous Effect's
    prohibition is, 3.2.7.1.i2). The lock ends with the turn."""
    lock = (link.controller, card.name, link.card)
    duel.record("effect", "ygo.lock.name", R.CONTINUOUS_APPLIES, link=link.number, player=link.controller,
                name=card.name, card=link.card, card_name=state.card(link.card).name)
    return replace(state, name_locks=(*state.name_locks, lock))


VOCABULARY.entry(
    "instruction", "add_to_hand", rule=(R.ADD_TO_HAND, R.SEARCH_SHUFFLE, R.RETURN, R.TARGET_GONE, R.CONTINUOUS_APPLIES),
    label="Add to the hand",
    keys={**REFERENCE_KEYS, "lock_name": Boolean(label="Name locked this turn", default=False,
                                                 help='"for the rest of this turn, you cannot activate cards, or the '
                                                      'effects of cards, with that name"')},
    check=_check_references, messages=("ygo.move", "ygo.deck.shuffled", "ygo.lock.name", "ygo.illegal.name_locked"),
    row=Row(main=_ROW.main, extra=(*_ROW.extra, "lock_name")),
    doc="Adds each card it names to its owner's hand from the Deck (a search), the Graveyard or banishment (to its "
        "owner's hand, MR2 ch5.21); a card anywhere else (on the field: that is `return_to_hand`) is not affected. A Deck searched is shuffled after the "
        "action, and its order is then unknown: a later draw from it cannot be evaluated unless every card left has "
        "one name (ARC-V 2.1.4.i2, 2.1.4.i4; MR2 ch1.7, ch5.22). With `lock_name`, for the rest of the turn the "
        "link's controller cannot activate cards or effects with the added card's name: such an activation is "
        "illegal, and the lock ends with the turn (the card's text, ARC-V 4.1.2.i1, 3.2.7.1.i2).",
    example={"do": "add_to_hand", "choose": 1, "from": ["d1", "d2"]},
)(ToHandOrGraveyard(frozenset({Zone.DECK, Zone.GRAVEYARD, Zone.BANISHED}), Zone.HAND, R.ADD_TO_HAND,
                    not_from_deck=R.RETURN))

VOCABULARY.entry(
    "instruction", "discard", rule=(R.DISCARD, R.TARGET_GONE), label="Discard", keys=REFERENCE_KEYS,
    check=_check_references, messages=("ygo.move",), row=_ROW,
    doc="Discards each card it names from its owner's hand to the Graveyard, by a card effect (unlike the hand-limit "
        "discard at the end of the turn, ARC-V 2.2.i4); a card not in the hand is not affected (MR2 ch5.35). As "
        "`choose`/`from` it is the player's choice on resolution.",
    example={"do": "discard", "choose": 1, "from": ["h1", "h2"]},
)(ToHandOrGraveyard(frozenset({Zone.HAND}), Zone.GRAVEYARD, R.DISCARD))


@VOCABULARY.entry(
    "instruction", "shuffle", rule=(R.SHUFFLE, R.DECK_ORDER_HIDDEN), label="Shuffle the Deck",
    keys={"player": Choice(values=PLAYER_REFS, what="player", label="Player", labels=PLAYER_REF_LABELS,
                           help="whose Deck: self (the default), opponent, both, p1 or p2", default="self")},
    messages=("ygo.deck.shuffled",), row=Row(main=("player",)),
    doc="Shuffles the player's Deck (with `both`, each Deck, the turn player's first): from then on the order of its "
        "cards is not known, so a later draw from it cannot be evaluated unless every card left has one name (MR2 "
        "ch5.22; ARC-V 2.1.4.i2).",
    example={"do": "shuffle", "player": "opponent"})
def shuffle(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Shuffle each named player's Deck."""
    players = duel.player_ids(part.player, link.controller)
    players.sort(key=lambda p: p != state.turn.active)
    for player in players:
        state = shuffle_deck(duel, state, player, R.SHUFFLE)
    return state


_POSITIONS = {"attack": Position.ATTACK, "defense": Position.DEFENSE, "face-down defense": Position.FACE_DOWN_DEFENSE}


@VOCABULARY.entry(
    "instruction", "change_position", rule=(R.POSITION_BY_EFFECT, R.FLIPPED, R.TARGET_GONE, R.EQUIP_DESTROYED),
    label="Change position",
    keys={**REFERENCE_KEYS,
          "position": Choice(values=tuple(_POSITIONS), what="battle position", label="To position",
                             labels={"attack": "Face-up Attack", "defense": "Face-up Defense",
                                     "face-down defense": "Face-down Defense"},
                             help="attack, defense or face-down defense; default: the other of Attack and Defense"),
          "flip_effects": Boolean(label="Flip Effects activate", default=True,
                                  help="false: \"Flip Effects are not activated\" for the monsters it flips face-up")},
    check=_check_references, messages=("ygo.position.changed", "ygo.position.flipped", "ygo.rule.equip_destroyed"),
    row=Row(main=("targets", "position"), extra=("target", "choose", "from", "chosen", "flip_effects")),
    doc="Changes the battle position of each monster it names by the effect: to `position`, or without it from Attack "
        "to Defense Position and back (a face-down monster to face-up Attack). This is not the player's own position "
        "change: it is not limited to once per turn, and a monster Summoned this turn or that attacked can be changed "
        "(ARC-V 3.2.5.i2; MR2: a ruling). A face-down monster changed to a face-up position is flipped, not Flip "
        "Summoned, and its Flip Effect triggers (ARC-V 3.2.3.i1), unless `flip_effects: false` (\"Flip Effects are not "
        "activated\", the card's text, ARC-V 4.1.2.i1; its other \"when flipped\" triggers still do); a monster already in that position is not affected. A "
        "monster turned face-down stops applying its Continuous Effects at once (3.2.7.1.i3). A monster turned face-down also loses its Equip Cards: they "
        "are destroyed (ARC-V 3.3.3.4.i8).",
    example={"do": "change_position", "target": "m1", "position": "defense"})
def change_position(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Change each named monster's position; flip a face-down one that becomes face-up."""
    wanted = _POSITIONS.get(part.position)
    for card, _targeted in objects_of(duel, state, link, index, part):
        card = state.card(card.id)
        to = wanted or (Position.DEFENSE if card.position is Position.ATTACK else Position.ATTACK)
        if card.zone is not Zone.MONSTER_ZONE or card.position is to:
            not_applicable(duel, link, card, part)
            continue
        if card.position is Position.FACE_DOWN_DEFENSE:
            state = flip(duel, state, card, to, flip_effects=part.flip_effects)
            continue
        state = duel.step(state.with_card(replace(card, position=to)), "move", "ygo.position.changed",
                          R.POSITION_BY_EFFECT, card=card.id, card_name=card.name, position=to.value, by="effect")
        if to is Position.FACE_DOWN_DEFENSE:
            # No longer face-up: its Continuous Effects stop at once (ARC-V 3.2.7.1.i3).
            state = restore(duel, end_continuous(duel, state, card.id), card.id)
            state = destroy_equips(duel, state, card)
    return state


_HIDDEN = frozenset({Zone.HAND, Zone.DECK, Zone.EXTRA_DECK})


@VOCABULARY.entry(
    "instruction", "reveal", rule=(R.REVEAL, R.TARGET_GONE), label="Reveal", keys=REFERENCE_KEYS,
    check=_check_references, messages=("ygo.reveal",), row=_ROW,
    doc="Shows each card it names that is hidden (in the hand, the Deck, the Extra Deck, or face-down on the field) to "
        "both players: it is public information (`revealed` on the board) while it stays where it is; a card already "
        "public is not affected (ARC-V 2.2.i7; MR2: a ruling).",
    example={"do": "reveal", "target": "h1"})
def reveal(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Mark each named hidden card revealed."""
    for card, _targeted in objects_of(duel, state, link, index, part):
        card = state.card(card.id)
        hidden = card.zone in _HIDDEN or (card.zone in FIELD_ZONES and not card.face_up)
        if not hidden or card.revealed:
            not_applicable(duel, link, card, part, R.REVEAL)
            continue
        state = duel.step(state.with_card(replace(card, revealed=True)), "reveal", "ygo.reveal", R.REVEAL,
                          card=card.id, card_name=card.name, zone=card.zone.value, player=card.owner)
    return state


@VOCABULARY.entry(
    "instruction", "excavate", rule=(R.EXCAVATE, R.DECK_ORDER_HIDDEN), label="Excavate",
    keys={"player": _ONE_PLAYER, "amount": Integer(low=1, high=999_999, label="Cards", help="how many from the top")},
    required=("amount",),
    messages=("ygo.reveal.excavate", "ygo.cannot_evaluate.shuffled_top", "ygo.cannot_evaluate.excavate_short"),
    row=Row(main=("player", "amount")),
    doc="Reveals the top `amount` cards of the player's Deck (default: the link's controller): they stay on top, in "
        "order, `revealed` on the board, until a later action of the effect moves them by their ids (official ruling). "
        "After the Deck was shuffled which cards are on top is not known: unless every card left has one name, that is "
        "a `cannot_evaluate` step (ARC-V 2.1.4.i2; MR2 ch5.22). More cards than the Deck holds is a `cannot_evaluate` step "
        "too: neither document says what that does (the card's own text decides).",
    example={"do": "excavate", "amount": 3})
def excavate(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Reveal the top cards of the Deck, in the document's order, unless that order is unknown."""
    player = duel.player_ids(part.player, link.controller)[0]
    deck = [c for c in state.cards_in(Zone.DECK) if c.owner == player]
    if deck_order_unknown(state, player):
        return duel.cannot_evaluate(state, "ygo.cannot_evaluate.shuffled_top", R.DECK_ORDER_HIDDEN, player=player,
                                    count=len(deck), amount=part.amount)
    if len(deck) < (part.amount or 0):  # neither document says what excavating more than the Deck holds does
        return duel.cannot_evaluate(state, "ygo.cannot_evaluate.excavate_short", R.EXCAVATE, player=player,
                                    count=len(deck), amount=part.amount)
    top = deck[:part.amount or 0]
    for card in top:
        state = state.with_card(replace(card, revealed=True))
    return duel.step(state, "reveal", "ygo.reveal.excavate", R.EXCAVATE, player=player, cards=[c.id for c in top],
                     count=len(top), asked=part.amount)
