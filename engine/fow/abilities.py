"""Cards and abilities (FoW 9.1–9.7): the kinds of ability a card's text is made of."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core.validation import Path, format_path
from ..core.vocabulary import Boolean, Choice, Either, Integer, ListOf, Record, Row, Text, Validation
from . import continuous as cont
from .context import Game
from .effects import INSTEAD, REPLACEMENTS, check_replace
from .limits import USED_THIS_TURN  # noqa: F401  (the limit entries; scenario reads USED_THIS_TURN here)
from .model import BATTLE_AREA, ZONES, Ability, Card, GameState
from .rules import silent
from .costs import cannot_evaluate
from .modes import MODES, check_modal
from .vocabulary import (ABILITY_COST, APPLIES_TO, BATTLE_ACTION, BATTLE_COST, TARGET_SPECS, VOCABULARY,
                         WILL_ABILITY_COST, WILL_MAP)

EFFECT = ListOf(item=VOCABULARY.use("instruction"), max_items=50, label="What it does",
                help="instructions done in order when it resolves (FoW 9.8, 10)")
COST_CHANGE = Record(fields={"applies_to": VOCABULARY.use("filter", label="Whose cost changes",
                                                          help="which cards (or the abilities of which cards); its "
                                                               "controller relative to this card's controller, its zone "
                                                               "that of the card played"),
                             "of": Choice(values=("cards", "abilities"), what="what", default="cards", label="Of",
                                          labels={"cards": "Cards", "abilities": "Abilities"},
                                          help="the cost of playing the cards, or of playing their abilities"),
                             "set": replace(WILL_MAP, label="Cost becomes"),
                             "increase": replace(WILL_MAP, label="Cost increases by"),
                             "decrease": replace(WILL_MAP, label="Cost decreases by")},
                     label="Cost change", help="set (what is paid), increase or decrease (FoW 9.3)")
VALID_IN = ListOf(item=Choice(values=tuple(z for z in ZONES if z not in ("chase",)), what="zone"), min_items=1,
                  max_items=10, label="Also valid in",
                  help="zones the ability's own text says it works in, besides its card's usual zone (FoW 9.2: "
                       "「如果某個異能的描述中說明該異能在某個特定區域中有效」)")
"""An ability's ``valid_in``."""
LIMIT = VOCABULARY.use("limit", label="Use limit", help="once_per_turn (this ability, FoW 9.1) or "
                                                        "once_per_turn_this_card")


REPLACED = Either(options=(Choice(values=("this", "attached", "you", "opponent"), what="applies_to"),
                           VOCABULARY.use("filter")), label="Applies to",
                  help="this card, what it is attached to, you, opponent, or every card meeting a filter")
STATIC_REPLACEMENT = Record(
    fields={"applies_to": REPLACED,
            "do": Choice(values=REPLACEMENTS, what="replacement", label="Replacement",
                         labels={"prevent": "Prevent damage", "cannot_be_destroyed": "Cannot be destroyed",
                                 "replace": "Replace an event"}),
            "amount": Integer(low=0, high=1_000_000, label="Prevents", help="prevent: damage prevented; none: all"),
            "event": Choice(values=("damage", "destroy"), what="event", label="Replaces"),
            "instead": INSTEAD,
            "optional": Boolean(label="Optional (you may)", default=False,
                                help="\"you may … instead\": its controller applies or declines it each time (FoW 9.10)")},
    required=("do",), label="Replacement effect",
    help="what the card's replacement ability replaces while it is valid (FoW 9.4, 9.10); never spent")
"""A static ability's ``replacement``: the body of a ``prevent``, ``cannot_be_destroyed`` or
``replace`` with ``applies_to``; which keys each takes is :func:`_check_replacement`'s."""
REPLACEMENT_KEYS = {"prevent": ("amount",), "cannot_be_destroyed": (), "replace": ("event", "instead", "optional")}
"""The keys each kind of static replacement takes besides ``do`` and ``applies_to``."""


