"""The Force of Will vocabulary registry: its slots and the value schemas they share.

Everything a ``fow`` scenario can say beyond its frame (players, turn, objects, the chase) is an
entry of :data:`VOCABULARY` (docs/engine-vocabulary.md). The entries live beside the code
that applies them, in the module of their whitepaper chapter: instructions in
:mod:`engine.fow.game_actions`, :mod:`engine.fow.effects` and :mod:`engine.fow.information`
(chapter 10, 9.8–9.10), trigger events in :mod:`engine.fow.triggers` (9.6), player actions in
:mod:`engine.fow.player_actions`, :mod:`engine.fow.battle` and :mod:`engine.fow.special`
(chapters 7, 8, 1.3, 4.2, 14.1), filter keys and continuous-effect changes in
:mod:`engine.fow.continuous` (9.9), costs in :mod:`engine.fow.costs` (9.3, 10.2), and so on.
This module only declares the slots and the fields several of them use.

Slots (docs/scenario-format.md §7 has one generated section per slot):

* ``option`` (keyed: ``options``): the 13 readings of the whitepaper's contradictions;
* ``ability`` (tagged by ``kind``): what a paragraph of card text is (FoW 9.1);
* ``limit`` (named): how often an activated or triggered ability may be played (FoW 9.1, 1.4);
* ``trigger`` (tagged by ``event``): a triggered ability's condition (FoW 9.6);
* ``standby_condition`` (tagged by ``event``): a Chant-Standby's condition (FoW 7.9);
* ``instruction`` (tagged by ``do``): what a resolving card or ability does (FoW 9.8, 10);
* ``change`` (keyed): what a continuous effect changes (FoW 9.9, 10.19);
* ``effect`` (tagged by ``kind``): an effect of an ability that resolved earlier (``effects[]``);
* ``filter`` (keyed): what a card must be to meet a filter (targets, ``applies_to`` …);
* ``target`` (tagged by ``zone``): a target that is not a card (a player, a chase item);
* ``cost`` (keyed): a cost (FoW 2.3, 9.3, 8.2);
* ``amount`` (keyed, exactly one): an amount read off the game (FoW 9.11);
* ``duration`` and ``keyword`` (named): how long an effect lasts; a symbol ability;
* ``action`` (tagged by ``type``): what a player does next (FoW 6.3, 7, 8).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.validation import Path, format_path
from ..core.vocabulary import (
    KEYED, NAMED, TAGGED, Choice, Either, Field, Integer, ListOf, MapOf, Ref, Text, Validation, Vocabulary,
    did_you_mean, register_vocabulary,
)
from .model import WILL_KINDS
from .rules import cite

VOCABULARY = register_vocabulary(Vocabulary("fow", cite=cite, rulesets=("wp-2.3",)))
"""The one registry of the ``fow`` vocabulary."""

PLAYERS = ("p1", "p2")
PLAYER = Choice(values=PLAYERS, what="player", label="Player")
WHOSE = ("you", "opponent")
"""Players named relative to the controller of the card or ability."""

WILL_MAP = MapOf(key=Choice(values=WILL_KINDS, what="will kind"), value=Integer(low=0, high=10_000), max_items=20,
                 label="Will", help="will by kind: " + ", ".join(WILL_KINDS) + " (void: any will; moon: void will with the "
                                    "moon trait; FoW 9.7, 10.2)")
"""Will by kind (a pool, what is produced, a cost change)."""

CARD_ID = Ref(spaces=("object",), label="Card", help="the id of an object of the scenario")
CARD_IDS = ListOf(item=CARD_ID, max_items=100)
PAY_WITH = ListOf(item=CARD_ID, max_items=100, label="Pay with (will sources)",
                  help="cards whose will abilities are played while paying (FoW 10.2, 9.7)")
"""An action's ``pay_with``: the will sources played while paying its cost."""
CARD_OR_PLAYER = Ref(spaces=("object", "player"), label="Card or player")



