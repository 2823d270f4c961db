"""The board at every step of a ruling, shaped for the permalink page.

The engine describes a board as plain JSON in sections (``engine/core/board.py``)::

    {"turn": {...}, "players": {id: {...}}, "objects": {id: {...}}, "chain": [...]}

and gives the board before the first step, then on each step that changed it the JSON Patch
operations (``add``, ``remove``, ``replace``) that turn the board before the step into the board
after it. A choice's branches diff from the board just before their choice step (the board
after the steps before it, without the choice step's own diff), in every game.

This module is pure: it reads that output and returns

* :func:`stepper_data`, the JSON the page's script (``static/js/stepper.js``) steps through:
  the board before the first step, each step's operations (branches nested under their choice
  step), and every label the script shows, in the reader's language;
* :func:`list_boards`, the steps of the trace decorated with their anchors (``step-12``,
  ``step-12b2-3`` for step 3 of the second branch of step 12) and, where the board changed,
  the board after the step as a :class:`BoardView`: the list the page shows without script.

Size caps (a 4,000-step trace must not make a multi-megabyte page):

* the stepper's JSON holds at most :data:`MAX_STEPPER_BYTES` of boards and operations; steps
  past it are marked unknown and say so (the engine's own cap, ``MAX_BOARD_OPS``, stops
  recording diffs at about 3 MB and sets ``board_complete: false``: steps after the last
  recorded diff are unknown then too);
* the list without script renders at most :data:`MAX_LISTED_BOARDS` boards holding at most
  :data:`MAX_LISTED_ROWS` card rows together; a changed step past that says the board is not
  shown here.

No game is named: sections, keys and values are shown as the game wrote them, with labels
for the keys and values the site knows (``labels.board_label``, the trace terms). A value that
is the id of a card or a player on the board (``targets: x1``, ``attached_to``, ``equipped_to``,
``controller``) is shown as its name with the id small, unless its key holds words
(:data:`PLAIN_KEYS`: a zone, a phase, a type), where an id that happens to be the same word is
not meant.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import get_language, gettext, pgettext_lazy

from engine.core import shown_value

from .labels import board_label
from .messages import TERM_PARAMS, translate_term

MAX_STEPPER_BYTES = 1_000_000
"""At most this many bytes of JSON (the first board and the step diffs) in one page's stepper data."""
MAX_LISTED_BOARDS = 200
"""At most this many boards rendered in the list shown without script."""
MAX_LISTED_ROWS = 1_500
"""At most this many card rows in those boards together (about 400 KB of HTML)."""

SECTIONS = ("turn", "players", "objects", "chain")
"""The board's known sections; any other top-level key is shown as a fact of the board."""
SIDE_KEYS = ("controller", "owner")
"""The object keys naming the player whose side of the board a card is on (first found)."""
CHAIN_NAME_KEYS = ("card", "object", "source", "id")
"""The keys of a chain, stack or chase item naming the card it is (first found)."""
PLAIN_KEYS = frozenset(TERM_PARAMS | {"name", "subtype", "subtypes", "supertypes", "types", "colors", "side",
                                      "negated", "abilities", "mana_pool"})
"""Keys whose string values are words of the game (zones, phases, types, texts), never the id of
a card or a player: shown as words even when an id is spelt the same."""

