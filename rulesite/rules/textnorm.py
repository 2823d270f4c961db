"""Text normalisation shared by indexing, querying and snippet highlighting.

DESIGN.md (Search): strip the transcription's spaces between Chinese characters, fold
Traditional to Simplified with OpenCC, case-fold Latin text, index Chinese as overlapping
character bigrams and Latin as whole words.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from collections import Counter
from collections.abc import Iterable

import opencc

from .importers.base import strip_cjk_spaces

_local = threading.local()

# Ideographs only: CJK punctuation separates words, it is not part of them.
_HAN = r"\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF"
TOKEN_RE = re.compile(rf"[{_HAN}]+|[0-9a-z\u00c0-\u024f]+")
HAN_RE = re.compile(rf"[{_HAN}]")


def _converter(config: str = "t2s") -> opencc.OpenCC:
    # OpenCC converters hold native state; one per thread and configuration avoids sharing it.
    conv = getattr(_local, config, None)
    if conv is None:
        conv = opencc.OpenCC(config)
        setattr(_local, config, conv)
    return conv


def to_simplified(text: str) -> str:
    """Return ``text`` with Traditional Chinese folded to Simplified (OpenCC ``t2s``)."""
    return _converter().convert(text) if HAN_RE.search(text) else text


SCRIPT_CONVERSIONS = {"zh-hans": "t2s", "zh-hant": "s2t"}
"""The OpenCC configuration that brings Chinese text into each Chinese interface language's script."""


def to_script(text: str, language: str | None) -> str:
    """Return ``text`` in the Chinese script of ``language`` (``zh-hans``: Simplified,
    ``zh-hant``: Traditional, by OpenCC ``t2s``/``s2t``); any other language, or text with no
    Han character, comes back unchanged. For showing a rule excerpt to a reader; the stored
    text and permalinks keep the document's own script."""
    config = SCRIPT_CONVERSIONS.get((language or "").lower())
    if config is None or not HAN_RE.search(text):
        return text
    return _converter(config).convert(text)


def fold(text: str) -> str:
    """Return the comparable form of ``text``: CJK spaces stripped, Simplified, case-folded."""
    return to_simplified(strip_cjk_spaces(text)).casefold()


def han_token(chars: str) -> str:
    """Return an ASCII token standing for one or two Han characters.

    Both databases' tokenizers treat ASCII letters and digits alike on every locale,
    whereas PostgreSQL's parser splits or drops Han characters depending on the server's
    locale; encoding each bigram as ``x`` + hex code points makes the index portable.
    """
    return "x" + "".join(f"{ord(c):x}" for c in chars)


def token_groups(text: str) -> list[list[str]]:
    """Split ``text`` into groups of index tokens.

    Each Han run becomes one group of overlapping bigrams (a lone character is a
    unigram), each Latin/digit word one group of one token. A group of several tokens must
    match as a phrase. ``"連鎖處理 layer"`` → ``[[連锁, 锁处, 处理], [layer]]`` (encoded).
    """
    groups: list[list[str]] = []
    for match in TOKEN_RE.finditer(fold(text)):
        run = match.group()
        if HAN_RE.match(run):
            if len(run) == 1:
                groups.append([han_token(run)])
            else:
                groups.append([han_token(run[i : i + 2]) for i in range(len(run) - 1)])
        else:
            groups.append([run])
    return groups


def query_words(text: str) -> list[str]:
    """Return the words of a typed query: split on spaces, runs of single Han characters joined.

    A space between Chinese words of two or more characters separates words (``"連鎖 墓地"`` →
    ``["連鎖", "墓地"]``, searched with AND); single characters separated by spaces are the
    transcription's spacing and make one word (``"連 鎖 處 理"`` → ``["連鎖處理"]``).
    """
    words: list[str] = []
    single_han = False
    for word in text.split():
        lone = len(word) == 1 and bool(HAN_RE.match(word))
        if lone and single_han:
            words[-1] += word
        else:
            words.append(word)
        single_han = lone
    return words


def query_groups(text: str) -> list[list[str]]:
    """Return the token groups of a typed query: :func:`token_groups` of each of its
    :func:`query_words`, so a Han word is one phrase group and words are ANDed."""
    return [group for word in query_words(text) for group in token_groups(word)]


def loosened(groups: list[list[str]]) -> list[list[str]]:
    """Return ``groups`` with every Han phrase of three or more characters cut into two-character
    words, each a group of its own (``墓地連鎖發動`` → ``墓地``, ``連鎖``, ``發動``; an odd last
    character makes a word with the one before it): the words of a long phrase, for when the
    phrase itself matches nothing. Chinese words are mostly two characters long."""
    out: list[list[str]] = []
    for group in groups:
        if len(group) == 1:
            out.append(group)
            continue
        # A phrase of n characters has n - 1 bigrams; words are bigrams 0, 2, 4 … and the last.
        picks = list(range(0, len(group), 2))
        if picks[-1] != len(group) - 1:
            picks.append(len(group) - 1)
        out += [[group[i]] for i in picks]
    return out


_HAN_TOKEN_RE = re.compile(r"^x(?:[0-9a-f]{4,5}){1,2}$")


def is_word_token(token: str) -> bool:
    """Return whether index ``token`` is a Latin word a typo can be corrected to: three or
    more letters, not an encoded Han bigram (:func:`han_token`), not a number."""
    return len(token) >= 3 and not _HAN_TOKEN_RE.match(token) and not token.isdigit() and token.isalpha()


def word_counts(rows: Iterable[tuple[str, str]]) -> Counter[str]:
    """Return ``{word: sections holding it}`` of ``(search_title, search_text)`` rows: the
    Latin words (:func:`is_word_token`) of the index, for the typo list."""
    counts: Counter[str] = Counter()
    for title, text in rows:
        counts.update({t for t in f"{title} {text}".split() if is_word_token(t)})
    return counts


@lru_cache(maxsize=50_000)
def _trigrams(word: str) -> frozenset[str]:
    padded = f"  {word} "
    return frozenset(padded[i : i + 3] for i in range(len(padded) - 2))


def trigram_similarity(a: str, b: str) -> float:
    """Return the trigram similarity of two words as PostgreSQL's ``pg_trgm`` computes it:
    shared trigrams of ``"  a "`` and ``"  b "`` over all their trigrams (0 to 1)."""
    x, y = _trigrams(a), _trigrams(b)
    return len(x & y) / len(x | y) if x or y else 0.0


def edit_distance(a: str, b: str) -> int:
    """Return the optimal-string-alignment distance of two words: insertions, deletions,
    substitutions and swaps of two neighbours (``casacde`` → ``cascade`` is 1)."""
    rows = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, rows[-2][j - 2] + 1)
            row.append(cost)
        rows.append(row)
    return rows[-1][-1]


def index_text(text: str) -> str:
    """Return the space-separated index tokens of ``text`` (what the FTS column holds)."""
    return " ".join(token for group in token_groups(text) for token in group)
