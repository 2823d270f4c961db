"""Filters (FILTER: what an object must be) and the conditions on the state alone (CONDITION:
"as long as …", CR 611.3a; intervening "if", 603.4), each key an entry of the vocabulary.

:func:`matches` reads a filter key by key through the registry (each entry's predicate);
:func:`evaluate_condition` does the same for a condition. What each key reads (types, colors,
the controller …) is the entry's ``reads``: the layer system uses it to find the effects that
may depend on others (CR 613.8a).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Optional

from .model import Chars, GameObject, GameState, ObjectId, PlayerId, Zone, opponent
from .rules import K
from .subtypes import has_subtype
from .vocabulary import (
    COLORS, COLOR_LIST, COUNT, COUNTER, INDEX, KEYWORD, NUMBER, OBJECTS, STEP, SUBTYPE_LIST, SUPERTYPE_LIST, TYPE_LIST,
    VOCABULARY, Boolean, Choice, Const, Integer, ListOf, Text, row,
)


@dataclass(frozen=True, slots=True)
class Context:
    """What an effect is evaluated against."""

    source: Optional[ObjectId]
    controller: PlayerId
    """The effect's controller, whom ``you`` means."""
    attached_to: Optional[ObjectId]
    """The object the source is attached to (``enchanted``/``equipped``), if any."""
    targets: Optional[tuple[Optional[str], ...]] = None
    """The targets of the resolving spell or ability, in order, ``None`` for one that is illegal
    now (CR 608.2b); ``None`` as a whole where nothing is resolving (a static ability's filter)."""


Predicate = Callable[[Any, ObjectId, Chars, GameObject, Context], bool]
_PREDICATES: dict[str, Predicate] = {}
_READS: dict[str, frozenset[str]] = {}


def names_of(name: str) -> list[str]:
    """The names a card name stands for: a split card's ``Fire // Ice`` is two (CR 709.4a)."""
    return [" ".join(part.split()).casefold() for part in name.split("//")]


def same_name(a: Any, b: Any) -> bool:
    """Whether two card names are the same name (CR 201.2: names are compared as words, so a
    judge's ``zap`` or ``Zap `` names Zap): case-folded, runs of spaces collapsed. A split card
    has the name when one of its two names is it (709.4a)."""
    if not isinstance(a, str) or not isinstance(b, str):
        return False
    return bool(set(names_of(a)) & set(names_of(b)))


def _filter_key(name: str, rule: K, value: Any, reads: tuple[str, ...], label: str, doc: str, example: Any):
    """Register the filter key ``name`` and its predicate ``(value, id, chars, obj, ctx) -> bool``."""
    def register(predicate: Predicate) -> Predicate:
        VOCABULARY.add(_entry("filter", name, rule, value=value, reads=reads, label=label, doc=doc,
                              example={name: example}, apply=predicate))
        _PREDICATES[name] = predicate
        _READS[name] = frozenset(reads)
        return predicate
    return register


def _entry(slot: str, name: str, rule: Any, **fields: Any):
    from ..core.vocabulary import Entry

    fields.setdefault("row", row({}, main=(name,)))
    return Entry(slot=slot, name=name, rule=rule if isinstance(rule, tuple) else (rule,), **fields)


