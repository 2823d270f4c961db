"""Spending mana as though it were mana of any color (CR 609.4b; Mycosynth Lattice): a static
ability's part that changes how a player may pay a cost, not the cost nor the mana spent.

:func:`spends_as_any_color` says whether a player may spend mana that way now (and whose ability
lets them); :mod:`engine.mtg.casting` and :mod:`engine.mtg.costs` pay with it
(:func:`engine.mtg.mana.pay` with ``any_color``), and the trace says when it was needed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from .mana import pay
from .model import GameState, ObjectId, PlayerId
from .rules import K
from .targets import players_meant
from .vocabulary import VOCABULARY, Choice, row

SPEND_KEYS = {
    "who": Choice(values=("you", "opponent", "each"), what="player", label="Who may",
                  help="who may spend mana so: each player (the default, \"players may\"), you (the ability's "
                       "controller) or an opponent"),
}
VOCABULARY.define("effect", "spend_as_any_color", rule=K.SPEND_AS_ANY_COLOR, keys=SPEND_KEYS,
                  label="Mana may be spent as though it were any color",
                  messages=("mtg.cost.any_color",),
                  doc="A static ability's part: the players `who` means (default each player, \"players may spend "
                      "mana as though it were mana of any color\") may pay each colored symbol of a cost with any one "
                      "mana, when mana is tracked (CR 609.4b): it changes only how they may pay, not the cost or the "
                      "mana spent; {C} still needs colorless mana (105.2c). A payment that needs it is a step naming "
                      "the ability's source. It applies to no objects: it has no `affected`.",
                  example={"do": "spend_as_any_color"}, row=row(SPEND_KEYS))


def spends_as_any_color(game: Any, state: GameState, player: PlayerId) -> Optional[ObjectId]:
    """Return the permanent whose static ability lets ``player`` spend mana as though it were mana
    of any color now (CR 609.4b, 611.3a: the ability's ``if`` holds; ``who`` is read from its
    controller as layer 2 leaves it), the first in the battlefield's order, or ``None``."""
    layers = game.layers(state)
    for pid, ability, part in layers.static_parts.get("spend_as_any_color", ()):
        if player in players_meant(part.get("who", "each"), layers.chars[pid].controller) \
                and game.static_holds(state, pid, ability):
            return pid
    return None


def payment(game: Any, state: GameState, player: PlayerId, pool: str, cost: str) -> tuple[Optional[str], Optional[ObjectId]]:
    """Return ``(the pool left after paying cost, the permanent whose ability the payment needed)``:
    paid as usual (CR 601.2h) if the pool can, else as though its mana were of any color when an
    ability lets ``player`` (609.4b); ``(None, None)`` when it can't be paid either way."""
    left = pay(pool, cost)
    if left is not None:
        return left, None
    source = spends_as_any_color(game, state, player)
    if source is None:
        return None, None
    left = pay(pool, cost, any_color=True)
    return (left, source) if left is not None else (None, None)


def spend(game: Any, state: GameState, player: PlayerId, cost: str, oid: ObjectId) -> GameState:
    """Pay ``cost`` for ``oid`` from ``player``'s mana pool when mana is tracked (CR 601.2h, 602.2b):
    as though the mana were of any color if the usual payment can't and an ability allows it, a
    step naming that ability's source (609.4b). The cost was checked payable before."""
    pool = state.player(player).mana_pool
    if pool is None:
        return state
    left, source = payment(game, state, player, pool, cost)
    if source is not None:
        game.record("cast", "mtg.cost.any_color", K.SPEND_AS_ANY_COLOR, player=player, card=oid,
                    card_name=state.objects[oid].printed.name, cost=cost, pool=pool, source=source,
                    source_name=state.objects[source].printed.name)
    return state.with_player(replace(state.player(player), mana_pool=left or ""))


__all__ = ["payment", "spend", "spends_as_any_color"]