KEY_LABELS = {
    "zone": pgettext_lazy("board", "zone"), "controller": pgettext_lazy("board", "controller"),
    "owner": pgettext_lazy("board", "owner"), "position": pgettext_lazy("board", "position"),
    "tapped": pgettext_lazy("board", "tapped"), "rested": pgettext_lazy("board", "rested"),
    "face_down": pgettext_lazy("board", "face down"), "atk": "ATK", "def": "DEF",
    "power": pgettext_lazy("board", "power"), "toughness": pgettext_lazy("board", "toughness"),
    "counters": pgettext_lazy("board", "counters"), "damage": pgettext_lazy("board", "damage"),
    "attached_to": pgettext_lazy("board", "attached to"), "life": pgettext_lazy("board", "life"),
    "lp": "LP", "active": pgettext_lazy("board", "active player"), "phase": pgettext_lazy("board", "phase"),
    "step": pgettext_lazy("board", "step"), "turn": pgettext_lazy("board", "turn"),
    "priority": pgettext_lazy("board", "priority"), "hand": pgettext_lazy("board", "hand"),
    "deck": pgettext_lazy("board", "deck"), "library": pgettext_lazy("board", "library"),
    "types": pgettext_lazy("board", "types"), "subtypes": pgettext_lazy("board", "subtypes"),
    "kind": pgettext_lazy("board", "kind"), "spell_speed": pgettext_lazy("board", "spell speed"),
    "targets": pgettext_lazy("board", "targets"), "negated": pgettext_lazy("board", "negated"),
    "attacking": pgettext_lazy("board", "attacking"), "blocking": pgettext_lazy("board", "blocking"),
    "summoning_sick": pgettext_lazy("board", "summoning sick"), "mana": pgettext_lazy("board", "mana"),
    "will": pgettext_lazy("board", "will"), "loyalty": pgettext_lazy("board", "loyalty"),
    "number": pgettext_lazy("board", "turn number"), "effect": pgettext_lazy("board", "effect"),
    "card": pgettext_lazy("board", "card"), "materials": pgettext_lazy("board", "materials"),
    "equipped_to": pgettext_lazy("board", "equipped to"), "battle": pgettext_lazy("board", "battle"),
    "attacker": pgettext_lazy("board", "attacker"), "blocker": pgettext_lazy("board", "blocker"),
    "target": pgettext_lazy("board", "target"), "name": pgettext_lazy("board", "name"),
    "source": pgettext_lazy("board", "source"), "type": pgettext_lazy("board", "type"),
    "side": pgettext_lazy("board", "side"), "revealed": pgettext_lazy("board", "revealed"),
    "abilities": pgettext_lazy("board", "abilities"), "colors": pgettext_lazy("board", "colors"),
    "mana_pool": pgettext_lazy("board", "mana pool"), "poison": pgettext_lazy("board", "poison counters"),
    "supertypes": pgettext_lazy("board", "supertypes"), "item": pgettext_lazy("board", "stack item"),
    "seat": pgettext_lazy("board", "seat (turn order)"), "left": pgettext_lazy("board", "left the game"),
}
"""Labels of the board keys the three games' boards use; another key is shown as written,
``_`` read as a space."""

KEY_ORDER = (
    "name", "card", "source", "item", "kind", "type", "types", "supertypes", "subtypes", "colors", "spell_speed",
    "zone", "side", "owner", "controller", "position", "face_down", "tapped", "rested", "summoning_sick",
    "seat", "left", "atk", "def", "power", "toughness", "loyalty", "life", "lp", "poison", "will", "mana", "mana_pool",
    "counters", "damage", "attached_to", "equipped_to", "materials", "attacking", "blocking",
    "attacker", "target", "targets", "blocker", "negated", "revealed", "abilities", "effect",
    "active", "number", "phase", "step", "priority",
)
"""The order a board item's keys are shown in (what a card is, where, its state, its numbers,
what it is tied to); other keys follow in alphabetical order. A stored board's own key order
cannot be used: PostgreSQL's jsonb reorders keys, so pages would differ by database. The
stepper (static/js/stepper.js) gets the same order as ``key_order``."""
_KEY_RANK = {key: rank for rank, key in enumerate(KEY_ORDER)}


def key_rank(key: Any) -> tuple[int, str]:
    """Return the sort key of a board key: its place in :data:`KEY_ORDER`, then its name.

    >>> sorted(["damage", "zzz", "atk", "position", "aaa"], key=key_rank)
    ['position', 'atk', 'damage', 'aaa', 'zzz']
    """
    return (_KEY_RANK.get(str(key), len(KEY_ORDER)), str(key))


INDEX_KEYS = {"effect": pgettext_lazy("board", "no. %(n)s")}
"""Keys whose whole-number value is an engine index counted from 0 (a chain link's ``effect``:
which of its card's effects, in the order the card lists them), shown counted from 1 as a judge
reads them (``effect 0`` → ``effect no. 1``)."""

Path = tuple[str, ...]


