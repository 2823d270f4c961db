"""Keyword abilities (CR 702): every keyword of CR 702 is a word of the vocabulary; the engine
applies those in :data:`EVALUATED_KEYWORDS` (where each rule reads it: flying and reach in
blocking, deathtouch in damage …) and reports any other where it could matter. Cascade
(702.85) lives here; the activated abilities that cycling, typecycling and equip stand for
(702.29a, 702.29e, 702.6a) and the trigger of exalted (702.83a) are made here from the keyword.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any, Optional

from ..core import IllegalAction
from ..core.schema import Validation
from ..core.validation import Path
from .mana import mana_value
from .model import Ability, GameState, PendingTrigger, StackItem, Zone, freeze
from .rules import KEYWORD_SECTIONS, K, KeywordRule
from .protection import QUALITY
from .vocabulary import VOCABULARY, Choice, Integer, ManaSymbols, Text, row

EVALUATED: dict[str, tuple[Any, str]] = {
    # keyword → (the rule where the engine applies it, what it does in the engine)
    "cascade": (K.CASCADE, "When the spell is cast, its controller exiles cards from the top of their library until a "
                "nonland card with lower mana value, may cast it without paying its mana cost (the cast action's "
                "`cascade` decisions), and puts the rest on the bottom (702.85a; under 2022 also the resulting spell's "
                "mana value must be less); each instance triggers (702.85c)."),
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
    "lifelink": (K.LIFELINK, "Damage it deals also causes its controller to gain that much life (702.15b)."),
    "menace": (K.MENACE, "It can't be blocked except by two or more creatures (702.111b in 2022, 702.110b in 2020)."),
    "protection": (K.PROTECTION_TARGET, "Protection from a quality (`from`: a color, multicolored, monocolored, "
                   "colorless, a card type, everything or a player, 702.16a, 702.16j, 702.16k): it can't be the target "
                   "of spells or abilities from a source with that quality, damage from such sources is prevented, and "
                   "as an attacker it can't be blocked by such creatures (702.16b, 702.16e, 702.16f)."),
    "reach": (KeywordRule("reach"), "It can block creatures with flying (702.17b, 702.9b)."),
    "shroud": (K.SHROUD_TARGET, "It can't be the target of spells or abilities (702.18a)."),
    "split_second": (K.SPLIT_SECOND, "While the spell is on the stack, players can't cast other spells or activate "
                     "abilities that aren't mana abilities (702.61a in 2022, 702.60a in 2020)."),
    "trample": (K.TRAMPLE, "Combat damage beyond lethal to its blockers may be assigned to the player or "
                "planeswalker it attacks (702.19b); `options.choices[\"assign:<id>\"]` divides it."),
    "typecycling": (K.TYPECYCLING, "\"[Cost], Discard this card: Search your library for a [type] card, reveal it, "
                    "put it into your hand\" (702.29e); `type` is the land type, `cost` the mana."),
    "vigilance": (K.VIGILANCE, "Attacking doesn't cause it to tap (702.20b)."),
}
EVALUATED_KEYWORDS = frozenset(EVALUATED)
"""The keyword abilities (CR 702) the engine applies; any other keyword is reported, never skipped silently."""

for _keyword, (_rule, _doc) in EVALUATED.items():
    _own = KeywordRule("cycling" if _keyword == "typecycling" else _keyword)
    VOCABULARY.define("keyword", _keyword, rule=(_rule,) if _rule == _own else (_rule, _own), label=_keyword.replace("_", " ").capitalize(), doc=_doc,
                      example=_keyword)
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
    _editions = tuple(ruleset for ruleset, number in zip(("cr-2020-06-01", "cr-2022-04-29"), _numbers) if number)
    _also = "".join(f", {_ZONE_WORDS[zone]}" for zone in ALSO_FUNCTIONS_IN.get(_keyword, ()))
    VOCABULARY.define("keyword", _keyword, rule=(KeywordRule(_keyword),), label=_keyword.replace("_", " ").capitalize(),
                      doc="The engine does not apply this keyword: a card with it gives a `cannot_evaluate` step "
                          f"wherever the keyword could matter (on the battlefield, on the stack, in a hand{_also}), "
                          "and the result is incomplete.",
                      messages=("mtg.cannot_evaluate.keyword",), example=_keyword,
                      rulesets=None if len(_editions) == 2 else _editions)
assert set(ALSO_FUNCTIONS_IN) <= set(KEYWORD_SECTIONS) - set(EVALUATED)

COMPANIONS = {"from": ("protection",), "cost": ("cycling", "typecycling", "equip"), "type": ("typecycling",),
              "n": ("devour",)}
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
    if keyword == "protection" and "from" not in value:
        v.error((*path, "from"), "from is required for protection: the quality it protects from (CR 702.16a)")


KEYWORD_KEYS = {
    "keyword": VOCABULARY.use("keyword", label="Keyword"),
    "from": QUALITY,
    "cost": ManaSymbols(label="Cost", help="the mana cost of cycling, typecycling or equip"),
    "type": Text(min_length=1, max_length=40, label="Type", help="the land type typecycling finds"),
    "n": Integer(low=1, high=99, label="N", help="devour N: counters per creature devoured"),
}
VOCABULARY.define("ability", "keyword", rule=K.KEYWORD_ABILITIES, keys=KEYWORD_KEYS, required=("keyword",),
                  check=check_keyword_ability, label="Keyword ability",
                  doc="A keyword ability (CR 702.1): `keyword` names it (see KEYWORD); each instance of a "
                      "triggered keyword triggers separately (cascade 702.85c).",
                  example={"kind": "keyword", "keyword": "protection", "from": "red"},
                  messages=("mtg.cannot_evaluate.keyword",), row=row(KEYWORD_KEYS, main=("keyword", "from", "cost")))


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


def keyword_trigger(ability: Ability) -> Optional[Mapping[str, Any]]:
    """The triggered ability a keyword stands for: exalted (CR 702.83a), or ``None``."""
    if ability.kind == "keyword" and ability.spec.get("keyword") == "exalted":
        return freeze({"trigger": {"event": "attacks", "alone": True, "filter": {"controller": "you"}},
                       "text": "exalted", "effects": [{"do": "modify_pt", "power": 1, "toughness": 1,
                                                       "object": "event", "duration": "end_of_turn"}], "exalted": True})
    return None


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
            card = state.objects[hit]
            resulting = mana_value(card.printed.mana_cost)
            if self.ruleset.cascade_checks_resulting_value and resulting >= limit:
                self.record("illegal", "mtg.cascade.value_too_high", K.CASCADE, card=hit, card_name=card.printed.name)
            elif self.cant_cast(state, player, card.printed.name):
                self.record("illegal", "mtg.illegal.cant_cast", K.CAN_T_BEATS_CAN, card=hit, card_name=card.printed.name)
            else:
                spec = self.spell_ability(card)
                targets = list(decision.get("targets", ()))
                try:
                    if "modes" not in spec:
                        self.verify_targets(state, spec.get("targets", ()), targets, player, hit, card.printed.name)
                    else:
                        self.announce(state, card, {"player": player, "card": hit, "targets": targets,
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
                  messages=("mtg.cascade.reveal", "mtg.cascade.bottom", "mtg.cascade.declined"),
                  example={"do": "cascade"},
                  doc="Cascade as 702.85a writes it, for the spell the ability belongs to (or its source): exile "
                      "cards from the top of its controller's library until a nonland card with lower mana value, "
                      "which they may cast without paying its mana cost; the rest go to the bottom. The keyword "
                      "`cascade` puts this on the stack as the spell is cast.")
def cascade(ctx: Any, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Any]:
    """Follow a cascade instruction (the trigger of the keyword)."""
    return ctx.game.cascade(state, ctx.item), ctx
