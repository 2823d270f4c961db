"""Negating activations, effects and Summons (ARC-V 3.2.1.9, 3.2.2.1.i7–i8, 3.3.1.i6–i7,
3.4.1.i6–i7, 3.4.3.3.i4, 4.2.1.1.i3, 4.2.3.i2; MR2 ch2.34, ch4.15).

A negation of an activation must be chained directly to it (the Counter Trap rule, 3.4.3.3.i4)
and must be able to affect the link it names (``what``): otherwise it could not resolve at all,
so it cannot be activated (4.2.3.i2). :func:`verify_negation` checks both when the negation is
activated; the instructions apply it when it resolves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core.validation import Path
from ..core.vocabulary import Boolean, Choice, Integer, Row, Validation
from .abilities import activated_kind
from .duel import Duel
from .model import FIELD_ZONES, Card, CardKind, ChainLink, EffectClass, GameState, Instruction, Zone
from .primitives import move
from .protection import not_destroyed_by_effect, unaffected
from .rules import R
from .targets import REFERENCE_KEYS, check_references, not_applicable, objects_of
from .continuous import restore
from .values import end_continuous
from .vocabulary import VOCABULARY

CARD_SCOPES = {"spell_card": frozenset({CardKind.SPELL}), "trap_card": frozenset({CardKind.TRAP}),
               "spell_trap_card": frozenset({CardKind.SPELL, CardKind.TRAP})}

VOCABULARY.define("negation_scope", "any", rule=(R.UNRESOLVABLE,), label="Anything",
                  doc="The negation can affect any activation or effect (the default).", example="any")
VOCABULARY.define("negation_scope", "spell_card", rule=(R.NEGATE_SPELL, R.CARD_VS_EFFECT_ACTIVATION),
                  label="A Spell Card activation",
                  doc="Only the activation of a Spell Card (a Pendulum Monster activated in the Pendulum Zone "
                      "included), not the activation of a Spell's effect (ARC-V 3.3.1.i6, 4.2.1.1.i3).",
                  example="spell_card")
VOCABULARY.define("negation_scope", "trap_card", rule=(R.NEGATE_TRAP, R.CARD_VS_EFFECT_ACTIVATION),
                  label="A Trap Card activation",
                  doc="Only the activation of a Trap Card, not of a Trap's effect (ARC-V 3.4.1.i6, 4.2.1.1.i3).",
                  example="trap_card")
VOCABULARY.define("negation_scope", "spell_trap_card", rule=(R.NEGATE_SPELL, R.NEGATE_TRAP, R.CARD_VS_EFFECT_ACTIVATION),
                  label="A Spell or Trap Card activation",
                  doc="Only the activation of a Spell or Trap Card, not of their effects (ARC-V 4.2.1.1.i3).",
                  example="spell_trap_card")
VOCABULARY.define("negation_scope", "monster_effect", rule=(R.NEGATE_MONSTER_EFFECT,), label="A monster effect",
                  doc="Only the activation or effect of a monster (ARC-V 3.2.7.4.i4).", example="monster_effect")


def scope_fits(what: str, link: ChainLink, card: Card) -> bool:
    """Return whether a negation that can negate ``what`` can affect ``link``."""
    kind = activated_kind(link, card)
    if what == "any":
        return True
    if what == "monster_effect":
        return kind is CardKind.MONSTER
    return link.is_card_activation and kind in CARD_SCOPES[what]


def verify_negation(duel: Duel, state: GameState, card: Card, part: Instruction, *, adjacent: bool) -> None:
    """Check a negation being activated as the next link; raise :class:`~engine.core.IllegalAction`.

    With an empty chain there is nothing to negate (4.2.3.i2); while a monster is being Summoned
    that is because a Summon is not an activation and nothing can be chained to it (MR2 ch5.7).
    The link it names (``link``, default the link directly below) must exist (ARC-V 4.2.3.i2), a
    negation of an activation (``adjacent``) must be chained directly to it (3.4.3.3.i4), and it must be able to
    affect that link: a card-activation scope cannot negate an effect activation (4.2.1.1.i3).
    """
    link_number = len(state.chain) + 1
    below = len(state.chain)
    target = part.link if part.link is not None else below
    base = {"card": card.id, "card_name": card.name, "negates_link": target}
    if below == 0:
        if state.summoning:
            summoned = state.card(state.summoning[0])
            raise duel.illegal(R.NOTHING_CHAINS_TO_SUMMON, "ygo.illegal.summon_not_chainable", card=card.id,
                               card_name=card.name, what=part.what, summoned=summoned.id, summoned_name=summoned.name)
        raise duel.illegal(R.UNRESOLVABLE, "ygo.illegal.negation_no_chain", card=card.id, card_name=card.name,
                           what=part.what)
    if not 1 <= target <= below:
        raise duel.illegal(R.UNRESOLVABLE, "ygo.illegal.negation_cannot_apply", **base, what=part.what)
    if adjacent and target != below:
        raise duel.illegal(R.NEGATE_ADJACENT, "ygo.illegal.negation_not_adjacent", **base, link=link_number)
    negated = state.chain[target - 1]
    negated_card = state.card(negated.card)
    if not scope_fits(part.what, negated, negated_card):
        card_scope = part.what in CARD_SCOPES
        effect_activation = negated.effect_class is EffectClass.EFFECT
        key = R.CARD_VS_EFFECT_ACTIVATION if card_scope and effect_activation else R.UNRESOLVABLE
        raise duel.illegal(key, "ygo.illegal.negation_cannot_apply", **base, what=part.what)


class Negate:
    """``negate_activation`` / ``negate_effect``: mark the link negated, then move its card."""

    def __init__(self, activation: bool) -> None:
        self.activation = activation

    def verify_activation(self, duel: Duel, state: GameState, card: Card, part: Instruction) -> None:
        """Check the negation as it is activated (:func:`verify_negation`)."""
        verify_negation(duel, state, card, part, adjacent=self.activation)

    def __call__(self, duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
        """Negate the link; a negated Spell/Trap Card goes to the Graveyard (ARC-V 3.3.1.i7, 3.4.1.i7)."""
        number = part.link if part.link is not None else link.number - 1
        negated = state.chain[number - 1]
        card = state.card(negated.card)
        kind = activated_kind(negated, card)
        if self.activation:
            negated = replace(negated, activation_negated=True, negated_by=link.number)
            key = {CardKind.SPELL: R.NEGATE_SPELL, CardKind.TRAP: R.NEGATE_TRAP}.get(kind, R.NEGATE_MONSTER_EFFECT)
            message = "ygo.negate.activation"
        else:
            negated = replace(negated, effect_negated=True, negated_by=link.number)
            key, message = R.EFFECT_PARTS, "ygo.negate.effect"
        state = duel.step(state.with_link(negated), "negate", message, key, link=number, card=card.id,
                          card_name=card.name, by_link=link.number)
        if self.activation and kind is not card.kind and card.zone in FIELD_ZONES:
            # A negated Pendulum activation is not sent from the field: it goes to the Graveyard,
            # not the Extra Deck, even when the negation destroys it (ARC-V 3.2.1.9.i6).
            reason = "destroy" if part.destroy else "negated"
            return move(duel, state, card, Zone.GRAVEYARD, reason, R.NEGATED_PENDULUM_CARD, from_field=False)
        # What does not apply to an unaffected card is the destruction, not the negation of the link.
        destroying = replace(part, do="destroy")
        if part.destroy and card.zone in FIELD_ZONES and not (unaffected(duel, state, link, card, destroying)
                                                              or not_destroyed_by_effect(duel, state, link, card, destroying)):
            return move(duel, state, card, Zone.GRAVEYARD, "destroy", R.DESTROY)
        if self.activation and negated.is_card_activation and card.zone in FIELD_ZONES:
            to_gy = R.NEGATED_SPELL_TO_GY if card.kind is CardKind.SPELL else R.NEGATED_TRAP_TO_GY
            return move(duel, state, card, Zone.GRAVEYARD, "negated", to_gy)
        return state


_KEYS = {
    "link": Integer(low=1, high=1_000, label="Chain Link", help="the link negated; default the link directly below"),
    "what": VOCABULARY.use("negation_scope", label="Can negate", help="what the card can negate; default any",
                           default="any"),
    "destroy": Boolean(label="And destroy it", help="also destroy the negated card", default=False),
}
VOCABULARY.entry(
    "instruction", "negate_activation", rule=(R.NEGATE_SPELL, R.NEGATE_TRAP, R.NEGATE_MONSTER_EFFECT, R.NEGATE_ADJACENT,
                                              R.NEGATED_NO_EFFECT),
    label="Negate the activation", keys=_KEYS, messages=("ygo.negate.activation",),
    row=Row(main=("what", "destroy"), extra=("link",)),
    doc="Negates the activation of a link (default: the one directly below, to which it must be chained): that link "
        "does nothing when it resolves, and a negated Spell or Trap Card goes to the Graveyard (ARC-V 3.3.1.i6–i7, "
        "3.4.1.i6–i7, 3.4.3.3.i4; MR2 ch4.15). `destroy: true` destroys the card instead.",
    example={"do": "negate_activation", "what": "trap_card", "destroy": True})(Negate(activation=True))
VOCABULARY.entry(
    "instruction", "negate_effect", rule=(R.EFFECT_PARTS, R.NEGATED_NO_EFFECT, R.UNRESOLVABLE),
    label="Negate the effect", keys=_KEYS, messages=("ygo.negate.effect",),
    row=Row(main=("what", "destroy"), extra=("link",)),
    doc="Negates the effect of a link (default: the one directly below): it still resolves, with no effect; its "
        "card stays where it is unless `destroy: true` (ARC-V 4.2.3.i2; MR2 ch4.15).",
    example={"do": "negate_effect", "link": 1})(Negate(activation=False))


@VOCABULARY.entry(
    "instruction", "negate_summon", rule=(R.SUMMON_NEGATION_WINDOW, R.NEGATED_SUMMON_TO_GY, R.NEGATED_SUMMON_PENDULUM),
    label="Negate the Summon", messages=("ygo.negate.summon",),
    keys={"destroy": Boolean(label="And destroy it", help='"negate the Summon, and if you do, destroy it": it goes to '
                                                          "the Graveyard destroyed", default=False)},
    row=Row(main=("destroy",)),
    doc="Negates the Summon in progress; it can be activated only while a monster is being Summoned, before anything "
        "else responds (ARC-V 3.2.2.1.i7). The monster goes to the Graveyard (3.2.2.1.i8) and, never having been on "
        "the field, a Pendulum Monster does not go to the Extra Deck (3.2.1.9.i8). With `destroy` (\"negate the "
        "Summon, and if you do, destroy that monster\") it is sent there destroyed, so it counts as destroyed for "
        "triggers (ARC-V 2.1.3.i1).",
    example={"do": "negate_summon", "destroy": True})
def negate_summon(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Negate the summon in progress: the monsters go to the Graveyard; a Flip Summoned one was on the field."""
    from_field = state.summon_kind == "flip_summoned"
    for card_id in state.summoning:
        card = state.card(card_id)
        duel.record("negate", "ygo.negate.summon", R.SUMMON_NEGATION_WINDOW, card=card.id, card_name=card.name,
                    by_link=link.number)
        pendulum = duel.ruleset.pendulum and card.subtype == "pendulum" and not from_field
        key = R.NEGATED_SUMMON_PENDULUM if pendulum else R.NEGATED_SUMMON_TO_GY
        reason = "destroy" if part.destroy else "negated_summon"
        state = move(duel, state, card, Zone.GRAVEYARD, reason, key, from_field=from_field)
    return duel.sync(replace(state, summoning=(), summon_kind="", summon_origins=()))


