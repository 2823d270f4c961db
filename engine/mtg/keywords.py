"""Keyword abilities (CR 702): every keyword of CR 702 is a word of the vocabulary; the engine
applies those in :data:`EVALUATED_KEYWORDS` (where each rule reads it: flying and reach in
blocking, deathtouch in damage …) and reports any other where it could matter. Cascade
(702.85) lives here; the activated abilities that cycling, typecycling and equip stand for
(702.29a, 702.29e, 702.6a) and the trigger of exalted (702.83a) are made here from the keyword.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any, Optional

from ..core import IllegalAction
from ..core.schema import Validation
from ..core.validation import Path
from .choices import IDS, MAX_BRANCHES
from .instructions import unless_pays
from .keyword_actions import remove_each
from .mana import mana_value
from .model import Ability, Chars, GameObject, GameState, PendingTrigger, PlayerId, StackItem, Zone, freeze, thaw
from .players import opponents
from .modes import apply_modes
from .protection import QUALITY, protection_against
from .resolution import COMMON, Resolution, check_instruction, instruction
from .rules import KEYWORD_SECTIONS, K, KeywordRule, cite
from .vocabulary import CARD_TYPES, COLORS, COUNTER, SUPERTYPES, VOCABULARY, Choice, Integer, ManaSymbols, Text, row

EVALUATED: dict[str, tuple[Any, str]] = {
    # keyword → (the rule where the engine applies it, what it does in the engine)
    "cascade": (K.CASCADE, "When the spell is cast, its controller exiles cards from the top of their library until a "
                "nonland card with lower mana value, may cast it without paying its mana cost (the cast action's "
                "`cascade` decisions), and puts the rest on the bottom (702.85a; under 2022 also the resulting spell's "
                "mana value must be less); each instance triggers (702.85c)."),
    "changeling": (K.CHANGELING, "It is every creature type, in every zone (702.73a in 2022, 702.72a in 2020): a "
                   "characteristic-defining ability applied first in layer 4 on the battlefield (604.3, 613.3), read "
                   "by every SUBTYPE filter (\"target non-Elf creature\", \"search for a Goblin card\")."),
    "cycling": (K.CYCLING, "\"[Cost], Discard this card: Draw a card\", activated from the hand (702.29a); `cost` is "
                "the mana; cycling it is a `cycle` trigger event."),
    "deathtouch": (K.DEATHTOUCH, "Damage from it makes a creature's damage lethal: 704.5h destroys a creature dealt "
                   "damage by a source with deathtouch (702.2b), and 1 damage is enough in combat assignment."),
    "defender": (K.DEFENDER, "It can't attack (702.3b): declaring it as an attacker is an `illegal` step."),
    "devour": (K.DEVOUR, "As it enters, its controller may sacrifice any number of creatures; it enters with `n` "
               "+1/+1 counters for each (702.82a; which: `options.choices[\"devour:<id>\"]`)."),
    "double_strike": (K.DOUBLE_STRIKE, "It deals combat damage in both the first-strike and the regular combat damage "
                      "step (702.4b)."),
    "equip": (K.EQUIP, "\"[Cost]: Attach to target creature you control; equip only as a sorcery\" (702.6a); `cost` "
              "is the mana."),
    "exalted": (K.EXALTED, "Whenever a creature its controller controls attacks alone, that creature gets +1/+1 until "
                "end of turn (702.83a in 2022, 702.82a in 2020); each instance triggers."),
    "fear": (K.FEAR, "It can't be blocked except by artifact creatures and/or black creatures (702.36b)."),
    "first_strike": (K.FIRST_STRIKE, "It deals combat damage in a first combat damage step, before creatures without "
                     "first strike or double strike (702.7b, 510.4)."),
    "flash": (K.FLASH, "It may be cast any time its controller could cast an instant (702.8a)."),
    "flying": (K.FLYING, "It can't be blocked except by creatures with flying or reach (702.9b)."),
    "haste": (K.HASTE, "It can attack and {T} abilities of it can be activated even if its controller has not "
              "controlled it continuously since their most recent turn began (702.10b, 302.6)."),
    "hexproof": (K.HEXPROOF_TARGET, "It can't be the target of spells or abilities its controller's opponents "
                 "control (702.11b): such a target is illegal, as cast and on resolution."),
    "indestructible": (K.INDESTRUCTIBLE, "It isn't destroyed: not by a `destroy` instruction nor by lethal damage or "
                       "deathtouch (702.12b, 704.5g, 704.5h)."),
    "fuse": (K.FUSE, "A split card with fuse may be cast from its owner's hand with both halves (the cast action's "
             "`fused`): its total cost includes each half's mana cost and it follows the left half's instructions, "
             "then the right half's (702.102a-d in 2022, 702.101 in 2020; engine/mtg/split_cards.py)."),
    "lifelink": (K.LIFELINK, "Damage it deals also causes its controller to gain that much life (702.15b)."),
    "morph": (K.MORPH, "It may be cast face down for {3} (the cast action's `face_down`), a 2/2 creature with no "
              "name, text, subtypes or mana cost; face down on the battlefield its controller may turn it face up any "
              "time they have priority by paying `cost` (the `turn_face_up` action, a special action) (702.37a-e in "
              "2022, 702.36 in 2020; engine/mtg/face_down.py)."),
    "menace": (K.MENACE, "It can't be blocked except by two or more creatures (702.111b in 2022, 702.110b in 2020)."),
    "protection": (K.PROTECTION_TARGET, "Protection from a quality (`from`: a color, multicolored, monocolored, "
                   "colorless, a card type, everything or a player, 702.16a, 702.16j, 702.16k): it can't be the target "
                   "of spells or abilities from a source with that quality, damage from such sources is prevented, and "
                   "as an attacker it can't be blocked by such creatures (702.16b, 702.16e, 702.16f); an Aura or "
                   "Equipment of a color it has protection from goes to the graveyard or becomes unattached as "
                   "state-based actions (702.16c-d)."),
    "reach": (KeywordRule("reach"), "It can block creatures with flying (702.17b, 702.9b)."),
    "shroud": (K.SHROUD_TARGET, "It can't be the target of spells or abilities (702.18a)."),
    "split_second": (K.SPLIT_SECOND, "While the spell is on the stack, players can't cast other spells or activate "
                     "abilities that aren't mana abilities (702.61a in 2022, 702.60a in 2020)."),
    "trample": (K.TRAMPLE, "Combat damage beyond lethal to its blockers may be assigned to the player or "
                "planeswalker it attacks (702.19b); `options.choices[\"assign:<id>\"]` divides it."),
    "typecycling": (K.TYPECYCLING, "\"[Cost], Discard this card: Search your library for a [type] card, reveal it, "
                    "put it into your hand\" (702.29e); `type` is the land type, `cost` the mana."),
    "vigilance": (K.VIGILANCE, "Attacking doesn't cause it to tap (702.20b)."),
    "landwalk": (K.LANDWALK, "It can't be blocked as long as the defending player controls a land with the `type` "
                 "(swampwalk: `\"type\": \"Swamp\"`) and/or the `supertype` (`legendary`, `snow`; `nonbasic`: "
                 "without the basic supertype) it names (702.14c), as the layers leave that land; an attempt to block "
                 "it is an `illegal` step (`why: landwalk`)."),
    "persist": (K.PERSIST, "When it is put into a graveyard from the battlefield, if it had no -1/-1 counters on it "
                "(last known information), it returns to the battlefield under its owner's control with a -1/-1 "
                "counter on it (702.79a in 2022, 702.78a in 2020); with one, it does not trigger."),
    "undying": (K.UNDYING, "When it is put into a graveyard from the battlefield, if it had no +1/+1 counters on it "
                "(last known information), it returns to the battlefield under its owner's control with a +1/+1 "
                "counter on it (702.93a in 2022, 702.92a in 2020); with one, it does not trigger."),
    "annihilator": (K.ANNIHILATOR, "Annihilator `n`: whenever it attacks, the defending player sacrifices `n` "
                    "permanents (702.86a in 2022, 702.85a in 2020; which: `options.choices[\"annihilator:<player>:"
                    "<source>\"]`); each instance triggers (702.86b)."),
    "ward": (KeywordRule("ward"), "Ward `cost` (mana) or `life`: whenever it becomes the target of a spell or ability "
             "an opponent controls, that spell or ability is countered unless its controller pays the cost (702.21a; "
             "key `unless:<warded permanent>`). CR 2020-06-01 has no ward: the keyword is refused under that ruleset."),
}
EVALUATED_KEYWORDS = frozenset(EVALUATED)
"""The keyword abilities (CR 702) the engine applies; any other keyword is reported, never skipped silently."""

def _editions(keyword: str) -> Optional[tuple[str, ...]]:
    """The rulesets whose edition has the keyword, or ``None`` for both (ward is not in 2020-06-01)."""
    numbers = KEYWORD_SECTIONS["cycling" if keyword == "typecycling" else keyword]
    editions = tuple(ruleset for ruleset, number in zip(("cr-2020-06-01", "cr-2022-04-29"), numbers) if number)
    return None if len(editions) == 2 else editions


for _keyword, (_rule, _doc) in EVALUATED.items():
    _own = KeywordRule("cycling" if _keyword == "typecycling" else _keyword)
    VOCABULARY.define("keyword", _keyword, rule=(_rule,) if _rule == _own else (_rule, _own), label=_keyword.replace("_", " ").capitalize(), doc=_doc,
                      example=_keyword, rulesets=_editions(_keyword))
UNEVALUATED_ZONES = ("battlefield", "stack", "hand")
"""Where a keyword the engine does not apply is reported: on a permanent or a spell, and in a
hand, from which some keywords let a card be cast or activated (flash-like, cycling-like)."""
ALSO_FUNCTIONS_IN: dict[str, tuple[str, ...]] = {
    # Keywords whose own rule (CR 702) says they function in another zone too: a card there is
    # what the judge's question is about (it may be cast, activated or trigger from there).
    **{k: ("graveyard",) for k in ("flashback", "retrace", "unearth", "dredge", "recover", "scavenge", "aftermath",
                                    "embalm", "eternalize", "jump_start", "escape", "encore", "disturb")},
    **{k: ("exile",) for k in ("madness", "suspend", "rebound", "cipher", "foretell")},
    "haunt": ("graveyard", "exile"),  # a haunting card works from exile; a haunt spell triggers as it goes to the graveyard
    "hidden_agenda": ("command",),  # 702.106a: as the conspiracy card is put into the command zone
}
"""Keyword → the zones besides :data:`UNEVALUATED_ZONES` where it is reported (CR 113.6: an
ability functions where its text says)."""


def reported_in(keyword: Any) -> tuple[str, ...]:
    """Return the zones where a card with ``keyword``, a keyword the engine does not apply, gives
    a ``cannot_evaluate`` step (CR 702.1, 113.6)."""
    return UNEVALUATED_ZONES + ALSO_FUNCTIONS_IN.get(keyword, ())


_ZONE_WORDS = {"graveyard": "in a graveyard", "exile": "in exile", "command": "in the command zone"}
for _keyword, _numbers in KEYWORD_SECTIONS.items():
    if _keyword in EVALUATED:
        continue
    _also = "".join(f", {_ZONE_WORDS[zone]}" for zone in ALSO_FUNCTIONS_IN.get(_keyword, ()))
    VOCABULARY.define("keyword", _keyword, rule=(KeywordRule(_keyword),), label=_keyword.replace("_", " ").capitalize(),
                      doc="The engine does not apply this keyword: a card with it gives a `cannot_evaluate` step "
                          f"wherever the keyword could matter (on the battlefield, on the stack, in a hand{_also}), "
                          "and the result is incomplete.",
                      messages=("mtg.cannot_evaluate.keyword",), example=_keyword,
                      rulesets=_editions(_keyword))
assert set(ALSO_FUNCTIONS_IN) <= set(KEYWORD_SECTIONS) - set(EVALUATED)

COMPANIONS = {"from": ("protection",), "cost": ("cycling", "typecycling", "equip", "ward", "morph"),
              "type": ("typecycling", "landwalk"), "supertype": ("landwalk",), "life": ("ward",),
              "n": ("devour", "annihilator")}
"""The keys a keyword ability may have beside ``keyword``, and the keywords that read each."""


def check_keyword_ability(value: Any, path: Path, v: Validation) -> None:
    """Each key beside ``keyword`` goes with the keyword that reads it: ``from`` with protection,
    ``cost`` with cycling, typecycling or equip, ``type`` with typecycling (required), ``n`` with devour."""
    keyword = value.get("keyword")
    if "text" in value:
        v.error((*path, "text"), "a keyword ability is named by its keyword (and from): it has no text")
    for key, owners in COMPANIONS.items():
        if key in value and keyword not in owners:
            v.error((*path, key), f"{key} goes with the keyword {' or '.join(owners)}, not {keyword}")
    if keyword == "typecycling" and "type" not in value:
        v.error((*path, "type"), "type is required for typecycling: the land type it finds (CR 702.29e)")
    if keyword == "morph" and "cost" not in value:
        v.error((*path, "cost"), "cost is required for morph: the mana paid to turn it face up (CR 702.37a); a "
                                 "morph cost that is not mana is not covered")
    elif keyword == "morph" and "{X}" in str(value.get("cost")):
        v.error((*path, "cost"), "a morph cost with X (CR 702.37f) is not covered")
    if keyword == "protection" and "from" not in value:
        v.error((*path, "from"), "from is required for protection: the quality it protects from (CR 702.16a)")
    if keyword == "landwalk" and "type" not in value and "supertype" not in value:
        v.error((*path, "type"), "landwalk names a land type and/or a supertype: type (\"Swamp\" for swampwalk) "
                                 "or supertype (legendary, snow, nonbasic) (CR 702.14a)")
    if keyword == "landwalk" and str(value.get("type", "")).lower() in CARD_TYPES + SUPERTYPES:
        v.error((*path, "type"), f"type is a land type (Swamp, Island …); {value['type']} is a card type or supertype: "
                                 "a supertype goes in supertype, and landwalk by a card type is not expressible (702.14c)")
    if keyword == "annihilator" and "n" not in value:
        v.error((*path, "n"), "n is required for annihilator: how many permanents are sacrificed (CR 702.86a)")
    if keyword == "ward" and ("cost" in value) == ("life" in value):
        v.error((*path, "cost"), "ward has exactly one cost: cost (mana) or life (CR 702.21a)")


KEYWORD_KEYS = {
    "keyword": VOCABULARY.use("keyword", label="Keyword"),
    "from": QUALITY,
    "cost": ManaSymbols(label="Cost", help="the mana cost of cycling, typecycling, equip, ward or morph"),
    "type": Text(min_length=1, max_length=40, label="Type",
                 help="the land type typecycling finds, or that landwalk names (Swamp for swampwalk)"),
    "supertype": Choice(values=("legendary", "snow", "nonbasic"), what="landwalk supertype", label="Supertype",
                        help="landwalk: a land with this supertype (nonbasic: without the basic supertype), CR 702.14c"),
    "n": Integer(low=1, high=99, label="N", help="devour N: counters per creature devoured; annihilator N: permanents "
                                                 "sacrificed"),
    "life": Integer(low=1, high=99, label="Life", help="ward: the life its cost is (\"Ward—Pay 2 life\")"),
}
VOCABULARY.define("ability", "keyword", rule=K.KEYWORD_ABILITIES, keys=KEYWORD_KEYS, required=("keyword",),
                  check=check_keyword_ability, label="Keyword ability",
                  doc="A keyword ability (CR 702.1): `keyword` names it (see KEYWORD); each instance of a "
                      "triggered keyword triggers separately (cascade 702.85c).",
                  example={"kind": "keyword", "keyword": "protection", "from": "red"},
                  messages=("mtg.cannot_evaluate.keyword",), row=row(KEYWORD_KEYS, main=("keyword", "from", "cost", "n", "type")))


def activated_spec(ability: Ability) -> Optional[Mapping[str, Any]]:
    """The activated ability an ability is (CR 602): its own spec, the one cycling, typecycling or
    equip stands for (702.29a, 702.29e, 702.6a), or ``None`` when it can't be activated."""
    if ability.kind == "activated":
        return ability.spec
    if ability.kind != "keyword":
        return None
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
    return None


