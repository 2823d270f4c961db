"""Resolving spells and abilities (CR 608): the top of the stack resolves, its targets are
checked again (608.2b), its instructions followed in order (608.2c) with amounts determined as
they are followed (608.2h) and last known information (608.2h); then the spell leaves the stack
(608.2m, 608.3).

What one instruction tells the next ("this way", "if you do", the parts of one effect) travels
in an immutable :class:`Resolution`: an instruction is a registered entry whose function takes
the resolution and the state and returns both, changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Optional

from .filters import AMOUNTS as FILTER_AMOUNTS
from .filters import INSTRUCTION_CONDITIONS, Context, evaluate_condition, matches
from .mana import mana_value
from .model import Chars, GameState, ObjectId, PlayerId, SpellLKI, StackItem, Zone
from .players import apnap, is_player, opponents
from .rules import K
from .vocabulary import (
    FILTER, INDEX, INSTRUCTIONS, VOCABULARY, Choice, Const, Either, Integer, ListOf, Only, Record, Text, row,
)

Engine = Any
"""The running :class:`~engine.mtg.game.Game` (typed loosely: the game composes the modules that use it)."""


@dataclass(frozen=True)
class Resolution:
    """What the instructions of one resolving item tell each other (CR 608.2c)."""

    game: Engine
    item: StackItem
    legal: tuple[bool, ...] = ()
    """Per target: still legal as it resolves (CR 608.2b); empty when nothing is targeted."""
    this_way: tuple[ObjectId, ...] = ()
    """The objects the previous instruction moved ("this way", "if you do")."""
    this_way_lki: Mapping[ObjectId, Chars] = field(default_factory=lambda: MappingProxyType({}))
    """Their characteristics just before they moved (last known information, CR 608.2h)."""
    effect_part: Optional[tuple[Any, ...]] = None
    """The last continuous effect created: ``(item, filter, affected, group, timestamp)`` (CR 613.6, 613.7b)."""

    def moved(self, objects: tuple[ObjectId, ...] = (), lki: Optional[Mapping[ObjectId, Chars]] = None) -> "Resolution":
        """Return the resolution with ``objects`` as what this instruction moved ("this way")."""
        return replace(self, this_way=tuple(objects), this_way_lki=MappingProxyType(dict(lki or {})))


def resolving_targets(ctx: Resolution) -> tuple[Optional[str], ...]:
    """The resolving item's targets as a FILTER reads them (``not_target``, ``target_player_controls``):
    in order, ``None`` for a target that is illegal now (CR 608.2b)."""
    legal = ctx.legal
    return tuple(t if i >= len(legal) or legal[i] else None for i, t in enumerate(ctx.item.targets))


class Resolving:
    """Resolution (CR 608) for :class:`~engine.mtg.game.Game`."""

    def resolve_top(self, state: GameState) -> GameState:
        """Resolve the top item of the stack (CR 608.1), then the active player gets priority (117.3b)."""
        item = state.stack[-1]
        state = self.leave_stack(state, item)
        self.record("resolve", "mtg.resolve", K.RESOLVE_TOP, item=item.id, card=item.source, card_name=item.name, item_kind=item.kind)
        self.recorder.sync(state)
        state = self.resolve_item(state, item)
        return self.settle(state, player=state.active, why=K.PRIORITY_AFTER_RESOLVE) if not state.winner else state

    def leave_stack(self, state: GameState, item: StackItem) -> GameState:
        """Return the state with ``item`` removed from the stack (resolving or countered); a spell
        is remembered as it last existed there (``GameState.spells_left``), so that an ability
        copying it later still can (last known information, CR 608.2h, 707.10)."""
        state = replace(state, stack=tuple(s for s in state.stack if s is not item))
        obj = state.objects.get(item.source)
        if item.kind == "spell" and obj is not None and obj.zone is Zone.STACK:
            last = SpellLKI(item, obj, self.chars(state, item.source))
            state = replace(state, spells_left=MappingProxyType({**state.spells_left, item.source: last}))
        return state

    def resolve_item(self, state: GameState, item: StackItem) -> GameState:
        """An item resolves: its intervening "if" (608.2a), its targets (608.2b), "you may" (603.5),
        its instructions (608.2c), then a spell leaves the stack (608.2m, 608.3)."""
        if item.condition is not None:
            ok = self.condition(state, item.condition, item.source, item.controller, item.event)
            if not ok:
                self.record("resolve", "mtg.resolve.if_false", K.INTERVENING_IF_RESOLVE, item=item.id, card_name=item.name)
                return state
        legal: list[bool] = []
        for index, (spec, target) in enumerate(zip(item.target_specs, item.targets)):
            # CR 400.7: a target that changed zones since it was chosen is a new object, never the one targeted.
            gone = index in item.new_objects
            ok = not gone and self.target_legal(state, spec, target, item.controller, item.source)
            if not ok:
                self.record("resolve", "mtg.resolve.target_illegal", K.TARGETS_RECHECKED, item=item.id,
                            target=target, target_name=self.name_of(state, target), **({"new_object": True} if gone else {}))
            legal.append(ok)
        if item.targets and not any(legal):
            self.record("resolve", "mtg.resolve.no_legal_targets", K.TARGETS_RECHECKED, item=item.id, card_name=item.name)
            if item.kind == "spell":
                state = self.spell_done(state, item, countered=False, resolved=False)
            return state
        if item.kind == "triggered" and item.choices.get("optional") and not self.may(state, item):
            return state
        state = self.execute(state, item, tuple(legal))
        if item.kind == "spell":
            state = self.spell_done(state, item, countered=False)
        return state

    def may(self, state: GameState, item: StackItem) -> bool:
        """"You may …" (CR 603.5): the ability went on the stack anyway; its controller chooses as
        it resolves. ``options.choices["may:<source>:<ability index>"]`` (true/false), else an open
        choice with both branches. Returns whether the player does it (a ``mtg.resolve.declined``
        step when not)."""
        key = f"may:{item.source}:{item.choices.get('ability', 0)}"
        yes = self.choose(state, key, [True, False], "mtg.choice.may", K.TRIGGER_OPTIONAL, player=item.controller,
                          card=item.source, card_name=item.name)
        if not yes:
            self.record("resolve", "mtg.resolve.declined", K.TRIGGER_OPTIONAL, item=item.id, card=item.source,
                        card_name=item.name)
        return bool(yes)

    def spell_done(self, state: GameState, item: StackItem, countered: bool, resolved: bool = True) -> GameState:
        """An instant or sorcery goes to the graveyard (CR 608.2m); a permanent spell enters (608.3).
        A spell that does not resolve (``resolved`` false: all its targets illegal, 608.2b) is
        removed from the stack to its owner's graveyard, whatever its types."""
        oid = item.source
        if oid not in state.objects or state.objects[oid].zone is not Zone.STACK:
            return state
        obj = state.objects[oid]
        if not resolved:
            return self.move(state, oid, Zone.GRAVEYARD, "not_resolved", K.TARGETS_RECHECKED,
                             message_id="mtg.move.not_resolved")
        types = obj.printed.types
        if obj.copy and not countered and not ("instant" in types or "sorcery" in types):
            # A copy of a permanent spell becomes a token permanent as it resolves (CR 608.3b in
            # 2022); it is no longer a copy of a spell. 2020-06-01 does not say: reported, and the
            # later rule applied.
            if not self.ruleset.copy_of_permanent_becomes_token:
                self.record("cannot_evaluate", "mtg.cannot_evaluate", K.PERMANENT_RESOLVES, item=item.id,
                            card_name=obj.printed.name,
                            detail="this edition does not say what a copy of a permanent spell becomes as it resolves "
                                   "(608.3 speaks of the spell card): the engine makes it a token, as 608.3b of later "
                                   "editions does")
            state = state.with_object(replace(obj, copy=False, token=True))
            self.record("resolve", "mtg.copy.becomes_token", K.COPY_PERMANENT_TOKEN, item=item.id, card=oid,
                        card_name=obj.printed.name)
            return self.move(state, oid, Zone.BATTLEFIELD, "resolved", K.COPY_PERMANENT_TOKEN, controller=item.controller)
        if obj.copy:
            return self.move(state, oid, Zone.GRAVEYARD, "copy_resolved", K.SPELL_TO_GRAVEYARD)
        if countered or "instant" in types or "sorcery" in types:
            return self.move(state, oid, Zone.GRAVEYARD, "countered" if countered else "resolved",
                             K.COUNTER if countered else K.SPELL_TO_GRAVEYARD)
        state = self.move(state, oid, Zone.BATTLEFIELD, "resolved", K.PERMANENT_RESOLVES, controller=item.controller)
        if "Aura" in obj.printed.subtypes and item.targets:
            state = state.with_object(replace(state.objects[oid], attached_to=item.targets[0]))
            self.recorder.sync(state)
        return state

    def execute(self, state: GameState, item: StackItem, legal: tuple[bool, ...]) -> GameState:
        """Follow the instructions in order (CR 608.2c); a part about an illegal target is skipped (608.2b)."""
        ctx = Resolution(self, item, legal)
        for part in item.effects:
            if state.winner:
                break
            state, ctx = self.do_instruction(ctx, state, part)
            self.recorder.sync(state)
        return state

    def do_instruction(self, ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
        """Follow one instruction: its ``if`` (608.2c), ``optional`` ("you may", 603.5) and
        self-replacement ``instead`` (614.15), then the INSTRUCTION entry named by ``do``."""
        do = part.get("do")
        item = ctx.item
        if part.get("if") is not None and do != "replacement":
            # CR 608.2c: "then if you control …" / "if you do": checked as this instruction is reached.
            if not self.condition(state, part["if"], item.source, item.controller, item.event, ctx.this_way):
                self.record("resolve", "mtg.resolve.instruction_if_false", K.INSTRUCTIONS_IN_ORDER, item=item.id,
                            card=item.source, card_name=item.name, do=str(do))
                return state, ctx.moved()
        if part.get("optional") and not self.may(state, item):
            return state, ctx.moved()
        if "instead" in part and do != "replacement":
            # CR 614.15: a self-replacement effect ("… If [condition], [other] instead") replaces
            # the instruction's own effect; it applies before any other replacement (616.1a).
            cond = part.get("instead_if")
            if cond is None or self.condition(state, cond, item.source, item.controller, item.event, ctx.this_way):
                self.record("replace", "mtg.replace.self", K.SELF_REPLACEMENT, item=item.id, card_name=item.name)
                for other in part["instead"]:
                    state, ctx = self.do_instruction(ctx, state, other)
                return state, ctx
        return VOCABULARY.apply_of("instruction", do)(ctx, state, part)

    def objects_of(self, state: GameState, ctx: Resolution, part: Mapping[str, Any]) -> list[ObjectId]:
        """The objects an instruction is about (an OBJECT reference: ``target``, ``object``,
        ``combat``, ``cards`` or ``affected``)."""
        item, legal = ctx.item, ctx.legal
        if "target" in part:
            index = part["target"]
            if index < len(item.targets) and (index >= len(legal) or legal[index] or not legal):
                return [item.targets[index]]
            return []
        ref = part.get("object")
        if ref == "self":
            return [item.source] if item.source in state.objects else []
        if ref == "event":
            o = item.event.get("object")
            return [o] if o else []
        if ref == "attacker":
            o = item.event.get("attacker")
            return [o] if o else []
        if ref == "attached":
            src = state.objects.get(item.source)
            if src and src.zone is Zone.BATTLEFIELD:
                return [src.attached_to] if src.attached_to else []
            lki_attached = item.event.get("attached") if item.event else None
            return [lki_attached] if lki_attached else []
        if "combat" in part:
            # "Blocking creatures" / "blocked creatures": blocked stays blocked, blocking stays blocking,
            # until removed from combat, even if the other creature left (CR 509.1h, 506.4).
            kinds = part["combat"]
            return [o for o in self.permanents(state) if "creature" in self.chars(state, o).types and (
                ("blocking" in kinds and state.objects[o].blocking)
                or ("blocked" in kinds and state.objects[o].attacking and state.objects[o].blocked))]
        if "cards" in part:
            # Every card matching ``cards`` in ``zone`` of the player ``owner`` ("all creature cards from
            # target player's graveyard").
            ctx_ = Context(item.source, item.controller, None, resolving_targets(ctx))
            owners = self.players_of(state, ctx, {"player": part.get("owner", "you")})
            zone = Zone(part.get("zone", "graveyard"))
            return [o.id for o in state.in_zone(zone) if o.owner in owners
                    and matches(part["cards"], o.id, o.printed, o, ctx_)]
        if "affected" in part:
            ctx_ = Context(item.source, item.controller, state.objects[item.source].attached_to if item.source in state.objects else None,
                           resolving_targets(ctx))
            return [o for o in self.permanents(state) if matches(part["affected"], o, self.chars(state, o), state.objects[o], ctx_)]
        return []

    def players_of(self, state: GameState, ctx: Resolution, part: Mapping[str, Any]) -> list[PlayerId]:
        """The players an instruction is about (``player``: you, opponent, each, event, or a target
        index). ``opponent`` is each opponent still in the game and ``each`` every player still in
        the game, in APNAP order (CR 101.4, 102.3; in a two-player game the one opponent, 102.2)."""
        item = ctx.item
        who = part.get("player", "you")
        if who == "you":
            return [item.controller]
        if who == "opponent":
            return list(opponents(state, item.controller))
        if who == "each":
            return list(apnap(state))
        if isinstance(who, int):
            meant = [item.targets[who]] if who < len(item.targets) else []
        elif who == "event":
            meant = [item.event.get("player")] if item.event.get("player") else []
        else:
            meant = [who]
        # A player who has left the game is no longer in it to be affected (CR 800.4a).
        return [p for p in meant if not (is_player(p) and state.player(p).lost)]

    def amount(self, state: GameState, ctx: Resolution, value: Any) -> int:
        """An amount, determined once as the instruction is followed (CR 608.2h): an integer,
        ``"x"``, or an AMOUNT entry evaluated by its function."""
        if isinstance(value, int):
            return value
        if value == "x":
            return int(ctx.item.choices.get("x", 0))
        if isinstance(value, Mapping):
            for key in value:
                if key in _AMOUNTS:
                    return _AMOUNTS[key](self, state, ctx, value)
        return 0

    def condition(self, state: GameState, cond: Mapping[str, Any], oid: str, controller: PlayerId,
                  event: Mapping[str, Any], this_way: tuple[ObjectId, ...] = ()) -> bool:
        """Evaluate an intervening "if" or an instruction's condition (CR 603.4, 608.2c): the
        conditions on the state alone are those static abilities use too
        (:func:`~engine.mtg.filters.evaluate_condition`); ``did`` and ``creature_spells_cast``
        are the resolution's (``this_way``: what the previous instruction moved)."""
        ctx = Context(oid, controller, None)
        shared = evaluate_condition(cond, state, lambda o: self.chars(state, o), ctx, event, self.permanents(state))
        if shared is not None:
            return shared
        for key, value in cond.items():
            if key in _CONDITIONS:
                return _CONDITIONS[key](self, state, value, oid, controller, event, this_way)
        return True


# ----------------------------------------------------------------------------- amounts (608.2h)

_AMOUNTS: dict[str, Any] = {}


def _amount(name: str, rule: Any, value: Any, label: str, doc: str, example: Any, keys: Optional[dict] = None):
    def register(fn: Any) -> Any:
        VOCABULARY.add(_amount_entry(name, rule, value, label, doc, example, keys or {}, fn))
        _AMOUNTS[name] = fn
        return fn
    return register


def _amount_entry(name: str, rule: Any, value: Any, label: str, doc: str, example: Any, keys: dict, fn: Any) -> Any:
    from ..core.vocabulary import Entry
    return Entry(slot="amount", name=name, rule=rule if isinstance(rule, tuple) else (rule,), value=value, keys=keys,
                 label=label, doc=doc, example={name: example, **({"times": 2} if keys else {})}, apply=fn,
                 row=row(keys, main=(name, *keys)))


TIMES = {"times": Integer(low=-999, high=999, label="Times", help="multiplies the amount (default 1)")}


@_amount("count", (K.INSTRUCTIONS_IN_ORDER, K.L7C_MODIFY), FILTER, "The number of permanents",
         "The number of permanents matching the FILTER (\"you\": the controller of the spell or ability), times "
         "`times`: counted once as a resolving instruction is followed (CR 608.2h), or each time the layer applies "
         "for a static ability's or document effect's P/T (613.4c).", {"types": ["creature"], "controller": "you"},
         keys=TIMES)
def _count(game: Engine, state: GameState, ctx: Resolution, value: Mapping[str, Any]) -> int:
    item = ctx.item
    where = Context(item.source, item.controller, None)
    n = sum(1 for o in game.permanents(state) if matches(value["count"], o, game.chars(state, o), state.objects[o], where))
    return n * value.get("times", 1)


@_amount("event_amount", K.TRIGGER, Const(value=True), "The event's amount",
         "The amount of the event that triggered the ability: the damage dealt, the life lost (CR 603.2).", True)
def _event_amount(game: Engine, state: GameState, ctx: Resolution, value: Mapping[str, Any]) -> int:
    return int(ctx.item.event.get("amount", 0))


@_amount("life_lost_this_turn", K.DAMAGE_LIFE_LOSS, Const(value="all"), "Life lost this turn",
         "The life all players have lost this turn, whatever caused it (Tainted Sigil; CR 119.3, 120.3a); "
         "`players[].life_lost` gives what was lost before the scenario begins.", "all")
def _life_lost(game: Engine, state: GameState, ctx: Resolution, value: Mapping[str, Any]) -> int:
    return sum(state.turn_log.life_lost.values())


@_amount("this_way", K.LAST_KNOWN, Choice(values=("count", "mana_value", "power", "toughness"), what="this way amount"),
         "Of the objects moved this way",
         "About the objects the previous instruction moved: their `count`, or the sum of their `mana_value`, `power` "
         "or `toughness` as they last existed before moving (last known information, CR 608.2h in 2022, 608.2g in "
         "2020): the power of the sacrificed creature.", "count")
def _this_way(game: Engine, state: GameState, ctx: Resolution, value: Mapping[str, Any]) -> int:
    what = value["this_way"]
    if what == "count":
        return len(ctx.this_way)
    total = 0
    for oid in ctx.this_way:
        chars = ctx.this_way_lki.get(oid) or (state.objects[oid].printed if oid in state.objects else None)
        if chars is None:
            continue
        game.record("resolve", "mtg.resolve.last_known", K.LAST_KNOWN, card=oid, card_name=chars.name)
        total += mana_value(chars.mana_cost) if what == "mana_value" else (
            (chars.power if what == "power" else chars.toughness) or 0)
    return total


@_amount("power_of", K.LAST_KNOWN, Choice(values=("source", "event", "attached"), what="object"), "Its power",
         "The power of the source of the ability, the event's object, or the permanent the source is attached to, "
         "as it is now; if it has left the battlefield, as it last existed (last known information, CR 608.2h).",
         "source")
def _power_of(game: Engine, state: GameState, ctx: Resolution, value: Mapping[str, Any]) -> int:
    item = ctx.item
    if value["power_of"] == "source":
        src = item.source
        if src in state.objects and state.objects[src].zone is Zone.BATTLEFIELD:
            return game.chars(state, src).power or 0
        game.record("resolve", "mtg.resolve.last_known", K.LAST_KNOWN, card=src, card_name=item.name)
        return (item.source_lki.power if item.source_lki else 0) or 0
    oid = item.event.get("object")
    if value["power_of"] == "attached":
        src = state.objects.get(item.source)
        oid = src.attached_to if src else None
    if oid and oid in state.objects and state.objects[oid].zone is Zone.BATTLEFIELD:
        return game.chars(state, oid).power or 0
    lki = item.event.get("lki") or (state.lki.get(oid) if oid else None)
    game.record("resolve", "mtg.resolve.last_known", K.LAST_KNOWN, card=oid or "", card_name=game.name_of(state, oid))
    return (lki.power if lki else 0) or 0


_AMOUNTS.update(FILTER_AMOUNTS)
RESOLUTION_AMOUNTS = ("count", "event_amount", "life_lost_this_turn", "this_way", "power_of", *FILTER_AMOUNTS)
"""The amounts a resolving instruction determines as it is followed (CR 608.2h)."""
AMOUNT = Either(options=(Integer(low=-999_999, high=999_999), Choice(values=("x",), what="amount"),
                         Only(slot="amount", vocabulary=VOCABULARY, names=RESOLUTION_AMOUNTS,
                              where="by a resolving instruction (CR 608.2h)")),
                label="Amount", help="an integer, \"x\" (the X announced), or an AMOUNT")


# ----------------------------------------------------------------------------- conditions of a resolution (608.2c, 603.4)

_CONDITIONS: dict[str, Any] = {}


def _resolution_condition(name: str, rule: Any, value: Any, label: str, doc: str, example: Any):
    def register(fn: Any) -> Any:
        VOCABULARY.entry("condition", name, rule=rule, value=value, label=label, doc=doc, example={name: example},
                         row=row({}, main=(name,)))(fn)
        _CONDITIONS[name] = fn
        return fn
    return register


@_resolution_condition("did", K.INSTRUCTIONS_IN_ORDER, Either(options=(Const(value=True), FILTER)), "If you do",
                       "\"If you do\" / \"if you return a nonland card this way\": the previous instruction moved an "
                       "object (matching the FILTER, as it is now) (CR 608.2c).", {"not_types": ["land"]})
def _did(game: Engine, state: GameState, value: Any, oid: str, controller: PlayerId, event: Mapping[str, Any],
         this_way: tuple[ObjectId, ...]) -> bool:
    ctx = Context(oid, controller, None)
    return any(o in state.objects and (value is True or matches(value, o, state.objects[o].printed, state.objects[o], ctx))
               for o in this_way)


@_resolution_condition("creature_spells_cast", K.INTERVENING_IF,
                       Record(fields={"player": Choice(values=("event", "you", "opponent"), what="player"),
                                      "at_most": Integer(low=0, high=999)}, required=("at_most",)),
                       "Creature spells cast this turn",
                       "True if the player (the event's, you, or an opponent) cast at most `at_most` creature spells "
                       "this turn (Predatory Advantage). A `cannot_evaluate` step when the document gives that "
                       "player's `spells_cast` without `creature_spells_cast`, or for `opponent` when there are "
                       "several (which one is not known; use `event`).", {"player": "event", "at_most": 0})
def _creature_spells_cast(game: Engine, state: GameState, value: Any, oid: str, controller: PlayerId,
                          event: Mapping[str, Any], this_way: tuple[ObjectId, ...]) -> bool:
    others = opponents(state, controller)
    who = event.get("player") if value.get("player") == "event" else (
        (others[0] if len(others) == 1 else None) if value.get("player") == "opponent" else controller)
    if not is_player(who) or not state.turn_log.casts_known.get(who, True):
        game.record("cannot_evaluate", "mtg.cannot_evaluate", K.INTERVENING_IF, item="", card_name=game.name_of(state, oid),
                    detail="creature spells cast this turn are unknown (give players[].creature_spells_cast)")
        return False
    return state.turn_log.creature_casts.get(who, 0) <= int(value.get("at_most", 0))


# ----------------------------------------------------------------------------- what every instruction may carry

CONDITION = Only(slot="condition", vocabulary=VOCABULARY, names=INSTRUCTION_CONDITIONS,
                 where="in an instruction's if (CR 608.2c)", label="Condition")
COMMON = {
    "if": CONDITION,
    "optional": Const(value=True, label="You may", help="its controller chooses as it is followed (CR 603.5)"),
    "instead": INSTRUCTIONS,
    "instead_if": CONDITION,
}
"""The keys every instruction but ``replacement`` takes: ``if`` (checked when reached, 608.2c),
``optional`` ("you may", key ``may:<source>:<ability>``), ``instead`` and ``instead_if`` (a
self-replacement effect, 614.15)."""
OBJECT_REF = Choice(values=("self", "event", "attached", "attacker"), what="object",
                    label="Object", help="self: the source; event: the trigger event's object; attached: what the "
                    "source is attached to; attacker: the attacking creature of a blocks event")
REFS = {
    "target": INDEX, "object": OBJECT_REF, "affected": FILTER,
    "combat": ListOf(item=Choice(values=("blocking", "blocked"), what="combat role"), min_items=1, max_items=2,
                     label="In combat", help="blocking creatures and/or blocked creatures (CR 509.1h)"),
    "cards": FILTER,
}
"""The ways an instruction names its objects (at most one of them)."""
PLAYER = Either(options=(Choice(values=("you", "opponent", "each", "event"), what="player"), INDEX),
                label="Player", help="you, opponent, each, event (the trigger event's player) or a target index")
OWNER = PLAYER
ZONE_FROM = Choice(values=("battlefield", "graveyard", "hand", "library", "exile", "stack"), what="zone",
                   label="From the zone")


def check_instruction(value: Any, path: Any, v: Any) -> None:
    """An instruction names its objects one way, and ``instead_if`` needs ``instead``."""
    named = [key for key in REFS if key in value]
    if len(named) > 1:
        v.error((*path, named[1]), f"{named[1]} and {named[0]} both name the objects: give one of them")
    if "instead_if" in value and "instead" not in value:
        v.error((*path, "instead_if"), "instead_if goes with instead (a self-replacement effect, CR 614.15)")
    if "owner" in value and "cards" not in value:
        v.error((*path, "owner"), "owner goes with cards (whose cards)")


def instruction(name: str, rule: Any, *, keys: Optional[dict] = None, refs: tuple[str, ...] = (), required: tuple = (),
                label: str, doc: str, example: dict, messages: tuple[str, ...] = (), common: bool = True,
                check: Any = None):
    """Register the instruction ``name`` (its keys with the COMMON ones and the object references
    ``refs``) and its function ``(resolution, state, part) -> (state, resolution)``."""
    own = dict(keys or {})
    fields = {**own, **{key: REFS[key] for key in refs}, **(COMMON if common else {})}
    zone_of_cards = "cards" in refs and "zone" not in own
    if "cards" in refs:
        fields.setdefault("owner", OWNER)
        fields.setdefault("zone", ZONE_FROM)

    def checks(value: Any, path: Any, v: Any) -> None:
        check_instruction(value, path, v)
        if zone_of_cards and "zone" in value and "cards" not in value:
            v.error((*path, "zone"), "zone goes with cards (the zone whose cards it is about)")
        if check is not None:
            check(value, path, v)

    return VOCABULARY.entry("instruction", name, rule=rule, keys=fields, required=required, label=label, doc=doc,
                            example={"do": name, **example}, messages=messages, check=checks,
                            row=row(fields, main=tuple(k for k in fields if k in own or k in refs)))


@instruction("unsupported", K.INSTRUCTIONS_IN_ORDER, keys={"text": Text(min_length=1, max_length=2_000, label="Text")},
             required=("text",), label="Text the engine can't evaluate", messages=("mtg.cannot_evaluate",),
             example={"text": "Phase out target creature."}, common=False,
             doc="A part of the text the engine does not evaluate: as the item resolves it is a `cannot_evaluate` "
                 "step naming the card and the text, and the result is incomplete; the engine never guesses.")
def unsupported(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Record that this part of the text is not evaluated."""
    ctx.game.record("cannot_evaluate", "mtg.cannot_evaluate", K.INSTRUCTIONS_IN_ORDER, item=ctx.item.id,
                    card_name=ctx.item.name, detail=str(part.get("text")))
    return state, ctx
