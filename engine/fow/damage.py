"""Damage (FoW 10.6) with the replacement effects that change it (9.10, 10.17), and the
amounts read off the game (9.11)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core import Citation
from ..core.vocabulary import Choice, Either, Integer, Row
from .choices import choose
from .context import Game
from .costs import set_life
from . import continuous as cont
from .model import CardId, Effect, GameState, frozen
from .resolution import Instruction, Resolution, refs
from .rules import wp
from .vocabulary import TARGET_ANY, VOCABULARY
from .zones import known_value

VOCABULARY.define("amount", "lki", rule=("9.11", "9.6"), label="The source's ATK or DEF",
                  doc="The ATK (`atk`) or DEF (`def`) of the card or ability's source now, or — once the source has "
                      "left its zone and became a new card (FoW 3.1) — as it last was there (last known information, "
                      "9.11; a zone-change trigger reads the card as it was, 9.6).",
                  value=Choice(values=("atk", "def"), what="characteristic"), messages=("fow.lki",),
                  example={"lki": "atk"})



def static_replacements(g: Game, state: GameState) -> list[Effect]:
    """Return the replacement effects of the static abilities valid now (FoW 9.4, 9.10), each as
    an :class:`Effect` keyed ``<card>#<ability>`` that affects what its ``applies_to`` names now
    (``this`` card, what it is ``attached`` to, ``you``, ``opponent``, or the cards meeting a filter).
    An ability is never spent: it applies to each event it meets while it is valid."""
    out = []
    for card, ability in g.index(state)["replacements"]:
        raw = ability.replacement
        applies = raw.get("applies_to", "this")
        if applies == "this":
            affected: tuple[str, ...] = (card.id,)
        elif applies == "attached":
            affected = (card.attached_to,) if card.attached_to else ()
        elif applies in ("you", "opponent"):
            affected = (card.controller if applies == "you" else state.opponent(card.controller),)
        else:
            affected = tuple(cid for cid in sorted(state.cards)
                             if cont.matches(g.info(state, cid), state.cards[cid], applies, card.controller))
        spec = frozen({key: item for key, item in raw.items() if key != "applies_to"})
        out.append(Effect(f"{card.id}#{ability.index}", "replacement", card.id, card.controller, card.timestamp, spec,
                          affected))
    return out


def is_static(state: GameState, effect: Effect) -> bool:
    """Return whether ``effect`` is a static ability's (:func:`static_replacements`), not an effect in force."""
    return all(e.id != effect.id for e in state.effects)


def event_replacements(g: Game, state: GameState, event: str, target: str) -> list[Effect]:
    """Return the unspent replacement effects that replace ``event`` (``damage``: also prevention,
    FoW 10.17) happening to ``target`` (FoW 9.10): effects of resolved abilities, then those of
    valid static abilities (:func:`static_replacements`)."""
    found = []
    for e in (*state.effects, *static_replacements(g, state)):
        if e.kind != "replacement" or e.used or not (e.affected is None or target in e.affected):
            continue
        if e.spec.get("do") == "replace" and e.spec.get("event") == event or event == "damage" and e.spec.get("do") == "prevent":
            found.append(e)
    return found


def replacements(g: Game, state: GameState, key: str, target: str) -> list[Effect]:
    """Return the unspent replacement effects of instruction ``key`` that affect ``target`` (static
    abilities' included)."""
    return [e for e in (*state.effects, *static_replacements(g, state)) if e.kind == "replacement"
            and e.spec.get("do") == key and not e.used and (e.affected is None or target in e.affected)]


def declined(g: Game, state: GameState, effect: Effect, **params: Any) -> tuple[bool, GameState]:
    """Return whether the controller of an ``optional`` replacement ("you may … instead") declines
    it, and the state (FoW 9.10: 「除非效應允許, 玩家不能選擇不適用替代性效應」; "you" is the
    controller, 1.5). The choice is a ``choose`` action (``apply`` or ``decline``), else a branch
    each; a replacement that is not optional is never declined."""
    if not effect.spec.get("optional"):
        return False, state
    picked, state = choose(g, state, "apply_replacement", effect.controller, ["apply", "decline"], wp("9.10"),
                           effect=effect.id, **params)
    if picked == "decline":
        g.rec("replace", "fow.replace.declined", wp("9.10"), effect=effect.id, player=effect.controller, **params)
    return picked == "decline", state


def spend(state: GameState, effect: Effect, **changes: Any) -> GameState:
    """Return ``state`` with ``effect`` changed (``used=True``: spent, FoW 9.10)."""
    return replace(state, effects=tuple(replace(e, **changes) if e.id == effect.id else e for e in state.effects))


def _redirect(state: GameState, effect: Effect) -> str | None:
    ref = effect.spec.get("instead", {}).get("redirect")
    if ref == "you":
        return effect.controller
    if ref == "opponent":
        return state.opponent(effect.controller)
    if ref == "this":
        return effect.source
    return ref if isinstance(ref, str) and (ref in state.cards or ref in (p.id for p in state.players)) else None


