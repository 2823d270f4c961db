"""Casting spells (CR 601), playing lands (116.2a, 305.1), costs (118: alternative 118.9,
additional 118.8, hybrid 107.4e) and "can't cast" (101.2); the ``cast`` and ``play_land``
player actions, the ``spell`` and ``alternative_cost`` abilities and the additional costs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any, Optional

from ..core import IllegalAction
from .costs import Costs
from .face_down import cast_face_down, record_face_down
from .filters import same_name
from .mana import mana_symbols, mana_value, with_halves
from .modes import MODAL_KEYS
from .model import GameObject, GameState, PlayerId, StackItem, Zone, freeze
from .permissions import Permissions
from .rules import K
from .spending import payment, spend
from .split_cards import cast_half, is_split, record_half
from .vocabulary import (
    INDEX, INSTRUCTIONS, OBJECT, PLAYER_ID, TARGETS, TARGET_IDS, VOCABULARY, Boolean, Digits, Integer, ListOf,
    ManaSymbols, MapOf, Record, Text, row,
)


class Casting(Costs, Permissions):
    """Casting spells and playing lands for :class:`~engine.mtg.game.Game` (the total cost in
    ``costs.py``, permissions and restrictions in ``permissions.py``)."""

    def verify_cast(self, state: GameState, action: Mapping[str, Any]) -> None:
        """Raise the rule a cast breaks: priority, zone, timing, split second, "can't", targets, cost."""
        player, oid = action["player"], action["card"]
        obj = self.cast_form(state.objects[oid], action)
        if obj is not state.objects[oid]:
            state = state.with_object(obj)  # only the form cast is evaluated (CR 709.3a, 708.4)
        name = obj.printed.name
        self.verify_priority(state, player)
        if obj.zone is not Zone.HAND or obj.owner != player:
            raise IllegalAction(self.cite(K.CAST_PERMISSION), "mtg.illegal.not_in_hand", {"card": oid, "card_name": name})
        if self.split_second(state):
            raise IllegalAction(self.cite(K.SPLIT_SECOND), "mtg.illegal.split_second", {"card": oid, "card_name": name})
        ok, why, key = self.timing(state, player, obj)
        if not ok:
            raise IllegalAction(self.cite(key), "mtg.illegal.timing", {"card": oid, "card_name": name, "why": why})
        broken = self.restriction_broken(state, player, obj)
        if broken is not None:
            raise IllegalAction(self.cite(K.CAST_PROHIBITED), "mtg.illegal.cast_restriction",
                                {"card": oid, "card_name": name, "why": broken})
        if self.cant_cast(state, player, obj.printed.name):
            raise IllegalAction(self.cite(K.CAN_T_BEATS_CAN), "mtg.illegal.cant_cast", {"card": oid, "card_name": name})
        spell = self.spell_ability(obj)
        if "modes" not in spell:
            self.verify_targets(state, spell.get("targets", ()), action.get("targets", []), player, oid, name)
        x = action.get("x", 0)
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            raise IllegalAction(self.cite(K.X_ANNOUNCED), "mtg.illegal.x", {"card": oid, "card_name": name, "x": str(x)})
        self.verify_costs(state, player, obj, action)

    def cast_form(self, obj: GameObject, action: Mapping[str, Any]) -> GameObject:
        """Return the form of the card the cast action casts: face down (CR 702.37c, 708.4), one
        half or both halves of a split card (709.3, 702.102a), else the card; raise
        :class:`IllegalAction` for a form the card can't be cast as."""
        form = cast_half(obj, action, self.cite)
        return cast_face_down(obj, action, self.cite) if action.get("face_down") else form

    def choose_half(self, state: GameState, action: Mapping[str, Any]) -> Mapping[str, Any]:
        """Return the cast action with the half of a split card it casts (CR 709.3): its ``half``,
        else ``options.choices["half:<card>"]``, else an open choice (:class:`OpenChoice`)."""
        obj = state.objects[action["card"]]
        if not is_split(obj.printed) or "half" in action or action.get("fused") or action.get("face_down"):
            return action
        half = self.choose(state, f"half:{obj.id}", [0, 1], "mtg.choice.half", K.SPLIT_CHOOSE_HALF,
                           player=action["player"], card=obj.id, card_name=obj.printed.name)
        return {**action, "half": half}

    def can_cast(self, state: GameState, action: Mapping[str, Any]) -> bool:
        """Whether the cast ``action`` is legal now."""
        try:
            self.verify_cast(state, action)
        except IllegalAction:
            return False
        return True

    def cant_cast(self, state: GameState, player: PlayerId, name: str) -> bool:
        """Whether an effect says a spell with this name can't be cast (CR 101.2): a static
        ``cant_cast`` of a permanent (its ``name`` may be the one chosen as it entered) or a
        document effect."""
        for pid in self.permanents(state):
            for ability in self.chars(state, pid).abilities:
                for part in ability.spec.get("effects", ()) if ability.kind == "static" and self.static_holds(state, pid, ability) else ():
                    if part.get("do") == "cant_cast" and same_name(self.named(state, pid, part.get("name")), name):
                        return True
        return any(e.do == "cant_cast" and self.effect_holds(state, e)
                   and same_name(self.named(state, e.source, e.params.get("name")), name) for e in state.effects)

    @staticmethod
    def named(state: GameState, oid: Optional[str], name: Any) -> Any:
        """A name in a static ability: a string, or ``{"chosen": true}``: the name chosen as ``oid``
        entered (Meddling Mage, CR 614.12a; kept as a ``chosen_name`` effect while it stays)."""
        if isinstance(name, Mapping) and name.get("chosen"):
            return next((e.params.get("name") for e in state.effects if e.do == "chosen_name" and e.source == oid), None)
        return name

    @staticmethod
    def spell_ability(obj: GameObject) -> Mapping[str, Any]:
        """Return the ``spell`` ability of a card (what an instant or sorcery does), or ``{}``."""
        for ability in obj.printed.abilities:
            if ability.kind == "spell":
                return ability.spec
        return MappingProxyType({})

    def verify_mana(self, state: GameState, player: PlayerId, cost: str, name: str, oid: str) -> None:
        """The total cost must be payable from the mana pool, when mana is tracked (CR 601.2g-h)."""
        pool = state.player(player).mana_pool
        if pool is None:
            return
        if payment(self, state, player, pool, cost)[0] is None:  # as though any color where allowed (609.4b)
            raise IllegalAction(self.cite(K.CAST_PAY), "mtg.illegal.cost", {"card": oid, "card_name": name,
                                                                           "cost": cost, "pool": pool})

    def do_cast(self, state: GameState, action: Mapping[str, Any], free: bool = False) -> GameState:
        """Cast a spell (CR 601.2): to the stack, targets, cost paid, then it becomes cast (601.2i).
        Its cascade decisions (one per cascade trigger) are kept in the state (702.85a)."""
        player, oid = action["player"], action["card"]
        action = self.choose_half(state, action)
        if not free:
            self.verify_cast(state, action)
        obj = self.cast_form(state.objects[oid], action)
        x = 0 if free else action.get("x", 0)
        total = None if free else self.total_cost(state, obj, action)
        halves = None if free else self.hybrid_halves(state, player, obj, total.mana)
        grant = None if free or self.timing(state, player, obj, grants=False)[0] else self.flash_grant(state, player, obj)
        spell, action, modes, division = self.announce(state, obj, action, x)
        ts, state = state.stamp()
        state = state.with_object(replace(obj, zone=Zone.STACK, controller=player, timestamp=ts, x=x))
        item_id = f"s{state.next_stack_id}"
        item = StackItem(item_id, "spell", player, oid, obj.printed.name, tuple(spell.get("effects", ())),
                         tuple(action.get("targets", ())), tuple(spell.get("targets", ())),
                         choices=freeze({"x": x, "new_targets": action.get("new_targets", []),
                                         **({"modes": modes} if modes is not None else {}),
                                         **({"divide": division} if division is not None else {})}))
        state = replace(state, stack=state.stack + (item,), next_stack_id=state.next_stack_id + 1,
                        cascade_decisions=MappingProxyType({**state.cascade_decisions,
                                                            oid: freeze(action.get("cascade", []))}))
        self.record("cast", "mtg.cast", K.CAST_TO_STACK, player=player, card=oid, card_name=obj.printed.name,
                    item=item_id, targets=list(action.get("targets", ())), mana_value=mana_value(obj.printed.mana_cost, x),
                    value_name=self.ruleset.value_name,
                    free=free)
        self.recorder.sync(state)
        record_half(self, obj, action)
        record_face_down(self, obj, action)
        self._record_announcements(obj, spell, modes, division, x, free)
        if not free:
            cost = total.mana
            if grant is not None:
                self.record("cast", "mtg.cast.as_though_flash", grant.key, card=oid, card_name=obj.printed.name,
                            source=grant.source, mana=grant.mana or "{0}")
            if "alternative_cost" in action:
                self.record("cast", "mtg.cast.alternative_cost", K.ALTERNATIVE_COST, card=oid, card_name=obj.printed.name,
                            cost=cost or "{0}")
            self.record_total_cost(state, total, obj, "alternative_cost" in action)
            if halves is not None:
                self.record("cast", "mtg.cost.hybrid", K.HYBRID, card=oid, card_name=obj.printed.name, cost=cost,
                            halves=list(halves))
                cost = with_halves(cost, halves)
            elif any("/" in s for s in mana_symbols(cost)):
                self.record("cast", "mtg.cast.hybrid", K.HYBRID, card=oid, card_name=obj.printed.name, cost=cost)
            state = self.pay(state, player, cost, oid, obj.printed.name)
            for extra in action.get("additional_costs", ()):
                state = self.pay_other(state, player, extra, oid)
            if self.life_to_pay(obj, action):
                state = self.pay_life(state, player, self.life_to_pay(obj, action), oid)
        else:
            self.record("cast", "mtg.cast.free", K.X_ZERO_WITHOUT_PAYING, card=oid, card_name=obj.printed.name)
        state = state.with_player(replace(state.player(player), spells_cast=state.player(player).spells_cast + 1))
        if "creature" in obj.printed.types:
            state = state.with_turn_log(state.turn_log.cast_creature(player))
        self.record("cast", "mtg.cast.complete", K.CAST_BECOMES_CAST, player=player, card=oid, card_name=obj.printed.name)
        if free:
            # Cast while another spell or ability resolves (cascade): its text is reported now, on the
            # stack, not only at the next priority (CR 113.6).
            self.report_unevaluated(state)
        state = self.emit(state, {"event": "cast", "object": oid, "player": player})
        state = self.targets_event(state, item)
        if not free:
            state = replace(state, passes=0)
            state = self.settle(state, player=player, why=K.PRIORITY_AFTER_ACTION)
        return state

    def _record_announcements(self, obj: GameObject, spell: Mapping[str, Any], modes: Optional[list[int]],
                              division: Optional[list[int]], x: int, free: bool) -> None:
        """Trace the modes (700.2a, 700.2d), the targets of unchosen modes (700.2c), the value of
        X (107.3a) and the division (601.2d) announced while casting."""
        oid, name = obj.id, obj.printed.name
        if modes is not None:
            printed = self.spell_ability(obj).get("modes", ())
            texts = [str(printed[i].get("text", i)) for i in modes]
            key = K.MODES_REPEAT if len(set(modes)) < len(modes) else K.MODES
            self.record("cast", "mtg.cast.modes", key, card=oid, card_name=name, modes=list(modes), texts=texts)
            skipped = [i for i, mode in enumerate(printed) if i not in modes and mode.get("targets")]
            if skipped:
                self.record("cast", "mtg.cast.mode_targets", K.MODES_TARGETS, card=oid, card_name=name, modes=skipped)
        if "{X}" in obj.printed.mana_cost and not free:
            self.record("cast", "mtg.cast.x", K.X_ANNOUNCED, card=oid, card_name=name, x=x)
        if division is not None:
            self.record("cast", "mtg.cast.divide", K.DIVIDE, card=oid, card_name=name, division=list(division))

    def pay(self, state: GameState, player: PlayerId, cost: str, oid: str, name: str) -> GameState:
        """Pay a mana cost (CR 601.2h) from the pool when mana is tracked; the step either way."""
        pool = state.player(player).mana_pool
        self.record("cast", "mtg.cost.paid", K.CAST_PAY, player=player, card=oid, card_name=name, cost=cost or "{0}")
        if pool is None:
            return state
        state = spend(self, state, player, cost, oid)
        self.recorder.sync(state)
        return state

    def pay_other(self, state: GameState, player: PlayerId, cost: Mapping[str, Any], oid: str) -> GameState:
        """Pay one additional cost (an ADDITIONAL_COST entry, CR 601.2h) of ``oid`` for ``player``."""
        return VOCABULARY.apply_of("additional_cost", cost["do"])(self, state, cost, player, oid)

    def targets_event(self, state: GameState, item: StackItem) -> GameState:
        """Each permanent the item targets "becomes the target" of it (a trigger event, CR 603.2);
        the event's ``player`` is the item's controller (ward, 702.21a)."""
        for target in item.targets:
            if target in state.objects and state.objects[target].zone is Zone.BATTLEFIELD:
                state = self.emit(state, {"event": "becomes_target", "object": target, "by": item.id,
                                          "player": item.controller})
        return state

    def verify_play_land(self, state: GameState, action: Mapping[str, Any]) -> None:
        """A land: main phase, own turn, empty stack, one per turn (CR 305.1, 116.2a)."""
        player, oid = action["player"], action["card"]
        self.verify_priority(state, player)
        obj = state.objects[oid]
        if not self.sorcery_ok(state, player) or state.player(player).lands_played >= 1 or obj.zone is not Zone.HAND:
            raise IllegalAction(self.cite(K.LAND_TIMING), "mtg.illegal.land", {"card": oid, "card_name": obj.printed.name})

    def do_play_land(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Play a land: a special action that puts it onto the battlefield (CR 116.2a, 305.1)."""
        self.verify_play_land(state, action)
        player, oid = action["player"], action["card"]
        state = state.with_player(replace(state.player(player), lands_played=state.player(player).lands_played + 1))
        self.record("special_action", "mtg.special.play_land", K.PLAY_LAND, player=player, card=oid,
                    card_name=state.objects[oid].printed.name)
        state = self.move(state, oid, Zone.BATTLEFIELD, "play_land", K.PLAY_LAND, controller=player)
        return self.settle(replace(state, passes=0), player=player, why=K.PRIORITY_AFTER_ACTION)


# ----------------------------------------------------------------------------- vocabulary

_COST_OBJECT = {"object": OBJECT}


def _moving_cost(to: Zone, reason: str, key: K) -> Any:
    def pay_cost(game: Any, state: GameState, cost: Mapping[str, Any], player: PlayerId, oid: str) -> GameState:
        """Pay the cost: move ``cost["object"]``."""
        return game.move(state, cost["object"], to, reason, key)
    return pay_cost


for _name, _to, _reason, _key, _label, _doc in (
        ("sacrifice", Zone.GRAVEYARD, "sacrifice", K.SACRIFICE, "Sacrifice a permanent",
         "Sacrifices the permanent `object` as the cost is paid (CR 118.8, 701.17a): to its owner's graveyard."),
        ("return_to_hand", Zone.HAND, "cost", K.CAST_PAY, "Return a permanent to its hand",
         "Returns the permanent `object` to its owner's hand as the cost is paid (CR 118.8, 601.2h)."),
        ("discard", Zone.GRAVEYARD, "discard", K.DISCARD, "Discard a card",
         "Discards the card `object` as the cost is paid (CR 118.8, 701.8a)."),
):
    VOCABULARY.entry("additional_cost", _name, rule=(K.ADDITIONAL_COST, _key), keys=_COST_OBJECT, required=("object",),
                     label=_label, messages=("mtg.move",), example={"do": _name, "object": "bear"}, row=row(_COST_OBJECT),
                     doc=_doc)(_moving_cost(_to, _reason, _key))

SPELL_KEYS = {"targets": TARGETS, "effects": INSTRUCTIONS, **MODAL_KEYS}
VOCABULARY.define("ability", "spell", rule=K.SPELL_ABILITY, keys=SPELL_KEYS, label="Spell ability",
                  doc="What an instant or sorcery does as it resolves (CR 113.3a): its `targets` are chosen as it is "
                      "cast (601.2c), its instructions followed in order (608.2c). A modal spell has `modes` and "
                      "`choose` (700.2a): only the chosen modes' targets are chosen (700.2c), and a mode whose "
                      "required targets have no legal choice can't be chosen.",
                  example={"kind": "spell", "targets": [{"filter": {"types": ["creature"]}}],
                           "effects": [{"do": "destroy", "target": 0}]},
                  messages=("mtg.cast", "mtg.resolve"), row=row(SPELL_KEYS, main=("targets", "effects")))
ALTERNATIVE_KEYS = {
    "mana": ManaSymbols(label="Mana", help="the mana of the alternative cost (default none: {0})"),
    "life": Integer(low=1, high=999_999, label="Life", help="life paid too (CR 119.4)"),
    **{part: VOCABULARY.use("filter", label=label, help="paid with one of the cast's additional_costs of this kind")
       for part, label in (("return_to_hand", "Return a permanent matching"), ("sacrifice", "Sacrifice a permanent matching"),
                           ("discard", "Discard a card matching"), ("reveal", "Reveal a card matching"),
                           ("exile", "Exile a card from the hand matching"))},
}
VOCABULARY.define("ability", "alternative_cost", rule=(K.ALTERNATIVE_COST, K.ALTERNATIVE_ONE, K.ALTERNATIVE_CHANGES,
                                                      K.ALTERNATIVE_PARTS),
                  keys=ALTERNATIVE_KEYS, label="Alternative cost",
                  messages=("mtg.cast.alternative_cost", "mtg.illegal.alternative_cost", "mtg.illegal.alternative_cost_part",
                            "mtg.cost.pay_life"),
                  doc="A cost the spell may be cast for instead of its mana cost (CR 118.9): chosen with the cast "
                      "action's `alternative_cost` (the index among the card's alternative costs; one at most, "
                      "118.9a, and an index the card does not have is an `illegal` step). Additional costs, cost "
                      "increases and reductions apply to it (118.9d); {X} in it is the announced X (107.3a). Its "
                      "`life` is paid with it (119.4); its `return_to_hand`, `sacrifice`, `discard`, `reveal` and "
                      "`exile` parts must each be one of the cast's `additional_costs` whose object matches the "
                      "FILTER, or the cast is an `illegal` step (118.3: a cost is paid fully or not at all).",
                  example={"kind": "alternative_cost", "mana": "{1}"}, row=row(ALTERNATIVE_KEYS))

def _cascade_decision() -> Record:
    """One cascade trigger's decision: whether to cast the card found, and its announcements (a
    card found by cascade that has cascade takes the decisions of its own cascade in ``cascade``)."""
    fields = {
        "cast": Boolean(label="Cast it", help="cast the card cascade finds (default true)"),
        "targets": ListOf(item=Text(min_length=1, max_length=64), max_items=20, label="Its targets",
                          help="left out: the player chooses them as it is cast (choice cast_targets:<card>, CR 601.2c)"),
        "modes": ListOf(item=Integer(low=0, high=20), max_items=20, label="Its modes"),
        "targets_by_mode": MapOf(key=Digits(), value=ListOf(item=Text(min_length=1, max_length=64), max_items=20),
                                 label="Its targets by mode"),
        "divide": ListOf(item=Integer(low=1, high=999_999), max_items=20, label="Its damage division"),
        "half": Integer(low=0, high=1, label="Its half", help="the half of a split card cast (CR 709.3)"),
    }
    inner = Record(fields=dict(fields), label="Cascade decision")
    fields["cascade"] = ListOf(item=inner, max_items=10, label="Its own cascades")
    return Record(fields=fields, label="Cascade decision")


CAST_KEYS = {
    "player": PLAYER_ID, "card": OBJECT, "targets": TARGET_IDS,
    "x": Integer(low=0, high=999_999, label="X", help="the value announced for X (CR 107.3a)"),
    "modes": ListOf(item=Integer(low=0, high=20), max_items=20, label="Modes", help="mode indexes (CR 700.2a)"),
    "targets_by_mode": MapOf(key=Digits(), value=TARGET_IDS, max_items=20, label="Targets by mode",
                             help="the targets of each mode, used for whichever modes are chosen"),
    "divide": ListOf(item=Integer(low=0, high=999_999), max_items=20, label="Division",
                     help="amounts per target in the order of the targets (CR 601.2d)"),
    "alternative_cost": INDEX,
    "additional_mana": ManaSymbols(label="Additional mana", help="mana paid besides the mana cost (CR 601.2f)"),
    "additional_costs": ListOf(item=VOCABULARY.use("additional_cost"), max_items=10, label="Additional costs"),
    "cascade": ListOf(item=_cascade_decision(), max_items=10, label="Cascade",
                      help="one decision per cascade trigger, the first to resolve first (CR 702.85a)"),
    "new_targets": TARGET_IDS,
    "half": Integer(low=0, high=1, label="Half", help="which half of a split card: 0 left, 1 right (CR 709.3)"),
    "fused": Boolean(label="Fused", help="both halves of a split card with fuse, from the hand (CR 702.102a)"),
    "face_down": Boolean(label="Face down", help="cast face down for {3} with morph (CR 702.37c)"),
}


@VOCABULARY.entry("action", "cast", rule=(K.CAST_TO_STACK, K.CAST_BECOMES_CAST), keys=CAST_KEYS,
                  required=("player", "card"), label="Cast a spell",
                  messages=("mtg.cast", "mtg.cost.paid", "mtg.cast.complete"),
                  example={"type": "cast", "player": "p1", "card": "bolt", "targets": ["ogre"]},
                  doc="The player casts the card from their hand (CR 601.2): it moves to the stack, the modes, X, "
                      "targets and division are announced (601.2b-d), the total cost is paid (601.2f-h), it becomes "
                      "cast (601.2i) and the player receives priority again (117.3c). A cast that breaks a rule "
                      "(priority, timing, split second, \"can't\", targets, cost) is an `illegal` step. "
                      "`new_targets` are the targets a copy of it made by `copy_spell` gets (707.10c). A split card "
                      "is cast one `half` at a time (709.3), or both halves `fused` with fuse (702.102a); a card with "
                      "morph may be cast `face_down` for {3} (702.37c).",
                  row=row(CAST_KEYS, main=("player", "card", "targets", "x")))
def cast(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Cast ``action["card"]``."""
    return game.do_cast(state, action)


@VOCABULARY.entry("action", "play_land", rule=K.PLAY_LAND, keys={"player": PLAYER_ID, "card": OBJECT},
                  required=("player", "card"), label="Play a land", messages=("mtg.special.play_land", "mtg.move"),
                  example={"type": "play_land", "player": "p1", "card": "forest"},
                  doc="The player plays a land from their hand, a special action (CR 116.2a): only in their own main "
                      "phase with an empty stack, one per turn (305.1).",
                  row=row({"player": PLAYER_ID, "card": OBJECT}))
def play_land(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Play the land ``action["card"]``."""
    return game.do_play_land(state, action)
