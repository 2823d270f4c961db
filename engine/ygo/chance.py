"""Tossing a coin and rolling a die for a card effect (ARC-V 1.2.i1; MR2 ch1.5).

``toss_coin`` and ``roll_die`` are entries of the ``instruction`` slot. The result is never
guessed: the scenario gives it as ``result`` (one face, checked against the faces), or the
resolution is an open choice with one branch per face (:class:`~engine.ygo.targets.OpenChoice`). What each result does is ``outcomes``:
the actions applied for that face, in order, within the same link (a face not listed does
nothing). An action inside an outcome that leaves a choice open is a ``cannot_evaluate`` step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core.validation import Path
from ..core.vocabulary import Choice, ListOf, MapOf, Row, Validation
from .duel import Duel
from .model import ChainLink, GameState, Instruction
from .rules import R
from .targets import OpenChoice
from .vocabulary import VOCABULARY

NESTED = ("toss_coin", "roll_die")
"""Verbs an outcome cannot hold (a second toss inside the first): write them as separate actions."""


class Chance:
    """A verb whose result is one of ``faces``, given by the scenario or branched on."""

    def __init__(self, faces: tuple[str, ...], message_id: str) -> None:
        self.faces = faces
        self.message_id = message_id

    def __call__(self, duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
        """Read the result, record it, then apply that result's outcome."""
        asked = replace(part, choose=1, options=self.faces)
        if not part.result:
            raise OpenChoice(state, link, index, asked, answer_key="result")
        result = part.result
        state = duel.step(state, "chance", self.message_id, R.COIN_DIE, link=link.number, result=result)
        for sub in dict(part.outcomes).get(result, ()):
            try:
                state = duel.sync(VOCABULARY.apply_of("instruction", sub.do)(duel, state, link, index, sub))
            except OpenChoice:
                state = duel.cannot_evaluate(state, "ygo.cannot_evaluate", link=link.number, card=link.card,
                                             card_name=state.card(link.card).name,
                                             detail=f"the {result} outcome leaves a choice for {sub.do} open: give chosen")
            if state.ended:
                break
        return state


def _check_outcomes(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    for face, actions in (value.get("outcomes") or {}).items():
        for i, action in enumerate(actions if isinstance(actions, list) else []):
            if isinstance(action, Mapping) and action.get("do") in NESTED:
                v.error((*path, "outcomes", face, i, "do"), f"{action['do']} cannot be inside an outcome: write it as "
                                                            "a separate action")


def _keys(faces: tuple[str, ...], labels: Mapping[str, str], what: str) -> dict[str, Any]:
    return {
        "result": Choice(values=faces, what=what, labels=labels, label="Result",
                         help=f"the {what} it came up with; blank: one branch per {what}"),
        "outcomes": MapOf(key=Choice(values=faces, what=what, labels=labels), value=ListOf(item=VOCABULARY.use("instruction")),
                          label="Outcomes", help=f"for each {what}, the actions it applies"),
    }


_COIN = ("heads", "tails")
_DIE = ("1", "2", "3", "4", "5", "6")
VOCABULARY.entry(
    "instruction", "toss_coin", rule=(R.COIN_DIE, R.CHOICE_ON_RESOLUTION), label="Toss a coin",
    keys=_keys(_COIN, {"heads": "Heads", "tails": "Tails"}, "coin face"), check=_check_outcomes,
    messages=("ygo.chance.coin",), row=Row(main=("result", "outcomes")),
    doc="Tosses a coin (ARC-V 1.2.i1; MR2 ch1.5): the result is `result` (heads or tails), or, left blank, the "
        "resolution branches on both; then the actions of that result in `outcomes` apply, in order.",
    example={"do": "toss_coin", "result": "heads", "outcomes": {"heads": [{"do": "damage", "player": "opponent",
                                                                             "amount": 1000}]}},
)(Chance(_COIN, "ygo.chance.coin"))
VOCABULARY.entry(
    "instruction", "roll_die", rule=(R.COIN_DIE, R.CHOICE_ON_RESOLUTION), label="Roll a die",
    keys=_keys(_DIE, {face: face for face in _DIE}, "die result"), check=_check_outcomes,
    messages=("ygo.chance.die",), row=Row(main=("result", "outcomes")),
    doc="Rolls a six-sided die (ARC-V 1.2.i1; MR2 ch1.5): the result is `result` (1 to 6), or, left blank, the "
        "resolution branches on the six results; then the actions of that result in `outcomes` apply, in order (a "
        "result not listed does nothing).",
    example={"do": "roll_die", "result": "6", "outcomes": {"6": [{"do": "destroy", "target": "m1"}]}},
)(Chance(_DIE, "ygo.chance.die"))