class BoardError(ValueError):
    """A board diff that does not apply to its board (a path that is not there)."""


# ----------------------------------------------------------------------------- applying diffs


def _pointer(path: Any) -> Path:
    """Return the parts of an RFC 6901 pointer (``/objects/a~1b/zone`` → ``("objects", "a/b", "zone")``)."""
    if not isinstance(path, str) or (path and not path.startswith("/")):
        raise BoardError(f"not a JSON pointer: {path!r}")
    return tuple(part.replace("~1", "/").replace("~0", "~") for part in path.split("/")[1:])


def apply_ops(board: Any, ops: Iterable[Mapping[str, Any]]) -> Any:
    """Apply JSON Patch ``ops`` to ``board`` in place and return the board (a whole-board
    ``replace`` returns the new value); raise :class:`BoardError` for an operation that does
    not apply.

    The in-place twin of ``engine.core.board.apply``, which copies the whole board on every
    call: stepping a page through thousands of steps of a big board must not copy it each time.
    """
    for op in ops:
        try:
            parts, kind = _pointer(op["path"]), op["op"]
            if not parts:
                board = copy.deepcopy(op["value"])
                continue
            parent = board
            for part in parts[:-1]:
                parent = parent[int(part)] if isinstance(parent, list) else parent[part]
            last = parts[-1]
            if isinstance(parent, list):
                index = len(parent) if last == "-" else int(last)
                if kind == "remove":
                    del parent[index]
                elif kind == "add":
                    parent.insert(index, copy.deepcopy(op["value"]))
                else:
                    parent[index] = copy.deepcopy(op["value"])
            elif kind == "remove":
                del parent[last]
            elif kind in ("add", "replace"):
                if kind == "replace" and last not in parent:
                    raise KeyError(last)
                parent[last] = copy.deepcopy(op["value"])
            else:
                raise BoardError(f"unknown operation {kind!r}")
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise BoardError(f"the board diff {str(op)[:120]} does not apply: {exc!r}") from None
    return board


def changed_paths(ops: Iterable[Mapping[str, Any]] | None) -> frozenset[Path]:
    """Return the paths ``ops`` change (as tuples of pointer parts); ``()`` for none."""
    out = set()
    for op in ops or ():
        try:
            out.add(_pointer(op.get("path")))
        except (BoardError, AttributeError):
            continue
    return frozenset(out)


def _touched(changed: frozenset[Path], *prefix: str) -> bool:
    """Whether a path in ``changed`` lies under ``prefix`` or replaces something above it."""
    return any(path[: len(prefix)] == prefix or prefix[: len(path)] == path for path in changed)


def chain_entries(chain: Any) -> list[tuple[str, Any]]:
    """Return the items of a board's chain, stack or chase, bottom first, each with the key of
    its path: a list's index, or the key of a chain kept as an object keyed by link number
    (``{"1": …, "2": …}``, the Yu-Gi-Oh! board)."""
    if isinstance(chain, list):
        return [(str(index), item) for index, item in enumerate(chain)]
    if isinstance(chain, Mapping):
        return sorted(((str(key), item) for key, item in chain.items()),
                      key=lambda pair: (0, int(pair[0]), "") if pair[0].isdigit() else (1, 0, pair[0]))
    return []


def _new_items(changed: frozenset[Path], section: str, items: list[tuple[str, Any]], previous: Any) -> set[str]:
    """Return the keys of the items of the list or object ``section`` that changed: a path into
    one, or, where the whole section was replaced (the engine replaces a list whole when an item
    below the top left it, a countered spell), each item that was not on it before. An item that
    only moved down (the spell above the countered one) is not marked; the section is."""
    out = {key for key, _item in items if any(path[:2] == (section, key) for path in changed)}
    if any(path in ((), (section,)) for path in changed):
        before = [item for _key, item in chain_entries(previous.get(section))] if isinstance(previous, Mapping) else []
        for key, item in items:
            if item in before:
                before.remove(item)  # each item before accounts for one item now
            else:
                out.add(key)
    return out


# ----------------------------------------------------------------------------- labels


