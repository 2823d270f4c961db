"""Mana: symbols (CR 107.4), mana value (202.3), the colors of a cost (202.2) and paying a cost
from a mana pool (601.2h, hybrid symbols by either half, 107.4e).

>>> mana_symbols("{2}{W/B}{U}"), mana_value("{2}{W/B}{U}"), sorted(colors_of_cost("{2}{W/B}{U}"))
(['2', 'W/B', 'U'], 4, ['black', 'blue', 'white'])
>>> pay("{R}{G}{1}", "{1}{R}")
'{G}'
"""

from __future__ import annotations

import re
from typing import Optional

COLOR_OF_SYMBOL = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
"""The mana each basic land type's intrinsic ability adds (CR 305.6)."""
_SYMBOL = re.compile(r"\{([^{}]+)\}")


def mana_symbols(cost: str) -> list[str]:
    """Return the symbols of a mana cost: ``"{2}{W/B}{U}"`` → ``["2", "W/B", "U"]``."""
    return _SYMBOL.findall(cost or "")


def mana_value(cost: str, x: int = 0) -> int:
    """Return the mana value (CR 202.3): generic counts its number, X counts ``x``, every
    colored or hybrid symbol 1 (CR 202.3e, 202.3f)."""
    total = 0
    for symbol in mana_symbols(cost):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol == "X":
            total += x
        elif symbol.startswith("2/"):
            total += 2
        else:
            total += 1
    return total


def colors_of_cost(cost: str) -> frozenset[str]:
    """Return the colors of a mana cost (CR 202.2); a hybrid symbol is both colors (CR 107.4e)."""
    found = set()
    for symbol in mana_symbols(cost):
        for part in symbol.split("/"):
            if part in COLOR_OF_SYMBOL:
                found.add(COLOR_OF_SYMBOL[part])
    return frozenset(found)


def pay(pool: str, cost: str, any_color: bool = False) -> Optional[str]:
    """Return the pool left after paying ``cost`` (hybrid either half, generic from anything), or
    ``None`` when the pool cannot pay it (CR 601.2h, 107.4e).

    With ``any_color`` the player may spend mana as though it were mana of any color (CR 609.4b):
    a colored symbol the pool has no mana of is paid with any one mana, as generic mana is; {C}
    still needs colorless mana (colorless is not a color, 105.2c). The cost itself is unchanged.

    >>> pay("{G}{G}", "{U}{U}"), pay("{G}{C}", "{U}{U}", any_color=True), pay("{G}", "{C}", any_color=True)
    (None, '', None)
    """
    left = mana_symbols(pool)
    generic = 0
    for symbol in mana_symbols(cost):
        if symbol.isdigit():
            generic += int(symbol)
            continue
        options = symbol.split("/")
        for option in options:
            if option in left:
                left.remove(option)
                break
        else:
            if any_color and any(o in COLOR_OF_SYMBOL for o in options):
                generic += 1  # one mana of any type, spent as though it were that color (609.4b)
                continue
            if any(o.isdigit() for o in options):
                generic += int(next(o for o in options if o.isdigit()))
                continue
            return None
    total = sum(int(s) if s.isdigit() else 1 for s in left)
    if total < generic:
        return None
    while generic > 0:
        s = left.pop()
        if s.isdigit():
            use = min(int(s), generic)
            generic -= use
            if int(s) > use:
                left.append(str(int(s) - use))
        else:
            generic -= 1
    return "".join(f"{{{s}}}" for s in left)


def with_x(cost: str, x: int) -> str:
    """Return ``cost`` with each {X} as the announced value (CR 107.3a): ``{x}``, or nothing for 0.

    >>> with_x("{X}{R}", 3), with_x("{X}{R}", 0)
    ('{3}{R}', '{R}')
    """
    return cost.replace("{X}", "{%d}" % x if x else "")


def written(symbols: list[str]) -> str:
    """Return symbols as a cost, the generic ones first and added up: ``["R", "1", "1"]`` → ``{2}{R}``."""
    generic = sum(int(s) for s in symbols if s.isdigit())
    rest = [s for s in symbols if not s.isdigit()]
    return ("{%d}" % generic if generic or not rest else "") + "".join(f"{{{s}}}" for s in rest)


def reduce_cost(cost: str, by: str) -> tuple[str, bool, bool]:
    """Return ``(cost reduced by the mana by, whether the generic part would have gone below 0,
    whether a colored reduction fell on the generic part)``.

    A generic reduction affects only the generic component (CR 118.7a), which can't go below
    {0} (601.2f); a colored one removes a symbol of that color, or, if the cost has none, reduces
    the generic component (118.7b).

    >>> reduce_cost("{2}{R}", "{1}"), reduce_cost("{R}", "{1}"), reduce_cost("{1}{U}", "{R}")
    (('{1}{R}', False, False), ('{R}', True, False), ('{U}', False, True))
    """
    symbols = mana_symbols(cost)
    generic = sum(int(s) for s in symbols if s.isdigit())
    rest = [s for s in symbols if not s.isdigit()]
    reduce, to_generic = 0, False
    for symbol in mana_symbols(by):
        if symbol.isdigit():
            reduce += int(symbol)
        elif symbol in rest:
            rest.remove(symbol)
        else:
            reduce, to_generic = reduce + 1, True
    floored = reduce > generic
    return written([str(max(generic - reduce, 0)), *rest]), floored, to_generic


def hybrid_options(cost: str) -> list[list[str]]:
    """Return every way to pay the hybrid symbols of ``cost``, one half per symbol, in order (CR 107.4e).

    >>> hybrid_options("{1}{R/W}{2/B}")
    [['R', '2'], ['R', 'B'], ['W', '2'], ['W', 'B']]
    """
    out: list[list[str]] = [[]]
    for symbol in mana_symbols(cost):
        if "/" in symbol and not symbol.endswith("/P"):
            out = [done + [half] for done in out for half in symbol.split("/")]
    return out if out != [[]] else []


def with_halves(cost: str, halves: list[str]) -> str:
    """Return ``cost`` with each hybrid symbol replaced by the half chosen for it (CR 107.4e).

    >>> with_halves("{1}{R/W}{2/B}", ["W", "2"])
    '{1}{W}{2}'
    """
    chosen = iter(halves)
    return "".join(f"{{{next(chosen)}}}" if "/" in s and not s.endswith("/P") else f"{{{s}}}" for s in mana_symbols(cost))
