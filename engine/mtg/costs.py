"""The total cost of a spell (CR 601.2f, 118): the mana cost or the one alternative cost (118.9a),
X as announced (107.3a), plus additional costs (118.8) and cost increases, minus cost reductions
(118.7; the generic part never below {0}), then the halves chosen for hybrid symbols (107.4e).

Cost increases and reductions are static parts (``cost_increase``, ``cost_reduction``) of a
permanent ("noncreature spells cost {1} more", "instant and sorcery spells you cast cost {1}
less") or of the spell itself ("this spell costs {1} less to cast", 113.6d). Increases are added
before reductions are taken off, so a reduction can take off what an increase added (601.2f:
"plus … cost increases, and minus all cost reductions").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Optional

from ..core import IllegalAction
from .face_down import MORPH_COST
from .filters import Context, matches
from .mana import hybrid_options, mana_symbols, reduce_cost, with_halves, with_x, written
from .model import GameObject, GameState, ObjectId, PlayerId, Zone
from .rules import K
from .spending import payment
from .vocabulary import MAX_VALUE, OBJECT, VOCABULARY, Integer, ListOf, ManaSymbols, Text, row


@dataclass(frozen=True)
class CostChange:
    """One cost increase or reduction applied to a spell's total cost (CR 601.2f)."""

    source: ObjectId
    """The object whose static ability changes the cost."""
    kind: str
    """``increase`` or ``reduction``."""
    mana: str
    """By how much, in mana symbols."""
    floored: bool = False
    """A reduction that would have taken the generic part below {0} (it stops at {0}, CR 601.2f)."""
    to_generic: bool = False
    """A colored reduction the cost had no such symbol for: it reduced the generic part (118.7b)."""


@dataclass(frozen=True)
class TotalCost:
    """The total cost of casting a spell (CR 601.2f), locked in before it is paid."""

    base: str
    """The mana cost or the alternative cost, with X as announced (CR 601.2b, 107.3a)."""
    additional: str = ""
    """Mana added by additional costs: the cast's ``additional_mana``, a mana option of an
    ``additional_cost`` ability (118.8), the cost of casting it as though it had flash (601.3c)."""
    changes: tuple[CostChange, ...] = ()
    """The increases, then the reductions, in the order applied."""
    mana: str = ""
    """The mana to pay, hybrid symbols still whole."""
    x: int = 0
    """The announced X."""
    x_elsewhere: bool = False
    """An {X} in the alternative or an additional cost while the mana cost has none (CR 107.3a)."""


