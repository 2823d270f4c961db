"""Casting permissions and restrictions (CR 601.3): "cast this spell only during …" and "only if
…" (601.3, 113.6e), "you may cast spells as though they had flash" (601.3b, 702.8a) and "you may
cast this spell as though it had flash if you pay {2} more" (601.3c, 601.2f).

A permission or restriction is read from the card being cast (its own abilities function in the
zone it is cast from, CR 113.6e) and from the static abilities of the permanents on the
battlefield, whose ``affected`` FILTER says which spells they concern.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Optional

from .filters import STATIC_CONDITIONS, Context, matches
from .model import GameObject, GameState, ObjectId, PlayerId, Step
from .rules import K
from .vocabulary import VOCABULARY, Choice, ManaSymbols, Only, row

COMBAT_STEPS = frozenset({Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE,
                          Step.END_OF_COMBAT})
"""The steps of the combat phase (CR 506.1)."""


@dataclass(frozen=True)
class FlashGrant:
    """A permission to cast a spell as though it had flash (CR 601.3b, 601.3c)."""

    source: ObjectId
    """The object whose ability gives the permission (the card itself, or a permanent)."""
    mana: str
    """What it costs more (CR 601.3c, 601.2f), ``""`` for none."""

    @property
    def key(self) -> K:
        """The rule the permission applies: 601.3c with a cost, else 601.3b."""
        return K.FLASH_FOR_COST if self.mana else K.AS_THOUGH_FLASH


class Permissions:
    """Casting permissions and restrictions for :class:`~engine.mtg.game.Game`."""

    def spell_parts(self, state: GameState, player: PlayerId, obj: GameObject, do: str) -> Iterator[tuple[ObjectId, Mapping[str, Any]]]:
        """Yield ``(source, part)`` for each static part ``do`` that concerns ``obj`` cast by ``player``:
        the card's own static parts without ``affected`` (CR 113.6d-e: "this spell …"; a part with
        an ``affected`` FILTER works only from the battlefield, 113.6) whose ``if`` holds, and
        those of permanents whose ``affected`` FILTER matches the card ("you" is the permanent's
        controller; a permanent's part without ``affected`` concerns the permanent alone, never a
        spell)."""
        chars = self.chars(state, obj.id)
        sources = [(obj.id, player, chars)] + [(pid, self.chars(state, pid).controller, self.chars(state, pid))
                                              for pid in self.permanents(state)]
        for source, controller, source_chars in sources:
            for ability in source_chars.abilities:
                if ability.kind != "static":
                    continue
                cond = ability.spec.get("if")
                if cond is not None and self.condition(state, cond, source, controller, {}) is not True:
                    continue
                for part in ability.spec.get("effects", ()):
                    if part.get("do") != do:
                        continue
                    flt = part.get("affected", ability.spec.get("affected"))
                    if source == obj.id:
                        if flt is None:  # "this spell costs …" (113.6d-e); an affected FILTER is a permanent's
                            yield source, part
                    elif flt is not None and matches(flt, obj.id, chars, obj, Context(source, controller, None)):
                        yield source, part

    def flash_grant(self, state: GameState, player: PlayerId, obj: GameObject) -> Optional[FlashGrant]:
        """Return the permission to cast ``obj`` now as though it had flash, the cheapest first
        (one without a cost before one with, CR 601.3b-c), or ``None``: the card's own, or a
        permanent's whose controller casts it ("you may cast spells as though they had flash")."""
        mine = lambda source: source == obj.id or self.chars(state, source).controller == player  # noqa: E731
        grants = [FlashGrant(source, "") for source, _ in self.spell_parts(state, player, obj, "cast_as_though_flash")
                  if mine(source)]
        grants += [FlashGrant(source, part["mana"]) for source, part in self.spell_parts(state, player, obj, "flash_for_cost")
                   if mine(source)]
        return grants[0] if grants else None

    def restriction_broken(self, state: GameState, player: PlayerId, obj: GameObject) -> Optional[str]:
        """Return why a ``cast_restriction`` of the card forbids casting it now (``your_turn``,
        ``opponent_turn``, ``combat``, ``main_phase``, ``condition``), or ``None`` (CR 601.3, 113.6e)."""
        for ability in obj.printed.abilities:
            if ability.kind != "cast_restriction":
                continue
            during = ability.spec.get("during")
            if during is not None and not DURING[during](state, player):
                return during
            cond = ability.spec.get("if")
            if cond is not None and self.condition(state, cond, obj.id, player, {}) is not True:
                return "condition"
        return None


