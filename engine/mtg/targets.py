"""Targets (CR 115): what a target must be, chosen as a spell is cast or an ability is put on the
stack (601.2c, 603.3d) and checked again as it resolves (608.2b); shroud, hexproof and
protection (702.18a, 702.11b, 702.16b). Each key of a TARGET is an entry of the vocabulary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from ..core import IllegalAction
from .filters import Context, matches
from .model import GameState, PlayerId
from .protection import protection_against
from .rules import K
from .vocabulary import VOCABULARY, Choice, Const, Either


class Targeting:
    """Choosing and checking targets for :class:`~engine.mtg.game.Game`."""

    def verify_targets(self, state: GameState, specs: Any, targets: list[str], player: PlayerId, oid: str, name: str) -> None:
        """Each target must be legal as chosen (CR 601.2c)."""
        required = [s for s in specs if not s.get("optional")]
        if len(targets) < len(required) or len(targets) > len(specs):
            raise IllegalAction(self.cite(K.CAST_TARGETS), "mtg.illegal.target_count",
                                {"card": oid, "card_name": name, "needed": len(required), "given": len(targets)})
        for spec, target in zip(specs, targets):
            why = self.target_problem(state, spec, target, player, oid)
            if why is not None:
                rule = {"shroud": K.SHROUD_TARGET, "hexproof": K.HEXPROOF_TARGET, "protection": K.PROTECTION_TARGET}
                raise IllegalAction(self.cite(rule.get(why, K.CAST_TARGETS)), "mtg.illegal.target",
                                    {"card": oid, "card_name": name, "target": target,
                                     "target_name": self.name_of(state, target), "why": why})

    def target_legal(self, state: GameState, spec: Mapping[str, Any], target: str, player: PlayerId, source: str) -> bool:
        """Whether ``target`` meets ``spec`` now (CR 115, 608.2b)."""
        return self.target_problem(state, spec, target, player, source) is None

    def target_problem(self, state: GameState, spec: Mapping[str, Any], target: str, player: PlayerId,
                       source: str) -> Optional[str]:
        """Why ``target`` is not a legal target for ``spec`` now, or ``None`` (CR 115, 601.2c,
        608.2b): ``shroud`` (702.18a), ``hexproof`` (702.11b), ``protection`` (702.16b), or
        ``not_a_legal_target`` (the wrong zone, player or kind of object)."""
        if target in ("p1", "p2"):
            if not spec.get("player"):
                return "not_a_legal_target"
            legal = spec.get("player") is True or (spec["player"] == "opponent") == (target != player)
            return None if legal else "not_a_legal_target"
        obj = state.objects.get(target)
        if obj is None or (spec.get("player") and "filter" not in spec and "zone" not in spec):
            return "not_a_legal_target"
        zone = spec.get("zone", "battlefield")
        if obj.zone.value != zone:
            return "not_a_legal_target"
        chars = self.chars(state, target)
        if zone == "battlefield":
            if chars.has_keyword("shroud") or (chars.has_keyword("hexproof") and chars.controller != player):
                return "shroud" if chars.has_keyword("shroud") else "hexproof"
            # CR 702.16b: not by spells with the quality, nor abilities from a source with it.
            if protection_against(chars, self.chars(state, source) if source in state.objects else None,
                                  lambda oid, what: self.chosen_value(state, oid, what)):
                return "protection"
        ctx = Context(source, player, None)
        flt = spec.get("filter")
        if flt and not matches(flt, target, chars, obj, ctx):
            return "not_a_legal_target"
        if spec.get("other") and target == source:
            return "not_a_legal_target"
        return None


VOCABULARY.define("target", "filter", rule=K.TARGETS, value=VOCABULARY.use("filter"), label="It must be",
                  doc="What the target object must be (a FILTER, \"you\" being the spell's or ability's controller), "
                      "checked as it is chosen and on resolution (CR 115.1, 608.2b).",
                  example={"filter": {"types": ["creature"]}})
VOCABULARY.define("target", "zone", rule=K.TARGETS, value=Choice(values=("battlefield", "stack", "graveyard", "hand", "exile",
                                                                          "library"), what="zone"),
                  label="In the zone", doc="Where the target object is (default the battlefield): `stack` for a spell "
                      "to counter, `graveyard` for a card (CR 115.1).", example={"zone": "stack"})
VOCABULARY.define("target", "player", rule=K.TARGETS,
                  value=Either(options=(Const(value=True), Choice(values=("opponent",), what="player target"))),
                  label="A player", doc="The target may be a player: `true` any player, `opponent` an opponent of the "
                      "controller (CR 115.1); with a `filter` or `zone` also an object (\"any target\").",
                  example={"player": True})
VOCABULARY.define("target", "optional", rule=K.TARGETS, value=Const(value=True), label="Up to one",
                  doc="The target may be left out (\"up to one target\", CR 115.1, 601.2c).", example={"optional": True})
VOCABULARY.define("target", "other", rule=K.SELF_REFERENCE, value=Const(value=True), label="Another",
                  doc="The target can't be the object with the ability itself (\"another target\", CR 201.5).",
                  example={"other": True})
