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


def pay(pool: str, cost: str) -> Optional[str]:
    """Return the pool left after paying ``cost`` (hybrid either half, generic from anything), or
    ``None`` when the pool cannot pay it (CR 601.2h, 107.4e)."""
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
