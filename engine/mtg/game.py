"""The game loop: priority, casting and activating, the stack, triggers, state-based actions,
combat and resolution (CR 117, 601-608, 603, 704, 506-511).

:class:`Game` holds the ruleset and the trace recorder; every method takes a
:class:`~engine.mtg.model.GameState` and returns a new one, recording one step per change.
Each player action is a ``verify_*`` (raises :class:`IllegalAction` with the rule broken) /
``can_*`` / ``do_*`` trio.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Optional

from ..core import IllegalAction, TraceRecorder
from .layers import LayerResult, colors_of_cost, compute, evaluate_condition, mana_symbols, mana_value, matches, same_name, Context
from .model import (
    Chars, Delayed, Effect, GameObject, GameState, ObjectId, PendingTrigger, PlayerId, StackItem, Step, Zone,
    freeze, opponent, thaw,
)
from .rules import K, citation

MAX_SBA_ROUNDS = 200
STEP_ORDER = list(Step)
KEYWORD_TRIGGER_NAMES = {"exalted": "exalted", "cascade": "cascade"}
@dataclass(frozen=True, slots=True)
class Replacement:
    """A replacement effect that may modify an event (CR 614.1), from a permanent's
    ``replacement`` ability or from a ``replacement`` effect (docs/scenario-format.md §8.3)."""

    id: str
    """``<object>.<ability index>`` or the effect's id; what ``options.choices`` orders."""
    source: Optional[ObjectId]
    controller: PlayerId
    """Whom ``you`` means."""
    spec: Mapping[str, Any]
    """``event``, ``affected``/``to``/``from``/``player``/``owner``/``combat``, ``instead`` or ``skip``."""
    name: str
    """What the trace calls it (its text, or the effect id)."""
    timestamp: int
    affected_ids: Optional[tuple[ObjectId, ...]] = None
    """Objects it is limited to (``object``/``target`` of the instruction that created it)."""
    affected_filter: Optional[Mapping[str, Any]] = None


MAX_CLEANUPS = 20
"""At most this many cleanup steps in one turn (CR 514.3a repeats them while things happen)."""

MAX_BRANCHES = 24
"""At most this many branches for an open choice (as the Yu-Gi-Oh! engine's ``choice`` steps)."""


class OpenChoice(Exception):
    """A decision the scenario leaves open (the legend rule's keeper, a trigger's targets, the
    order of replacement effects, a damage assignment order, modes, a payment, a division).

    The ruleset catches it and resolves the document once per option with
    ``options.choices[key]`` set (docs/scenario-format.md §8.6): ``branches: [{choice, trace, result}]``.
    """

    def __init__(self, state: GameState, key: str, options: list[Any], message_id: str, rule: K,
                 params: Mapping[str, Any]) -> None:
        super().__init__(key)
        self.state = state
        """The state just before the choice."""
        self.key = key
        """Where the choice goes in ``options.choices`` (``legend:p1:Name``, ``targets:src:0`` …)."""
        self.options = options
        """Each possible choice, as JSON (an id, a list of ids, a bool or a list of numbers)."""
        self.message_id = message_id
        self.rule = rule
        self.params = dict(params)