def _english() -> bool:
    return (get_language() or "en").split("-")[0] == "en"


def key_label(key: str) -> str:
    """Return a board key as the reader's label (``attached_to`` → ``attached to``)."""
    label = KEY_LABELS.get(key)
    return str(label) if label is not None else str(key).replace("_", " ")


def _empty(value: Any) -> bool:
    """Whether a board value says nothing (``None``, ``false``, ``""``, ``[]``, ``{}``; not ``0``)."""
    return value is None or value is False or value == "" or (isinstance(value, (list, dict)) and not value)


Refs = Mapping[str, str]
"""``{id: name}`` of the cards and players of one board (a name equal to its id: none known)."""


def value_text(game: str, key: str, value: Any) -> str:
    """Return one board value as a judge reads it: a zone, position or kind by its label
    (``monster_zone`` → ``Monster Zone``), an engine term translated, a list as ``a, b``, an
    object as ``key: value; key: value`` (empty parts left out), a number as written."""
    if isinstance(value, bool):
        return gettext("Yes") if value else gettext("No")
    if isinstance(value, str):
        label = board_label(game, key, value)
        if label != value:
            return label
        if _english():
            return value.replace("_", " ") if key in TERM_PARAMS and " " not in value else value
        return str(translate_term(game, key, value))
    if isinstance(value, list):
        return ", ".join(value_text(game, key, item) for item in value) or "—"
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {value_text(game, str(k), v)}" for k, v in value.items() if not _empty(v)) or "—"
    if key in INDEX_KEYS and isinstance(value, int) and value >= 0:
        return str(INDEX_KEYS[key]) % {"n": value + 1}
    return shown_value(value)


def value_parts(game: str, key: str, value: Any, refs: Refs) -> tuple[Part, ...]:
    """Return one board value as :func:`value_text` does, in parts: a string that is the id of a
    card or player in ``refs`` (under a key not in :data:`PLAIN_KEYS`) becomes that card's or
    player's name with the id (``targets: ["x1"]`` → ``Gemini Elf`` ``x1``), in lists and nested
    objects too (``battle: {attacker: r1}``)."""
    if isinstance(value, str) and key not in PLAIN_KEYS and value in refs:
        name = refs[value]
        return (Part(name, value),) if name and name != value else (Part(value),)
    if isinstance(value, list) and value:
        out: list[Part] = []
        for index, item in enumerate(value):
            out.extend(((Part(", "),) if index else ()) + value_parts(game, key, item, refs))
        return tuple(out)
    if isinstance(value, Mapping):
        shown = sorted(((str(k), v) for k, v in value.items() if not _empty(v)), key=lambda item: key_rank(item[0]))
        if not shown:
            return (Part("—"),)
        out = []
        for index, (k, item) in enumerate(shown):
            out.append(Part(("; " if index else "") + f"{key_label(k)}: "))
            out.extend(value_parts(game, k, item, refs))
        return tuple(out)
    return (Part(value_text(game, key, value)),)


def _terms(game: str, value: Any, key: str, into: dict[str, dict[str, str]]) -> None:
    """Collect ``{key: {string value: label}}`` for every string (and every engine index of
    :data:`INDEX_KEYS`, by its digits) under ``key`` in ``value`` whose label differs from it (what
    the script needs to show values as :func:`value_text` does)."""
    if isinstance(value, str):
        label = value_text(game, key, value)
        if label != value:
            into.setdefault(key, {})[value] = label
    elif key in INDEX_KEYS and isinstance(value, int) and not isinstance(value, bool):
        into.setdefault(key, {})[str(value)] = value_text(game, key, value)
    elif isinstance(value, list):
        for item in value:
            _terms(game, item, key, into)
    elif isinstance(value, Mapping):
        for k, item in value.items():
            _terms(game, item, str(k), into)


# ----------------------------------------------------------------------------- one board, for a template


@dataclass(frozen=True)
class Part:
    """A piece of a fact's value: words, or a card or player named by its id (``ref``, shown
    small after the name; ``""`` for words)."""

    text: str
    ref: str = ""


