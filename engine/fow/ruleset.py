"""The Force of Will ruleset ``wp-2.3``: the whitepaper ver. 2.3, its ambiguities as option flags."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from ..core import Ruleset, TraceRecorder, register_ruleset
from ..core.deadline import check as check_deadline
from ..core.validation import Checker
from . import messages  # noqa: F401  (registers the message catalogue)
from . import scenario as fmt
from .board import board_of
from .context import MAX_BRANCHES, Game, OpenChoice, Stop
from .rules import DOCUMENT, ruling_sources, wp
from .turn import run


@register_ruleset
class FowWhitepaper23(Ruleset):
    """Force of Will under the whitepaper ver. 2.3 (``fow-whitepaper-2.3``)."""

    game = "fow"
    name = "wp-2.3"
    document = DOCUMENT
    title = "Force of Will whitepaper ver. 2.3"

    @classmethod
    def ruling_sources(cls) -> tuple[str, ...]:
        """Return the source of every not-covered point the engine records (:data:`~engine.fow.rules.SILENT_POINTS`)."""
        return ruling_sources()

    def validate(self, scenario: Mapping[str, Any], checker: Checker) -> None:
        """Check the ``fow`` vocabulary (docs/scenario-format.md §7)."""
        fmt.validate(scenario, checker)

    def resolve(self, scenario: Mapping[str, Any], recorder: TraceRecorder) -> dict[str, Any]:
        """Play the scenario's actions from its priority point; return the result (§7.9).

        At an open choice the trace ends with a ``choice`` step carrying up to 24 branches; the
        result is then the state at the last priority point, ``complete: false``. The board is
        followed from the start (:func:`~engine.fow.board.board_of`); a branch's recorder goes on
        from the board at its choice step (``recorder.branch()``), so its steps diff from there.
        """
        opts = fmt.options(scenario)
        g = Game(opts, recorder, opts["variant"])
        initial = fmt.parse_state(scenario)
        state = replace(initial, checkpoint=initial)
        if recorder.depth == 0:
            recorder.watch(partial(board_of, g), state)
        recorder.record("setup", "fow.variant", wp("1.2"), {"variant": opts["variant"]})
        complete = True
        try:
            state = run(g, state)
            complete = state.complete
            g.sync(state)
        except Stop as stop:
            state, complete = stop.at, stop.complete
        except OpenChoice as choice:
            self._branch(scenario, choice, recorder)
            return fmt.result(scenario, choice.at, None, complete=False)
        try:
            chars = g.chars(state)
        except OpenChoice as choice:
            self._branch(scenario, choice, recorder)
            return fmt.result(scenario, state, None, complete=False)
        for cid in sorted(chars):
            for entry in chars[cid].log:
                section = "10.19" if entry["step"] == "non_numeric" and any(k.startswith("races") for k in entry["change"]) else "9.9"
                recorder.record("layer", "fow.continuous.apply", wp(section),
                                {"card": cid, "effect": entry["effect"], "step": entry["step"], "order": entry["order"],
                                 "timestamp": entry["timestamp"],
                                 "change": ", ".join(f"{k} {v[0]}→{v[1]}" for k, v in entry["change"].items()) or "none"})
        return fmt.result(scenario, state, chars, complete=complete)

    def _branch(self, scenario: Mapping[str, Any], choice: OpenChoice, recorder: TraceRecorder) -> None:
        """Record the ``choice`` step; with at most 24 options, resolve one branch per option."""
        params = {"kind": choice.kind, "player": choice.player, "options": [str(o) for o in choice.options]}
        if len(choice.options) > MAX_BRANCHES:
            recorder.record("choice", "fow.choice.too_many", choice.citation, params, options=choice.options[:MAX_BRANCHES])
            return
        branches = []
        for n, option in enumerate(choice.options):
            check_deadline(f"branches of an open choice ({choice.kind}: {n + 1} of {len(choice.options)}, "
                           f"{recorder.depth + 1} level(s) deep)")
            document = copy.deepcopy(dict(scenario))
            if choice.patch == "effect_order":
                document["turn"] = {**document["turn"], "effect_order": list(option)}
            else:
                actions = list(document.get("actions", []))
                actions.insert(choice.cursor, {"type": "choose", "player": choice.player, "choice": option})
                document["actions"] = actions
            sub = recorder.branch()
            branch_result = self.resolve(document, sub)
            branches.append({"choice": option, "trace": sub.to_list(), "result": branch_result})
        recorder.record("choice", "fow.choice", choice.citation, params, options=choice.options, branches=branches)