@dataclass(frozen=True, kw_only=True)
class Reference(Field):
    """An instruction's ``target``: an index into the chosen targets (or a list of indexes: those
    targets at once), one of ``words`` (``this``, ``you``, ``opponent``, ``attached``, ``attacker``),
    an object id, or a filter (every card that meets it). ``index``, ``ids`` and ``filter`` say
    which forms are allowed."""

    words: tuple[str, ...] = ()
    index: bool = True
    ids: bool = True
    filter: bool = True
    index_to: tuple[str, ...] = ("card",)
    """What a chosen target an index names may be: ``card``, ``player``, ``chase`` (an item)."""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if isinstance(value, bool):
            return self._wrong(value, path, v)
        if isinstance(value, int):
            if not self.index:
                return self._wrong(value, path, v)
            return Integer(low=0, high=99).check(value, path, v)
        if isinstance(value, list):
            # Several chosen targets at once ("destroy target A and target B", FoW 10.9): each index once.
            if not self.index or not value or not all(isinstance(i, int) and not isinstance(i, bool) for i in value):
                return self._wrong(value, path, v)
            if len(set(value)) != len(value):
                v.error(path, f"{format_path(path)} names a chosen target twice: {value}")
                return False
            return ListOf(item=Integer(low=0, high=99), max_items=20).check(value, path, v)
        if isinstance(value, str):
            if value in self.words:
                return True
            if self.ids and v.refs.get("object", frozenset()) is None:
                return True
            if self.ids and value in (v.refs.get("object") or ()):
                return True
            v.error(path, f"unknown target {value[:60]!r}{did_you_mean(value, self.words)}; expected "
                          f"{' or '.join(self._forms())}")
            return False
        if isinstance(value, Mapping):
            if not self.filter:
                return self._wrong(value, path, v)
            return VOCABULARY.check(value, path, "filter", v)
        return self._wrong(value, path, v)

    def _forms(self) -> list[str]:
        forms = []
        if self.index:
            forms.append("the index of a chosen target (0, 1 …) or a list of them ([0, 1]: those at once)")
        if self.words:
            forms.append("one of " + ", ".join(self.words))
        if self.ids:
            forms.append("an object id")
        if self.filter:
            forms.append("a filter")
        return forms

    def _wrong(self, value: Any, path: Path, v: Validation) -> bool:
        v.error(path, f"{format_path(path)} must be {' or '.join(self._forms())}")
        return False

    def describe(self) -> str:
        return " or ".join(self._forms())

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "words": list(self.words), "index": self.index, "ids": self.ids,
                "filter": self.filter}


@dataclass(frozen=True, kw_only=True)
class CounterName(Field):
    """The name of a counter, as card text writes it: ``+100/+100``-style (two signed numbers) or
    words (letters, digits, spaces, apostrophes and hyphens; no underscore), at most 64 characters.
    The whitepaper defines no counter, so no name is known; the form keeps a misplaced key
    (``zz_key``) from passing for one."""

    PATTERN = re.compile(r"[+-]\d{1,5}/[+-]\d{1,5}|[^\W\d_](?:[^\W_]|[ '\-])*")

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if isinstance(value, str) and len(value) <= 64 and self.PATTERN.fullmatch(value):
            return True
        v.error(path, f"{format_path(path) or 'the value'}: {str(value)[:64]!r} is not a counter name ({self.describe()})")
        return False

    def describe(self) -> str:
        return "a counter name: +100/+100-style, or words without underscores"


COUNTER_NAME = CounterName(label="Counter", help="a counter name as the card writes it: +100/+100, -100/-100, charge …")

CARD_WORDS = ("this", "attached", "attacker")
TARGET_CARDS = Reference(words=CARD_WORDS, label="Target",
                         help="which cards: the index of a chosen target, this (the source while it is the same card, "
                              "FoW 3.1), attached (what the source is attached to), attacker, an object id, or a "
                              "filter (every card that meets it)")