class Game:
    """Runs one scenario under one ruleset, recording the trace."""

    def __init__(self, ruleset: Any, recorder: TraceRecorder, choices: Optional[Mapping[str, Any]] = None) -> None:
        self.ruleset = ruleset
        self.name = ruleset.name
        self.recorder = recorder
        self.complete = True
        self._layers: tuple[Optional[GameState], Optional[LayerResult]] = (None, None)
        self._trigger_order: dict[str, list[str]] = {}
        self._order_occasions: dict[str, int] = {}
        self._sba_noted: set[tuple[str, str]] = set()
        """State-based actions already reported as not evaluated (object, reason)."""
        """How many times each player has put two or more triggers on the stack at once (``order:<player>:<n>``)."""
        self._choices: dict[str, Any] = dict(choices or {})
        """``options.choices`` of the document: choice key → the choice made (§8.6)."""
        self._cascade_choices: dict[str, list[Any]] = {}
        self._leaving: dict[str, Chars] = {}
        self._cleanup_priority = 0
        """How many cleanup steps of this turn gave priority (CR 514.3a): each is followed by another."""
        self._effect_part: Optional[tuple[str, Any, Any, str]] = None
        """The last locked-in part created by a filter: ``(item, filter, affected, group)`` (CR 613.6)."""
        self._turn_log: dict[str, Any] = {"life_lost": {"p1": 0, "p2": 0}, "creature_casts": {"p1": 0, "p2": 0},
                                          "casts_known": {"p1": True, "p2": True}, "damaged_by": {}}
        """What happened this turn that later text asks about: life lost per player (Tainted Sigil),
        creature spells cast per player (Predatory Advantage), the sources that dealt damage to each
        object (Unscythe). Seeded by :meth:`seed_turn_log`, reset as a turn begins (500.1)."""
        self._this_way: list[str] = []
        """The objects the previous instruction of the resolving item moved ("this way", "if you do")."""
        self._this_way_lki: dict[str, Chars] = {}
        """Their characteristics just before they moved (last known information, CR 608.2h)."""

    def seed_turn_log(self, players: Any) -> None:
        """Earlier this turn, from the document's ``players[]`` (docs/scenario-format.md §8.1):
        ``life_lost`` (default 0) and ``creature_spells_cast``. Without ``creature_spells_cast`` a
        player whose ``spells_cast`` is above 0 cast spells of unknown types: a condition about
        their creature spells is then a ``cannot_evaluate`` step."""
        for raw in players or ():
            pid = raw.get("id")
            if pid not in ("p1", "p2"):
                continue
            self._turn_log["life_lost"][pid] = int(raw.get("life_lost", 0))
            if "creature_spells_cast" in raw:
                self._turn_log["creature_casts"][pid] = int(raw["creature_spells_cast"])
            elif raw.get("spells_cast"):
                self._turn_log["casts_known"][pid] = False

    # ------------------------------------------------------------------ helpers

    def cite(self, key: K):
        return citation(self.name, key)

    def record(self, step_kind: str, message_id: str, key: K, **params: Any) -> None:
        """Record one trace step citing ``key`` in this ruleset's edition."""
        extra = params.pop("_extra", {})
        self.recorder.record(step_kind, message_id, self.cite(key), params, **extra)

    def choose(self, state: GameState, key: str, options: list[Any], message_id: str, rule: K,
               **params: Any) -> Any:
        """Return the choice ``options.choices[key]`` gives, the only option, or raise :class:`OpenChoice`.

        A given choice that is not among ``options`` is ignored (the choice stays open). A list
        given for a choice among lists (an order) may be any order of the same items.
        Errors: :class:`OpenChoice` when two or more options remain and none is given.
        """
        given = self._choices.get(key)
        if given is not None:
            for option in options:
                if option == given or (isinstance(option, list) and isinstance(given, list)
                                       and sorted(map(str, option)) == sorted(map(str, given))):
                    self.record("choice", "mtg.choice.made", rule, choice=key, chosen=given, **params)
                    return given
        if len(options) == 1:
            return options[0]
        raise OpenChoice(state, key, options, message_id, rule, params)

    def layers(self, state: GameState) -> LayerResult:
        cached_state, cached = self._layers
        if cached_state is state and cached is not None:
            return cached
        result = compute(state, record_walk=False)
        self._layers = (state, result)
        return result

    def chars(self, state: GameState, oid: ObjectId) -> Chars:
        obj = state.objects[oid]
        if obj.zone is Zone.BATTLEFIELD:
            return self.layers(state).chars[oid]
        printed = obj.printed
        granted = self._spell_grants(state, obj)
        return replace(printed, controller=obj.controller, abilities=printed.abilities + granted)

    def _spell_grants(self, state: GameState, obj: GameObject) -> tuple:
        """Abilities granted to spells by effects such as Maelstrom Nexus's (CR 611.3)."""
        if obj.zone is not Zone.STACK:
            return ()
        out = []
        for e in state.effects:
            if e.do == "grant_spell" and e.affected_ids and obj.id in e.affected_ids:
                from .model import Ability
                out += [Ability((e.id, i), s.get("kind", "keyword"), s) for i, s in enumerate(e.params.get("abilities", ()))]
        return tuple(out)

    def name_of(self, state: GameState, oid: Optional[str]) -> str:
        if oid is None:
            return ""
        if oid in ("p1", "p2"):
            return oid
        obj = state.objects.get(oid)
        if obj is None:
            return state.lki[oid].name if oid in state.lki else oid
        return obj.printed.name or "face-down"

    def permanents(self, state: GameState) -> list[ObjectId]:
        return [o for o in state.order if state.objects[o].zone is Zone.BATTLEFIELD]

    def has_rule_effect(self, state: GameState, do: str, oid: ObjectId) -> bool:
        """Whether a rules-modifying effect (not locked in, CR 611.2c) applies to ``oid`` now."""
        layers = self.layers(state)
        for e in state.effects:
            if e.do != do:
                continue
            if e.affected_ids is not None:
                if oid in e.affected_ids:
                    return True
                continue
            chars = layers.chars.get(oid)
            if chars and matches(e.affected_filter, oid, chars, state.objects[oid], Context(e.source, e.controller, None)):
                return True
        for pid in self.permanents(state):
            for ability in layers.chars[pid].abilities:
                if ability.kind == "static" and self._static_holds(state, pid, ability):
                    for part in ability.spec.get("effects", ()):
                        if part.get("do") == do and oid in layers.chars:
                            ctx = Context(pid, layers.chars[pid].controller, state.objects[pid].attached_to)
                            spec = part.get("affected", ability.spec.get("affected", {"self": True}))
                            if matches(spec, oid, layers.chars[oid], state.objects[oid], ctx):
                                return True
        return False

    def _static_holds(self, state: GameState, pid: ObjectId, ability: Any) -> bool:
        """Whether a static ability's ``if`` ("as long as …") holds now, so its rules effects apply (CR 611.3a)."""
        cond = ability.spec.get("if")
        return cond is None or self.condition(state, cond, pid, self.chars(state, pid).controller, {}) is True

    # ------------------------------------------------------------------ the loop

    def run(self, state: GameState, actions: list[Mapping[str, Any]]) -> GameState:
        """Give priority, perform each action, then let all players pass until the stack is empty."""
        state = self.settle(state, announce=True)
        for index, action in enumerate(actions):
            if state.winner:
                break
            self._trigger_order = {p: list(v) for p, v in (action.get("trigger_order") or {}).items()}
            self._next_action = actions[index + 1] if index + 1 < len(actions) else None
            state = self.perform(state, action)
        guard = 0
        while state.stack and not state.winner and guard < 500:
            guard += 1
            state = self.pass_all(state)
        if not state.winner:
            self.record("end", "mtg.end.stack_empty", K.ALL_PASS, step=state.step.value, active=state.active)
        return state

    def perform(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        kind = action["type"]
        try:
            if kind == "cast":
                return self.do_cast(state, action)
            if kind == "activate":
                return self.do_activate(state, action)
            if kind == "play_land":
                return self.do_play_land(state, action)
            if kind == "pass":
                return self.do_pass(state, action["player"])
            if kind == "resolve":
                return self.pass_all(state)
            if kind == "declare_attackers":
                return self.do_declare_attackers(state, action)
            if kind == "declare_blockers":
                return self.do_declare_blockers(state, action)
            if kind == "next_step":
                while state.stack and not state.winner:
                    state = self.pass_all(state)
                return self.advance_to(state, Step(action["step"]), next_turn=True)
        except IllegalAction as illegal:
            self.recorder.record("illegal", illegal.message_id, illegal.citation, illegal.params)
        return state

    def pass_all(self, state: GameState) -> GameState:
        """Both players pass in succession (CR 117.4): the top item resolves, or the step ends."""
        first = state.priority
        state = self.do_pass(state, first)
        if state.passes >= 1 and not state.winner and state.priority != first:
            state = self.do_pass(state, state.priority)
        return state

    # ------------------------------------------------------------------ priority

    def verify_priority(self, state: GameState, player: PlayerId) -> None:
        """Raise unless ``player`` has priority (CR 117.1)."""
        if state.priority != player:
            raise IllegalAction(self.cite(K.TIMING_INSTANT), "mtg.illegal.no_priority",
                                {"player": player, "priority": state.priority})

    def can_pass(self, state: GameState, player: PlayerId) -> bool:
        return state.priority == player and not state.winner

    def do_pass(self, state: GameState, player: PlayerId) -> GameState:
        """Pass priority (CR 117.3d); after both pass in succession resolve or end the step (117.4)."""
        self.verify_priority(state, player)
        self.record("priority", "mtg.priority.pass", K.PRIORITY_PASS, player=player)
        passes = state.passes + 1
        if passes < 2:
            return replace(state, priority=opponent(player), passes=passes)
        state = replace(state, passes=0)
        if state.stack:
            return self.resolve_top(state)
        following = STEP_ORDER.index(state.step) + 1
        if following >= len(STEP_ORDER):
            return self._after_cleanup(state)
        return self.advance_to(state, STEP_ORDER[following])

    def _after_cleanup(self, state: GameState) -> GameState:
        """After a cleanup step in which players got priority comes another cleanup step (CR
        514.3a); otherwise the next turn begins (500.1)."""
        if self._cleanup_priority and self._cleanup_priority <= MAX_CLEANUPS:
            return self._begin_step(state, Step.CLEANUP)
        return self.begin_turn(state)

    def settle(self, state: GameState, announce: bool = True, player: Optional[PlayerId] = None,
               why: K = K.PRIORITY_AP_FIRST) -> GameState:
        """Before a player gets priority: SBAs until none, then triggers, repeated (CR 117.5, 704.3, 603.3).
        The priority step cites why that player receives it: ``why`` (CR 117.3a, 117.3b or 117.3c)."""
        for _ in range(MAX_SBA_ROUNDS):
            state = self.check_sbas(state)
            if state.winner:
                return state
            if not state.pending:
                break
            state = self.put_triggers(state)
        if announce and not state.winner:
            who = player or state.priority
            state = replace(state, priority=who)
            self.record("priority", "mtg.priority.gets", why, player=who,
                        stack=len(state.stack), step=state.step.value,
                        _extra={"may": self.options(state, who)})
        return state

    def options(self, state: GameState, player: PlayerId) -> list[dict[str, Any]]:
        """What ``player`` may cast or activate now, and why (CR 117.1a, 702.61a)."""
        out = []
        split = self._split_second(state)
        for oid in state.order:
            obj = state.objects[oid]
            if obj.owner == player and obj.zone is Zone.HAND and "land" not in obj.printed.types:
                ok, why, key = self._timing(state, player, obj)
                if split and ok:
                    ok, why, key = False, "split_second", K.SPLIT_SECOND
                out.append({"action": "cast", "card": oid, "name": obj.printed.name, "allowed": ok, "why": why,
                            "rule": self.cite(key).number})
            elif obj.zone is Zone.BATTLEFIELD and self.chars(state, oid).controller == player:
                for i, ability in enumerate(self.activatable(state, oid)):
                    if ability.kind != "activated":
                        continue
                    mana = bool(ability.spec.get("mana_ability"))
                    if mana:
                        why, key, ok = "mana_ability", K.SPLIT_SECOND_MANA if split else K.MANA_ABILITY, True
                    elif split:
                        why, key, ok = "split_second", K.SPLIT_SECOND, False
                    elif ability.spec.get("timing") == "sorcery" and not self._sorcery_ok(state, player):
                        why, key, ok = "sorcery_timing", K.ACTIVATE_AS_SORCERY, False
                    else:
                        why, key, ok = "instant_timing", K.ACTIVATE, True
                    out.append({"action": "activate", "card": oid, "ability": i, "allowed": ok, "why": why,
                                "rule": self.cite(key).number})
        return out

    def activatable(self, state: GameState, oid: ObjectId) -> tuple:
        """A permanent's abilities as the layers leave them, then, for a land with basic land types,
        the intrinsic "{T}: Add [mana]" ability of each (CR 305.6; action ``ability`` indexes this list)."""
        from .layers import BASIC_LAND_MANA
        from .model import Ability
        chars = self.chars(state, oid)
        out = list(chars.abilities)
        if "land" in chars.types:
            for subtype in sorted(t for t in chars.subtypes if t in BASIC_LAND_MANA):
                out.append(Ability((oid, f"305.6-{subtype}"), "activated", freeze({
                    "mana_ability": True, "intrinsic": True, "cost": {"tap": True},
                    "effects": [{"do": "add_mana", "mana": "{%s}" % BASIC_LAND_MANA[subtype]}],
                    "text": "{T}: Add {%s}." % BASIC_LAND_MANA[subtype]})))
        return tuple(out)

    def _split_second(self, state: GameState) -> bool:
        return any(item.kind == "spell" and item.source in state.objects and
                   self.chars(state, item.source).has_keyword("split_second") for item in state.stack)

    def _sorcery_ok(self, state: GameState, player: PlayerId) -> bool:
        return state.active == player and state.step.is_main and not state.stack

    def _timing(self, state: GameState, player: PlayerId, obj: GameObject) -> tuple[bool, str, K]:
        chars = self.chars(state, obj.id)
        if "instant" in chars.types:
            return True, "instant", K.TIMING_INSTANT
        if chars.has_keyword("flash"):
            return True, "flash", K.FLASH
        if self._sorcery_ok(state, player):
            return True, "sorcery_timing", K.TIMING_SORCERY
        return False, "sorcery_timing", K.TIMING_SORCERY

    # ------------------------------------------------------------------ casting

    def verify_cast(self, state: GameState, action: Mapping[str, Any]) -> None:
        """Raise the rule a cast breaks: priority, zone, timing, split second, "can't", targets, cost."""
        player, oid = action["player"], action["card"]
        obj = state.objects[oid]
        name = obj.printed.name
        self.verify_priority(state, player)
        if obj.zone is not Zone.HAND or obj.owner != player:
            raise IllegalAction(self.cite(K.CAST_PERMISSION), "mtg.illegal.not_in_hand", {"card": oid, "card_name": name})
        if self._split_second(state):
            raise IllegalAction(self.cite(K.SPLIT_SECOND), "mtg.illegal.split_second", {"card": oid, "card_name": name})
        ok, why, key = self._timing(state, player, obj)
        if not ok:
            raise IllegalAction(self.cite(key), "mtg.illegal.timing", {"card": oid, "card_name": name, "why": why})
        if self._cant_cast(state, player, obj.printed.name):
            raise IllegalAction(self.cite(K.CAN_T_BEATS_CAN), "mtg.illegal.cant_cast", {"card": oid, "card_name": name})
        spell = action.get("_spell") or self._spell_ability(obj)
        if "modes" not in spell:
            self.verify_targets(state, spell.get("targets", ()), action.get("targets", []), player, oid, name)
        x = action.get("x", 0)
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            raise IllegalAction(self.cite(K.X_ANNOUNCED), "mtg.illegal.x", {"card": oid, "card_name": name, "x": str(x)})
        cost = self._cost_of(obj, action)
        self.verify_mana(state, player, cost, name, oid)

    def can_cast(self, state: GameState, action: Mapping[str, Any]) -> bool:
        try:
            self.verify_cast(state, action)
        except IllegalAction:
            return False
        return True

    def _cant_be_countered(self, state: GameState, spell: str, chars: Any) -> bool:
        """Whether the spell ``spell`` can't be countered (CR 101.2: "can't" beats "can"): by its own
        ability, or by a static ability of a permanent whose ``cant_be_countered`` effect's
        ``affected`` filter matches the spell (Spellbreaker Behemoth: creature spells you control
        with power 5 or greater), "you" being that permanent's controller."""
        if any(a.spec.get("cant_be_countered") for a in chars.abilities):
            return True
        obj = state.objects[spell]
        for pid in self.permanents(state):
            source = self.chars(state, pid)
            for ability in source.abilities:
                if ability.kind != "static" or not self._static_holds(state, pid, ability):
                    continue
                if any(part.get("do") == "cant_be_countered" for part in ability.spec.get("effects", ())) and \
                        matches(ability.spec.get("affected") or {}, spell, chars, obj, Context(pid, source.controller, None)):
                    return True
        return False

    def _cant_cast(self, state: GameState, player: PlayerId, name: str) -> bool:
        for pid in self.permanents(state):
            for ability in self.chars(state, pid).abilities:
                for part in ability.spec.get("effects", ()) if ability.kind == "static" and self._static_holds(state, pid, ability) else ():
                    if part.get("do") == "cant_cast" and same_name(self._named(state, pid, part.get("name")), name):
                        return True
        return any(e.do == "cant_cast" and same_name(e.params.get("name"), name) for e in state.effects)

    @staticmethod
    def _named(state: GameState, oid: str, name: Any) -> Any:
        """A name in a static ability: a string, or ``{"chosen": true}``: the name chosen as ``oid``
        entered (Meddling Mage, CR 614.12a; kept as a ``chosen_name`` effect while it stays)."""
        if isinstance(name, Mapping) and name.get("chosen"):
            return next((e.params.get("name") for e in state.effects if e.do == "chosen_name" and e.source == oid), None)
        return name

    def _spell_ability(self, obj: GameObject) -> Mapping[str, Any]:
        for ability in obj.printed.abilities:
            if ability.kind == "spell":
                return ability.spec
        return MappingProxyType({})

    def _cost_of(self, obj: GameObject, action: Mapping[str, Any]) -> str:
        if "alternative_cost" in action:
            alts = [a for a in obj.printed.abilities if a.kind == "alternative_cost"]
            index = action["alternative_cost"]
            return alts[index].spec.get("mana", "") if index < len(alts) else obj.printed.mana_cost
        cost = obj.printed.mana_cost.replace("{X}", "{%d}" % action.get("x", 0)) if action.get("x") else obj.printed.mana_cost.replace("{X}", "")
        return cost + action.get("additional_mana", "")

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
            source_colors = self.chars(state, source).colors if source in state.objects else frozenset()
            for ability in chars.abilities:
                if ability.keyword == "protection" and ability.spec.get("from") in source_colors:
                    return "protection"
        ctx = Context(source, player, None)
        flt = spec.get("filter")
        if flt and not matches(flt, target, chars, obj, ctx):
            return "not_a_legal_target"
        if spec.get("other") and target == source:
            return "not_a_legal_target"
        return None

    def verify_mana(self, state: GameState, player: PlayerId, cost: str, name: str, oid: str) -> None:
        """The total cost must be payable from the mana pool, when mana is tracked (CR 601.2g-h)."""
        pool = state.player(player).mana_pool
        if pool is None:
            return
        if _pay(pool, cost) is None:
            raise IllegalAction(self.cite(K.CAST_PAY), "mtg.illegal.cost", {"card": oid, "card_name": name,
                                                                           "cost": cost, "pool": pool})

    def do_cast(self, state: GameState, action: Mapping[str, Any], free: bool = False,
                from_zone_ok: bool = False) -> GameState:
        """Cast a spell (CR 601.2): to the stack, targets, cost paid, then it becomes cast (601.2i)."""
        player, oid = action["player"], action["card"]
        if not free:
            self.verify_cast(state, action)
        obj = state.objects[oid]
        x = 0 if free else action.get("x", 0)
        spell, action, modes, division = self._announce(state, obj, action, x)
        ts, state = state.stamp()
        state = state.with_object(replace(obj, zone=Zone.STACK, controller=player, timestamp=ts, x=x))
        item_id = f"s{state.next_stack_id}"
        item = StackItem(item_id, "spell", player, oid, obj.printed.name, tuple(spell.get("effects", ())),
                         tuple(action.get("targets", ())), tuple(spell.get("targets", ())),
                         choices=freeze({"cascade": action.get("cascade", []), "x": x,
                                         "new_targets": action.get("new_targets", []),
                                         **({"modes": modes} if modes is not None else {}),
                                         **({"divide": division} if division is not None else {})}))
        state = replace(state, stack=state.stack + (item,), next_stack_id=state.next_stack_id + 1)
        self.record("cast", "mtg.cast", K.CAST_TO_STACK, player=player, card=oid, card_name=obj.printed.name,
                    item=item_id, targets=list(action.get("targets", ())), mana_value=mana_value(obj.printed.mana_cost, x),
                    value_name=self.ruleset.value_name,
                    free=free)
        self._record_announcements(obj, spell, modes, division, x, free)
        if not free:
            cost = self._cost_of(obj, action)
            if "alternative_cost" in action:
                self.record("cast", "mtg.cast.alternative_cost", K.ALTERNATIVE_COST, card=oid, card_name=obj.printed.name, cost=cost)
            if any("/" in s for s in mana_symbols(cost)):
                self.record("cast", "mtg.cast.hybrid", K.HYBRID, card=oid, card_name=obj.printed.name, cost=cost)
            state = self._pay(state, player, cost, oid, obj.printed.name)
            for extra in action.get("additional_costs", ()):
                state = self._pay_other(state, player, extra, oid)
        else:
            self.record("cast", "mtg.cast.free", K.X_ZERO_WITHOUT_PAYING, card=oid, card_name=obj.printed.name)
        state = state.with_player(replace(state.player(player), spells_cast=state.player(player).spells_cast + 1))
        if "creature" in obj.printed.types:
            self._turn_log["creature_casts"][player] += 1
        self.record("cast", "mtg.cast.complete", K.CAST_BECOMES_CAST, player=player, card=oid, card_name=obj.printed.name)
        state = self.emit(state, {"event": "cast", "object": oid, "player": player})
        state = self._targets_event(state, item)
        if not free:
            state = replace(state, passes=0)
            state = self.settle(state, player=player, why=K.PRIORITY_AFTER_ACTION)
            self.recorder.steps and None
        return state

    # ------------------------------------------------------------------ modes, division, X (700.2, 601.2d, 107.3)

    def _announce(self, state: GameState, obj: GameObject, action: Mapping[str, Any],
                  x: int) -> tuple[Mapping[str, Any], dict[str, Any], Optional[list[int]], Optional[list[int]]]:
        """The announcements of casting (CR 601.2b-601.2d): modes (700.2a), the targets of the
        chosen modes only (700.2c), the division of damage among the targets (601.2d).

        Returns ``(spell spec with the chosen modes' targets and instructions, the action with
        its targets, modes or None, division or None)``.
        Errors: :class:`IllegalAction` (an illegal mode set, targets or division);
        :class:`OpenChoice` when the modes or the division are left open.
        """
        player, oid, name = action["player"], obj.id, obj.printed.name
        spell = self._spell_ability(obj)
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
            candidates += list(("p1", "p2")) if spec.get("player") else []
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
        options = [list(c) for c in itertools.islice(_compositions(total, targets), MAX_BRANCHES * 10)]
        if not options:
            raise IllegalAction(self.cite(K.DIVIDE), "mtg.illegal.division",
                                {"card": oid, "card_name": name, "division": [], "why": "each_target_at_least_one"})
        return list(self.choose(state, f"divide:{oid}", options, "mtg.choice.divide", K.DIVIDE, player=player,
                                card=oid, card_name=name, amount=total))

    def _record_announcements(self, obj: GameObject, spell: Mapping[str, Any], modes: Optional[list[int]],
                              division: Optional[list[int]], x: int, free: bool) -> None:
        """Trace the modes (700.2a, 700.2d), the targets of unchosen modes (700.2c), the value of
        X (107.3a) and the division (601.2d) announced while casting."""
        oid, name = obj.id, obj.printed.name
        if modes is not None:
            printed = self._spell_ability(obj).get("modes", ())
            texts = [str(printed[i].get("text", i)) for i in modes]
            key = K.MODES_REPEAT if len(set(modes)) < len(modes) else K.MODES
            self.record("cast", "mtg.cast.modes", key, card=oid, card_name=name, modes=list(modes), texts=texts)
            skipped = [i for i, mode in enumerate(printed) if i not in modes and mode.get("targets")]
            if skipped:
                self.record("cast", "mtg.cast.mode_targets", K.MODES_TARGETS, card=oid, card_name=name, modes=skipped)
        if "{X}" in obj.printed.mana_cost and not free:
            self.record("cast", "mtg.cast.x", K.X_ANNOUNCED, card=oid, card_name=name, x=x)
        if division is not None:
            self.record("cast", "mtg.cast.divide", K.DIVIDE, card=oid, card_name=name, division=list(division))

    def _pay(self, state: GameState, player: PlayerId, cost: str, oid: str, name: str) -> GameState:
        pool = state.player(player).mana_pool
        if pool is None:
            self.record("cast", "mtg.cost.paid", K.CAST_PAY, player=player, card=oid, card_name=name, cost=cost or "{0}")
            return state
        left = _pay(pool, cost) or ""
        self.record("cast", "mtg.cost.paid", K.CAST_PAY, player=player, card=oid, card_name=name, cost=cost or "{0}")
        return state.with_player(replace(state.player(player), mana_pool=left))

    def _pay_other(self, state: GameState, player: PlayerId, cost: Mapping[str, Any], oid: str) -> GameState:
        if cost.get("do") == "sacrifice":
            return self.move(state, cost["object"], Zone.GRAVEYARD, "sacrifice", K.SACRIFICE)
        if cost.get("do") == "return_to_hand":
            return self.move(state, cost["object"], Zone.HAND, "cost", K.CAST_PAY)
        if cost.get("do") == "discard":
            return self.move(state, cost["object"], Zone.GRAVEYARD, "discard", K.DISCARD)
        return state

    def _targets_event(self, state: GameState, item: StackItem) -> GameState:
        for target in item.targets:
            if target in state.objects and state.objects[target].zone is Zone.BATTLEFIELD:
                state = self.emit(state, {"event": "becomes_target", "object": target, "by": item.id})
        return state

    # ------------------------------------------------------------------ lands, abilities

    def verify_play_land(self, state: GameState, action: Mapping[str, Any]) -> None:
        """A land: main phase, own turn, empty stack, one per turn (CR 305.1, 116.2a)."""
        player, oid = action["player"], action["card"]
        self.verify_priority(state, player)
        obj = state.objects[oid]
        if not self._sorcery_ok(state, player) or state.player(player).lands_played >= 1 or obj.zone is not Zone.HAND:
            raise IllegalAction(self.cite(K.LAND_TIMING), "mtg.illegal.land", {"card": oid, "card_name": obj.printed.name})

    def do_play_land(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        self.verify_play_land(state, action)
        player, oid = action["player"], action["card"]
        state = state.with_player(replace(state.player(player), lands_played=state.player(player).lands_played + 1))
        self.record("special_action", "mtg.special.play_land", K.PLAY_LAND, player=player, card=oid,
                    card_name=state.objects[oid].printed.name)
        state = self.move(state, oid, Zone.BATTLEFIELD, "play_land", K.PLAY_LAND, controller=player)
        return self.settle(replace(state, passes=0), player=player, why=K.PRIORITY_AFTER_ACTION)

    def verify_activate(self, state: GameState, action: Mapping[str, Any]) -> Mapping[str, Any]:
        """Priority, split second, timing, tap cost and summoning sickness, targets (CR 602.5)."""
        player, oid = action["player"], action["source"]
        obj = state.objects[oid]
        name = obj.printed.name
        chars = self.chars(state, oid)
        abilities = self.activatable(state, oid) if obj.zone is Zone.BATTLEFIELD else obj.printed.abilities
        index = action.get("ability", 0)
        ability = abilities[index] if index < len(abilities) else None
        if ability is None or ability.kind not in ("activated", "keyword"):
            raise IllegalAction(self.cite(K.ACTIVATE_RESTRICTION), "mtg.illegal.no_ability", {"card": oid, "card_name": name})
        spec = self._activated_spec(ability)
        mana = bool(spec.get("mana_ability"))
        if not (mana and obj.zone is Zone.BATTLEFIELD):
            self.verify_priority(state, player)
        zone = spec.get("zone", "battlefield")
        if obj.zone.value != zone or (zone == "battlefield" and chars.controller != player) or (zone in ("hand", "graveyard") and obj.owner != player):
            raise IllegalAction(self.cite(K.ACTIVATE_RESTRICTION), "mtg.illegal.no_ability", {"card": oid, "card_name": name})
        if self._split_second(state) and not mana:
            raise IllegalAction(self.cite(K.SPLIT_SECOND), "mtg.illegal.split_second", {"card": oid, "card_name": name})
        if spec.get("timing") == "sorcery" and not self._sorcery_ok(state, player):
            raise IllegalAction(self.cite(K.ACTIVATE_AS_SORCERY), "mtg.illegal.timing", {"card": oid, "card_name": name, "why": "sorcery_timing"})
        cost = spec.get("cost", {})
        if cost.get("tap"):
            if obj.tapped:
                raise IllegalAction(self.cite(K.TAP), "mtg.illegal.tapped", {"card": oid, "card_name": name})
            if "creature" in chars.types and obj.sick and not chars.has_keyword("haste"):
                raise IllegalAction(self.cite(K.TAP_ABILITY_SICK), "mtg.illegal.summoning_sick", {"card": oid, "card_name": name})
        if "loyalty" in cost:
            # CR 606.3: main phase, empty stack, own turn, once per turn per permanent;
            # 606.5 (2020) / 606.6 (2022): a negative cost needs that many loyalty counters.
            if not self._sorcery_ok(state, player):
                raise IllegalAction(self.cite(K.LOYALTY_TIMING), "mtg.illegal.loyalty", {"card": oid, "card_name": name, "why": "sorcery_timing"})
            if obj.loyalty_activated:
                raise IllegalAction(self.cite(K.LOYALTY_TIMING), "mtg.illegal.loyalty", {"card": oid, "card_name": name, "why": "once_per_turn"})
            if cost["loyalty"] < 0 and obj.counters.get("loyalty", 0) < -cost["loyalty"]:
                raise IllegalAction(self.cite(K.LOYALTY_NEGATIVE), "mtg.illegal.loyalty", {"card": oid, "card_name": name, "why": "not_enough_loyalty"})
        if "remove_counters" in cost:
            kind, n = cost["remove_counters"]["kind"], cost["remove_counters"].get("count", 1)
            if obj.counters.get(kind, 0) < n:
                raise IllegalAction(self.cite(K.ACTIVATE), "mtg.illegal.cost", {"card": oid, "card_name": name,
                                                                               "cost": f"remove {n} {kind}", "pool": ""})
        self.verify_targets(state, spec.get("targets", ()), action.get("targets", []), player, oid, name)
        self.verify_mana(state, player, self._mana_of(spec, action), name, oid)
        return spec

    def _activated_spec(self, ability: Any) -> Mapping[str, Any]:
        """Cycling and typecycling are activated abilities from the hand (CR 702.29a, 702.29e)."""
        if ability.kind != "keyword":
            return ability.spec
        keyword = ability.spec.get("keyword")
        if keyword == "cycling":
            return freeze({"zone": "hand", "cost": {"mana": ability.spec.get("cost", ""), "discard_self": True},
                           "effects": [{"do": "draw", "player": "you", "amount": 1}], "cycling": True})
        if keyword == "typecycling":
            return freeze({"zone": "hand", "cost": {"mana": ability.spec.get("cost", ""), "discard_self": True},
                           "effects": [{"do": "search", "filter": {"subtypes": [ability.spec.get("type")]}}],
                           "cycling": True, "typecycling": True})
        if keyword == "equip":
            return freeze({"timing": "sorcery", "cost": {"mana": ability.spec.get("cost", "")},
                           "targets": [{"filter": {"types": ["creature"], "controller": "you"}}],
                           "effects": [{"do": "attach", "target": 0}], "equip": True})
        return freeze({})

    def _mana_of(self, spec: Mapping[str, Any], action: Mapping[str, Any]) -> str:
        mana = spec.get("cost", {}).get("mana", "")
        return mana.replace("{X}", "{%d}" % action.get("x", 0)) if "{X}" in mana else mana

    def can_activate(self, state: GameState, action: Mapping[str, Any]) -> bool:
        try:
            self.verify_activate(state, action)
        except IllegalAction:
            return False
        return True

    def do_activate(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Activate: pay costs and put it on the stack (CR 602.2), or resolve a mana ability now (605.3b)."""
        spec = self.verify_activate(state, action)
        player, oid = action["player"], action["source"]
        obj = state.objects[oid]
        name = obj.printed.name
        lki = self.chars(state, oid)
        cost = spec.get("cost", {})
        if spec.get("mana_ability"):
            self.record("activate", "mtg.activate.mana", K.BASIC_LAND_MANA if spec.get("intrinsic") else K.MANA_ABILITY_NO_STACK,
                        player=player, card=oid, card_name=name, intrinsic=bool(spec.get("intrinsic")))
            state = self._pay_activation(state, player, oid, name, spec, action)
            item = StackItem("mana", "activated", player, oid, name, tuple(spec.get("effects", ())))
            return self.execute(state, item, ())
        # CR 602.2a: announced and put on the stack first; then 602.2b (601.2b-h): targets, costs.
        item_id = f"s{state.next_stack_id}"
        item = StackItem(item_id, "activated", player, oid, name, tuple(spec.get("effects", ())),
                         tuple(action.get("targets", ())), tuple(spec.get("targets", ())), source_lki=lki,
                         choices=freeze({"x": action.get("x", 0), "chosen": action.get("chosen", [])}))
        state = replace(state, stack=state.stack + (item,), next_stack_id=state.next_stack_id + 1)
        key = K.TYPECYCLING if spec.get("typecycling") else K.CYCLING if spec.get("cycling") else K.EQUIP if spec.get("equip") else \
            K.UNEARTH if spec.get("unearth") else K.ACTIVATE
        self.record("activate", "mtg.activate", key, player=player, card=oid, card_name=name, item=item_id,
                    targets=list(action.get("targets", ())))
        state = self._pay_activation(state, player, oid, name, spec, action)
        if spec.get("cycling"):
            state = self.emit(state, {"event": "cycle", "object": oid, "player": player})
        state = self._targets_event(state, item)
        return self.settle(replace(state, passes=0), player=player, why=K.PRIORITY_AFTER_ACTION)

    def _pay_activation(self, state: GameState, player: PlayerId, oid: str, name: str, spec: Mapping[str, Any],
                        action: Mapping[str, Any]) -> GameState:
        """Pay an activation cost (CR 602.2b, 601.2h): tap, mana, counters, loyalty (606.4),
        sacrifice, discard and additional costs, in that order."""
        cost = spec.get("cost", {})
        if cost.get("tap"):
            state = state.with_object(replace(state.objects[oid], tapped=True))
        mana = self._mana_of(spec, action)
        if mana:
            state = self._pay(state, player, mana, oid, name)
        if "remove_counters" in cost:
            kind, n = cost["remove_counters"]["kind"], cost["remove_counters"].get("count", 1)
            counters = dict(state.objects[oid].counters)
            counters[kind] -= n
            state = state.with_object(replace(state.objects[oid], counters=MappingProxyType(counters)))
        if "loyalty" in cost:
            counters = dict(state.objects[oid].counters)
            counters["loyalty"] = counters.get("loyalty", 0) + int(cost["loyalty"])
            state = state.with_object(replace(state.objects[oid], counters=MappingProxyType(counters), loyalty_activated=True))
            change = int(cost["loyalty"])
            self.record("activate", "mtg.activate.loyalty", K.LOYALTY_COST, player=player, card=oid, card_name=name,
                        item=f"s{state.next_stack_id - 1}", change=f"{change:+d}", loyalty=counters["loyalty"])
        if cost.get("sacrifice_self"):
            state = self.move(state, oid, Zone.GRAVEYARD, "sacrifice", K.SACRIFICE)
        if cost.get("discard_self"):
            state = self.move(state, oid, Zone.GRAVEYARD, "discard", K.DISCARD)
        for extra in action.get("additional_costs", ()):
            state = self._pay_other(state, player, extra, oid)
        return state

    # ------------------------------------------------------------------ combat

    def advance_to(self, state: GameState, step: Step, next_turn: bool = False) -> GameState:
        """Move on to ``step``, doing the turn-based actions and triggers of each step passed.

        With ``next_turn`` (the ``next_step`` action), a step that is not later in this turn is
        that step of the next turn: the cleanup step (514) ends this turn and the other player's
        turn begins with its untap step (500.1, 502). Otherwise the game stops at the cleanup step.
        """
        turns = 0
        again = next_turn and state.step is step
        while (state.step is not step or again) and not state.winner:
            again = False
            while state.stack and not state.winner:
                # CR 117.4, 500.2: a step ends only when all players pass with an empty stack.
                state = self.pass_all(state)
            if state.winner:
                break
            index = STEP_ORDER.index(state.step) + 1
            if index >= len(STEP_ORDER):
                if self._cleanup_priority and self._cleanup_priority <= MAX_CLEANUPS:
                    state = self._begin_step(state, Step.CLEANUP)
                    continue
                if not next_turn or turns:
                    break
                turns += 1
                state = self.begin_turn(state)
                continue
            state = self._begin_step(state, STEP_ORDER[index])
        return state

    def begin_turn(self, state: GameState) -> GameState:
        """The next turn begins (CR 500.1): the other player becomes the active player; the untap
        step untaps the active player's permanents (502.2 in 2020, 502.3 in 2022) and no player
        receives priority in it (502.3/502.4); what triggers waits for the upkeep (503.1a).

        Per-turn state resets: lands played, spells cast, loyalty abilities activated; the new
        active player's permanents have been under their control since the turn began (302.6).
        """
        active = opponent(state.active)
        self._cleanup_priority = 0
        for p in state.players:
            state = state.with_player(replace(p, lands_played=0, spells_cast=0,
                                              mana_pool="" if p.mana_pool is not None else None))
        state = replace(state, active=active, step=Step.UNTAP, priority=active, passes=0, combat_number=0)
        self.record("step", "mtg.turn.begin", K.TURN_PHASES, active=active)
        self._turn_log = {"life_lost": {"p1": 0, "p2": 0}, "creature_casts": {"p1": 0, "p2": 0},
                          "casts_known": {"p1": True, "p2": True}, "damaged_by": {}}
        self.record("step", "mtg.step.begin", K.UNTAP_STEP, step=Step.UNTAP.value, active=active)
        untapped, settled = [], []
        for oid in self.permanents(state):
            obj = state.objects[oid]
            mine = self.chars(state, oid).controller == active
            changed = replace(obj, loyalty_activated=False)
            if mine and obj.sick:
                changed = replace(changed, sick=False)
                settled.append(oid)
            if mine and obj.tapped and not self.has_rule_effect(state, "doesnt_untap", oid):
                changed = replace(changed, tapped=False)
                untapped.append(oid)
            if changed != obj:
                state = state.with_object(changed)
        if settled:
            self.record("step", "mtg.turn.sickness_ends", K.TURN_SICKNESS_ENDS, active=active, cards=settled)
        self.record("step", "mtg.turn.untap", K.UNTAP_STEP, active=active, cards=untapped)
        # "Doesn't untap during its controller's next untap step" has been used up for those objects.
        state = replace(state, effects=tuple(e for e in state.effects if not (
            e.duration == "next_untap" and e.affected_ids is not None
            and any(o in state.objects and self.chars(state, o).controller == active for o in e.affected_ids))))
        self.record("step", "mtg.step.no_priority", K.UNTAP_NO_PRIORITY, step=Step.UNTAP.value)
        return state

    def _begin_step(self, state: GameState, step: Step) -> GameState:
        if step is Step.COMBAT_DAMAGE and not getattr(self, "_blocks_declared", True):
            if not self._block_requirements_obeyed(state, None):  # CR 509.1c: no declare_blockers action was given
                pass
            elif getattr(self, "_illegal_blockers", False):
                # CR 509.1b, 726.1: the only declaration given was illegal and was reversed.
                self.complete = False
                self.record("cannot_evaluate", "mtg.cannot_evaluate.no_legal_blockers", K.ILLEGAL_ACTION,
                            player=opponent(state.active))
        if step in (Step.DECLARE_BLOCKERS, Step.END_OF_COMBAT) and getattr(self, "_illegal_attackers", False):
            # CR 508.1, 726.1: the only declaration of attackers was illegal and was reversed.
            self._illegal_attackers = False
            self.complete = False
            self.record("cannot_evaluate", "mtg.cannot_evaluate.no_legal_attackers", K.ILLEGAL_ACTION, player=state.active)
        if step is Step.END_OF_COMBAT:
            self._attackers_declared = False
        if step in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE):
            self._blocks_declared = step is not Step.DECLARE_BLOCKERS
        state = replace(state, step=step, passes=0, priority=state.active)
        for p in state.players:
            if p.mana_pool:
                state = state.with_player(replace(p, mana_pool=""))
        self.record("step", "mtg.step.begin", _STEP_RULE.get(step, K.PRIORITY_AP_FIRST), step=step.value, active=state.active)
        if step is Step.UPKEEP:
            state = self.emit(state, {"event": "upkeep", "player": state.active})
            state = self._fire_delayed(state, "next_upkeep")
            if state.pending:
                self.record("step", "mtg.step.upkeep_triggers", K.UPKEEP_TRIGGERS, count=len(state.pending),
                            active=state.active)
        elif step is Step.DRAW:
            state, skipped = self.replace_event(state, {"event": "draw_step", "player": state.active})
            if skipped is not None:
                state = self.draw(state, state.active, 1, K.DRAW_STEP)
        elif step is Step.END:
            state = self.emit(state, {"event": "end_step", "player": state.active})
            state = self._fire_delayed(state, "end_step")
        elif step is Step.COMBAT_DAMAGE:
            state = self.combat_damage(state)
        elif step is Step.END_OF_COMBAT:
            for oid in self.permanents(state):
                o = state.objects[oid]
                if o.attacking or o.blocking:
                    state = state.with_object(replace(o, attacking=None, blocking=(), blocked=False, damage_order=()))
        elif step is Step.CLEANUP:
            return self.cleanup(state)
        if step is getattr(self, "_declaring", None):
            # CR 508.1/509.1: the declaration is the step's first act (a turn-based action, 703.4);
            # the active player receives priority only after it (508.2, 509.2 → 117.3a).
            self._declaring, self._deferred_priority = None, True
            return state
        return self.settle(state, player=state.active, why=K.PRIORITY_AP_FIRST)

    def _priority_after_declaration(self, state: GameState, kind: str = "") -> GameState:
        """Give the active player priority after a declaration that was not made (an ``illegal``
        step), when the step's own priority waited for it (see :meth:`_begin_step`). When the next
        action declares again (``kind``), the game is back before the declaration (726.1) and
        priority still waits for it."""
        following = getattr(self, "_next_action", None)
        if kind and isinstance(following, Mapping) and following.get("type") == kind:
            return state
        if getattr(self, "_deferred_priority", False):
            self._deferred_priority = False
            return self.settle(state, player=state.active, why=K.PRIORITY_AP_FIRST)
        return state

    def cleanup(self, state: GameState) -> GameState:
        """The cleanup step: the active player discards down to the maximum hand size of seven
        (CR 514.1; which cards: ``options.choices["discard:<player>"]`` or an open choice), then
        damage is removed and "until end of turn" effects end (514.2); no player receives
        priority (514.3)."""
        hand = [o.id for o in state.in_zone(Zone.HAND, state.active)]
        if len(hand) > 7:
            options = [list(c) for c in itertools.islice(itertools.combinations(hand, len(hand) - 7), MAX_BRANCHES + 1)]
            chosen = self.choose(state, f"discard:{state.active}", options, "mtg.choice.discard", K.HAND_SIZE,
                                 player=state.active)
            for oid in chosen:
                self.record("move", "mtg.cleanup.discard", K.HAND_SIZE, player=state.active, card=oid,
                            card_name=self.name_of(state, oid))
                state = self.move(state, oid, Zone.GRAVEYARD, "discard", K.HAND_SIZE)
        for oid in self.permanents(state):
            o = state.objects[oid]
            if o.damage:
                state = state.with_object(replace(o, damage=0, deathtouch_damage=False))
        ended = [e for e in state.effects if e.duration == "end_of_turn"]
        state = replace(state, effects=tuple(e for e in state.effects if e.duration != "end_of_turn"))
        self.record("step", "mtg.step.cleanup", K.CLEANUP, effects=len(ended))
        checked = self.check_sbas(state)
        if checked is not state or checked.pending:
            # CR 514.3a: state-based actions or triggers: they happen, the active player gets
            # priority, and once all pass with an empty stack another cleanup step follows.
            self._cleanup_priority += 1
            self.record("step", "mtg.step.cleanup_priority", K.CLEANUP_PRIORITY, step=Step.CLEANUP.value,
                        count=self._cleanup_priority)
            return self.settle(checked, player=checked.active, why=K.CLEANUP_PRIORITY)
        self._cleanup_priority = 0
        self.record("step", "mtg.step.no_priority", K.CLEANUP_NO_PRIORITY, step=Step.CLEANUP.value)
        return state

    def do_declare_attackers(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Declare attackers (CR 508.1): untapped creatures, continuously controlled or with haste."""
        if STEP_ORDER.index(state.step) < STEP_ORDER.index(Step.DECLARE_ATTACKERS):
            if state.stack:
                raise IllegalAction(self.cite(K.DECLARE_ATTACKERS), "mtg.illegal.attack", {"card": "", "card_name": "", "why": "stack_not_empty"})
            self._declaring = Step.DECLARE_ATTACKERS
            state = self.advance_to(replace(state, step=Step.BEGINNING_OF_COMBAT), Step.DECLARE_ATTACKERS) if state.step is not Step.BEGINNING_OF_COMBAT else self.advance_to(state, Step.DECLARE_ATTACKERS)
            self._declaring = None
        if getattr(self, "_attackers_declared", False):
            # CR 508.1: declaring attackers is one turn-based action at the start of the step.
            first = next(iter(action.get("attackers", ())), "")
            self.record("illegal", "mtg.illegal.attack", K.DECLARE_ATTACKERS, card=first,
                        card_name=self.name_of(state, first) if first else "", why="already_declared")
            return state
        attackers = list(action.get("attackers", ()))
        defender = opponent(state.active)
        attacking = dict(action.get("attacking") or {})
        for oid, what in attacking.items():
            # CR 506.3, 508.1b: only the defending player or a planeswalker they control can be attacked.
            if what == defender:
                continue
            pw = state.objects.get(what)
            if (what in ("p1", "p2") or pw is None or pw.zone is not Zone.BATTLEFIELD
                    or "planeswalker" not in self.chars(state, what).types or self.chars(state, what).controller != defender):
                self.record("illegal", "mtg.illegal.attack", K.ATTACKABLE, card=oid, card_name=self.name_of(state, oid),
                            why="not_attackable")
                return self._attack_declaration_reversed(state)
        for oid in attackers:
            chars = self.chars(state, oid)
            obj = state.objects[oid]
            why = None
            if obj.zone is not Zone.BATTLEFIELD:
                why = "not_on_battlefield"
            elif "creature" not in chars.types or chars.controller != state.active:
                why = "not_your_creature"
            elif obj.tapped:
                why = "tapped"
            elif obj.sick and not chars.has_keyword("haste"):
                why = "summoning_sick"
            elif chars.has_keyword("defender") or self.has_rule_effect(state, "cant_attack", oid):
                why = "cant_attack"
            if why == "cant_attack" and chars.has_keyword("defender"):
                why = "defender"
            if why:
                key = {"summoning_sick": K.SUMMONING_SICKNESS, "defender": K.DEFENDER}.get(why, K.DECLARE_ATTACKERS)
                self.record("illegal", "mtg.illegal.attack", key, card=oid, card_name=chars.name, why=why)
                return self._attack_declaration_reversed(state)
        for oid in attackers:
            chars = self.chars(state, oid)
            obj = state.objects[oid]
            vigilant = chars.has_keyword("vigilance")
            what = attacking.get(oid, defender)
            state = state.with_object(replace(obj, attacking=what, tapped=obj.tapped or not vigilant))
            self.record("attack", "mtg.combat.attacks",
                        K.ATTACK_PLANESWALKER if what != defender else K.VIGILANCE if vigilant else K.ATTACK_TAPS, card=oid,
                        card_name=chars.name, defender=what if what == defender else self.name_of(state, what),
                        attacked=what, tapped=not vigilant)
        alone = len(attackers) == 1
        for oid in attackers:
            state = self.emit(state, {"event": "attacks", "object": oid, "alone": alone, "player": state.active})
        self._deferred_priority, self._illegal_attackers = False, False
        self._attackers_declared = True  # until this combat ends (511.3)
        return self.settle(state, player=state.active, why=K.PRIORITY_AP_FIRST)

    def _attack_declaration_reversed(self, state: GameState) -> GameState:
        """An illegal declaration of attackers is reversed as a whole (508.1, 726.1; 723.1 in
        2020): a ``mtg.illegal.attack_declaration`` step; another ``declare_attackers`` may follow."""
        self.record("illegal", "mtg.illegal.attack_declaration", K.ILLEGAL_ACTION, player=state.active)
        self._illegal_attackers = True
        return self._priority_after_declaration(state, "declare_attackers")

    def do_declare_blockers(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Declare blockers (CR 509.1): untapped creatures of the defending player, a flyer blocked
        only by flying or reach (702.9b), fear (702.36b), menace (702.111b), one attacker per
        blocker (509.1a) and the blocking requirements obeyed as far as possible (509.1c).

        A declaration that breaks any of them is illegal as a whole (509.1b, 509.1c): each broken
        pair is an ``illegal`` step, then ``mtg.illegal.block_declaration`` says the declaration is
        reversed (726.1; 723.1 in 2020) and no creature blocks unless a later ``declare_blockers``
        action gives a legal one; if none does, the combat damage step says so and the result is
        incomplete (the engine never picks a declaration for the defending player)."""
        if state.step is not Step.DECLARE_BLOCKERS:
            self._declaring = Step.DECLARE_BLOCKERS
            state = self.advance_to(state, Step.DECLARE_BLOCKERS)
            self._declaring = None
        if getattr(self, "_blocks_declared", False) and not getattr(self, "_illegal_blockers", False):
            # CR 509.1: declaring blockers is one turn-based action at the start of the step.
            first = next(iter(action.get("blockers", ())), {})
            blocker, attacker = first.get("blocker", ""), first.get("attacker", "")
            self.record("illegal", "mtg.illegal.block", K.DECLARE_BLOCKERS, card=blocker,
                        card_name=self.name_of(state, blocker) if blocker else "", attacker=attacker, why="already_declared")
            return state
        pairs = list(action.get("blockers", ()))
        illegal = self._illegal_blocks(state, pairs)
        for blocker, attacker, why in illegal:
            rule = {"flying": K.FLYING, "fear": K.FEAR, "menace": K.MENACE, "one_attacker": K.BLOCK_ONE_ATTACKER}
            self.record("illegal", "mtg.illegal.block", rule.get(why, K.DECLARE_BLOCKERS), card=blocker,
                        card_name=self.name_of(state, blocker), attacker=attacker, why=why)
        if illegal or not self._block_requirements_obeyed(state, action):
            self.record("illegal", "mtg.illegal.block_declaration", K.ILLEGAL_ACTION, player=opponent(state.active))
            self._blocks_declared, self._illegal_blockers = False, True
            return self._priority_after_declaration(state, "declare_blockers")
        self._blocks_declared, self._illegal_blockers = True, False
        self._deferred_priority = False
        for pair in pairs:
            blocker, attacker = pair["blocker"], pair["attacker"]
            bc, ac = self.chars(state, blocker), self.chars(state, attacker)
            bo = state.objects[blocker]
            state = state.with_object(replace(bo, blocking=bo.blocking + (attacker,)))
            state = state.with_object(replace(state.objects[attacker], blocked=True))
            self.record("block", "mtg.combat.blocks", K.DECLARE_BLOCKERS, card=blocker, card_name=bc.name,
                        attacker=attacker, attacker_name=ac.name)
            state = self.emit(state, {"event": "blocks", "object": blocker, "attacker": attacker})
        return self.settle(self._damage_orders(state, action), player=state.active, why=K.PRIORITY_AP_FIRST)

    def _illegal_blocks(self, state: GameState, pairs: list[Mapping[str, Any]]) -> list[tuple[str, str, str]]:
        """The pairs of a declaration that break a restriction, as ``(blocker, attacker, why)``:
        :meth:`_block_restriction`, a blocker named twice (509.1a, ``one_attacker``) and an
        attacker with menace blocked by one creature (702.111b, ``menace``)."""
        menace_alone = self._menace_blocked_alone(state, pairs)
        out: list[tuple[str, str, str]] = []
        chosen: set[str] = set()
        for pair in pairs:
            blocker, attacker = pair["blocker"], pair["attacker"]
            why = self._block_restriction(state, blocker, attacker)
            if why is None and blocker in chosen:
                why = "one_attacker"
            if why is None and attacker in menace_alone:
                why = "menace"
            if why:
                out.append((blocker, attacker, why))
            chosen.add(blocker)
        return out

    def _menace_blocked_alone(self, state: GameState, pairs: list[Mapping[str, Any]]) -> set[str]:
        """The attackers with menace that this declaration would block with exactly one creature
        (CR 702.111b; 702.110b in 2020: "can't be blocked except by two or more creatures", a
        restriction on the whole declaration, 509.1b). Only pairs that break no other restriction,
        and each blocker's first legal pair (509.1a), count as blocks."""
        counts: dict[str, int] = {}
        seen: set[str] = set()
        for pair in pairs:
            blocker, attacker = pair["blocker"], pair["attacker"]
            if blocker in seen or self._block_restriction(state, blocker, attacker) is not None:
                continue
            seen.add(blocker)
            counts[attacker] = counts.get(attacker, 0) + 1
        return {a for a, n in counts.items() if n == 1 and self.chars(state, a).has_keyword("menace")}

    def _block_restriction(self, state: GameState, blocker: str, attacker: str) -> Optional[str]:
        """Why ``blocker`` can't block ``attacker`` now (CR 509.1a, 509.1b), or ``None``: it must be an
        untapped creature the defending player controls, the attacker must be attacking, and flying
        (702.9b), fear (702.36b) and "can't block" effects are obeyed."""
        bc, ac = self.chars(state, blocker), self.chars(state, attacker)
        bo = state.objects[blocker]
        if "creature" not in bc.types or bo.zone is not Zone.BATTLEFIELD or bc.controller != opponent(state.active):
            return "cannot_block"
        if bo.tapped:
            return "tapped"
        if state.objects[attacker].attacking is None:
            return "not_attacking"
        if ac.has_keyword("flying") and not (bc.has_keyword("flying") or bc.has_keyword("reach")):
            return "flying"
        if ac.has_keyword("fear") and not (("artifact" in bc.types and "creature" in bc.types) or "black" in bc.colors):
            return "fear"
        if self.has_rule_effect(state, "cant_block", blocker):
            return "cant_block"
        return None

    def _block_requirements(self, state: GameState) -> dict[str, list[str]]:
        """The blocking requirements in force (CR 509.1c): creature → the attackers it must block if
        able, one entry per ``must_block`` effect ("target creature blocks it this turn if able").
        A requirement names one object: an attacker that left the battlefield and came back (a new
        timestamp, 400.7, 613.7d) is not it."""
        out: dict[str, list[str]] = {}
        for e in state.effects:
            if e.do != "must_block":
                continue
            attacker = e.params.get("attacker")
            obj = state.objects.get(attacker) if attacker else None
            if obj is None or obj.zone is not Zone.BATTLEFIELD or obj.attacking is None:
                continue
            if e.params.get("attacker_timestamp") is not None and obj.timestamp != e.params["attacker_timestamp"]:
                continue
            for oid in e.affected_ids or ():
                if oid in state.objects and state.objects[oid].zone is Zone.BATTLEFIELD:
                    out.setdefault(oid, []).append(attacker)
        return out

    def _block_requirements_obeyed(self, state: GameState, action: Mapping[str, Any]) -> bool:
        """CR 509.1c: the declaration must obey as many requirements as possible without breaking a
        restriction. The engine's restrictions are each about one blocker and one attacker, and a
        creature blocks one attacker (509.1a), so the most each creature can obey is the largest
        number of its requirements naming one attacker it is able to block. A declaration that
        obeys fewer is an ``illegal`` step and is not made (``None`` declaration: as the step passes)."""
        requirements = self._block_requirements(state)
        if not requirements:
            return True
        declared: dict[str, set[str]] = {}
        for pair in (action or {}).get("blockers", ()):
            if pair["blocker"] in state.objects and pair["attacker"] in state.objects and \
                    self._block_restriction(state, pair["blocker"], pair["attacker"]) is None:
                declared.setdefault(pair["blocker"], set()).add(pair["attacker"])
        for creature, attackers in requirements.items():
            able = [a for a in attackers if self._block_restriction(state, creature, a) is None]
            possible = max((able.count(a) for a in able), default=0)
            obeyed = sum(1 for a in attackers if a in declared.get(creature, ()))
            if obeyed < possible:
                attacker = next(a for a in able if able.count(a) == possible)
                params = dict(card=creature, card_name=self.name_of(state, creature), attacker=attacker,
                              attacker_name=self.name_of(state, attacker), obeyed=obeyed, possible=possible)
                if action is None:
                    # The step passed without a declaration: what the defending player declared is not known.
                    self.complete = False
                    self.record("cannot_evaluate", "mtg.cannot_evaluate.block_requirement", K.BLOCK_REQUIREMENTS, **params)
                else:
                    self.record("illegal", "mtg.illegal.block_requirement", K.BLOCK_REQUIREMENTS, **params)
                return False
        return True

    def _damage_orders(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """CR 509.2: for each attacker blocked by two or more creatures the active player announces
        its damage assignment order (``damage_order`` of the action, ``options.choices
        ["damage_order:<attacker>"]``, or an open choice among the orders)."""
        given = dict(action.get("damage_order") or {})
        for oid in self.permanents(state):
            obj = state.objects[oid]
            if not obj.attacking:
                continue
            blockers = [b for b in self.permanents(state) if oid in state.objects[b].blocking]
            if len(blockers) < 2:
                continue
            if oid in given and sorted(given[oid]) == sorted(blockers):
                order = list(given[oid])
            else:
                options = [list(p) for p in itertools.islice(itertools.permutations(blockers), MAX_BRANCHES + 1)]
                order = list(self.choose(state, f"damage_order:{oid}", options, "mtg.choice.damage_order", K.DAMAGE_ORDER,
                                         player=state.active, card=oid, card_name=self.name_of(state, oid)))
            state = state.with_object(replace(state.objects[oid], damage_order=tuple(order)))
            self.record("block", "mtg.combat.damage_order", K.DAMAGE_ORDER, card=oid, card_name=self.name_of(state, oid),
                        order=order)
        return state

    def combat_damage(self, state: GameState) -> GameState:
        """Combat damage (CR 510.1), first strike and double strike first (510.4, 702.7b, 702.4b).

        An unblocked creature deals its damage to the player or planeswalker it attacks (510.1b);
        a blocked one to its blockers in its damage assignment order, each assigned lethal damage
        before the next (510.1c), the excess to the player or planeswalker with trample (702.19b).
        ``options.choices["assign:<attacker>"]`` (amounts in damage assignment order, then the
        trample excess) chooses another legal division; without it each blocker but the last is
        assigned exactly lethal damage and the last the rest.
        """
        def fighting(st: GameState) -> list[str]:
            return [o for o in self.permanents(st) if st.objects[o].attacking or st.objects[o].blocking]

        def striker(st: GameState, o: str, *keywords: str) -> bool:
            chars = self.chars(st, o)
            return any(chars.has_keyword(k) for k in keywords)

        fighters = fighting(state)
        first = [o for o in fighters if striker(state, o, "first_strike", "double_strike")]
        if first:
            self.record("damage", "mtg.combat.first_strike", K.FIRST_STRIKE, creatures=len(first))
            state = self._deal_combat(state, first)
            state = self.settle(state, announce=False)
            second = [o for o in fighting(state) if o not in first or striker(state, o, "double_strike")]
            if any(o in first for o in second):
                self.record("damage", "mtg.combat.double_strike", K.DOUBLE_STRIKE, creatures=len(second))
            return self._deal_combat(state, second)
        return self._deal_combat(state, fighters)

    def _deal_combat(self, state: GameState, group: list[str]) -> GameState:
        """Assign and deal one combat damage step's damage simultaneously (CR 510.1, 510.2)."""
        assignments: list[tuple[str, str, int]] = []
        for oid in group:
            if oid not in state.objects or state.objects[oid].zone is not Zone.BATTLEFIELD:
                continue
            obj, chars = state.objects[oid], self.chars(state, oid)
            power = max(chars.power or 0, 0)
            if power <= 0:
                continue
            if obj.attacking:
                defender = obj.attacking
                if defender not in ("p1", "p2"):
                    pw = state.objects.get(defender)
                    if pw is None or pw.zone is not Zone.BATTLEFIELD or "planeswalker" not in self.chars(state, defender).types:
                        defender = None  # CR 510.1b: attacking nothing any more, so no damage
                if not obj.blocked:
                    if defender:
                        assignments.append((oid, defender, power))
                    continue
                order = [b for b in (obj.damage_order or tuple(b for b in self.permanents(state)
                                                                if oid in state.objects[b].blocking))
                         if b in state.objects and state.objects[b].zone is Zone.BATTLEFIELD and oid in state.objects[b].blocking]
                trample = chars.has_keyword("trample")
                if not order:
                    if trample and defender:
                        assignments.append((oid, defender, power))
                    continue
                lethal = [1 if chars.has_keyword("deathtouch") else
                          max((self.chars(state, b).toughness or 0) - state.objects[b].damage, 0) for b in order]
                given = self._choices.get(f"assign:{oid}")
                amounts = self._assignment(power, lethal, trample, given)
                if given is not None and amounts != list(given):
                    self.record("illegal", "mtg.illegal.division", K.BLOCKED_DAMAGE, card=oid, card_name=chars.name,
                                division=list(given), why="lethal_damage_first")
                for b, amount in zip(order, amounts):
                    if amount:
                        assignments.append((oid, b, amount))
                        self.record("damage", "mtg.combat.assign", K.BLOCKED_DAMAGE, card=oid, card_name=chars.name,
                                    target=b, target_name=self.name_of(state, b), amount=amount, default=given is None)
                excess = amounts[len(order)] if len(amounts) > len(order) else 0
                if excess > 0 and defender:
                    assignments.append((oid, defender, excess))
                    self.record("damage", "mtg.combat.trample", K.TRAMPLE, card=oid, card_name=chars.name, amount=excess)
            else:
                for attacker in obj.blocking:
                    if attacker in state.objects and state.objects[attacker].zone is Zone.BATTLEFIELD:
                        assignments.append((oid, attacker, power))
                        break
        for source, target, amount in assignments:
            state = self.deal_damage(state, source, target, amount, combat=True)
        return state

    @staticmethod
    def _assignment(power: int, lethal: list[int], trample: bool, given: Any) -> list[int]:
        """Amounts per blocker in order (and the trample excess last): ``given`` if it is a legal
        division under CR 510.1c/702.19b, else lethal to each in order and the rest to the last
        blocker (or, with trample, to the player or planeswalker)."""
        if isinstance(given, list) and all(isinstance(n, int) and n >= 0 for n in given) and sum(given) == power \
                and len(given) <= len(lethal) + (1 if trample else 0):
            padded = list(given) + [0] * (len(lethal) + (1 if trample else 0) - len(given))
            ok = all(padded[j] >= lethal[j] for i in range(len(padded)) if padded[i] > 0 for j in range(min(i, len(lethal))))
            if ok:
                return padded
        out, left = [], power
        for i, need in enumerate(lethal):
            last = i == len(lethal) - 1
            give = left if (last and not trample) else min(left, need)
            out.append(give)
            left -= give
        if trample:
            out.append(left)
        return out

    # ------------------------------------------------------------------ damage, moves

    def deal_damage(self, state: GameState, source: str, target: str, amount: int, combat: bool = False,
                    source_chars: Optional[Chars] = None) -> GameState:
        """Deal damage (CR 120.3) after prevention (615); lifelink gains (702.15b)."""
        if amount <= 0:
            return state
        schars = source_chars or (self.chars(state, source) if source in state.objects else state.lki.get(source))
        if target not in ("p1", "p2") and (target not in state.objects or state.objects[target].zone is not Zone.BATTLEFIELD):
            return state
        if target not in ("p1", "p2") and self._prevented(state, target, schars):
            self.record("damage", "mtg.damage.prevented", K.PREVENTION, source=source, source_name=schars.name if schars else "",
                        target=target, target_name=self.name_of(state, target), amount=amount)
            return state
        state, event = self.replace_event(state, {"event": "damage", "source": source, "target": target, "amount": amount,
                                                  "combat": combat, "source_chars": schars})
        if event is None or event["amount"] <= 0:
            return state
        amount = event["amount"]
        if target in ("p1", "p2"):
            p = state.player(target)
            state = state.with_player(replace(p, life=p.life - amount))
            self._turn_log["life_lost"][target] += amount  # CR 120.3a: damage to a player is life loss
            self.record("damage", "mtg.damage.player", K.DAMAGE, source=source, source_name=schars.name if schars else "",
                        player=target, amount=amount, life=p.life - amount, combat=combat)
        else:
            obj = state.objects[target]
            tchars = self.chars(state, target)
            if "planeswalker" in tchars.types:
                # CR 120.3c: damage dealt to a planeswalker removes that many loyalty counters.
                counters = dict(obj.counters)
                counters["loyalty"] = max(counters.get("loyalty", 0) - amount, 0)
                obj = replace(obj, counters=MappingProxyType(counters))
                state = state.with_object(obj)
                self.record("damage", "mtg.damage.planeswalker", K.PLANESWALKER_DAMAGE, source=source,
                            source_name=schars.name if schars else "", target=target, target_name=obj.printed.name,
                            amount=amount, loyalty=counters["loyalty"], combat=combat)
            if "creature" in tchars.types or "planeswalker" not in tchars.types:
                deathtouch = bool(schars and schars.has_keyword("deathtouch"))
                self._turn_log["damaged_by"].setdefault(target, set()).add(source)
                state = state.with_object(replace(obj, damage=obj.damage + amount, deathtouch_damage=obj.deathtouch_damage or deathtouch))
                self.record("damage", "mtg.damage.creature", K.DAMAGE, source=source, source_name=schars.name if schars else "",
                            target=target, target_name=obj.printed.name, amount=amount, combat=combat)
        if schars and schars.has_keyword("lifelink"):
            p = state.player(schars.controller)
            state = state.with_player(replace(p, life=p.life + amount))
            self.record("life", "mtg.life.lifelink", K.LIFELINK, player=p.id, amount=amount, life=p.life + amount)
        return self.emit(state, {"event": "damage", "source": source, "target": target, "amount": amount, "combat": combat,
                                 "source_controller": schars.controller if schars else None})

    def _prevented(self, state: GameState, target: str, schars: Optional[Chars]) -> bool:
        if self.has_rule_effect(state, "prevent_damage", target):
            return True
        chars = self.chars(state, target)
        for ability in chars.abilities:
            if ability.keyword == "protection" and schars and ability.spec.get("from") in schars.colors:
                return True
        return False

    def move(self, state: GameState, oid: str, to: Zone, reason: str, key: K, controller: Optional[PlayerId] = None,
             bottom: bool = False, top: bool = False, position: Optional[int] = None) -> GameState:
        """Move an object to a zone; it becomes a new object (CR 400.7). Cards go to their owner's zones.
        ``position`` n puts it nth from the top of the library (the bottom when the library has fewer
        than n - 1 other cards). A permanent entering makes its "as it enters" choices first (614.12a)."""
        obj = state.objects[oid]
        frm = obj.zone
        lki = None
        if frm is Zone.BATTLEFIELD:
            lki = self.chars(state, oid)
            lkis = dict(state.lki)
            lkis[oid] = lki
            state = replace(state, lki=MappingProxyType(lkis))
        if frm is not to and to is not Zone.STACK:
            state, event = self.replace_event(state, {"event": "zone_change", "object": oid, "from": frm.value,
                                                      "to": to.value})
            if event is None:
                return state
            to = Zone(event["to"])
            if to is frm:
                return state
        ts, state = state.stamp()
        new = replace(obj, zone=to, timestamp=ts, tapped=False if to is Zone.BATTLEFIELD and not obj.tapped else False,
                      counters=MappingProxyType({}), counter_timestamps=MappingProxyType({}), damage=0, deathtouch_damage=False, attached_to=None,
                      attacking=None, blocking=(), blocked=False, damage_order=(), loyalty_activated=False,
                      controller=controller or obj.owner,
                      sick=to is Zone.BATTLEFIELD, face_down=False, x=obj.x if to is Zone.STACK else 0)
        if to is Zone.BATTLEFIELD and obj.printed.loyalty is not None and "planeswalker" in obj.printed.types:
            # CR 306.5b: a planeswalker enters with loyalty counters equal to its printed loyalty.
            new = replace(new, counters=MappingProxyType({"loyalty": obj.printed.loyalty}))
        if to is Zone.BATTLEFIELD and self._enters_tapped(obj):
            new = replace(new, tapped=True)
            self.record("replace", "mtg.replace.enters_tapped", K.ENTERS_REPLACEMENT, card=oid, card_name=obj.printed.name)
        chosen_name = None
        if to is Zone.BATTLEFIELD and frm is not Zone.BATTLEFIELD:
            state, extra, chosen_name = self._as_enters(state, obj, controller or obj.owner)
            if extra:
                new = replace(new, counters=MappingProxyType({**dict(new.counters), **extra}))
        if frm is Zone.BATTLEFIELD:
            # A name chosen as it entered belongs to that object only (CR 400.7).
            state = replace(state, effects=tuple(e for e in state.effects if not (e.do == "chosen_name" and e.source == oid)))
        order = [o for o in state.order if o != oid]
        library = [o for o in order if state.objects[o].zone is Zone.LIBRARY and state.objects[o].owner == obj.owner]
        if top:
            order.insert(0, oid)
        elif position is not None and position > 1 and len(library) >= position:
            order.insert(order.index(library[position - 1]), oid)
        else:
            order.append(oid)
        objects = dict(state.objects)
        objects[oid] = new
        state = replace(state, objects=MappingProxyType(objects), order=tuple(order))
        if chosen_name is not None:
            ts2, state = state.stamp()
            state = replace(state, effects=state.effects + (Effect(f"{oid}.chosen", "chosen_name", freeze({"name": chosen_name}), oid,
                                                                  new.controller, ts2, affected_ids=(oid,), duration="permanent"),))
        self.record("move", "mtg.move", key, card=oid, card_name=obj.printed.name, **{"from": frm.value}, to=to.value,
                    reason=reason)
        if frm is Zone.BATTLEFIELD:
            for other in self.permanents(state):
                if state.objects[other].attached_to == oid:
                    pass
            event = {"event": "leaves", "object": oid, "to": to.value, "lki": lki, "player": lki.controller}
            state = self.emit(state, event)
            if to is Zone.GRAVEYARD and lki is not None and "creature" in lki.types:
                state = self.emit(state, {**event, "event": "dies"})
            if reason == "sacrifice":
                state = self.emit(state, {**event, "event": "sacrifice"})
        if to is Zone.BATTLEFIELD:
            state = self.emit(state, {"event": "enters", "object": oid, "player": new.controller})
        return state

    def _as_enters(self, state: GameState, obj: GameObject, controller: PlayerId) -> tuple[GameState, dict[str, int], Optional[str]]:
        """Replacement effects that modify how ``obj`` enters (CR 614.1c, 614.12), their choices made
        before it enters (614.12a). Returns the state, the counters it enters with and a chosen name.

        * keyword ``devour`` (``n``): sacrifice any number of creatures (``devour:<id>``: a list of ids),
          enter with n +1/+1 counters for each (702.82a);
        * ``{"kind": "replacement", "as_enters": "reveal", "filter": FILTER, "counters": kind}``: reveal any
          number of matching other cards from the hand (``reveal:<id>``), one counter each (Arsenal Thresher);
        * ``{"kind": "replacement", "as_enters": "choose_name", "filter": FILTER}``: choose a card name
          (``name:<id>``; the options are the names of the matching cards in the scenario, 201.4).
        Errors: :class:`OpenChoice` when a choice is left open.
        """
        counters: dict[str, int] = {}
        name: Optional[str] = None
        ctx = Context(obj.id, controller, None)
        for ability in obj.printed.abilities:
            spec = ability.spec
            if ability.kind == "keyword" and spec.get("keyword") == "devour":
                mine = [o for o in self.permanents(state) if "creature" in self.chars(state, o).types
                        and self.chars(state, o).controller == controller]
                eaten = self._choose_subset(state, f"devour:{obj.id}", mine, "mtg.choice.devour", K.DEVOUR, controller, obj)
                for o in eaten:
                    state = self.move(state, o, Zone.GRAVEYARD, "sacrifice", K.DEVOUR)
                n = int(spec.get("n", 1)) * len(eaten)
                if n:
                    counters["+1/+1"] = counters.get("+1/+1", 0) + n
                    self.record("counters", "mtg.enters.counters", K.DEVOUR, card=obj.id, card_name=obj.printed.name,
                                kind="+1/+1", count=n, cards=list(eaten))
            elif ability.kind == "replacement" and spec.get("as_enters") == "reveal":
                hand = [c.id for c in state.in_zone(Zone.HAND, controller)
                        if c.id != obj.id and matches(spec.get("filter"), c.id, c.printed, c, ctx)]
                shown = self._choose_subset(state, f"reveal:{obj.id}", hand, "mtg.choice.reveal", K.AS_ENTERS_CHOICE, controller, obj)
                self.record("resolve", "mtg.reveal", K.REVEAL, player=controller, cards=list(shown), count=len(shown),
                            card_name=obj.printed.name)
                kind = spec.get("counters", "+1/+1")
                if shown:
                    counters[kind] = counters.get(kind, 0) + len(shown)
                    self.record("counters", "mtg.enters.counters", K.AS_ENTERS_CHOICE, card=obj.id, card_name=obj.printed.name,
                                kind=kind, count=len(shown), cards=list(shown))
            elif ability.kind == "replacement" and spec.get("as_enters") == "choose_name":
                names = sorted({o.printed.name for o in state.objects.values() if o.printed.name and not o.token and not o.copy
                                and matches(spec.get("filter"), o.id, o.printed, o, ctx)})
                if not names:
                    continue
                name = self.choose(state, f"name:{obj.id}", names, "mtg.choice.name", K.CHOOSE_NAME, player=controller,
                                   card=obj.id, card_name=obj.printed.name)
                self.record("resolve", "mtg.name.chosen", K.AS_ENTERS_CHOICE, player=controller, card=obj.id,
                            card_name=obj.printed.name, name=name)
        return state, counters, name

    def _choose_subset(self, state: GameState, key: str, candidates: list[str], message: str, rule: K,
                       player: PlayerId, obj: GameObject) -> list[str]:
        """Any number of ``candidates`` (every subset is an option; a given list in any order)."""
        options = [list(c) for size in range(len(candidates) + 1) for c in itertools.combinations(candidates, size)]
        return list(self.choose(state, key, options, message, rule, player=player, card=obj.id, card_name=obj.printed.name))

    def _enters_tapped(self, obj: GameObject) -> bool:
        return any(a.kind == "replacement" and a.spec.get("replace") == "enters_tapped" for a in obj.printed.abilities)

    # ------------------------------------------------------------------ replacement effects (614, 616)

    def replacements(self, state: GameState) -> list[Replacement]:
        """Every replacement effect in force (CR 614.1): ``replacement`` abilities with an ``event``
        of permanents as the layers leave them (an ability removed by Humility replaces nothing),
        and ``replacement``/``exile_instead`` effects of resolved spells and of the document."""
        out: list[Replacement] = []
        layers = self.layers(state)
        for oid in self.permanents(state):
            chars = layers.chars[oid]
            for ability in chars.abilities:
                if ability.kind == "replacement" and "event" in ability.spec:
                    out.append(Replacement(f"{oid}.{ability.key[1]}" if ability.key[0] == oid else f"{oid}.{ability.key[0]}.{ability.key[1]}",
                                           oid, chars.controller, ability.spec, chars.name,
                                           state.objects[oid].timestamp))
        for e in state.effects:
            if e.do == "replacement":
                spec = dict(e.params)
                spec.pop("do", None)
                out.append(Replacement(e.id, e.source, e.controller, freeze(spec), str(e.params.get("text") or e.id),
                                       e.timestamp, e.affected_ids, e.affected_filter))
            elif e.do == "exile_instead":
                out.append(Replacement(e.id, e.source, e.controller,
                                       freeze({"event": "zone_change", "from": "battlefield", "to": "graveyard",
                                               "instead": {"to": "exile"}, "legacy": "exile_instead"}),
                                       e.id, e.timestamp, e.affected_ids, e.affected_filter))
        return out

    def _event_object_chars(self, state: GameState, oid: str) -> Optional[Chars]:
        if oid not in state.objects:
            return None
        return self.chars(state, oid)

    def replacement_applies(self, state: GameState, r: Replacement, event: Mapping[str, Any]) -> bool:
        """Whether ``r`` would modify ``event`` now (CR 614.1, 614.7)."""
        spec = r.spec
        kind = event["event"]
        if spec.get("event") != kind:
            return False
        ctx = Context(r.source, r.controller, state.objects[r.source].attached_to if r.source in state.objects else None)
        if kind in ("draw", "draw_step"):
            who = spec.get("player", "you")
            return who == "each" or (who == "you") == (event["player"] == r.controller)
        if kind == "damage":
            target = event["target"]
            if spec.get("combat") is not None and bool(spec["combat"]) != bool(event.get("combat")):
                return False
            if "from" in spec:
                schars, src = event.get("source_chars"), event["source"]
                sobj = state.objects.get(src)
                if schars is None or sobj is None or not matches(spec["from"], src, schars, sobj, ctx):
                    return False
            if target in ("p1", "p2"):
                who = spec.get("player")
                if who is None:
                    return "to" not in spec and r.affected_ids is None and r.affected_filter is None
                return who == "any" or (who == "you") == (target == r.controller)
            if "player" in spec and "to" not in spec:
                return False
            return self._affects_object(state, r, target, spec.get("to"), ctx)
        oid = event.get("object")
        if oid is None or oid not in state.objects:
            return False
        if kind == "zone_change":
            frm, to = spec.get("from"), spec.get("to")
            if frm is not None and event["from"] not in ((frm,) if isinstance(frm, str) else frm):
                return False
            if to is not None and event["to"] not in ((to,) if isinstance(to, str) else to):
                return False
            if spec.get("owner") is not None:
                owner = state.objects[oid].owner
                if (spec["owner"] == "you") != (owner == r.controller):
                    return False
        return self._affects_object(state, r, oid, spec.get("affected"), ctx)

    def _affects_object(self, state: GameState, r: Replacement, oid: str, flt: Any, ctx: Context) -> bool:
        if r.affected_ids is not None:
            return oid in r.affected_ids
        flt = flt if flt is not None else r.affected_filter
        if flt is None:
            return True
        chars = self._event_object_chars(state, oid)
        return chars is not None and matches(flt, oid, chars, state.objects[oid], ctx)

    def _affected_player(self, state: GameState, event: Mapping[str, Any]) -> PlayerId:
        """Who orders the replacement effects (CR 616.1): the affected player, or the affected
        object's controller (its owner if it has none)."""
        subject = event.get("target") if event["event"] == "damage" else event.get("object") or event.get("player")
        if subject in ("p1", "p2"):
            return subject
        obj = state.objects.get(subject)
        if obj is None:
            return state.active
        return self.chars(state, subject).controller if obj.zone is Zone.BATTLEFIELD else obj.owner

    def replace_event(self, state: GameState, event: Mapping[str, Any]) -> tuple[GameState, Optional[dict[str, Any]]]:
        """Apply the replacement effects that would modify ``event`` (CR 614, 616.1).

        ``event`` shapes: ``{event: damage, source, target, amount, combat, source_chars}``,
        ``{event: zone_change, object, from, to}``, ``{event: destroy, object}``,
        ``{event: draw, player}``, ``{event: draw_step, player}``. Each applicable effect gets one
        opportunity (614.5); with two or more, the affected player or controller chooses which
        applies first (616.1, ``options.choices["replace:<event>:<subject>"]`` = effect ids in
        order, else an open choice among the orders), and the rest are re-checked after each
        (616.1e/616.1f in 2020/2022). Returns the state and the modified event, or ``None``
        when the event was replaced by something else or skipped (614.6).
        Errors: :class:`OpenChoice` when the order is open.
        """
        current: dict[str, Any] = dict(event)
        applied: list[str] = []
        while True:
            candidates = [r for r in self.replacements(state)
                          if r.id not in applied and self.replacement_applies(state, r, current)]
            if not candidates:
                return state, current
            if len(candidates) > 1:
                subject = current.get("target") or current.get("object") or current.get("player")
                ids = [r.id for r in candidates]
                options = [list(p) for p in itertools.islice(itertools.permutations(ids), MAX_BRANCHES + 1)]
                order = self.choose(state, f"replace:{current['event']}:{subject}", options, "mtg.choice.replacement_order",
                                    K.REPLACEMENT_ORDER if not applied else K.REPLACEMENT_REPEAT,
                                    player=self._affected_player(state, current), event=current["event"], effects=ids)
                chosen = next(r for rid in order for r in candidates if r.id == rid)
            else:
                chosen = candidates[0]
            applied.append(chosen.id)
            state, result = self._apply_replacement(state, chosen, current, repeat=len(applied) > 1)
            if result is None:
                return state, None
            current = result

    def _apply_replacement(self, state: GameState, r: Replacement, event: dict[str, Any],
                           repeat: bool) -> tuple[GameState, Optional[dict[str, Any]]]:
        """Apply one replacement effect: the modified event, or ``None`` (CR 614.6)."""
        spec = r.spec
        kind = event["event"]
        key = K.REPLACEMENT_ONCE if repeat else K.REPLACEMENT
        subject = event.get("object") or event.get("target") or event.get("player")
        if spec.get("skip"):
            self.record("replace", "mtg.replace.skip", K.SKIP_STEP if kind == "draw_step" else K.REPLACEMENT_SKIP,
                        effect=r.id, effect_name=r.name, event=kind, subject=subject)
            return state, None
        instead = spec.get("instead")
        if isinstance(instead, (list, tuple)):
            self.record("replace", "mtg.replace.apply", K.REPLACEMENT_NEVER_HAPPENS, effect=r.id, effect_name=r.name,
                        event=kind, subject=subject, detail="instructions")
            item = StackItem(f"r:{r.id}", "replacement", r.controller, r.source or "", r.name, tuple(instead),
                             event=freeze({"object": event.get("object") or event.get("target"),
                                           "player": event.get("player") or r.controller}))
            saved = self._effect_part
            state = self.execute(state, item, ())
            self._effect_part = saved
            return state, None
        instead = instead or {}
        new = dict(event)
        if kind == "damage":
            amount = event["amount"]
            if "amount_times" in instead:
                amount *= int(instead["amount_times"])
            amount += int(instead.get("amount_plus", 0)) - int(instead.get("amount_minus", 0))
            new["amount"] = max(amount, 0)
            detail = f"{event['amount']} → {new['amount']}"
        elif kind == "zone_change" and "to" in instead:
            new["to"] = instead["to"]
            detail = f"{event['to']} → {new['to']}"
        else:
            detail = "no change"
        if spec.get("legacy") == "exile_instead":
            self.record("replace", "mtg.replace.exile_instead", K.REPLACEMENT, card=subject,
                        card_name=self.name_of(state, subject))
        else:
            self.record("replace", "mtg.replace.apply", key, effect=r.id, effect_name=r.name, event=kind,
                        subject=subject, detail=detail)
        return state, new

    def destroy(self, state: GameState, oid: str, reason: str, key: K) -> GameState:
        """Destroy a permanent: to its owner's graveyard unless a replacement effect (regeneration,
        totem armor …) replaces the destruction (CR 701.7a, 614.1a, 614.6)."""
        state, event = self.replace_event(state, {"event": "destroy", "object": oid})
        if event is None or state.objects[oid].zone is not Zone.BATTLEFIELD:
            return state
        return self.move(state, oid, Zone.GRAVEYARD, reason, key)

    def draw(self, state: GameState, player: PlayerId, amount: int, key: K = K.DRAW) -> GameState:
        """Draw cards from the top of the library (CR 121.1); an empty library is noted for 704.5b."""
        for _ in range(amount):
            library = state.in_zone(Zone.LIBRARY, player)
            if not library:
                state = state.with_player(replace(state.player(player), drew_from_empty=True))
                self.record("move", "mtg.draw.empty", K.SBA_DRAW_EMPTY, player=player)
                continue
            state, event = self.replace_event(state, {"event": "draw", "player": player})
            if event is None:
                continue
            library = state.in_zone(Zone.LIBRARY, player)
            if not library:
                state = state.with_player(replace(state.player(player), drew_from_empty=True))
                self.record("move", "mtg.draw.empty", K.SBA_DRAW_EMPTY, player=player)
                continue
            card = library[0]
            state = self.move(state, card.id, Zone.HAND, "draw", key)
            state = self.emit(state, {"event": "draw", "player": player, "object": card.id})
        return state

    # ------------------------------------------------------------------ triggers

    def emit(self, state: GameState, event: Mapping[str, Any]) -> GameState:
        """Find the triggered abilities that trigger on ``event`` (CR 603.2); leaves-the-battlefield
        abilities look back in time (603.10a)."""
        pending = list(state.pending)
        kind = event["event"]
        sources: list[tuple[str, Chars, bool]] = [(o, self.chars(state, o), False) for o in self.permanents(state)]
        if kind in ("leaves", "dies", "sacrifice") and event.get("lki") is not None:
            sources.append((event["object"], event["lki"], True))
            # Objects leaving simultaneously with this one see each other leave (CR 603.10a).
            sources += [(o, c, True) for o, c in self._leaving.items()
                        if o != event["object"] and state.objects[o].zone is not Zone.BATTLEFIELD]
        if kind == "cycle":
            sources.append((event["object"], state.objects[event["object"]].printed, True))
        first_new = len(pending)
        listens = False
        for oid, chars, looked_back in sources:
            for index, ability in enumerate(chars.abilities):
                spec = self._trigger_spec(ability)
                if spec is None:
                    continue
                trigger = spec["trigger"]
                if trigger.get("event") == "ability_triggers":
                    listens = True
                if looked_back and kind not in ("leaves", "dies", "sacrifice", "cycle"):
                    continue
                if kind == "cycle" and trigger.get("event") != "cycle":
                    continue
                if not self._trigger_matches(state, trigger, event, oid, chars):
                    continue
                if "if" in spec and not self.condition(state, spec["if"], oid, chars.controller, event):
                    self.record("trigger", "mtg.trigger.if_false", K.INTERVENING_IF, card=oid, card_name=chars.name)
                    continue
                controller = chars.controller if oid in state.objects else event.get("player", chars.controller)
                if kind == "cycle":
                    controller = event["player"]
                pending.append(PendingTrigger(oid, index, controller, chars.name, spec, freeze(_plain_event(event)),
                                              source_lki=chars, order=len(pending)))
                self.record("trigger", "mtg.trigger", K.LEAVES_LOOK_BACK if looked_back else K.TRIGGER, card=oid,
                            card_name=chars.name, event=kind, ability=index)
        new = [t for t in pending[first_new:] if not _on_trigger(t)]
        if kind == "cast":
            state = replace(state, pending=tuple(pending))
            state = self._cascade_triggers(state, event)
        else:
            state = replace(state, pending=tuple(pending))
        if listens and kind != "ability_triggers":
            # An ability triggering is itself a trigger event for "whenever an ability triggers" (603.2, 603.3b).
            for t in new:
                state = self.emit(state, {"event": "ability_triggers", "object": t.source, "player": t.controller,
                                          "ability": t.ability})
        return state

    def _trigger_spec(self, ability: Any) -> Optional[Mapping[str, Any]]:
        if ability.kind == "triggered":
            return ability.spec
        if ability.kind == "keyword" and ability.spec.get("keyword") == "exalted":
            return freeze({"trigger": {"event": "attacks", "alone": True, "filter": {"controller": "you"}},
                           "text": "exalted", "effects": [{"do": "modify_pt", "power": 1, "toughness": 1,
                                                           "object": "event", "duration": "end_of_turn"}], "exalted": True})
        return None

    def _trigger_matches(self, state: GameState, trigger: Mapping[str, Any], event: Mapping[str, Any], oid: str, chars: Chars) -> bool:
        if trigger.get("event") != event["event"]:
            return False
        ctx = Context(oid, chars.controller, state.objects[oid].attached_to if oid in state.objects else None)
        kind = event["event"]
        if kind in ("upkeep", "end_step", "draw"):
            whose = trigger.get("player", "you")
            return whose == "each" or (whose == "you") == (event["player"] == chars.controller)
        if kind == "damage":
            src = trigger.get("source", "self")
            if src == "self" and event["source"] != oid:
                return False
            if src == "equipped" and event["source"] != ctx.attached_to:
                return False
            if src == "opponent_controls" and event.get("source_controller") != opponent(chars.controller):
                return False
            to = trigger.get("to", "any")
            if to == "opponent" and event["target"] != opponent(chars.controller):
                return False
            if to == "you" and event["target"] != chars.controller:
                return False
            if to == "player" and event["target"] not in ("p1", "p2"):
                return False
            if trigger.get("combat") and not event.get("combat"):
                return False
            return True
        if kind == "cast":
            if trigger.get("player", "you") == "you" and event["player"] != chars.controller:
                return False
            flt = trigger.get("filter")
            spell = event["object"]
            return flt is None or matches(flt, spell, self.chars(state, spell), state.objects[spell], ctx)
        if kind in ("leaves", "dies") and trigger.get("to") and event.get("to") != trigger["to"]:
            return False
        if kind in ("leaves", "dies") and trigger.get("owner") == "you":
            # "Put into your graveyard": the card's owner is the controller it had (Enigma Sphinx).
            moved = state.objects.get(event.get("object"))
            if moved is None or moved.owner != chars.controller:
                return False
        if trigger.get("damaged_by") == "equipped":
            # Unscythe: a creature dealt damage this turn by the creature it equips now.
            host = ctx.attached_to
            if host is None or host not in self._turn_log["damaged_by"].get(event.get("object"), set()):
                return False
        if kind == "attacks" and trigger.get("alone") and not event.get("alone"):
            return False
        target = event.get("object")
        if trigger.get("self"):
            return target == oid
        flt = trigger.get("filter")
        if flt is None:
            return True
        if target in state.objects and state.objects[target].zone is Zone.BATTLEFIELD:
            tchars = self.chars(state, target)
        else:
            tchars = event.get("lki") or (self.chars(state, target) if target in state.objects else None)
        if tchars is None:
            return False
        if flt.get("other") and target == oid:
            return False
        return matches(flt, target, tchars, state.objects.get(target) or state.objects[oid], ctx)

    def condition(self, state: GameState, cond: Mapping[str, Any], oid: str, controller: PlayerId,
                  event: Mapping[str, Any]) -> bool:
        """Evaluate an intervening "if" or resolution condition (CR 603.4): the conditions on the
        state alone are those static abilities use too (:func:`layers.evaluate_condition`)."""
        ctx = Context(oid, controller, None)
        shared = evaluate_condition(cond, state, lambda o: self.chars(state, o), ctx, event, self.permanents(state))
        if shared is not None:
            return shared
        if "did" in cond:
            # "If you do" / "if you return a nonland card this way": the previous instruction moved
            # an object (matching the filter, as it is now) (CR 608.2c).
            flt = cond["did"]
            return any(o in state.objects and (flt is True or matches(flt, o, state.objects[o].printed, state.objects[o], ctx))
                       for o in self._this_way)
        if "creature_spells_cast" in cond:
            # Predatory Advantage: "if that player didn't cast a creature spell this turn".
            spec = cond["creature_spells_cast"]
            who = event.get("player") if spec.get("player") == "event" else (
                opponent(controller) if spec.get("player") == "opponent" else controller)
            if who not in ("p1", "p2") or not self._turn_log["casts_known"][who]:
                self.complete = False
                self.record("cannot_evaluate", "mtg.cannot_evaluate", K.INTERVENING_IF, item="", card_name=self.name_of(state, oid),
                            detail="creature spells cast this turn are unknown (give players[].creature_spells_cast)")
                return False
            return self._turn_log["creature_casts"][who] <= int(spec.get("at_most", 0))
        return True

    def _cascade_triggers(self, state: GameState, event: Mapping[str, Any]) -> GameState:
        """Cascade triggers once per instance when its spell is cast (CR 702.85a, 702.85c)."""
        spell = event["object"]
        chars = self.chars(state, spell)
        instances = [a for a in chars.abilities if a.keyword == "cascade"]
        pending = list(state.pending)
        for n, _ in enumerate(instances):
            pending.append(PendingTrigger(spell, -1, event["player"], f"{chars.name}: cascade",
                                          freeze({"effects": [{"do": "cascade"}], "cascade": True}),
                                          freeze({"event": "cast", "object": spell, "player": event["player"]}),
                                          source_lki=chars, order=len(pending)))
            self.record("trigger", "mtg.trigger.cascade", K.CASCADE_INSTANCES if len(instances) > 1 else K.CASCADE,
                        card=spell, card_name=chars.name, instance=n + 1)
        return replace(state, pending=tuple(pending))

    def put_triggers(self, state: GameState) -> GameState:
        """Put waiting triggers on the stack: the active player's first, then the other's (APNAP,
        CR 603.3b); each player orders their own (``trigger_order``). Under 2022's 603.3b a trigger
        whose trigger condition is another ability triggering (event ``ability_triggers``) waits for
        a second round after every player's other triggers (ruleset flag ``trigger_on_trigger_last``);
        2020's 603.3b has one round. A modal trigger's modes are chosen now (603.3c, 700.2b)."""
        pending = list(state.pending)
        state = replace(state, pending=())
        on_trigger = [t for t in pending if _on_trigger(t)]
        if on_trigger and self.ruleset.trigger_on_trigger_last:
            first = [t for t in pending if not _on_trigger(t)]
            state = self._put_round(state, first, len(pending))
            self.record("trigger", "mtg.trigger.second_round", K.TRIGGER_ON_TRIGGER, count=len(on_trigger))
            return self._put_round(state, on_trigger, len(pending))
        return self._put_round(state, pending, len(pending))

    def _put_round(self, state: GameState, pending: list[PendingTrigger], waiting: int) -> GameState:
        """One APNAP round of putting triggers on the stack (CR 603.3b)."""
        for player in (state.active, opponent(state.active)):
            mine = [t for t in pending if t.controller == player]
            if not mine:
                continue
            if len(mine) > 1:
                mine = self._order_triggers(state, player, mine)
            for t in mine:
                if t.spec.get("modes"):
                    modes = self.choose_modes(state, t.controller, t.source, t.name, t.spec, t.spec.get("chosen_modes"),
                                              f"modes:{t.source}:{t.ability}", K.MODES_TRIGGERED)
                    if not modes:
                        self.record("trigger", "mtg.trigger.no_mode", K.MODES_TRIGGERED, card=t.source, card_name=t.name)
                        continue
                    self.record("trigger", "mtg.trigger.modes", K.TRIGGER_MODE, card=t.source, card_name=t.name,
                                modes=modes)
                    t = replace(t, spec=apply_modes(t.spec, modes))
                targets = tuple(self._trigger_targets(state, t))
                item_id = f"s{state.next_stack_id}"
                item = StackItem(item_id, "triggered", t.controller, t.source, t.name, tuple(t.spec.get("effects", ())),
                                 targets, tuple(t.spec.get("targets", ())), condition=t.spec.get("if"),
                                 choices=freeze({"ability": t.ability, "optional": bool(t.spec.get("optional"))}),
                                 event=t.event, source_lki=t.source_lki,
                                 cascade_of=t.source if t.spec.get("cascade") else None)
                if t.spec.get("targets") and len(targets) < len([s for s in t.spec["targets"] if not s.get("optional")]):
                    self.record("trigger", "mtg.trigger.no_target", K.TRIGGER_TO_STACK, card=t.source, card_name=t.name)
                    continue
                state = replace(state, stack=state.stack + (item,), next_stack_id=state.next_stack_id + 1)
                self.record("trigger", "mtg.trigger.to_stack", K.TRIGGER_APNAP if waiting > 1 else K.TRIGGER_TO_STACK,
                            card=t.source, card_name=t.name, item=item_id, controller=t.controller,
                            targets=list(targets))
                state = self._targets_event(state, item)
        return state

    def _order_triggers(self, state: GameState, player: PlayerId, mine: list[PendingTrigger]) -> list[PendingTrigger]:
        """The order in which ``player`` puts two or more triggered abilities on the stack (CR
        603.3b: "in any order they choose"), first = bottom: the action's ``trigger_order`` (source
        ids or labels) when it ranks every two triggers that are not alike, else
        ``options.choices["order:<player>:<n>"]`` (the n-th time that player puts two or more
        triggers on the stack at once), else an open choice among the distinct orders. Triggers
        that are alike (same source and ability text, no targets, modes or "you may", and the same
        event when the text refers to it) make the same result in any order among themselves: when
        all are alike there is nothing to choose (``mtg.choice.trigger_order_same``)."""
        n = self._order_occasions.get(player, 0) + 1
        self._order_occasions[player] = n
        key = f"order:{player}:{n}"
        labels = _trigger_labels(mine)
        kinds = _trigger_kinds(mine)
        wanted = self._trigger_order.get(player)
        if wanted:
            rank = {name: i for i, name in enumerate(wanted)}
            ranks = [rank.get(label, rank.get(t.source, len(rank))) for t, label in zip(mine, labels)]
            if all(ranks[i] != ranks[j] or kinds[i] == kinds[j]
                   for i in range(len(mine)) for j in range(i + 1, len(mine))):
                ordered = sorted(range(len(mine)), key=lambda i: (ranks[i], mine[i].order))
                self.record("choice", "mtg.choice.trigger_order", K.TRIGGER_APNAP, player=player,
                            order=[labels[i] for i in ordered], choice=key)
                return [mine[i] for i in ordered]
        given = self._choices.get(key)
        if isinstance(given, list) and sorted(map(str, given)) == sorted(labels):
            index = {label: i for i, label in enumerate(labels)}
            self.record("choice", "mtg.choice.made", K.TRIGGER_APNAP, choice=key, chosen=list(given), player=player)
            return [mine[index[str(label)]] for label in given]
        orders = _distinct_orders(kinds, labels, 10 * MAX_BRANCHES + 1)
        if len(orders) == 1:
            self.record("choice", "mtg.choice.trigger_order_same", K.TRIGGER_APNAP, player=player, order=labels,
                        choice=key)
            return list(mine)
        total = _count_orders(kinds)
        raise OpenChoice(state, key, orders, "mtg.choice.trigger_order_open", K.TRIGGER_APNAP,
                         {"player": player, "triggers": labels, "count": total,
                          "cards": [t.name for t in mine]})

    def _trigger_targets(self, state: GameState, t: PendingTrigger) -> list[str]:
        """Targets of a triggered ability as it goes on the stack (CR 603.3d, 601.2c): given in
        ``pending[].targets`` or ``options.choices["targets:<source>:<ability>"]``; the only legal
        choice; otherwise an open choice among every legal combination (distinct objects, 115.3).
        Returns fewer targets than required when there are no legal ones (603.3d: removed)."""
        specs = t.spec.get("targets", ())
        if not specs:
            return []
        chosen = list(t.spec.get("chosen_targets", ()))
        if chosen:
            return chosen
        per_spec = []
        for spec in specs:
            zone = spec.get("zone", "battlefield")
            candidates = self.permanents(state) if zone == "battlefield" else [
                o for o in state.order if state.objects[o].zone.value == zone]
            legal = [o for o in candidates if self.target_legal(state, spec, o, t.controller, t.source)]
            legal += [p for p in ("p1", "p2") if spec.get("player") and self.target_legal(state, spec, p, t.controller, t.source)]
            per_spec.append(legal + ([None] if spec.get("optional") else []))
        combos: list[list[str]] = [[]]
        for legal in per_spec:
            combos = [c + ([o] if o is not None else []) for c in combos for o in legal if o is None or o not in c]
            if len(combos) > 10 * MAX_BRANCHES:
                break
        required = len([s for s in specs if not s.get("optional")])
        combos = [c for c in combos if len(c) >= required]
        if not combos:
            return []
        return list(self.choose(state, f"targets:{t.source}:{t.ability}", combos, "mtg.choice.target", K.TRIGGER_TARGETS,
                                player=t.controller, card=t.source, card_name=t.name))

    def _fire_delayed(self, state: GameState, event: str) -> GameState:
        fired = [d for d in state.delayed if d.event == event]
        if not fired:
            return state
        pending = list(state.pending)
        for d in fired:
            pending.append(PendingTrigger(d.source, -1, d.controller, d.name, freeze({"effects": list(d.effects)}),
                                          freeze({"event": event, "object": d.refers_to}), order=len(pending)))
            self.record("trigger", "mtg.trigger.delayed", K.DELAYED_ONCE, card=d.source, card_name=d.name)
        return replace(state, pending=tuple(pending), delayed=tuple(d for d in state.delayed if d.event != event))

    # ------------------------------------------------------------------ SBAs

    def check_sbas(self, state: GameState) -> GameState:
        """Perform all applicable state-based actions at once, repeated until none apply (CR 704.3)."""
        state = self._end_while_counter(state)
        for _ in range(MAX_SBA_ROUNDS):
            actions: list[tuple[str, str, K, str]] = []
            for p in state.players:
                if p.life <= 0 and not p.lost:
                    actions.append(("lose", p.id, K.SBA_LIFE, "life"))
                elif p.drew_from_empty and not p.lost:
                    actions.append(("lose", p.id, K.SBA_DRAW_EMPTY, "empty_library"))
                elif p.poison >= 10 and not p.lost:
                    actions.append(("lose", p.id, K.SBA_POISON, "poison"))
            for oid in list(state.order):
                obj = state.objects[oid]
                if obj.token and obj.zone is not Zone.BATTLEFIELD:
                    actions.append(("cease", oid, K.SBA_TOKEN, "token"))
                if obj.copy and obj.zone is not Zone.STACK:
                    actions.append(("cease", oid, K.SBA_SPELL_COPY, "copy"))
            layers = self.layers(state)
            legends: dict[tuple[str, str], list[str]] = {}
            worlds: list[str] = []
            for oid in self.permanents(state):
                chars, obj = layers.chars[oid], state.objects[oid]
                if "creature" in chars.types:
                    if (chars.toughness or 0) <= 0:
                        actions.append(("graveyard", oid, K.SBA_TOUGHNESS, "toughness"))
                        continue
                    indestructible = chars.has_keyword("indestructible") or self.has_rule_effect(state, "indestructible", oid)
                    if obj.damage >= (chars.toughness or 0) and obj.damage > 0 and not indestructible:
                        actions.append(("destroy", oid, K.SBA_LETHAL_DAMAGE, "lethal_damage"))
                        continue
                    if obj.deathtouch_damage and obj.damage > 0 and not indestructible:
                        actions.append(("destroy", oid, K.SBA_DEATHTOUCH, "deathtouch"))
                        continue
                if "planeswalker" in chars.types and obj.counters.get("loyalty", 0) <= 0:
                    actions.append(("graveyard", oid, K.SBA_LOYALTY, "loyalty"))
                if "legendary" in chars.supertypes:
                    legends.setdefault((chars.controller, chars.name), []).append(oid)
                if "Aura" in chars.subtypes:
                    host = obj.attached_to
                    if host is None or host not in state.objects or state.objects[host].zone is not Zone.BATTLEFIELD:
                        actions.append(("graveyard", oid, K.SBA_AURA, "aura"))
                if "Equipment" in chars.subtypes and obj.attached_to is not None:
                    host = state.objects.get(obj.attached_to)
                    if host is None or host.zone is not Zone.BATTLEFIELD or "creature" not in layers.chars[host.id].types:
                        actions.append(("unattach", oid, K.SBA_EQUIPMENT, "equipment"))
                if obj.counters.get("+1/+1", 0) and obj.counters.get("-1/-1", 0):
                    actions.append(("annihilate", oid, K.SBA_COUNTERS, "counters"))
                if obj.attached_to is not None and ("creature" in chars.types or not {"Aura", "Equipment", "Fortification"} & chars.subtypes):
                    # CR 704.5p: a creature, or a permanent that is no Aura, Equipment or Fortification, becomes unattached.
                    actions.append(("unattach", oid, K.SBA_ATTACHED, "attached_creature" if "creature" in chars.types else "attached_permanent"))
                for kind, most in self._counter_limits(state, oid).items():
                    if obj.counters.get(kind, 0) > most:
                        actions.append(("limit", oid, K.SBA_MAX_COUNTERS, kind))
                if "world" in chars.supertypes:
                    worlds.append(oid)
                if "Saga" in chars.subtypes:
                    self._not_covered(oid, chars.name, K.SBA_SAGA, "saga")
            for (controller, name), oids in legends.items():
                if len(oids) > 1:
                    # CR 704.5j: that player chooses one of them; the rest go to the graveyard.
                    keep = self.choose(state, f"legend:{controller}:{name}", list(oids), "mtg.choice.legend",
                                       K.SBA_LEGEND, player=controller, card_name=name)
                    for oid in oids:
                        if oid != keep:
                            actions.append(("graveyard", oid, K.SBA_LEGEND, "legend_rule"))
            actions += self._world_rule(state, worlds)
            if not actions:
                return state
            self.record("state_based", "mtg.sba.check", K.SBA_CHECK, count=len(actions))
            seen = set()
            for what, oid, key, why in actions:
                if (what, oid) in seen:
                    continue
                seen.add((what, oid))
                if what == "lose":
                    state = state.with_player(replace(state.player(oid), lost=True))
                    self.record("state_based", "mtg.sba.lose", key, player=oid, reason=why)
                elif what == "cease":
                    self.record("state_based", "mtg.sba.cease", key, card=oid, card_name=state.objects[oid].printed.name, reason=why)
                    state = state.without_object(oid)
                elif what == "unattach":
                    obj = state.objects[oid]
                    state = state.with_object(replace(obj, attached_to=None))
                    self.record("state_based", "mtg.sba.unattach", key, card=oid, card_name=obj.printed.name)
                elif what == "annihilate":
                    obj = state.objects[oid]
                    n = min(obj.counters["+1/+1"], obj.counters["-1/-1"])
                    counters = dict(obj.counters)
                    counters["+1/+1"] -= n
                    counters["-1/-1"] -= n
                    state = state.with_object(replace(obj, counters=MappingProxyType({k: v for k, v in counters.items() if v})))
                    self.record("state_based", "mtg.sba.counters", key, card=oid, card_name=obj.printed.name, removed=n)
                elif what == "limit":
                    obj = state.objects[oid]
                    most = self._counter_limits(state, oid)[why]
                    counters = dict(obj.counters)
                    removed, counters[why] = counters[why] - most, most
                    state = state.with_object(replace(obj, counters=MappingProxyType({k: v for k, v in counters.items() if v})))
                    self.record("state_based", "mtg.sba.counters_limit", key, card=oid, card_name=obj.printed.name,
                                kind=why, removed=removed, max=most)
                elif state.objects.get(oid) and state.objects[oid].zone is Zone.BATTLEFIELD:
                    self.record("state_based", "mtg.sba.graveyard", key, card=oid, card_name=state.objects[oid].printed.name, reason=why)
                    if what == "destroy":
                        state = self.destroy(state, oid, why, key)
                    else:
                        state = self.move(state, oid, Zone.GRAVEYARD, why, key)
            losers = [p.id for p in state.players if p.lost]
            if losers:
                winner = "draw" if len(losers) == 2 else opponent(losers[0])
                state = replace(state, winner=winner)
                self.record("end", "mtg.end.game", K.GAME_DRAW if winner == "draw" else K.GAME_WON, winner=winner)
                return state
        return state

    def _counter_limits(self, state: GameState, oid: ObjectId) -> dict[str, int]:
        """Counter kind → N for each ability of the permanent that says it can't have more than N
        counters of that kind (a static ``max_counters`` effect, CR 704.5r); the smallest N wins."""
        limits: dict[str, int] = {}
        for ability in self.chars(state, oid).abilities:
            if ability.kind != "static" or not self._static_holds(state, oid, ability):
                continue
            for part in ability.spec.get("effects", ()):
                if part.get("do") == "max_counters":
                    limits[part["kind"]] = min(int(part["max"]), limits.get(part["kind"], int(part["max"])))
        return limits

    def _world_rule(self, state: GameState, worlds: list[str]) -> list[tuple[str, str, K, str]]:
        """CR 704.5k: with two or more world permanents, all but the one that has had the world
        supertype for the shortest time go to the graveyard; on a tie for the shortest, all do.
        A permanent has had it since its timestamp (613.7d) when its printed card has it and no
        effect changed its supertypes, or since the later of that and the timestamp of a locked-in
        effect (611.2c) that gave it world; otherwise (a copy effect, an effect with a changing set
        of objects, a timestamp renewed by attaching, 613.7e) the time is not known: a
        ``cannot_evaluate`` step and the world rule is not applied."""
        if len(worlds) < 2:
            return []
        walk = compute(state).walk
        since: dict[str, int] = {}
        for oid in worlds:
            obj = state.objects[oid]
            rows = [r for r in walk.get(oid, ()) if r["layer"] == 1 or (
                r["layer"] == 4 and ("world" in r["before"]["supertypes"]) != ("world" in r["after"]["supertypes"]))]
            effects = {e.id: e for e in state.effects}
            if obj.attached_to is not None or any(r["layer"] == 1 for r in rows):
                self._not_covered(oid, obj.printed.name, K.SBA_WORLD, "world_since_unknown")
                return []
            if not rows and "world" in obj.printed.supertypes:
                since[oid] = obj.timestamp
                continue
            last = rows[-1] if rows else None
            effect = effects.get(last["effect"]) if last else None
            if effect is None or effect.affected_ids is None or effect.condition is not None:
                self._not_covered(oid, obj.printed.name, K.SBA_WORLD, "world_since_unknown")
                return []
            since[oid] = max(obj.timestamp, effect.timestamp)
        newest = max(since.values())
        keep = [o for o in worlds if since[o] == newest]
        return [("graveyard", o, K.SBA_WORLD, "world_rule") for o in worlds if o not in keep or len(keep) > 1]

    def _not_covered(self, oid: ObjectId, name: str, key: K, reason: str) -> None:
        """A state-based action the engine cannot evaluate for ``oid``: one ``cannot_evaluate``
        step (``mtg.sba.not_covered``) and an incomplete result; never silently skipped."""
        if (oid, reason) in self._sba_noted:
            return
        self._sba_noted.add((oid, reason))
        self.complete = False
        self.record("cannot_evaluate", "mtg.sba.not_covered", key, card=oid, card_name=name, reason=reason)

    @staticmethod
    def _end_while_counter(state: GameState) -> GameState:
        """"For as long as it has a feather counter on it" (CR 611.2b): an effect with duration
        ``while_counter`` ends once none of its objects is on the battlefield with that counter."""
        def lasts(e: Effect) -> bool:
            if e.duration != "while_counter":
                return True
            kind = e.params.get("counter")
            return any(o in state.objects and state.objects[o].zone is Zone.BATTLEFIELD and state.objects[o].counters.get(kind, 0)
                       for o in e.affected_ids or ())
        kept = tuple(e for e in state.effects if lasts(e))
        return state if len(kept) == len(state.effects) else replace(state, effects=kept)

    # ------------------------------------------------------------------ resolution

    def resolve_top(self, state: GameState) -> GameState:
        """Resolve the top item of the stack (CR 608.1), then the active player gets priority (117.3b)."""
        item = state.stack[-1]
        state = replace(state, stack=state.stack[:-1])
        self.record("resolve", "mtg.resolve", K.RESOLVE_TOP, item=item.id, card=item.source, card_name=item.name, item_kind=item.kind)
        state = self._resolve_item(state, item)
        return self.settle(state, player=state.active, why=K.PRIORITY_AFTER_RESOLVE) if not state.winner else state

    def _resolve_item(self, state: GameState, item: StackItem) -> GameState:
        if item.condition is not None:
            ok = self.condition(state, item.condition, item.source, item.controller, item.event)
            if not ok:
                self.record("resolve", "mtg.resolve.if_false", K.INTERVENING_IF_RESOLVE, item=item.id, card_name=item.name)
                return state
        legal: list[bool] = []
        for spec, target in zip(item.target_specs, item.targets):
            ok = self.target_legal(state, spec, target, item.controller, item.source)
            if not ok:
                self.record("resolve", "mtg.resolve.target_illegal", K.TARGETS_RECHECKED, item=item.id,
                            target=target, target_name=self.name_of(state, target))
            legal.append(ok)
        if item.targets and not any(legal):
            self.record("resolve", "mtg.resolve.no_legal_targets", K.TARGETS_RECHECKED, item=item.id, card_name=item.name)
            if item.kind == "spell":
                state = self._spell_done(state, item, countered=False)
            return state
        if item.kind == "triggered" and item.choices.get("optional") and not self._may(state, item):
            return state
        state = self.execute(state, item, tuple(legal))
        if item.kind == "spell":
            state = self._spell_done(state, item, countered=False)
        return state

    def _may(self, state: GameState, item: StackItem) -> bool:
        """"You may …" (CR 603.5): the ability went on the stack anyway; its controller chooses as
        it resolves. ``options.choices["may:<source>:<ability index>"]`` (true/false), else an open
        choice with both branches. Returns whether the player does it (a ``mtg.resolve.declined``
        step when not)."""
        key = f"may:{item.source}:{item.choices.get('ability', 0)}"
        yes = self.choose(state, key, [True, False], "mtg.choice.may", K.TRIGGER_OPTIONAL, player=item.controller,
                          card=item.source, card_name=item.name)
        if not yes:
            self.record("resolve", "mtg.resolve.declined", K.TRIGGER_OPTIONAL, item=item.id, card=item.source,
                        card_name=item.name)
        return bool(yes)

    def _spell_done(self, state: GameState, item: StackItem, countered: bool) -> GameState:
        """An instant or sorcery goes to the graveyard (CR 608.2m); a permanent spell enters (608.3)."""
        oid = item.source
        if oid not in state.objects or state.objects[oid].zone is not Zone.STACK:
            return state
        obj = state.objects[oid]
        if obj.copy:
            return self.move(state, oid, Zone.GRAVEYARD, "copy_resolved", K.SPELL_TO_GRAVEYARD)
        types = obj.printed.types
        if countered or "instant" in types or "sorcery" in types:
            return self.move(state, oid, Zone.GRAVEYARD, "countered" if countered else "resolved",
                             K.COUNTER if countered else K.SPELL_TO_GRAVEYARD)
        state = self.move(state, oid, Zone.BATTLEFIELD, "resolved", K.PERMANENT_RESOLVES, controller=item.controller)
        if "Aura" in obj.printed.subtypes and item.targets:
            state = state.with_object(replace(state.objects[oid], attached_to=item.targets[0]))
        return state

    def execute(self, state: GameState, item: StackItem, legal: tuple[bool, ...]) -> GameState:
        """Follow the instructions in order (CR 608.2c); a part about an illegal target is skipped (608.2b)."""
        self._effect_part = None
        self._this_way, self._this_way_lki = [], {}
        for part in item.effects:
            if state.winner:
                break
            state = self.do_instruction(state, item, part, legal)
        return state

    def _objects(self, state: GameState, item: StackItem, part: Mapping[str, Any], legal: tuple[bool, ...]) -> list[str]:
        if "target" in part:
            index = part["target"]
            if index < len(item.targets) and (index >= len(legal) or legal[index] or not legal):
                return [item.targets[index]]
            return []
        ref = part.get("object")
        if ref == "self":
            return [item.source] if item.source in state.objects else []
        if ref == "event":
            o = item.event.get("object")
            return [o] if o else []
        if ref == "attacker":
            o = item.event.get("attacker")
            return [o] if o else []
        if ref == "attached":
            src = state.objects.get(item.source)
            if src and src.zone is Zone.BATTLEFIELD:
                return [src.attached_to] if src.attached_to else []
            lki_attached = item.event.get("attached") if item.event else None
            return [lki_attached] if lki_attached else []
        if "combat" in part:
            # "Blocking creatures" / "blocked creatures": blocked stays blocked, blocking stays blocking,
            # until removed from combat, even if the other creature left (CR 509.1h, 506.4).
            kinds = part["combat"]
            return [o for o in self.permanents(state) if "creature" in self.chars(state, o).types and (
                ("blocking" in kinds and state.objects[o].blocking)
                or ("blocked" in kinds and state.objects[o].attacking and state.objects[o].blocked))]
        if "cards" in part:
            # Every card matching ``cards`` in ``zone`` of the player ``owner`` ("all creature cards from
            # target player's graveyard").
            ctx = Context(item.source, item.controller, None)
            owners = self._player(state, item, {"player": part.get("owner", "you")})
            zone = Zone(part.get("zone", "graveyard"))
            return [o.id for o in state.in_zone(zone) if o.owner in owners
                    and matches(part["cards"], o.id, o.printed, o, ctx)]
        if "affected" in part:
            ctx = Context(item.source, item.controller, state.objects[item.source].attached_to if item.source in state.objects else None)
            return [o for o in self.permanents(state) if matches(part["affected"], o, self.chars(state, o), state.objects[o], ctx)]
        return []

    def _player(self, state: GameState, item: StackItem, part: Mapping[str, Any]) -> list[PlayerId]:
        who = part.get("player", "you")
        if who == "you":
            return [item.controller]
        if who == "opponent":
            return [opponent(item.controller)]
        if who == "each":
            return [state.active, opponent(state.active)]
        if isinstance(who, int):
            return [item.targets[who]] if who < len(item.targets) else []
        if who == "event":
            return [item.event.get("player")] if item.event.get("player") else []
        return [who]

    def _amount(self, state: GameState, item: StackItem, value: Any) -> int:
        """An amount, determined once as the instruction is followed (CR 608.2h)."""
        if isinstance(value, int):
            return value
        if value == "x":
            return int(item.choices.get("x", 0))
        if isinstance(value, Mapping):
            if "count" in value:
                ctx = Context(item.source, item.controller, None)
                n = sum(1 for o in self.permanents(state) if matches(value["count"], o, self.chars(state, o), state.objects[o], ctx))
                return n * value.get("times", 1)
            if "event_amount" in value:
                return int(item.event.get("amount", 0))
            if "life_lost_this_turn" in value:
                # Tainted Sigil: life lost by all players this turn, whoever caused it (CR 119.3, 120.3a).
                return sum(self._turn_log["life_lost"].values())
            if "this_way" in value:
                return self._this_way_amount(state, item, value["this_way"])
            if value.get("power_of") == "source":
                src = item.source
                if src in state.objects and state.objects[src].zone is Zone.BATTLEFIELD:
                    return self.chars(state, src).power or 0
                self.record("resolve", "mtg.resolve.last_known", K.LAST_KNOWN, card=src, card_name=item.name)
                return (item.source_lki.power if item.source_lki else 0) or 0
            if value.get("power_of") in ("event", "attached"):
                oid = item.event.get("object")
                if value["power_of"] == "attached":
                    src = state.objects.get(item.source)
                    oid = src.attached_to if src else None
                if oid and oid in state.objects and state.objects[oid].zone is Zone.BATTLEFIELD:
                    return self.chars(state, oid).power or 0
                lki = item.event.get("lki") or (state.lki.get(oid) if oid else None)
                self.record("resolve", "mtg.resolve.last_known", K.LAST_KNOWN, card=oid or "", card_name=self.name_of(state, oid))
                return (lki.power if lki else 0) or 0
        return 0

    def _this_way_amount(self, state: GameState, item: StackItem, what: str) -> int:
        """An amount about the objects the previous instruction moved: ``count``, or the sum of
        their ``mana_value`` or ``toughness`` as they last existed before moving (CR 608.2h)."""
        if what == "count":
            return len(self._this_way)
        total = 0
        for oid in self._this_way:
            chars = self._this_way_lki.get(oid) or (state.objects[oid].printed if oid in state.objects else None)
            if chars is None:
                continue
            self.record("resolve", "mtg.resolve.last_known", K.LAST_KNOWN, card=oid, card_name=chars.name)
            total += mana_value(chars.mana_cost) if what == "mana_value" else (chars.toughness or 0) if what == "toughness" else 0
        return total

    def do_instruction(self, state: GameState, item: StackItem, part: Mapping[str, Any], legal: tuple[bool, ...]) -> GameState:
        do = part.get("do")
        if part.get("if") is not None and do != "replacement":
            # CR 608.2c: "then if you control …" / "if you do": checked as this instruction is reached.
            if not self.condition(state, part["if"], item.source, item.controller, item.event):
                self.record("resolve", "mtg.resolve.instruction_if_false", K.INSTRUCTIONS_IN_ORDER, item=item.id,
                            card=item.source, card_name=item.name, do=str(do))
                self._this_way, self._this_way_lki = [], {}
                return state
        if part.get("optional") and not self._may(state, item):
            self._this_way, self._this_way_lki = [], {}
            return state
        if "instead" in part and do != "replacement":
            # CR 614.15: a self-replacement effect ("… If [condition], [other] instead") replaces
            # the instruction's own effect; it applies before any other replacement (616.1a).
            cond = part.get("instead_if")
            if cond is None or self.condition(state, cond, item.source, item.controller, item.event):
                self.record("replace", "mtg.replace.self", K.SELF_REPLACEMENT, item=item.id, card_name=item.name)
                for other in part["instead"]:
                    state = self.do_instruction(state, item, other, legal)
                return state
        if do == "remove_damage":
            for oid in self._objects(state, item, part, legal):
                obj = state.objects.get(oid)
                if obj and obj.zone is Zone.BATTLEFIELD:
                    state = state.with_object(replace(obj, damage=0, deathtouch_damage=False))
                    self.record("resolve", "mtg.damage.removed", K.REMOVE_DAMAGE, card=oid, card_name=obj.printed.name)
            return state
        if do in ("destroy", "exile", "return_to_hand", "sacrifice"):
            if do == "sacrifice" and "choose" in part:
                return self._sacrifice_chosen(state, item, part)
            chosen = self._objects(state, item, part, legal)
            self._leaving = {o: self.chars(state, o) for o in chosen
                             if o in state.objects and state.objects[o].zone is Zone.BATTLEFIELD}
            state = self._remove_each(state, item, part, do, chosen)
            self._leaving = {}
            return state
        return self._do_other(state, item, part, legal, do)

    def _remove_each(self, state: GameState, item: StackItem, part: Mapping[str, Any], do: str,
                     chosen: list[str], sacrificer: Optional[PlayerId] = None) -> GameState:
        """Destroy, exile, bounce or sacrifice each object, as one simultaneous event (CR 608.2f).
        The objects that moved are what the next instruction calls "this way" (``did``, ``this_way``).
        A player sacrifices only permanents they control (701.17a): ``sacrificer``, else the item's controller."""
        self._this_way, self._this_way_lki = [], {}
        zone = Zone(part.get("zone", "battlefield"))
        for oid in chosen:
            obj = state.objects.get(oid)
            if obj is None or obj.zone is not zone:
                continue
            before = self.chars(state, oid)
            if do == "destroy":
                if before.has_keyword("indestructible") or self.has_rule_effect(state, "indestructible", oid):
                    self.record("resolve", "mtg.resolve.indestructible", K.INDESTRUCTIBLE, card=oid, card_name=obj.printed.name)
                    continue
                state = self.destroy(state, oid, "destroy", K.DESTROY)
            elif do == "exile":
                state = self.move(state, oid, Zone.EXILE, "exile", K.EXILE)
            elif do == "return_to_hand":
                state = self.move(state, oid, Zone.HAND, "return_to_hand", K.NEW_OBJECT)
            else:
                if before.controller != (sacrificer or item.controller) and part.get("object") != "event":
                    self.record("resolve", "mtg.resolve.cant_sacrifice", K.SACRIFICE, player=sacrificer or item.controller,
                                card=oid, card_name=obj.printed.name, controller=before.controller)
                    continue
                state = self.move(state, oid, Zone.GRAVEYARD, "sacrifice", K.SACRIFICE)
            if oid not in state.objects or state.objects[oid].zone is not zone:
                self._this_way.append(oid)
                self._this_way_lki[oid] = before
        return state

    def _do_other(self, state: GameState, item: StackItem, part: Mapping[str, Any], legal: tuple[bool, ...],
                  do: str) -> GameState:
        if do == "counter":
            for target in self._objects(state, item, part, legal):
                victim = next((s for s in state.stack if s.source == target or s.id == target), None)
                if victim is None:
                    continue
                chars = self.chars(state, victim.source) if victim.source in state.objects else None
                if chars and victim.kind == "spell" and self._cant_be_countered(state, victim.source, chars):
                    self.record("resolve", "mtg.resolve.cant_be_countered", K.CAN_T_BEATS_CAN, card=victim.source, card_name=victim.name)
                    continue
                state = replace(state, stack=tuple(s for s in state.stack if s is not victim))
                self.record("resolve", "mtg.resolve.countered", K.COUNTER, item=victim.id, card=victim.source, card_name=victim.name)
                if victim.kind == "spell":
                    state = self._spell_done(state, victim, countered=True)
            return state
        if do == "unless_pays":
            return self._unless_pays(state, item, part, legal)
        if do == "deal_damage" and part.get("divided"):
            # CR 601.2d: the division was announced on casting; an illegal target gets none (608.2b).
            division = list(item.choices.get("divide") or ())
            src = item.source
            schars = self.chars(state, src) if src in state.objects and state.objects[src].zone in (Zone.BATTLEFIELD, Zone.STACK) else item.source_lki
            for index, (target, amount) in enumerate(zip(item.targets, division)):
                if index < len(legal) and not legal[index]:
                    continue
                self.record("damage", "mtg.damage.divided", K.DIVIDE, card=src, card_name=item.name, target=target,
                            target_name=self.name_of(state, target), amount=amount)
                state = self.deal_damage(state, src, target, amount, source_chars=schars)
            return state
        if do == "deal_damage":
            amount = self._amount(state, item, part.get("amount", 0))
            recipients = self._objects(state, item, part, legal)
            if "player" in part:
                recipients += self._player(state, item, part)
            if "target" in part and not recipients:
                return state
            src = item.source
            schars = self.chars(state, src) if src in state.objects and state.objects[src].zone in (Zone.BATTLEFIELD, Zone.STACK) else item.source_lki
            if part.get("source") == "attached":
                host = state.objects[src].attached_to if src in state.objects else None
                if host:
                    src, schars = host, self.chars(state, host)
            for r in recipients:
                state = self.deal_damage(state, src, r, amount, source_chars=schars)
            return state
        if do in ("draw", "gain_life", "lose_life", "mill", "discard_hand"):
            amount = self._amount(state, item, part.get("amount", 1))
            for p in self._player(state, item, part):
                if do == "draw":
                    state = self.draw(state, p, amount)
                elif do == "gain_life" or do == "lose_life":
                    sign = 1 if do == "gain_life" else -1
                    pl = state.player(p)
                    if sign < 0:
                        self._turn_log["life_lost"][p] += amount
                    state = state.with_player(replace(pl, life=pl.life + sign * amount))
                    self.record("life", "mtg.life.gain" if sign > 0 else "mtg.life.lose", K.LIFE, player=p, amount=amount,
                                life=pl.life + sign * amount)
                elif do == "mill":
                    for card in state.in_zone(Zone.LIBRARY, p)[:amount]:
                        state = self.move(state, card.id, Zone.GRAVEYARD, "mill", K.NEW_OBJECT)
                else:
                    for card in state.in_zone(Zone.HAND, p):
                        state = self.move(state, card.id, Zone.GRAVEYARD, "discard", K.DISCARD)
            return state
        if do == "create_token":
            count = self._amount(state, item, part.get("count", 1))
            for n in range(count):
                token = part["token"]
                oid = f"{item.id}-token{n + 1}"
                ts, state = state.stamp()
                chars = _chars_from(token, oid, item.controller)
                state = state.with_object(GameObject(oid, item.controller, item.controller, Zone.STACK, chars, ts, token=True))
                state = self.move(state, oid, Zone.BATTLEFIELD, "create_token", K.CREATE_TOKEN, controller=item.controller)
            return state
        if do in ("add_counters", "remove_counters"):
            kind, n = part.get("kind", "+1/+1"), self._amount(state, item, part.get("count", 1))
            for oid in self._objects(state, item, part, legal):
                obj = state.objects.get(oid)
                if obj is None or obj.zone is not Zone.BATTLEFIELD:
                    continue
                counters = dict(obj.counters)
                counters[kind] = max(counters.get(kind, 0) + (n if do == "add_counters" else -n), 0)
                ts, state = state.stamp()
                stamps = dict(obj.counter_timestamps)
                if do == "add_counters":
                    stamps[kind] = ts  # CR 613.7c: every counter of that kind gets the new timestamp
                state = state.with_object(replace(obj, counters=MappingProxyType(counters),
                                                  counter_timestamps=MappingProxyType(stamps)))
                self.record("counters", "mtg.counters", K.TIMESTAMP_COUNTER, card=oid, card_name=obj.printed.name, kind=kind,
                            count=counters[kind], timestamp=ts)
            return state
        if do in ("tap", "untap"):
            for oid in self._objects(state, item, part, legal):
                obj = state.objects.get(oid)
                if obj and obj.zone is Zone.BATTLEFIELD:
                    state = state.with_object(replace(obj, tapped=do == "tap"))
                    self.record("move", "mtg.tap", K.TAP, card=oid, card_name=obj.printed.name, tapped=do == "tap")
            return state
        if do == "add_mana":
            p = state.player(item.controller)
            state = state.with_player(replace(p, mana_pool=(p.mana_pool or "") + part.get("mana", "")))
            self.record("mana", "mtg.mana.add", K.MANA_ABILITY_NO_STACK, player=p.id, mana=part.get("mana", ""))
            return state
        if do in LAYER_EFFECTS or do in RULE_EFFECTS:
            return self._create_effect(state, item, part, legal)
        if do == "copy_spell":
            return self._copy_spell(state, item, part, legal)
        if do == "cascade":
            return self.cascade(state, item)
        if do == "search":
            return self._search(state, item, part)
        if do == "attach":
            for oid in self._objects(state, item, part, legal):
                src = state.objects.get(item.source)
                if src is None or src.zone is not Zone.BATTLEFIELD:
                    continue
                ts, state = state.stamp()
                state = state.with_object(replace(src, attached_to=oid, timestamp=ts))
                self.record("move", "mtg.attach", K.TIMESTAMP_ATTACH, card=item.source, card_name=item.name, to=oid,
                            to_name=self.name_of(state, oid), timestamp=ts)
            return state
        if do == "delayed_trigger":
            refers = self._objects(state, item, {"object": part.get("object"), **({"target": part["target"]} if "target" in part else {})}, legal)
            state = replace(state, delayed=state.delayed + (Delayed(part.get("when", "end_step"), item.controller, item.source,
                                                                   item.name, tuple(part.get("effects", ())),
                                                                   refers[0] if refers else None),))
            self.record("resolve", "mtg.delayed.created", K.DELAYED_TRIGGER, card=item.source, card_name=item.name)
            return state
        if do == "grant_spell":
            return state
        handler = self._NEW_INSTRUCTIONS.get(do)
        if handler is not None:
            return handler(self, state, item, part, legal)
        self.complete = False
        self.record("cannot_evaluate", "mtg.cannot_evaluate", K.INSTRUCTIONS_IN_ORDER, item=item.id, card_name=item.name,
                    detail=str(part.get("text") or do))
        return state

    def _unless_pays(self, state: GameState, item: StackItem, part: Mapping[str, Any], legal: tuple[bool, ...]) -> GameState:
        """"[Do something] unless [a player] pays [cost]" (CR 118.12a): that player may pay as the
        instruction is followed (118.12); if they don't, the ``effects`` happen.

        ``part``: ``{"do": "unless_pays", "player": "you"|"opponent"|{"controller_of_target": i},
        "mana": "{4}" | "life": n, "effects": [INSTRUCTION…]}``. The choice is
        ``options.choices["unless:<source>"]`` (true = pays); a player who can't pay (mana not in
        a tracked pool, life below the amount, 119.4) doesn't. Errors: :class:`OpenChoice`.
        """
        payer = self._payer(state, item, part)
        if payer is None:
            return state
        mana, life = part.get("mana"), part.get("life")
        cost = mana if mana else f"{life} life"
        player = state.player(payer)
        if mana:
            can = player.mana_pool is None or _pay(player.mana_pool, mana) is not None
        else:
            can = player.life >= int(life or 0)
        paid = self.choose(state, f"unless:{item.source}", [True, False] if can else [False], "mtg.choice.unless",
                           K.UNLESS_PAYS, player=payer, card=item.source, card_name=item.name, cost=cost)
        if paid:
            if mana and player.mana_pool is not None:
                state = state.with_player(replace(player, mana_pool=_pay(player.mana_pool, mana) or ""))
            elif life:
                state = state.with_player(replace(player, life=player.life - int(life)))
                self._turn_log["life_lost"][payer] += int(life)
            self.record("resolve", "mtg.unless.paid", K.PAY_OR_NOT, player=payer, card=item.source, card_name=item.name,
                        cost=cost)
            return state
        self.record("resolve", "mtg.unless.not_paid", K.UNLESS_PAYS, player=payer, card=item.source, card_name=item.name,
                    cost=cost, could_pay=can)
        for sub in part.get("effects", ()):
            state = self.do_instruction(state, item, sub, legal)
        return state

    def _payer(self, state: GameState, item: StackItem, part: Mapping[str, Any]) -> Optional[PlayerId]:
        who = part.get("player", "you")
        if isinstance(who, Mapping) and "controller_of_target" in who:
            index = int(who["controller_of_target"])
            if index >= len(item.targets):
                return None
            target = item.targets[index]
            if target in ("p1", "p2"):
                return target
            spell = next((s for s in state.stack if s.source == target or s.id == target), None)
            if spell is not None:
                return spell.controller
            if target in state.objects and state.objects[target].zone is Zone.BATTLEFIELD:
                return self.chars(state, target).controller
            return state.objects[target].controller if target in state.objects else None
        players = self._player(state, item, {"player": who})
        return players[0] if players else None

    def _create_effect(self, state: GameState, item: StackItem, part: Mapping[str, Any], legal: tuple[bool, ...]) -> GameState:
        """A continuous effect from a resolving spell or ability: a new timestamp (CR 613.7b); it
        locks in its affected set if it changes characteristics (611.2c), otherwise not."""
        do = part["do"]
        previous = self._effect_part
        shared = (previous is not None and previous[0] == item.id and len(previous) > 4
                  and (part.get("with_previous") or (do in LAYER_EFFECTS and not part.get("not_locked")
                                                     and "target" not in part and "object" not in part
                                                     and previous[1] == part.get("affected"))))
        if shared:
            ts = previous[4]  # CR 613.7b: the parts of one effect share the timestamp it received when created
        else:
            ts, state = state.stamp()
        params = dict(part)
        params.pop("with_previous", None)
        if do == "must_block":
            # CR 509.1c: "blocks it this turn if able" names one object, the attacker as it is now (400.7).
            attacker = next(iter(self._objects(state, item, {"object": part.get("attacker", "self")}, legal)), None)
            params["attacker"] = attacker
            params["attacker_timestamp"] = state.objects[attacker].timestamp if attacker in state.objects else None
        for key in ("power", "toughness"):
            if key in params and (params[key] == "x" or (isinstance(params[key], Mapping) and (
                    {"power_of", "this_way", "event_amount", "life_lost_this_turn"} & set(params[key])))):
                params[key] = self._amount(state, item, params[key])
        duration = part.get("duration", "permanent")
        locked = do in LAYER_EFFECTS and not part.get("not_locked")
        affected_ids = None
        affected_filter = None
        group = f"{item.id}.{ts}"
        if shared and part.get("with_previous") and previous[2] is not None:
            # A part of the previous instruction's effect ("gets +1/+1 and gains flying") affects its objects.
            affected_ids, group = previous[2], previous[3]
        elif (locked and "target" not in part and "object" not in part and previous is not None
                and previous[0] == item.id and previous[1] == part.get("affected")):
            # CR 613.6, 611.2c: consecutive parts of one effect over the same objects ("all noncreature
            # artifacts become 2/2 artifact creatures") share the set determined when the effect began.
            affected_ids, group = previous[2], previous[3]
        elif "target" in part or "object" in part or locked:
            affected_ids = tuple(self._objects(state, item, part, legal))
            if "target" in part and not affected_ids:
                return state
        else:
            affected_filter = part.get("affected")
        self._effect_part = (item.id, part.get("affected") if locked and "target" not in part and "object" not in part else object(),
                             affected_ids, group, ts)
        effect_id = f"{item.id}.{ts}" + (f".{sum(1 for e in state.effects if e.group == group)}" if shared else "")
        effect = Effect(effect_id, do, freeze(params), item.source, item.controller, ts,
                        affected_ids=affected_ids, affected_filter=affected_filter, duration=duration,
                        group=group)
        state = replace(state, effects=state.effects + (effect,))
        key = K.TIMESTAMP_SHARED if shared else K.LOCKED_IN if affected_ids is not None else K.STATIC_NOT_LOCKED
        self.record("effect", "mtg.effect.created", key,
                    effect=effect.id, do=do, card_name=item.name, timestamp=ts, duration=duration,
                    affected=list(affected_ids) if affected_ids is not None else None, shared_timestamp=shared)
        return state

    def _copy_spell(self, state: GameState, item: StackItem, part: Mapping[str, Any], legal: tuple[bool, ...]) -> GameState:
        """Copy a spell on the stack; the copy is not cast; new targets may be chosen (CR 707.10, 707.10c)."""
        for target in self._objects(state, item, {**part, "zone": "stack"}, legal) or [item.event.get("object")]:
            original = next((s for s in state.stack if s.source == target), None)
            if original is None:
                continue
            obj = state.objects[original.source]
            copy_id = f"{original.source}-copy{state.next_stack_id}"
            ts, state = state.stamp()
            state = state.with_object(replace(obj, id=copy_id, timestamp=ts, copy=True, controller=item.controller))
            new_targets = tuple(part.get("new_targets") or item.choices.get("new_targets") or original.targets)
            sid = f"s{state.next_stack_id}"
            copy_item = replace(original, id=sid, source=copy_id, controller=item.controller, targets=new_targets, copy=True)
            state = replace(state, stack=state.stack + (copy_item,), next_stack_id=state.next_stack_id + 1)
            self.record("copy", "mtg.copy.spell", K.COPY_NEW_TARGETS if new_targets != original.targets else K.COPY_SPELL,
                        item=sid, card=copy_id, card_name=obj.printed.name, targets=list(new_targets))
            if "modes" in original.choices:
                # CR 700.2g: the copy has the original's modes; its controller can't choose others.
                self.record("copy", "mtg.copy.modes", K.MODES_COPY, item=sid, card=copy_id, card_name=obj.printed.name,
                            modes=list(original.choices["modes"]))
        return state

    def _search(self, state: GameState, item: StackItem, part: Mapping[str, Any]) -> GameState:
        """Search the library for a card matching ``filter`` (CR 701.19a) and put it into ``to``
        (``hand``, the default, or ``battlefield``); ``mana_value_at_most`` (a number or ``"x"``)
        limits it. With ``"choose": true`` the player picks which card, or finds none (701.19b):
        ``options.choices["search:<source>"]`` = a card id or ``"none"``, else an open choice. Without
        it the first matching card (or the action's ``chosen``) is found (typecycling). With
        ``"shuffle": true`` a ``mtg.shuffle`` step follows (the order is not modelled)."""
        ctx = Context(item.source, item.controller, None)
        chosen = item.choices.get("chosen") or ()
        limit = part.get("mana_value_at_most")
        limit = self._amount(state, item, limit) if limit is not None else None
        candidates = [card.id for card in state.in_zone(Zone.LIBRARY, item.controller)
                      if matches(part.get("filter"), card.id, card.printed, card, ctx)
                      and (limit is None or mana_value(card.printed.mana_cost) <= limit)]
        if part.get("choose"):
            picked = self.choose(state, f"search:{item.source}", candidates + ["none"], "mtg.choice.search", K.SEARCH_FAIL,
                                 player=item.controller, card=item.source, card_name=item.name)
            found = None if picked == "none" else picked
        else:
            found = next((c for c in candidates if not chosen or c in chosen), None)
        self.record("resolve", "mtg.search", K.SEARCH, player=item.controller, found=found,
                    card_name=self.name_of(state, found) if found else "")
        if found:
            to = part.get("to", "hand")
            state = self.move(state, found, Zone(to), "search", K.SEARCH,
                              controller=item.controller if to == "battlefield" else None)
        if part.get("shuffle"):
            self.record("resolve", "mtg.shuffle", K.SHUFFLE, player=item.controller)
        return state

    # ------------------------------------------------------------------ cascade

    def cascade(self, state: GameState, item: StackItem) -> GameState:
        """Cascade exactly as written (CR 702.85a): exile from the top until a nonland card with
        lower mana value; you may cast it without paying its mana cost; the rest go to the bottom
        in a random order."""
        spell = item.cascade_of or item.source
        player = item.controller
        lki = self.chars(state, spell) if spell in state.objects and state.objects[spell].zone is Zone.STACK else item.source_lki
        x = state.objects[spell].x if spell in state.objects and state.objects[spell].zone is Zone.STACK else 0
        limit = mana_value(lki.mana_cost, x) if lki else 0
        if not (spell in state.objects and state.objects[spell].zone is Zone.STACK):
            self.record("resolve", "mtg.resolve.last_known", K.LAST_KNOWN, card=spell, card_name=lki.name if lki else "")
        exiled: list[str] = []
        hit = None
        for card in state.in_zone(Zone.LIBRARY, player):
            state = self.move(state, card.id, Zone.EXILE, "cascade", K.CASCADE)
            exiled.append(card.id)
            if "land" not in card.printed.types and mana_value(card.printed.mana_cost) < limit:
                hit = card.id
                break
        spell_item = next((s for s in state.stack if s.source == spell), None)
        choices = list(spell_item.choices.get("cascade", ())) if spell_item else list(self._cascade_choices.get(spell, ()))
        decision = choices.pop(0) if choices else {}
        if spell_item is not None:
            state = replace(state, stack=tuple(replace(s, choices=freeze({**dict(s.choices), "cascade": choices}))
                                               if s is spell_item else s for s in state.stack))
        else:
            self._cascade_choices[spell] = choices
        self.record("resolve", "mtg.cascade.reveal", K.CASCADE, card=spell, card_name=lki.name if lki else "",
                    mana_value=limit, value_name=self.ruleset.value_name, exiled=list(exiled), hit=hit,
                    hit_name=self.name_of(state, hit) if hit else "")
        cast = False
        if hit is not None and decision.get("cast", True):
            card = state.objects[hit]
            resulting = mana_value(card.printed.mana_cost)
            if self.ruleset.cascade_checks_resulting_value and resulting >= limit:
                self.record("illegal", "mtg.cascade.value_too_high", K.CASCADE, card=hit, card_name=card.printed.name)
            elif self._cant_cast(state, player, card.printed.name):
                self.record("illegal", "mtg.illegal.cant_cast", K.CAN_T_BEATS_CAN, card=hit, card_name=card.printed.name)
            else:
                spec = self._spell_ability(card)
                targets = list(decision.get("targets", ()))
                try:
                    if "modes" not in spec:
                        self.verify_targets(state, spec.get("targets", ()), targets, player, hit, card.printed.name)
                    else:
                        self._announce(state, card, {"player": player, "card": hit, "targets": targets,
                                                     **{k: decision[k] for k in ("modes", "targets_by_mode", "divide")
                                                        if k in decision}}, 0)
                    cast = True
                except IllegalAction as illegal:
                    self.recorder.record("illegal", illegal.message_id, illegal.citation, illegal.params)
                if cast:
                    state = self.do_cast(state, {"player": player, "card": hit, "targets": targets,
                                                 "cascade": decision.get("cascade", []),
                                                 **{k: decision[k] for k in ("modes", "targets_by_mode", "divide")
                                                    if k in decision}}, free=True)
        elif hit is not None:
            self.record("choice", "mtg.cascade.declined", K.CASCADE, card=hit, card_name=self.name_of(state, hit))
        rest = [c for c in exiled if not (cast and c == hit)]
        for cid in rest:
            state = self.move(state, cid, Zone.LIBRARY, "cascade_bottom", K.CASCADE, bottom=True)
        if rest:
            self.record("move", "mtg.cascade.bottom", K.CASCADE, player=player, cards=rest)
        return state


    # ------------------------------------------------------------------ instructions of the Alara Reborn cards

    def _choose_permanent(self, state: GameState, item: StackItem, flt: Mapping[str, Any], player: PlayerId,
                          key: str, message: str, rule: K) -> Optional[str]:
        """A permanent matching ``flt`` ("you" = ``player``) that ``player`` chooses as the instruction
        is followed, without targeting (CR 608.2c): ``options.choices[key]``, the only one, or an open
        choice. ``None`` when there is none."""
        ctx = Context(item.source, player, None)
        options = [o for o in self.permanents(state) if matches(flt, o, self.chars(state, o), state.objects[o], ctx)]
        if not options:
            return None
        return self.choose(state, key, options, message, rule, player=player, card=item.source, card_name=item.name)

    def _sacrifice_chosen(self, state: GameState, item: StackItem, part: Mapping[str, Any]) -> GameState:
        """``{"do": "sacrifice", "player": "opponent"|"event"|…, "choose": FILTER}``: that player
        sacrifices a permanent they control matching FILTER, of their choice (CR 701.17a; key
        ``sacrifice:<player>:<source>``)."""
        moved: list[str] = []
        lki: dict[str, Chars] = {}
        for player in self._player(state, item, part):
            flt = {**dict(part["choose"]), "controller": "you"}
            oid = self._choose_permanent(state, item, flt, player, f"sacrifice:{player}:{item.source}", "mtg.choice.sacrifice",
                                         K.SACRIFICE)
            if oid is None:
                self.record("resolve", "mtg.resolve.nothing_to_sacrifice", K.SACRIFICE, player=player, card=item.source,
                            card_name=item.name)
                continue
            state = self._remove_each(state, item, {"zone": "battlefield"}, "sacrifice", [oid], sacrificer=player)
            moved += self._this_way
            lki.update(self._this_way_lki)
        self._this_way, self._this_way_lki = moved, lki
        return state

    def _win_game(self, state: GameState, item: StackItem, part: Mapping[str, Any], legal: tuple[bool, ...]) -> GameState:
        """``{"do": "win_game"}``: "you win the game" (CR 104.2b); the game ends at once."""
        for p in self._player(state, item, part)[:1]:
            state = replace(state, winner=p)
            self.record("end", "mtg.end.game", K.WIN_BY_EFFECT, winner=p, card=item.source, card_name=item.name)
        return state

    def _flip_coin(self, state: GameState, item: StackItem, part: Mapping[str, Any], legal: tuple[bool, ...]) -> GameState:
        """``{"do": "flip_coin", "won": [INSTRUCTION…], "lost": [INSTRUCTION…]}`` (CR 705.1): the
        outcome is random, so it is never guessed: ``options.choices["coin:<item>"]`` (``won``/``lost``),
        else an open choice with a branch for each."""
        result = self.choose(state, f"coin:{item.id}", ["won", "lost"], "mtg.choice.coin", K.COIN_FLIP,
                             player=item.controller, card=item.source, card_name=item.name)
        self.record("resolve", "mtg.coin.flip", K.COIN_FLIP, player=item.controller, card=item.source, card_name=item.name,
                    result=result)
        for sub in part.get(result, ()):
            state = self.do_instruction(state, item, sub, legal)
        return state

    def _mill_until(self, state: GameState, item: StackItem, part: Mapping[str, Any], legal: tuple[bool, ...]) -> GameState:
        """``{"do": "mill_until", "player": …, "filter": FILTER, "count": n}`` (Mind Funeral): reveal
        cards from the top until n matching cards are revealed or the library is exhausted (CR
        701.16a), then put every revealed card into the graveyard."""
        ctx = Context(item.source, item.controller, None)
        count = self._amount(state, item, part.get("count", 1))
        for p in self._player(state, item, part):
            revealed, hits = [], 0
            for card in state.in_zone(Zone.LIBRARY, p):
                if hits >= count:
                    break
                revealed.append(card.id)
                hits += 1 if matches(part.get("filter"), card.id, card.printed, card, ctx) else 0
            self.record("resolve", "mtg.reveal", K.REVEAL, player=p, cards=revealed, count=hits, card_name=item.name)
            for cid in revealed:
                state = self.move(state, cid, Zone.GRAVEYARD, "reveal", K.REVEAL)
        return state

    def _reveal_top(self, state: GameState, item: StackItem, part: Mapping[str, Any], legal: tuple[bool, ...]) -> GameState:
        """``{"do": "reveal_top", "count": n, "to_hand": FILTER, "rest": "bottom"}`` (Sages of the
        Anima): reveal the top n cards (all of them if fewer, CR 701.16a), put those matching into
        the hand (not a draw), the rest on the bottom in the order the player chooses
        (``bottom:<player>:<first revealed>``, an open choice among the orders)."""
        ctx = Context(item.source, item.controller, None)
        n = self._amount(state, item, part.get("count", 1))
        for p in self._player(state, item, part):
            top = [c.id for c in state.in_zone(Zone.LIBRARY, p)][:n]
            self.record("resolve", "mtg.reveal", K.REVEAL, player=p, cards=top, count=len(top), card_name=item.name)
            if not top:
                continue
            keep = [c for c in top if matches(part.get("to_hand"), c, state.objects[c].printed, state.objects[c], ctx)]
            rest = [c for c in top if c not in keep]
            for c in keep:
                state = self.move(state, c, Zone.HAND, "reveal", K.REVEAL)
            order = rest
            if len(rest) > 1:
                options = [list(o) for o in itertools.permutations(rest)]
                order = list(self.choose(state, f"bottom:{p}:{top[0]}", options, "mtg.choice.bottom_order", K.REVEAL,
                                         player=p, card=item.source, card_name=item.name))
            for c in order:
                state = self.move(state, c, Zone.LIBRARY, "bottom", K.REVEAL, bottom=True)
        return state

    def _discard(self, state: GameState, item: StackItem, part: Mapping[str, Any], legal: tuple[bool, ...]) -> GameState:
        """``{"do": "discard", "amount": n, "player": …}``: the player discards n cards of their choice
        (CR 701.8a; ``discard:<player>:<source>``, a list of ids); they are "this way"."""
        n = self._amount(state, item, part.get("amount", 1))
        moved, lki = [], {}
        for p in self._player(state, item, part):
            hand = [c.id for c in state.in_zone(Zone.HAND, p)]
            chosen = hand
            if len(hand) > n:
                options = [list(c) for c in itertools.islice(itertools.combinations(hand, n), MAX_BRANCHES + 1)]
                chosen = list(self.choose(state, f"discard:{p}:{item.source}", options, "mtg.choice.discard_card", K.DISCARD,
                                          player=p, card=item.source, card_name=item.name, amount=n))
            for c in chosen:
                lki[c] = state.objects[c].printed
                state = self.move(state, c, Zone.GRAVEYARD, "discard", K.DISCARD)
                moved.append(c)
        self._this_way, self._this_way_lki = moved, lki
        return state

    def _put_on_library(self, state: GameState, item: StackItem, part: Mapping[str, Any], legal: tuple[bool, ...]) -> GameState:
        """``{"do": "put_on_library", "object"|"target"|"choose": …, "zone", "position": 1|n|"bottom"}``:
        into its owner's library, on top (1), nth from the top, or at the bottom. With ``choose``
        (FILTER) the item's controller chooses a permanent as it resolves, without targeting
        (``choose:<source>``, Nulltread Gargantuan)."""
        if "choose" in part:
            oid = self._choose_permanent(state, item, part["choose"], item.controller, f"choose:{item.source}",
                                         "mtg.choice.object", K.INSTRUCTIONS_IN_ORDER)
            objs = [oid] if oid else []
        else:
            objs = self._objects(state, item, part, legal)
        zone = Zone(part.get("zone", "battlefield"))
        position = part.get("position", 1)
        for oid in objs:
            obj = state.objects.get(oid)
            if obj is None or obj.zone is not zone:
                continue
            state = self.move(state, oid, Zone.LIBRARY, "put_on_library", K.NEW_OBJECT, top=position == 1,
                              bottom=position == "bottom", position=position if isinstance(position, int) else None)
        return state

    def _shuffle_into_library(self, state: GameState, item: StackItem, part: Mapping[str, Any],
                              legal: tuple[bool, ...]) -> GameState:
        """``{"do": "shuffle_into_library", "object": …}``: its owner shuffles it into their library
        (CR 701.20a). An object no longer in the zone stays where it is, but the library is shuffled
        anyway (701.19c in 2020, 701.20c in 2022). The random order is not modelled: a ``mtg.shuffle``
        step says the library was shuffled."""
        zone = Zone(part.get("zone", "battlefield"))
        owners: list[PlayerId] = []
        for oid in self._objects(state, item, part, legal):
            obj = state.objects.get(oid)
            if obj is None:
                continue
            owners.append(obj.owner)
            if obj.zone is zone:
                state = self.move(state, oid, Zone.LIBRARY, "shuffle", K.SHUFFLE)
            else:
                self.record("resolve", "mtg.shuffle.not_there", K.SHUFFLE_ANYWAY, card=oid, card_name=obj.printed.name,
                            zone=obj.zone.value)
        for owner in dict.fromkeys(owners):
            self.record("resolve", "mtg.shuffle", K.SHUFFLE, player=owner)
        return state

    def _return_to_battlefield(self, state: GameState, item: StackItem, part: Mapping[str, Any],
                               legal: tuple[bool, ...]) -> GameState:
        """``{"do": "return_to_battlefield", "object"|"target", "zone": "graveyard"}``: onto the
        battlefield under the item's controller (unearth, CR 702.84a with ``"unearth": true``)."""
        zone = Zone(part.get("zone", "graveyard"))
        for oid in self._objects(state, item, part, legal):
            obj = state.objects.get(oid)
            if obj is not None and obj.zone is zone:
                state = self.move(state, oid, Zone.BATTLEFIELD, "unearth" if part.get("unearth") else "return",
                                  K.UNEARTH if part.get("unearth") else K.NEW_OBJECT, controller=item.controller)
        return state

    _NEW_INSTRUCTIONS = {"win_game": _win_game, "flip_coin": _flip_coin, "mill_until": _mill_until, "reveal_top": _reveal_top,
                         "discard": _discard, "put_on_library": _put_on_library,
                         "shuffle_into_library": _shuffle_into_library, "return_to_battlefield": _return_to_battlefield}

LAYER_EFFECTS = ("set_pt", "modify_pt", "switch_pt", "add_type", "set_type", "remove_type", "set_color", "add_color",
                 "add_ability", "remove_abilities", "remove_ability", "change_control", "copy", "change_text")
MAX_REPEATED_MODES = 10
"""The most modes listed for a modal spell whose modes may repeat (700.2d)."""

RULE_EFFECTS = ("indestructible", "prevent_damage", "cant_attack", "cant_block", "cant_cast", "exile_instead", "grant_spell",
                "replacement", "doesnt_untap", "must_block", "cant_be_countered")

_STEP_RULE = {Step.UNTAP: K.UNTAP_STEP, Step.UPKEEP: K.UPKEEP, Step.DRAW: K.DRAW_STEP, Step.END: K.END_STEP, Step.CLEANUP: K.CLEANUP,
              Step.DECLARE_ATTACKERS: K.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS: K.DECLARE_BLOCKERS,
              Step.COMBAT_DAMAGE: K.COMBAT_DAMAGE}


def _compositions(total: int, parts: int):
    """Each way to write ``total`` as ``parts`` positive amounts, in order (CR 601.2d)."""
    if parts == 1:
        if total >= 1:
            yield (total,)
        return
    for first in range(1, total - parts + 2):
        for rest in _compositions(total - first, parts - 1):
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


def _on_trigger(t: PendingTrigger) -> bool:
    """Whether a trigger's trigger condition is another ability triggering (CR 603.3b, 2022)."""
    trigger = t.spec.get("trigger")
    return isinstance(trigger, Mapping) and trigger.get("event") == "ability_triggers"


def _trigger_labels(triggers: list[PendingTrigger]) -> list[str]:
    """What an order names each trigger: its source id; ``<source>:<ability>`` when the source has
    two or more of them; ``<source>:<ability>:<k>`` when that ability triggered k times."""
    labels = []
    for t in triggers:
        same_source = [u for u in triggers if u.source == t.source]
        if len(same_source) == 1:
            labels.append(t.source)
            continue
        same_ability = [u for u in same_source if u.ability == t.ability]
        if len(same_ability) == 1:
            labels.append(f"{t.source}:{t.ability}")
        else:
            labels.append(f"{t.source}:{t.ability}:{same_ability.index(t) + 1}")
    return labels


def _trigger_kinds(triggers: list[PendingTrigger]) -> list[int]:
    """A class per trigger: two triggers share one when any order of them gives the same result
    (CR 603.3b): the same source and controller and the same ability text, no targets, modes or
    "you may" choice, and the same event unless the text never refers to the event."""
    import json

    kinds: list[int] = []
    signatures: list[Any] = []
    for i, t in enumerate(triggers):
        spec = thaw(t.spec)
        if spec.get("targets") or spec.get("modes") or spec.get("optional"):
            signatures.append(("alone", i))
        else:
            text = json.dumps({k: v for k, v in spec.items() if k != "trigger"}, sort_keys=True, default=str)
            event = json.dumps(thaw(t.event), sort_keys=True, default=str) if "event" in text else None
            signatures.append((t.source, t.controller, text, event))
        kinds.append(signatures.index(signatures[-1]))
    return kinds


def _count_orders(kinds: list[int]) -> int:
    """How many distinct orders there are: n! over the factorial of each class's size."""
    from math import factorial

    total = factorial(len(kinds))
    for k in set(kinds):
        total //= factorial(kinds.count(k))
    return total


def _distinct_orders(kinds: list[int], labels: list[str], limit: int) -> list[list[str]]:
    """The distinct orders (first = bottom) as labels, at most ``limit``, in the order of the
    triggered order's permutations: alike triggers keep their triggered order among themselves."""
    members: dict[int, list[str]] = {}
    for k, label in zip(kinds, labels):
        members.setdefault(k, []).append(label)
    first = list(dict.fromkeys(kinds))
    orders: list[list[str]] = []

    def extend(prefix: list[int], left: dict[int, int]) -> None:
        if len(orders) >= limit:
            return
        if not any(left.values()):
            used = {k: 0 for k in members}
            order = []
            for k in prefix:
                order.append(members[k][used[k]])
                used[k] += 1
            orders.append(order)
            return
        for k in first:
            if left[k]:
                left[k] -= 1
                extend(prefix + [k], left)
                left[k] += 1

    extend([], {k: len(v) for k, v in members.items()})
    return orders


def _plain_event(event: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in event.items() if k != "lki"} | ({"lki": event["lki"]} if event.get("lki") is not None else {})


def _chars_from(spec: Mapping[str, Any], oid: str, controller: PlayerId) -> Chars:
    """Characteristics of a token as its creating effect defines them (CR 111.3, 111.4)."""
    from .model import Ability
    colors = frozenset(spec.get("colors", ()))
    return Chars(spec.get("name", ""), spec.get("mana_cost", ""), colors, frozenset(spec.get("supertypes", ())),
                 frozenset(spec.get("types", ())), frozenset(spec.get("subtypes", ())),
                 tuple(Ability((oid, i), a.get("kind", "keyword"), freeze(a)) for i, a in enumerate(spec.get("abilities", ()))),
                 spec.get("power"), spec.get("toughness"), spec.get("loyalty"), controller)


def _pay(pool: str, cost: str) -> Optional[str]:
    """Return the pool left after paying ``cost`` (hybrid either half, generic from anything), or ``None``."""
    left = mana_symbols(pool)
    generic = 0
    for symbol in mana_symbols(cost):
        if symbol.isdigit():
            generic += int(symbol)
            continue
        options = symbol.split("/")
        for option in options:
            if option in left:
                left.remove(option)
                break
        else:
            if any(o.isdigit() for o in options):
                generic += int(next(o for o in options if o.isdigit()))
                continue
            return None
    total = sum(int(s) if s.isdigit() else 1 for s in left)
    if total < generic:
        return None
    while generic > 0:
        s = left.pop()
        if s.isdigit():
            use = min(int(s), generic)
            generic -= use
            if int(s) > use:
                left.append(str(int(s) - use))
        else:
            generic -= 1
    return "".join(f"{{{s}}}" for s in left)
