"""What a resolving effect does to cards and Life Points (ARC-V 1.4, 2.1.3, 2.3, 3.2.2.3.2,
4.1.2, 4.1.3; MR2 ch3.2, ch5.19–ch5.21, ch5.30–ch5.34).

Each verb is one entry of the ``instruction`` slot with the function that applies it:
``(duel, state, link, index, part) -> state``. Negations live in :mod:`engine.ygo.negation`,
ATK/DEF changes in :mod:`engine.ygo.values`, Fusion and Ritual Summons in
:mod:`engine.ygo.procedures`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Optional

from ..core.validation import Path
from ..core.vocabulary import Boolean, Choice, Integer, Row, Text, Validation
from .filters import CardFilterField
from .amounts import AMOUNT_DOC, AMOUNT_KEYS, AMOUNT_MESSAGES, check_amount, read_amount
from .duel import Duel
from .model import FIELD_ZONES, Card, CardKind, ChainLink, GameState, Instruction, Position, Zone, opponent_of
from .protection import not_destroyed_by_effect, summon_forbidden
from .tribute_lock import tribute_refused
from .replacement import leaving_together
from .primitives import check_lp, deck_order_unknown, draw_card, end_duel, move, set_lp, shuffle_deck
from .rules import R
from .targets import REFERENCE_KEYS, check_references, not_applicable, objects_of
from .vocabulary import VOCABULARY

MAX_VALUE = 999_999
PLAYER_REFS = ("self", "opponent", "both", "p1", "p2")
ONE_PLAYER = ("self", "opponent", "p1", "p2")
PLAYER_REF_LABELS = {"self": "The activating player", "opponent": "Their opponent", "both": "Both players",
                     "p1": "Player 1", "p2": "Player 2"}
"""The English label of each player an action names (the builder's choice labels)."""
_PLAYER = Choice(values=PLAYER_REFS, what="player", label="Player", labels=PLAYER_REF_LABELS,
                 help="self (the link's controller, the default), opponent, both, p1 or p2", default="self")
_ONE_PLAYER = Choice(values=ONE_PLAYER, what="player", label="Player",
                     labels={ref: PLAYER_REF_LABELS[ref] for ref in ONE_PLAYER},
                     help="self (the link's controller, the default), opponent, p1 or p2", default="self")
_REFERENCE_ROW = Row(main=("targets",), extra=("target", "choose", "from", "chosen"))


def _check_references(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    check_references(value, path, v)


def shuffle_searched(duel: Duel, state: GameState, owners: list[str], key: R = R.SEARCH_SHUFFLE) -> GameState:
    """Shuffle each Deck an effect has just searched (or shuffled cards into), once, after the
    action (ARC-V 2.1.4.i4; MR2 ch1.7, ch5.22).

    ``owners`` are the owners of the Decks, in the order the action reached them."""
    for owner in dict.fromkeys(owners):
        if not state.ended:
            state = shuffle_deck(duel, state, owner, key)
    return state


class MoveCards:
    """A verb that moves the cards it names from the zones it allows to one zone.

    A card it takes out of the Deck was searched for: that Deck is shuffled after the action
    (ARC-V 2.1.4.i4). ``banish`` with ``face_down`` banishes face-down (2.3.1.i1);
    ``return_to_deck`` with ``place`` puts the cards on the top, on the bottom, or shuffles
    them in."""

    def __init__(self, allowed: frozenset[Zone], to: Zone, key: R) -> None:
        self.allowed = allowed
        self.to = to
        self.key = key

    def __call__(self, duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
        """Move each card the action names; a card not in an allowed zone is not affected."""
        if part.from_top is not None:
            return send_from_top(duel, state, link, part)
        searched, shuffled_in = [], []
        if self.to is Zone.GRAVEYARD:
            state = leaving_together(duel, state, [c for c in map(state.card, part.objects) if c.zone in FIELD_ZONES])
        for card, _targeted in objects_of(duel, state, link, index, part):
            card = state.card(card.id)
            if card.zone not in self.allowed:
                not_applicable(duel, link, card, part)
                continue
            if part.do == "destroy" and not_destroyed_by_effect(duel, state, link, card, part):
                continue
            if part.do == "tribute" and tribute_refused(duel, state, link, card, part):
                continue
            if card.zone is Zone.DECK and not card.revealed:
                searched.append(card.owner)
            kwargs: dict[str, Any] = {}
            key = self.key
            if self.to is Zone.BANISHED and part.face_down:
                kwargs, key = {"position": Position.FACE_DOWN}, R.BANISH_FACE_DOWN
            elif self.to is Zone.DECK:
                kwargs = {"top": part.place == "top", "bottom": part.place == "bottom"}
                key = R.DECK_BOTTOM if part.place == "bottom" else self.key
            state = move(duel, state, card, self.to, part.do, key, by_effect=True, **kwargs)
            if self.to is Zone.DECK and part.place == "shuffle" and state.card(card.id).zone is Zone.DECK:
                shuffled_in.append(card.owner)
            if state.ended:
                break
        return shuffle_searched(duel, shuffle_searched(duel, state, searched), shuffled_in, R.SHUFFLE)


def send_from_top(duel: Duel, state: GameState, link: ChainLink, part: Instruction) -> GameState:
    """Send the top ``part.from_top`` cards of the player's Deck to the Graveyard, in order from
    the top: no card is chosen, so the Deck is not searched and not shuffled (official ruling).

    An empty Deck sends nothing and the player does not lose (ARC-V 1.4.2.i2); a Deck with fewer
    cards, or one shuffled during the resolution (its top is not known, ARC-V 2.1.4.i2), is a
    ``cannot_evaluate`` step: the documents do not say what sending more than the Deck holds does."""
    player = duel.player_ids(part.player, link.controller)[0]
    deck = [c for c in state.cards_in(Zone.DECK) if c.owner == player]
    count = part.from_top or 0
    if not deck:
        duel.record("no_effect", "ygo.no_effect.deck_empty", R.DECK_EMPTY_NO_LOSS, link=link.number, player=player,
                    amount=count)
        return state
    if deck_order_unknown(state, player) or len(deck) < count:
        message = "ygo.cannot_evaluate.shuffled_mill" if len(deck) >= count else "ygo.cannot_evaluate.mill_short"
        key = R.DECK_ORDER_HIDDEN if len(deck) >= count else R.CARD_TEXT
        return duel.cannot_evaluate(state, message, key, link=link.number, player=player, amount=count, count=len(deck))
    for card in deck[:count]:
        state = move(duel, state, card, Zone.GRAVEYARD, "send_to_graveyard", R.SEND_FROM_TOP, by_effect=True)
        if state.ended:
            break
    return state


def _check_send(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    check_references(value, path, v, alternatives=("from_top",))
    named = [key for key in REFERENCE_KEYS if key in value]
    if "from_top" in value and named:
        v.error((*path, "from_top"), f"from_top sends the top cards of the Deck: give it or {named[0]}, not both")
    if "player" in value and "from_top" not in value:
        v.error((*path, "player"), "player names whose Deck from_top reads: give from_top too")


def _move_verb(name: str, label: str, allowed: frozenset[Zone], to: Zone, key: R, doc: str, *,
               keys: Optional[dict[str, Any]] = None, rule: tuple[R, ...] = (), messages: tuple[str, ...] = (),
               example: Optional[dict[str, Any]] = None, check: Any = None) -> None:
    VOCABULARY.entry("instruction", name, rule=(key, R.TO_OWNER, R.TARGET_GONE, R.SELECT_ALL, *rule), label=label,
                     keys={**REFERENCE_KEYS, **(keys or {})}, check=check or _check_references,
                     messages=("ygo.move", *messages),
                     row=Row(main=("targets", *(keys or {})), extra=_REFERENCE_ROW.extra) if keys else _REFERENCE_ROW,
                     doc=doc, example=example or {"do": name, "target": "m1"})(MoveCards(allowed, to, key))


_SEARCHED = (R.SEARCH_SHUFFLE,)
_SHUFFLED = ("ygo.deck.shuffled",)
_move_verb("destroy", "Destroy", FIELD_ZONES, Zone.GRAVEYARD, R.DESTROY,
           "Destroys each card it names that is on the field: it goes to its owner's Graveyard (a Token is removed, a "
           "Pendulum Monster under ARC-V goes face-up to the Extra Deck) and counts as destroyed for triggers (ARC-V "
           "2.1.3.i1; MR2 ch5.32).")
_move_verb("send_to_graveyard", "Send to the Graveyard",
           frozenset({Zone.HAND, Zone.DECK, Zone.EXTRA_DECK, Zone.BANISHED, *FIELD_ZONES}), Zone.GRAVEYARD, R.SEND_TO_GY,
           "Sends each card it names to its owner's Graveyard from the hand, Deck, Extra Deck, banishment or the "
           "field; this is not destruction (ARC-V 2.1.3.i1; MR2 ch5.34). A card chosen from the Deck was searched "
           "for: that Deck is shuffled afterwards (ARC-V 2.1.4.i2, 2.1.4.i4; MR2 ch1.7). With `from_top: N` instead "
           "of cards, the top N cards of the player's Deck are sent: nothing is chosen, so the Deck is not shuffled "
           "(official ruling); an empty Deck sends nothing and the player does not lose (ARC-V 1.4.2.i2), and a Deck "
           "with fewer cards, or shuffled during the resolution, is a `cannot_evaluate` step.",
           keys={"from_top": Integer(low=1, high=60, label="Top cards of the Deck",
                                     help="send the top N cards of the player's Deck instead of named cards"),
                 "player": _ONE_PLAYER},
           rule=(*_SEARCHED, R.SEND_FROM_TOP, R.DECK_EMPTY_NO_LOSS, R.DECK_ORDER_HIDDEN),
           messages=(*_SHUFFLED, "ygo.no_effect.deck_empty", "ygo.cannot_evaluate.shuffled_mill",
                     "ygo.cannot_evaluate.mill_short"), check=_check_send,
           example={"do": "send_to_graveyard", "from_top": 3})
_move_verb("banish", "Banish", frozenset({Zone.HAND, Zone.DECK, Zone.EXTRA_DECK, Zone.GRAVEYARD, *FIELD_ZONES}),
           Zone.BANISHED, R.BANISH,
           "Banishes each card it names face-up, or face-down with `face_down` (then it is hidden and only its owner "
           "may look at it) (ARC-V 2.3.i3, 2.3.1.i1; MR2 ch5.19). A card taken from the Deck was searched for: that "
           "Deck is shuffled afterwards (ARC-V 2.1.4.i4).",
           keys={"face_down": Boolean(label="Face-down", help="banish face-down (ARC-V 2.3.1.i1)", default=False)},
           rule=(R.BANISH_FACE_DOWN, *_SEARCHED), messages=_SHUFFLED,
           example={"do": "banish", "target": "m1", "face_down": True})
_move_verb("tribute", "Tribute", frozenset({Zone.MONSTER_ZONE}), Zone.GRAVEYARD, R.TRIBUTE_BY_EFFECT,
           "Tributes each monster it names that the link's controller controls, face-up or face-down: it is sent to "
           "the Graveyard (a Token is removed) and is not destroyed, so it counts as sent to the Graveyard and sent "
           "from the field for triggers, never as destroyed; unlike the Tributes of a Tribute Summon it is not part "
           "of a summoning procedure (ARC-V 4.2.2.1.i2; MR2 ch5.16). A monster the opponent controls is "
           "not affected.", rule=(R.TRIBUTE_OWN,), example={"do": "tribute", "target": "m1"})
_move_verb("return_to_hand", "Return to the hand", frozenset({Zone.GRAVEYARD, Zone.BANISHED, *FIELD_ZONES}), Zone.HAND,
           R.RETURN,
           "Returns each card it names to its owner's hand; a Fusion, Synchro or Xyz Monster goes to the Extra Deck "
           "instead (MR2 ch5.21).")
_move_verb("return_to_deck", "Return to the Deck",
           frozenset({Zone.HAND, Zone.GRAVEYARD, Zone.BANISHED, *FIELD_ZONES}), Zone.DECK, R.RETURN,
           "Returns each card it names to its owner's Deck: on top (the default), on the bottom (`place: bottom`), or "
           "shuffled into it (`place: shuffle`: the Deck is shuffled after the action); a Fusion, Synchro or Xyz "
           "Monster goes to the Extra Deck instead (MR2 ch5.21, ch5.22).",
           keys={"place": Choice(values=("top", "bottom", "shuffle"), what="place in the Deck", label="Where",
                                 labels={"top": "On top", "bottom": "On the bottom", "shuffle": "Shuffled in"},
                                 help="top (the default), bottom or shuffle", default="top")},
           rule=(R.DECK_BOTTOM, R.SHUFFLE), messages=_SHUFFLED,
           example={"do": "return_to_deck", "target": "m1", "place": "shuffle"})


@VOCABULARY.entry(
    "instruction", "draw", rule=(R.DRAW, R.BOTH_PLAYERS_ACT, R.DECK_OUT), label="Draw",
    keys={"player": _PLAYER, "amount": Integer(low=0, high=MAX_VALUE, label="Cards", help="how many; default 1",
                                               default=1)},
    messages=("ygo.move.draw",), row=Row(main=("player", "amount")),
    doc="The player draws that many cards from the top of their Deck; with `both`, each player draws, the turn player "
        "first, and the draws cite that rule (ARC-V 4.1.2.i5; MR2 ch5.4). A player who must draw from an empty Deck loses the Duel (ARC-V 1.4.2.i1; MR2 ch3.2).",
    example={"do": "draw", "player": "self", "amount": 2})
def draw(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Draw; when both players draw, the turn player first (ARC-V 4.1.2.i5; MR2 ch5.4), each draw citing
    that rule. A player who cannot draw loses (a draw if both cannot)."""
    players = duel.player_ids(part.player, link.controller)
    players.sort(key=lambda p: p != state.turn.active)
    key = R.BOTH_PLAYERS_ACT if len(players) > 1 else R.DRAW
    decked_out = []
    for player in players:
        for _ in range(part.amount if part.amount is not None else 1):
            drawn = draw_card(duel, state, player, key)
            if drawn is None:
                decked_out.append(player)
                break
            state = drawn
    return end_duel(duel, state, decked_out, R.DECK_OUT, "deck_out")


class ChangeLife:
    """``damage`` (LP lost) or ``gain_lp`` (LP gained) for the players it names."""

    def __init__(self, sign: int) -> None:
        self.sign = sign

    def __call__(self, duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
        """Change each named player's LP, then end the Duel if LP reached 0 (ARC-V 1.4.1.i6)."""
        amount: Optional[int] = part.amount or 0
        if part.per is not None:
            count = sum(1 for c in state.cards if (part.per.zone is not None or c.zone in FIELD_ZONES)
                        and part.per.matches(c, link.controller, state, link.event_cards, link.card))
            amount = (part.amount or 0) * count
            duel.record("effect", "ygo.amount.per", R.CARD_TEXT, link=link.number, each=part.amount or 0, count=count,
                        amount=amount)
        if part.equal_to:
            amount, state = read_amount(duel, state, link, part)
            if amount is None:
                return state
        for player_id in duel.player_ids(part.player, link.controller):
            state = set_lp(state, player_id, state.player(player_id).lp + self.sign * amount)
            lp = state.player(player_id).lp
            if self.sign < 0:
                state = duel.step(state, "damage", "ygo.damage", R.DAMAGE, player=player_id, amount=amount, lp=lp)
            else:
                state = duel.step(state, "lp", "ygo.lp.gain", R.GAIN_LP, player=player_id, amount=amount, lp=lp)
        return check_lp(duel, state)


_LIFE_KEYS = {"player": _PLAYER, "amount": Integer(low=0, high=MAX_VALUE, label="LP", help="how many Life Points"),
              **AMOUNT_KEYS,
              "per": CardFilterField(label="For each card that fits", allow_event=True,
                                     help='"500 damage for each monster your opponent controls": amount times the '
                                          "cards that fit this filter when it applies (on the field unless it names a "
                                          "zone)")}


def _check_life(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    check_amount(value, path, v)
    if "per" in value and "amount" not in value:
        v.error((*path, "amount"), "per multiplies amount: give the amount for each card")
VOCABULARY.entry(
    "instruction", "damage", rule=(R.DAMAGE, R.LP_ZERO, R.BOTH_ZERO, R.LAST_KNOWN, R.STAT_LOST), label="Inflict damage",
    keys=_LIFE_KEYS, check=_check_life, messages=("ygo.damage", "ygo.amount.per", *AMOUNT_MESSAGES),
    row=Row(main=("player", "amount", "equal_to", "of"), extra=("per",)),
    doc="The player loses that many LP (never below 0); a player at 0 LP loses at once, even in the middle of a "
        "chain, and both at 0 is a draw (ARC-V 1.4.1.i2, 1.4.1.i6, 1.4.4.i1; MR2 ch3.2). Instead of `amount`, "
        "`equal_to` with `of` reads the amount from a card when it applies: " + AMOUNT_DOC + " With `per` (a filter), "
        "`amount` is for each card that fits it when the action applies (\"500 damage for each monster your "
        "opponent controls\"; the card's text, ARC-V 4.1.2.i1).",
    example={"do": "damage", "player": "opponent", "amount": 800})(ChangeLife(-1))
VOCABULARY.entry(
    "instruction", "gain_lp", rule=(R.GAIN_LP, R.LAST_KNOWN, R.STAT_LOST), label="Gain LP", keys=_LIFE_KEYS,
    check=_check_life, messages=("ygo.lp.gain", "ygo.amount.per", *AMOUNT_MESSAGES),
    row=Row(main=("player", "amount", "equal_to", "of"), extra=("per",)),
    doc="The player gains that many LP (neither document states a general rule for gaining LP: the step rests on "
        "the card's text). Instead of `amount`, `equal_to` with `of` reads the amount from a card: " + AMOUNT_DOC
        + " With `per`, `amount` is for each card that fits that filter.",
    example={"do": "gain_lp", "amount": 500})(ChangeLife(+1))


def _level_fits(card: Card, max_level: int) -> bool:
    """Return whether ``card`` is "a Level ``max_level`` or lower monster"."""
    return card.kind is CardKind.MONSTER and card.level is not None and card.level <= max_level


@VOCABULARY.entry(
    "instruction", "special_summon", rule=(R.SPECIAL_SUMMON, R.MONSTER_ZONE_FULL, R.SEARCH_SHUFFLE, R.SUMMON_CONDITIONS),
    label="Special Summon",
    keys={**REFERENCE_KEYS, "player": _ONE_PLAYER,
          "position": Choice(values=("attack", "defense"), what="summon position", label="Position",
                             help="face-up attack (the default) or face-up defense (ARC-V 3.2.2.3.i5)",
                             default="attack"),
          "max_level": Integer(low=1, high=13, label="Level or lower", help='"a Level N or lower monster": N'),
          "negate_effects": Boolean(label="Effects negated", help='"its effects are negated"', default=False),
          "cannot_attack": Boolean(label="Cannot attack this turn", help='"it cannot attack this turn"', default=False),
          "bind": Boolean(label="Bound to this card", default=False,
                          help='"when this card leaves the field, destroy that monster; when that monster is '
                               'destroyed, destroy this card"')},
    check=_check_references,
    messages=("ygo.move", "ygo.deck.shuffled", "ygo.summon.effects_negated", "ygo.summon.cannot_attack",
              "ygo.no_effect.summon_level", "ygo.bond.made", "ygo.bond.destroyed"),
    row=Row(main=("targets", "position"), extra=("player", "target", "choose", "from", "chosen", "max_level",
                                                 "negate_effects", "cannot_attack", "bind")),
    doc="Special Summons each monster it names to the player's Monster Zone (default: the link's controller), face-up "
        "in Attack or Defense Position as `position` says (ARC-V 3.2.2.3.2.i1, 3.2.2.3.i5; MR2 ch2.21). A monster "
        "on the field, a material or a non-monster is not affected; without a free Monster Zone nothing is summoned. "
        "A monster Summoned from the Deck was searched for: that Deck is shuffled afterwards (ARC-V 2.1.4.i4). The "
        "card's conditions apply as its text says (ARC-V 4.1.2.i1; MR2 ch5.6): `max_level` (\"a Level 4 or lower "
        "monster\": a monster of a higher Level is not Summoned, and a choice on resolution is made among the "
        "monsters that fit, ARC-V 4.1.2.i4), `negate_effects` (its effects are negated while it "
        "stays face-up on the field, so its Continuous Effects never apply), `cannot_attack` (an attack "
        "declaration by it this turn is illegal) and `bind` (the link's card, still on the field, and the monster "
        "are bound: when the card leaves the field the monster is destroyed, and when the monster is destroyed the "
        "card is; the monster leaving otherwise ends the bond; the card's text, ARC-V 4.1.2.i1).",
    example={"do": "special_summon", "target": "m1", "position": "defense"})
def special_summon(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Move each monster it names to the player's Monster Zone in the position given, with the
    conditions the action states."""
    player = duel.player_ids(part.player, link.controller)[0]
    searched = []
    if part.max_level is not None and part.choose is not None:
        # A choice made on resolution is made among the monsters the text allows (ARC-V 4.1.2.i4).
        part = replace(part, options=tuple(o for o in part.options if _level_fits(state.card(o), part.max_level)))
    for card, _targeted in objects_of(duel, state, link, index, part):
        card = state.card(card.id)
        if summon_forbidden(duel, state, link, card):
            continue
        if card.kind is not CardKind.MONSTER or card.zone in FIELD_ZONES or card.zone in (Zone.MATERIAL, Zone.REMOVED):
            not_applicable(duel, link, card, part)
            continue
        if part.max_level is not None and not _level_fits(card, part.max_level):
            duel.record("no_effect", "ygo.no_effect.summon_level", R.SUMMON_CONDITIONS, link=link.number,
                        target=card.id, target_name=card.name, level=card.level, max_level=part.max_level)
            continue
        if len(state.cards_in(Zone.MONSTER_ZONE, player)) >= 5:
            duel.record("no_effect", "ygo.no_effect.zone_full", R.MONSTER_ZONE_FULL, link=link.number,
                        target=card.id, target_name=card.name)
            continue
        position = Position.DEFENSE if part.position == "defense" else Position.ATTACK
        if card.zone is Zone.DECK and not card.revealed:
            searched.append(card.owner)
        if part.negate_effects:
            # Negated before it arrives: its Continuous Effects never apply (ARC-V 4.1.2.i1).
            state = state.with_card(replace(card, effects_negated="permanent"))
        state = move(duel, state, card, Zone.MONSTER_ZONE, "special_summon", R.SPECIAL_SUMMON, position=position)
        state = duel.sync(state.with_card(replace(state.card(card.id), controller=player,
                                                  cannot_attack=part.cannot_attack)))
        source = state.card(link.card)
        if part.bind and source.zone in FIELD_ZONES and state.card(card.id).zone is Zone.MONSTER_ZONE:
            state = state.with_card(replace(source, bound_to=card.id))
            duel.record("effect", "ygo.bond.made", R.CARD_TEXT, link=link.number, card=source.id,
                        card_name=source.name, target=card.id, target_name=card.name)
        for flag, message in ((part.negate_effects, "ygo.summon.effects_negated"),
                              (part.cannot_attack, "ygo.summon.cannot_attack")):
            if flag:
                duel.record("effect", message, R.SUMMON_CONDITIONS, link=link.number, card=card.id, card_name=card.name)
    return shuffle_searched(duel, state, searched)


@VOCABULARY.entry(
    "instruction", "change_control", rule=(R.CONTROL, R.MONSTER_ZONE_FULL, R.LINGERING_EXPIRES), label="Take control",
    keys={**REFERENCE_KEYS, "until": VOCABULARY.use("duration", label="Until", default="permanent",
                                                    help="permanent (the default) or end_phase: control goes back then")},
    check=_check_references, messages=("ygo.move.control", "ygo.move.control_back"),
    row=Row(main=("targets", "until"), extra=_REFERENCE_ROW.extra),
    doc="The link's controller takes control of each monster it names that the opponent controls, if they have a "
        "free Monster Zone (ARC-V 4.1.3.i1; MR2 ch5.21). With `until: end_phase` the monster goes back to the player "
        "who controlled it when the End Phase begins, if it is still in the Monster Zone (the card's text; when a "
        "lingering effect ends: a ruling).",
    example={"do": "change_control", "target": "m2"})
def change_control(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Give the link's controller each opposing monster it names."""
    for card, _targeted in objects_of(duel, state, link, index, part):
        card = state.card(card.id)
        if card.zone is not Zone.MONSTER_ZONE or card.controller == link.controller:
            not_applicable(duel, link, card, part)
            continue
        if len(state.cards_in(Zone.MONSTER_ZONE, link.controller)) >= 5:
            duel.record("no_effect", "ygo.no_effect.zone_full", R.MONSTER_ZONE_FULL, link=link.number,
                        target=card.id, target_name=card.name)
            continue
        back = card.controller if part.until == "end_phase" else None
        state = duel.step(state.with_card(replace(card, controller=link.controller, control_returns_to=back)), "move",
                          "ygo.move.control",
                          R.CONTROL, card=card.id, card_name=card.name, player=link.controller)
    return state


@VOCABULARY.entry(
    "instruction", "win", rule=(R.WIN_BY_EFFECT,), label="Win the Duel", keys={"player": _ONE_PLAYER},
    messages=("ygo.duel.win",), row=Row(main=("player",)),
    doc="The player (default: the link's controller) wins the Duel by the card's effect (ARC-V 1.4.3.i1; MR2 ch3.2).",
    example={"do": "win", "player": "self"})
def win(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """End the Duel with that player the winner."""
    winner = duel.player_ids(part.player, link.controller)[0]
    duel.record("end", "ygo.duel.win", R.WIN_BY_EFFECT, winner=winner, loser=opponent_of(winner), reason="effect")
    return replace(state, winner=winner)


@VOCABULARY.entry(
    "instruction", "unsupported", rule=(R.CARD_TEXT,), label="Text the engine cannot read",
    keys={"text": Text(min_length=1, max_length=4_000, label="Card text", help="what this part of the effect says")},
    required=("text",), messages=("ygo.cannot_evaluate",), row=Row(main=("text",)),
    doc="A part of an effect the vocabulary cannot say. When the link resolves it is a `cannot_evaluate` step naming "
        "the card and the text, and the result is `complete: false`: the engine never guesses what card text does "
        "(ARC-V 4.1.2.i1; MR2 ch5.6).",
    example={"do": "unsupported", "text": "Negate the effects of face-up monsters on the field."})
def unsupported(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Record the text the engine cannot evaluate."""
    card = state.card(link.card)
    return duel.cannot_evaluate(state, "ygo.cannot_evaluate", link=link.number, card=card.id, card_name=card.name,
                                detail=f"unsupported card text: {part.text}")