@dataclass
class Fact:
    """One fact shown on a board: ``label`` and its value as ``parts`` (none for a yes/no fact
    that holds)."""

    key: str
    label: str
    parts: tuple[Part, ...]
    changed: bool = False

    @property
    def text(self) -> str:
        """Return the value as plain text, a named id as ``Name (id)``."""
        return "".join(f"{part.text} ({part.ref})" if part.ref else part.text for part in self.parts)


@dataclass
class CardView:
    id: str
    name: str
    facts: list[Fact]
    changed: bool = False


@dataclass
class ZoneView:
    name: str
    label: str
    cards: list[CardView] = field(default_factory=list)


@dataclass
class PlayerView:
    id: str
    label: str
    facts: list[Fact]
    zones: list[ZoneView]
    changed: bool = False


@dataclass
class ChainItemView:
    label: str
    facts: list[Fact]
    changed: bool = False


@dataclass
class BoardView:
    """A board as the templates draw it (``scenarios/_board_state.html``), in the same shape
    the stepper's script draws it."""

    facts: list[Fact]
    """The turn's facts, then any section the site does not know."""
    players: list[PlayerView]
    others: list[ZoneView]
    """Cards on no player's side, by zone."""
    chain: list[ChainItemView]
    chain_changed: bool = False
    has_chain: bool = False


def _facts(game: str, data: Any, skip: Iterable[str], changed: frozenset[Path], refs: Refs, *prefix: str) -> list[Fact]:
    """Return the facts of one board item (an object, a player, the turn), keys in
    :data:`KEY_ORDER` (a stored board's own order differs by database)."""
    if not isinstance(data, Mapping):
        return [Fact("", "", value_parts(game, "", data, refs), _touched(changed, *prefix))] if not _empty(data) else []
    skipped = set(skip)
    out = []
    for key, value in sorted(data.items(), key=lambda item: key_rank(item[0])):
        if key in skipped or _empty(value):
            continue
        parts = () if value is True else value_parts(game, key, value, refs)
        out.append(Fact(key, key_label(key), parts, _touched(changed, *prefix, key)))
    return out


def _name(data: Any, names: Mapping[str, str], fallback: str) -> str:
    if isinstance(data, Mapping) and isinstance(data.get("name"), str) and data["name"]:
        return data["name"]
    return names.get(fallback) or fallback


def _side(data: Any) -> str:
    if not isinstance(data, Mapping):
        return ""
    return next((str(data[key]) for key in SIDE_KEYS if isinstance(data.get(key), str) and data[key]), "")