RETURNS_WITH = {"persist": ("-1/-1", K.PERSIST), "undying": ("+1/+1", K.UNDYING)}
"""The keywords that return their permanent with a counter, the kind of counter, and their rule
(CR 702.79a persist, 702.93a undying)."""


def keyword_trigger(ability: Ability) -> Optional[Mapping[str, Any]]:
    """The triggered ability a keyword stands for, or ``None``: exalted (CR 702.83a), persist
    (702.79a), undying (702.93a), annihilator N (702.86a) and ward (702.21a). The ``keyword`` key
    of the spec names the keyword, whose own trigger condition :func:`keyword_trigger_holds` checks."""
    if ability.kind != "keyword":
        return None
    spec = ability.spec
    keyword = spec.get("keyword")
    if keyword == "exalted":
        return freeze({"trigger": {"event": "attacks", "alone": True, "filter": {"controller": "you"}},
                       "text": "exalted", "effects": [{"do": "modify_pt", "power": 1, "toughness": 1,
                                                       "object": "event", "duration": "end_of_turn"}], "exalted": True})
    if keyword in RETURNS_WITH:
        # "When this permanent is put into a graveyard from the battlefield" (a permanent, not only a creature).
        return freeze({"trigger": {"event": "leaves", "self": True, "to": "graveyard"}, "text": keyword,
                       "effects": [{"do": "return_with_counter", "kind": RETURNS_WITH[keyword][0]}], "keyword": keyword})
    if keyword == "annihilator":
        return freeze({"trigger": {"event": "attacks", "self": True}, "text": f"annihilator {spec.get('n', 1)}",
                       "effects": [{"do": "annihilator", "n": spec.get("n", 1)}], "keyword": keyword})
    if keyword == "ward":
        cost = {"mana": spec["cost"]} if "cost" in spec else {"life": spec.get("life", 0)}
        return freeze({"trigger": {"event": "becomes_target", "self": True}, "text": "ward",
                       "effects": [{"do": "ward", **cost}], "keyword": keyword})
    return None