def matches(spec: Optional[Mapping[str, Any]], oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    """Return whether an object matches a FILTER (every key holds; ``None`` or ``{}``: any)."""
    if not spec:
        return True
    for key, value in spec.items():
        if not _PREDICATES[key](value, oid, chars, obj, ctx):
            return False
    return True


def filter_reads(spec: Optional[Mapping[str, Any]]) -> set[str]:
    """Return the characteristics a filter looks at (``types``, ``colors``, ``controller``,
    ``abilities``, ``pt``), for dependency candidates (CR 613.8a)."""
    if not spec:
        return set()
    out: set[str] = set()
    for key in spec:
        out |= _READS.get(key, frozenset())
    return out


ONE = Const(value=True)


@_filter_key("self", K.SELF_REFERENCE, ONE, (), "Itself", "The object with the ability or effect itself (CR 201.5).", True)
def _self(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return oid == ctx.source


@_filter_key("other", K.SELF_REFERENCE, ONE, (), "Another", "Any object but the one with the ability (\"another\", "
             "\"other\").", True)
def _other(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return oid != ctx.source


@_filter_key("attached", K.ATTACHED, ONE, (), "Enchanted or equipped",
             "The object the source is attached to: the enchanted or equipped permanent (CR 301.5a, 303.4).", True)
def _attached(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return oid == ctx.attached_to


@_filter_key("ids", K.OBJECT, OBJECTS, (), "One of these objects", "One of the objects named by id (CR 109.1).",
             ["ogre"])
def _ids(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return oid in value


@_filter_key("types", K.CARD_TYPES, TYPE_LIST, ("types",), "Has all these card types",
             "Has every one of these card types (CR 205.2a), after the layers.", ["creature"])
def _types(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return all(t in chars.types for t in value)


@_filter_key("any_types", K.CARD_TYPES, TYPE_LIST, ("types",), "Has one of these card types",
             "Has at least one of these card types (CR 205.2a): \"creature or planeswalker\".", ["creature", "planeswalker"])
def _any_types(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return any(t in chars.types for t in value)


@_filter_key("not_types", K.CARD_TYPES, TYPE_LIST, ("types",), "Has none of these card types",
             "Has none of these card types (CR 205.2a): \"noncreature\", \"nonland\".", ["land"])
def _not_types(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return not any(t in chars.types for t in value)


@_filter_key("subtypes", K.SUBTYPES, SUBTYPE_LIST, ("types",), "Has one of these subtypes",
             "Has at least one of these subtypes (CR 205.3a): \"Zombie\", \"Goblin or Elf\". An object that is "
             "every creature type (changeling, 702.73a) has every creature type.", ["Zombie"])
def _subtypes(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return any(has_subtype(chars, t, obj) for t in value)


@_filter_key("not_subtypes", K.SUBTYPES, SUBTYPE_LIST, ("types",), "Has none of these subtypes",
             "Has none of these subtypes (CR 205.3a): \"non-Zombie\"; a changeling is never \"non-\" a creature "
             "type (702.73a).", ["Zombie"])
def _not_subtypes(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return not any(has_subtype(chars, t, obj) for t in value)


@_filter_key("supertypes", K.SUPERTYPES, SUPERTYPE_LIST, ("types",), "Has all these supertypes",
             "Has every one of these supertypes (CR 205.4a): \"legendary\", \"basic\".", ["legendary"])
def _supertypes(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return all(t in chars.supertypes for t in value)


@_filter_key("not_supertypes", K.SUPERTYPES, SUPERTYPE_LIST, ("types",), "Has none of these supertypes",
             "Has none of these supertypes (CR 205.4a): \"nonbasic\", \"nonlegendary\".", ["basic"])
def _not_supertypes(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return not any(t in chars.supertypes for t in value)


@_filter_key("colors", K.COLORS, COLOR_LIST, ("colors",), "Is one of these colors",
             "Is at least one of these colors (CR 105.1), after the layers.", ["red"])
def _colors(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return any(c in chars.colors for c in value)


@_filter_key("multicolored", K.MULTICOLORED, Boolean(), ("colors",), "Multicolored",
             "true: two or more colors; false: not multicolored (CR 105.4).", True)
def _multicolored(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return (len(chars.colors) > 1) == value


@_filter_key("monocolored", K.MONOCOLORED, Boolean(), ("colors",), "Monocolored",
             "true: exactly one color; false: not monocolored (CR 105.2a).", True)
def _monocolored(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return (len(chars.colors) == 1) == value


@_filter_key("name", K.NAME, Text(min_length=1, max_length=200), (), "Named",
             "Has this name, compared as words whatever the case (CR 201.2).", "Zombie Token")
def _name(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return same_name(chars.name, value)


@_filter_key("has_keyword", K.KEYWORD_ABILITIES, KEYWORD, ("abilities",), "Has the keyword",
             "Has this keyword ability now, after the layers (CR 702.1).", "flying")
def _has_keyword(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return chars.has_keyword(value)


@_filter_key("token", K.TOKEN, Boolean(), (), "Token", "true: a token; false: a card (CR 111.1).", True)
def _token(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return obj.token == value


@_filter_key("tapped", K.STATUS, Boolean(), (), "Tapped", "true: tapped; false: untapped (CR 110.5).", False)
def _tapped(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return obj.tapped == value


@_filter_key("min_power", K.POWER, NUMBER, ("pt",), "Power at least",
             "Has power at least this number, after the layers (CR 208.1); an object with no power does not match.", 5)
def _min_power(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return chars.power is not None and chars.power >= value


@_filter_key("attacking", K.ATTACKING, Boolean(), (), "Attacking", "true: an attacking creature; false: not attacking "
             "(CR 508.1a).", True)
def _attacking(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return (obj.attacking is not None) == value


@_filter_key("controller", K.CONTROLLER, Choice(values=("you", "opponent", "p1", "p2"), what="controller"), ("controller",),
             "Controlled by", "Controlled by you (the controller of the ability or effect, CR 109.5), an opponent, or "
             "the player p1 or p2 (CR 110.2), after the layers.", "you")
def _controller(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    who = ctx.controller if value == "you" else opponent(ctx.controller) if value == "opponent" else value
    return chars.controller == who


@_filter_key("owner", (K.OWNER, K.NO_CONTROLLER_OWNER), Choice(values=("you", "opponent", "p1", "p2"), what="owner"), (),
             "Owned by", "Owned by you (the controller of the ability or effect, CR 109.5), an opponent, or the player p1 "
             "or p2 (CR 108.3): \"creature cards you own that aren't on the battlefield\". A card that is not a permanent "
             "or a spell has no controller: its owner is what a filter on it asks (108.4a).", "you")
def _owner(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    who = ctx.controller if value == "you" else opponent(ctx.controller) if value == "opponent" else value
    return obj.owner == who


ZONE_NAMES = ("battlefield", "stack", "hand", "library", "graveyard", "exile", "command")
"""The zones a filter may name (CR 400.1)."""


@_filter_key("zones", (K.ZONES, K.OUTSIDE_BATTLEFIELD),
             ListOf(item=Choice(values=ZONE_NAMES, what="zone"), min_items=1, max_items=7, unique=True, label="Zones"), (),
             "In one of these zones", "The object is in one of these zones (CR 400.1). A static ability's `affected` "
             "without `zones` applies to permanents only; with it, to the objects in those zones: \"creature cards you "
             "own that aren't on the battlefield\" (`[\"library\", \"hand\", \"graveyard\", \"exile\"]`), \"spells\" "
             "(`[\"stack\"]`), their characteristics computed through the layers like a permanent's (613.1, 611.3a).",
             ["hand", "graveyard"])
def _zones(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return obj.zone.value in value


@_filter_key("lacks_keyword", K.KEYWORD_ABILITIES, KEYWORD, ("abilities",), "Doesn't have the keyword",
             "Doesn't have this keyword ability now, after the layers (CR 702.1): \"each creature without flying\".",
             "flying")
def _lacks_keyword(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return not chars.has_keyword(value)


@_filter_key("counter", K.COUNTERS, COUNTER, (), "Has a counter of the kind",
             "Has at least one counter of this kind on it (CR 122.1): \"each creature with a +1/+1 counter on it\".",
             "+1/+1")
def _counter(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    return obj.counters.get(value, 0) > 0


TARGET_KEYS_DOC = ("Read as the spell or ability resolves, where its targets are known (an instruction's objects, the "
                   "objects a created effect locks in, CR 611.2c); a target illegal by then (608.2b) names nothing. Anywhere "
                   "else (a static ability, a document effect, a trigger) it is refused.")


@_filter_key("not_target", K.NOT_A_TARGET, INDEX, (), "Other than target N",
             "Any object but the one chosen as the resolving spell's or ability's target number N (from 0): \"target "
             "creature … each other creature\"; the others are affected, not targeted (CR 115.10a). " + TARGET_KEYS_DOC,
             0)
def _not_target(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    targets = ctx.targets or ()
    return value >= len(targets) or targets[value] != oid


@_filter_key("target_player_controls", K.NOT_A_TARGET, INDEX, ("controller",), "Controlled by target player N",
             "Controlled by the player chosen as the resolving spell's or ability's target number N (from 0): \"each "
             "creature target player controls\", \"target player's creatures\"; the player is targeted, the "
             "creatures are not (CR 115.10a). " + TARGET_KEYS_DOC, 0)
def _target_player_controls(value: Any, oid: ObjectId, chars: Chars, obj: GameObject, ctx: Context) -> bool:
    targets = ctx.targets or ()
    return value < len(targets) and targets[value] in ("p1", "p2") and chars.controller == targets[value]


# ----------------------------------------------------------------------------- conditions (611.3a, 603.4)

ConditionFn = Callable[[Any, Mapping[str, Any], GameState, Callable[[ObjectId], Chars], Context, Mapping[str, Any],
                        Iterable[ObjectId]], bool]
_CONDITIONS: dict[str, ConditionFn] = {}
_CONDITION_READS: dict[str, Callable[[Any], set[str]]] = {}

STATIC_CONDITIONS = ("controls", "your_turn", "life_at_most", "first_combat", "step", "opponent_cast_spells")
"""The conditions on the state alone: what a static ability's or an effect's ``if`` may say."""
TRIGGER_CONDITIONS = STATIC_CONDITIONS + ("pt", "creature_spells_cast")
"""What a triggered ability's intervening "if" may say (CR 603.4): also the event's object and this turn's spells."""
INSTRUCTION_CONDITIONS = TRIGGER_CONDITIONS + ("did",)
"""What an instruction's ``if`` may say (CR 608.2c): also what the previous instruction did."""


def _condition(name: str, rule: K, value: Any, label: str, doc: str, example: Any, keys: Optional[dict] = None,
               reads: Callable[[Any], set[str]] = lambda value: set()):
    """Register the condition ``name`` and its evaluator."""
    def register(fn: ConditionFn) -> ConditionFn:
        VOCABULARY.add(_entry("condition", name, rule, value=value, keys=keys or {}, label=label, doc=doc,
                              example=example, apply=fn, row=row(keys or {}, main=(name, *(keys or {})))))
        _CONDITIONS[name] = fn
        _CONDITION_READS[name] = reads
        return fn
    return register


def evaluate_condition(cond: Mapping[str, Any], state: GameState, chars_of: Callable[[ObjectId], Chars],
                       ctx: Context, event: Optional[Mapping[str, Any]] = None,
                       permanents: Optional[Iterable[ObjectId]] = None) -> Optional[bool]:
    """Evaluate a CONDITION on the state alone: an intervening "if" (CR 603.4), a
    self-replacement's ``instead_if`` (614.15) or a static ability's "as long as" (611.3a).

    ``chars_of(id)`` gives a permanent's characteristics as the caller sees them (after all
    layers for a trigger; the layer being applied for a static ability); ``ctx.controller`` is
    "you"; ``permanents`` the battlefield ids (default: from ``state``). Returns ``None`` for a
    condition this function does not evaluate (``did``, ``creature_spells_cast``: the game's).
    """
    for key, value in cond.items():
        fn = _CONDITIONS.get(key)
        if fn is not None:
            ids = permanents if permanents is not None else [o for o in state.order
                                                             if state.objects[o].zone is Zone.BATTLEFIELD]
            return fn(value, cond, state, chars_of, ctx, event or {}, ids)
    return None


def condition_reads(cond: Optional[Mapping[str, Any]]) -> set[str]:
    """Return the characteristics a condition looks at (for dependency candidates, CR 613.8a)."""
    out: set[str] = set()
    for key, value in (cond or {}).items():
        if key in _CONDITION_READS:
            out |= _CONDITION_READS[key](value)
    return out


@_condition("controls", K.STATIC_NOT_LOCKED, VOCABULARY.use("filter"), "You control",
            "True while \"you\" control at least `at_least` (default 1) permanents matching the FILTER (another "
            "player's only if the FILTER names a `controller`; `other`: not the source), and with `at_most` at most "
            "that many (`\"at_most\": 0`: you control none; `at_least` then defaults to 0), counted as the layers "
            "leave them when the condition is checked (CR 611.3a, 603.4).",
            {"controls": {"types": ["artifact"]}, "at_least": 3},
            keys={"at_least": Integer(low=0, high=999, label="At least", help="how many (default 1)"),
                  "at_most": Integer(low=0, high=999, label="At most", help="no more than this many")},
            reads=lambda flt: filter_reads(flt) | {"controller"})
def _controls(value: Any, cond: Mapping[str, Any], state: GameState, chars_of: Callable[[ObjectId], Chars], ctx: Context,
              event: Mapping[str, Any], ids: Iterable[ObjectId]) -> bool:
    n = 0
    for o in ids:
        c = chars_of(o)
        if matches(value, o, c, state.objects[o], ctx) and ("controller" in value or c.controller == ctx.controller):
            n += 1
    if "at_most" in cond:
        return cond.get("at_least", 0) <= n <= cond["at_most"]
    return n >= cond.get("at_least", 1)


@_condition("pt", K.INTERVENING_IF, ListOf(item=NUMBER, min_items=2, max_items=2), "The event's object is P/T",
            "True if the object of the trigger event is on the battlefield with exactly this power and toughness "
            "(an intervening \"if\", CR 603.4).", {"pt": [1, 1]}, reads=lambda value: {"pt"})
def _pt(value: Any, cond: Mapping[str, Any], state: GameState, chars_of: Callable[[ObjectId], Chars], ctx: Context,
        event: Mapping[str, Any], ids: Iterable[ObjectId]) -> bool:
    target = event.get("object")
    if target not in state.objects or state.objects[target].zone is not Zone.BATTLEFIELD:
        return False
    c = chars_of(target)
    return [c.power, c.toughness] == list(value)


@_condition("step", K.TURN_PHASES, STEP, "During the step", "True during this step or main phase (CR 500.1).",
            {"step": "main1"})
def _step(value: Any, cond: Mapping[str, Any], state: GameState, chars_of: Callable[[ObjectId], Chars], ctx: Context,
          event: Mapping[str, Any], ids: Iterable[ObjectId]) -> bool:
    return state.step.value == value


@_condition("first_combat", K.TURN_PHASES, Const(value=True), "The first combat of the turn",
            "True during the turn's first combat phase (or before any, CR 500.1; `turn.combat_number`).",
            {"first_combat": True})
def _first_combat(value: Any, cond: Mapping[str, Any], state: GameState, chars_of: Callable[[ObjectId], Chars],
                  ctx: Context, event: Mapping[str, Any], ids: Iterable[ObjectId]) -> bool:
    return state.combat_number <= 1


@_condition("life_at_most", K.LIFE, NUMBER, "Your life is at most", "True while \"your\" life total is at most this "
            "number (CR 119.3).", {"life_at_most": 5})
def _life_at_most(value: Any, cond: Mapping[str, Any], state: GameState, chars_of: Callable[[ObjectId], Chars],
                  ctx: Context, event: Mapping[str, Any], ids: Iterable[ObjectId]) -> bool:
    return state.player(ctx.controller).life <= value


@_condition("opponent_cast_spells", K.CAST_BECOMES_CAST, COUNT, "An opponent cast exactly N spells",
            "True if the opponent has cast exactly this many spells this turn (`players[].spells_cast`, CR 601.2i).",
            {"opponent_cast_spells": 0})
def _opponent_cast_spells(value: Any, cond: Mapping[str, Any], state: GameState, chars_of: Callable[[ObjectId], Chars],
                          ctx: Context, event: Mapping[str, Any], ids: Iterable[ObjectId]) -> bool:
    return state.player(opponent(ctx.controller)).spells_cast == value


@_condition("your_turn", K.TURN_PHASES, Boolean(), "During your turn", "true: during \"your\" turn; false: during an "
            "opponent's turn (CR 500.1).", {"your_turn": True})
def _your_turn(value: Any, cond: Mapping[str, Any], state: GameState, chars_of: Callable[[ObjectId], Chars],
               ctx: Context, event: Mapping[str, Any], ids: Iterable[ObjectId]) -> bool:
    return (state.active == ctx.controller) == bool(value)


# ----------------------------------------------------------------------------- amounts read off the game (608.2h, 700.5)

AMOUNTS: dict[str, Callable[..., int]] = {}
"""The amounts registered here, by name: ``fn(game, state, resolution, value) -> int``; a resolving
instruction determines each once, as it is followed (CR 608.2h)."""
WHOSE_CARDS = Choice(values=("you", "opponent", "each"), what="player", label="Whose",
                     help="you (default): the controller's; opponent; each: every player's")


def _resolution_amount(name: str, rule: Any, value: Any, label: str, doc: str, example: Any, keys: dict):
    """Register the amount ``name`` (its companion ``keys``) and its function."""
    def register(fn: Callable[..., int]) -> Callable[..., int]:
        VOCABULARY.add(_entry("amount", name, rule, value=value, keys=keys, label=label, doc=doc,
                              example={name: example}, apply=fn, row=row(keys, main=(name, *keys))))
        AMOUNTS[name] = fn
        return fn
    return register


def _players(ctx: Any, whose: str) -> tuple[PlayerId, ...]:
    you = ctx.item.controller
    return (you,) if whose == "you" else (opponent(you),) if whose == "opponent" else ("p1", "p2")


@_resolution_amount("cards_in_graveyard", (K.GRAVEYARD, K.LAST_KNOWN), VOCABULARY.use("filter"),
                    "The number of cards in a graveyard",
                    "The number of cards matching the FILTER (`{}`: every card) in the graveyard of `player` (you, "
                    "the default; opponent; each: all graveyards), counted once as the instruction is followed (CR "
                    "404.1, 608.2h in 2022, 608.2g in 2020).", {"types": ["creature"]},
                    keys={"player": WHOSE_CARDS})
def _cards_in_graveyard(game: Any, state: GameState, ctx: Any, value: Mapping[str, Any]) -> int:
    where = Context(ctx.item.source, ctx.item.controller, None)
    owners = _players(ctx, value.get("player", "you"))
    return sum(1 for o in state.in_zone(Zone.GRAVEYARD) if o.owner in owners
               and matches(value["cards_in_graveyard"], o.id, game.chars(state, o.id), o, where))


def devotion(mana_costs: Iterable[str], colors: Iterable[str]) -> int:
    """Return the devotion that these mana costs give to ``colors`` (CR 700.5): the mana symbols
    of any of those colors (a hybrid or Phyrexian symbol of one of them counts once).

    >>> devotion(["{1}{R}{R}", "{R/G}{G}", "{2}{U}"], ["red"]), devotion(["{R/G}{G}"], ["red", "green"])
    (3, 2)
    """
    from .mana import COLOR_OF_SYMBOL, mana_symbols

    wanted = set(colors)
    return sum(1 for cost in mana_costs for symbol in mana_symbols(cost)
               if any(COLOR_OF_SYMBOL.get(part) in wanted for part in symbol.split("/")))


DEVOTIONS = COLORS + tuple(f"{a}-{b}" for i, a in enumerate(COLORS) for b in COLORS[i + 1:])
"""What a devotion is to: a color, or two colors written ``white-blue`` (CR 700.5)."""


@_resolution_amount("devotion", K.DEVOTION, Choice(values=DEVOTIONS, what="color or pair of colors", label="To"),
                    "Your devotion", "The devotion of the controller to a color, or to two colors written `black-red`: "
                    "the mana symbols of that color (of either color) among the mana costs of the permanents they "
                    "control, a hybrid symbol counted once (CR 700.5), determined as the instruction is followed.",
                    "black", keys={})
def _devotion(game: Any, state: GameState, ctx: Any, value: Mapping[str, Any]) -> int:
    player = ctx.item.controller
    costs = [game.chars(state, o).mana_cost for o in game.permanents(state) if game.chars(state, o).controller == player]
    return devotion(costs, value["devotion"].split("-"))


__all__ = ["AMOUNTS", "Context", "ZONE_NAMES", "INSTRUCTION_CONDITIONS", "STATIC_CONDITIONS", "TRIGGER_CONDITIONS", "condition_reads",
           "devotion", "evaluate_condition", "filter_reads", "matches", "same_name"]
