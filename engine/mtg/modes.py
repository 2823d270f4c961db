"""Modal spells and abilities (CR 700.2), the division of damage announced on casting (601.2d)
and the announcements of casting (601.2b-601.2d)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import Any, Optional

from ..core import IllegalAction
from .choices import MAX_BRANCHES
from .model import GameObject, GameState, PlayerId, freeze
from .players import in_game
from .rules import K
from .vocabulary import INSTRUCTIONS, TARGETS, Boolean, Either, Integer, ListOf, Record, Text

MAX_REPEATED_MODES = 10
"""The most modes listed for a modal spell whose modes may repeat (700.2d)."""


class Announcing:
    """Modes and divisions (CR 700.2, 601.2d) for :class:`~engine.mtg.game.Game`."""

    def announce(self, state: GameState, obj: GameObject, action: Mapping[str, Any],
                  x: int) -> tuple[Mapping[str, Any], dict[str, Any], Optional[list[int]], Optional[list[int]]]:
        """The announcements of casting (CR 601.2b-601.2d): modes (700.2a), the targets of the
        chosen modes only (700.2c), the division of damage among the targets (601.2d).

        Returns ``(spell spec with the chosen modes' targets and instructions, the action with
        its targets, modes or None, division or None)``.
        Errors: :class:`IllegalAction` (an illegal mode set, targets or division);
        :class:`OpenChoice` when the modes or the division are left open.
        """
        player, oid, name = action["player"], obj.id, obj.printed.name
        spell = self.spell_ability(obj)
        action = dict(action)
        modes = None
        if spell.get("modes"):
            modes = self.choose_modes(state, player, oid, name, spell, action.get("modes"), f"modes:{oid}", K.MODES)
            if not modes:
                raise IllegalAction(self.cite(K.MODES), "mtg.illegal.modes", {"card": oid, "card_name": name,
                                                                             "modes": [], "why": "no_legal_mode"})
            by_mode = action.get("targets_by_mode")
            if by_mode is not None:
                action["targets"] = [t for i in modes for t in by_mode.get(str(i), ())]
            spell = apply_modes(spell, modes)
            self.verify_targets(state, spell.get("targets", ()), list(action.get("targets", [])), player, oid, name)
        division = None
        divided = next((p for p in spell.get("effects", ()) if p.get("divided")), None)
        if divided is not None:
            total = int(x) if divided.get("amount") == "x" else int(divided.get("amount", 0))
            division = self.choose_division(state, player, oid, name, total, len(action.get("targets", ())),
                                            action.get("divide"))
        return spell, action, modes, division

    def mode_legal(self, state: GameState, mode: Mapping[str, Any], player: PlayerId, source: str) -> bool:
        """Whether a mode can be chosen: each of its required targets has a legal choice (CR 700.2a)."""
        for spec in mode.get("targets", ()):
            if spec.get("optional"):
                continue
            zone = spec.get("zone", "battlefield")
            candidates = [o for o in state.order if state.objects[o].zone.value == zone]
            candidates += list(in_game(state)) if spec.get("player") else []
            if not any(self.target_legal(state, spec, c, player, source) for c in candidates):
                return False
        return True

    def mode_options(self, state: GameState, spec: Mapping[str, Any], player: PlayerId, source: str) -> list[list[int]]:
        """Every legal set of modes (CR 700.2a, 700.2d): ``choose`` is a number or ``[min, max]``;
        with ``repeat_modes`` a mode may be chosen more than once."""
        modes = spec.get("modes", ())
        choose = spec.get("choose", 1)
        low, high = (choose, choose) if isinstance(choose, int) else (int(choose[0]), int(choose[1]))
        legal = [i for i, mode in enumerate(modes) if self.mode_legal(state, mode, player, source)]
        combine = itertools.combinations_with_replacement if spec.get("repeat_modes") else itertools.combinations
        # Without repetition no set is larger than the legal modes; with it (700.2d) no printed card
        # asks for more than a handful, so sizes past MAX_REPEATED_MODES are not listed.
        high = min(high, MAX_REPEATED_MODES if spec.get("repeat_modes") else len(legal))
        out: list[list[int]] = []
        for size in range(max(low, 1), high + 1):
            out += [list(c) for c in itertools.islice(combine(legal, size), MAX_BRANCHES + 1)]
            if len(out) > MAX_BRANCHES * 10:
                break
        return out[:MAX_BRANCHES * 10]

    def choose_modes(self, state: GameState, player: PlayerId, oid: str, name: str, spec: Mapping[str, Any],
                     given: Any, key: str, rule: K) -> list[int]:
        """The modes chosen (CR 700.2a for spells, 700.2b for triggered abilities), in printed order.

        ``given`` (the action's ``modes`` or ``pending[].modes``) must be a legal set, else
        :class:`IllegalAction`; without it ``options.choices[key]``, the only legal set, or an open
        choice. Returns ``[]`` when no mode can be chosen.
        """
        options = self.mode_options(state, spec, player, oid)
        if given is not None:
            chosen = sorted(int(i) for i in given)
            if chosen not in options:
                repeated = len(set(chosen)) < len(chosen) and not spec.get("repeat_modes")
                raise IllegalAction(self.cite(K.MODES_REPEAT if repeated else rule), "mtg.illegal.modes",
                                    {"card": oid, "card_name": name, "modes": chosen,
                                     "why": "same_mode_twice" if repeated else "illegal_mode"})
            return chosen
        if not options:
            return []
        return sorted(self.choose(state, key, options, "mtg.choice.modes", rule, player=player, card=oid, card_name=name))

    def choose_division(self, state: GameState, player: PlayerId, oid: str, name: str, total: int, targets: int,
                        given: Any) -> list[int]:
        """The division announced on casting (CR 601.2d): one amount per target, each at least 1,
        summing to ``total``. Errors: :class:`IllegalAction` for an illegal division;
        :class:`OpenChoice` when two or more targets and no division are given."""
        if given is not None:
            amounts = [int(n) for n in given]
            if len(amounts) != targets or any(n < 1 for n in amounts) or sum(amounts) != total:
                raise IllegalAction(self.cite(K.DIVIDE), "mtg.illegal.division",
                                    {"card": oid, "card_name": name, "division": amounts, "why": "each_target_at_least_one"})
            return amounts
        if targets <= 1:
            return [total] if targets == 1 else []
        options = [list(c) for c in itertools.islice(compositions(total, targets), MAX_BRANCHES * 10)]
        if not options:
            raise IllegalAction(self.cite(K.DIVIDE), "mtg.illegal.division",
                                {"card": oid, "card_name": name, "division": [], "why": "each_target_at_least_one"})
        return list(self.choose(state, f"divide:{oid}", options, "mtg.choice.divide", K.DIVIDE, player=player,
                                card=oid, card_name=name, amount=total))


def compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Each way to write ``total`` as ``parts`` positive amounts, in order (CR 601.2d)."""
    if parts == 1:
        if total >= 1:
            yield (total,)
        return
    for first in range(1, total - parts + 2):
        for rest in compositions(total - first, parts - 1):
            yield (first,) + rest


def _shift(part: Any, offset: int) -> Any:
    """An instruction of a mode with its target indexes moved past the earlier chosen modes' targets."""
    if isinstance(part, Mapping):
        out = {}
        for key, value in part.items():
            if key in ("target", "controller_of_target") and isinstance(value, int):
                out[key] = value + offset
            elif key == "player" and isinstance(value, int) and not isinstance(value, bool):
                out[key] = value + offset
            else:
                out[key] = _shift(value, offset) if isinstance(value, (Mapping, tuple, list)) else value
        return freeze(out)
    if isinstance(part, (tuple, list)):
        return tuple(_shift(p, offset) for p in part)
    return part


def apply_modes(spec: Mapping[str, Any], modes: list[int]) -> Mapping[str, Any]:
    """The spell or ability with only the chosen modes (CR 700.2c, 700.2d): their targets in
    mode order and their instructions in sequence, a mode chosen twice appearing twice."""
    targets: list[Any] = list(spec.get("targets", ()))
    effects: list[Any] = list(spec.get("effects", ()))
    printed = spec.get("modes", ())
    for i in modes:
        mode = printed[i]
        offset = len(targets)
        targets += list(mode.get("targets", ()))
        effects += [_shift(p, offset) for p in mode.get("effects", ())]
    return freeze({**{k: v for k, v in spec.items() if k not in ("modes", "targets", "effects")},
                   "targets": targets, "effects": effects})


MODE = Record(fields={"text": Text(max_length=2_000, label="Text"), "targets": TARGETS, "effects": INSTRUCTIONS},
              label="Mode", help="one option of a modal spell or ability (CR 700.2)")
MODAL_KEYS = {
    "modes": ListOf(item=MODE, min_items=1, max_items=20, label="Modes",
                    help="the options of a modal spell or ability (CR 700.2), chosen as it is cast or put on the stack"),
    "choose": Either(options=(Integer(low=1, high=20), ListOf(item=Integer(low=0, high=20), min_items=2, max_items=2)),
                     label="Choose", help="how many modes: a number, or [min, max] (Soul Manipulation: [1, 2])"),
    "repeat_modes": Boolean(label="Modes may repeat", help="the same mode may be chosen more than once (CR 700.2d)"),
}
"""The keys of a modal spell or triggered ability (CR 700.2)."""

_compositions = compositions