def keyword_trigger_holds(spec: Mapping[str, Any], event: Mapping[str, Any], controller: str) -> tuple[bool, Any]:
    """Whether a keyword's trigger (:func:`keyword_trigger`) triggers on ``event`` matched by its
    trigger event, and the rule of an intervening "if" that is false (CR 603.4), or ``None``.

    Ward triggers only for a spell or ability an opponent of ``controller`` controls (702.21a);
    persist and undying only if the permanent had no counter of their kind on it as it last
    existed on the battlefield (702.79a, 702.93a, 603.10a): ``(False, rule)`` when it had one."""
    keyword = spec.get("keyword")
    if keyword == "ward":
        return event.get("player") not in (None, controller), None
    if keyword in RETURNS_WITH:
        kind, rule = RETURNS_WITH[keyword]
        if (event.get("counters") or {}).get(kind, 0):
            return False, rule
    return True, None


def protected_from(protected: Chars, source: Chars) -> bool:
    """Whether ``protected`` has protection from a quality of ``source`` (CR 702.16a,
    :func:`~engine.mtg.protection.protection_against`): it can't be enchanted by it (702.16c) or
    equipped by it (702.16d). A chosen quality (``chosen_color``) is not read here."""
    return protection_against(protected, source) is not None


def landwalk_applies(ability: Ability, lands: Iterable[Chars]) -> bool:
    """Whether a landwalk ability makes its creature unblockable: the defending player controls a
    land (``lands``: their lands, after the layers) with its ``type`` and/or ``supertype``
    (``nonbasic``: without the basic supertype), CR 702.14c."""
    subtype, supertype = ability.spec.get("type"), ability.spec.get("supertype")
    for land in lands:
        if subtype is not None and subtype not in land.subtypes:
            continue
        if supertype == "nonbasic" and "basic" in land.supertypes:
            continue
        if supertype not in (None, "nonbasic") and supertype not in land.supertypes:
            continue
        return True
    return False