TARGET_ANY = Reference(words=CARD_WORDS + WHOSE, index_to=("card", "player"), label="Target",
                       help="which cards or players: the index of a chosen target, this, attached, attacker, you, "
                            "opponent, an object id, or a filter")
TARGET_PLAYER = Choice(values=WHOSE, what="player", label="Player", default="you",
                       help="whose: you (the controller of the card or ability) or opponent")


@dataclass(frozen=True, kw_only=True)
class TargetValue(Field):
    """A chosen target as a document writes it: an object id, a player id, or ``chase:N``
    (the chase item at position N, 1 for the bottom)."""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if isinstance(value, str) and (value in PLAYERS or re.fullmatch(r"chase:[1-9]\d{0,3}", value)):
            return True
        return CARD_ID.check(value, path, v)

    def describe(self) -> str:
        return "an object id, p1, p2, or chase:N (a chase item, 1 for the bottom)"


TARGETS = ListOf(item=TargetValue(), max_items=20, label="Targets", help="the targets chosen, in the order of the "
                                                                            "ability's target specifications")


@dataclass(frozen=True, kw_only=True)
class TargetSpec(Field):
    """One target specification of an ability (FoW 9.3): a card filter, or (``zone`` ``player``
    or ``chase``) an entry of the ``target`` slot."""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if isinstance(value, Mapping) and value.get("zone") in VOCABULARY.names("target"):
            return VOCABULARY.check(value, path, "target", v)
        return VOCABULARY.check(value, path, "filter", v)

    def describe(self) -> str:
        return "FILTER (a card) or TARGET (a player, a chase item)"


TARGET_SPECS = ListOf(item=TargetSpec(), max_items=10, label="Targets",
                      help="what the card or ability targets, in order (target 0, 1 …; FoW 9.3)")


@dataclass(frozen=True, kw_only=True)
class CostOf(Field):
    """A ``cost`` value in one context: the ``cost`` slot checks it, then only the entries of
    ``allowed`` may be used (each context pays only those; FoW 2.3, 9.3, 7.9, 8.2). ``rest``
    is a boolean where ``allowed`` has ``rest`` and ``rest_record`` is false, else an object."""

    allowed: tuple[str, ...] = ()
    rest_record: bool = False
    context: str = ""
    """What the cost is of, for the messages (``a card's cost``)."""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if not VOCABULARY.check(value, path, "cost", v):
            return False
        ok = True
        for key, item in value.items():
            if key not in self.allowed:
                ok = False
                v.error((*path, key), f"{key} is not part of {self.context} (it takes: {', '.join(self.allowed)})")
            elif key == "rest" and isinstance(item, bool) == self.rest_record:
                ok = False
                shape = "an object {filter, count}: the cards to rest" if self.rest_record else "true or false ([rest])"
                v.error((*path, key), f"in {self.context}, rest is {shape}")
        return ok

    def describe(self) -> str:
        return f"COST with {', '.join(self.allowed)}"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "slot": "cost", "allowed": list(self.allowed)}


CARD_COST = CostOf(allowed=WILL_KINDS, context="a card's cost", label="Cost",
                   help="will by kind (FoW 2.3): the attribute cost and the void cost")
ABILITY_COST = CostOf(allowed=(*WILL_KINDS, "rest", "life"), context="an ability's cost", label="Cost",
                      help="will by kind, rest: true for the [rest] symbol, life (FoW 9.3, 9.5)")
WILL_ABILITY_COST = CostOf(allowed=("rest",), context="a will ability's cost", label="Cost",
                           help="rest: true for the [rest] symbol (FoW 9.7); other costs of will abilities are not "
                                "evaluated")
STANDBY_COST = CostOf(allowed=(*WILL_KINDS, "life"), context="a Chant-Standby condition's cost", label="Cost",
                      help="the action before the colon, paid as a cost when the card is played (FoW 7.9): will, life")
BATTLE_COST = CostOf(allowed=(*WILL_KINDS, "life", "discard", "rest"), rest_record=True,
                     context="a cost to attack or block", label="Cost",
                     help="what the player performs to attack or block (FoW 8.2, 8.3): will, life, discard, rest "
                          "{filter, count}")




