"""What one Force of Will resolution knows besides the state: its options, its trace recorder,
the turn player's order of tied continuous effects, and lookups memoized on the state's cards.

:class:`Game` keeps only what its ``__init__`` was given (and a memo of pure lookups keyed on
the identity of the immutable cards and effects); everything one step tells the next travels
in the :class:`~engine.fow.model.GameState` (the action cursor, the last priority point,
``complete``) or in an instruction's :class:`~engine.fow.resolution.Resolution`. Every
function of the topic modules takes the game first: ``move(g, state, cid, ...)``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import Citation, IllegalAction, TraceRecorder
from . import continuous as cont
from .model import BATTLE_AREA, Ability, CardId, GameState, PlayerId
from .rules import wp

MAX_BRANCHES = 24
"""At most this many branches per open choice (DESIGN.md)."""


class Stop(Exception):
    """The scenario gives no more actions (or the resolution cannot go on): the resolution ends.

    ``at`` is the state the result reports; ``complete`` whether everything met was evaluated.
    """

    def __init__(self, at: GameState, complete: bool | None = None) -> None:
        super().__init__("stop")
        self.at = at
        self.complete = at.complete if complete is None else complete


class OpenChoice(Exception):
    """A choice the scenario leaves open; the ruleset resolves one branch per option.

    ``cursor`` is where a ``choose`` action answering it goes in the actions; ``at`` is the state
    at the last priority point, which the result of the resolution reports; ``patch`` says how a
    branch answers it (``action``: a ``choose`` action; ``effect_order``: ``turn.effect_order``).
    """

    def __init__(self, kind: str, player: PlayerId, options: list[Any], citation: Citation, state: GameState,
                 patch: str = "action") -> None:
        super().__init__(kind)
        self.kind, self.player, self.options, self.citation = kind, player, options, citation
        self.cursor = state.cursor
        self.at = state.checkpoint or state
        self.patch = patch


class Refused(Exception):
    """An action breaks a rule after some of its choices were taken (a target chosen by a
    ``choose`` action, then a cost that cannot be paid): ``illegal`` is the rule broken, ``state``
    the state whose action cursor has taken those choices (nothing else of the action stands)."""

    def __init__(self, illegal: IllegalAction, state: GameState) -> None:
        super().__init__(illegal.message_id)
        self.illegal = illegal
        self.state = state


def orders(keys: Sequence[str]) -> list[list[str]]:
    """Return the orders of ``keys`` a player may choose from (at most :data:`MAX_BRANCHES` + 1)."""
    return [list(p) for p in itertools.permutations(keys)][: MAX_BRANCHES + 1]


_SCALARS = frozenset({int, float, str, bool, type(None)})
"""Types of dependencies compared by value (everything else by identity)."""


class Memo:
    """Pure lookups of one resolution, each kept under a key with the values it was computed from
    (parts of the immutable state compared by identity, scalars by value). Nothing here is state:
    a lookup is a function of its dependencies, recomputed when they change."""

    def __init__(self) -> None:
        self._values: dict[str, tuple[tuple[Any, ...], Any]] = {}

    def get(self, key: str, deps: tuple[Any, ...], compute: Any) -> Any:
        """Return ``compute()``, memoized under ``key`` while ``deps`` are the same objects."""
        hit = self._values.get(key)
        if hit is not None and len(hit[0]) == len(deps):
            for a, b in zip(hit[0], deps):
                if a is not b and not (type(a) in _SCALARS and type(a) is type(b) and a == b):
                    break
            else:
                return hit[1]
        value = compute()
        self._values[key] = (deps, value)
        return value

    def last(self, key: str) -> tuple[tuple[Any, ...], Any] | None:
        """Return the dependencies and value last kept under ``key`` (``None``: none yet)."""
        return self._values.get(key)


class Game:
    """One resolution's configuration: options, recorder, variant; lookups memoized.

    ``options`` are the option flags (engine.fow.options), ``recorder`` the trace, ``variant``
    ``bifrost`` or ``valhalla`` (FoW 1.2), ``memo`` the lookups (shared with a probe).
    """

    def __init__(self, options: Mapping[str, Any], recorder: TraceRecorder, variant: str = "bifrost",
                 memo: Memo | None = None) -> None:
        self.options = options
        self.recorder = recorder
        self.variant = variant
        self.memo = memo if memo is not None else Memo()

    def quiet(self) -> Game:
        """Return a game recording into a trace of its own (a probe: "would anything happen?")."""
        return Game(self.options, TraceRecorder(self.recorder.budget), self.variant, self.memo)

    # ------------------------------------------------------------------ the trace and the board
    def rec(self, step_kind: str, message_id: str, citation: Citation, **params: Any) -> None:
        """Record one trace step."""
        self.recorder.record(step_kind, message_id, citation, params)

    def sync(self, state: GameState) -> GameState:
        """Attach what changed on the board since the last sync to the last step; return ``state``."""
        self.recorder.sync(state)
        return state

    def on_board(self, key: str, state: GameState, compute: Any) -> Any:
        """Return ``compute()`` memoized under ``key`` for the state's cards, effects and effect order."""
        return self.memo.get(key, (state.cards, state.effects, state.effect_order), compute)

    # ------------------------------------------------------------------ current information (FoW 9.9)
    def chars(self, state: GameState) -> dict[CardId, cont.Chars]:
        """Return the current information of the battle-area cards; raise :class:`OpenChoice` when
        effects tie on timestamp and ``effect_order`` does not order them (FoW 9.9)."""
        return self.on_board("chars", state, lambda: self._chars(state))

    def _chars(self, state: GameState) -> dict[CardId, cont.Chars]:
        try:
            return cont.compute(state, state.effect_order)
        except cont.OrderChoice as tie:
            raise OpenChoice("effect_order", state.active, orders(tie.keys), wp("9.9"), state, "effect_order") from None

    def info(self, state: GameState, cid: CardId) -> cont.Chars:
        """Return a card's current information (printed information outside the battle area)."""
        computed = self.chars(state)
        return computed[cid] if cid in computed else cont.base(state.cards[cid])

    def name(self, state: GameState, cid: CardId) -> str:
        """Return the card's current name (the id of a card that no longer exists)."""
        return self.info(state, cid).name if cid in state.cards else cid

    def abilities(self, state: GameState, cid: CardId) -> tuple[Ability, ...]:
        """Return the abilities a card has now (none once it lost all abilities, FoW 9.9)."""
        card = state.cards[cid]
        if card.zone in BATTLE_AREA and self.info(state, cid).abilities_lost:
            return ()
        return cont.abilities_of(card)

    def has(self, state: GameState, cid: CardId, keyword: str) -> bool:
        """Return whether the card has a symbol ability now (valid in the battle area, FoW 11)."""
        card = state.cards.get(cid)
        return card is not None and card.zone in BATTLE_AREA and keyword in self.info(state, cid).keywords

    def index(self, state: GameState) -> dict[str, Any]:
        """Return lookups that depend only on the cards and effects (memoized on their identity).

        ``cards``: each player's cards sorted by id; ``state_triggers``: (card, ability) of valid
        state-triggered abilities; ``fighters``/``additions``: resonators and J-rulers, and
        non-Field additions, on the field; ``cost_changes``, ``battle_costs`` and ``replacements``: the
        valid static abilities of those kinds (FoW 9.2, 9.4). Priority after priority the board rarely changes, so this keeps
        each priority linear in what changed (benchmarks/fow_synthetic.py).
        """
        return self.on_board("index", state, lambda: self._index(state))

    def _index(self, state: GameState) -> dict[str, Any]:
        ordered = sorted(state.cards.values(), key=lambda c: c.id)
        index: dict[str, Any] = {"cards": {p.id: [c for c in ordered if c.controller == p.id] for p in state.players},
                                 "state_triggers": []}
        index["cost_changes"] = [(card, a) for card in ordered for a in cont.abilities_of(card)
                                 if a.kind == "static" and a.cost_change is not None and cont.works(card, a)]
        index["battle_costs"] = [(card, a) for card in ordered for a in self.abilities(state, card.id)
                                 if a.kind == "static" and a.battle_cost is not None and cont.works(card, a)]
        index["replacements"] = [(card, a) for card in ordered for a in self.abilities(state, card.id)
                                 if a.kind == "static" and a.replacement is not None and cont.works(card, a)]
        index["fighters"] = [c.id for c in ordered if c.zone == "field" and (c.type == "resonator" or c.side == "j_ruler")]
        index["additions"] = [c.id for c in ordered if c.zone == "field" and c.type == "addition" and c.subtype != "field"]
        for card in ordered:
            if cont.valid(card):
                index["state_triggers"] += [(card, a) for a in self.abilities(state, card.id) if a.kind == "triggered"
                                            and a.trigger is not None and a.trigger.get("event") == "state"]
        return index


def allowed(verify: Any, *args: Any) -> bool:
    """Return whether ``verify(*args)`` raises no :class:`IllegalAction` (the ``can_*`` half of a
    verify / can / do trio)."""
    try:
        verify(*args)
    except IllegalAction:
        return False
    return True


def will_text(will: Mapping[str, int]) -> str:
    """Return will as the trace writes it: ``1 fire, 2 void`` (``none`` for nothing)."""
    return ", ".join(f"{n} {k}" for k, n in will.items() if n) or "none"


def peek(state: GameState) -> Mapping[str, Any] | None:
    """Return the next action without taking it."""
    return state.next_action()
