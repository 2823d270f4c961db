"""Chinese↔English term pairs per game, and the query expansion search builds on them.

The pairs are data: ``fixtures/glossary/<game>.json`` holds ``[{"en": "chain", "zh_hans":
"连锁", "zh_hant": "連鎖"}, …]``, built from the glossaries of ``/work/shared/notes`` (every
Chinese term occurs in that game's documents: ``test_bilingual`` checks it). A query word
that is one form of a pair also searches the pair's other forms, so ``chain`` finds 連鎖 and
``连锁`` finds the English ``chain``, only in the game the pair belongs to.

Terms are compared as index tokens (:func:`rulesite.rules.textnorm.token_groups`), so
Traditional and Simplified forms, case and a plural ``s`` do not matter.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.conf import settings

from .textnorm import HAN_RE, token_groups

GLOSSARY_DIR = Path(settings.BASE_DIR) / "fixtures" / "glossary"
GAMES = ("mtg", "ygo", "fow")

Groups = tuple[tuple[str, ...], ...]
"""A phrase as index token groups: each group a run of tokens matched in order."""


class GlossaryDataError(ValueError):
    """A glossary file is missing a field or is not a list of term pairs."""


@dataclass(frozen=True)
class TermPair:
    """One glossary entry: the official English term and its Chinese forms."""

    game: str
    en: str
    zh_hans: str
    zh_hant: str
    variants: tuple[str, ...] = ()
    """Other forms the game's Chinese documents use for the term: an older translation's
    ``反制`` beside ``反击``, ARC-V's Latin ``XYZ`` for MR2's ``超量``, a translation's
    ``依存`` for the Comprehensive Rules' ``从属``."""

    @property
    def forms(self) -> tuple[str, ...]:
        return (self.en, self.zh_hans, self.zh_hant, *self.variants)

    @property
    def chinese_forms(self) -> tuple[str, ...]:
        """Return the forms that stand for the term in Chinese text (variants in Latin letters too)."""
        return (self.zh_hans, self.zh_hant, *self.variants)


PAIR_KEYS = {"en", "zh_hans", "zh_hant", "variants"}


def load_glossary(game: str) -> list[TermPair]:
    """Return the term pairs of ``game`` from ``fixtures/glossary/<game>.json``.

    Return ``[]`` when the game has no file; raise :class:`GlossaryDataError` naming the
    entry when it lacks ``en``, ``zh_hans`` or ``zh_hant``, has a key outside
    :data:`PAIR_KEYS`, has ``variants`` that is not a list of strings, or the file is not a
    JSON list.
    """
    path = GLOSSARY_DIR / f"{game}.json"
    if not path.is_file():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise GlossaryDataError(f"{path.name}: expected a list of term pairs")
    pairs = []
    for i, entry in enumerate(data):
        try:
            names = tuple(str(entry[key]).strip() for key in ("en", "zh_hans", "zh_hant"))
        except (KeyError, TypeError):
            raise GlossaryDataError(f"{path.name}[{i}]: expected en, zh_hans and zh_hant") from None
        unknown = sorted(set(entry) - PAIR_KEYS)
        if unknown:
            raise GlossaryDataError(f"{path.name}[{i}].{unknown[0]}: unknown key; a pair has {', '.join(sorted(PAIR_KEYS))}")
        variants = entry.get("variants", [])
        if not isinstance(variants, list) or not all(isinstance(v, str) and v.strip() for v in variants):
            raise GlossaryDataError(f"{path.name}[{i}].variants: expected a list of non-empty strings")
        pairs.append(TermPair(game, *names, variants=tuple(v.strip() for v in variants)))
    return pairs


def card_name_pairs(game: str) -> list[TermPair]:
    """Return a pair per library card of ``game`` named in Chinese (``engine.core.cards.library``):
    ``Monster Reborn`` ↔ ``死者苏生``. Index tokens fold Traditional to Simplified, so the
    attested name stands for both scripts."""
    from engine.core.cards import library

    pairs = []
    for card in library(game):
        chinese = card.names.get("zh-Hans") or card.names.get("zh-Hant")
        if chinese:
            pairs.append(TermPair(game, card.name, chinese, card.names.get("zh-Hant", chinese)))
    return pairs


