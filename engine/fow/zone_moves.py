"""Instructions that put cards into zones or change their state without a verb of chapter 10
(FoW 3: 3.1, 3.2, 3.6, 3.7, 3.10, 3.14, 3.15, with 10.1 and 14.2): moving a card to another
player's field (a control change), putting a card onto the field or into the magic stone area
other than by summoning, putting a card into the lifebreak area, turning a card face down."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core.validation import Path
from ..core.vocabulary import Boolean, Choice, Integer, Row, Validation
from . import continuous as cont
from .choices import choose
from .context import Game
from .model import BATTLE_AREA, PUBLIC, CardId, GameState, PlayerId
from .resolution import Instruction, Resolution, refs
from .rules import silent, wp
from .targets import card_targets
from .vocabulary import TARGET_CARDS, TARGET_PLAYER, VOCABULARY, WHOSE, at_most_one
from .zones import move, move_many

_ZONE_SECTION = {"field": "3.6", "stone_area": "3.7"}
"""The section that says a move inside the battle area triggers no "enters" ability (FoW 3.6, 3.7)."""


@VOCABULARY.entry("instruction", "change_control", rule=("3.14", "3.1", "3.6"), label="Move to another player's field",
                  doc="Moves each `target` card on a field (or in a magic stone area) to the same zone of `to` (`you`, "
                      "default: the effect's controller, or `opponent`), who controls it from then on (FoW 3.14). It "
                      "moves from battle area to battle area, so it stays the same card and keeps its state (3.1): "
                      "rested or recovered, damage, attachments, the effects on it. It does not enter the field (or the "
                      "magic stone area) in the sense of 3.6 (3.7): nothing that watches that triggers. Its new "
                      "controller has not controlled it since the start of the turn, so it cannot attack this turn "
                      "(8.2) nor pay [rest] (9.5) unless something allows it. An addition attached to it stays on its "
                      "own controller's field (7.2). A card elsewhere (the ruler area, a hand …) does not move.",
                  keys={"target": TARGET_CARDS,
                        "to": Choice(values=WHOSE, what="player", default="you", label="To the field of",
                                     help="you (the controller of the effect) or opponent")},
                  messages=("fow.control.change", "fow.control.no_enter", "fow.control.not_moved", "fow.move.same_card"),
                  example={"do": "change_control", "target": 0, "to": "you"}, row=Row(main=("target", "to")))
def change_control(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``change_control``: each target card on a field or in a magic stone area moves to the same
    zone of the player ``to`` names and is controlled by that player (FoW 3.14); the same card
    with its state (3.1), no "enters" trigger (3.6, 3.7), new to its controller this turn (8.2, 9.5).
    A card not in a field or a magic stone area, or already that player's, is a ``no_effect`` step."""
    g = ctx.game
    pid = ctx.item.controller if instr.get("to", "you") == "you" else state.opponent(ctx.item.controller)
    for cid in refs(ctx, state, instr):
        card = state.cards.get(cid)
        if card is None:
            continue
        if card.zone not in _ZONE_SECTION or card.controller == pid:
            g.rec("no_effect", "fow.control.not_moved", wp("3.14"), card=cid, zone=card.zone, player=pid,
                  reason="already controlled by that player" if card.zone in _ZONE_SECTION else "not on a field or in "
                                                                                               "a magic stone area")
            continue
        before = card.controller
        state = move(g, state, cid, card.zone, "control_change", wp("3.1"), controller=pid)
        state = state.with_card(replace(state.cards[cid], entered_this_turn=True, on_field_since_turn_start=False))
        g.rec("move", "fow.control.change", wp("3.14"), card=cid, card_name=g.name(state, cid), zone=card.zone,
              **{"from": before, "to": pid})
        g.sync(state)
        g.rec("trigger", "fow.control.no_enter", wp(_ZONE_SECTION[card.zone]), card=cid, card_name=g.name(state, cid),
              zone=card.zone)
    return state, ctx


def _hosts(g: Game, state: GameState, addition: CardId, controller: PlayerId) -> list[CardId]:
    """Return the cards an addition put onto the field could legally attach to as it enters: cards
    on the field whose type matches its subtype (FoW 10.1; no effect here prevents attaching)."""
    spec = {**card_targets(state.cards[addition])[0], "zone": "field"}
    return [cid for cid in sorted(state.cards) if cid != addition
            and cont.matches(g.info(state, cid), state.cards[cid], spec, controller)]


