"""Resolving the chase (FoW 6.4, 9.3): the last item resolves, its instructions are done in
order through the ``instruction`` registry, each with the :class:`Resolution` it runs in."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from . import continuous as cont
from .context import Game
from .costs import cannot_evaluate
from .model import BATTLE_AREA, CardId, ChaseItem, GameState
from .modes import mode_effect, mode_targets
from .rules import wp
from .targets import TargetSpec, card_targets, target_ok
from .triggers import fire, watched
from .vocabulary import VOCABULARY
from .zones import move, same_card

Instruction = Mapping[str, Any]
"""One instruction of an ability's ``effect`` (docs/scenario-format.md §7.4)."""


@dataclass(frozen=True)
class Resolution:
    """What the instructions of one resolving card or ability share, passed from one to the next.

    ``item`` is the chase item resolving; ``revealing`` the cards revealed so far by this effect,
    whose reveal ends when the effect ends (FoW 10.4).
    """

    game: Game
    item: ChaseItem
    revealing: tuple[CardId, ...] = ()


Apply = Callable[[Resolution, GameState, Instruction], tuple[GameState, Resolution]]
"""An instruction's apply function (registered in the ``instruction`` slot)."""


def refs(ctx: Resolution, state: GameState, instr: Instruction, key: str = "target") -> list[str]:
    """Return the cards or players an instruction's ``target`` names (default ``this``): a chosen
    target by index (or several, by a list of indexes), ``this`` (the source while it is the same card, FoW 3.1), ``you``,
    ``opponent``, ``attached``, ``attacker``, every card meeting a filter, or an object id."""
    g, item = ctx.game, ctx.item
    ref = instr.get(key, "this")
    pid = item.controller
    if isinstance(ref, int):
        return [item.targets[ref]]
    if isinstance(ref, (list, tuple)):  # several chosen targets at once
        return [item.targets[i] for i in ref]
    if ref == "this":  # a source that became a new card is no longer "this" (FoW 3.1)
        return [item.source] if same_card(state, item.source, item.source_mark) else []
    if ref == "you":
        return [pid]
    if ref == "opponent":
        return [state.opponent(pid)]
    if ref == "attached":
        card = state.cards.get(item.source)
        return [card.attached_to] if card and card.attached_to else []
    if ref == "attacker" and state.battle:
        return [state.battle.attacker] if state.battle.attacker else []
    if isinstance(ref, Mapping):
        return [cid for cid in sorted(state.cards) if cont.matches(g.info(state, cid), state.cards[cid], ref, pid)]
    return [ref] if isinstance(ref, str) and ref in state.cards else []


def players(ctx: Resolution, state: GameState, instr: Instruction) -> list[str]:
    """Return the player an instruction with a player ``target`` (``you``, default, or ``opponent``) names."""
    return refs(ctx, state, instr) if instr.get("target") in ("you", "opponent") else [ctx.item.controller]


def run_effect(g: Game, state: GameState, item: ChaseItem, instructions: Sequence[Instruction],
               specs: Sequence[TargetSpec]) -> GameState:
    """Do each instruction in order; skip only those tied to a target that became illegal (FoW 9.3, 1.4)."""
    legal = []
    for i, target in enumerate(item.targets):
        spec = specs[i] if i < len(specs) else {"zone": "field"}
        mark = item.target_marks[i] if i < len(item.target_marks) else None
        ok = target_ok(g, state, spec, target, item.controller, mark)
        legal.append(ok)
        if not ok:
            g.rec("no_effect", "fow.resolve.target_illegal", wp("9.3"), card=item.source,
                  card_name=g.name(state, item.source), target=str(target), part=f"target {i}")
    ctx = Resolution(g, item)
    for instr in instructions:
        ref = instr.get("target")
        if isinstance(ref, int):
            if ref >= len(item.targets) or not legal[ref]:
                g.rec("no_effect", "fow.resolve.part_skipped", wp("9.3"), card=item.source, do=instr["do"], target=ref)
                continue
        elif isinstance(ref, (list, tuple)):  # only the targets that became illegal drop out (FoW 9.3)
            kept = [i for i in ref if i < len(item.targets) and legal[i]]
            for i in ref:
                if i not in kept:
                    g.rec("no_effect", "fow.resolve.part_skipped", wp("9.3"), card=item.source, do=instr["do"], target=i)
            if not kept:
                continue
            instr = {**instr, "target": kept}
        apply: Apply = VOCABULARY.apply_of("instruction", instr["do"])
        state, ctx = apply(ctx, state, instr)
        g.sync(state)
        if state.winner is not None:
            break
    for cid in ctx.revealing:  # FoW 10.4: the reveal ends when its effect ends
        if cid in state.cards and state.cards[cid].revealed:
            state = state.with_card(replace(state.cards[cid], revealed=False))
            g.rec("state", "fow.reveal.end", wp("10.4"), card=cid, reason="effect_ended")
            g.sync(state)
    return state


