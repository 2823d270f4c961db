"""The Yu-Gi-Oh! ruleset base: one engine, rule versions as flags on subclasses."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, ClassVar

from ..core import Citation, IllegalAction, Ruleset, TraceRecorder
from ..core.validation import Checker
from . import messages  # noqa: F401  (registers the message catalogue)
from . import scenario as fmt
from .chain import MAX_BRANCHES, ChainEngine, OpenChoice
from .model import GameState
from .rules import R


class YgoRuleset(Ruleset):
    """Yu-Gi-Oh! chain building and resolution; subclasses set the flags and the citation table."""

    game = "ygo"
    citations: ClassVar[Mapping[R, Citation]] = {}
    """Every rule point (:class:`R`) mapped to this ruleset's document, or to a ruling."""
    pendulum: ClassVar[bool] = False
    """Pendulum Monsters, Pendulum Zones and Pendulum Effects exist (ARC-V 2.1.7)."""
    field_zone_per_player: ClassVar[bool] = True
    """Each player has a Field Zone (ARC-V 2.1.5.i2); otherwise one Field Spell on the whole field (MR2 ch2.29)."""
    first_turn_draw: ClassVar[bool] = True
    """The first player draws in the Draw Phase of turn 1 (MR2 ch3.5); Master Rule 3 removed that draw."""
    segoc_tiers: ClassVar[bool] = False
    """Simultaneous triggers go on the chain by priority tier (ARC-V 4.2.4.2.1.i1: mandatory,
    then optional of public cards, then optional of hidden cards, each tier turn player first);
    otherwise the turn player's, then the opponent's (MR2 ch5.5)."""

    def validate(self, scenario: Mapping[str, Any], checker: Checker) -> None:
        """Check the ``ygo`` vocabulary (docs/scenario-format.md §2)."""
        fmt.validate(scenario, checker, pendulum=self.pendulum, field_zone_per_player=self.field_zone_per_player)

    def resolve(self, scenario: Mapping[str, Any], recorder: TraceRecorder) -> dict[str, Any]:
        """Build the chain from ``chain`` and ``actions``, resolve it, and return the result dict.

        An illegal activation becomes an ``illegal`` step and is not added to the chain. At an
        open choice the trace ends with a ``choice`` step carrying up to 24 branches.
        """
        engine = ChainEngine(self, recorder)
        state = fmt.parse_state(scenario)
        try:
            state = self._run(scenario, state, engine)
        except OpenChoice as choice:
            self._branch(scenario, choice, engine, recorder)
            return fmt.result(scenario, choice.state, complete=False)
        return fmt.result(scenario, state, complete=engine.complete)

    def _activate(self, state: GameState, raw: Mapping[str, Any], source: tuple[str, int],
                  engine: ChainEngine) -> GameState:
        act = fmt.activation(raw, source, state)
        try:
            return engine.do_activate(state, act)
        except IllegalAction as illegal:
            engine.recorder.record("illegal", illegal.message_id, illegal.citation, illegal.params)
            return state

    def _run(self, scenario: Mapping[str, Any], state: GameState, engine: ChainEngine) -> GameState:
        for i, raw in enumerate(scenario.get("chain", [])):
            if state.ended:
                return state
            state = self._activate(state, raw, ("chain", i), engine)
        for i, action in enumerate(scenario.get("actions", [])):
            if state.ended:
                return state
            if action["type"] == "activate":
                state = self._activate(state, action, ("actions", i), engine)
            elif action["type"] == "pass":
                engine.record("priority", "ygo.priority.pass", R.PRIORITY_TO_OPPONENT, player=action["player"])
            elif state.chain:
                state = engine.resolve_chain(state)
        if state.chain and not state.ended:
            state = engine.resolve_chain(state)
        return state

    def _branch(self, scenario: Mapping[str, Any], choice: OpenChoice, engine: ChainEngine,
                recorder: TraceRecorder) -> None:
        """Record the ``choice`` step; with at most 24 options, resolve one branch per option."""
        instruction = choice.instruction
        options = choice.options()
        params = {"link": choice.link.number, "action": instruction.do, "count": instruction.choose or 1,
                  "options": list(instruction.options)}
        listed = [list(option) for option in options]
        if len(options) > MAX_BRANCHES:
            recorder.record("choice", "ygo.choice.too_many", self.citations[R.CHOICE_ON_RESOLUTION], params,
                            options=listed)
            return
        branches = []
        for option in options:
            branch = _with_choice(scenario, choice, list(option))
            sub = TraceRecorder(recorder.budget)
            branch_result = self.resolve(branch, sub)
            branches.append({"choice": list(option), "trace": sub.to_list(), "result": branch_result})
        recorder.record("choice", "ygo.choice", self.citations[R.CHOICE_ON_RESOLUTION], params,
                        options=listed, branches=branches)


def _with_choice(scenario: Mapping[str, Any], choice: OpenChoice, chosen: list[str]) -> dict[str, Any]:
    """Return a copy of the scenario document with the open choice made (boundary dicts only)."""
    document = copy.deepcopy(dict(scenario))
    source_key, source_index = choice.link_source
    item = document[source_key][source_index]
    if "actions" not in item:
        card = next(o for o in document["objects"] if o["id"] == item["card"])
        item["actions"] = copy.deepcopy(card["effects"][choice.link.effect].get("actions", []))
    item["actions"][choice.action_index]["chosen"] = chosen
    return document
