"""Text normalisation shared by indexing, querying and snippet highlighting.

DESIGN.md (Search): strip the transcription's spaces between Chinese characters, fold
Traditional to Simplified with OpenCC, case-fold Latin text, index Chinese as overlapping
character bigrams and Latin as whole words.
"""

from __future__ import annotations

import re
import threading

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


def index_text(text: str) -> str:
    """Return the space-separated index tokens of ``text`` (what the FTS column holds)."""
    return " ".join(token for group in token_groups(text) for token in group)