# ----------------------------------------------------------------------------- attacks and card effects

def _verify_attack_in_progress(duel: Duel, state: GameState, card: Card, part: Instruction) -> None:
    """Refuse a negation of an attack activated while no attack is in progress: it could not
    resolve at all (ARC-V 4.2.3.i2; when an attack can be negated is a ruling)."""
    if state.attack is None or state.attack.calculated:
        raise duel.illegal(R.NO_ATTACK_TO_NEGATE, "ygo.illegal.no_attack_to_negate", card=card.id, card_name=card.name,
                           phase=state.turn.phase, step=state.turn.step)


@VOCABULARY.entry(
    "instruction", "negate_attack", rule=(R.NEGATE_ATTACK, R.NO_ATTACK_TO_NEGATE), label="Negate the attack",
    messages=("ygo.negate.attack", "ygo.no_effect.no_attack"),
    doc="Negates the attack in progress: it ends at once, with no Damage Step and no damage calculation, and the "
        "monster has still attacked this turn (it cannot attack again). It can be activated only while an attack is "
        "in progress, before damage calculation (official ruling; the ARC-V transcription has no battle chapter and "
        "MR2 does not say). If the attack has already ended when it resolves, it does nothing.",
    example={"do": "negate_attack"})
def negate_attack(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """End the attack in progress; the Battle Phase goes back to the Battle Step."""
    attack = state.attack
    if attack is None or attack.calculated:
        duel.record("no_effect", "ygo.no_effect.no_attack", R.NO_ATTACK_TO_NEGATE, link=link.number)
        return state
    attacker = state.card(attack.attacker)
    duel.record("negate", "ygo.negate.attack", R.NEGATE_ATTACK, attacker=attacker.id, attacker_name=attacker.name,
                by_link=link.number)
    return duel.sync(replace(state, attack=None, replay=None, turn=replace(state.turn, step="battle")))


negate_attack.verify_activation = _verify_attack_in_progress  # type: ignore[attr-defined]

_MONSTERS = {"all": "each face-up monster on the field", "opponent": "each face-up monster the opponent controls",
             "self": "each face-up monster the link's controller controls"}


def _check_negate_effects(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    named = [key for key in ("target", "targets", "choose", "all", "face_up_monsters") if key in value]
    aimed = path[:-1] in getattr(v, "aimed", ()) and not named  # the targets chosen on activation
    if not aimed and len(named) != 1:
        v.error((*path, "face_up_monsters"), "name the cards once: target(s), a choice, all, or face_up_monsters")
    check_references(value, path, v, required=False)  # the one-of check above refuses naming nothing


@VOCABULARY.entry(
    "instruction", "negate_effects", rule=(R.EFFECTS_NEGATED, R.LINGERING_EXPIRES, R.TARGET_GONE),
    label="Negate a card's effects",
    keys={**REFERENCE_KEYS,
          "face_up_monsters": Choice(values=tuple(_MONSTERS), what="monsters", label="Or every face-up monster",
                                     labels={"all": "On the field", "opponent": "The opponent controls",
                                             "self": "You control"},
                                     help="instead of targets: all, opponent or self"),
          "until": VOCABULARY.use("duration", label="Until", help="permanent (while face-up on the field, the default) "
                                                              "or end_phase", default="permanent")},
    check=_check_negate_effects, messages=("ygo.negate.card_effects", "ygo.negate.card_effects_end"),
    row=Row(main=("targets", "face_up_monsters", "until"), extra=("target", "choose", "from", "chosen")),
    doc="Negates the effects of each face-up card it names on the field (or of every face-up monster on the field, "
        "the opponent's or the player's, with `face_up_monsters`): its Continuous Effects stop applying at once and "
        "its ATK/DEF is computed again without them, and any of its effects on the chain, or activated later, "
        "resolves without effect, for as long as it stays face-up on the field (or until the End Phase, with "
        "`until: end_phase`). A card face-down or off the field is not affected (official ruling, not in either "
        "document).",
    example={"do": "negate_effects", "target": "m1", "until": "end_phase"})
def negate_effects(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Mark each named face-up card's effects negated and end its Continuous Effects."""
    if part.face_up_monsters:
        cards = [c for c in state.cards_in(Zone.MONSTER_ZONE) if c.face_up and (
            part.face_up_monsters == "all" or (c.controller == link.controller) == (part.face_up_monsters == "self"))]
    else:
        cards = [card for card, _targeted in objects_of(duel, state, link, index, part)]
    for card in cards:
        card = state.card(card.id)
        if card.zone not in FIELD_ZONES or not card.face_up:
            not_applicable(duel, link, card, part, R.EFFECTS_NEGATED)
            continue
        state = duel.step(state.with_card(replace(card, effects_negated=part.until)), "negate", "ygo.negate.card_effects",
                          R.EFFECTS_NEGATED, card=card.id, card_name=card.name, by_link=link.number, until=part.until)
        state = restore(duel, end_continuous(duel, state, card.id, key=R.EFFECTS_NEGATED), card.id)
    return state