def _check_replacement(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    """Refuse keys the static replacement's ``do`` does not read, and check a ``replace`` as the
    instruction's own check does (FoW 9.10)."""
    do = value.get("do")
    if do not in REPLACEMENT_KEYS:
        return
    for key in value:
        if key not in ("do", "applies_to", *REPLACEMENT_KEYS[do]):
            v.error((*path, key), f"a {do} replacement takes {', '.join(REPLACEMENT_KEYS[do]) or 'nothing more'}, not {key}")
    if do == "replace":
        for key in ("event", "instead"):
            if key not in value:
                v.error((*path, key), f"a replace replacement needs {key}")
        check_replace(value, path, v)


BATTLE_COST_ABILITY = Record(fields={"action": BATTLE_ACTION, "applies_to": APPLIES_TO, "cost": BATTLE_COST},
                             required=("action", "cost"), label="Cost to attack or block")


def _check_static(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    parts = [key for key in ("continuous", "cost_change", "battle_cost", "replacement", "text") if key in value]
    if not parts:
        v.error(path, f"{format_path(path)}: a static ability needs continuous, cost_change, battle_cost, replacement "
                      "or text")
    if isinstance(value.get("replacement"), Mapping):
        _check_replacement(value["replacement"], (*path, "replacement"), v)
    change = value.get("cost_change")
    if isinstance(change, Mapping) and not any(key in change for key in ("set", "increase", "decrease")):
        v.error((*path, "cost_change"), "a cost change needs set, increase or decrease")


VOCABULARY.define("ability", "static", rule=("9.4", "9.9", "9.3"), label="Static (continuous) ability",
                  doc="Works while the card is where its abilities are valid (FoW 9.2, 9.4): `continuous` changes cards' "
                      "information (FoW 9.9; `applies_to` this card, what it is attached to, or every card meeting a "
                      "filter, timestamp: when the card's abilities became valid), `cost_change` changes the cost of "
                      "cards or abilities played (9.3: set, then increases, then decreases), `battle_cost` makes a "
                      "player perform a cost to attack or block (8.2, 8.3).",
                  keys={"continuous": VOCABULARY.use("change", label="Continuous effect"), "cost_change": COST_CHANGE,
                        "battle_cost": BATTLE_COST_ABILITY, "replacement": STATIC_REPLACEMENT,
                        "valid_in": VALID_IN},
                  check=_check_static, messages=("fow.continuous.apply", "fow.cost.change", "fow.battle.cost",
                                                 "fow.replace.destroy", "fow.replace.redirect", "fow.damage.prevented",
                                                 "fow.replace.declined"),
                  example={"kind": "static", "continuous": {"applies_to": {"race": "Beast"}, "atk": 100}},
                  row=Row(main=("continuous",), extra=("cost_change", "battle_cost", "replacement", "valid_in", "text")))
VOCABULARY.define("ability", "activated", rule=("9.5", "7.8"), label="Activated ability",
                  doc="Played by its controller with priority (FoW 7.8): pay `cost`, choose `targets`, and it goes on the "
                      "chase; when it resolves its `effect` is done (9.3). [rest] needs the card recovered and, for a "
                      "resonator, in the battle area since the start of the turn (9.5). `modes` makes it modal (choose n, "
                      "9.3), `limit` limits its uses (9.1), `valid_in` names zones its text says it also works in "
                      "(9.2); played from a zone where it does not work it is refused (9.2).",
                  keys={"cost": ABILITY_COST, "targets": TARGET_SPECS, "effect": EFFECT, "modes": MODES, "limit": LIMIT,
                        "valid_in": VALID_IN},
                  check=check_modal,
                  messages=("fow.activate", "fow.cost.will", "fow.cost.rest", "fow.resolve", "fow.modes.chosen",
                            "fow.illegal.once_per_turn"),
                  example={"kind": "activated", "cost": {"rest": True}, "effect": [{"do": "gain_life", "amount": 200}]},
                  row=Row(main=("cost", "targets", "effect"), extra=("modes", "limit", "valid_in", "text")))
VOCABULARY.define("ability", "will", rule=("9.7",), label="Will ability",
                  doc="Produces `produce` will into its controller's pool at once, without the chase, and the player "
                      "keeps priority (FoW 9.7); it can also be played while paying a cost (the action's `pay_with`, "
                      "10.2).",
                  keys={"cost": WILL_ABILITY_COST, "produce": WILL_MAP}, messages=("fow.will.produce",),
                  example={"kind": "will", "cost": {"rest": True}, "produce": {"fire": 1}},
                  row=Row(main=("cost", "produce"), extra=("text",)))
VOCABULARY.define("ability", "triggered", rule=("9.6", "6.2"), label="Triggered (automatic) ability",
                  doc="Triggers when its `trigger` event happens (FoW 9.6) and goes on the chase in priority processing "
                      "(6.2), modes and targets chosen then; its trigger count drops by one even if it cannot be played. "
                      "`modes` makes it modal (choose n, 9.3), `limit` limits its uses (9.1: a use over the limit is "
                      "not played), `valid_in` names zones its text says it also works in (9.2).",
                  keys={"trigger": VOCABULARY.use("trigger", label="Triggers on"), "targets": TARGET_SPECS,
                        "effect": EFFECT, "modes": MODES, "limit": LIMIT, "valid_in": VALID_IN},
                  check=check_modal,
                  required=("trigger",), messages=("fow.trigger.met", "fow.trigger.choose", "fow.trigger.play",
                                                   "fow.trigger.not_played", "fow.modes.chosen"),
                  example={"kind": "triggered", "trigger": {"event": "enter"}, "effect": [{"do": "draw"}]},
                  row=Row(main=("trigger", "targets", "effect"), extra=("modes", "limit", "valid_in", "text")))
VOCABULARY.define("ability", "judgment", rule=("7.5",), label="Judgment",
                  doc="A ruler's Judgment: with main timing and the ruler recovered, its player pays `cost` and the "
                      "Judgment ability goes on the chase; when it resolves the ruler turns to its J-ruler side on the "
                      "field (FoW 7.5). Only a ruler card's own `abilities` have it, and a ruler without it cannot perform "
                      "Judgment.",
                  keys={"cost": ABILITY_COST}, messages=("fow.judgment.perform", "fow.judgment.flip"),
                  example={"kind": "judgment", "cost": {"void": 3}}, row=Row(main=("cost",), extra=("text",)))
VOCABULARY.define("ability", "spell", rule=("9.3", "7.3"), label="Spell text",
                  doc="What a spell card does when it resolves (FoW 7.3, 7.7, 9.3): its `targets` are chosen when it is "
                      "played, its `effect` done on resolution; a modal spell's `modes` are chosen when it is played "
                      "(choose n, 9.3). A Chant-Standby's condition is its `trigger` (7.9). Only spell cards have it, once.",
                  check=check_modal,
                  keys={"targets": TARGET_SPECS, "effect": EFFECT, "modes": MODES,
                        "trigger": VOCABULARY.use("standby_condition", label="Condition (Chant-Standby)")},
                  messages=("fow.play.card", "fow.resolve", "fow.modes.chosen"),
                  example={"kind": "spell", "targets": [{"types": ["resonator"]}],
                           "effect": [{"do": "deal_damage", "target": 0, "amount": 500}]},
                  row=Row(main=("targets", "effect"), extra=("modes", "trigger", "text")))
VOCABULARY.define("ability", "break", rule=("7.10",), label="Break ability",
                  doc="Valhalla: when this card is taken from the lifebreak area by lifebreak, its break ability is "
                      "played onto the chase (FoW 7.10); the card goes to the graveyard once it has left the chase.",
                  keys={"targets": TARGET_SPECS, "effect": EFFECT}, messages=("fow.lifebreak", "fow.activate"),
                  example={"kind": "break", "effect": [{"do": "gain_life", "amount": 500}]},
                  row=Row(main=("targets", "effect"), extra=("text",)))


def _check_basic(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    if not any(key in value for key in ("atk", "def", "races", "text")):
        v.error(path, f"{format_path(path)}: a basic ability defines atk, def or races (or has text)")


VOCABULARY.define("ability", "basic", rule=("9.4", "9.9"), label="Basic ability",
                  doc="A static ability that defines this card's ATK (`atk`), DEF (`def`) or races (`races`, which it "
                      "also has) and not under a condition: a basic ability, valid in every zone (FoW 9.4) and part of "
                      "the card's base information (9.9), so filters read it in the hand, the main deck or the "
                      "graveyard as well as on the field. Whether a card that loses all its abilities keeps what it "
                      "defines is not covered (a not_covered step; the engine keeps it).",
                  keys={"atk": Integer(low=0, high=100_000, label="ATK is"), "def": Integer(low=0, high=100_000, label="DEF is"),
                        "races": ListOf(item=Text(min_length=1, max_length=64), min_items=1, max_items=10,
                                        label="Races it also has")},
                  check=_check_basic, messages=("fow.not_covered",),
                  example={"kind": "basic", "races": ["Beast"]}, row=Row(main=("atk", "def", "races"), extra=("text",)))

def unreadable_statics(g: Game, state: GameState) -> list[tuple[Card, Ability]]:
    """Return the static (and basic) abilities with card text the engine cannot read that work now:
    where they are valid (FoW 9.2, 9.4) on a card that has them (memoized on the cards and effects)."""
    return g.on_board("unreadable_statics", state, lambda: [
        (card, ability) for card in sorted(state.cards.values(), key=lambda c: c.id)
        for ability in g.abilities(state, card.id)
        if ability.kind in ("static", "basic") and ability.text is not None and cont.works(card, ability)])


def report_basic_lost(g: Game, state: GameState) -> GameState:
    """Record a ``not_covered`` step (and ``complete: false``) once for each card in the battle
    area that has lost all its abilities while it has a basic ability: 9.9 counts basic abilities
    in the base information and then removes abilities, and does not say whether what they define
    stays (the engine keeps it)."""
    for card in sorted(state.cards.values(), key=lambda c: c.id):
        if card.zone not in BATTLE_AREA or not any(a.kind == "basic" for a in cont.abilities_of(card)):
            continue
        key = f"{card.id}@{card.incarnation}#basic-lost"
        if key in state.reported or not g.info(state, card.id).abilities_lost:
            continue
        g.rec("not_covered", "fow.not_covered", silent("basic_ability_lost"), topic="basic_ability_lost", card=card.id,
              default="the card keeps what its basic abilities define (its base information, 9.9)")
        state = replace(state.incomplete(), reported=state.reported | {key})
    return state


def report_unreadable(g: Game, state: GameState) -> GameState:
    """Record a ``cannot_evaluate`` step for each static ability whose text the engine cannot read
    (and the not-covered basic abilities of :func:`report_basic_lost`) once it works (FoW 9.4: from the start, or when its card enters the zone where it is valid, each
    new card once, FoW 3.1); the result is then not complete."""
    for card, ability in unreadable_statics(g, state):
        key = f"{card.id}@{card.incarnation}#{ability.index}"
        if key not in state.reported:
            state = replace(cannot_evaluate(g, state, card.id, ability.text), reported=state.reported | {key})
    return report_basic_lost(g, state)
