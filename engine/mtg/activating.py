"""Activating abilities (CR 602), mana abilities (605), loyalty abilities (606); the ``activate``
player action, the ``activated`` ability and its costs (602.1a, 602.2b)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from ..core import IllegalAction
from .keywords import activated_spec
from .model import Ability, GameState, ObjectId, PlayerId, StackItem, Zone, freeze
from .rules import K
from .vocabulary import (
    COUNTER, INDEX, INSTRUCTIONS, OBJECT, PLAYER_ID, TARGETS, TARGET_IDS, VOCABULARY, Choice, Const, Integer, ListOf,
    ManaSymbols, Record, row,
)


class Activating:
    """Activated, mana and loyalty abilities for :class:`~engine.mtg.game.Game`."""

    def activatable(self, state: GameState, oid: ObjectId) -> tuple[Ability, ...]:
        """A permanent's abilities as the layers leave them, then, for a land with basic land types,
        the intrinsic "{T}: Add [mana]" ability of each (CR 305.6; action ``ability`` indexes this list)."""
        abilities = self.chars(state, oid).abilities
        # The layers give a land its intrinsic abilities (CR 305.6); they are listed after its others.
        return (tuple(a for a in abilities if not a.spec.get("intrinsic"))
                + tuple(a for a in abilities if a.spec.get("intrinsic")))

    def verify_activate(self, state: GameState, action: Mapping[str, Any]) -> Mapping[str, Any]:
        """Priority, split second, timing, tap cost and summoning sickness, targets (CR 602.5)."""
        player, oid = action["player"], action["source"]
        obj = state.objects[oid]
        name = obj.printed.name
        chars = self.chars(state, oid)
        abilities = self.activatable(state, oid) if obj.zone is Zone.BATTLEFIELD else obj.printed.abilities
        index = action.get("ability", 0)
        ability = abilities[index] if index < len(abilities) else None
        spec = activated_spec(ability) if ability is not None else None
        if spec is None:
            raise IllegalAction(self.cite(K.ACTIVATE_RESTRICTION), "mtg.illegal.no_ability", {"card": oid, "card_name": name})
        mana = bool(spec.get("mana_ability"))
        if not (mana and obj.zone is Zone.BATTLEFIELD):
            self.verify_priority(state, player)
        zone = spec.get("zone", "battlefield")
        if obj.zone.value != zone or (zone == "battlefield" and chars.controller != player) or (zone in ("hand", "graveyard") and obj.owner != player):
            raise IllegalAction(self.cite(K.ACTIVATE_RESTRICTION), "mtg.illegal.no_ability", {"card": oid, "card_name": name})
        if self.split_second(state) and not mana:
            raise IllegalAction(self.cite(K.SPLIT_SECOND), "mtg.illegal.split_second", {"card": oid, "card_name": name})
        if spec.get("timing") == "sorcery" and not self.sorcery_ok(state, player):
            raise IllegalAction(self.cite(K.ACTIVATE_AS_SORCERY), "mtg.illegal.timing", {"card": oid, "card_name": name, "why": "sorcery_timing"})
        cost = spec.get("cost", {})
        if cost.get("tap"):
            if obj.tapped:
                raise IllegalAction(self.cite(K.TAP), "mtg.illegal.tapped", {"card": oid, "card_name": name})
            if "creature" in chars.types and obj.sick and not chars.has_keyword("haste"):
                raise IllegalAction(self.cite(K.TAP_ABILITY_SICK), "mtg.illegal.summoning_sick", {"card": oid, "card_name": name})
        if "loyalty" in cost:
            # CR 606.3: main phase, empty stack, own turn, once per turn per permanent;
            # 606.5 (2020) / 606.6 (2022): a negative cost needs that many loyalty counters.
            if not self.sorcery_ok(state, player):
                raise IllegalAction(self.cite(K.LOYALTY_TIMING), "mtg.illegal.loyalty", {"card": oid, "card_name": name, "why": "sorcery_timing"})
            if obj.loyalty_activated:
                raise IllegalAction(self.cite(K.LOYALTY_TIMING), "mtg.illegal.loyalty", {"card": oid, "card_name": name, "why": "once_per_turn"})
            if cost["loyalty"] < 0 and obj.counters.get("loyalty", 0) < -cost["loyalty"]:
                raise IllegalAction(self.cite(K.LOYALTY_NEGATIVE), "mtg.illegal.loyalty", {"card": oid, "card_name": name, "why": "not_enough_loyalty"})
        if "remove_counters" in cost:
            kind, n = cost["remove_counters"]["kind"], cost["remove_counters"].get("count", 1)
            if obj.counters.get(kind, 0) < n:
                raise IllegalAction(self.cite(K.ACTIVATE), "mtg.illegal.cost", {"card": oid, "card_name": name,
                                                                               "cost": f"remove {n} {kind}", "pool": ""})
        self.verify_targets(state, spec.get("targets", ()), action.get("targets", []), player, oid, name)
        self.verify_mana(state, player, self.mana_of(spec, action), name, oid)
        return spec

    @staticmethod
    def mana_of(spec: Mapping[str, Any], action: Mapping[str, Any]) -> str:
        """The mana part of an activation cost, with {X} as the action's ``x``."""
        mana = spec.get("cost", {}).get("mana", "")
        return mana.replace("{X}", "{%d}" % action.get("x", 0)) if "{X}" in mana else mana

    def can_activate(self, state: GameState, action: Mapping[str, Any]) -> bool:
        """Whether the activation ``action`` is legal now."""
        try:
            self.verify_activate(state, action)
        except IllegalAction:
            return False
        return True

    def do_activate(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Activate: pay costs and put it on the stack (CR 602.2), or resolve a mana ability now (605.3b)."""
        spec = self.verify_activate(state, action)
        player, oid = action["player"], action["source"]
        obj = state.objects[oid]
        name = obj.printed.name
        lki = self.chars(state, oid)
        if spec.get("mana_ability"):
            self.record("activate", "mtg.activate.mana", K.BASIC_LAND_MANA if spec.get("intrinsic") else K.MANA_ABILITY_NO_STACK,
                        player=player, card=oid, card_name=name, intrinsic=bool(spec.get("intrinsic")))
            state = self.pay_activation(state, player, oid, name, spec, action)
            item = StackItem("mana", "activated", player, oid, name, tuple(spec.get("effects", ())))
            return self.execute(state, item, ())
        # CR 602.2a: announced and put on the stack first; then 602.2b (601.2b-h): targets, costs.
        item_id = f"s{state.next_stack_id}"
        item = StackItem(item_id, "activated", player, oid, name, tuple(spec.get("effects", ())),
                         tuple(action.get("targets", ())), tuple(spec.get("targets", ())), source_lki=lki,
                         choices=freeze({"x": action.get("x", 0), "chosen": action.get("chosen", [])}))
        state = replace(state, stack=state.stack + (item,), next_stack_id=state.next_stack_id + 1)
        key = K.TYPECYCLING if spec.get("typecycling") else K.CYCLING if spec.get("cycling") else K.EQUIP if spec.get("equip") else \
            K.UNEARTH if spec.get("unearth") else K.ACTIVATE
        self.record("activate", "mtg.activate", key, player=player, card=oid, card_name=name, item=item_id,
                    targets=list(action.get("targets", ())))
        state = self.pay_activation(state, player, oid, name, spec, action)
        if spec.get("cycling"):
            state = self.emit(state, {"event": "cycle", "object": oid, "player": player})
        state = self.targets_event(state, item)
        return self.settle(replace(state, passes=0), player=player, why=K.PRIORITY_AFTER_ACTION)

    def pay_activation(self, state: GameState, player: PlayerId, oid: str, name: str, spec: Mapping[str, Any],
                       action: Mapping[str, Any]) -> GameState:
        """Pay an activation cost (CR 602.2b, 601.2h): each COST entry the ability has, in the order
        the registry lists them (tap, mana, counters, loyalty 606.4, sacrifice, discard), then the
        additional costs."""
        cost = spec.get("cost", {})
        for entry in VOCABULARY.entries("cost"):
            if entry.name in cost:
                state = entry.apply(self, state, player, oid, name, spec, action)
        for extra in action.get("additional_costs", ()):
            state = self.pay_other(state, player, extra, oid)
        return state


# ----------------------------------------------------------------------------- costs (602.2b), in the order they are paid

def _cost(name: str, rule: Any, value: Any, label: str, doc: str, example: Any):
    return VOCABULARY.entry("cost", name, rule=rule, value=value, label=label, doc=doc, example={name: example},
                            row=row({}, main=(name,)))


@_cost("tap", (K.ACTIVATION_COST, K.TAP_ABILITY_SICK), Const(value=True), "{T}: tap it",
       "The permanent taps as the cost is paid (CR 602.2b); it must be untapped, and a creature must have been under "
       "its controller's control since their most recent turn began, or have haste (602.5a, 302.6).", True)
def _tap_cost(game: Any, state: GameState, player: PlayerId, oid: str, name: str, spec: Mapping[str, Any],
              action: Mapping[str, Any]) -> GameState:
    state = state.with_object(replace(state.objects[oid], tapped=True))
    game.recorder.sync(state)
    return state


@_cost("mana", K.ACTIVATE_COSTS, ManaSymbols(label="Mana"), "Mana",
       "Mana paid from the pool when mana is tracked (CR 602.2b, 601.2h); {X} is the action's `x`.", "{1}{G}")
def _mana_cost(game: Any, state: GameState, player: PlayerId, oid: str, name: str, spec: Mapping[str, Any],
               action: Mapping[str, Any]) -> GameState:
    mana = game.mana_of(spec, action)
    return game.pay(state, player, mana, oid, name) if mana else state


@_cost("remove_counters", K.ACTIVATION_COST,
       Record(fields={"kind": COUNTER, "count": Integer(low=1, high=999, label="How many", help="default 1")},
              required=("kind",), label="Remove counters"),
       "Remove counters", "Removes that many counters of the kind from the permanent (CR 602.2b); it must have them.",
       {"kind": "+1/+1", "count": 1})
def _remove_counters_cost(game: Any, state: GameState, player: PlayerId, oid: str, name: str, spec: Mapping[str, Any],
                          action: Mapping[str, Any]) -> GameState:
    cost = spec["cost"]["remove_counters"]
    kind, n = cost["kind"], cost.get("count", 1)
    counters = dict(state.objects[oid].counters)
    counters[kind] -= n
    state = state.with_object(replace(state.objects[oid], counters=MappingProxyType(counters)))
    game.recorder.sync(state)
    return state


@_cost("loyalty", (K.LOYALTY_COST, K.LOYALTY_TIMING), Integer(low=-99, high=99, label="Loyalty"), "Loyalty cost",
       "A loyalty ability (CR 606): adds or removes that many loyalty counters (606.4); only in the controller's main "
       "phase with an empty stack, once per turn per permanent (606.3); a negative cost needs that many counters "
       "(606.5 in 2020, 606.6 in 2022).", -2)
def _loyalty_cost(game: Any, state: GameState, player: PlayerId, oid: str, name: str, spec: Mapping[str, Any],
                  action: Mapping[str, Any]) -> GameState:
    change = int(spec["cost"]["loyalty"])
    counters = dict(state.objects[oid].counters)
    counters["loyalty"] = counters.get("loyalty", 0) + change
    state = state.with_object(replace(state.objects[oid], counters=MappingProxyType(counters), loyalty_activated=True))
    game.record("activate", "mtg.activate.loyalty", K.LOYALTY_COST, player=player, card=oid, card_name=name,
                item=f"s{state.next_stack_id - 1}", change=f"{change:+d}", loyalty=counters["loyalty"])
    game.recorder.sync(state)
    return state


@_cost("sacrifice_self", K.SACRIFICE, Const(value=True), "Sacrifice it",
       "The permanent is sacrificed as the cost is paid (CR 602.2b, 701.17a).", True)
def _sacrifice_self_cost(game: Any, state: GameState, player: PlayerId, oid: str, name: str, spec: Mapping[str, Any],
                         action: Mapping[str, Any]) -> GameState:
    return game.move(state, oid, Zone.GRAVEYARD, "sacrifice", K.SACRIFICE)


@_cost("discard_self", K.DISCARD, Const(value=True), "Discard it",
       "The card is discarded as the cost is paid (a card's ability activated from the hand, such as cycling, CR "
       "702.29a, 701.8a).", True)
def _discard_self_cost(game: Any, state: GameState, player: PlayerId, oid: str, name: str, spec: Mapping[str, Any],
                       action: Mapping[str, Any]) -> GameState:
    return game.move(state, oid, Zone.GRAVEYARD, "discard", K.DISCARD)


ACTIVATED_KEYS = {
    "cost": VOCABULARY.use("cost", label="Cost"), "targets": TARGETS, "effects": INSTRUCTIONS,
    "timing": Choice(values=("sorcery", "instant"), what="timing", label="Timing",
                     help="sorcery: only when its controller could cast a sorcery (CR 602.5d)"),
    "mana_ability": Const(value=True, label="Mana ability", help="resolves at once, without the stack (CR 605.3b)"),
    "zone": Choice(values=("battlefield", "hand", "graveyard"), what="zone", label="Activated from",
                   help="where it functions (default the battlefield, CR 113.6)"),
    "unearth": Const(value=True, label="Unearth", help="its steps cite unearth (CR 702.84a)"),
}
VOCABULARY.define("ability", "activated", rule=K.ACTIVATED_ABILITY, keys=ACTIVATED_KEYS, label="Activated ability",
                  messages=("mtg.activate", "mtg.activate.mana"),
                  doc="\"[Cost]: [Effect.]\" (CR 113.3b, 602.1): activated with an `activate` action (602.2); a mana "
                      "ability resolves at once (605.3b); a loyalty ability has a `loyalty` cost (606).",
                  example={"kind": "activated", "cost": {"mana": "{1}", "tap": True},
                           "effects": [{"do": "draw", "amount": 1}]},
                  row=row(ACTIVATED_KEYS, main=("cost", "targets", "effects")))

ACTIVATE_KEYS = {
    "player": PLAYER_ID, "source": OBJECT, "ability": INDEX, "targets": TARGET_IDS,
    "x": Integer(low=0, high=999_999, label="X"),
    "chosen": ListOf(item=OBJECT, max_items=20, label="Cards chosen", help="what a search finds (CR 701.19a)"),
    "additional_costs": ListOf(item=VOCABULARY.use("additional_cost"), max_items=10, label="Additional costs"),
}


@VOCABULARY.entry("action", "activate", rule=(K.ACTIVATE, K.ACTIVATE_ANNOUNCE), keys=ACTIVATE_KEYS,
                  required=("player", "source"), label="Activate an ability",
                  messages=("mtg.activate", "mtg.activate.mana", "mtg.cost.paid"),
                  example={"type": "activate", "player": "p1", "source": "prodigal", "ability": 0, "targets": ["p2"]},
                  doc="The player activates an ability of the object (`ability`: its index among the object's "
                      "abilities; a land's intrinsic mana abilities come after its others, CR 305.6): it goes on the "
                      "stack (602.2a), then its costs are paid (602.2b); a mana ability resolves at once (605.3b). An "
                      "activation that breaks a rule is an `illegal` step.",
                  row=row(ACTIVATE_KEYS, main=("player", "source", "ability", "targets")))
def activate(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Activate the ability ``action["ability"]`` of ``action["source"]``."""
    return game.do_activate(state, action)