def resolve_top(g: Game, state: GameState) -> GameState:
    """Resolve the last item that entered the chase, only that one (FoW 6.4, 9.3)."""
    item = state.chase[-1]
    state = replace(state, chase=state.chase[:-1], events=())
    g.rec("resolve", "fow.resolve", wp("6.4"), position=item.position, kind=item.kind, card=item.source,
          card_name=g.name(state, item.source) if item.source in state.cards else item.source)
    g.sync(state)
    if item.kind == "judgment":
        return resolve_judgment(g, state, item)
    if item.kind == "card":
        return resolve_card(g, state, item)
    card = state.cards.get(item.source)
    if item.effect_override is not None:
        instructions = item.effect_override
        ability = None
    else:
        ability = next((a for a in cont.abilities_of(card) if a.index == item.ability), None) if card else None
        if ability is None:
            return state
        if ability.text is not None:
            return cannot_evaluate(g, state, item.source, ability.text)
        instructions = mode_effect(ability, item.modes)
        if card is not None and card.zone not in BATTLE_AREA and card.zone != "chase" and ability.kind != "break" \
                and card.zone not in ability.valid_in:
            # 9.6 says so for triggered abilities; an activated ability resolves by 9.3/7.8 (no source needed).
            g.rec("resolve", "fow.resolve.source_gone", wp("9.6" if ability.kind == "triggered" else "9.3"),
                  card=item.source)
    specs = mode_targets(ability, item.modes)
    state = run_effect(g, state, item, instructions, specs)
    if card is not None and not item.copy and card.id in state.cards and state.cards[card.id].zone == "chase":  # FoW 7.10
        state = move(g, state, card.id, "graveyard", "lifebreak", wp("7.10"))
    return state


def resolve_judgment(g: Game, state: GameState, item: ChaseItem) -> GameState:
    """The Judgment ability resolves: the ruler turns to its J-ruler side on the field (FoW 7.5)."""
    ruler = state.cards[item.source]
    if ruler.zone != "ruler_area" or ruler.side != "ruler":
        g.rec("no_effect", "fow.judgment.no_ruler", wp("7.5"), card=ruler.id)
        return state
    state = move(g, state, ruler.id, "field", "judgment", wp("7.5"))
    state = state.with_card(replace(state.cards[ruler.id], side="j_ruler", on_field_since_turn_start=False))
    g.rec("judgment", "fow.judgment.flip", wp("7.5"), card=ruler.id, j_ruler=ruler.j_face.name)
    g.sync(state)
    if watched(g, state, "enters_field"):  # the J-ruler enters the field (FoW 7.5, 9.6)
        state = fire(g, state, "enters_field", ruler.id)
    return fire(g, state, "enter", ruler.id)


def resolve_card(g: Game, state: GameState, item: ChaseItem) -> GameState:
    """A card on the chase resolves: a spell does its text and goes to the graveyard; any other
    card enters the field, an addition attached to its target (FoW 7.1–7.3, 9.3, 10.1)."""
    card = state.cards[item.source]
    if card.type == "spell":
        spell = next((a for a in card.abilities if a.kind == "spell"), None)
        if spell is not None and spell.text is not None:
            state = cannot_evaluate(g, state, card.id, spell.text)
        elif spell is not None:
            state = run_effect(g, state, item, mode_effect(spell, item.modes), mode_targets(spell, item.modes))
        section = {"chant_instant": "7.7", "chant_standby": "7.9"}.get(card.subtype or "", "7.3")
        if state.cards[card.id].zone == "chase":
            state = move(g, state, card.id, "graveyard", "resolved", wp(section))
        return state
    attach = None
    if card.type == "addition" and card.subtype != "field":
        spec = card_targets(card)[0]
        target = item.targets[0] if item.targets else None
        if target is not None and target_ok(g, state, spec, target, item.controller, item.target_marks[0]):
            attach = target
        else:
            g.rec("no_effect", "fow.resolve.target_illegal", wp("9.3"), card=card.id, card_name=card.name,
                  target=str(target), part="attach")
    state = move(g, state, card.id, "field", "resolved", wp("7.2" if card.type == "addition" else "7.1"),
                 controller=item.controller)
    if attach is not None:
        state = state.with_card(replace(state.cards[card.id], attached_to=attach))
        g.rec("move", "fow.attach", wp("10.1"), card=card.id, to_card=attach)
        g.sync(state)
    if item.awakened:
        state = state.with_card(replace(state.cards[card.id], awakened=True))
        g.rec("resolve", "fow.awakening.gained", wp("12.1"), card=card.id, card_name=card.name)
        g.sync(state)
    if watched(g, state, "enters_field"):  # it entered the field, attached and awakened (FoW 9.6)
        state = fire(g, state, "enters_field", card.id)
    if item.from_hand:
        return fire(g, state, "enter", card.id)
    g.rec("trigger", "fow.trigger.no_enter", wp("9.6"), card=card.id, card_name=card.name)
    return state
