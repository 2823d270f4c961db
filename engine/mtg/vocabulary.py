"""The Magic vocabulary registry: every word a Magic scenario can say, one entry each
(docs/engine-vocabulary.md; DESIGN.md, "Engine": one registry per game).

This module declares the slots and the fields the entries share; the entries themselves are
registered in the module of their rules topic, beside the function that applies them:
abilities (113) in ``abilities.py`` and the topic of their kind, keywords (702) in
``keywords.py``, instructions in ``resolution.py`` / ``keyword_actions.py`` (701) /
``instructions.py``, continuous effects in ``layer_effects.py`` (613) and ``effects.py``
(611), replacement effects in ``replacement.py`` (614-616), trigger events in ``triggers.py``
(603), filters, conditions and amounts in ``filters.py`` and ``resolution.py``, player actions
in ``priority.py``, ``casting.py``, ``activating.py``, ``combat.py`` and ``turn.py``, choices in
``choices.py``.

Validation (``scenario.py``) checks the frame of the document (players, turn, objects, the
stack, pending triggers, effects, actions) with :func:`~engine.core.schema.check_keys` and
hands every vocabulary value to :meth:`Vocabulary.check`; nothing is accepted and ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Optional

from ..core.schema import (
    Boolean, Choice, Const, Either, Field, Integer, ListOf, MapOf, Record, Ref, Text, Use, Validation, _shown,
)
from ..core.validation import Path, format_path
from ..core.vocabulary import KEYED, NAMED, TAGGED, Row, Vocabulary, did_you_mean, register_vocabulary
from .model import PLAYERS, Step
from .rules import EDITIONS, cite

RULESETS = ("cr-2022-04-29", "cr-2020-06-01")
"""The Magic rulesets, newest first (the docs and the vocabulary page show them in this order)."""

MAX_VALUE = 999_999
"""The largest number a Magic field takes (life, counters, damage, power …)."""

VOCABULARY = register_vocabulary(Vocabulary("mtg", cite=cite, rulesets=RULESETS))
"""The Magic registry."""

assert set(RULESETS) == set(EDITIONS)


# ----------------------------------------------------------------------------- fields of our own

MANA_RE = re.compile(r"(?:\{(?:\d{1,3}|X|[WUBRGCS]|[WUBRG2]/[WUBRGP])\})*")
"""A mana cost or pool: generic, X, colored, colorless, snow, hybrid and Phyrexian symbols (CR 107.4)."""


@dataclass(frozen=True, kw_only=True)
class ManaSymbols(Text):
    """Mana symbols such as ``{2}{W/B}{U}`` (CR 107.4): a mana cost or a mana pool."""

    max_length: int = 200

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if not super().check(value, path, v):
            return False
        if not MANA_RE.fullmatch(value):
            v.error(path, f"{value[:60]!r} is not written in mana symbols such as {{2}}{{W/B}}{{U}} (CR 107.4)")
            return False
        return True

    def describe(self) -> str:
        return "mana symbols such as `{2}{W/B}{U}`"


@dataclass(frozen=True, kw_only=True)
class Digits(Text):
    """A number written as a string (an object key such as a mode index, ``"0"``)."""

    max_length: int = 3

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if isinstance(value, str) and value.isdigit() and len(value) <= self.max_length:
            return True
        v.error(path, f"{format_path(path)}: {_shown(value)} is not a number written as digits (\"0\", \"1\" …)")
        return False

    def describe(self) -> str:
        return "a number written as digits"


@dataclass(frozen=True, kw_only=True)
class Only(Use):
    """A value of a slot limited to some of its entries: those evaluated where the value is
    (an amount a resolving instruction determines, 608.2h, is not one the layer system reads).
    An entry of the slot that is not among ``names`` is refused with where it may be used."""

    names: tuple[str, ...] = ()
    where: str = ""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        vocabulary = self.vocabulary
        slot = vocabulary.slots[self.slot]
        companions = {key for name in self.names if vocabulary.has(self.slot, name)
                      for key in vocabulary.get(self.slot, name).keys} if slot.style == KEYED else set()
        if slot.style == NAMED:
            found = [(path, value)] if isinstance(value, str) else []
        elif slot.style == TAGGED:
            found = [((*path, slot.tag), value.get(slot.tag))] if isinstance(value, dict) and slot.tag in value else []
        else:
            found = [((*path, str(key)), key) for key in value if key not in companions] if isinstance(value, dict) else []
        ok = True
        what = slot.label.lower() or self.slot
        for where, name in found:
            if vocabulary.has(self.slot, name) and name in self.names:
                continue
            ok = False
            if vocabulary.has(self.slot, name):
                v.error(where, f"{name} is not evaluated {self.where}; here {what} is one of: {', '.join(self.names)}")
            else:
                v.error(where, f"unknown {what} {_shown(name)}{did_you_mean(name, self.names)}; "
                               f"expected one of: {', '.join(self.names)}")
        if not ok:
            return False
        return vocabulary.check(value, path, self.slot, v)

    def describe(self) -> str:
        return f"{self.slot.upper()} ({', '.join(self.names)})"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "names": list(self.names)}


@dataclass(frozen=True, kw_only=True)
class Deferred(Field):
    """A key checked with the rest of its object by the entry's ``check`` (a replacement effect's
    event keys, whose types depend on the event)."""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        return True

    def describe(self) -> str:
        return "see the event"


def nullable(field: Field) -> Field:
    """Return ``field`` that also accepts ``null`` (the key given as "none")."""
    return Either(options=(field, Const(value=None)), label=field.label, help=field.help)


def keys_of(*groups: dict[str, Field], **more: Field) -> dict[str, Field]:
    """Return the keys of several groups merged, in order (later groups win)."""
    out: dict[str, Field] = {}
    for group in groups:
        out.update(group)
    out.update(more)
    return out


def row(keys: dict[str, Field], main: tuple[str, ...] = (), extra: tuple[str, ...] = ()) -> Row:
    """Return a builder row: ``main`` (default: every key but those in ``extra``), then ``extra``."""
    main = main or tuple(k for k in keys if k not in extra)
    return Row(main=main, extra=tuple(extra) or tuple(k for k in keys if k not in main))


# ----------------------------------------------------------------------------- shared fields

@dataclass(frozen=True, kw_only=True)
class SeatedPlayer(Choice):
    """A player id (``p1`` … ``p6``) that must be one of the scenario's players (``players[].id``,
    the ``player`` ids of :attr:`Validation.refs`): ``p3`` in a two-player scenario is refused."""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if not super().check(value, path, v):
            return False
        seated = v.refs.get("player")
        if seated is not None and value not in seated:
            v.error(path, f"{value} is not a player of this scenario (players: {', '.join(sorted(seated))})")
            return False
        return True

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "type": "choice"}


PLAYER_ID = SeatedPlayer(values=PLAYERS, what="player id", label="Player")
OBJECT = Ref(spaces=("object",), label="Object", help="the id of an object of the scenario")
OBJECTS = ListOf(item=OBJECT, label="Objects", max_items=2_000)
OBJECT_OR_PLAYER = Ref(spaces=("object", "player"), label="Object or player")
TARGET_IDS = ListOf(item=Ref(spaces=("object", "player", "stack_item"), label="Object, player or ability on the stack"),
                    label="Targets", help="object or player ids (an ability on the stack: its stack id s1, s2 …, CR "
                                          "113.1c), in the order of the targets",
                    max_items=99)
STEP = Choice(values=tuple(s.value for s in Step), what="step", label="Step")
NUMBER = Integer(low=-MAX_VALUE, high=MAX_VALUE)
COUNT = Integer(low=0, high=MAX_VALUE)
INDEX = Integer(low=0, high=99, label="Index", help="a position in a list, from 0")
TEXT = Text(max_length=2_000, label="Text", help="shown as written; the engine does not read rules from it")
CARD_TYPES = ("artifact", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery", "tribal", "battle")
SUPERTYPES = ("basic", "legendary", "snow", "world")
COLORS = ("white", "blue", "black", "red", "green")
TYPE_LIST = ListOf(item=Choice(values=CARD_TYPES, what="card type"), label="Card types", max_items=9, unique=True)
SUPERTYPE_LIST = ListOf(item=Choice(values=SUPERTYPES, what="supertype"), label="Supertypes", max_items=4, unique=True)
SUBTYPE_LIST = ListOf(item=Text(min_length=1, max_length=40), label="Subtypes", max_items=50)
COLOR_LIST = ListOf(item=Choice(values=COLORS, what="color"), label="Colors", max_items=5, unique=True)
WHO = Choice(values=("you", "opponent"), what="player", label="Player",
             help="you: the controller of the ability or effect; opponent: the other player")

FILTER = VOCABULARY.use("filter", label="Filter", help="what an object must be; every key must hold (an empty filter: anything)")
AFFECTED = Either(options=(OBJECTS, FILTER), label="Affected",
                  help="object ids (locked in, CR 611.2c) or a FILTER (what matches at each moment)")
TARGET = VOCABULARY.use("target", label="Target")
TARGETS = ListOf(item=TARGET, label="Targets", help="what each target must be, in order", max_items=20)
INSTRUCTIONS = ListOf(item=VOCABULARY.use("instruction"), label="Instructions", help="followed in order (CR 608.2c)",
                      max_items=50)
DURATION = VOCABULARY.use("duration", label="Duration")
ZONE = VOCABULARY.use("zone", label="Zone")
COUNTER = VOCABULARY.use("counter", label="Counter kind")
KEYWORD = VOCABULARY.use("keyword", label="Keyword")


# ----------------------------------------------------------------------------- the slots

VOCABULARY.slot("ability", style=TAGGED, kind="ability", tag="kind", label="Ability",
                common={"text": Text(max_length=2_000, label="Text", help="the ability's text, shown as its name in the trace")},
                doc="An object's abilities (`objects[].abilities[]`, CR 113): its rules text as data. The `kind` says "
                    "what kind of ability it is (CR 113.3); each kind has its own keys.")
VOCABULARY.slot("keyword", style=NAMED, kind="keyword", label="Keyword",
                doc="The keyword of a `keyword` ability (CR 702). Each keyword of CR 702 is a word here; the engine "
                    "applies those that say so, and a card with any other keyword gives a `cannot_evaluate` step "
                    "wherever the keyword could matter (on the battlefield, on the stack, in a hand).")
VOCABULARY.slot("effect", style=TAGGED, kind="effect", tag="do", label="Continuous effect",
                doc="A continuous effect (CR 611): a part of a `static` or `cda` ability, or a document `effects[]` "
                    "entry. Effects that change characteristics apply in the layer system (CR 613); rules effects "
                    "change what the game allows.")
VOCABULARY.slot("instruction", style=TAGGED, kind="verb", tag="do", label="Instruction",
                doc="What a spell or ability does as it resolves (`effects[]` of a `spell`, `activated` or "
                    "`triggered` ability), followed in order (CR 608.2c).")
VOCABULARY.slot("replacement", style=TAGGED, kind="replacement", tag="event", label="Replaced event",
                doc="The event a replacement effect replaces (CR 614.1) and what happens instead: a `replacement` "
                    "ability with an `event`, a document effect `{\"do\": \"replacement\", …}` or an instruction "
                    "that creates one.")
VOCABULARY.slot("trigger", style=TAGGED, kind="event", tag="event", label="Trigger event",
                doc="The trigger event of a `triggered` ability (`trigger`, CR 603.1, 603.2).")
VOCABULARY.slot("condition", style=KEYED, kind="condition", exactly_one=True, label="Condition",
                doc="A condition: a static ability's or effect's \"as long as\" (`if`, CR 611.3a), a triggered "
                    "ability's intervening \"if\" (603.4) or an instruction's \"if\" (608.2c). Exactly one key; "
                    "where a condition is evaluated says which keys it may have.")
VOCABULARY.slot("amount", style=KEYED, kind="amount", exactly_one=True, label="Amount",
                doc="A number that is not written as a number: an integer, `\"x\"` (the X chosen, CR 107.3) or one of "
                    "these objects. A resolving instruction determines its amounts once, as it is followed (CR "
                    "608.2h); a continuous effect of a static ability, each time the layer applies (613.4).")
VOCABULARY.slot("filter", style=KEYED, kind="filter", allow_empty=True, label="Filter",
                doc="What an object must be (FILTER): every key must hold; `{}` matches every object.")
VOCABULARY.slot("target", style=KEYED, kind="target", allow_empty=True, label="Target",
                doc="What one target of a spell or ability must be (CR 115.1); `{}` is any permanent. Shroud, "
                    "hexproof and protection are checked as the target is chosen and again on resolution (608.2b).")
VOCABULARY.slot("cost", style=KEYED, kind="cost", label="Activation cost",
                doc="The activation cost of an `activated` ability (`cost`, CR 602.1a), paid in the order of CR "
                    "602.2b: tap, mana, counters, loyalty, sacrifice, discard.")
VOCABULARY.slot("additional_cost", style=TAGGED, kind="cost", tag="do", label="Additional cost",
                doc="A cost paid besides the mana cost while casting (`additional_costs[]` of a `cast` action, CR "
                    "601.2f-h), or while activating.")
VOCABULARY.slot("duration", style=NAMED, kind="duration", label="Duration",
                doc="How long a continuous effect lasts (CR 611.2a).")
VOCABULARY.slot("zone", style=NAMED, kind="zone", label="Zone", doc="A zone (CR 400.1).")
VOCABULARY.slot("counter", style=NAMED, kind="counter", label="Counter kind",
                doc="A kind of counter (CR 122.1), as `objects[].counters` keys and in instructions and costs.")
VOCABULARY.slot("action", style=TAGGED, kind="action", tag="type", label="Player action",
                common={"trigger_order": MapOf(key=PLAYER_ID, value=ListOf(item=Text(min_length=1, max_length=140), max_items=99),
                                               max_items=len(PLAYERS), label="Trigger order",
                                               help="per player, their triggered abilities in the order they go on the "
                                                    "stack while this action is performed, first = bottom (CR 603.3b)")},
                doc="What the players do next (`actions[]`), in order; at the end all players pass until the stack "
                    "is empty.")
VOCABULARY.slot("choice", style=KEYED, kind="choice", prefixed=True, allow_empty=True, label="Choice",
                doc="A decision given in the document (`options.choices`): the key names the decision, the value is "
                    "what the player chose. A decision not given, with two or more options, is an open choice (its "
                    "options become branches); a value that is not among the options is an `illegal` step listing "
                    "them.")
VOCABULARY.slot("option", style=KEYED, kind="option", allow_empty=True, label="Option",
                doc="The document's `options`.")


__all__ = [
    "AFFECTED", "COLORS", "Deferred", "COLOR_LIST", "COUNT", "COUNTER", "CARD_TYPES", "DURATION", "Digits", "FILTER", "INDEX",
    "INSTRUCTIONS", "KEYWORD", "MANA_RE", "MAX_VALUE", "ManaSymbols", "NUMBER", "OBJECT", "OBJECTS", "OBJECT_OR_PLAYER",
    "Only", "PLAYER_ID", "RULESETS", "STEP", "SUBTYPE_LIST", "SUPERTYPES", "SUPERTYPE_LIST", "TARGET", "TARGETS",
    "TARGET_IDS", "TEXT", "TYPE_LIST", "VOCABULARY", "WHO", "ZONE", "keys_of", "nullable", "row",
    "Boolean", "Choice", "Const", "Either", "Integer", "ListOf", "MapOf", "Record", "Ref", "Text", "Row",
    "did_you_mean", "Optional",
]
