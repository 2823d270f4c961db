"""Choices a player makes while the game goes on (targets, orders, replacement effects,
searches …): a ``choose`` action gives one, else the resolution branches (DESIGN.md, Trace)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Citation
from ..core.validation import Path, format_path
from ..core.vocabulary import Field, Row, Validation
from .context import MAX_BRANCHES, Game, OpenChoice, Stop
from .model import CardId, GameState, PlayerId
from .rules import wp
from .vocabulary import PLAYER, VOCABULARY


@dataclass(frozen=True, kw_only=True)
class ChoiceValue(Field):
    """The value of a ``choose`` action: one option of the open choice — a string (an id, a
    trigger ``card#ability``, ``not_found``) or a list of strings (cards, an order)."""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if isinstance(value, str) and 0 < len(value) <= 200:
            return True
        if isinstance(value, list) and len(value) <= 100 and all(isinstance(item, str) and item for item in value):
            return True
        v.error(path, f"{format_path(path)} must be an option of the open choice: a string or a list of strings")
        return False

    def describe(self) -> str:
        return "a string or a list of strings (one of the options of the open choice)"


VOCABULARY.define("action", "choose", rule=("9.3", "3.1", "9.10", "6.2"), label="Make an open choice",
                  doc="Answers the next choice the game meets (a target 9.3, the order of cards entering an ordered zone "
                      "3.1, a replacement effect 9.10, a triggered ability 6.2, a search 10.13 …) with `choice`, one of "
                      "the options its `choice` step lists. A value that is not among them, or an answer whose `player` is "
                      "not the one choosing, is an `illegal` step (listing the options), and the choice stays open.",
                  keys={"player": PLAYER, "choice": ChoiceValue(label="Choice")}, required=("choice",),
                  messages=("fow.choice.made", "fow.illegal.choice", "fow.illegal.not_your_choice"),
                  example={"type": "choose", "player": "p1", "choice": "a1#0"}, row=Row(main=("choice",), extra=("player",)))


def choose(g: Game, state: GameState, kind: str, player: PlayerId, options: list[Any], citation: Citation,
           **params: Any) -> tuple[Any, GameState]:
    """Return the option the next ``choose`` action gives, and the state after taking it.

    A single option needs no choice. A ``choose`` action whose value is not among the options
    is an ``illegal`` step listing them (it is taken; the choice stays open, and the next
    ``choose`` action may answer it). With no answer, raise :class:`OpenChoice` (the ruleset
    branches, each branch answering after the actions taken so far: never a recursion). ``kind`` names the choice (``target``,
    ``trigger``, ``zone_order`` …), ``params`` go into its ``choice`` step.
    """
    if len(options) == 1:
        return options[0], state
    action = state.next_action()
    while action is not None and action.get("type") == "choose":
        state = state.taken()
        if action.get("player", player) != player:  # an answer by the other player does not make this choice
            g.rec("illegal", "fow.illegal.not_your_choice", citation, kind=kind, player=action["player"], chooser=player)
            action = state.next_action()
            continue
        picked = action.get("choice")
        if picked in options:
            g.rec("choice", "fow.choice.made", citation, kind=kind, player=player, choice=picked,
                  options=[str(o) for o in options], **params)
            return picked, state
        g.rec("illegal", "fow.illegal.choice", citation, kind=kind, choice=str(picked), options=[str(o) for o in options])
        # The next choose action, if any, answers the same choice (a branch puts its answer there).
        action = state.next_action()
    raise OpenChoice(kind, player, options, citation, state)


def choose_many(g: Game, state: GameState, kind: str, player: PlayerId, options: list[Any], citation: Citation,
                **params: Any) -> tuple[Any, GameState]:
    """Return a choice among ``options`` that may be too many to branch over (more than
    :data:`MAX_BRANCHES`): then only a ``choose`` action naming one of them answers it; one naming
    something else is an ``illegal`` step listing the first options, and the choice step says
    there are too many to branch (the first 24 and one more are kept)."""
    if len(options) > MAX_BRANCHES:
        action = state.next_action()
        answered = action is not None and action.get("type") == "choose"
        while answered and action.get("player", player) != player:  # the other player's answer is refused
            state = state.taken()
            g.rec("illegal", "fow.illegal.not_your_choice", citation, kind=kind, player=action["player"], chooser=player)
            action = state.next_action()
            answered = action is not None and action.get("type") == "choose"
        if not answered or action.get("choice") not in options:
            if answered:  # a value that is not an option: refused, listing (the first of) the options
                state = state.taken()
                shown = [str(o) for o in options[:MAX_BRANCHES]] + [f"… ({len(options)} options in all)"]
                g.rec("illegal", "fow.illegal.choice", citation, kind=kind, choice=str(action.get("choice")), options=shown)
            raise OpenChoice(kind, player, options[:MAX_BRANCHES + 1], citation, state)
    return choose(g, state, kind, player, options, citation, **params)


def choose_cards(g: Game, state: GameState, kind: str, player: PlayerId, ids: Sequence[CardId], count: int,
                 citation: Citation) -> tuple[list[CardId], GameState]:
    """Return ``count`` of ``ids`` chosen by ``player`` (a ``choose`` action with the list), or branch."""
    combos = [list(c) for c in itertools.combinations(sorted(ids), count)]
    return choose_many(g, state, kind, player, combos, citation)


def await_action(g: Game, state: GameState, message_id: str, section: str, player: PlayerId,
                 **params: Any) -> tuple[Mapping[str, Any], GameState]:
    """Take the next action of a declaration the game waits for (FoW 8.2, 8.3, 4.2); with none
    left, record a ``wait`` step and stop there."""
    action = state.next_action()
    if action is None:
        g.rec("wait", message_id, wp(section), player=player, **params)
        raise Stop(state)
    return action, state.taken()