class Cascading:
    """Cascade (CR 702.85) for :class:`~engine.mtg.game.Game`."""

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
        # The spell's decisions live in the state, so they outlive the spell (it may have left the
        # stack before this trigger resolves: countered by the card an earlier cascade cast).
        decisions = tuple(state.cascade_decisions.get(spell, ()))
        decision = decisions[0] if decisions else {}
        state = replace(state, cascade_decisions=MappingProxyType({**state.cascade_decisions, spell: decisions[1:]}))
        self.record("resolve", "mtg.cascade.reveal", K.CASCADE, card=spell, card_name=lki.name if lki else "",
                    mana_value=limit, value_name=self.ruleset.value_name, exiled=list(exiled), hit=hit,
                    hit_name=self.name_of(state, hit) if hit else "")
        cast = False
        if hit is not None and decision.get("cast", True):
            # A split card found is cast as one half, and only that half is evaluated (CR 709.3a).
            form = self.choose_half(state, {"player": player, "card": hit, **{k: decision[k] for k in ("half",) if k in decision}})
            card = self.cast_form(state.objects[hit], form)
            resulting = mana_value(card.printed.mana_cost)
            if self.ruleset.cascade_checks_resulting_value and resulting >= limit:
                self.record("illegal", "mtg.cascade.value_too_high", K.CASCADE, card=hit, card_name=card.printed.name)
            elif self.cant_cast(state, player, card.printed.name):
                self.record("illegal", "mtg.illegal.cant_cast", K.CAN_T_BEATS_CAN, card=hit, card_name=card.printed.name)
            else:
                action = self.cast_found(state, player, card, decision)
                if action is not None:
                    cast = True
                    state = self.do_cast(state, {**action, "cascade": decision.get("cascade", []),
                                                 **{k: form[k] for k in ("half",) if k in form}}, free=True)
        elif hit is not None:
            self.record("choice", "mtg.cascade.declined", K.CASCADE, card=hit, card_name=self.name_of(state, hit))
        rest = [c for c in exiled if not (cast and c == hit)]
        for cid in rest:
            state = self.move(state, cid, Zone.LIBRARY, "cascade_bottom", K.CASCADE, bottom=True)
        if rest:
            self.record("move", "mtg.cascade.bottom", K.CASCADE, player=player, cards=rest)
        return state

    def cast_found(self, state: GameState, player: PlayerId, card: GameObject,
                   decision: Mapping[str, Any]) -> Optional[dict[str, Any]]:
        """Return the cast action of ``card``, cast while another spell or ability resolves (cascade,
        CR 702.85a; ``cast_without_paying``, 608.2g), with the announcements ``decision`` gives (targets, modes, targets by mode,
        division), or ``None`` when it can't be cast (an ``illegal`` step, or ``mtg.cast.no_legal_targets``).

        Targets not given are not an illegal cast: the player chooses them now (601.2c), so they are
        ``options.choices["cast_targets:<card>"]``, the only legal choice, or an open choice among the
        legal ones (after the modes, 700.2c). Errors: :class:`OpenChoice` for a choice left open."""
        hit, name = card.id, card.printed.name
        spec = self.spell_ability(card)
        action: dict[str, Any] = {"player": player, "card": hit,
                                  **{k: decision[k] for k in ("targets", "modes", "targets_by_mode", "divide") if k in decision}}
        try:
            if "targets" not in action and "targets_by_mode" not in action:
                wanted = spec
                if spec.get("modes"):
                    modes = self.choose_modes(state, player, hit, name, spec, action.get("modes"), f"modes:{hit}", K.MODES)
                    if modes:
                        action["modes"] = modes
                        wanted = apply_modes(spec, modes)
                specs = wanted.get("targets", ())
                sets = self.target_sets(state, specs, player, hit) if specs else [[]]
                if not sets:
                    self.record("resolve", "mtg.cast.no_legal_targets", K.CAST_TARGETS, card=hit, card_name=name)
                    return None
                action["targets"] = list(self.choose(state, f"cast_targets:{hit}", sets, "mtg.choice.cast_targets",
                                                     K.CAST_TARGETS, player=player, card=hit, card_name=name))
            action.setdefault("targets", [])
            if "modes" not in spec:
                self.verify_targets(state, spec.get("targets", ()), action["targets"], player, hit, name)
            else:
                self.announce(state, card, action, 0)
        except IllegalAction as illegal:
            self.recorder.record("illegal", illegal.message_id, illegal.citation, illegal.params)
            return None
        return action

    def cascade_triggers(self, state: GameState, event: Mapping[str, Any]) -> GameState:
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