class Costs:
    """The total cost of casting a spell for :class:`~engine.mtg.game.Game`."""

    def total_cost(self, state: GameState, obj: GameObject, action: Mapping[str, Any]) -> TotalCost:
        """Return the total cost of casting ``obj`` with ``action`` now (CR 601.2f).

        The base is the alternative cost chosen (``alternative_cost``, 118.9), {3} for a face-down
        cast (702.37c) or the mana cost,
        {X} as the action's ``x`` (107.3a, also in additional and alternative costs); then the
        additional mana, the cost of a flash permission that is needed (601.3c), the increases,
        and last the reductions (118.7a-b, never below {0}). Errors: none (an out-of-range
        alternative cost is refused by :meth:`verify_costs`)."""
        player, x = action["player"], action.get("x", 0)
        alts = [a for a in obj.printed.abilities if a.kind == "alternative_cost"]
        index = action.get("alternative_cost")
        raw = alts[index].spec.get("mana", "") if index is not None and index < len(alts) else obj.printed.mana_cost
        if action.get("face_down"):
            raw = MORPH_COST  # cast face down for {3} rather than its mana cost (CR 702.37c)
        raw_extra = action.get("additional_mana", "") + self.additional_mana(state, obj, action)
        base, extra = with_x(raw, x), with_x(raw_extra, x)
        x_elsewhere = "{X}" in raw + raw_extra and "{X}" not in obj.printed.mana_cost
        grant = None if self.timing(state, player, obj, grants=False)[0] else self.flash_grant(state, player, obj)
        if grant is not None and grant.mana:
            extra += grant.mana
        changes: list[CostChange] = []
        cost = base + extra
        for source, part in self.spell_parts(state, player, obj, "cost_increase"):
            cost += part["mana"]
            changes.append(CostChange(source, "increase", part["mana"]))
        for source, part in self.spell_parts(state, player, obj, "cost_reduction"):
            cost, floored, to_generic = reduce_cost(cost, part["mana"])
            changes.append(CostChange(source, "reduction", part["mana"], floored, to_generic))
        if changes:
            cost = written(mana_symbols(cost))
        return TotalCost(base, extra, tuple(changes), cost, x, x_elsewhere)

    def additional_mana(self, state: GameState, obj: GameObject, action: Mapping[str, Any]) -> str:
        """The mana of the ``additional_cost`` abilities of ``obj`` that the action pays with mana:
        each one with ``mana`` that the action's ``additional_costs`` do not pay otherwise (CR 118.8)."""
        return "".join(ability.spec.get("mana", "") for ability in obj.printed.abilities
                       if ability.kind == "additional_cost" and not self.paid_otherwise(state, action, obj, ability.spec))

    def paid_otherwise(self, state: GameState, action: Mapping[str, Any], obj: GameObject, spec: Mapping[str, Any]) -> bool:
        """Whether one of the action's ``additional_costs`` pays an ``additional_cost`` ability with
        an object: the same kind of cost (reveal, sacrifice, discard), its object matching the FILTER
        ("you" is the caster)."""
        return any(self.part_paid(state, action, obj, do, spec[do]) for do in PAID_WITH if do in spec)

    def part_paid(self, state: GameState, action: Mapping[str, Any], obj: GameObject, do: str,
                  flt: Mapping[str, Any]) -> bool:
        """Whether one of the action's ``additional_costs`` is a ``do`` cost whose object matches ``flt``."""
        where = Context(obj.id, action["player"], None)
        for paid in action.get("additional_costs", ()):
            oid = paid.get("object")
            if paid["do"] == do and oid in state.objects and oid != obj.id and \
                    matches(flt, oid, self.chars(state, oid), state.objects[oid], where):
                return True
        return False

    def verify_costs(self, state: GameState, player: PlayerId, obj: GameObject, action: Mapping[str, Any]) -> TotalCost:
        """Raise the rule the costs of a cast break, else return its total cost: the alternative cost
        must exist (one at most, CR 118.9a), each additional cost must be payable (its object where
        the cost needs it, 118.8, 601.2h), each ``additional_cost`` ability of the card met by a
        cost paid or by mana (118.8), and the total mana payable from the pool (601.2h)."""
        oid, name = obj.id, obj.printed.name
        alts = [a for a in obj.printed.abilities if a.kind == "alternative_cost"]
        if action.get("alternative_cost") is not None and action["alternative_cost"] >= len(alts):
            raise IllegalAction(self.cite(K.ALTERNATIVE_ONE), "mtg.illegal.alternative_cost",
                                {"card": oid, "card_name": name, "index": action["alternative_cost"], "count": len(alts)})
        if action.get("alternative_cost") is not None:
            spec = alts[action["alternative_cost"]].spec
            for do in ALTERNATIVE_PARTS:
                if do in spec and not self.part_paid(state, action, obj, do, spec[do]):
                    raise IllegalAction(self.cite(K.ALTERNATIVE_PARTS), "mtg.illegal.alternative_cost_part",
                                        {"card": oid, "card_name": name, "cost": do})
        life = self.life_to_pay(obj, action)
        if life and state.player(player).life < life:
            raise IllegalAction(self.cite(K.PAY_LIFE), "mtg.illegal.pay_life",
                                {"card": oid, "card_name": name, "amount": life, "life": state.player(player).life})
        for paid in action.get("additional_costs", ()):
            where = PAID_FROM.get(paid["do"])
            target = state.objects.get(paid.get("object"))
            if where is not None and (target is None or paid["object"] == oid or not where(self, state, player, target)):
                raise IllegalAction(self.cite(K.CAST_PAY), "mtg.illegal.additional_cost",
                                    {"card": oid, "card_name": name, "cost": paid["do"], "object": paid.get("object")})
        for ability in obj.printed.abilities:
            if ability.kind == "additional_cost" and "mana" not in ability.spec and any(k in ability.spec for k in PAID_WITH) and \
                    not self.paid_otherwise(state, action, obj, ability.spec):
                raise IllegalAction(self.cite(K.ADDITIONAL_MUST_PAY), "mtg.illegal.additional_cost_unpaid",
                                    {"card": oid, "card_name": name, "text": ability.spec.get("text", "")})
        total = self.total_cost(state, obj, action)
        self.verify_mana(state, player, total.mana, name, oid)
        return total

    def record_total_cost(self, state: GameState, total: TotalCost, obj: GameObject, alternative: bool) -> None:
        """Trace how the total cost was determined (CR 601.2f): X announced for an X outside the
        mana cost (107.3a), each increase and reduction, the floor at {0}, a colored reduction on
        the generic part (118.7b), changes to an alternative cost (118.9d), then the total."""
        oid, name = obj.id, obj.printed.name
        if total.x_elsewhere:
            self.record("cast", "mtg.cast.x", K.X_ANNOUNCED, card=oid, card_name=name, x=total.x)
        for change in total.changes:
            source_name = state.objects[change.source].printed.name
            if change.kind == "increase":
                self.record("cast", "mtg.cost.increase", K.COST_INCREASE, card=oid, card_name=name,
                            source=change.source, source_name=source_name, mana=change.mana)
                continue
            key = K.COST_REDUCTION_COLORED if change.to_generic else K.COST_REDUCTION
            self.record("cast", "mtg.cost.reduction", key, card=oid, card_name=name, source=change.source,
                        source_name=source_name, mana=change.mana)
            if change.floored:
                self.record("cast", "mtg.cost.floor", K.COST_FLOOR, card=oid, card_name=name)
        if total.changes or total.additional:
            self.record("cast", "mtg.cost.total", K.ALTERNATIVE_CHANGES if alternative and total.changes else K.CAST_TOTAL_COST,
                        card=oid, card_name=name, base=total.base or "{0}", total=total.mana or "{0}")

    @staticmethod
    def life_to_pay(obj: GameObject, action: Mapping[str, Any]) -> int:
        """The life the cast pays (CR 119.4): the ``life`` of the alternative cost chosen (118.9)
        and of each ``additional_cost`` ability (118.8); 0 for none."""
        alts = [a for a in obj.printed.abilities if a.kind == "alternative_cost"]
        index = action.get("alternative_cost")
        life = int(alts[index].spec.get("life", 0)) if index is not None and index < len(alts) else 0
        return life + sum(int(a.spec.get("life", 0)) for a in obj.printed.abilities if a.kind == "additional_cost")

    def pay_life(self, state: GameState, player: PlayerId, amount: int, oid: ObjectId) -> GameState:
        """Pay ``amount`` life for a cost (CR 119.4): the player loses that much life."""
        pl = state.player(player)
        state = state.with_turn_log(state.turn_log.lost_life(player, amount))
        state = state.with_player(replace(pl, life=pl.life - amount))
        self.record("cast", "mtg.cost.pay_life", K.PAY_LIFE, player=player, card=oid,
                    card_name=state.objects[oid].printed.name, amount=amount, life=pl.life - amount)
        self.recorder.sync(state)
        return state

    def pay_reveal(self, state: GameState, cost: Mapping[str, Any]) -> GameState:
        """Pay a ``reveal`` additional cost: the card is shown and stays in the hand (CR 701.16a)."""
        card = state.objects[cost["object"]]
        self.record("cast", "mtg.cost.reveal", K.REVEAL_COST, player=card.owner, card=card.id, card_name=card.printed.name)
        return state

    def hybrid_halves(self, state: GameState, player: PlayerId, obj: GameObject, cost: str) -> Optional[list[str]]:
        """Return the halves chosen for the hybrid symbols of ``cost`` (CR 107.4e), or ``None`` when
        left to the payment: ``hybrid:<card>`` if given (an answer that is not a way to pay is an
        ``illegal`` step); otherwise, when mana is tracked, the only way the pool can pay, or an
        open choice between the ways it can (each a branch). Errors: :class:`OpenChoice`."""
        options = hybrid_options(cost)
        if not options:
            return None
        pool = state.player(player).mana_pool
        key = f"hybrid:{obj.id}"
        if pool is not None:
            options = [o for o in options if payment(self, state, player, pool, with_halves(cost, o))[0] is not None] \
                or options  # as though any color where an ability allows it (609.4b)
        elif self._choices.get(key) is None:
            return None
        return self.choose(state, key, options, "mtg.choice.hybrid", K.HYBRID, player=player, card=obj.id,
                           card_name=obj.printed.name)


