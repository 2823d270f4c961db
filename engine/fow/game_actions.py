"""Game actions (FoW 10): the instructions that move cards, change life and states, draw,
discard, cancel and summon, each a registered verb of the ``instruction`` slot."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from types import MappingProxyType

from ..core.vocabulary import Integer, Row, Text
from . import continuous as cont
from .choices import choose, choose_cards
from .context import Game, will_text
from .costs import cannot_evaluate, set_life
from .damage import declined, event_replacements, replacements, spend
from .model import Card, CardId, ChaseItem, GameState, PlayerId
from .numbers import report_counter
from .resolution import Apply, Instruction, Resolution, players, refs
from .rules import silent, wp
from .triggers import fire
from .vocabulary import COUNTER_NAME, TARGET_CARDS, TARGET_PLAYER, VOCABULARY, WILL_MAP, Reference
from .zones import move, move_many


def destroy_all(g: Game, state: GameState, ids: Sequence[CardId]) -> GameState:
    """Destroy cards at once (FoW 10.9): a J-ruler goes to the ruler area (3.8), a ruler in the ruler
    area to the graveyard (10.9, 3.15), a J-ruler there (an astral ruler) nowhere; LKI kept for triggers (9.6).

    A card that cannot be destroyed stays (1.4). Replacement effects of the destruction
    (Imperishable 11.7, ``replace`` effects with ``event: destroy``) are chosen by the card's
    controller when two or more apply, and only one applies: it replaces the destruction
    (FoW 9.10). The destroyed cards go to the graveyard together, their owner choosing their
    order (FoW 3.1). The moves cite 10.9 whatever destroys them (an effect, rule processing 13.2).
    """
    lkis = {}
    for cid in ids:
        card = state.cards.get(cid)
        if card is None:
            continue
        if card.zone == "ruler_area" and card.astral:
            g.rec("no_effect", "fow.destroy.ruler_area", wp("10.9"), card=cid)
            continue
        if replacements(g, state, "cannot_be_destroyed", cid) or g.has(state, cid, "indestructible"):
            g.rec("replace", "fow.destroy.prevented", wp("10.9"), card=cid)
            continue
        lkis[cid] = (card, g.info(state, cid))
    graveyard: list[CardId] = []
    fired: dict[CardId, tuple[Card, cont.Chars]] = {}
    for cid, (card, chars) in lkis.items():
        found = {e.id: e for e in event_replacements(g, state, "destroy", cid)}
        options: list[str] = list(found)
        j_ruler = card.side == "j_ruler" and card.zone != "ruler_area"
        if j_ruler and "imperishable" in chars.keywords:
            options.append("imperishable")
        picked = None
        while options and picked is None:
            if len(options) == 1:
                picked = options[0]
            else:
                picked, state = choose(g, state, "replacement", card.controller, options, wp("9.10"), target=cid,
                                       event="destroy")
            if picked != "imperishable":
                refused, state = declined(g, state, found[picked], card=cid)
                if refused:  # "you may … instead", declined: the others may still apply (FoW 9.10)
                    options, picked = [o for o in options if o != picked], None
        if picked is not None and picked != "imperishable":
            effect = found[picked]
            to = effect.spec.get("instead", {}).get("move_to", "removed")
            g.rec("replace", "fow.replace.destroy", wp("9.10"), effect=picked, card=cid, to=to)
            if effect.spec.get("once"):
                state = spend(state, effect, used=True)
            state = move(g, state, cid, to, "replaced", wp("9.10"))
            continue
        fired[cid] = (card, chars)
        if j_ruler:
            if picked == "imperishable":
                state = state.with_card(replace(state.cards[cid], side="ruler"))
                g.rec("replace", "fow.destroy.imperishable", wp("11.7"), card=cid)
            else:
                g.rec("state", "fow.destroy.astral", wp("3.8"), card=cid)
            state = move(g, state, cid, "ruler_area", "destroy", wp("10.9"))
            state = fire(g, state, "destroyed", cid, lki=chars, lki_card=card)
        else:
            graveyard.append(cid)

    def after(st: GameState, cid: CardId) -> GameState:
        card, chars = fired[cid]
        return fire(g, st, "destroyed", cid, lki=chars, lki_card=card)

    return move_many(g, state, graveyard, "graveyard", "destroy", wp("10.9"), after)


def draw(g: Game, state: GameState, pid: PlayerId, *, in_draw_phase: bool) -> GameState:
    """Draw the top card of the main deck (FoW 10.8); an empty deck in the draw phase loses (FoW 13.1)."""
    deck = state.in_zone("main_deck", pid)
    if not deck:
        if in_draw_phase:
            g.rec("draw", "fow.draw.empty", wp("13.1"), player=pid)
            return replace(state, must_draw_failed=state.must_draw_failed + (pid,))
        g.rec("not_covered", "fow.not_covered",
              silent("draw_empty_outside_draw_phase"),
              topic="draw_empty_outside_draw_phase", default="nothing happens")
        return state
    g.rec("draw", "fow.draw", wp("10.8"), player=pid, card=deck[0].id)
    return move(g, state, deck[0].id, "hand", "draw", wp("10.8"))


def cancel(g: Game, state: GameState, ref: str) -> GameState:
    """Remove an item from the chase; a card goes to its owner's graveyard (FoW 10.11)."""
    position = int(ref.split(":")[1]) if ref.startswith("chase:") else -1
    target = next((i for i in state.chase if i.position == position), None)
    if target is None:
        return state
    state = replace(state, chase=tuple(i for i in state.chase if i is not target))
    g.rec("cancel", "fow.cancel", wp("10.11"), position=position, card=target.source)
    g.sync(state)
    if target.kind == "card":
        state = move(g, state, target.source, "graveyard", "cancelled", wp("10.11"))
    elif target.kind == "ability" and not target.copy and state.cards.get(target.source) is not None \
            and state.cards[target.source].zone == "chase":
        # FoW 7.10: the lifebreak card goes to the graveyard once its break ability has left the chase.
        state = move(g, state, target.source, "graveyard", "lifebreak", wp("7.10"))
    return state

