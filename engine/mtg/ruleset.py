"""The Magic ruleset base and its two editions: one engine, edition differences as flags."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any, ClassVar

from ..core import Ruleset, TraceRecorder, register_ruleset, shown_value
from ..core.deadline import check as check_deadline
from ..core.validation import Checker
from . import messages  # noqa: F401  (registers the message catalogue)
from . import scenario as fmt
from .board import board_watcher
from .choices import MAX_BRANCHES, GivenChoices, OpenChoice
from .game import Game
from .keywords import EVALUATED_KEYWORDS  # noqa: F401  (part of this module's interface)
from .layers import layers_of
from .rules import K, citation
from .vocabulary import VOCABULARY

LAYER_NOTE_MESSAGES = {"granted_earlier_layer": "mtg.layer.granted_earlier_layer", "grant_depth": "mtg.layer.grant_depth",
                       "condition_unknown": "mtg.layer.condition_unknown"}
"""The message of each kind of note of the layer system (:attr:`LayerResult.notes`)."""

MAX_BRANCH_DEPTH = 1
"""Open choices are expanded into branches in the main trace only (DESIGN.md, Trace)."""


class MtgRuleset(Ruleset):
    """Magic under one Comprehensive Rules edition; subclasses set the edition and its flags."""

    game = "mtg"
    cascade_checks_resulting_value: ClassVar[bool] = True
    """702.85a (2021 wording): the cast card's resulting mana value must also be less."""
    value_name: ClassVar[str] = "mana value"
    """What 202.3 calls the number ("converted mana cost" before 2021)."""
    trigger_on_trigger_last: ClassVar[bool] = True
    """603.3b (2022 wording): triggers whose trigger condition is another ability triggering go on
    the stack in a second round, after every player's other triggers; 2020: one round per player."""

    copy_of_permanent_becomes_token: ClassVar[bool] = True
    """608.3b/111.11 (2022): a copy of a permanent spell becomes a token as it resolves; the
    2020-06-01 edition does not say what it becomes (608.3 speaks only of the spell card)."""

    vocabulary = VOCABULARY
    """The Magic vocabulary registry (engine/mtg/vocabulary.py)."""

    def validate(self, scenario: Mapping[str, Any], checker: Checker) -> None:
        """Check the ``mtg`` frame and vocabulary (docs/scenario-format.md §8)."""
        fmt.validate(scenario, checker)

    def resolve(self, scenario: Mapping[str, Any], recorder: TraceRecorder) -> dict[str, Any]:
        """Give priority, perform the actions, resolve the stack; return the result with the layer walk.

        The board is followed from the parsed state (``recorder.watch``); each step that changes it
        carries the change. What the engine cannot evaluate is a ``cannot_evaluate`` step and makes
        the result incomplete; an open choice ends the main trace with its branches. A choice
        given that no decision (main line or branch) asked for ends the trace as a ``choice``
        step (:meth:`~engine.mtg.choices.Choosing.report_unasked`)."""
        given = GivenChoices((scenario.get("options") or {}).get("choices"))
        result = self._resolve(scenario, recorder, given)
        Game(self, recorder, choices=given).report_unasked(given)
        return result

    def _resolve(self, scenario: Mapping[str, Any], recorder: TraceRecorder, given: GivenChoices) -> dict[str, Any]:
        game = Game(self, recorder, choices=given)
        state = fmt.parse_state(scenario)
        recorder.watch(board_watcher(), state)
        for effect in state.effects:
            if effect.do == "unsupported":
                game.record("cannot_evaluate", "mtg.layer.unsupported", K.LAYERS, effect=effect.id, do=effect.do)
        game.report_document(scenario)
        recorder.sync(state)
        cite = lambda key: citation(self.name, key)  # noqa: E731
        try:
            state = game.run(state, list(scenario.get("actions", [])))
        except OpenChoice as open_choice:
            self._branch(scenario, open_choice, recorder, given)
            return fmt.result(scenario, open_choice.state, layers_of(open_choice.state), cite, False)
        layers = layers_of(state)
        # Every dependency, walk row and note is a step: past the budget, say so before recording them.
        recorder.budget.ensure(len(layers.dependencies) + layers.walk_length + len(layers.notes))
        for dep in layers.dependencies:
            message = "mtg.layer.loop" if dep["depends_on"] is None else "mtg.layer.dependency"
            game.record("layer", message, dep["rule_key"], layer=dep["layer"], effect=dep["effect"], label=dep["label"],
                        depends_on=dep["depends_on"])
        for oid, lines in layers.walk.items():
            for line in lines:
                extra = {"condition": json.dumps(line["condition"])} if "condition" in line else {}
                game.record("layer", "mtg.layer.condition_false" if line["reason"] == "condition_false" else "mtg.layer.apply",
                            line["rule_key"], card=oid, card_name=state.objects[oid].printed.name,
                            layer=line["layer"], sublayer=line["sublayer"], effect=line["effect"], label=line["label"],
                            reason=line["reason"], timestamp=line["timestamp"], before=shown_value(line["before"]),
                            after=shown_value(line["after"]), **extra)
        for note in layers.notes:  # what the layer system could not evaluate (engine/mtg/layers.py)
            card = note.get("card")
            game.record("cannot_evaluate", LAYER_NOTE_MESSAGES[note["kind"]], note["rule_key"], card=card,
                        card_name=state.objects[card].printed.name if card in state.objects else "",
                        **{k: (json.dumps(v) if isinstance(v, (dict, list)) else v)
                           for k, v in note.items() if k not in ("kind", "card", "rule_key")})
        return fmt.result(scenario, state, layers, cite, game.complete)

    def _branch(self, scenario: Mapping[str, Any], open_choice: OpenChoice, recorder: TraceRecorder,
                given: GivenChoices) -> None:
        """Record the open ``choice`` step; with at most 24 options, resolve the document once per
        option with ``options.choices[key]`` set and attach ``branches: [{choice, trace, result}]``."""
        params = {**open_choice.params, "choice": open_choice.key,
                  "count": open_choice.params.get("count", len(open_choice.options))}
        rule = citation(self.name, open_choice.rule)
        if len(open_choice.options) > MAX_BRANCHES:
            recorder.record("choice", "mtg.choice.too_many", rule, params, options=open_choice.options)
            return
        if recorder.depth >= MAX_BRANCH_DEPTH:
            # A choice inside a branch is shown with its options but not expanded again: choices
            # multiply (24 × 24 × …), and the judge gives this one to see its answer.
            recorder.record("choice", open_choice.message_id, rule, {**params, "nested": True}, options=open_choice.options)
            return
        branches = []
        for option in open_choice.options:
            check_deadline(f"branches of an open choice ({len(open_choice.options)} options)")
            document = copy.deepcopy(dict(scenario))
            options = dict(document.get("options") or {})
            options["choices"] = {**(options.get("choices") or {}), open_choice.key: option}
            document["options"] = options
            sub = recorder.branch()
            branch_result = self._resolve(document, sub, given.with_choice(open_choice.key, option))
            branches.append({"choice": option, "trace": sub.to_list(), "result": branch_result})
        recorder.record("choice", open_choice.message_id, rule, params, options=open_choice.options, branches=branches)


@register_ruleset
class CR20220429(MtgRuleset):
    """Comprehensive Rules effective 2022-04-29."""

    name = "cr-2022-04-29"
    document = "mtg-cr-2022-04-29"
    title = "Magic: The Gathering Comprehensive Rules (2022-04-29)"


@register_ruleset
class CR20200601(MtgRuleset):
    """Comprehensive Rules effective 2020-06-01: cascade (702.84a) does not yet check the
    resulting spell's mana value, 202.3 speaks of converted mana cost, and 603.3b puts every
    player's triggers on the stack in one round (no second round for triggers on triggers); what a
    resolving copy of a permanent spell becomes is not covered (608.3 names only the spell card)."""

    name = "cr-2020-06-01"
    document = "mtg-cr-2020-06-01"
    title = "Magic: The Gathering Comprehensive Rules (2020-06-01)"
    cascade_checks_resulting_value = False
    value_name = "converted mana cost"
    trigger_on_trigger_last = False
    copy_of_permanent_becomes_token = False


__all__ = ["CR20200601", "CR20220429", "EVALUATED_KEYWORDS", "MtgRuleset", "citation"]