def deal(g: Game, state: GameState, source: CardId, target: str, amount: int,
         citation: Citation) -> tuple[GameState, int]:
    """Deal damage to a player (life) or a resonator/J-ruler (marked); replacements apply first
    (FoW 10.6, 10.17, 9.10). Return the state and the damage actually dealt (0 when all of it
    was prevented; FoW 8.5 asks whether damage was dealt).

    When two or more replacement effects (prevention, redirection) would apply, the player dealt
    the damage, or the controller of the card dealt it, chooses one; the others are then checked
    against the modified event, and each applies to the event at most once (FoW 9.10). A
    "prevent N" that prevented less than N is spent or keeps the rest by the
    ``partial_prevention`` reading (FoW 9.10 / 10.17).
    """
    if amount <= 0:
        g.rec("no_effect", "fow.damage.none", wp("1.4"), source=source, target=target, amount=amount)
        return state, 0
    players = {p.id for p in state.players}
    applied: set[str] = set()
    while amount > 0:
        options = [e for e in event_replacements(g, state, "damage", target) if e.id not in applied]
        if not options:
            break
        owner = target if target in players else state.cards[target].controller if target in state.cards else state.active
        if len(options) > 1:
            picked, state = choose(g, state, "replacement", owner, [e.id for e in options], wp("9.10"), target=target)
            shield = next(e for e in options if e.id == picked)
        else:
            shield = options[0]
        applied.add(shield.id)
        refused, state = declined(g, state, shield, target=target)
        if refused:
            continue
        if shield.spec.get("do") == "prevent":
            cap = shield.remaining if shield.remaining is not None else shield.spec.get("amount")
            prevented = amount if cap is None else min(cap, amount)
            amount -= prevented
            g.rec("replace", "fow.damage.prevented", wp("10.17"), effect=shield.id, target=target, prevented=prevented,
                  left=amount)
            if cap is not None and not is_static(state, shield):  # a static ability is never spent (FoW 9.4)
                reading = g.options["partial_prevention"]
                unused = cap - prevented
                if unused > 0:
                    g.rec("replace", "fow.prevention.leftover", wp("9.10" if reading == "spent" else "10.17"),
                          effect=shield.id, unused=unused, reading=reading)
                if reading == "spent" or unused <= 0:
                    state = spend(state, shield, used=True)
                else:
                    state = spend(state, shield, remaining=unused)
            continue
        new_target = _redirect(state, shield)
        if new_target is None or new_target == target:
            continue
        g.rec("replace", "fow.replace.redirect", wp("9.10"), effect=shield.id, target=target, to=new_target, amount=amount)
        if shield.spec.get("once"):
            state = spend(state, shield, used=True)
        target = new_target
    if amount <= 0:
        return state, 0
    if target in players:
        g.rec("damage", "fow.damage.player", citation, source=source, target=target, amount=amount)
        return set_life(g, state, target, state.player(target).life - amount, wp("10.6"), "damage", amount), amount
    card = state.cards.get(target)
    if card is None or card.zone != "field":
        g.rec("no_effect", "fow.damage.not_on_field", wp("10.6"), source=source, target=target)
        return state, 0
    state = state.with_card(replace(card, damage=card.damage + amount))
    g.rec("damage", "fow.damage.card", citation, source=source, target=target, amount=amount, total=card.damage + amount)
    return g.sync(state), amount


def deal_damage(g: Game, state: GameState, source: CardId, target: str, amount: int, citation: Citation) -> GameState:
    """Deal damage as :func:`deal` does; return only the state."""
    return deal(g, state, source, target, amount, citation)[0]


@VOCABULARY.entry("instruction", "deal_damage", rule=("10.6", "10.17", "9.10"), label="Deal damage",
                  doc="The source deals `amount` damage to each `target` (FoW 10.6): a player loses that much life, a "
                      "resonator or J-ruler on the field has it marked (and is destroyed in rule processing once its "
                      "damage reaches its DEF, 13.2). Prevention and redirection apply first (9.10, 10.17); the player "
                      "dealt the damage, or the controller of the card, chooses among two or more.",
                  keys={"target": TARGET_ANY,
                        "amount": Either(options=(Integer(low=0, high=1_000_000), VOCABULARY.use("amount")),
                                         label="Amount", help="a number, or {\"lki\": \"atk\"}")},
                  required=("amount",),
                  messages=("fow.damage.player", "fow.damage.card", "fow.damage.none", "fow.damage.not_on_field",
                            "fow.damage.prevented", "fow.replace.redirect", "fow.prevention.leftover", "fow.lki",
                            "fow.life", "fow.life.rounded"),
                  example={"do": "deal_damage", "target": 0, "amount": 500}, row=Row(main=("target", "amount")))
def deal_damage_instruction(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``deal_damage``: the source deals ``amount`` (a number, or ``{"lki": "atk"|"def"}``) to
    each ``target`` (FoW 10.6; the source's last known information once it left, 9.11)."""
    g, item = ctx.game, ctx.item
    targets = refs(ctx, state, instr)
    amount = instr.get("amount", 0)
    if isinstance(amount, Mapping):
        key = amount.get("lki", "atk")
        if item.lki is not None:  # a zone-change trigger reads the card as it was (FoW 9.6, 9.11)
            amount, from_lki = item.lki.get(key, 0), True
        else:
            amount, from_lki = known_value(g, state, item.source, item.source_mark, key)
        if from_lki:
            g.rec("lki", "fow.lki", wp("9.11"), card=item.source, value=amount)
    for r in targets:
        state = deal_damage(g, state, item.source, r, amount, wp("10.6"))
    return state, ctx