def _in_hand(game: Any, state: GameState, player: PlayerId, obj: GameObject) -> bool:
    return obj.zone is Zone.HAND and obj.owner == player


def _controlled(game: Any, state: GameState, player: PlayerId, obj: GameObject) -> bool:
    return obj.zone is Zone.BATTLEFIELD and game.chars(state, obj.id).controller == player


PAID_FROM = {"sacrifice": _controlled, "return_to_hand": _controlled, "discard": _in_hand, "reveal": _in_hand,
             "exile": _in_hand}
"""Where the object of each additional cost must be (CR 701.17a: a player sacrifices only a
permanent they control; 701.8a, 701.16a: a card discarded, revealed or exiled for a cost is in
their hand)."""
ALTERNATIVE_PARTS = ("return_to_hand", "sacrifice", "discard", "reveal", "exile")
"""The parts of an ``alternative_cost`` paid with an object (one of the cast's ``additional_costs``)."""


# ----------------------------------------------------------------------------- vocabulary

def _reveal(game: Any, state: GameState, cost: Mapping[str, Any], player: PlayerId, oid: ObjectId) -> GameState:
    """Pay the cost: reveal ``cost["object"]``."""
    return game.pay_reveal(state, cost)


VOCABULARY.define("choice", "hybrid", rule=K.HYBRID, key_parts=("card",),
                  value=ListOf(item=Text(min_length=1, max_length=2), max_items=20, label="Halves"),
                  label="Hybrid halves paid", messages=("mtg.choice.made", "mtg.illegal.choice", "mtg.choice.hybrid"),
                  doc="The half paid for each hybrid symbol of a spell's total cost, in order (`hybrid:<card>`, CR "
                      "107.4e): `[\"W\", \"2\"]` for {R/W}{2/B} paid with {W} and two generic mana. When mana is "
                      "tracked and it is not given, the ways the pool can pay are an open choice (one way: that one); "
                      "when mana is not tracked and it is not given, the halves are left to the payment.",
                  example={"hybrid:kitchen": ["W", "2"]}, row=row({}, main=("hybrid",)))