def board_view(board: Mapping[str, Any], *, game: str, names: Mapping[str, str], zones: list[str],
               changed: frozenset[Path] = frozenset(), previous: Any = None) -> BoardView:
    """Return ``board`` as a :class:`BoardView`: each player with their facts and their side of
    the board zone by zone (cards by id), the cards on no player's side, the chain bottom first.

    ``names`` maps object and player ids to names (for a board that gives only ids);
    ``zones`` orders the zones (others follow as met); ``changed`` holds the paths the step
    changed, which are marked (where the whole chain was replaced, only the items that were not
    on the chain of the ``previous`` board). Facts naming a card or player by id show its name
    (:func:`value_parts`). Pure; never raises for an odd board (a value of a type it does not
    expect is shown as text).
    """
    players_data = board.get("players") if isinstance(board.get("players"), Mapping) else {}
    objects = board.get("objects") if isinstance(board.get("objects"), Mapping) else {}
    refs = {**{str(pid): _name(data, names, str(pid)) for pid, data in players_data.items()},
            **{str(oid): _name(data, names, str(oid)) for oid, data in objects.items()}}
    order = {zone: i for i, zone in enumerate(zones)}
    facts = _facts(game, board.get("turn") or {}, (), changed, refs, "turn")
    for key, value in board.items():
        if key not in SECTIONS and not _empty(value):
            facts.append(Fact(key, key_label(key), value_parts(game, key, value, refs), _touched(changed, key)))
    sides: dict[str, dict[str, ZoneView]] = {pid: {} for pid in sorted(players_data)}
    others: dict[str, ZoneView] = {}
    for oid in sorted(objects):
        data = objects[oid]
        side = _side(data)
        zone = str(data.get("zone") or "") if isinstance(data, Mapping) else ""
        skip = ("id", "name", "zone", "controller", *(("owner",) if not isinstance(data, Mapping) or data.get("owner") in (None, side) else ()))
        card = CardView(oid, _name(data, names, oid), _facts(game, data, skip, changed, refs, "objects", oid),
                        _touched(changed, "objects", oid))
        group = sides[side] if side in sides else others
        group.setdefault(zone, ZoneView(zone, value_text(game, "zone", zone) if zone else "—")).cards.append(card)

    def ordered(groups: dict[str, ZoneView]) -> list[ZoneView]:
        return sorted(groups.values(), key=lambda z: (order.get(z.name, len(order)), z.name))

    players = []
    for pid in sorted(players_data, key=lambda pid: (_seat_of(players_data[pid]), pid)):
        data = players_data[pid]
        name = _name(data, names, pid)
        players.append(PlayerView(pid, f"{name} ({pid})" if name != pid else pid,
                                  _facts(game, data, ("id", "name"), changed, refs, "players", pid),
                                  ordered(sides[pid]), _touched(changed, "players", pid)))
    chain = []
    entries = chain_entries(board.get("chain"))
    new_items = _new_items(changed, "chain", entries, previous)
    for position, (where, item) in enumerate(entries):
        moved = where in new_items
        inside = frozenset(path for path in changed if path[:2] == ("chain", where))
        if isinstance(item, Mapping):
            key = next((k for k in CHAIN_NAME_KEYS if isinstance(item.get(k), str)), None)
            label = _name(objects.get(item[key]) if key else None, names, str(item[key])) if key else str(position + 1)
            chain.append(ChainItemView(label, _facts(game, item, (key,) if key else (), inside, refs, "chain", where), moved))
        else:
            label = _name(objects.get(item), names, str(item)) if isinstance(item, str) else value_text(game, "", item)
            chain.append(ChainItemView(label, [], moved))
    return BoardView(facts, players, ordered(others), chain, _touched(changed, "chain"), "chain" in board)


def _seat_of(player: Any) -> int:
    """A player's seat in turn order (a multiplayer Magic board's ``seat``), 0 when the board has none."""
    seat = player.get("seat") if isinstance(player, Mapping) else None
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else 0


def zone_order(*sources: Any) -> list[str]:
    """Return the zones in the order first met: the scenario's own objects first (the judge's
    order), then the boards and diffs given."""
    zones: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, Mapping):
            zone = value.get("zone")
            if isinstance(zone, str) and zone not in zones:
                zones.append(zone)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for source in sources:
        walk(source)
    return zones


# ----------------------------------------------------------------------------- the whole trace


def step_anchor(prefix: str, index: int) -> str:
    """Return the anchor of step ``index`` (0-based) of a trace whose anchors start ``prefix``:
    ``step-12`` for the 12th step of the main trace, ``step-12b2-3`` in a branch."""
    return f"{prefix}{index + 1}"


def _known(trace: list[Mapping[str, Any]], complete: bool) -> int:
    """Return how many leading steps of ``trace`` have a known board: all, or when the engine's
    cap cut the diffs (``complete`` false) those up to the last one that carries a diff."""
    if complete:
        return len(trace)
    last = max((i for i, step in enumerate(trace) if step.get("board")), default=-1)
    return last + 1


@dataclass
class _Budget:
    """What one page may still spend on boards (read from the caps when made)."""

    stepper: int = field(default_factory=lambda: MAX_STEPPER_BYTES)
    boards: int = field(default_factory=lambda: MAX_LISTED_BOARDS)
    rows: int = field(default_factory=lambda: MAX_LISTED_ROWS)
    cut: bool = False
    noted: bool = False
    """Whether the list has said, at the first step whose board it does not draw, that it stops."""


def choice_text(choice: Any) -> str:
    """Return an open choice's value as a judge reads it (``["x", "y"]`` → ``x, y``; true/false
    → Yes/No in the reader's language, never Python's True/False)."""
    if isinstance(choice, bool):
        return gettext("Yes") if choice else gettext("No")
    return choice if isinstance(choice, str) else shown_value(choice)