_MOVES = {
    "destroy": ("10.9", "Destroy", "Destroys the `target` cards at once (FoW 10.9): a resonator, addition or regalia goes "
                "to its owner's graveyard, a J-ruler to the ruler area (an astral ruler, 3.8; Imperishable, 11.7, turns it "
                "ruler side up), a ruler in the ruler area to the graveyard; an astral ruler is not affected. A card that "
                "cannot be destroyed stays (1.4); replacement effects of the destruction apply first (9.10).",
                ("fow.destroy.astral", "fow.destroy.imperishable", "fow.destroy.prevented", "fow.destroy.ruler_area",
                 "fow.replace.destroy", "fow.move.new_card", "fow.zone.order")),
    "banish": ("10.10", "Banish", "Puts the `target` cards the controller of the effect controls into their owners' "
               "graveyards (FoW 10.10); a card the player does not control is not banished.",
               ("fow.no_effect.banish_not_controlled", "fow.move.new_card", "fow.zone.order")),
    "remove": ("10.3", "Remove", "Puts the `target` cards into the removed area (FoW 10.3, 3.12).",
               ("fow.move.new_card",)),
    "return_to_hand": ("3.1", "Return to the hand", "Puts the `target` cards into their owners' hands (FoW 3.1: each "
                       "becomes a new card).", ("fow.move.new_card",)),
    "put_into_graveyard": ("3.9", "Put into the graveyard", "Puts the `target` cards into their owners' graveyards "
                           "(FoW 3.9); not a destruction, so nothing that watches destruction triggers.",
                           ("fow.move.new_card", "fow.zone.order")),
}
_MOVED_TO = {"banish": ("graveyard", "10.10"), "remove": ("removed", "10.3"), "return_to_hand": ("hand", "3.1"),
             "put_into_graveyard": ("graveyard", "3.9")}
"""Where each moving instruction puts its cards, and its section."""


