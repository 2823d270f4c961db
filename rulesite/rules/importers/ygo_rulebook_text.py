"""Restore the Master Rule 2 rulebook's body text for display and search (issue 17).

The transcription dropped every 的 用 法 方 使 與 種 類 牌 (shared notes, ygo-mr2-rulebook §1.4),
injected the side tabs' letters into sentences (§1.3) and flattened diagrams into the prose of
the wrong section. ``restore_sections`` mends a parsed section's ``text`` (display and search)
and leaves ``raw_text`` as the source has it, for citation; each mend is listed in
``data["restored"]`` (the restored words), ``data["tabs_removed"]`` or ``data["diagram_labels"]``
(labels moved to the section they belong to), so the page can say what was changed.

Only mends that the context makes certain are made: 對手 (opponent or 對方手牌) and the lost
的 stay as they are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .base import ParsedSection


@dataclass(frozen=True)
class Mend:
    """One restoration: ``pattern`` (on display text) becomes ``replacement``; ``label`` is
    what the page lists (the restored word)."""

    pattern: re.Pattern[str]
    replacement: str
    label: str


def _mend(pattern: str, replacement: str, label: str = "") -> Mend:
    return Mend(re.compile(pattern), replacement, label or replacement)


# Dropped characters, in the order applied (a restored 牌 or 法 is never matched again: the
# source has neither).
DROPPED: tuple[Mend, ...] = (
    _mend(r"魔陷阱", "魔法陷阱"),
    _mend(r"(?<![惡])魔(?![法獸王導族人物界神龍力術陷])", "魔法"),
    _mend(r"(?<![牌一])組(?![合成織裝])", "牌組"),
    _mend(r"亮(?![牌])", "亮牌"),
    _mend(r"費(?!用)", "費用"),
    _mend(r"雙(?!方)", "雙方"),
    _mend(r"(?<!方)便(?!利)", "方便"),
    _mend(r"無(?=發揮|再|察覺|從|抽|按照)", "無法"),
    _mend(r"抽(?![牌到出一取完兩\d ])", "抽牌"),
    _mend(r"(?<![守預準具配裝設必])備(?![牌表力用妥好])", "備牌"),
    _mend(r"(?<![覆])蓋(?![上牌])", "蓋牌"),
    _mend(r"洗(?![好牌切過])", "洗牌"),
    _mend(r"(?<=處理|表現)式|(?<=洗牌)式", "方式"),
    _mend(r"規則語辭典", "規則用語辭典"),
    _mend(r"三個別", "三個類別"),
    _mend(r"三別", "三類別"),
    _mend(r"衍怪獸", "衍生怪獸"),
    # Typos of the book (notes §1.4), mended for display too.
    _mend(r"在海上並不會", "在場上並不會", "場上"),
    _mend(r"極為勝者", "即為勝者", "即為"),
    _mend(r"主要回合", "主要階段", "主要階段"),
)

# Side-tab letters inside a sentence (notes §1.3): (section, as transcribed, as printed).
SIDE_TABS: tuple[tuple[str, str, str], ...] = (
    ("ch4.16", "可戰鬥以說", "可以說"),
    ("ch4.16", "對手玩連家獲得優先權情形鎖", "對手玩家獲得優先權情形"),
    ("ch5.4", "再規輪到另一玩家抽 1 張則", "再輪到另一玩家抽 1 張"),
    ("ch5.28", "不特定對象卡他效果", "不特定對象卡效果"),
    ("ch5.28", "效果, 規這就不在", "效果, 這就不在"),
)

# Diagram labels flattened into another section's prose: (from section, to section, labels
# as transcribed, in reading order). Removed from the first, listed on the second.
DIAGRAMS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # The victory conditions chart of 3.2 (決鬥勝利條件) landed in 3.3 (決鬥準備).
    ("ch3.3", "ch3.2", ("對手生命點數為 0 時", "對手必須抽但卻無抽情形", "以各卡片效果得到勝利")),
    # The chain stack chart opens 4.13 (連鎖的構造) before its prose.
    ("ch4.13", "ch4.13", (
        "發動順序", "連鎖構造", "連鎖結束",
        "連鎖 4 以來對應連鎖 3 速度 2 或速度 3 卡", "連鎖 3 以來對應連鎖 2 速度 2 或速度 3 卡",
        "連鎖 2 以來對應連鎖 1 速度 2 或速度 3 卡", "連鎖 1 最初效果速度 1 或速度 2 卡", "處理順序",
    )),
)


def restore_text(text: str) -> tuple[str, list[str]]:
    """Return ``text`` with the dropped characters of ``DROPPED`` restored and the restored
    words, each once, in the order first made. Pure."""
    restored: list[str] = []
    for mend in DROPPED:
        text, count = mend.pattern.subn(mend.replacement, text)
        if count and mend.label not in restored:
            restored.append(mend.label)
    return text, restored


def restore_sections(sections: list[ParsedSection]) -> list[str]:
    """Mend the display ``text`` of the rulebook's ``sections`` in place; return notes.

    Side tabs and diagram labels are taken out first (they are matched as transcribed), then
    dropped characters are restored in text and moved labels alike. Raise ``ValueError``
    naming the section when a listed side tab or label is not in its text (the source or the
    parser changed: the lists must follow).
    """
    by_number = {section.number: section for section in sections}
    for number, transcribed, printed in SIDE_TABS:
        section = by_number[number]
        if transcribed not in section.text:
            raise ValueError(f"{number}: side tab text {transcribed!r} not found")
        section.text = section.text.replace(transcribed, printed, 1)
        section.data.setdefault("tabs_removed", []).append(transcribed)
    moved: dict[str, list[str]] = {}
    for source, target, labels in DIAGRAMS:
        section = by_number[source]
        for label in labels:
            if label not in section.text:
                raise ValueError(f"{source}: diagram label {label!r} not found")
            section.text = section.text.replace(label, "", 1)
        moved.setdefault(target, []).extend(labels)
    notes = []
    for section in sections:
        section.text, restored = restore_text(section.text)
        if restored:
            section.data["restored"] = restored
    for target, labels in moved.items():
        by_number[target].data["diagram_labels"] = [restore_text(label)[0] for label in labels]
        notes.append(f"{target}: {len(labels)} diagram labels set apart from the prose")
    return notes