def _tree(trace: list[Mapping[str, Any]], complete: bool, budget: _Budget, with_ops: bool) -> dict[str, Any]:
    """Return ``{"count": steps, "ops": [ops or 0 per step], "known": n, "branches": {index:
    [{choice, trace}]}}``: the first ``known`` steps have their board (none without
    ``with_ops``), within the stepper's byte budget (steps past it are unknown)."""
    known = _known(trace, complete) if with_ops else 0
    ops: list[Any] = []
    branches: dict[str, list[dict[str, Any]]] = {}
    for index, step in enumerate(trace):
        if index < known:
            diff = step.get("board") or 0
            size = len(json.dumps(diff, ensure_ascii=False, separators=(",", ":"))) + 1
            if size > budget.stepper:
                budget.cut = True
                budget.stepper = 0  # every later step (of this trace or another) is unknown too
                known = index
            else:
                budget.stepper -= size
                ops.append(diff)
        if step.get("branches"):
            branches[str(index)] = [
                {"choice": choice_text(branch.get("choice")),
                 "trace": _tree(branch.get("trace") or [], complete, budget, with_ops and index < known)}
                for branch in step["branches"] if isinstance(branch, Mapping)
            ]
    return {"count": len(trace), "ops": ops, "known": known, "branches": branches}


