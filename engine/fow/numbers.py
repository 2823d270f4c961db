"""Numbers on cards the whitepaper does not settle (FoW 1.5, 2.6, 2.7): an ATK or DEF that is not
a multiple of 100 (the whitepaper rounds only life, 1.5) and counters (it defines none).

Each is applied as far as the whitepaper goes and then reported once, as a ``not_covered``
step naming the card and the value or the counter, and the result is ``complete: false``:
nothing is rounded or counted by a rule the document does not have.
"""

from __future__ import annotations

from dataclasses import replace

from .context import Game
from .model import CardId, GameState
from .rules import silent


def unrounded(g: Game, state: GameState) -> list[tuple[CardId, str, int | float]]:
    """Return ``(card, "atk"|"def", value)`` for each resonator or J-ruler in the battle area whose
    current ATK or DEF (after continuous effects, FoW 9.9) is not a multiple of 100.

    Memoized on the state's cards and effects, like the game's other board lookups.
    """
    def compute() -> list[tuple[CardId, str, int | float]]:
        found = []
        for cid, ch in sorted(g.chars(state).items()):
            if ch.type not in ("resonator", "j_ruler"):
                continue
            found += [(cid, key, value) for key, value in (("atk", ch.atk), ("def", ch.def_)) if value % 100]
        return found

    return g.on_board("unrounded", state, compute)


def report_unrounded(g: Game, state: GameState) -> GameState:
    """Record a ``not_covered`` step (``atk_def_rounding``) for each ATK or DEF that is not a
    multiple of 100, once per card and value (FoW 1.5 rounds only a player's life; 2.6 and 2.7
    say nothing of rounding): the engine uses the value as it is, and the result is not complete."""
    for cid, key, value in unrounded(g, state):
        mark = f"round:{cid}@{state.cards[cid].incarnation}:{key}={value}"
        if mark in state.reported:
            continue
        g.rec("not_covered", "fow.not_covered", silent("atk_def_rounding"), topic="atk_def_rounding", card=cid,
              characteristic=key, value=value,
              default=f"the {key.upper()} {value} of {cid} is used as it is (not rounded); only life is rounded (1.5)")
        state = replace(state.incomplete(), reported=state.reported | {mark})
    return state


def report_counter(g: Game, state: GameState, cid: CardId, counter: str) -> GameState:
    """Record a ``not_covered`` step (``counters``) naming ``counter`` on card ``cid``, once per
    card and counter: the whitepaper defines no counter (not even +100/+100), so the counter is
    kept on the card and changes nothing else; the result is not complete."""
    card = state.cards[cid]
    mark = f"counter:{cid}@{card.incarnation}:{counter}"
    if mark in state.reported:
        return state
    g.rec("not_covered", "fow.not_covered", silent("counters"), topic="counters", card=cid, counter=counter,
          default=f"the {counter} counter stays on {cid} and changes nothing: its ATK and DEF are not changed by it")
    return replace(state.incomplete(), reported=state.reported | {mark})


def report_counters(g: Game, state: GameState) -> GameState:
    """Report each counter a card has (given in the scenario, wherever the card is, or left by an
    instruction) that was not yet reported (:func:`report_counter`)."""
    counters = g.on_board("counters", state, lambda: [
        (card.id, counter) for card in sorted(state.cards.values(), key=lambda c: c.id)
        if card.counters for counter in sorted(card.counters)])
    for cid, counter in counters:
        state = report_counter(g, state, cid, counter)
    return state


def report_numbers(g: Game, state: GameState) -> GameState:
    """Report what the whitepaper does not settle about the numbers on cards before a priority
    (FoW 6.1): counters, then ATK and DEF that are not multiples of 100."""
    return report_unrounded(g, report_counters(g, state))