VOCABULARY.slot("option", style=KEYED, kind="option", label="Option", allow_empty=True,
       doc="`options`: the reading of each passage where the whitepaper contradicts itself (docs/fow-ambiguities.md). "
           "A flag left out takes its default; every step that depends on a flag carries a `reading` parameter.")
VOCABULARY.slot("ability", style=TAGGED, kind="ability", tag="kind", label="Ability kind",
       common={"text": Text(max_length=2000, label="Text the engine cannot read",
                            help="card text the engine cannot evaluate: a cannot_evaluate step and complete: false "
                                 "whenever the ability becomes relevant")},
       doc="An element of `abilities` (of a card, its J-ruler side `j_ruler.abilities`, or its Awakening text "
           "`awakening.abilities`): one paragraph of card text as data (FoW 9.1). Its index in its list is how "
           "chase items, pending triggers and `activate` actions name it.")
VOCABULARY.slot("limit", style=NAMED, kind="condition", label="Use limit",
       doc="The `limit` of an activated or triggered ability: card text limiting how often it is played (FoW 1.4: "
           "card text wins over the rules). \"This ability\" is the same ability of every card with the same name "
           "controlled by the same player, \"this card's this ability\" only that card (FoW 9.1). A use is counted "
           "when the ability goes on the chase; the object's `used_this_turn` gives the uses before the scenario.")
VOCABULARY.slot("trigger", style=TAGGED, kind="event", tag="event", label="Trigger event",
       doc="The `trigger` of a `triggered` ability: the event whose happening adds one to its trigger count "
           "(FoW 9.6). Triggered abilities then go on the chase in priority processing (FoW 6.2).")
VOCABULARY.slot("standby_condition", style=TAGGED, kind="condition", tag="event", label="Chant-Standby condition",
       common={"cost": STANDBY_COST},
       doc="The `trigger` of a Chant-Standby's `spell` ability: the condition before the colon (FoW 7.9), a "
           "trigger condition in the sense of 9.6 that must be met when the card is revealed from the standby "
           "area (`play_standby`). An event condition is met from the event until the next card or ability is "
           "played by an action or resolves, or the next step begins (the whitepaper does not bound the window; "
           "docs/fow-ambiguities.md).")
VOCABULARY.slot("instruction", style=TAGGED, kind="verb", tag="do", label="Instruction",
       doc="An element of an ability's `effect` (or of a chase item's or a delayed trigger's `effect`): what the "
           "resolving card or ability does, in order (FoW 9.8, 10). Only an instruction whose `target` index names "
           "a target that became illegal is skipped (FoW 9.3).")
VOCABULARY.slot("change", style=KEYED, kind="effect", label="Continuous-effect change",
       doc="What a continuous effect changes (a static ability's `continuous`, a `modify` instruction, the `spec` "
           "of an `effects[]` continuous effect). The changes apply in the three steps of FoW 9.9: abilities, "
           "non-numeric information, numeric values; within a step by dependency, then timestamp, then the turn "
           "player's order (`turn.effect_order`).")
VOCABULARY.slot("effect", style=TAGGED, kind="effect", tag="kind", label="Effect in force",
       doc="An element of `effects`: an effect of an ability that resolved before the scenario's moment "
           "(FoW 9.8–9.10), as the result lists them.")
VOCABULARY.slot("filter", style=KEYED, kind="filter", label="Filter key", allow_empty=True,
       doc="What a card must be to meet a filter; every key given must hold (`{}` meets every card on the field). "
           "Filters are a card target's specification, `applies_to`, an instruction's `target` (every card that "
           "meets it), a search's `filter`, a trigger's `card` and a cost's `rest.filter`. A filter reads a card's "
           "current information (after continuous effects, FoW 9.9) where it is.")
