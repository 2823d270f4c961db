"""Costs (ARC-V 4.2.2; MR2 ch5.16, ch5.19, ch5.20, ch5.34, ch5.35).

A cost is paid when the effect is activated, before anyone can respond, and never refunded
(ARC-V 4.2.2.i2); a cost that cannot be paid makes the activation illegal (4.2.2.i3). Each
cost verb is one entry of the ``cost`` slot whose apply is a :class:`CostRule`: ``verify``
(called while the activation is checked) and the payment itself.
"""

from __future__ import annotations

from dataclasses import replace

from typing import Any

from ..core.validation import Path
from ..core.vocabulary import Const, Either, Integer, ListOf, Ref, Row, Text, Validation
from .duel import Duel
from .filters import CardFilterField, ranked
from .model import FIELD_ZONES, Card, GameState, Instruction, PlayerId, Zone
from .primitives import check_lp, move
from .replacement import verify_cost_destination
from .rules import R
from .vocabulary import VOCABULARY

MAX_VALUE = 999_999
MAX_MATERIALS = 20
MAX_COUNTERS = 99


class CostRule:
    """How one cost verb is checked and paid."""

    def verify(self, duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction) -> None:
        """Raise :class:`~engine.core.IllegalAction` if ``controller`` cannot pay ``cost`` now."""

    def __call__(self, duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction,
                 link: int) -> GameState:
        """Pay ``cost`` for Chain Link ``link`` and return the new state."""
        raise NotImplementedError


class PayLife(CostRule):
    """``pay_lp``: a number of LP, or half of them (rounding the LP kept up, ARC-V 4.1.4.i1)."""

    def verify(self, duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction) -> None:
        lp = state.player(controller).lp
        if not cost.half and (cost.amount or 0) > lp:
            raise duel.illegal(R.LP_COST_LIMIT, "ygo.illegal.cost_unpayable", card=card.id, card_name=card.name,
                               cost=cost.do, reason=f"{controller} has {lp} LP")

    def __call__(self, duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction,
                 link: int) -> GameState:
        player = state.player(controller)
        if cost.half:
            amount, key = player.lp - (player.lp + 1) // 2, R.HALVING
        else:
            amount, key = cost.amount or 0, R.COST_PAID
        player = replace(player, lp=player.lp - amount)
        state = duel.step(state.with_player(player), "cost", "ygo.cost.pay_lp", key, card=card.id, card_name=card.name,
                          player=controller, amount=amount, lp=player.lp)
        return check_lp(duel, state)


class MoveCard(CostRule):
    """A cost that moves one card the player holds or controls (a discard, a Tribute …)."""

    def __init__(self, allowed: frozenset[Zone], to: Zone, key: R, *, no_token: bool = False) -> None:
        self.allowed = allowed
        self.to = to
        self.key = key
        self.no_token = no_token

    def options(self, state: GameState, card: Card, controller: PlayerId, cost: Instruction) -> list[Card]:
        """Return the cards other than ``card`` that ``controller`` could pay an ``among`` cost with."""
        assert cost.among is not None
        return ranked([c for c in state.cards if c.id != card.id and c.zone in self.allowed
                       and (c.controller if c.zone in FIELD_ZONES else c.owner) == controller
                       and not (self.no_token and c.is_token) and cost.among.matches(c, controller, state, (), card.id)],
                      cost.among.rank)

    def chosen(self, duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction) -> Card:
        """Return the card a cost is paid with: the one it names, or the only card its ``among``
        fits. Raises :class:`~engine.core.IllegalAction` when none fits (ARC-V 4.2.2.i3) and when
        several do: the player chooses it as they activate, so the activation must name it in
        its own ``cost`` (4.2.2.i2)."""
        if cost.among is None:
            return state.card(cost.objects[0])
        fits = self.options(state, card, controller, cost)
        base = {"card": card.id, "card_name": card.name, "cost": cost.do}
        if not fits:
            raise duel.illegal(R.COST_UNPAYABLE, "ygo.illegal.cost_unpayable", **base,
                               reason=f"{controller} has no card the cost fits")
        if len(fits) > 1:
            raise duel.illegal(R.COST_PAID, "ygo.illegal.cost_choice", **base, options=[c.id for c in fits])
        return fits[0]

    def verify(self, duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction) -> None:
        paid = self.chosen(duel, state, card, controller, cost)
        base = {"card": card.id, "card_name": card.name, "cost": cost.do}
        mine = paid.controller == controller if paid.zone in FIELD_ZONES else paid.owner == controller
        if paid.zone not in self.allowed or not mine:
            raise duel.illegal(R.COST_UNPAYABLE, "ygo.illegal.cost_unpayable", **base,
                               reason=f"{paid.name} is not in a place {controller} can pay it from")
        if self.no_token and paid.is_token:
            raise duel.illegal(R.TOKEN_NOT_SENT_AS_COST, "ygo.illegal.cost_unpayable", **base,
                               reason=f"{paid.name} is a Token")
        if cost.do == "send_to_graveyard":
            verify_cost_destination(duel, state, card, paid)

    def __call__(self, duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction,
                 link: int) -> GameState:
        paid = self.chosen(duel, state, card, controller, cost)
        return move(duel, state, paid, self.to, cost.do, self.key, kind="cost", message_id="ygo.cost.move",
                    extra={"player": controller, "cost": cost.do, "cost_card": paid.id, "cost_card_name": paid.name,
                           "card": card.id, "card_name": card.name})