@VOCABULARY.entry("instruction", "cascade", rule=K.CASCADE, label="Cascade",
                  messages=("mtg.cascade.reveal", "mtg.cascade.bottom", "mtg.cascade.declined", "mtg.cast.no_legal_targets"),
                  example={"do": "cascade"},
                  doc="Cascade as 702.85a writes it, for the spell the ability belongs to (or its source): exile "
                      "cards from the top of its controller's library until a nonland card with lower mana value, "
                      "which they may cast without paying its mana cost; the rest go to the bottom. The keyword "
                      "`cascade` puts this on the stack as the spell is cast.")
def cascade(ctx: Any, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Any]:
    """Follow a cascade instruction (the trigger of the keyword)."""
    return ctx.game.cascade(state, ctx.item), ctx


# ----------------------------------------------------------------------------- what triggered keywords do

@instruction("return_with_counter", (K.PERSIST, K.UNDYING), keys={"kind": COUNTER}, required=("kind",),
             label="Return it with a counter", messages=("mtg.move", "mtg.enters.counters", "mtg.resolve.not_returned"),
             example={"kind": "-1/-1"},
             doc="What persist (702.79a) and undying (702.93a) do: the card the ability belongs to returns from its "
                 "owner's graveyard to the battlefield under its owner's control, entering with one counter of `kind` "
                 "(614.1c); it is a new object (400.7). A card no longer in the graveyard, or that left it and came "
                 "back (a new object), stays where it is.")