VOCABULARY.slot("target", style=TAGGED, kind="target", tag="zone", label="Target that is not a card",
       doc="An element of an ability's `targets` (FoW 9.3) whose `zone` is `player` or `chase`; any other target "
           "specification is a card filter (the `filter` slot; its `types` default to resonator and J-ruler). "
           "Targets are chosen when the card or ability is played (the action's `targets`, or a choice with "
           "branches) and checked again on resolution.")
VOCABULARY.slot("cost", style=KEYED, kind="cost", label="Cost", allow_empty=True,
       doc="A cost: a card's cost (will only, FoW 2.3), an ability's cost (will, [rest], life; FoW 9.3, 9.5), a "
           "Chant-Standby condition's cost (will, life; FoW 7.9) or a cost to attack or block (will, life, discard, "
           "rest of other cards; FoW 8.2, 8.3). Where a part cannot be paid in full the card or ability is not "
           "played (FoW 9.3).")
VOCABULARY.slot("amount", style=KEYED, kind="amount", label="Amount", exactly_one=True,
       doc="An amount read off the game where a number is expected (`deal_damage.amount`).")
VOCABULARY.slot("duration", style=NAMED, kind="duration", label="Duration",
       doc="How long an effect of a resolved ability lasts (FoW 9.1 「在一段時限內持續生效」): the `duration` of an "
           "instruction that creates an effect, and of `effects[]`.")
VOCABULARY.slot("keyword", style=NAMED, kind="keyword", label="Keyword",
       doc="A symbol ability (FoW 11), Quickcast (FoW 12.3) or a card text treated as a keyword: the `keywords` of a "
           "card and its J-ruler side, a filter's `keyword`, what a `modify` gains or loses.")
VOCABULARY.slot("action", style=TAGGED, kind="action", tag="type", label="Player action",
       doc="An element of `actions`: what the players do next, in order. At each priority point the engine runs "
           "priority processing and takes the next action (FoW 6); a declaration the game waits for (attack, block, "
           "mulligan) takes the next action too. An action at the wrong moment is an `illegal` step and is skipped; "
           "when the actions run out the resolution stops there.")

APPLIES_TO = Either(options=(Choice(values=("this", "attached"), what="applies_to"), VOCABULARY.use("filter")), label="Applies to",
                    help="this (the card), attached (what it is attached to), or a filter (every card that meets it; "
                         "its controller relative to this card's controller)")
BATTLE_ACTION = Choice(values=("attack", "block"), what="battle action", label="Cost needed",
                       labels={"attack": "To attack", "block": "To block"}, help="attack (FoW 8.2) or block (FoW 8.3)")


@dataclass(frozen=True, kw_only=True)
class SlotSubset(Field):
    """The keys of an object that belong to one keyed slot, checked by that slot (the changes of
    a ``modify`` beside its ``do``, ``target`` and ``duration``): the field of one such key
    accepts it and :func:`check_subset` checks them together."""

    slot: str = ""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        return True

    def describe(self) -> str:
        return f"see {self.slot.upper()}"


def check_subset(value: Mapping[str, Any], path: Path, v: Validation, slot: str, keys: Iterable[str],
                 *, required: bool = True) -> bool:
    """Check the keys of ``value`` named in ``keys`` as one value of keyed ``slot``; with
    ``required``, at least one of them must be there."""
    names = set(keys)
    subset = {key: item for key, item in value.items() if key in names}
    if not subset:
        if required:
            v.error(path, f"{format_path(path) or 'the value'} needs at least one of: {', '.join(sorted(names))}")
        return not required
    return VOCABULARY.check(subset, path, slot, v)


def at_most_one(value: Mapping[str, Any], path: Path, v: Validation, keys: Iterable[str], *, one: bool = False) -> bool:
    """Record an error unless ``value`` has at most one (with ``one``: exactly one) of ``keys``."""
    present = [key for key in keys if key in value]
    if len(present) > 1 or one and not present:
        v.error(path, f"{format_path(path) or 'the value'} takes {'exactly' if one else 'at most'} one of: "
                      f"{', '.join(keys)}" + (f" (it has {', '.join(present)})" if present else ""))
        return False
    return True