class DetachMaterial(CostRule):
    """``detach_material``: the Xyz Materials named are detached from the activated Xyz Monster
    and go to their owner's Graveyard; they were never on the field, so they are not sent from
    it (ARC-V 3.2.2.3.1.1.4.1.i5; MR2 ch5.14). A material that is not attached to it cannot be
    detached, and the activation is illegal (4.2.2.i3)."""

    def verify(self, duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction) -> None:
        attached = state.card(card.id).materials
        for material in cost.materials:
            if material not in attached:
                raise duel.illegal(R.COST_UNPAYABLE, "ygo.illegal.cost_unpayable", card=card.id, card_name=card.name,
                                   cost=cost.do, reason=f"{state.card(material).name} is not an Xyz Material of "
                                                        f"{card.name}")

    def __call__(self, duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction,
                 link: int) -> GameState:
        for material in cost.materials:
            paid = state.card(material)
            state = move(duel, state, paid, Zone.GRAVEYARD, cost.do, R.COST_DETACH, kind="cost",
                         message_id="ygo.cost.move",
                         extra={"player": controller, "cost": cost.do, "cost_card": paid.id, "cost_card_name": paid.name,
                                "card": card.id, "card_name": card.name})
            if any(e.trigger == "sent_from_field" and e.event_of is None for e in paid.effects):
                duel.record("trigger", "ygo.trigger.not_from_field", R.XYZ_MATERIAL_NOT_ON_FIELD, card=paid.id,
                            card_name=paid.name, event="sent_from_field")
            xyz = state.card(card.id)
            state = duel.sync(state.with_card(replace(xyz, materials=tuple(m for m in xyz.materials if m != material))))
        return state


class RemoveCounters(CostRule):
    """``remove_counters``: that many counters of one kind are removed from a card the player
    controls (the activated card unless ``card`` names another). Fewer counters than that, or a
    card the player does not control, cannot pay it (ARC-V 4.2.2.i3, 4.2.2.i5)."""

    @staticmethod
    def _card(state: GameState, card: Card, cost: Instruction) -> Card:
        return state.card(cost.objects[0]) if cost.objects else state.card(card.id)

    def verify(self, duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction) -> None:
        holder = self._card(state, card, cost)
        base = {"card": card.id, "card_name": card.name, "cost": cost.do}
        if holder.zone not in FIELD_ZONES or holder.controller != controller:
            raise duel.illegal(R.COST_OWN_CARDS, "ygo.illegal.cost_unpayable", **base,
                               reason=f"{controller} does not control {holder.name}")
        has = dict(holder.counters).get(cost.counter, 0)
        if has < (cost.amount or 0):
            raise duel.illegal(R.COST_UNPAYABLE, "ygo.illegal.cost_unpayable", **base,
                               reason=f"{holder.name} has {has} {cost.counter} counter(s)")

    def __call__(self, duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction,
                 link: int) -> GameState:
        holder = self._card(state, card, cost)
        counters = dict(holder.counters)
        left = counters.get(cost.counter, 0) - (cost.amount or 0)
        if left > 0:
            counters[cost.counter] = left
        else:
            counters.pop(cost.counter, None)
        state = state.with_card(replace(holder, counters=tuple(sorted(counters.items()))))
        return duel.step(state, "cost", "ygo.cost.remove_counters", R.COST_COUNTERS, card=card.id, card_name=card.name,
                         player=controller, holder=holder.id, holder_name=holder.name, counter=cost.counter,
                         amount=cost.amount or 0, left=max(left, 0))