DURING = {
    "your_turn": lambda state, player: state.active == player,
    "opponent_turn": lambda state, player: state.active != player,
    "combat": lambda state, player: state.step in COMBAT_STEPS,
    "main_phase": lambda state, player: state.step.is_main,
}
"""When a ``cast_restriction``'s ``during`` allows the spell to be cast (CR 500.1, 506.1)."""


# ----------------------------------------------------------------------------- vocabulary

RESTRICTION_KEYS = {
    "during": Choice(values=tuple(DURING), what="time", label="Only during",
                     help="your_turn, opponent_turn (\"only during an opponent's turn\"), combat (the combat phase, "
                          "CR 506.1) or main_phase"),
    "if": Only(slot="condition", vocabulary=VOCABULARY, names=STATIC_CONDITIONS, label="Only if",
               where="in a casting restriction (\"cast this spell only if …\", CR 601.3)"),
}


def _check_restriction(value: Any, path: Any, v: Any) -> None:
    if "during" not in value and "if" not in value:
        v.error(path, "a cast_restriction says when (during) or on what condition (if) the spell may be cast")


VOCABULARY.define("ability", "cast_restriction", rule=(K.CAST_PROHIBITED, K.COMBAT_PHASE), keys=RESTRICTION_KEYS,
                  label="Casting restriction", messages=("mtg.illegal.cast_restriction",), check=_check_restriction,
                  doc="\"Cast this spell only during an opponent's turn\", \"only during combat\", \"only if …\": the "
                      "card can be cast only while `during` holds (your_turn, opponent_turn, combat — the five steps "
                      "of the combat phase, CR 506.1 —, main_phase) and its `if` CONDITION holds (\"you\" is the "
                      "caster). A cast at another time is an `illegal` step citing 601.3 (a rule or effect prohibits "
                      "it); the ability functions in the hand (113.6e). It does not give a permission: the card's "
                      "timing (117.1a) still applies.",
                  example={"kind": "cast_restriction", "during": "opponent_turn"}, row=row(RESTRICTION_KEYS))

VOCABULARY.define("effect", "cast_as_though_flash", rule=(K.AS_THOUGH_FLASH, K.FLASH), keys={},
                  label="May be cast as though it had flash", messages=("mtg.cast.as_though_flash",),
                  doc="A static ability's part: the spells it concerns may be cast any time their caster could cast "
                      "an instant (CR 601.3b, 702.8a). On a permanent (Leyline of Anticipation, Vedalken Orrery) it "
                      "concerns the cards its `affected` FILTER matches that the permanent's controller casts; on a "
                      "card without `affected`, the card itself (\"you may cast this spell as though it had flash\", "
                      "113.6e), as long as the ability's `if` holds (601.3d). The cast step cites 601.3b.",
                  example={"do": "cast_as_though_flash"}, row=row({}))
FLASH_COST_KEYS = {"mana": ManaSymbols(label="Costs more", help="what casting it as though it had flash costs more")}
VOCABULARY.define("effect", "flash_for_cost", rule=(K.FLASH_FOR_COST, K.COST_INCREASE), keys=FLASH_COST_KEYS,
                  required=("mana",), label="May be cast as though it had flash for a cost",
                  messages=("mtg.cast.as_though_flash", "mtg.cost.increase"),
                  doc="\"You may cast this spell as though it had flash if you pay {2} more to cast it\": like "
                      "`cast_as_though_flash`, but only with `mana` paid more (CR 601.3c). The cost is added to the "
                      "total cost (601.2f) only when the spell is cast at a time only this permission allows; at "
                      "sorcery timing, or with another permission, nothing is added.",
                  example={"do": "flash_for_cost", "mana": "{2}"}, row=row(FLASH_COST_KEYS))

__all__ = ["COMBAT_STEPS", "DURING", "FlashGrant", "Permissions"]
