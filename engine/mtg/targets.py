"""Targets (CR 115): what a target must be, chosen as a spell is cast or an ability is put on the
stack (601.2c, 603.3d) and checked again as it resolves (608.2b); shroud, hexproof and
protection (702.18a, 702.11b, 702.16b), on permanents and on players (702.11c: a player has
hexproof or shroud from a ``player_keyword`` effect). Each key of a TARGET is an entry of the
vocabulary; an activated or triggered ability on the stack (113.1c) is targeted by its stack id
(``s1``, ``s2`` … in the order items are put on the stack).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from ..core import IllegalAction
from .filters import Context, matches
from .model import PLAYERS, GameState, PlayerId, StackItem
from .players import is_player
from .protection import protection_against
from .rules import K
from .vocabulary import VOCABULARY, Choice, Const, Either, ListOf, row

PLAYER_KEYWORDS = ("hexproof", "shroud")
"""The keywords a player can have (CR 702.11c, 702.18a)."""
STACK_IDS = frozenset(f"s{n}" for n in range(1, 1000))
"""The ids a stack item may have (``s1`` … in the order items are put on the stack): the ``stack_item``
references of a scenario (a target of "counter target activated or triggered ability")."""


def stack_item(state: GameState, target: str) -> Optional[StackItem]:
    """Return the activated or triggered ability on the stack with the stack id ``target``, or ``None``
    (a spell is targeted as its card, an object in the stack zone; CR 113.1c, 112.1)."""
    if target in state.objects:
        return None
    return next((s for s in state.stack if s.id == target and s.kind != "spell"), None)


def players_meant(who: str, controller: PlayerId) -> tuple[PlayerId, ...]:
    """The players ``you``, ``opponent`` (every other player, CR 102.2, 102.3) or ``each`` means
    for an effect controlled by ``controller``."""
    if who == "you":
        return (controller,)
    return tuple(p for p in PLAYERS if p != controller) if who == "opponent" else PLAYERS


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
                rule = {"shroud": K.SHROUD_TARGET, "hexproof": K.HEXPROOF_PLAYER if is_player(target) else K.HEXPROOF_TARGET,
                        "protection": K.PROTECTION_TARGET, "not_an_ability": K.COUNTER_ABILITY}
                ability = stack_item(state, target)
                raise IllegalAction(self.cite(rule.get(why, K.CAST_TARGETS)), "mtg.illegal.target",
                                    {"card": oid, "card_name": name, "target": target,
                                     "target_name": f"{ability.name} ({ability.id})" if ability else self.name_of(state, target),
                                     "why": why})

    def player_keywords(self, state: GameState, player: PlayerId) -> frozenset[str]:
        """Return the keywords ``player`` has now (``hexproof``, ``shroud``; CR 702.11c, 702.18a):
        from ``player_keyword`` effects in force (created or document effects whose ``if`` holds)
        and parts of static abilities of permanents (611.3a), ``you`` being the effect's controller."""
        out: set[str] = set()
        for e in state.effects:
            if e.do == "player_keyword" and player in players_meant(e.params.get("who", "you"), e.controller) \
                    and self.effect_holds(state, e):
                out.add(e.params["keyword"])
        layers = self.layers(state)
        for pid in self.permanents(state):
            chars = layers.chars[pid]
            for ability in chars.abilities:
                parts = [p for p in ability.spec.get("effects", ()) if p.get("do") == "player_keyword"] \
                    if ability.kind == "static" else ()
                if parts and self.static_holds(state, pid, ability):
                    out.update(p["keyword"] for p in parts if player in players_meant(p.get("who", "you"), chars.controller))
        return frozenset(out)

    def target_legal(self, state: GameState, spec: Mapping[str, Any], target: str, player: PlayerId, source: str) -> bool:
        """Whether ``target`` meets ``spec`` now (CR 115, 608.2b)."""
        return self.target_problem(state, spec, target, player, source) is None

    def target_problem(self, state: GameState, spec: Mapping[str, Any], target: str, player: PlayerId,
                       source: str) -> Optional[str]:
        """Why ``target`` is not a legal target for ``spec`` now, or ``None`` (CR 115, 601.2c,
        608.2b): ``shroud`` (702.18a), ``hexproof`` (702.11b), ``protection`` (702.16b), or
        ``not_a_legal_target`` (the wrong zone, player or kind of object; a player who has left the
        game, 800.4a). ``"player": "opponent"`` is any opponent ("target opponent", 102.3)."""
        if is_player(target):
            if not spec.get("player") or target not in {p.id for p in state.players if not p.lost}:
                return "not_a_legal_target"
            legal = spec.get("player") is True or (spec["player"] == "opponent") == (target != player)
            if not legal:
                return "not_a_legal_target"
            keywords = self.player_keywords(state, target)
            if "shroud" in keywords:
                return "shroud"
            return "hexproof" if "hexproof" in keywords and target != player else None
        ability = stack_item(state, target)
        if ability is not None or (target in STACK_IDS and target not in state.objects):
            # CR 113.9: only what specifically targets abilities can; 113.1c: the ability is an object on the stack.
            if "ability" not in spec:
                return "not_an_ability" if ability is not None else "not_a_legal_target"
            return None if ability is not None and ability.kind in spec["ability"] else "not_a_legal_target"
        if "ability" in spec and not ({"filter", "zone", "player"} & set(spec)):
            return "not_a_legal_target"
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
VOCABULARY.define("target", "ability", rule=(K.ABILITY_ON_STACK, K.COUNTER_ABILITY),
                  value=ListOf(item=Choice(values=("activated", "triggered"), what="kind of ability"), min_items=1,
                               max_items=2, unique=True),
                  label="An ability on the stack",
                  doc="The target may be an activated or triggered ability on the stack of these kinds (CR 113.1c), "
                      "named by its stack id (`s1`, `s2` … in the order items are put on the stack; the `chain` items "
                      "first): \"counter target activated or triggered ability\". Only a target that says so can be "
                      "an ability (113.9); a mana ability never is on the stack (605.3b). With `zone` `stack` (\"target "
                      "spell, activated ability, or triggered ability\") a spell too. On resolution the ability must "
                      "still be on the stack (608.2b); it exists independently of its source (113.7a).",
                  messages=("mtg.illegal.target",), example={"ability": ["activated", "triggered"]})

PLAYER_KEYWORD_KEYS = {
    "keyword": Choice(values=PLAYER_KEYWORDS, what="player keyword", label="Keyword",
                      help="hexproof (CR 702.11c) or shroud (702.18a)"),
    "who": Choice(values=("you", "opponent", "each"), what="player", label="Who has it",
                     help="who has it: you (the effect's controller, default), an opponent, or each player"),
}
VOCABULARY.define("effect", "player_keyword", rule=(K.HEXPROOF_PLAYER, K.SHROUD_TARGET), keys=PLAYER_KEYWORD_KEYS,
                  required=("keyword",), label="A player has hexproof or shroud",
                  doc="The player has hexproof (\"you have hexproof\": they can't be the target of spells or abilities "
                      "their opponents control, CR 702.11c) or shroud (\"you have shroud\": they can't be the target of "
                      "spells or abilities, 702.18a), while the effect lasts: a target that breaks it is an `illegal` step "
                      "as it is chosen and an illegal target on resolution (608.2b). It applies to no objects: it has no "
                      "`affected`.",
                  messages=("mtg.illegal.target",), example={"do": "player_keyword", "keyword": "hexproof"},
                  row=row(PLAYER_KEYWORD_KEYS))