VOCABULARY.entry("additional_cost", "exile", rule=(K.ADDITIONAL_COST, K.EXILE), keys={"object": OBJECT},
                 required=("object",), label="Exile a card from the hand", messages=("mtg.move",),
                 example={"do": "exile", "object": "blue_card"}, row=row({"object": OBJECT}),
                 doc="Exiles the card `object` from the caster's hand as the cost is paid (CR 118.8, 701.11a; Force of "
                     "Will's alternative cost). A card that is not in the caster's hand is an `illegal` step.")(
    lambda game, state, cost, player, oid: game.move(state, cost["object"], Zone.EXILE, "cost", K.EXILE))
CHANGE_KEYS = {"mana": ManaSymbols(label="Mana", help="how much more or less, such as {1}")}
VOCABULARY.define("effect", "cost_increase", rule=K.COST_INCREASE, keys=CHANGE_KEYS, required=("mana",),
                  label="Spells cost more", messages=("mtg.cost.increase", "mtg.cost.total"),
                  doc="A static ability's part: the spells its `affected` FILTER matches cost `mana` more to cast "
                      "(\"noncreature spells cost {1} more\", CR 601.2f); on a card without `affected`, that card "
                      "(\"this spell costs {1} more\", 113.6d). \"You\" in the filter is the permanent's controller. "
                      "Increases apply before reductions, also to an alternative cost (118.9d).",
                  example={"do": "cost_increase", "mana": "{1}"}, row=row(CHANGE_KEYS))