def stepper_data(*, initial: Any, trace: list[Mapping[str, Any]], complete: bool, game: str,
                 names: Mapping[str, str], zones: list[str], reason: str = "", chain_label: str = "") -> dict[str, Any]:
    """Return the JSON of the page's stepper (``static/js/stepper.js``).

    ``{"board": the board before the first step or null, "trace": tree, "zones": [...],
    "names": {...}, "terms": {key: {value: label}}, "keys": {key: label}, "plain_keys": [keys
    whose values are never ids (:data:`PLAIN_KEYS`)], "ui": {...},
    "reason": why there are no boards, "cut": whether this page's size cap left steps out,
    "partial": whether some step's board is unknown (this cap or the engine's)}``; the tree
    is ``{"count": n, "ops": [...], "known": n, "branches": {"<index>": [{"choice", "trace":
    tree}]}}``. ``initial`` ``None`` (no boards) gives a stepper of the steps alone, saying
    ``reason``. ``chain_label`` heads the chain (the game's word for it).
    """
    budget = _Budget()
    board = initial
    if initial is not None and len(json.dumps(initial, ensure_ascii=False, separators=(",", ":"))) > budget.stepper:
        board, reason = None, gettext("The board is too large to show step by step on this page (over %(size)s KB).") % {
            "size": budget.stepper // 1000}
    elif initial is not None:
        budget.stepper -= len(json.dumps(initial, ensure_ascii=False, separators=(",", ":")))
    tree = _tree(trace, complete, budget, board is not None)
    terms: dict[str, dict[str, str]] = {}
    keys: set[str] = set()
    if board is not None:
        _terms(game, board, "", terms)
        keys |= _keys(board)
        for ops in _all_ops(tree):
            for op in ops:
                for part in changed_paths([op] if isinstance(op, Mapping) else []):
                    _terms(game, op.get("value"), part[-1] if part else "", terms)
                    keys |= _keys(op.get("value")) | {p for p in part if not p.isdigit()}
    return {
        "board": board, "trace": tree, "zones": zones, "names": dict(names), "terms": terms,
        "keys": {key: key_label(key) for key in sorted(keys) if key_label(key) != key},
        "key_order": sorted(keys, key=key_rank),
        "plain_keys": sorted(PLAIN_KEYS), "reason": reason, "cut": budget.cut,
        "partial": board is not None and (budget.cut or not complete), "ui": {**_ui(), **({"chain": chain_label} if chain_label else {})},
    }


def _all_ops(tree: Mapping[str, Any]) -> Iterable[list[Mapping[str, Any]]]:
    for ops in tree["ops"]:
        if ops:
            yield ops
    for branches in tree["branches"].values():
        for branch in branches:
            yield from _all_ops(branch["trace"])


def _keys(value: Any) -> set[str]:
    """Return every key of every object nested in ``value``."""
    out: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            out |= {str(k) for k in item}
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return out


def _ui() -> dict[str, str]:
    """Return the stepper's own words in the reader's language (``%(n)s`` filled in by the script)."""
    return {
        "before": gettext("Before the first step"),
        "position": gettext("Step %(n)s of %(total)s"),
        "branch": gettext("Following: %(choice)s (the choice at step %(n)s)"),
        "back": gettext("Back to the choice at step %(n)s"),
        "follow": gettext("This choice is left open: follow one branch"),
        "if": gettext("If the choice is %(choice)s"),
        "unknown": gettext("The board after this step is not shown: past the size cap of this page."),
        "chain": gettext("Chain, stack or chase (1 is the bottom)"),
        "empty_chain": gettext("empty"),
        "others": gettext("Cards on no player's side"),
        "turn": gettext("Turn"),
        "changed": gettext("changed in this step"),
        "yes": gettext("Yes"),
        "no": gettext("No"),
    }


def list_boards(*, initial: Any, trace: list[dict[str, Any]], complete: bool, game: str, names: Mapping[str, str],
                zones: list[str]) -> list[dict[str, Any]]:
    """Decorate ``trace`` (a copy the page owns) for the list shown without script and return it.

    Each step gets ``anchor`` (``step-12``, ``step-12b2-3``), ``board_changed`` (its ``board``
    diff is not empty) and, where it changed and the caps allow, ``board_view`` (the board
    after it, a :class:`BoardView`, changes marked); ``board_first_undrawn`` marks the first
    changed step the caps leave undrawn (the page says there that the list stops drawing);
    ``board_unknown`` marks a step whose board the engine's cap left out. ``initial`` ``None`` decorates anchors only. Raises
    :class:`BoardError` when a stored diff does not apply.
    """
    budget = _Budget()
    board = copy.deepcopy(initial) if initial is not None else None
    _decorate(trace, "step-", board, initial is not None, complete, game, names, zones, budget)
    return trace


def _decorate(trace: list[dict[str, Any]], prefix: str, board: Any, has_boards: bool, complete: bool, game: str,
              names: Mapping[str, str], zones: list[str], budget: _Budget) -> None:
    """Decorate one trace (see :func:`list_boards`); ``board`` is the board before its first
    step, or ``None`` once the list's caps are spent (then only the flags are set)."""
    known = _known(trace, complete) if has_boards else 0
    for index, step in enumerate(trace):
        step["anchor"] = step_anchor(prefix, index)
        ops = step.get("board") or []
        step["board_changed"] = has_boards and bool(ops)
        step["board_unknown"] = has_boards and index >= known
        # A trace decorated again (its diffs did not apply: decorated without boards) keeps none
        # of the boards of the first pass.
        step.pop("board_view", None)
        step.pop("board_first_undrawn", None)
        # A choice's branches diff from the board just before the choice step (engine.core.board).
        at_choice = copy.deepcopy(board) if board is not None and step.get("branches") else None
        if board is not None and ops:
            chain_before = copy.deepcopy(board.get("chain")) if isinstance(board, Mapping) else None
            board = apply_ops(board, ops)
            rows = len(board.get("objects") or ()) if isinstance(board, Mapping) else 0
            if budget.boards > 0 and budget.rows >= rows and isinstance(board, Mapping):
                budget.boards -= 1
                budget.rows -= rows
                step["board_view"] = board_view(board, game=game, names=names, zones=zones, changed=changed_paths(ops),
                                                previous={"chain": chain_before})
            else:
                board = None  # the list shows no more boards: stop following them
        if has_boards and ops and not step.get("board_view") and not budget.noted:
            budget.noted = True
            step["board_first_undrawn"] = True
        for number, branch in enumerate(step.get("branches") or (), start=1):
            if isinstance(branch, dict) and isinstance(branch.get("trace"), list):
                start = copy.deepcopy(at_choice) if at_choice is not None and index < known else None
                _decorate(branch["trace"], f"{step['anchor']}b{number}-", start, has_boards and index < known, complete,
                          game, names, zones, budget)
