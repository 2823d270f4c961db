"""Continuous effects (CR 611): those a resolving spell or ability creates (with a timestamp,
613.7b, locked in when they change characteristics, 611.2c), those of static abilities (611.3)
and the rules effects ("can't attack", "is indestructible" …) that change what the game allows;
the ``static`` and ``cda`` abilities.

The characteristic-changing effects are entries of ``layer_effects.py``; here every continuous
effect, of either kind, also becomes an instruction that creates it (``{"do": "modify_pt",
"target": 0, "power": 2, "toughness": 2, "duration": "end_of_turn"}``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Optional

from ..core.schema import Field, Validation
from ..core.validation import Path
from .filters import STATIC_CONDITIONS, Context, matches
from .layer_effects import LAYER_AMOUNTS, LAYER_OF, READS_CHOSEN
from .model import Effect, GameState, ObjectId, freeze
from .resolution import COMMON, REFS, RESOLUTION_AMOUNTS, Resolution, check_instruction
from .rules import K
from .vocabulary import (
    COUNTER, VOCABULARY, Const, Either, Integer, ListOf, Only, Record, Text, row,
)


class ContinuousEffects:
    """Creating continuous effects and reading rules effects for :class:`~engine.mtg.game.Game`."""

    def effect_holds(self, state: GameState, e: Effect) -> bool:
        """Whether a document effect's ``if`` ("as long as …") holds now (CR 611.3a)."""
        return e.condition is None or self.condition(state, e.condition, e.source, e.controller, {}) is True

    def has_rule_effect(self, state: GameState, do: str, oid: ObjectId) -> bool:
        """Whether a rules-modifying effect (not locked in, CR 611.2c) applies to ``oid`` now: a
        created or document effect, or a part of a static ability whose ``if`` holds (611.3a)."""
        layers = self.layers(state)
        for e in state.effects:
            if e.do != do or not self.effect_holds(state, e):
                continue
            if e.affected_ids is not None:
                if oid in e.affected_ids:
                    return True
                continue
            chars = layers.chars.get(oid)
            if chars and matches(e.affected_filter, oid, chars, state.objects[oid], Context(e.source, e.controller, None)):
                return True
        if oid not in layers.chars:
            return False
        for pid, ability, part in layers.static_parts.get(do, ()):
            if self.static_holds(state, pid, ability):
                ctx = Context(pid, layers.chars[pid].controller, state.objects[pid].attached_to)
                spec = part.get("affected", ability.spec.get("affected", {"self": True}))
                if matches(spec, oid, layers.chars[oid], state.objects[oid], ctx):
                    return True
        return False

    def static_holds(self, state: GameState, pid: ObjectId, ability: Any) -> bool:
        """Whether a static ability's ``if`` ("as long as …") holds now, so its rules effects apply (CR 611.3a)."""
        cond = ability.spec.get("if")
        return cond is None or self.condition(state, cond, pid, self.chars(state, pid).controller, {}) is True

    def create_effect(self, ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
        """A continuous effect from a resolving spell or ability: a new timestamp (CR 613.7b); it
        locks in its affected set if it changes characteristics (611.2c), otherwise not. Parts of
        one effect ("gets +1/+1 and gains flying", "become 2/2 artifact creatures") share its
        timestamp and its set of objects (613.6, 613.7b)."""
        item = ctx.item
        do = part["do"]
        previous = ctx.effect_part
        layered = do in LAYER_OF
        shared = (previous is not None and previous[0] == item.id and len(previous) > 4
                  and (part.get("with_previous") or (layered and not part.get("not_locked")
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
            attacker = next(iter(self.objects_of(state, ctx, {"object": part.get("attacker", "self")})), None)
            params["attacker"] = attacker
            params["attacker_timestamp"] = state.objects[attacker].timestamp if attacker in state.objects else None
        for key in ("power", "toughness"):
            if key in params and (params[key] == "x" or (isinstance(params[key], Mapping) and (
                    set(RESOLUTION_AMOUNTS) - {"count"}) & set(params[key]))):
                params[key] = self.amount(state, ctx, params[key])
        duration = part.get("duration", "permanent")
        locked = layered and not part.get("not_locked")
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
            affected_ids = tuple(self.objects_of(state, ctx, part))
            if "target" in part and not affected_ids:
                return state, ctx
        else:
            affected_filter = part.get("affected")
        ctx = replace(ctx, effect_part=(item.id, part.get("affected") if locked and "target" not in part
                                        and "object" not in part else object(), affected_ids, group, ts))
        effect_id = f"{item.id}.{ts}" + (f".{sum(1 for e in state.effects if e.group == group)}" if shared else "")
        effect = Effect(effect_id, do, freeze(params), item.source, item.controller, ts,
                        affected_ids=affected_ids, affected_filter=affected_filter, duration=duration,
                        group=group)
        state = replace(state, effects=state.effects + (effect,))
        key = K.TIMESTAMP_SHARED if shared else K.LOCKED_IN if affected_ids is not None else K.STATIC_NOT_LOCKED
        self.record("effect", "mtg.effect.created", key,
                    effect=effect.id, do=do, card_name=item.name, timestamp=ts, duration=duration,
                    affected=list(affected_ids) if affected_ids is not None else None, shared_timestamp=shared)
        return state, ctx


# ----------------------------------------------------------------------------- rules effects (611)

def _rule_effect(name: str, rule: Any, label: str, doc: str, keys: Optional[dict] = None, example: Optional[dict] = None,
                 required: tuple[str, ...] = ()) -> None:
    VOCABULARY.define("effect", name, rule=rule, keys=keys or {}, required=required, label=label, doc=doc,
                      example={"do": name, **(example or {})}, row=row(keys or {}))


_rule_effect("indestructible", K.INDESTRUCTIBLE, "Is indestructible",
             "The objects it affects are indestructible: not destroyed by a `destroy` instruction, lethal damage or "
             "deathtouch (CR 702.12b, 704.5g, 704.5h).")
_rule_effect("prevent_damage", K.PREVENTION, "Damage to it is prevented",
             "All damage that would be dealt to the objects it affects is prevented (CR 615.1); prevention applies "
             "before damage replacements.")
_rule_effect("cant_attack", K.DECLARE_ATTACKERS, "Can't attack",
             "The creatures it affects can't attack: declaring one as an attacker is an `illegal` step (CR 508.1c, "
             "101.2).")
_rule_effect("cant_block", K.DECLARE_BLOCKERS, "Can't block",
             "The creatures it affects can't block: declaring one as a blocker is an `illegal` step (CR 509.1b, 101.2).")
_rule_effect("doesnt_untap", K.UNTAP_STEP, "Doesn't untap",
             "The permanents it affects don't untap during their controller's untap step (CR 502.3 in 2022, 502.2 in "
             "2020); with the duration `next_untap` it ends after that untap step.")
NAME_OR_CHOSEN = Either(options=(Text(min_length=1, max_length=200),
                                 Record(fields={"chosen": Const(value=True)}, required=("chosen",))),
                        label="Card name", help="a name, or {\"chosen\": true}: the name chosen as the source entered")
_rule_effect("cant_cast", K.CAN_T_BEATS_CAN, "Spells with this name can't be cast",
             "Spells with the name `name` can't be cast (CR 101.2; names compared as words, 201.2); `{\"chosen\": "
             "true}` is the name chosen as the source entered (Meddling Mage, 614.12a).",
             keys={"name": NAME_OR_CHOSEN}, required=("name",), example={"name": "Lightning Bolt"})
_rule_effect("cant_be_countered", K.CAN_T_BEATS_CAN, "Spells it affects can't be countered",
             "A static ability's part: the spells matching the ability's `affected` FILTER (\"you\" its controller) "
             "can't be countered (CR 101.2; Spellbreaker Behemoth).")
_rule_effect("max_counters", K.SBA_MAX_COUNTERS, "Can't have more than N counters",
             "\"This permanent can't have more than N counters of this kind on it\": the state-based action 704.5r "
             "removes the excess. It concerns only the permanent with the ability; with two, the smallest N holds.",
             keys={"kind": COUNTER, "max": Integer(low=0, high=999_999, label="Most")}, required=("kind", "max"),
             example={"kind": "ice", "max": 1})
_rule_effect("grant_spell", K.STATIC_EFFECT, "Spells it affects have abilities",
             "The spells on the stack it affects (`affected` ids) have these abilities too (Maelstrom Nexus's first "
             "spell each turn has cascade; CR 611.3, 113.6).",
             keys={"abilities": ListOf(item=VOCABULARY.use("ability"), min_items=1, max_items=20, label="Abilities")},
             required=("abilities",), example={"abilities": [{"kind": "keyword", "keyword": "cascade"}]})
_rule_effect("unsupported", K.LAYERS, "An effect the engine can't evaluate",
             "A continuous effect in force that the engine does not evaluate: a `cannot_evaluate` step names it and "
             "the result is incomplete.", keys={"text": Text(min_length=1, max_length=2_000, label="Text")},
             example={"text": "No spell may target a creature."})

OBJECTS_OF = {"cant_cast": (), "grant_spell": ("target", "object"), "player_keyword": ()}
"""How a rules effect names what it applies to, where not by ``affected`` (a FILTER or ids): a
``cant_cast`` names spells by their name only; ``grant_spell`` applies to locked-in spells."""

STATIC_EFFECTS = (*LAYER_OF, "indestructible", "prevent_damage", "cant_attack", "cant_block", "doesnt_untap", "cant_cast",
                  "cant_be_countered", "max_counters", "cost_increase", "cost_reduction", "cast_as_though_flash",
                  "flash_for_cost", "player_keyword", "spend_as_any_color")
"""What a ``static`` ability's parts may be: the effects its readers look for in static abilities."""
LINKED_TO_SOURCE = tuple(name for name in LAYER_OF if name not in READS_CHOSEN)
"""The characteristic-changing effects that may stand apart from a printed static ability: not
those reading a value chosen as their source entered, which only an ability printed beside the
choosing one can (linked abilities, CR 607.2d)."""
DOCUMENT_EFFECTS = (*LINKED_TO_SOURCE, "indestructible", "prevent_damage", "cant_attack", "cant_block", "doesnt_untap", "cant_cast",
                    "grant_spell", "replacement", "exile_instead", "unsupported", "player_keyword")
"""What a document ``effects[]`` entry may be: the effects in force that the engine reads from ``state.effects``."""
CREATED_EFFECTS = (*LINKED_TO_SOURCE, "indestructible", "prevent_damage", "cant_attack", "cant_block", "doesnt_untap", "cant_cast",
                   "grant_spell", "exile_instead", "player_keyword")
"""What a resolving instruction may create."""

@dataclass(frozen=True, kw_only=True)
class Part(Field):
    """A part of a ``static`` or ``cda`` ability: an EFFECT (one of ``names``) with, besides its
    own keys, the ``affected`` FILTER it applies to (default the ability's)."""

    names: tuple[str, ...] = ()
    where: str = ""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if v.checker.mapping(value, path) is None:
            return False
        own = {k: x for k, x in value.items() if k != "affected"}
        ok = Only(slot="effect", vocabulary=VOCABULARY, names=self.names, where=self.where).check(own, path, v)
        if "affected" in value:
            ok = VOCABULARY.check(value["affected"], (*path, "affected"), "filter", v) and ok
        return ok

    def describe(self) -> str:
        return "EFFECT (" + ", ".join(self.names) + ") with its own `affected` FILTER"


STATIC_KEYS = {
    "affected": VOCABULARY.use("filter", label="Affected", help="what its effects apply to (default the object itself)"),
    "effects": ListOf(item=Part(names=STATIC_EFFECTS, where="in a static ability"), max_items=30, label="Effects"),
    "if": Only(slot="condition", vocabulary=VOCABULARY, names=STATIC_CONDITIONS, where="in a static ability's if "
               "(CR 611.3a: it applies while the condition holds)", label="As long as"),
}
for _kind, _rule, _label, _doc in (
        ("static", (K.STATIC_ABILITY, K.STATIC_NOT_LOCKED), "Static ability",
         "Continuous effects that are always on while the object has the ability (CR 113.3d, 611.3): each part of "
         "`effects` is an EFFECT (with its own `affected`, else the ability's, else the object itself); not locked "
         "in (611.3a), its timestamp the object's (613.7a). With `if` (\"as long as …\") its effects apply only "
         "while the condition holds, checked each time an effect would apply (611.3a, 613.1). `cant_be_countered`: "
         "the spell with this ability can't be countered (101.2)."),
        ("cda", (K.CDA, K.L7A_CDA), "Characteristic-defining ability",
         "Like `static`, but it defines the object's characteristics (a `*` power, CR 604.3) and applies first in "
         "its layer, in every zone (613.3, 613.4a); with an `if`, or gained from another effect, it is not "
         "characteristic-defining and applies by timestamp (604.3a(5), (2))."),
):
    _keys = dict(STATIC_KEYS)
    if _kind == "cda":
        _keys["effects"] = ListOf(item=Part(names=tuple(LAYER_OF), where="in a characteristic-defining ability (only "
                                            "effects that change characteristics)"), max_items=30, label="Effects")
    if _kind == "static":
        _keys["cant_be_countered"] = Const(value=True, label="Can't be countered",
                                           help="this spell can't be countered (CR 101.2)")
    VOCABULARY.define("ability", _kind, rule=_rule, keys=_keys, label=_label, doc=_doc,
                      messages=("mtg.layer.apply", "mtg.layer.condition_false"),
                      example={"kind": _kind, "affected": {"types": ["creature"], "controller": "you"},
                               "effects": [{"do": "modify_pt", "power": 1, "toughness": 1}]},
                      row=row(_keys, main=("affected", "effects")))


# ----------------------------------------------------------------------------- every effect as an instruction

ALL_AMOUNTS = Either(options=(Integer(low=-999_999, high=999_999), Const(value="x"),
                              Only(slot="amount", vocabulary=VOCABULARY, names=(*RESOLUTION_AMOUNTS, *LAYER_AMOUNTS[1:]),
                                   where="in a continuous effect a resolving instruction creates")),
                     label="Amount", help="an integer, \"x\", an AMOUNT determined as it resolves (608.2h) or one the "
                     "layer system evaluates (613.4)")
CREATED_DURATION = Only(slot="duration", vocabulary=VOCABULARY, names=("end_of_turn", "permanent", "next_untap", "while_counter"),
                        where="for an effect a resolving instruction creates", label="Duration",
                        help="how long it lasts (default: permanent, the rest of the game, CR 611.2a)")
CREATED_KEYS = {
    "duration": CREATED_DURATION,
    "counter": COUNTER,
    "with_previous": Const(value=True, label="Part of the previous effect",
                           help="a part of the previous instruction's effect, over its objects, with its timestamp "
                                "(\"gets +1/+1 and gains flying\", CR 613.7b)"),
}


def _check_created(base_check: Any) -> Any:
    def checks(value: Any, path: Any, v: Any) -> None:
        check_instruction(value, path, v)
        if "counter" in value and value.get("duration") != "while_counter":
            v.error((*path, "counter"), "counter goes with the duration while_counter (\"for as long as it has a "
                                        "… counter on it\", CR 611.2b)")
        if value.get("duration") == "while_counter" and "counter" not in value:
            v.error((*path, "counter"), "counter is required with the duration while_counter")
        if base_check is not None:
            base_check({k: x for k, x in value.items()}, path, v)
    return checks


def register_created_effects() -> None:
    """Register, for each continuous effect a resolving instruction may create, the instruction
    that creates it (its own keys, its objects, its duration, CR 611.2)."""
    for name in CREATED_EFFECTS:
        entry = VOCABULARY.get("effect", name)
        keys = {k: (ALL_AMOUNTS if k in ("power", "toughness") else f) for k, f in entry.keys.items()}
        layered = name in LAYER_OF
        names = ("target", "object", "affected", "combat") if layered else OBJECTS_OF.get(name, ("target", "object", "affected"))
        refs = {key: REFS[key] for key in names}
        fields = {**keys, **refs, **CREATED_KEYS, **COMMON}
        if layered:
            fields["not_locked"] = Const(value=True, label="Not locked in",
                                         help="the effect applies to whatever matches `affected` at each moment")
        VOCABULARY.entry(
            "instruction", name, rule=(K.TIMESTAMP_RESOLVED, *entry.rule), keys=fields, required=entry.required,
            label=f"Creates: {entry.label.lower()}", messages=("mtg.effect.created",),
            doc=f"Creates the continuous effect `{name}` (EFFECT `{name}`: {entry.doc}) It gets a timestamp (CR 613.7b) "
                + ("and locks in the objects it affects (611.2c) unless `not_locked`. " if layered else
                   "and applies to whatever matches `affected` at each moment, not locked in (611.2c). ")
                + "It lasts for `duration` (default the rest of the game, 611.2a).",
            example={**entry.example, **({"target": 0} if "target" in fields else {}), "duration": "end_of_turn"},
            check=_check_created(entry.check), row=row(fields, main=(*entry.keys, "target", "duration")),
        )(create)
    register_copy_of_target()


def register_copy_of_target() -> None:
    """Register ``copy_of_target``: the objects become copies of the spell's or ability's target
    ("each other creature becomes a copy of target nonlegendary creature", Mirrorweave), the
    ``copy`` instruction with the object to copy chosen as a target rather than named."""
    base = VOCABULARY.get("instruction", "copy")
    fields = {"of_target": Integer(low=0, high=99, label="Copy of target",
                                   help="index of the chosen target whose copiable values they take"),
              **{key: field for key, field in base.keys.items() if key not in ("of", "target")}}
    VOCABULARY.entry(
        "instruction", "copy_of_target", rule=base.rule, keys=fields, required=("of_target",),
        label="Creates: becomes a copy of a target", messages=("mtg.effect.created",),
        doc="Creates the continuous effect `copy` (layer 1a, CR 707.2, 613.2a) whose `of` is the object chosen as "
            "target number `of_target`: the objects it affects take that object's copiable values as the layers "
            "apply. If that target is illegal as it resolves, nothing is copied (608.2b). It gets a timestamp "
            "(613.7b), locks in the objects it affects (611.2c) unless `not_locked`, and lasts for `duration` "
            "(default the rest of the game, 611.2a).",
        example={"do": "copy_of_target", "of_target": 0, "affected": {"types": ["creature"], "not_target": 0},
                 "duration": "end_of_turn"},
        check=_check_created(None), row=row(fields, main=("of_target", "affected", "duration")),
    )(copy_of_target)


def copy_of_target(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow ``copy_of_target``: the ``copy`` effect of the target's copiable values, or nothing
    when the target is gone or illegal (CR 608.2b)."""
    found = ctx.game.objects_of(state, ctx, {"target": part["of_target"]})
    if not found:
        return state, ctx
    spec = {key: value for key, value in part.items() if key != "of_target"}
    return ctx.game.create_effect(ctx, state, {**spec, "do": "copy", "of": found[0]})


def create(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow an instruction that creates a continuous effect."""
    return ctx.game.create_effect(ctx, state, part)


__all__ = ["CREATED_EFFECTS", "CREATED_KEYS", "ContinuousEffects", "DOCUMENT_EFFECTS", "Part", "STATIC_EFFECTS", "copy_of_target",
           "create", "register_copy_of_target", "register_created_effects"]


# ----------------------------------------------------------------------------- durations (611.2)

for _name, _rule, _label, _doc in (
        ("end_of_turn", (K.CLEANUP, K.DURATION), "Until end of turn",
         "It ends in the cleanup step, as damage is removed (CR 514.2); a document effect's default."),
        ("permanent", K.DURATION, "For the rest of the game",
         "It lasts until the end of the game (CR 611.2a: no duration stated); a created effect's default."),
        ("static", K.STATIC_NOT_LOCKED, "As a static ability's",
         "A document effect that stands for a static ability's: \"you\" is its source's controller as layer 2 "
         "leaves it (CR 109.5, 613.1b), and it does not end."),
        ("next_untap", K.UNTAP_STEP, "Until its controller's next untap step",
         "It ends after the untap step of the affected object's controller (\"doesn't untap during its "
         "controller's next untap step\", CR 502.3 in 2022, 502.2 in 2020)."),
        ("while_counter", K.FOR_AS_LONG_AS, "For as long as it has a counter",
         "\"For as long as it has a feather counter on it\" (CR 611.2b): it ends once none of its objects is on the "
         "battlefield with a counter of the kind `counter`."),
):
    VOCABULARY.define("duration", _name, rule=_rule, label=_label, doc=_doc, example=_name)
