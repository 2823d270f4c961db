"""Parse the Yu-Gi-Oh! official rulebook for Master Rule 2 (2011, Traditional Chinese).

The source (``fixtures/documents/ygo-rulebook-mr2.txt``) is a PDF transcription in which
every non-empty line after the two header lines is one two-page spread, prefixed by its
transcription page number ``T`` (1..33). The printed page numbers are gone; spread ``T``
holds printed pages ``2T-3`` and ``2T-2`` (the book's own cross-references, e.g. "請參閱第
47 頁", agree with that formula). Sub-headings lost every bit of markup, and the multi-column
layout was flattened, so headings are found with the hand-made list ``HEADINGS`` below and
the text between them is sliced from the transcription in reading order.

Units: ``intro`` (the front-matter page before chapter 1), chapters ``ch1``..``ch5`` and their
sub-headings ``ch<N>.<n>`` numbered in list order, each with the printed page it starts on.
See ``docs/sections-ygo-rulebook-mr2.md`` for the resulting tree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import ygo_rulebook_text
from .base import (
    ImportFormatError,
    ParsedDocument,
    ParsedSection,
    normalize_whitespace,
    strip_cjk_spaces,
)

FAMILY = "ygo-rulebook"
EDITION = "mr2"
LANGUAGE = "zh-Hant"
GAME = "ygo"
TITLE = "公式規則書 對應Master Rule 2 VERSION 1.0"


@dataclass(frozen=True)
class Chapter:
    """A chapter: its number, restored title, English gloss and the tab the pages repeat."""

    number: int
    title: str
    gloss: str
    running_head: str
    """Running head / side tab in transcription form (spaces removed), stripped from text."""


@dataclass(frozen=True)
class Heading:
    """Where one sub-heading's text starts in the transcription.

    ``marker`` and ``context`` are transcription text with the spaces removed (so dropped
    characters stay dropped: 對戰所需要東西 for 對戰所需要的東西). The unit starts at
    ``marker``, which must be followed by ``context``. With ``kind="heading"`` the marker is
    the heading itself and is left out of the text; with ``kind="body"`` the heading sits
    elsewhere in a pile of stacked headings, so the marker is the first words of the body
    and is kept; ``kind="more"`` marks a further stretch of the unit ``key`` (the layout
    split it). ``level`` is 2 for a heading that groups the following level-3 headings.
    """

    key: str
    title: str
    gloss: str
    marker: str
    context: str = ""
    kind: str = "heading"
    level: int = 3


CHAPTERS: tuple[Chapter, ...] = (
    Chapter(1, "對戰準備", "Preparing to duel", "對戰準備"),
    Chapter(2, "卡片", "Cards", "卡"),
    Chapter(3, "遊戲進行", "Playing the game", "遊戲進行"),
    Chapter(4, "戰鬥・連鎖", "Battle and chains", "戰鬥連鎖"),
    Chapter(5, "其他規則", "Other rules", "其他規則"),
)

INTRO = Heading("intro", "什麼是遊戲王ZEXAL公式卡片遊戲?", "What is the Yu-Gi-Oh! ZEXAL OCG?",
                "什麼是遊戲王ZEXAL公式卡片遊戲?", level=2)

# Per chapter, in the book's reading order (which is not always the transcription order:
# stacked headings such as 抽牌階段 / 主要階段1 come before both bodies).
HEADINGS: dict[int, tuple[Heading, ...]] = {
    1: (
        Heading("needs", "對戰所需要的東西", "What you need", "對戰所需要東西", level=2),
        Heading("deck", "牌組 40張以上,60張以下", "Deck: 40 to 60 cards", "組40張以上,60張以下"),
        Heading("extra-deck", "特別牌組 15張以下", "Extra Deck: 15 cards or fewer", "特別組15張以下"),
        Heading("side-deck", "備牌 15張以下", "Side Deck: 15 cards or fewer", "備15張以下"),
        Heading("situational", "按照情況不同所需要的東西", "Items needed in some situations",
                "按照情況不同所需要東西"),
        Heading("convenience", "方便遊戲進行的東西", "Convenience items", "便遊戲進行東西"),
        Heading("field", "決鬥場", "The game mat (zones)", "決鬥場", "決鬥場就是", level=2),
    ),
    2: (
        Heading("monster-cards", "怪獸卡", "Monster cards", "怪獸卡", "卡片卡讀", level=2),
        Heading("monster-reading", "卡的讀法", "Reading a monster card", "卡讀", "3屬性"),
        Heading("what-monster", "何謂怪獸卡", "What monster cards are", "何謂怪獸卡"),
        Heading("normal-monster", "通常怪獸", "Normal monsters", "通常怪獸", "亮效果未持有"),
        Heading("effect-monster", "效果怪獸", "Effect monsters", "雖為怪獸卡,卻持有", kind="body"),
        Heading("flip", "亮牌效果", "Flip effects", "從裏側表示變成表側表示時候,自動", kind="body"),
        Heading("continuous-effect", "永續效果", "Continuous effects", "永續效果", "該怪獸必須"),
        Heading("ignition", "起動效果", "Ignition effects", "起動效果", "誘發即時效果以宣言"),
        Heading("trigger", "誘發效果", "Trigger effects", "誘發效果", "在準備階段時"),
        Heading("quick", "誘發即時效果", "Quick effects", "雖然其時機有所限定", kind="body"),
        Heading("xyz", "超量怪獸", "Xyz monsters", "超量怪獸", "超量怪獸卡,主要"),
        Heading("synchro", "同步怪獸", "Synchro monsters", "同步怪獸", "同步怪獸,有別於"),
        Heading("fusion", "融合怪獸", "Fusion monsters", "融合怪獸", "儀式怪獸卡融合怪獸,是別於"),
        Heading("ritual", "儀式怪獸", "Ritual monsters", "所謂儀式怪獸卡", kind="body"),
        Heading("summoning", "怪獸的召喚", "Summoning monsters", "怪獸召喚", "叫出怪獸", level=2),
        Heading("normal-summon", "召喚", "Normal Summon", "召喚", "升級召喚從手之中"),
        Heading("tribute-summon", "升級召喚", "Tribute (Advance) Summon", "但是,等級5以上怪獸",
                kind="body"),
        Heading("set-monster", "蓋牌", "Setting a monster", "蓋", "等級56釋放1隻"),
        Heading("flip-summon", "反轉召喚", "Flip Summon", "反轉召喚", "場上存在裏側"),
        Heading("special-summon", "特殊召喚", "Special Summon", "特殊召喚", "依照特殊才能夠"),
        Heading("special-by-effect", "依照卡效果而特殊召喚", "Special Summon by a card effect",
                "依照卡效果而特殊召喚", "依照卡效果以特殊"),
        Heading("spell-trap-cards", "魔法・陷阱卡", "Spell and trap cards", "魔陷阱卡", "卡讀效果標記",
                level=2),
        Heading("spell-trap-reading", "卡的讀法", "Reading a spell or trap card", "卡讀", "效果標記卡號"),
        Heading("spell-cards", "魔法卡", "Spell cards", "魔卡", "永續魔卡通常魔魔卡基本上", level=2),
        Heading("normal-spell", "通常魔法", "Normal spells", "通常魔", ",就是完之後"),
        Heading("ritual-spell", "儀式魔法", "Ritual spells", "儀式魔", "每1個儀式怪獸"),
        Heading("continuous-spell", "永續魔法", "Continuous spells", "發動之後會一直存在於場上,一直到",
                kind="body"),
        Heading("equip-spell", "裝備魔法", "Equip spells", "裝備魔", "給予1隻怪獸"),
        Heading("field-spell", "場地魔法", "Field spells", "場地魔", "放置於專場地魔區"),
        Heading("quick-play-spell", "速攻魔法", "Quick-Play spells", "在對手回合也可以發動特殊魔卡",
                kind="body"),
        Heading("trap-cards", "陷阱卡", "Trap cards", "陷阱卡", "陷阱卡魔卡同樣", level=2),
        Heading("normal-trap", "通常陷阱", "Normal traps", "通常陷阱", "通常魔相同,就是"),
        Heading("continuous-trap", "永續陷阱", "Continuous traps", "永續陷阱", "永續魔相同"),
        Heading("counter-trap", "反制陷阱", "Counter traps", "反制陷阱", "反制陷阱,基本上"),
        Heading("spell-trap-differences", "魔法・陷阱卡的不同點", "How spells and traps differ",
                "魔陷阱卡不同點"),
    ),
    3: (
        Heading("match-victory", "對戰勝利條件", "Winning a match", "對戰勝利條件", "對戰在這個", level=2),
        Heading("duel-victory", "決鬥勝利條件", "Winning a duel", "決鬥勝利條件", "決鬥開始時"),
        Heading("duel-setup", "決鬥準備", "Setting up a duel", "決鬥準備", "在這裡我們", level=2),
        Heading("duel-setup", "", "", "先對戰對手打聲招呼", kind="more"),
        Heading("turn-flow", "回合流程", "Turn flow: turns and phases", "回合流程", level=2),
        Heading("draw-phase", "抽牌階段", "Draw Phase", "抽階段", "主要階段1最先", level=2),
        Heading("standby-phase", "準備階段", "Standby Phase", "準備階段", "抽一張卡陷阱", level=2),
        Heading("main-phase-1", "主要階段1", "Main Phase 1", "主要階段是回合玩家最可以自由", kind="body",
                level=2),
        Heading("main-phase-1", "", "", "此回合可以做事情怪獸召喚", kind="more"),
        Heading("battle-phase", "戰鬥階段", "Battle Phase", "戰鬥階段", "場上怪獸卡來進行", level=2),
        Heading("start-step", "開始步驟", "Start Step", "開始步驟", "為了宣言"),
        Heading("battle-step", "戰鬥步驟", "Battle Step", "戰鬥步驟", "從自己場上"),
        Heading("damage-step", "傷害步驟", "Damage Step", "進行傷害計算,導出戰鬥結果", kind="body"),
        Heading("end-step", "結束步驟", "End Step", "結束步驟", "在重複進行"),
        Heading("replay", "戰鬥步驟回溯", "Battle Step replay", "戰鬥步驟回朔", "在戰鬥步驟時"),
        Heading("main-phase-2", "主要階段2", "Main Phase 2", "主要階段2", "主要階段2是只有", level=2),
        Heading("end-phase", "結束階段", "End Phase", "結束階段", "宣言回合結束", level=2),
    ),
    4: (
        Heading("battle-rules", "怪獸戰鬥規則", "Monster battle rules", "怪獸戰鬥規則", level=2),
        Heading("damage-determination", "傷害判定", "Determining damage", "傷害判定", "戰鬥傷害計算"),
        Heading("damage-step-notes", "戰鬥處理時傷害步驟的注意事項", "Notes on the Damage Step",
                "戰鬥處理時傷害步驟注意事項"),
        Heading("damage-step-restrictions", "卡的發動限制", "Activation restrictions in the Damage Step",
                "卡發動限制", "在傷害步驟中"),
        Heading("attack-face-down", "攻擊裏側表示怪獸", "Attacking a face-down monster",
                "攻擊裏側表示怪獸", "攻擊裏側守備"),
        Heading("flip-in-battle", "亮牌效果的發動", "Flip effects in battle", "亮效果發動", "被攻擊裏側"),
        Heading("attack-vs-attack", "攻擊對手攻擊表示之怪獸的情況", "Attacking an attack-position monster",
                "攻擊對手攻擊表示之怪獸情況"),
        Heading("attack-vs-defense", "攻擊對手守備表示之怪獸的情況", "Attacking a defense-position monster",
                "攻擊對手守備表示之怪獸情況"),
        Heading("direct-attack", "對手場上沒有怪獸的情況", "Opponent controls no monsters (direct attack)",
                "對手場上沒有怪獸情況", "對手場上沒有怪獸存在"),
        Heading("chains-speed", "連鎖與咒文速度", "Chains and spell speed", "連鎖咒文速度", "何謂連鎖",
                level=2),
        Heading("what-chain", "何謂連鎖", "What a chain is", "何謂連鎖"),
        Heading("spell-speed", "咒文速度", "Spell speed", "咒文速度", "所謂咒文速度"),
        Heading("chain-structure", "連鎖的構造", "Chain structure (activation and resolution order)",
                "發動順序", "連鎖構造", kind="body"),
        Heading("spell-speed-list", "咒文速度一覽", "Spell speed list", "咒文速度一覽"),
        Heading("chain-example", "連鎖的例子", "A chain example", "連鎖例子"),
        Heading("turn-player-priority", "回合玩家的優先權", "Turn player's priority", "回合玩家優先權",
                "在各階段"),
    ),
    5: (
        Heading("forbidden-limited", "禁止・限制卡", "Forbidden and Limited cards", "禁止限制卡", "通常"),
        Heading("tokens", "衍生怪獸", "Tokens", "衍生怪獸", "所謂衍生怪獸"),
        Heading("public-information", "公開情報", "Public information", "公開情報", "手張數"),
        Heading("simultaneous-actions", "雙方同時行動的情況", "Both players acting at once",
                "雙同時行動情況"),
        Heading("simultaneous-activation", "同時發動兩張以上卡的情況",
                "Two or more cards activated at the same time", "同時發動兩張以上卡情況"),
        Heading("rule-conflicts", "解決規則矛盾的情況", "Rules versus card text", "解決規則矛盾情況"),
        Heading("cannot-chain", "不能連鎖的情形", "What cannot be chained to", "不能連鎖情形"),
        Heading("tcg-cards", "關於YU-GI-OH! TRADING CARD GAME系列", "English-language TCG cards",
                "關於YU-GI-OH!TRADINGCARDGAME系列"),
        Heading("counters", "關於計數物", "Counters", "關於計數物"),
        Heading("sacrifice-summon", "犧牲召喚是什麼", "What Sacrifice Summon means", "犧牲召喚是什麼"),
        Heading("zero-attack-battle", "關於同為攻擊力0的怪獸戰鬥", "Battles between 0-ATK monsters",
                "關於同為攻擊力0怪獸戰鬥"),
        Heading("basic-chain", "關於效果發動的基本連鎖", "Offering a chain on every activation",
                "關於效果發動基本連鎖"),
        Heading("turn-count", "回合的算法", "How turns are counted", "回合算", "計算回合"),
        Heading("xyz-materials", "關於超量素材", "Xyz materials", "關於超量素材"),
        Heading("glossary", "規則用語辭典", "Rules glossary", "規則語辭典", level=2),
        Heading("release", "釋放(犧牲祭品)", "Release (Tribute)", "釋放(犧牲祭品)"),
        Heading("card-effect", "卡的效果", "Card effect", "卡效果", "所指是魔陷阱"),
        Heading("look-at-card", "翻看卡", "Looking at a Set card", "翻看卡", "所謂翻看卡"),
        Heading("banish", "從遊戲中除外", "Banished", "從遊戲中除外"),
        Heading("pay-cost", "支付費用", "Paying costs", "支付費", "為了召喚怪獸"),
        Heading("control", "控制權", "Control", "控制權", "可以操作"),
        Heading("shuffle", "洗牌", "Shuffling", "雖然沒有規定洗式", kind="body"),
        Heading("must-may", "「要」「能夠」", "Must and may", "要能夠", "在卡說明上"),
        Heading("set", "蓋牌", "Set", "蓋", "各卡以裏側形式"),
        Heading("battle-damage", "戰鬥傷害", "Battle damage", "戰鬥傷害", "所謂戰鬥傷害"),
        Heading("equip-card", "裝備卡", "Equip card", "裝備卡", "基本上指就是裝備魔卡"),
        Heading("equipped-monster", "裝備怪獸", "Equipped monster", "裝備怪獸", "裝備著裝備卡"),
        Heading("target", "選擇對象(指定對象效果)", "Targeting", "選擇對象指定對象效果"),
        Heading("direct-attack-term", "直接攻擊", "Direct attack", "直接攻擊", "就是怪獸對於"),
        Heading("draw", "抽牌", "Draw", "抽", "就是把卡組最上"),
        Heading("draw-count", "抽牌計算", "Counting draws", "抽計算", "適於標示"),
        Heading("destroy", "破壞", "Destroy", "破壞", "所指是,因為"),
        Heading("cards-on-field", "場上的卡", "Cards on the field", "場上卡", "卡上效果標記著"),
        Heading("send-to-gy", "送進墓地", "Send to the Graveyard", "送進墓地", "指是以各"),
        Heading("discard", "棄於墓地", "Discard", "棄於墓地", "指就是在結束"),
        Heading("original-atk-def", "原本攻擊力・守備力", "Original ATK and DEF", "原本攻擊力守備力",
                "若卡片效果原文"),
        Heading("random-selection", "隨機(不特定)選擇卡", "Random selection", "隨機不特定選擇卡"),
    ),
}

# Printed pages the book itself names in cross-references. The reading-order position of a
# heading inside its spread does not always tell the left page from the right one (figures
# and tabs are flattened first), so where the book says where a topic is, that wins.
PAGE_ANCHORS: dict[str, int] = {
    "forbidden-limited": 47,  # T4 "禁止卡限制卡準限制卡詳細請參閱第 47 頁"
    "tokens": 48,  # T4 "衍生怪獸標記物 ( 細節請參閱 48 頁 )"
    "turn-flow": 31,  # T8 "關於階段請參考 31 頁以後"
    "spell-speed": 42,  # T8 "關於咒文速度請參考 42 頁以後"
    "battle-rules": 39,  # T19 "可以參考 39 頁以後怪獸戰鬥規則"
    "spell-speed-list": 44,  # T22 "各卡咒文速度在 44 頁有介紹"
}

# The back cover (T32) points to the web site; it is not part of chapter 5.
BACK_MATTER_MARKER = "如欲查看更多"

_PAGE_LINE_RE = re.compile(r"^(\d{1,2})(?: (.*))?$")
_CHAPTER_RE = re.compile(r"第\s*(\d)\s*章")


@dataclass
class _Page:
    number: int
    start: int
    end: int


def _marker_regex(marker: str, context: str = "") -> re.Pattern[str]:
    """Return a pattern for ``marker`` (group 1) followed by ``context``, spaces optional."""
    def spaced(s: str) -> str:
        return r"\s*".join(re.escape(c) for c in re.sub(r"\s+", "", s))

    tail = rf"(?=\s*{spaced(context)})" if context else ""
    return re.compile(rf"({spaced(marker)}){tail}")


def _split_pages(text: str) -> tuple[str, list[_Page]]:
    """Return the pages joined by one space, and each page's number and span in that string.

    Raise ImportFormatError if the page markers are not 1, 2, 3, ... in order.
    """
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    # The first lines are the InDesign file name and the word "Transcription".
    first = next((i for i, ln in enumerate(lines) if _PAGE_LINE_RE.match(ln)), None)
    if first is None:
        raise ImportFormatError("ygo-rulebook: no line starts with a page number")
    joined: list[str] = []
    pages: list[_Page] = []
    pos = 0
    for expected, line in enumerate(lines[first:], start=1):
        m = _PAGE_LINE_RE.match(line)
        if not m or int(m.group(1)) != expected:
            raise ImportFormatError(
                f"ygo-rulebook: expected transcription page {expected} at the start of {line[:30]!r}"
            )
        body = m.group(2) or ""
        pages.append(_Page(expected, pos, pos + len(body)))
        joined.append(body)
        pos += len(body) + 1
    return " ".join(joined), pages


def _page_at(pages: list[_Page], offset: int) -> _Page:
    return next(p for p in pages if p.start <= offset <= p.end)


def _printed_page(page: _Page, offset: int) -> int:
    """Return the printed page of ``offset``: the left page of the spread for its first half."""
    left = 2 * page.number - 3
    if page.end > page.start and (offset - page.start) / (page.end - page.start) >= 0.5:
        return left + 1
    return left


def _tab_spans(raw: str, pages: list[_Page], chapter_of_page: dict[int, Chapter]) -> list[tuple[int, int]]:
    """Return the spans of running heads and side tabs to leave out of display text.

    A chapter's tab word (遊戲進行, 戰鬥連鎖, ...) is removed wherever it stands on a page of
    that chapter, since it never occurs there as content; the one-character tab 卡 of
    chapter 2 only at a page start, since 卡 is everywhere else a real word.
    """
    spans: list[tuple[int, int]] = []
    for page in pages:
        chapter = chapter_of_page.get(page.number)
        if chapter is None:
            continue
        if len(chapter.running_head) == 1:
            m = re.match(rf"{re.escape(chapter.running_head)}\s", raw[page.start : page.end])
            if m:
                spans.append((page.start, page.start + 1))
            continue
        pattern = _marker_regex(chapter.running_head)
        for m in pattern.finditer(raw, page.start, page.end):
            # Keep the chapter title printed right after 第 N 章: it is the heading itself.
            if _CHAPTER_RE.search(raw[max(page.start, m.start() - 8) : m.start()]):
                continue
            spans.append(m.span())
    return spans


def _display(raw: str, start: int, end: int, drop: list[tuple[int, int]]) -> str:
    """Return raw[start:end] without the ``drop`` spans, CJK spaces removed, whitespace collapsed."""
    parts: list[str] = []
    pos = start
    for a, b in sorted(drop):
        if b <= pos or a >= end:
            continue
        parts.append(raw[pos:a])
        pos = max(pos, b)
    parts.append(raw[pos:end])
    # A heading cut off before its full-width comma leaves ", " in front of the body.
    return normalize_whitespace(strip_cjk_spaces(" ".join(parts))).lstrip(", ")


def parse(text: str, *, edition: str | None = None, language: str | None = None) -> ParsedDocument:
    """Parse the Master Rule 2 rulebook transcription into its units.

    Input: the whole transcription. Output: a ParsedDocument whose sections are ``intro``,
    then for N = 1..5 chapter ``chN`` (kind ``chapter``) followed by its sub-headings
    ``chN.1``, ``chN.2``, ... (kind ``section``, parent ``chN``) in the order of ``HEADINGS``.
    ``text`` is display text (no CJK spaces, page numbers, running heads or side tabs);
    ``raw_text`` is the transcription slice as is (page numbers removed). ``page`` is the
    printed page, ``data`` holds the English gloss, the transcription page and the spread.

    Raise ImportFormatError when a chapter or heading cannot be found where expected.
    """
    raw, pages = _split_pages(text)
    back = raw.find(BACK_MATTER_MARKER)
    if back < 0:
        back = re.search(r"\s*".join(BACK_MATTER_MARKER), raw)
        back = back.start() if back else len(raw)
    body_end = _page_at(pages, back).start if back < len(raw) else len(raw)

    # The table of contents (目次) lists the chapters without page numbers; the body starts
    # after it, so that its 第 N 章 are not taken for the chapters themselves.
    toc = re.search(r"目\s*次", raw)
    if toc is None:
        raise ImportFormatError("ygo-rulebook: the table of contents (目次) is missing")
    body_start = _page_at(pages, toc.start()).end

    # Chapter markers, in order.
    chapter_starts: dict[int, re.Match[str]] = {}
    for m in _CHAPTER_RE.finditer(raw, body_start, body_end):
        chapter_starts.setdefault(int(m.group(1)), m)
    if sorted(chapter_starts) != [c.number for c in CHAPTERS]:
        raise ImportFormatError(f"ygo-rulebook: expected chapters 1-5, found {sorted(chapter_starts)}")
    chapter_of_page: dict[int, Chapter] = {}
    for chapter in CHAPTERS:
        first_page = _page_at(pages, chapter_starts[chapter.number].start()).number
        for page in pages:
            if page.number >= first_page:
                chapter_of_page[page.number] = chapter
    drop = _tab_spans(raw, pages, chapter_of_page)

    intro = _marker_regex(INTRO.marker).search(raw, body_start, chapter_starts[1].start())
    if intro is None:
        raise ImportFormatError("ygo-rulebook: the front-matter heading 什麼是遊戲王… is missing")
    # Only the intro page itself: the pages before it are the cover and the table of contents.
    intro_page = _page_at(pages, intro.start())

    # (content start, unit key) for every stretch of text; a stretch runs to the next boundary.
    stretches: list[tuple[int, int, str]] = [(intro.start(), intro.end(), "intro")]
    units: dict[str, tuple[Heading | Chapter, int, str]] = {}
    units["intro"] = (INTRO, intro.start(), "")
    for index, chapter in enumerate(CHAPTERS):
        cm = chapter_starts[chapter.number]
        limit = chapter_starts[chapter.number + 1].start() if index + 1 < len(CHAPTERS) else body_end
        # The chapter title follows 第 N 章, except in chapter 2 where the first heading
        # (怪獸卡) was flattened in between: drop it from the text either way.
        content = cm.end()
        tm = _marker_regex(chapter.running_head if chapter.number != 2 else chapter.title).search(
            raw, content, content + 16
        )
        if tm and not raw[content : tm.start()].strip():
            content = tm.end()
        elif tm:
            drop.append(tm.span())
        key = f"ch{chapter.number}"
        units[key] = (chapter, cm.start(), "")
        stretches.append((cm.start(), content, key))
        number = 0
        for heading in HEADINGS[chapter.number]:
            m = _marker_regex(heading.marker, heading.context).search(raw, cm.start(), limit)
            if m is None:
                raise ImportFormatError(
                    f"ygo-rulebook: heading {heading.title or heading.key!r} ({heading.marker}) "
                    f"not found in chapter {chapter.number}"
                )
            start = m.start()
            content_start = m.end() if heading.kind == "heading" else m.start()
            if heading.kind == "more":
                if heading.key not in units:
                    raise ImportFormatError(f"ygo-rulebook: continuation of unknown unit {heading.key}")
                stretches.append((start, content_start, heading.key))
                continue
            if heading.key in units:
                raise ImportFormatError(f"ygo-rulebook: duplicate heading key {heading.key}")
            number += 1
            units[heading.key] = (heading, start, f"ch{chapter.number}.{number}")
            stretches.append((start, content_start, heading.key))

    starts = sorted({s for s, _, _ in stretches} | {body_end})
    if len(starts) != len(stretches) + 1:
        raise ImportFormatError("ygo-rulebook: two headings were found at the same place")
    raw_parts: dict[str, list[str]] = {}
    text_parts: dict[str, list[str]] = {}
    for start, content_start, key in stretches:
        end = starts[starts.index(start) + 1]
        if key == "intro":
            end = min(end, intro_page.end)
        raw_parts.setdefault(key, []).append(raw[content_start:end].strip())
        text_parts.setdefault(key, []).append(_display(raw, content_start, end, drop))

    sections: list[ParsedSection] = []
    for key, (unit, start, number) in units.items():
        page = _page_at(pages, start)
        printed = _printed_page(page, start)
        if isinstance(unit, Chapter):
            title, gloss, kind, parent, ident, level = unit.title, unit.gloss, "chapter", None, key, 1
            reconstructed = False
        else:
            ident = number or key
            parent = ident.split(".")[0] if number else None
            kind = "section"
            title, gloss, level = unit.title, unit.gloss, unit.level
            # The heading text was rebuilt when it is not verbatim (dropped 的/牌/法…) or when
            # the unit starts at its body because the heading sits in a pile elsewhere.
            reconstructed = unit.kind == "body" or re.sub(r"[\s・「」()?!,]", "", title) != re.sub(
                r"[\s・「」()?!,]", "", unit.marker
            )
            if key in PAGE_ANCHORS:
                anchored = PAGE_ANCHORS[key]
                if anchored not in (2 * page.number - 3, 2 * page.number - 2):
                    raise ImportFormatError(
                        f"ygo-rulebook: {key} is on transcription page {page.number}, "
                        f"which cannot hold printed page {anchored}"
                    )
                printed = anchored
        sections.append(
            ParsedSection(
                number=ident,
                title=title,
                # Stretches of one unit are joined like pages: no space between CJK words.
                text=strip_cjk_spaces(" ".join(p for p in text_parts.get(key, []) if p)),
                raw_text=" ".join(p for p in raw_parts.get(key, []) if p),
                parent=parent,
                kind=kind,
                page=f"p.{printed}",
                reconstructed=reconstructed,
                data={
                    "gloss": gloss,
                    "level": level,
                    "transcription_page": page.number,
                    "spread": f"p.{2 * page.number - 3}-{2 * page.number - 2}",
                },
            )
        )
    # Dropped characters, side tabs and misplaced diagram labels are mended in the display text
    # (raw_text keeps the transcription); each mend is marked in the section's data.
    try:
        notes = ygo_rulebook_text.restore_sections(sections)
    except ValueError as exc:
        raise ImportFormatError(f"ygo-rulebook: {exc}") from None
    return ParsedDocument(
        family=FAMILY,
        edition=edition or EDITION,
        language=language or LANGUAGE,
        game=GAME,
        title=TITLE,
        sections=sections,
        notes=notes,
    )