VOCABULARY.define("effect", "cost_reduction", rule=(K.COST_REDUCTION, K.COST_FLOOR, K.COST_REDUCTION_COLORED),
                  keys=CHANGE_KEYS, required=("mana",), label="Spells cost less",
                  messages=("mtg.cost.reduction", "mtg.cost.floor", "mtg.cost.total"),
                  doc="A static ability's part: the spells its `affected` FILTER matches cost `mana` less to cast "
                      "(\"instant and sorcery spells you cast cost {1} less\", CR 601.2f); on a card without "
                      "`affected`, that card (113.6d). Generic mana reduces only the generic part (118.7a), never "
                      "below {0} (601.2f); a colored symbol the cost lacks reduces the generic part (118.7b). "
                      "Reductions apply after every increase.",
                  example={"do": "cost_reduction", "mana": "{1}"}, row=row(CHANGE_KEYS))

VOCABULARY.entry("additional_cost", "reveal", rule=(K.ADDITIONAL_COST, K.REVEAL_COST), keys={"object": OBJECT},
                 required=("object",), label="Reveal a card", messages=("mtg.cost.reveal",),
                 example={"do": "reveal", "object": "dragon"}, row=row({"object": OBJECT}),
                 doc="Reveals the card `object` from the caster's hand as the cost is paid (CR 118.8, 701.16a in 2022, "
                     "701.15a in 2020); it stays in the hand. A card that is not in the caster's hand is an `illegal` "
                     "step.")(_reveal)

PAID_WITH = ("reveal", "sacrifice", "discard")
"""The keys of an ``additional_cost`` ability paid with an object (an ADDITIONAL_COST of the cast)."""
ADDITIONAL_KEYS = {
    "reveal": VOCABULARY.use("filter", label="Reveal a card", help="a card from the hand matching this FILTER"),
    "sacrifice": VOCABULARY.use("filter", label="Sacrifice a permanent", help="a permanent matching this FILTER"),
    "discard": VOCABULARY.use("filter", label="Discard a card", help="a card from the hand matching this FILTER"),
    "mana": ManaSymbols(label="Pay mana", help="the mana to pay; with reveal, sacrifice or discard: what is paid instead "
                                               "(\"… or pay {3}\")"),
    "life": Integer(low=1, high=MAX_VALUE, label="Pay life", help="life paid as well (CR 119.4)"),
}


def _check_additional(value: Any, path: Any, v: Any) -> None:
    given = [key for key in PAID_WITH if key in value]
    if len(given) > 1:
        v.error((*path, given[1]), f"an additional cost is paid one way or with mana: {given[0]} or {given[1]}, not both")
    if not given and "mana" not in value and "life" not in value:
        v.error(path, "an additional cost needs reveal, sacrifice, discard, mana or life")


VOCABULARY.define("ability", "additional_cost", rule=(K.ADDITIONAL_MUST_PAY, K.CAST_TOTAL_COST), keys=ADDITIONAL_KEYS,
                  label="Additional cost to cast it", check=_check_additional,
                  messages=("mtg.illegal.additional_cost_unpaid", "mtg.cost.total", "mtg.cost.pay_life", "mtg.illegal.pay_life"),
                  doc="\"As an additional cost to cast this spell, reveal a Dragon card from your hand or pay {3}\" "
                      "(CR 118.8: it must be paid): `reveal`, `sacrifice` or `discard` an object matching the "
                      "FILTER, or pay `mana`. The cast pays it with one of its `additional_costs` of that kind whose "
                      "object matches; otherwise with `mana`, added to the total cost (601.2f); with neither it is an "
                      "`illegal` step. {X} in `mana` is the announced X (107.3a). Its `life` is paid as well (\"pay 2 "
                      "life\", 119.4: not with a smaller life total).",
                  example={"kind": "additional_cost", "reveal": {"subtypes": ["Dragon"]}, "mana": "{3}"},
                  row=row(ADDITIONAL_KEYS))

__all__ = ["CostChange", "Costs", "PAID_FROM", "TotalCost"]
