"""Modal cards and abilities (FoW 9.3 「如果異能的描述中帶有選擇(數字)」): "choose one", "choose two".

When the card or ability is played its player chooses that many of its modes (9.3: the
choices of playing are made then, before targets and costs); the modes not chosen are treated as
nonexistent. The chosen modes stay with the chase item (:attr:`~engine.fow.model.ChaseItem.modes`);
on resolution their instructions are done in printed order, each mode's ``target`` indexes
naming that mode's own targets.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import IllegalAction
from ..core.validation import Path
from ..core.vocabulary import Integer, ListOf, Record, Text, Validation
from .choices import choose
from .context import Game
from .model import Ability, CardId, GameState, PlayerId
from .rules import wp
from .targets import TargetSpec, candidates
from .vocabulary import TARGET_SPECS, VOCABULARY

MODE = Record(fields={"label": Text(max_length=200, label="Label", help="what the mode does, in a few words"),
                      "targets": TARGET_SPECS,
                      "effect": ListOf(item=VOCABULARY.use("instruction"), min_items=1, max_items=50, label="What it does",
                                       help="the mode's instructions; a target index names the mode's own targets")},
              required=("effect",), label="Mode")
MODES = Record(fields={"choose": Integer(low=1, high=10, label="Choose", help="how many modes the player chooses (FoW 9.3)"),
                       "options": ListOf(item=MODE, min_items=2, max_items=10, label="Modes")},
               required=("choose", "options"), label="Modes (choose n)",
               help="a modal ability: choose n of the options when it is played (FoW 9.3); instead of targets and effect")
"""An ability's ``modes``."""
CHOSEN_MODES = ListOf(item=Integer(low=0, high=9), min_items=1, max_items=10, label="Modes chosen",
                      help="the indexes of the modes chosen for a modal card or ability (FoW 9.3); none given: a choice")
"""An action's ``modes``."""


def check_modal(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    """Record an error when a modal ability also has ``targets`` or ``effect`` (its modes hold
    them), or chooses more modes than it has (FoW 9.3)."""
    modes = value.get("modes")
    if not isinstance(modes, Mapping):
        return
    for key in ("targets", "effect"):
        if key in value:
            v.error((*path, key), f"a modal ability's {key} belong to its modes (modes.options[].{key}; FoW 9.3)")
    options = modes.get("options")
    if isinstance(options, list) and isinstance(modes.get("choose"), int) and modes["choose"] > len(options):
        v.error((*path, "modes", "choose"), f"choose {modes['choose']} of {len(options)} modes: there are not enough")


def _options(ability: Ability) -> tuple[Mapping[str, Any], ...]:
    return tuple(ability.modes.get("options", ())) if ability.modes is not None else ()


def legal_modes(g: Game, state: GameState, controller: PlayerId, ability: Ability) -> list[list[str]]:
    """Return each set of modes ``controller`` may choose, as lists of mode indexes (``["0", "2"]``):
    every set of ``choose`` distinct modes whose targets all have a legal target now (FoW 9.3: a
    card or ability without legal targets cannot be played)."""
    options = _options(ability)
    out = []
    for combo in itertools.combinations(range(len(options)), ability.modes["choose"]):
        if all(candidates(g, state, spec, controller) for i in combo for spec in options[i].get("targets", ())):
            out.append([str(i) for i in combo])
    return out


def pick_modes(g: Game, state: GameState, controller: PlayerId, ability: Ability | None,
               given: Sequence[int] | None, source: CardId) -> tuple[tuple[int, ...] | None, GameState]:
    """Return the modes chosen for a modal ``ability`` (``None`` if it is not modal) and the state.

    ``given`` (an action's ``modes``) must name exactly ``choose`` distinct modes it has, else raise
    :class:`IllegalAction` (FoW 9.3); none given, the player chooses (a ``choose`` action with the
    list of indexes, or a branch per set). Raise :class:`IllegalAction` when no set of modes has
    legal targets, and when modes are given for an ability that has none.
    """
    if ability is None or ability.modes is None:
        if given is not None:
            raise IllegalAction(wp("9.3"), "fow.illegal.modes", {"card": source, "count": 0, "given": list(given)})
        return None, state
    count, options = ability.modes["choose"], _options(ability)
    if given is not None:
        if len(given) != count or len(set(given)) != count or any(i >= len(options) for i in given):
            raise IllegalAction(wp("9.3"), "fow.illegal.modes", {"card": source, "count": count, "given": list(given)})
        modes = tuple(sorted(given))
    else:
        legal = legal_modes(g, state, controller, ability)
        if not legal:
            raise IllegalAction(wp("9.3"), "fow.illegal.no_target", {"card": source})
        picked, state = choose(g, state, "modes", controller, legal, wp("9.3"), card=source)
        modes = tuple(int(i) for i in picked)
    g.rec("choice", "fow.modes.chosen", wp("9.3"), card=source, player=controller, modes=list(modes),
          labels=[str(options[i].get("label", f"mode {i}")) for i in modes], choose=count)
    return modes, state


def mode_targets(ability: Ability | None, modes: tuple[int, ...] | None) -> tuple[TargetSpec, ...]:
    """Return the target specifications of the chosen modes, in mode order (else the ability's own)."""
    if ability is None:
        return ()
    if modes is None or ability.modes is None:
        return ability.targets
    options = _options(ability)
    return tuple(spec for i in modes for spec in options[i].get("targets", ()))


def mode_effect(ability: Ability, modes: tuple[int, ...] | None) -> tuple[Mapping[str, Any], ...]:
    """Return the instructions of the chosen modes in printed order, each mode's target indexes
    moved past the targets of the modes before it (else the ability's own ``effect``; FoW 9.3)."""
    if modes is None or ability.modes is None:
        return ability.effect
    options, out, offset = _options(ability), [], 0
    for i in modes:
        for instr in options[i]["effect"]:
            ref = instr.get("target")
            out.append({**instr, "target": ref + offset} if isinstance(ref, int) and not isinstance(ref, bool) else instr)
        offset += len(options[i].get("targets", ()))
    return tuple(out)