class UnreadableCost(CostRule):
    """A cost the vocabulary cannot say: it is reported, never guessed."""

    def __call__(self, duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction,
                 link: int) -> GameState:
        return duel.cannot_evaluate(state, "ygo.cannot_evaluate", link=link, card=card.id, card_name=card.name,
                                    detail=f"unsupported cost text: {cost.text}")


VOCABULARY.entry(
    "cost", "pay_lp", rule=(R.COST_PAID, R.LP_COST_LIMIT, R.HALVING), label="Pay LP",
    keys={"amount": Either(options=(Integer(low=0, high=MAX_VALUE), Const(value="half")), label="LP",
                           help='how many LP, or "half" (the LP kept are rounded up: 525 LP becomes 263)')},
    required=("amount",), messages=("ygo.cost.pay_lp",), row=Row(main=("amount",)),
    doc="The player pays that many LP, or half of them; an LP cost cannot be more than the LP the player has "
        "(ARC-V 4.2.2.i2, 1.4.1.i5, 4.1.4.i1; MR2 ch5.20).",
    example={"do": "pay_lp", "amount": 1000})(PayLife())

_CARD = {"card": Ref(spaces=("object",), label="Card", help="the card paid"),
         "among": CardFilterField(label="Or the card that fits", allow_event=True,
                                  help='instead of card: "discard 1 card", "Tribute 1 Winged Beast monster": the card '
                                       "other than this one that fits (the activation names it in its own cost when "
                                       "several do)")}


def _check_one_card(value: Any, path: Path, v: Validation) -> None:
    if ("card" in value) == ("among" in value):
        v.error((*path, "card"), "name the card paid (card) or the cards it may be (among), one of them")


_AMONG_DOC = (" With `among` instead of `card` (\"discard 1 card\"), it is paid with the one card other than this "
              "one that fits the filter; when several fit, the player chooses as they activate, so the activation "
              "must give its own `cost` naming it, else it is refused listing them (ARC-V 4.2.2.i2, 4.2.2.i3).")
for _name, _label, _allowed, _to, _key, _doc in (
        ("discard", "Discard", frozenset({Zone.HAND}), Zone.GRAVEYARD, R.COST_DISCARD,
         "Discards a card from the player's hand to the Graveyard (ARC-V 4.2.2.2.i1; MR2 ch5.35)."),
        ("tribute", "Tribute", frozenset({Zone.MONSTER_ZONE}), Zone.GRAVEYARD, R.COST_TRIBUTE,
         "Tributes a monster the player controls: it goes to the Graveyard and is not destroyed (ARC-V 4.2.2.1.i2; "
         "MR2 ch5.16)."),
        ("send_to_graveyard", "Send to the Graveyard", frozenset({Zone.HAND, *FIELD_ZONES}), Zone.GRAVEYARD, R.COST_SEND,
         "Sends a card the player holds or controls to the Graveyard (not destruction); a Token cannot be sent as a "
         "cost (ARC-V 4.2.2.3.i1, 4.2.2.3.i6; MR2 ch5.34)."),
        ("banish", "Banish", frozenset({Zone.HAND, Zone.GRAVEYARD, *FIELD_ZONES}), Zone.BANISHED, R.COST_BANISH,
         "Banishes a card the player holds, controls or has in their Graveyard (ARC-V 4.2.2.i2; MR2 ch5.19).")):
    VOCABULARY.entry("cost", _name, rule=(_key, R.COST_UNPAYABLE, R.COST_PAID), label=_label, keys=_CARD,
                     check=_check_one_card, messages=("ygo.cost.move", "ygo.illegal.cost_choice"),
                     row=Row(main=("card",), extra=("among",)), doc=_doc + _AMONG_DOC,
                     example={"do": _name, "card": "h1"})(
        MoveCard(_allowed, _to, _key, no_token=_name == "send_to_graveyard"))

