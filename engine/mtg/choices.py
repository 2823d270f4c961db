"""Choices: the decisions players make that the document may give (`options.choices`), open
choices (each option a branch), and a given answer that is not among the options (an
``illegal`` step listing them).

Every kind of decision is an entry of the ``choice`` slot, named by the first part of its key
(``legend:p1:Thraximundar``); the function that meets the decision calls :meth:`Choosing.choose`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..core.validation import nearest
from .model import GameState
from .rules import K
from .vocabulary import VOCABULARY, Boolean, Choice, Integer, ListOf, Text, row

MAX_BRANCHES = 24
"""At most this many branches for an open choice (as the Yu-Gi-Oh! engine's ``choice`` steps)."""


class OpenChoice(Exception):
    """A decision the scenario leaves open (the legend rule's keeper, a trigger's targets, the
    order of replacement effects, a damage assignment order, modes, a payment, a division).

    The ruleset catches it and resolves the document once per option with
    ``options.choices[key]`` set (docs/scenario-format.md §8.10): ``branches: [{choice, trace, result}]``.
    """

    def __init__(self, state: GameState, key: str, options: list[Any], message_id: str, rule: K,
                 params: Mapping[str, Any]) -> None:
        super().__init__(key)
        self.state = state
        """The state just before the choice."""
        self.key = key
        """Where the choice goes in ``options.choices`` (``legend:p1:Name``, ``targets:src:0`` …)."""
        self.options = options
        """Each possible choice, as JSON (an id, a list of ids, a bool or a list of numbers)."""
        self.message_id = message_id
        self.rule = rule
        self.params = dict(params)


class GivenChoices(Mapping[str, Any]):
    """``options.choices`` of the document, read-only, remembering which keys the game asked for.

    One instance is shared by the main line and every branch of an open choice, so that a key
    given but never asked anywhere (a misspelt ``may:grifin:1``) is reported at the end
    (:meth:`Choosing.report_unasked`) instead of being silently ignored.

    >>> given = GivenChoices({"may:griffin:1": True})
    >>> given.get("may:griffin:1"), given.get("legend:p1:X"), sorted(given.asked)
    (True, None, ['legend:p1:X', 'may:griffin:1'])
    """

    def __init__(self, choices: Mapping[str, Any] | None) -> None:
        self._given = dict(choices or {})
        self.asked: set[str] = set()
        """Every key looked up so far, given or not."""

    def __getitem__(self, key: str) -> Any:
        self.asked.add(key)
        return self._given[key]

    def get(self, key: str, default: Any = None) -> Any:  # noqa: D102 (Mapping.get, remembering the key)
        self.asked.add(key)
        return self._given.get(key, default)

    def __iter__(self):  # noqa: ANN204
        return iter(self._given)

    def __len__(self) -> int:
        return len(self._given)

    def with_choice(self, key: str, value: Any) -> "GivenChoices":
        """Return the choices of one branch: these plus ``key`` = ``value``, sharing :attr:`asked`."""
        branch = GivenChoices({**self._given, key: value})
        branch.asked = self.asked
        return branch

    def unasked(self) -> list[str]:
        """Return the keys given that the game never asked for, sorted."""
        return sorted(key for key in self._given if key not in self.asked)


def shown_option(value: Any) -> str:
    """Return one option as a judge reads it: an id as itself, a list as ``a + b``, true/false as Yes/No."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, list):
        return " + ".join(shown_option(item) for item in value) or "none"
    return value if isinstance(value, str) else json.dumps(value)


def same_choice(option: Any, given: Any) -> bool:
    """Whether ``given`` answers with ``option``: equal, or, for a choice among orders or sets of
    ids, the same items in another order."""
    if option == given:
        return True
    return isinstance(option, list) and isinstance(given, list) and sorted(map(str, option)) == sorted(map(str, given))


class Choosing:
    """The choices of one resolution: ``options.choices`` of the document (set by the game's
    ``__init__`` as ``_choices``)."""

    def choose(self, state: GameState, key: str, options: list[Any], message_id: str, rule: K, **params: Any) -> Any:
        """Return the choice ``options.choices[key]`` gives, the only option, or raise :class:`OpenChoice`.

        A list given for a choice among lists (an order) may be any order of the same items. A
        given value that is not among ``options`` is an ``illegal`` step listing them (the
        document is valid, the choice is not); the choice is then the only option, or open.
        Errors: :class:`OpenChoice` when two or more options remain and none is given.
        """
        given = self._choices.get(key)
        if given is not None:
            for option in options:
                if same_choice(option, given):
                    self.record("choice", "mtg.choice.made", rule, choice=key, chosen=given, **params)
                    return given
            self.refuse_choice(key, given, options, rule)
        if len(options) == 1:
            return options[0]
        self.recorder.sync(state)  # the board at the choice: what the result shows
        raise OpenChoice(state, key, options, message_id, rule, params)

    def report_unasked(self, given: GivenChoices) -> None:
        """Record each key of ``options.choices`` that no decision of this resolution (main line or
        branch) asked for as a ``choice`` step naming the nearest key that was asked: a choice
        the game never met is not silently applied (CR 601.2b: choices are made when the rules
        ask for them)."""
        for key in given.unasked():
            close = nearest(key, sorted(given.asked))
            if close:
                self.record("choice", "mtg.choice.never_asked_nearest", K.CHOICE_GIVEN, choice=key,
                            nearest=close.split('"')[1])
            else:
                self.record("choice", "mtg.choice.never_asked", K.CHOICE_GIVEN, choice=key)

    def refuse_choice(self, key: str, given: Any, options: list[Any], rule: K) -> None:
        """Record that ``given`` is not one of the options of the choice ``key`` (CR 601.2b: a
        player announces a choice that is legal) as an ``mtg.illegal.choice`` step listing them."""
        shown = [shown_option(option) for option in options[:MAX_BRANCHES]]
        if len(options) > MAX_BRANCHES:
            shown.append(f"… ({len(options)} in all)")
        self.record("illegal", "mtg.illegal.choice", rule, choice=key, given=shown_option(given), options=shown,
                    _extra={"options": list(options)})


# ----------------------------------------------------------------------------- the kinds of choice

IDS = ListOf(item=Text(min_length=1, max_length=64), max_items=200, label="Ids")
ID = Text(min_length=1, max_length=64, label="Id")
NUMBERS = ListOf(item=Integer(low=0, high=999_999), max_items=99, label="Numbers")
_CHOICES = (
    ("legend", ("player", "name"), ID, K.SBA_LEGEND, "Legend rule: the one kept",
     "The id of the legendary permanent the player keeps when they control two or more with the same name "
     "(CR 704.5j); the others go to the graveyard.", "mtg.choice.legend", "legend:p1:Thraximundar", "thrax"),
    ("targets", ("source", "ability"), IDS, K.TRIGGER_TARGETS, "A triggered ability's targets",
     "The target ids of a triggered ability as it is put on the stack (CR 603.3d, 601.2c); also `pending[].targets`.",
     "mtg.choice.target", "targets:beetle:1", ["ogre"]),
    ("cast_targets", ("card",), IDS, K.CAST_TARGETS, "Targets of a spell cast during a resolution",
     "The target ids of a spell cast while another spell or ability resolves (a card found by cascade, CR 702.85a, or cast "
     "by `cast_without_paying`, 608.2g) when no `targets` are given: the player chooses them as it is cast (601.2c), so a missing answer is an "
     "open choice among the legal ones, never an illegal cast.", "mtg.choice.cast_targets", "cast_targets:blast",
     ["ogre"]),
    ("replace", ("event", "subject"), IDS, K.REPLACEMENT_ORDER, "Order of replacement effects",
     "The ids of the replacement effects that would modify one event, in the order they apply (an ability's id is "
     "`<object>.<ability index>`, an effect's its `id`); the affected player or controller chooses (CR 616.1).", "mtg.choice.replacement_order", "replace:damage:p2", ["e1", "fb.0"]),
    ("damage_order", ("attacker",), IDS, K.DAMAGE_ORDER, "Damage assignment order",
     "The blockers of an attacker in the order it assigns combat damage (CR 509.2); also the `damage_order` of "
     "`declare_blockers`.", "mtg.choice.damage_order", "damage_order:wurm", ["wall", "elf"]),
    ("assign", ("attacker",), NUMBERS, K.BLOCKED_DAMAGE, "Combat damage assignment",
     "Combat damage amounts in damage assignment order, then the trample excess; each blocker must be assigned lethal "
     "damage before the next (CR 510.1c, 702.19b). Without it each blocker but the last gets exactly lethal damage.",
     "mtg.combat.assign", "assign:wurm", [3, 3]),
    ("modes", ("card", "ability?"), NUMBERS, K.MODES, "Modes",
     "The mode indexes of a modal spell (`modes:<card>`, CR 700.2a) or of a modal triggered ability "
     "(`modes:<source>:<ability>`, 700.2b); only legal sets of modes are options.", "mtg.choice.modes",
     "modes:page:0", [1]),
    ("divide", ("card",), NUMBERS, K.DIVIDE, "Division of damage",
     "The damage per target, each at least 1, as announced on casting (CR 601.2d); also the cast action's `divide`.",
     "mtg.choice.divide", "divide:fireball", [2, 1]),
    ("unless", ("source",), Boolean(), K.UNLESS_PAYS, "Pays for \"unless\"",
     "true if the player named by an `unless_pays` instruction pays, false if not (CR 118.12a).", "mtg.choice.unless",
     "unless:asha", False),
    ("discard", ("player", "source?"), IDS, K.DISCARD, "Cards discarded",
     "The cards a player discards: down to the maximum hand size in the cleanup step (`discard:<player>`, CR 514.1) "
     "or for a `discard` instruction (`discard:<player>:<source>`, 701.8a).", "mtg.choice.discard", "discard:p1",
     ["c1", "c2"]),
    ("may", ("source", "ability"), Boolean(), K.TRIGGER_OPTIONAL, "\"You may\"",
     "true to do what a \"you may\" ability or instruction says, false not to (CR 603.5).", "mtg.choice.may",
     "may:griffin:1", True),
    ("coin", ("item",), Choice(values=("won", "lost"), what="coin flip"), K.COIN_FLIP, "A coin flip",
     "won or lost: the outcome of a coin flip, never guessed (CR 705.1).", "mtg.choice.coin", "coin:s1", "won"),
    ("name", ("object",), Text(min_length=1, max_length=200), K.CHOOSE_NAME, "A card name chosen",
     "The card name chosen as the object enters (CR 614.12a, 201.4 in 2022, 201.3 in 2020).", "mtg.choice.name",
     "name:mage", "Lightning Bolt"),
    ("devour", ("object",), IDS, K.DEVOUR, "Creatures devoured",
     "The ids of the creatures sacrificed as the object with devour enters (CR 702.82a).", "mtg.choice.devour",
     "devour:broodmother", ["t1"]),
    ("reveal", ("object",), IDS, K.AS_ENTERS_CHOICE, "Cards revealed as it enters",
     "The ids of the cards revealed from the hand as the object enters (CR 614.12a).", "mtg.choice.reveal",
     "reveal:thresher", ["a1"]),
    ("sacrifice", ("player", "source"), ID, K.SACRIFICE, "The permanent sacrificed",
     "The permanent a player sacrifices for a `sacrifice` instruction with `choose` (CR 701.17a).",
     "mtg.choice.sacrifice", "sacrifice:p2:thrax", "bear"),
    ("choose", ("source",), ID, K.INSTRUCTIONS_IN_ORDER, "A permanent chosen on resolution",
     "The permanent chosen as the instruction is followed, without targeting (CR 608.2c).", "mtg.choice.object",
     "choose:gargantuan", "ogre"),
    ("order", ("player", "n"), IDS, K.TRIGGER_APNAP, "Order of triggered abilities",
     "The labels of a player's triggered abilities in the order they go on the stack, first = bottom, the n-th time "
     "(from 1) that player puts two or more on the stack at once (CR 603.3b). A label is the source id; "
     "`<source>:<ability>` when one source has two or more; `<source>:<ability>:<k>` for the k-th time one ability "
     "triggered.", "mtg.choice.trigger_order_open", "order:p1:1", ["aven", "aven2"]),
    ("search", ("source",), ID, K.SEARCH_FAIL, "The card found",
     "The id of the card found by a `search` with `choose`, or `none` (CR 701.19b).", "mtg.choice.search",
     "search:wargate", "none"),
    ("bottom", ("player", "card"), IDS, K.REVEAL, "Order on the bottom",
     "The order of the cards put on the bottom of a library by `reveal_top`, first = the first put there.",
     "mtg.choice.bottom_order", "bottom:p1:l1", ["l2", "l3"]),
)
for _name, _parts, _value, _rule, _label, _doc, _message, _key, _example in _CHOICES:
    VOCABULARY.define("choice", _name, rule=_rule, value=_value, key_parts=_parts, label=_label, doc=_doc,
                      messages=("mtg.choice.made", "mtg.illegal.choice", _message), example={_key: _example},
                      row=row({}, main=(_name,)))

VOCABULARY.define("option", "choices", rule=K.CHOICE_GIVEN, value=VOCABULARY.use("choice"), label="Choices given",
                  doc="The decisions the players made, each under its key (see CHOICE); a decision not given and open "
                      "is shown with every option as a branch.",
                  example={"choices": {"may:griffin:1": True}},
                  messages=("mtg.choice.made", "mtg.choice.never_asked", "mtg.choice.never_asked_nearest"),
                  row=row({}, main=("choices",)))
