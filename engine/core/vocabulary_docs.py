"""The generated vocabulary sections of ``docs/scenario-format.md``.

Each slot of each game's vocabulary has one section in the document, between the markers
``<!-- vocabulary:<game>:<slot> -->`` and ``<!-- /vocabulary:<game>:<slot> -->``; the text
between them is :meth:`Vocabulary.markdown` of that slot, written by ``python -m engine
vocabulary --write-docs`` and checked by ``engine/tests/test_vocabulary_docs.py``. The prose
around the markers is written by hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .vocabulary import Vocabulary

MARKER = re.compile(r"<!-- vocabulary:(?P<game>[a-z]+):(?P<slot>[a-z_]+) -->\n(?P<body>.*?)<!-- /vocabulary:(?P=game):(?P=slot) -->",
                    re.DOTALL)


def sections(text: str) -> dict[tuple[str, str], str]:
    """Return ``{(game, slot): body}`` of every generated section in ``text``."""
    return {(m["game"], m["slot"]): m["body"] for m in MARKER.finditer(text)}


def missing(text: str, vocabularies: Iterable[Vocabulary]) -> list[str]:
    """Return ``game:slot`` of each slot that has no section in ``text``."""
    present = sections(text)
    return [f"{v.game}:{slot}" for v in vocabularies for slot in v.slots if (v.game, slot) not in present]


def rewrite(text: str, vocabularies: Iterable[Vocabulary]) -> str:
    """Return ``text`` with every generated section replaced by the registry's markdown
    (sections of slots that no longer exist are left for a person to remove)."""
    by_game = {v.game: v for v in vocabularies}

    def body(match: re.Match[str]) -> str:
        vocabulary = by_game.get(match["game"])
        if vocabulary is None or match["slot"] not in vocabulary.slots:
            return match[0]
        return (f"<!-- vocabulary:{match['game']}:{match['slot']} -->\n{vocabulary.markdown(match['slot'])}"
                f"<!-- /vocabulary:{match['game']}:{match['slot']} -->")

    return MARKER.sub(body, text)