def _move_instruction(name: str) -> Apply:
    """Return the apply function of the moving instruction ``name`` (FoW 10.3, 10.10, 3.1, 3.9)."""
    to, section = _MOVED_TO[name]

    def apply(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
        moving = []
        for r in refs(ctx, state, instr):
            if r in state.cards:
                if name == "banish" and state.cards[r].controller != ctx.item.controller:
                    ctx.game.rec("no_effect", "fow.no_effect.banish_not_controlled", wp("10.10"), card=r)
                    continue
                moving.append(r)
        return move_many(ctx.game, state, moving, to, name, wp(section)), ctx

    apply.__name__ = apply.__qualname__ = name
    apply.__doc__ = f"``{name}``: put the ``target`` cards into the {to.replace('_', ' ')} (FoW {section})."
    return apply


def destroy(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``destroy``: destroy the ``target`` cards at once (:func:`destroy_all`, FoW 10.9)."""
    return destroy_all(ctx.game, state, [r for r in refs(ctx, state, instr) if r in state.cards]), ctx


for _name, (_section, _label, _doc, _messages) in _MOVES.items():
    VOCABULARY.entry("instruction", _name, rule=(_section, "3.1"), label=_label, doc=_doc,
                     keys={"target": TARGET_CARDS}, messages=_messages, example={"do": _name, "target": 0},
                     row=Row(main=("target",)))(destroy if _name == "destroy" else _move_instruction(_name))

@VOCABULARY.entry("instruction", "draw", rule=("10.8",), label="Draw",
                  doc="The player (`you`, default, or `opponent`) draws `count` cards (default 1) from the top of the "
                      "main deck (FoW 10.8). Drawing from an empty main deck outside the draw phase is not covered "
                      "(13.1 covers only the draw phase): nothing happens.",
                  keys={"target": TARGET_PLAYER, "count": Integer(low=0, high=99, default=1, label="How many")},
                  messages=("fow.draw", "fow.not_covered", "fow.move.new_card"),
                  example={"do": "draw", "target": "you", "count": 2}, row=Row(main=("target", "count")))
def draw_instruction(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``draw``: the player draws ``count`` cards (FoW 10.8)."""
    for r in players(ctx, state, instr):
        for _ in range(max(0, instr.get("count", 1))):
            state = draw(ctx.game, state, r, in_draw_phase=False)
    return state, ctx


def _life_instruction(name: str) -> Apply:
    """Return the apply function of ``gain_life`` or ``lose_life`` (FoW 1.5)."""
    sign = 1 if name == "gain_life" else -1

    def apply(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
        amount = instr.get("amount", 0)
        for r in players(ctx, state, instr):
            state = set_life(ctx.game, state, r, state.player(r).life + sign * amount, wp("1.5"), name, amount)
        return state, ctx

    apply.__name__ = apply.__qualname__ = name
    apply.__doc__ = f"``{name}``: the player's life changes by ``amount`` (FoW 1.5)."
    return apply


def _state_instruction(name: str) -> Apply:
    """Return the apply function of ``rest`` or ``recover`` (FoW 10.12)."""
    def apply(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
        for r in refs(ctx, state, instr):
            if r in state.cards:
                state = state.with_card(replace(state.cards[r], rested=name == "rest"))
                ctx.game.rec("state", f"fow.state.{name}", wp("10.12"), card=r)
                ctx.game.sync(state)
        return state, ctx

    apply.__name__ = apply.__qualname__ = name
    apply.__doc__ = f"``{name}``: {name} the ``target`` cards (FoW 10.12)."
    return apply


for _name, _sign in (("gain_life", "gains"), ("lose_life", "loses")):
    VOCABULARY.entry("instruction", _name, rule=("1.5",), label=f"{'Gain' if _sign == 'gains' else 'Lose'} life",
                      doc=f"The player (`you`, default, or `opponent`) {_sign} `amount` life (FoW 1.5); a part below 100 "
                          "is rounded up by the `life_rounding` reading. Life 0 or less loses in rule processing (13.1).",
                      keys={"target": TARGET_PLAYER, "amount": Integer(low=0, high=1_000_000, label="Amount")},
                      required=("amount",), messages=("fow.life", "fow.life.rounded"),
                      example={"do": _name, "target": "you", "amount": 500}, row=Row(main=("target", "amount")))(
        _life_instruction(_name))
for _name, _label, _doc in (("rest", "Rest", "Rests the `target` cards (FoW 10.12)."),
                            ("recover", "Recover", "Recovers the `target` cards (FoW 10.12).")):
    VOCABULARY.entry("instruction", _name, rule=("10.12",), label=_label, doc=_doc, keys={"target": TARGET_CARDS},
                     messages=(f"fow.state.{_name}",), example={"do": _name, "target": 0},
                     row=Row(main=("target",)))(_state_instruction(_name))
@VOCABULARY.entry("instruction", "cancel", rule=("10.11",), label="Cancel",
                  doc="Removes the chase item chosen as the `target` (a `chase` target) from the chase (FoW 10.11): a "
                      "card goes to its owner's graveyard; a lifebreak card whose break ability is cancelled too (7.10).",
                  keys={"target": Reference(words=(), ids=False, filter=False, index_to=("chase",), label="Target",
                                            help="the index of a chosen chase target")},
                  required=("target",), messages=("fow.cancel", "fow.move.new_card"),
                  example={"do": "cancel", "target": 0}, row=Row(main=("target",)))
def cancel_instruction(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``cancel``: remove the chase item chosen as the target (FoW 10.11)."""
    for r in refs(ctx, state, instr):
        state = cancel(ctx.game, state, r)
    return state, ctx


@VOCABULARY.entry("instruction", "summon", rule=("10.5",), label="Summon",
                  doc="Puts each `target` resonator on top of the chase as a summon spell of the effect's controller "
                      "(FoW 10.5); it was not played from the hand, so its Enter abilities do not trigger (9.6).",
                  keys={"target": TARGET_CARDS}, messages=("fow.summon", "fow.trigger.no_enter"),
                  example={"do": "summon", "target": 0}, row=Row(main=("target",)))
def summon(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``summon``: each target resonator goes on top of the chase as a summon spell (FoW 10.5)."""
    g, pid = ctx.game, ctx.item.controller
    for r in refs(ctx, state, instr):
        card = state.cards.get(r)
        if card is None or card.type != "resonator":
            continue
        state = move(g, state, r, "chase", "summon", wp("10.5"))
        item = ChaseItem("card", r, pid, position=len(state.chase) + 1, source_mark=state.cards[r].incarnation)
        state = replace(state, chase=state.chase + (item,))
        g.rec("play", "fow.summon", wp("10.5"), card=r, card_name=card.name, position=item.position)
        g.sync(state)
    return state, ctx


@VOCABULARY.entry("instruction", "discard", rule=("10.18",), label="Discard",
                  doc="The player (`you`, default, or `opponent`) puts `count` cards of the hand into the graveyard "
                      "(FoW 10.18; no count: the whole hand). Who chooses them is not covered: the discarding player "
                      "chooses (a choice with branches).",
                  keys={"target": TARGET_PLAYER, "count": Integer(low=0, high=99, label="How many",
                                                                  help="none: the whole hand")},
                  messages=("fow.not_covered", "fow.discard.empty", "fow.move.new_card", "fow.zone.order"),
                  example={"do": "discard", "target": "opponent", "count": 1}, row=Row(main=("target", "count")))
def discard(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``discard``: the player puts ``count`` hand cards (or the whole hand) into the graveyard (FoW 10.18)."""
    g = ctx.game
    for r in players(ctx, state, instr):
        hand = state.in_zone("hand", r)
        count = instr.get("count")
        if count is None or count >= len(hand):
            picked = [c.id for c in hand]
        else:
            g.rec("not_covered", "fow.not_covered", silent("discard_chooser"),
                  topic="discard_chooser", default="the discarding player chooses")
            picked, state = choose_cards(g, state, "discard", r, [c.id for c in hand], max(0, count), wp("10.18"))
        state = move_many(g, state, picked, "graveyard", "discard", wp("10.18"))
        if not hand:
            g.rec("state", "fow.discard.empty", wp("10.18"), player=r)
    return state, ctx


def _counter_instruction(name: str) -> Apply:
    """Return the apply function of ``add_counter`` or ``remove_counter`` (card text; FoW defines none)."""
    def apply(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
        for r in refs(ctx, state, instr):
            if r not in state.cards:  # a player chosen as the target has no counters
                continue
            card = state.cards[r]
            counters = dict(card.counters)
            counter = instr.get("counter", "+100/+100")
            count = instr.get("count", 1)
            counters[counter] = max(0, counters.get(counter, 0) + (count if name == "add_counter" else -count))
            state = state.with_card(replace(card, counters=MappingProxyType({k: v for k, v in counters.items() if v})))
            ctx.game.rec("state", "fow.counters", silent("counters"),
                         card=r, counter=counter, counters=f"{counter}:{counters[counter]}")
            ctx.game.sync(state)
            if name == "add_counter":
                state = report_counter(ctx.game, state, r, counter)
        return state, ctx

    apply.__name__ = apply.__qualname__ = name
    apply.__doc__ = f"``{name}``: change the ``counter`` counters of the ``target`` cards by ``count``."
    return apply


for _name, _label, _verb in (("add_counter", "Put counters", "puts"), ("remove_counter", "Remove counters", "removes")):
    VOCABULARY.entry("instruction", _name, rule=("silent:counters",), label=_label,
                      doc=f"{_verb.capitalize()} `count` (default 1) counters named `counter` (default `+100/+100`) "
                          f"{'on' if _verb == 'puts' else 'from'} the `target` cards. Counters are card text: the "
                          "whitepaper defines none (not even +100/+100), so the step cites no section, a counter changes "
                          "nothing else, and each counter a card has (put by this, or given in the scenario's "
                          "`objects[].counters`) is a `not_covered` step naming it, with `complete: false`. A card that "
                          "becomes a new card (FoW 3.1) has none.",
                      keys={"target": TARGET_CARDS,
                            "counter": replace(COUNTER_NAME, default="+100/+100"),
                            "count": Integer(low=1, high=99, default=1, label="How many")},
                     messages=("fow.counters", "fow.not_covered"),
                     example={"do": _name, "target": 0, "counter": "+100/+100"},
                     row=Row(main=("target", "counter", "count")))(_counter_instruction(_name))
@VOCABULARY.entry("instruction", "produce_will", rule=("9.7",), label="Produce will",
                  doc="Adds `will` to the pool of the effect's controller (FoW 9.7); it is cleared at the start of the "
                      "recovery phase and in the end phase's final step.",
                  keys={"will": WILL_MAP}, required=("will",), messages=("fow.will.spell",),
                  example={"do": "produce_will", "will": {"fire": 1}}, row=Row(main=("will",)))
def produce_will(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``produce_will``: will into the pool of the effect's controller (FoW 9.7)."""
    pid = ctx.item.controller
    pool = dict(state.player(pid).will)
    for k, n in instr.get("will", {}).items():
        pool[k] = pool.get(k, 0) + n
    state = state.with_player(replace(state.player(pid), will=MappingProxyType(pool)))
    ctx.game.rec("will", "fow.will.spell", wp("9.7"), player=pid, pool=will_text(pool))
    return state, ctx


@VOCABULARY.entry("instruction", "unsupported", rule=("9.8", "1.4"), label="Text the engine cannot read",
                  doc="Card text the engine cannot evaluate: when the instruction is reached, a `cannot_evaluate` step "
                      "names the card and the `text`, and the result has `complete: false`. Nothing is guessed.",
                  keys={"text": Text(min_length=1, max_length=2000, label="Text")}, required=("text",),
                  messages=("fow.cannot_evaluate",), example={"do": "unsupported", "text": "Look at the top card."},
                  row=Row(main=("text",)))
def unsupported(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``unsupported``: a cannot_evaluate step naming the card and its text; nothing is guessed."""
    return cannot_evaluate(ctx.game, state, ctx.item.source, instr.get("text", "unsupported")), ctx