@VOCABULARY.entry("instruction", "put_onto_field", rule=("3.14", "3.1", "10.1", "9.6"), label="Put onto the field",
                  doc="Puts each `target` card onto the field, or with `zone` `stone_area` into the magic stone area, "
                      "of the effect's controller (`under` `you`, default) or of its owner (`under` `owner`), who "
                      "controls it (FoW 3.14). It is not summoned nor played: it does not go through the chase, so its "
                      "Enter abilities do not trigger (9.6). From outside the battle area it becomes a new card (3.1) "
                      "and enters recovered (3.2), or rested with `rested` (card text, 1.4); from the magic stone area "
                      "to the field it stays the same card and enters nothing in the sense of 3.6. A non-Field addition "
                      "put onto the field attaches as it enters to a card on the field its subtype allows; with none it "
                      "stays where it is (10.1); who chooses among several is not covered (the effect's controller, a "
                      "choice). A spell goes to the graveyard instead (3.15); a ruler, and a resonator, addition or "
                      "regalia put into the magic stone area, do not move (3.15).",
                  keys={"target": TARGET_CARDS,
                        "zone": Choice(values=("field", "stone_area"), what="zone", default="field", label="Into"),
                        "under": Choice(values=("you", "owner"), what="player", default="you", label="Under the control of",
                                        help="you (the controller of the effect) or the card's owner"),
                        "rested": Boolean(default=False, label="Rested", help="the card text puts it rested (FoW 1.4)")},
                  messages=("fow.put.refused", "fow.put.no_host", "fow.attach", "fow.trigger.no_enter", "fow.not_covered",
                            "fow.state.rest", "fow.move.new_card", "fow.zone.spell_to_graveyard"),
                  example={"do": "put_onto_field", "target": 0, "zone": "field", "under": "you"},
                  row=Row(main=("target", "zone"), extra=("under", "rested")))