def return_with_counter(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a return_with_counter instruction (the trigger of persist or undying)."""
    game, item = ctx.game, ctx.item
    kind = part["kind"]
    rule = {"-1/-1": K.PERSIST, "+1/+1": K.UNDYING}.get(kind, K.NEW_OBJECT)
    obj = state.objects.get(item.source)
    moved_on = item.event.get("to_timestamp") not in (None, getattr(obj, "timestamp", None))
    if obj is None or obj.zone is not Zone.GRAVEYARD or moved_on:
        # CR 400.7: a card that left the graveyard (even to come back) is a new object, not "it".
        game.record("resolve", "mtg.resolve.not_returned", rule, card=item.source, card_name=item.name,
                    zone=obj.zone.value if obj else "")
        return state, ctx
    state = game.move(state, obj.id, Zone.BATTLEFIELD, "return", rule,
                      controller=obj.owner, counters={kind: 1})
    return state, ctx


@instruction("annihilator", K.ANNIHILATOR, keys={"n": Integer(low=1, high=99, label="N")}, required=("n",),
             label="Annihilator", messages=("mtg.move", "mtg.resolve.nothing_to_sacrifice"), example={"n": 2},
             doc="What annihilator N does (702.86a): the defending player chooses `n` permanents they control "
                 "(all of them if they control fewer; key `annihilator:<player>:<source>`, a list of ids) and "
                 "sacrifices them at once (701.17a).")
def annihilator(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow an annihilator instruction (the trigger of the keyword)."""
    game, item = ctx.game, ctx.item
    # The defending player: the one its source attacks (CR 506.2, 802.2a), else the sole opponent.
    others = opponents(state, item.controller)
    player = game.defending_player(state, item.source) if item.source in state.objects else None
    player = player or (others[0] if len(others) == 1 else None)
    if player is None:
        game.record("cannot_evaluate", "mtg.cannot_evaluate", K.DEFENDING_PLAYER_OF, item=item.id, card_name=item.name,
                    detail="the defending player of a creature no longer attacking (CR 802.2a) is not known")
        return state, ctx
    mine = [o for o in game.permanents(state) if game.chars(state, o).controller == player]
    if not mine:
        game.record("resolve", "mtg.resolve.nothing_to_sacrifice", K.ANNIHILATOR, player=player, card=item.source,
                    card_name=item.name)
        return state, ctx
    n = min(int(part["n"]), len(mine))
    options = [list(c) for c in itertools.islice(itertools.combinations(mine, n), MAX_BRANCHES + 1)]
    chosen = game.choose(state, f"annihilator:{player}:{item.source}", options, "mtg.choice.annihilator",
                         K.ANNIHILATOR, player=player, card=item.source, card_name=item.name, n=n)
    leaving = {o: game.chars(state, o) for o in chosen}
    state = replace(state, leaving=MappingProxyType(leaving))
    state, ctx = remove_each(game, state, ctx, {"zone": "battlefield"}, "sacrifice", list(chosen), sacrificer=player)
    return replace(state, leaving=MappingProxyType({})), ctx


WARD_KEYS = {"mana": ManaSymbols(label="Mana"), "life": Integer(low=1, high=99)}


def _check_ward(value: Any, path: Path, v: Validation) -> None:
    check_instruction(value, path, v)
    if ("mana" in value) == ("life" in value):
        v.error(path, "ward has exactly one cost: mana or life (CR 702.21a)")


@VOCABULARY.entry("instruction", "ward", rule=KeywordRule("ward"), keys={**WARD_KEYS, **COMMON}, check=_check_ward,
                  label="Ward", messages=("mtg.unless.paid", "mtg.unless.not_paid", "mtg.resolve.countered", "mtg.ward.gone"),
                  example={"do": "ward", "mana": "{2}"}, rulesets=("cr-2022-04-29",), row=row(WARD_KEYS),
                  doc="What ward does (702.21a): the spell or ability that targeted the permanent is countered unless "
                      "its controller pays the cost (`mana` or `life`; key `unless:<warded permanent>`, true = pays); "
                      "one that has already left the stack is not there to counter. Not in CR 2020-06-01.")
def ward(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a ward instruction (the trigger of the keyword)."""
    game, item = ctx.game, ctx.item
    by = item.event.get("by")
    if not any(s.id == by for s in state.stack):
        game.recorder.record("resolve", "mtg.ward.gone", cite(KeywordRule("ward"), game.ruleset.name),
                             {"card": item.source, "card_name": item.name, "item": by or ""})
        return state, ctx
    # "Counter that spell or ability unless that player pays": the event's object is now what targeted.
    inner = replace(ctx, item=replace(item, event=freeze({**thaw(item.event), "object": by})))
    cost = {"mana": part["mana"]} if "mana" in part else {"life": part.get("life", 1)}
    state, _ = unless_pays(inner, state, {"player": "event", **cost, "effects": [{"do": "counter", "object": "event"}]})
    return state, ctx


VOCABULARY.define("choice", "annihilator", rule=K.ANNIHILATOR, value=IDS,
                  key_parts=("player", "source"), label="Permanents sacrificed to annihilator",
                  doc="The ids of the permanents the defending player sacrifices for annihilator N of the attacking "
                      "creature `source` (CR 702.86a): N of them, or all if they control fewer.",
                  messages=("mtg.choice.made", "mtg.illegal.choice", "mtg.choice.annihilator"),
                  example={"annihilator:p2:titan": ["land1", "land2"]}, row=row({}, main=("annihilator",)))