VOCABULARY.entry(
    "cost", "detach_material", rule=(R.COST_DETACH, R.COST_PAID, R.COST_UNPAYABLE), label="Detach Xyz Material",
    keys={"materials": ListOf(item=Ref(spaces=("object",)), min_items=1, max_items=MAX_MATERIALS, unique=True, label="Materials",
                              help="the Xyz Materials of the activated Xyz Monster that are detached")},
    required=("materials",), messages=("ygo.cost.move", "ygo.trigger.not_from_field"), row=Row(main=("materials",)),
    doc="Detaches the Xyz Materials named from the activated Xyz Monster: they go to their owner's Graveyard and "
        "are not sent from the field (ARC-V 4.2.2.i2, 3.2.2.3.1.1.4.1.i5; MR2 ch5.14). A card that is not one of its "
        "materials cannot be detached, and the activation is illegal (4.2.2.i3).",
    example={"do": "detach_material", "materials": ["x1"]})(DetachMaterial())

VOCABULARY.entry(
    "cost", "remove_counters", rule=(R.COST_COUNTERS, R.COST_UNPAYABLE, R.COST_OWN_CARDS), label="Remove counters",
    keys={"counter": VOCABULARY.use("counter", label="Counter", help="the kind of counter"),
          "amount": Integer(low=1, high=MAX_COUNTERS, label="How many"),
          "card": Ref(spaces=("object",), label="From card", help="blank: the activated card")},
    required=("counter", "amount"), messages=("ygo.cost.remove_counters",), row=Row(main=("counter", "amount"),
                                                                                      extra=("card",)),
    doc="Removes that many counters of one kind from a card the player controls (the activated card unless `card` "
        "names another). A card with fewer counters, or one the player does not control, cannot pay it and the "
        "activation is illegal (ARC-V 4.2.2.i2, 4.2.2.i3, 4.2.2.i5; MR2 ch5.9, ch5.20).",
    example={"do": "remove_counters", "counter": "spell", "amount": 2})(RemoveCounters())

COUNTER_KINDS = (("spell", "Spell Counter"), ("venom", "Venom Counter"), ("wedge", "Wedge Counter"),
                 ("clock", "Clock Counter"), ("black_feather", "Black Feather Counter"))
"""The counter kinds a scenario can name; a card text's other kinds are refused with the list."""
for _name, _label in COUNTER_KINDS:
    VOCABULARY.define("counter", _name, rule=R.COUNTERS, label=_label, example=_name,
                      doc=f"A {_label}: placed on a card by card effects and read or removed only by them (ARC-V 1.2.i1; "
                          "MR2 ch5.9).")

VOCABULARY.entry(
    "cost", "unsupported", rule=(R.CARD_TEXT, R.COST_PAID), label="Cost the engine cannot read",
    keys={"text": Text(min_length=1, max_length=4_000, label="Cost text", help="what the cost says")},
    required=("text",), messages=("ygo.cannot_evaluate",), row=Row(main=("text",)),
    doc="A cost the vocabulary cannot say. When it is paid it is a `cannot_evaluate` step naming the card and the text, "
        "and the result is `complete: false` (ARC-V 4.1.2.i1).",
    example={"do": "unsupported", "text": "Reveal 1 Dragon monster in your hand."})(UnreadableCost())


def verify_cost(duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction) -> None:
    """Check that ``cost`` can be paid (ARC-V 4.2.2.i3)."""
    VOCABULARY.apply_of("cost", cost.do).verify(duel, state, card, controller, cost)


def pay_cost(duel: Duel, state: GameState, card: Card, controller: PlayerId, cost: Instruction, link: int) -> GameState:
    """Pay ``cost`` for Chain Link ``link`` (ARC-V 4.2.2.i2: never refunded)."""
    return VOCABULARY.apply_of("cost", cost.do)(duel, state, card, controller, cost, link)
