"""The Yu-Gi-Oh! ruleset base: one engine, rule versions as flags on subclasses.

:class:`YgoRuleset` validates a document (:mod:`engine.ygo.frame` and the registry) and
resolves it (:func:`engine.ygo.play.run`), following the board at every step. Where the
resolution reaches a choice the document leaves open, the trace ends with a ``choice`` step
whose branches resolve the document again with each option made (at most 24).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from itertools import islice
from typing import Any, ClassVar

from ..core import Citation, Ruleset, Ruling, TraceRecorder
from ..core.deadline import check as check_deadline
from ..core.validation import Checker
from . import messages  # noqa: F401  (registers the message catalogue)
from . import scenario as fmt
from .board import board_watcher
from .duel import MAX_BRANCHES, Duel, DuelOptions
from .frame import validate as validate_frame
from .play import run
from .replacement import OpenReplacement
from .rules import R
from .targets import OpenChoice
from .trigger_targets import OpenTriggerTargets
from .triggers import OpenOrder, OpenTriggerChoice
from .turn import OpenHandLimit

MAX_LISTED = 1_000
"""At most this many options are listed on a ``choice`` step too large to branch on."""


class YgoRuleset(Ruleset):
    """Yu-Gi-Oh! chain building and resolution; subclasses set the flags and the citation table."""

    game = "ygo"
    citations: ClassVar[Mapping[R, Citation]] = {}
    """Every rule point (:class:`R`) mapped to this ruleset's document, or to a ruling."""

    @classmethod
    def ruling_sources(cls) -> tuple[str, ...]:
        """Return the source of every ruling in :attr:`citations`, each once, in table order."""
        return tuple(dict.fromkeys(c.source for c in cls.citations.values() if isinstance(c, Ruling)))
    pendulum: ClassVar[bool] = False
    """Pendulum Monsters, Pendulum Zones and Pendulum Effects exist (ARC-V 2.1.7)."""
    field_zone_per_player: ClassVar[bool] = True
    """Each player has a Field Zone (ARC-V 2.1.5.i2); otherwise one Field Spell on the whole field (MR2 ch2.29)."""
    first_turn_draw: ClassVar[bool] = True
    """The first player draws in the Draw Phase of turn 1 (MR2 ch3.5); Master Rule 3 removed that draw."""
    damage_step_negations: ClassVar[bool] = False
    """A Quick Effect that negates an activation may be activated in the Damage Step (ARC-V
    3.2.7.4.i6); otherwise only ATK/DEF changes and Counter Traps (MR2 ch4.4)."""
    segoc_tiers: ClassVar[bool] = False
    """Simultaneous triggers go on the chain by priority tier (ARC-V 4.2.4.2.1.i1: mandatory,
    then optional of public cards, then optional of hidden cards, each tier turn player first);
    otherwise the turn player's, then the opponent's (MR2 ch5.5)."""
    phase_triggers_one_at_a_time: ClassVar[bool] = False
    """Triggers of the start of the same phase ("during the Standby Phase") are not simultaneous:
    one is activated and resolved, then the next (ARC-V 3.2.7.3.i5); otherwise they go on one
    chain like any triggers of the same moment (MR2 ch5.5, the document states no exception)."""

    def validate(self, scenario: Mapping[str, Any], checker: Checker) -> None:
        """Check the ``ygo`` frame and vocabulary (docs/scenario-format.md §2)."""
        validate_frame(scenario, checker, ruleset=self.name, pendulum=self.pendulum,
                       field_zone_per_player=self.field_zone_per_player)

    def resolve(self, scenario: Mapping[str, Any], recorder: TraceRecorder) -> dict[str, Any]:
        """Replay ``chain``, ``pending`` and ``actions`` (summons, attacks, phases, activations),
        resolve what is left, and return the result dict.

        An illegal action becomes an ``illegal`` step and changes nothing. At an open choice, or an
        open order of simultaneous triggers, the trace ends with a ``choice`` step carrying up to
        24 branches.
        """
        options = scenario.get("options", {})
        state = fmt.parse_state(scenario)
        state = replace(state, pending=fmt.parse_pending(scenario, state))
        duel = Duel(self, recorder, DuelOptions(trigger_order=tuple(options.get("trigger_order", ())),
                                                activate_triggers=frozenset(options.get("activate_triggers", ())),
                                                decline_triggers=frozenset(options.get("decline_triggers", ())),
                                                trigger_targets={card: tuple(targets) for card, targets
                                                                 in options.get("trigger_targets", {}).items()}),
                    cards=state.cards)
        recorder.watch(board_watcher(), state)
        try:
            state = run(duel, scenario, state)
        except OpenChoice as choice:
            recorder.sync(choice.state)
            self._branch(scenario, choice, duel, recorder)
            return fmt.result(scenario, choice.state, complete=False)
        except OpenOrder as open_order:
            recorder.sync(open_order.state)
            self._branch_order(scenario, open_order, duel, recorder)
            return fmt.result(scenario, open_order.state, complete=False)
        except OpenTriggerChoice as open_triggers:
            recorder.sync(open_triggers.state)
            self._branch_triggers(scenario, open_triggers, duel, recorder)
            return fmt.result(scenario, open_triggers.state, complete=False)
        except OpenTriggerTargets as open_targets:
            recorder.sync(open_targets.state)
            self._branch_trigger_targets(scenario, open_targets, duel, recorder)
            return fmt.result(scenario, open_targets.state, complete=False)
        except OpenHandLimit as open_hand:
            recorder.sync(open_hand.state)
            self._branch_hand_limit(scenario, open_hand, duel, recorder)
            return fmt.result(scenario, open_hand.state, complete=False)
        except OpenReplacement as open_replacement:
            recorder.sync(open_replacement.state)
            self._branch_replacement(scenario, open_replacement, duel, recorder)
            return fmt.result(scenario, open_replacement.state, complete=False)
        recorder.sync(state)
        return fmt.result(scenario, state, complete=state.complete)

    def _record_branches(self, recorder: TraceRecorder, key: Citation, message_id: str, params: dict[str, Any],
                         options: list[Any], variants: list[tuple[Any, dict[str, Any]]]) -> None:
        """Resolve each variant document and record one ``choice`` step with a branch per variant.

        A branch resolves the whole document again; its recorder (``recorder.branch()``) keeps the
        board at the choice step as its base, so its first diff steps back to the start and every
        branch's diffs apply to the board just before its choice step, as in every game.
        """
        branches = []
        for choice, document in variants:
            check_deadline(f"resolving {len(variants)} branches of an open choice")
            sub = recorder.branch()
            branch_result = self.resolve(document, sub)
            branches.append({"choice": choice, "trace": sub.to_list(), "result": branch_result})
        recorder.record("choice", message_id, key, params, options=options, branches=branches)

    @staticmethod
    def _with_options(scenario: Mapping[str, Any], **extra: list[Any]) -> dict[str, Any]:
        """Return a copy of the document whose ``options`` lists are extended by ``extra``."""
        document = copy.deepcopy(dict(scenario))
        options = dict(document.get("options", {}))
        for name, values in extra.items():
            options[name] = list(options.get(name, ())) + list(values)
        document["options"] = options
        return document

    def _branch_order(self, scenario: Mapping[str, Any], open_order: OpenOrder, duel: Duel,
                      recorder: TraceRecorder) -> None:
        """Record the ``choice`` of a trigger order (SEGOC); with at most 24 orders, branch on each."""
        groups = [[item.card for item in group] for group in open_order.groups]
        params = {"players": [group[0].controller for group in open_order.groups], "groups": groups,
                  "count": open_order.count()}
        key = duel.cite(R.PHASE_TRIGGERS if open_order.one_at_a_time else R.SEGOC)
        if open_order.count() > MAX_BRANCHES:
            recorder.record("choice", "ygo.choice.trigger_order_too_many", key, params, options=groups)
            return
        variants = [(order, self._with_options(scenario, trigger_order=order)) for order in open_order.orders()]
        message = "ygo.choice.phase_trigger_order" if open_order.one_at_a_time else "ygo.choice.trigger_order"
        self._record_branches(recorder, key, message, params, groups, variants)

    def _branch_triggers(self, scenario: Mapping[str, Any], open_triggers: OpenTriggerChoice, duel: Duel,
                         recorder: TraceRecorder) -> None:
        """Record the ``choice`` to activate or decline open optional triggers (ARC-V 4.2.3.1.i1).

        One branch per combination ("activate"/"decline" for each trigger); the combinations of
        several triggers multiply, and over 24 the step asks for ``options.activate_triggers`` /
        ``options.decline_triggers`` instead.
        """
        cards = [item.card for item in open_triggers.items]
        params = {"cards": cards, "players": [item.controller for item in open_triggers.items],
                  "count": open_triggers.count()}
        key = duel.cite(R.OPTIONAL_TRIGGER)
        options = [["activate", "decline"] for _ in cards]
        if open_triggers.count() > MAX_BRANCHES:
            recorder.record("choice", "ygo.choice.optional_trigger_too_many", key, params, options=options)
            return
        variants = []
        for combination in open_triggers.combinations():
            chosen = dict(zip(cards, combination))
            document = self._with_options(
                scenario, activate_triggers=[c for c in cards if chosen[c] == "activate"],
                decline_triggers=[c for c in cards if chosen[c] == "decline"])
            variants.append((list(combination), document))
        self._record_branches(recorder, key, "ygo.choice.optional_trigger", params, options, variants)

    def _branch_hand_limit(self, scenario: Mapping[str, Any], open_hand: OpenHandLimit, duel: Duel,
                           recorder: TraceRecorder) -> None:
        """Record the ``choice`` of the hand-limit discards (ARC-V 2.2.i4; MR2 ch3.15), one branch per set."""
        params = {"player": open_hand.player, "count": open_hand.excess, "options": list(open_hand.hand)}
        key = duel.cite(R.HAND_LIMIT)
        if open_hand.count() > MAX_BRANCHES:
            listed = [list(option) for option in islice(open_hand.iter_options(), MAX_LISTED)]
            recorder.record("choice", "ygo.choice.hand_limit_too_many", key, params, options=listed)
            return
        options = [list(option) for option in open_hand.options()]
        variants = []
        for option in options:
            document = copy.deepcopy(dict(scenario))
            action = document["actions"][open_hand.action_index]
            action["discard"] = list(open_hand.kept) + option
            variants.append((option, document))
        self._record_branches(recorder, key, "ygo.choice.hand_limit", params, options, variants)

    def _branch_replacement(self, scenario: Mapping[str, Any], choice: OpenReplacement, duel: Duel,
                            recorder: TraceRecorder) -> None:
        """Record the ``choice`` to use a ``destroy_instead`` effect or not, one branch each (official ruling)."""
        params = {"player": choice.source.controller, "source": choice.source.id, "source_name": choice.source.name,
                  "card": choice.card.id, "card_name": choice.card.name}
        variants = [(answer, choice.with_answer(scenario, answer)) for answer in (True, False)]
        self._record_branches(recorder, duel.cite(R.REPLACE_DESTRUCTION), "ygo.choice.replacement", params,
                              [True, False], variants)

    def _branch_trigger_targets(self, scenario: Mapping[str, Any], open_targets: OpenTriggerTargets, duel: Duel,
                                recorder: TraceRecorder) -> None:
        """Record the ``choice`` of a targeting trigger's targets (ARC-V 4.2.3.3.i2), one branch per
        legal set written in ``options.trigger_targets``; over 24, the step lists the first ones."""
        params = {"card": open_targets.card, "card_name": open_targets.state.card(open_targets.card).name,
                  "player": open_targets.player, "count": open_targets.count_needed,
                  "options": list(open_targets.legal)}
        key = duel.cite(R.TARGET_AT_ACTIVATION)
        if open_targets.count() > MAX_BRANCHES:
            recorder.record("choice", "ygo.choice.trigger_targets_too_many", key, params,
                            options=open_targets.options(MAX_LISTED))
            return
        options = open_targets.options()
        variants = []
        for option in options:
            document = copy.deepcopy(dict(scenario))
            answers = dict(document.get("options", {}).get("trigger_targets", {}))
            answers[open_targets.card] = option
            document["options"] = {**document.get("options", {}), "trigger_targets": answers}
            variants.append((option, document))
        self._record_branches(recorder, key, "ygo.choice.trigger_targets", params, options, variants)

    def _branch(self, scenario: Mapping[str, Any], choice: OpenChoice, duel: Duel, recorder: TraceRecorder) -> None:
        """Record the ``choice`` step; with at most 24 options, resolve one branch per option."""
        instruction = choice.instruction
        params = {"link": choice.link.number, "action": instruction.do, "count": instruction.choose or 1,
                  "options": list(instruction.options)}
        key = self.citations[R.CHOICE_ON_RESOLUTION]
        if choice.count() > MAX_BRANCHES:
            listed = [list(option) for option in choice.options(MAX_LISTED)]
            recorder.record("choice", "ygo.choice.too_many", key, params, options=listed)
            return
        listed = [list(option) for option in choice.options()]
        variants = [(option, _with_choice(scenario, choice, option)) for option in listed]
        self._record_branches(recorder, key, "ygo.choice", params, listed, variants)


def _with_choice(scenario: Mapping[str, Any], choice: OpenChoice, chosen: list[str]) -> dict[str, Any]:
    """Return a copy of the scenario document with the open choice made.

    The choice is written where the link's actions come from: the chain item or ``activate``
    action that gave its own ``actions`` (or a copy of its effect's), else the effect itself (a
    trigger met during play or pending), so the branch never meets the same open choice again.
    """
    document = copy.deepcopy(dict(scenario))
    source_key, source_index = choice.link_source
    card = next(o for o in document["objects"] if o["id"] == choice.link.card)
    if source_key in ("chain", "actions"):
        item = document[source_key][source_index]
        if "actions" not in item:
            item["actions"] = copy.deepcopy(card["effects"][choice.link.effect].get("actions", []))
        item["actions"][choice.action_index][choice.answer_key] = choice.answer(chosen)
    else:
        card["effects"][choice.link.effect]["actions"][choice.action_index][choice.answer_key] = choice.answer(chosen)
    return document