def _key(groups: Groups) -> Groups:
    # "chains" is "chain": a plural s is dropped on both sides (Han tokens end in a hex digit).
    return tuple(tuple(t[:-1] if len(t) > 3 and t.endswith("s") and not t.endswith("ss") else t for t in g) for g in groups)


@dataclass(frozen=True)
class TermIndex:
    """The alternatives of every term form, per game.

    ``alternatives[game][key]`` lists the other forms (as token groups) of every pair one of
    whose forms has that key; ``longest`` is the most groups any form has.
    """

    alternatives: dict[str, dict[Groups, tuple[Groups, ...]]]
    labels: dict[str, dict[Groups, tuple[str, ...]]]
    longest: int
    scripts: dict[Groups, frozenset[str]]
    """``{"zh"}``, ``{"en"}`` or both: the scripts every form (as token groups) stands in."""


@lru_cache(maxsize=1)
def term_index() -> TermIndex:
    """Return the :class:`TermIndex` of every game's glossary (built once per process)."""
    alternatives: dict[str, dict[Groups, tuple[Groups, ...]]] = {}
    labels: dict[str, dict[Groups, tuple[str, ...]]] = {}
    longest = 1
    scripts: dict[Groups, set[str]] = {}
    for game in GAMES:
        alts: dict[Groups, dict[Groups, None]] = {}
        texts: dict[Groups, dict[str, None]] = {}
        for pair in [*load_glossary(game), *card_name_pairs(game)]:
            forms = {tuple(tuple(g) for g in token_groups(form)): form for form in pair.forms}
            forms.pop((), None)
            chinese = {tuple(tuple(g) for g in token_groups(form)) for form in pair.chinese_forms}
            for groups, text in forms.items():
                scripts.setdefault(groups, set()).add("zh" if HAN_RE.search(text) or groups in chinese else "en")
                longest = max(longest, len(groups))
                key = _key(groups)
                alts.setdefault(key, {})
                texts.setdefault(key, {})
                for other, text in forms.items():
                    if _key(other) != key:
                        alts[key][other] = None
                        texts[key][text] = None
        alternatives[game] = {k: tuple(v) for k, v in alts.items() if v}
        labels[game] = {k: tuple(v) for k, v in texts.items() if v}
    return TermIndex(alternatives, labels, longest, {k: frozenset(v) for k, v in scripts.items()})


Unit = tuple[Groups, ...]
"""One part of a query: the words typed (first) and the glossary's other forms of them."""


@dataclass(frozen=True)
class Expansion:
    """A query's units for one game, and the other-language words to highlight."""

    units: tuple[Unit, ...]
    added_words: tuple[str, ...]

    @property
    def expanded(self) -> bool:
        return any(len(unit) > 1 for unit in self.units)


def expand(groups: list[list[str]], game: str, scripts: Collection[str] = ("en", "zh")) -> Expansion:
    """Return the query ``groups`` split into units with ``game``'s glossary alternatives.

    Longest match first, left to right: ``[[special], [summon]]`` in ``ygo`` gives one unit
    ``((special,), (summon,))`` or ``((x7279x6b8a, …),)``. Words that are no term are units
    of their own with no alternative. Only alternatives in ``scripts`` (``"en"``, ``"zh"``:
    those the game has documents in) are kept.
    """
    index = term_index()
    table = index.alternatives.get(game, {})
    labels = index.labels.get(game, {})
    query = tuple(tuple(g) for g in groups)
    units: list[Unit] = []
    words: list[str] = []
    i = 0
    while i < len(query):
        for length in range(min(index.longest, len(query) - i), 0, -1):
            key = _key(query[i : i + length])
            if key in table:
                others = tuple(form for form in table[key] if index.scripts.get(form, frozenset()) & set(scripts))
                units.append((query[i : i + length], *others))
                if others:
                    words.extend(labels.get(key, ()))
                i += length
                break
        else:
            units.append((query[i : i + 1],))
            i += 1
    return Expansion(tuple(units), tuple(words))