def put_onto_field(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``put_onto_field``: each target card goes onto the field (or into the magic stone area) of the
    player ``under`` names, not summoned (no Enter, FoW 9.6); a non-Field addition attaches as it
    enters or stays where it is (10.1); 3.15's restrictions are ``no_effect`` steps."""
    g = ctx.game
    zone = instr.get("zone", "field")
    for cid in refs(ctx, state, instr):
        card = state.cards.get(cid)
        if card is None:
            continue
        refused = (("3.15", "a ruler moves only to the ruler area or the graveyard") if card.type == "ruler" else
                   ("3.15", f"a {card.type} cannot be put into the magic stone area") if zone == "stone_area"
                   and card.type in ("resonator", "addition", "regalia") else
                   ("3.14", "it is already there") if card.zone == zone else
                   ("3.13", "it is on the chase") if card.zone == "chase" else None)
        if refused is not None:
            g.rec("no_effect", "fow.put.refused", wp(refused[0]), card=cid, zone=zone, reason=refused[1])
            continue
        pid = ctx.item.controller if instr.get("under", "you") == "you" else card.owner
        host = None
        if zone == "field" and card.type == "addition" and card.subtype != "field":
            hosts = _hosts(g, state, cid, pid)
            if not hosts:
                g.rec("no_effect", "fow.put.no_host", wp("10.1"), card=cid, zone=card.zone)
                continue
            if len(hosts) > 1:
                g.rec("not_covered", "fow.not_covered", silent("addition_host_chooser"), topic="addition_host_chooser",
                      card=cid, default=f"{pid}, who puts it onto the field, chooses among {', '.join(hosts)}")
            host, state = choose(g, state, "attach", pid, hosts, wp("10.1"), card=cid)
        from_zone = card.zone
        state = move(g, state, cid, zone, "put", wp("3.14"), controller=pid)
        moved = state.cards.get(cid)
        if moved is None or moved.zone != zone:  # a spell went to the graveyard instead (3.15)
            continue
        if host is not None:
            state = state.with_card(replace(moved, attached_to=host))
            g.rec("move", "fow.attach", wp("10.1"), card=cid, to_card=host)
            g.sync(state)
        if instr.get("rested"):
            state = state.with_card(replace(state.cards[cid], rested=True))
            g.rec("state", "fow.state.rest", wp("1.4"), card=cid)
            g.sync(state)
        if zone == "field":
            g.rec("trigger", "fow.trigger.no_enter", wp("3.6" if from_zone in BATTLE_AREA else "9.6"), card=cid,
                  card_name=g.name(state, cid))
    return state, ctx


def _check_lifebreak(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    at_most_one(value, path, v, ("target", "top_of_main_deck"))
    if "player" in value and "top_of_main_deck" not in value:
        v.error((*path, "player"), "player goes with top_of_main_deck (whose main deck)")


@VOCABULARY.entry("instruction", "put_into_lifebreak", rule=("3.10", "14.2", "3.1", "13.4"),
                  label="Put into the lifebreak area",
                  doc="Valhalla: puts each `target` card, or the top `top_of_main_deck` cards of the main deck of "
                      "`player` (`you`, default, or `opponent`), on top of its owner's lifebreak area (FoW 3.10: a new "
                      "card there goes on top; 3.1: a new card, the owner ordering several). Rule processing then puts "
                      "the cards over the area's limit, from the bottom, into the graveyard (13.4). A ruler does not "
                      "move (3.15). Bifrost has no lifebreak area: 14.2 says to ignore this part of the effect (a "
                      "`no_effect` step).",
                  keys={"target": TARGET_CARDS, "top_of_main_deck": Integer(low=1, high=99, label="Top cards of the main deck"),
                        "player": TARGET_PLAYER},
                  check=_check_lifebreak,
                  messages=("fow.lifebreak.ignored", "fow.put.refused", "fow.move.new_card", "fow.zone.order"),
                  example={"do": "put_into_lifebreak", "top_of_main_deck": 1, "player": "you"},
                  row=Row(main=("target", "top_of_main_deck"), extra=("player",)))
def put_into_lifebreak(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``put_into_lifebreak``: the cards go on top of their owners' lifebreak areas (Valhalla, FoW
    3.10); under Bifrost the part is ignored (14.2)."""
    g = ctx.game
    if g.variant != "valhalla":
        g.rec("no_effect", "fow.lifebreak.ignored", wp("14.2"), card=ctx.item.source, variant=g.variant)
        return state, ctx
    if "top_of_main_deck" in instr:
        pid = ctx.item.controller if instr.get("player", "you") == "you" else state.opponent(ctx.item.controller)
        ids = [c.id for c in state.in_zone("main_deck", pid)[: instr["top_of_main_deck"]]]
    else:
        ids = [cid for cid in refs(ctx, state, instr) if cid in state.cards]
    moving = []
    for cid in ids:
        card = state.cards[cid]
        if card.type == "ruler" or card.zone in ("lifebreak", "chase"):
            g.rec("no_effect", "fow.put.refused", wp("3.15" if card.type == "ruler" else "3.10"), card=cid,
                  zone="lifebreak", reason="a ruler moves only to the ruler area or the graveyard" if card.type == "ruler"
                  else f"it is in the {card.zone}")
            continue
        moving.append(cid)
    return move_many(g, state, moving, "lifebreak", "put_into_lifebreak", wp("3.10")), ctx


@VOCABULARY.entry("instruction", "turn_face_down", rule=("3.2",), label="Turn face down",
                  doc="Turns each `target` card face down (FoW 3.2: a face-down card's information is hidden; the "
                      "players who know it may still look at it). A ruler or J-ruler is always face up: the effect does "
                      "nothing to it (3.2). Outside the standby area the whitepaper says neither which zones have "
                      "face-down cards nor what a face-down card on the field is: a `not_covered` step, the card is shown "
                      "`face_down: true` and the engine keeps reading its information and abilities, and the result is "
                      "`complete: false`. A card in a hidden zone, or already face down, is not changed. A card that "
                      "becomes a new card (3.1) is face up again.",
                  keys={"target": TARGET_CARDS},
                  messages=("fow.face_down", "fow.face_down.unchanged", "fow.not_covered"),
                  example={"do": "turn_face_down", "target": 0}, row=Row(main=("target",)))
def turn_face_down(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``turn_face_down``: each target card is turned face down (FoW 3.2), a not-covered point
    outside the standby area (``complete: false``); rulers and J-rulers stay face up (3.2)."""
    g = ctx.game
    for cid in refs(ctx, state, instr):
        card = state.cards.get(cid)
        if card is None:
            continue
        reason = ("rulers and J-rulers are always face up" if card.type == "ruler" else
                  "it is already face down" if card.face_down or card.zone == "standby" else
                  f"the {card.zone} is a hidden zone" if card.zone not in PUBLIC or card.zone == "chase" else None)
        if reason is not None:
            g.rec("no_effect", "fow.face_down.unchanged", wp("3.2"), card=cid, reason=reason)
            continue
        g.rec("not_covered", "fow.not_covered", silent("face_down_outside_standby"), topic="face_down_outside_standby",
              card=cid, zone=card.zone, default=f"{cid} is face down in the {card.zone}; the engine still reads its "
                                                "information and abilities")
        state = state.with_card(replace(card, face_down=True)).incomplete()
        g.rec("state", "fow.face_down", wp("3.2"), card=cid, zone=card.zone)
        g.sync(state)
    return state, ctx
