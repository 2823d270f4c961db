"""Parse the Simplified-Chinese Alara Reborn release FAQ (2009), a PDF transcription.

Layout of the source (``fixtures/documents/mtg-arb-faq-2009.txt``): a preview snippet, the
word ``Transcription``, then one physical line per PDF page, each starting with its page
number and a space. Text flows across pages mid-sentence; every CJK character is followed
by a space; sentence stops, enumeration commas, quotation marks and every digit ``1`` were
lost. The FAQ has two parts:

* General Notes (通则释疑): topics headed ``*** <kind> : <name> ***``, each an introduction,
  one or two example cards, sometimes an official-rules block, then ``*`` rulings that belong
  to the topic;
* Card-Specific Notes (单卡解惑): cards grouped under colour headers (``白/蓝`` … ``五色``,
  ``混血``) glued to the first card name, each card followed by its ``*`` rulings.

A card entry is ``NAME COST TYPE-LINE [P/T] RULES-TEXT``. Names have no left delimiter, so
they are read from ``CARD_NAMES`` (the 80 cards of the file with their English names, which
the file does not contain).

Units produced, in document order: ``front`` (kind ``section``: the credits, dates, legality
and set size before the first topic), ``topic-<n>`` (kind ``topic``), ``card-<english-slug>``
(kind ``card``; parent the topic for the General-Notes examples, else none) and
``<entry>.r<n>`` (kind ``ruling``, parent the topic or card).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .base import CJK_CHAR_RE, ImportFormatError, ParsedDocument, ParsedSection

FAMILY = "mtg-arb-faq"
GAME = "mtg"
DEFAULT_EDITION = "2009"
DEFAULT_LANGUAGE = "zh-Hans"

# (Chinese name as printed, English name) for every card entry, in the file's order. The
# English names were checked against the Alara Reborn set list (shared notes, section 2).
CARD_NAMES: tuple[tuple[str, str], ...] = (
    ("荣鳞凡尔西诺", "Gloryscale Viashino"),
    ("灵魂污者", "Defiler of Souls"),
    ("沥青冲击", "Bituminous Blast"),
    ("血辫地精", "Bloodbraid Elf"),
    ("火热扑击妖", "Igneous Pouncer"),
    ("勇得旅居者", "Jund Sojourners"),
    ("艾斯波暴锋师", "Esper Stormblade"),
    ("旷雾界碑", "Fieldmist Borderpost"),
    ("艾文分印术士", "Aven Mimeomancer"),
    ("乙金盟盾法师", "Ethersworn Shieldmage"),
    ("丝金天使", "Filigree Angel"),
    ("扰咒法师", "Meddling Mage"),
    ("献祭亚莎", "Offering to Asha"),
    ("义人之盾", "Shield of the Righteous"),
    ("古阿拉若君王", "Sovereigns of Lost Alara"),
    ("清脑咒", "Brainbite"),
    ("虚幻恶魔", "Illusory Demon"),
    ("温各巫妖领主", "Lich Lord of Unx"),
    ("谜语面具", "Mask of Riddles"),
    ("心灵葬礼", "Mind Funeral"),
    ("理性宿敌", "Nemesis of Reason"),
    ("操弄灵魂", "Soul Manipulation"),
    ("时间筛子", "Time Sieve"),
    ("夺命索塔兽", "Deathbringer Thoctar"),
    ("魔脊鞭", "Demonspine Whip"),
    ("卡刹立轰击师", "Kathari Bomber"),
    ("思想溢血", "Thought Hemorrhage"),
    ("闪击地狱兽", "Blitz Hellion"),
    ("神射牛头怪", "Deadshot Minotaur"),
    ("育母巨龙", "Dragon Broodmother"),
    ("屠法刃", "Mage Slayer"),
    ("掠夺优势", "Predatory Advantage"),
    ("破咒贝西摩斯", "Spellbreaker Behemoth"),
    ("含恨再生", "Vengeful Rebirth"),
    ("威西亚叛军", "Vithian Renegades"),
    ("贝西摩斯锤", "Behemoth Sledge"),
    ("不屈卫士", "Dauntless Escort"),
    ("新阿拉若骑士", "Knight of New Alara"),
    ("结藤神圣武士", "Knotvine Paladin"),
    ("狮族铠卫", "Leonin Armorguard"),
    ("蕈类牧人", "Mycoid Shepherd"),
    ("印记队长", "Sigil Captain"),
    ("纳雅神明印记", "Sigil of the Nayan Gods"),
    ("死灵术士盟约", "Necromancer's Covenant"),
    ("败坏印记", "Tainted Sigil"),
    ("多层施咒", "Cloven Casting"),
    ("双重否定", "Double Negative"),
    ("飞爪击族", "Skyclaw Thrash"),
    ("咒绊巨龙", "Spellbound Dragon"),
    ("涡心鼓动", "Maelstrom Pulse"),
    ("病态花开", "Morbid Bloom"),
    ("奋战至死", "Fight to the Death"),
    ("战斗荣光", "Glory of Warfare"),
    ("威吓击", "Intimidation Bolt"),
    ("鳞文寇特蛇", "Lorescale Coatl"),
    ("无踪巨兽", "Nulltread Gargantuan"),
    ("谕灵的智者", "Sages of the Anima"),
    ("维多肯异教徒", "Vedalken Heretic"),
    ("谜样史芬斯", "Enigma Sphinx"),
    ("乙金书页", "Etherwrought Page"),
    ("三胞仙", "Sen Triplets"),
    ("剧烈启示", "Drastic Revelation"),
    ("格利极旅居者", "Grixis Sojourners"),
    ("塞西蒙得", "Thraximundar"),
    ("屠王空镰", "Unscythe, Killer of Kings"),
    ("安抚巨龙", "Dragon Appeasement"),
    ("勇得暴君卡瑟", "Karrthus, Tyrant of Jund"),
    ("岩浆崩", "Lavalanche"),
    ("盲冲独眼巨人", "Madrush Cyclops"),
    ("梅燕的咏叹调", "Mayael's Aria"),
    ("回敬狮鹫", "Retaliator Griffin"),
    ("辉煌一刻", "Finest Hour"),
    ("众翼飞舞", "Flurry of Wings"),
    ("战门", "Wargate"),
    ("涡心连结点", "Maelstrom Nexus"),
    ("结晶化", "Crystallization"),
    ("伏击巨甲虫", "Giant Ambush Beetle"),
    ("屈从波拉斯", "Slave of Bolas"),
    ("振翼机锻炉", "Thopter Foundry"),
    ("军火挥扫兽", "Arsenal Thresher"),
)

# Subtypes as this 2009 translation writes them. The type line is glued to the P/T, and a
# 1/1 creature's P/T is a bare "/" once the 1s are lost (维多肯/浪客/每当… is Vedalken Rogue
# 1/1), so subtypes can only be told from rules text by knowing them. 地精 is Elf here.
SUBTYPES: frozenset[str] = frozenset(
    "人类 元素 凡尔西诺 史芬斯 地狱兽 地精 士兵 天使 恶魔 惊惧兽 战士 昆虫 杀手 武具 法术师 浪客 海怪 灵俑 "
    "灵气 牛头怪 犀牛 狂战士 独眼巨人 狮鹫 猫 真菌 祭师 精怪 组构体 维多肯 虚影 蛇 野兽 食人魔 骑士 鸟 龙".split()
)

_MANA_SYMBOLS = {
    "零": "0", "一": "1", "二": "2", "三": "3", "四": "4", "五": "5", "六": "6", "七": "7", "八": "8",
    "九": "9", "十": "10", "白": "W", "蓝": "U", "黑": "B", "红": "R", "绿": "G", "X": "X", "横置": "T",
}
_CARD_HEADER_RE = re.compile(r"((?:\{[^{}]+\})+)((?:传奇)?(?:神器生物|神器|生物|结界|瞬间|法术))")
_COLOR_GROUP_RE = re.compile(r"(?:[白蓝黑红绿](?:/[白蓝黑红绿]){1,2}|五色|混血)$")
_TOPIC_HEADER_RE = re.compile(r"\*\*\* ?([^*]+?) ?\*\*\*")
_PT_RE = re.compile(r"([0-9X*]*)/([0-9X*]*)")
# Stars that are not ruling bullets: the "*" P/T value in 力量中包含了*, / 所定义的*数值, and
# one stray star before 特征值 (Dauntless Escort), probably a lost emphasis mark.
_NON_BULLET_STAR_RE = re.compile(r"\*(?= ?(?:,|数值|特征值))")
_FOOTER_RE = re.compile(r"所有注册商标,.*?\(c\)\d{4}威世智\s*$")
_DATE_RE = re.compile(r"最近更新日期:(\d{4})年(\d{1,2})月(\d{1,2})日")
_TITLE_RE = re.compile(r"_([^_]+)_常见问题集")
_PAGE_RE = re.compile(r"^(\d+) ")
_CARD_SPECIFIC_HEADING = "单卡解惑"
# Where the transcription ran an example card's rules text straight into the topic's prose
# (no paragraph break survives), the phrase the prose starts with.
_PROSE_AFTER_CARD: tuple[str, ...] = ("有五张_阿拉若新生_的牌同时具有两个地循环异能",)


@dataclass(frozen=True)
class _Page:
    number: int
    start: int
    """Offset in the file of the page's first character after its number."""
    content: str


@dataclass
class _Stream:
    """The joined, de-spaced text with each character's file offset and page number."""

    text: str
    offsets: list[int]
    pages: list[int]

    def raw(self, source: str, start: int, end: int) -> str:
        """Return the source text exactly as the file has it for ``text[start:end]``."""
        inside = [self.offsets[i] for i in range(start, end) if self.offsets[i] >= 0]
        return source[inside[0] : inside[-1] + 1] if inside else ""

    def page(self, index: int) -> str:
        return f"p.{self.pages[min(index, len(self.pages) - 1)]}"


def slugify(name: str) -> str:
    """Return the permalink slug of an English card name: ``Mayael's Aria`` → ``mayaels-aria``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "").replace("’", "")).strip("-")


def mana_cost(cost: str) -> str:
    """Return ``cost`` in standard symbols: ``{三}{黑/绿}{红}`` → ``{3}{B/G}{R}``.

    Raises ``ImportFormatError`` for an unknown symbol.
    """
    def symbol(match: re.Match[str]) -> str:
        try:
            return "{" + "/".join(_MANA_SYMBOLS[part] for part in match[1].split("/")) + "}"
        except KeyError:
            raise ImportFormatError(f"unknown mana symbol {match[0]!r} in cost {cost!r}") from None

    return re.sub(r"\{([^{}]+)\}", symbol, cost)


def display(text: str) -> str:
    """Return de-spaced FAQ text cleaned for display.

    Drop the ``_`` italics marks and ``<`` link remnants, glue the P/T star ``*`` to its
    neighbours, and restore the one digit-1 loss that is unambiguous:
    ``+/+`` and ``-/-`` counters and boosts are ``+1/+1`` and ``-1/-1`` (the transcription
    deleted every ``1``; other losses, such as ``0`` for 10, cannot be told apart and stay).
    """
    # ``_`` marked italics and ``<`` is what is left of each deleted link; neither is text.
    text = text.replace("_", "").replace("<", "")
    # Bullets are split off already; a remaining star is the P/T value "*" (包含了*,).
    text = re.sub(r" ?\* ?", "*", text)
    return re.sub(r"(?<![0-9X])([+-])/([+-])(?![0-9X])", r"\g<1>1/\g<2>1", text).strip()


# A list numbered 1), 2) … or (1), (2) … whose "1" was lost: ") 你使用… 2) 倾曳异能…",
# "这代表了 () 如果… 以及 (2)". Only where the "2" item follows is the lost digit certain.
_LOST_FIRST_ITEM_RE = re.compile(r"(?<![0-9A-Za-z)])(\(?)\)(?=.*?(?:\(2\)|(?<![0-9(])2\)))", re.S)


def restore_first_item(text: str) -> tuple[str, int]:
    """Return ``text`` with the lost ``1`` of a numbered list put back, and how many were.

    ``倾曳的时间顺序如下: )你使用…2)倾曳`` → ``…: 1)你使用…2)倾曳``; ``() 如果… (2)`` →
    ``(1) 如果… (2)``. A ``)`` or ``()`` is restored only when the list's item 2 follows.
    """
    return _LOST_FIRST_ITEM_RE.subn(lambda m: f"{m[1]}1)", text, count=1)


def _pages(source: str) -> list[_Page]:
    """Return the numbered page lines that follow the ``Transcription`` line.

    Raises ``ImportFormatError`` when that line is missing or page numbers are not 1, 2, ….
    """
    lines = source.split("\n")
    offset = 0
    starts = []
    for line in lines:
        starts.append(offset)
        offset += len(line) + 1
    try:
        first = lines.index("Transcription") + 1
    except ValueError:
        raise ImportFormatError("expected a line 'Transcription' before the page lines") from None
    pages: list[_Page] = []
    for index in range(first, len(lines)):
        line = lines[index]
        if not line.strip():
            continue
        match = _PAGE_RE.match(line)
        if not match or int(match[1]) != len(pages) + 1:
            raise ImportFormatError(f"line {index + 1}: expected page {len(pages) + 1} to start with its number")
        pages.append(_Page(int(match[1]), starts[index] + match.end(), line[match.end() :]))
    if not pages:
        raise ImportFormatError("no page lines after 'Transcription'")
    return pages


def _joins(char: str) -> bool:
    return bool(CJK_CHAR_RE.match(char)) or char in "{}/"


def _stream(pages: list[_Page]) -> _Stream:
    """Join the pages (a page break is a space) and drop the transcription's extra spaces.

    A space goes when a neighbour is CJK, a brace or a slash, unless a neighbour is ``*``:
    spaces around the ruling bullets are kept so that ``力量中包含了*,`` stays distinguishable.
    """
    chars: list[str] = []
    offsets: list[int] = []
    numbers: list[int] = []
    for page in pages:
        if chars:
            chars.append(" ")
            offsets.append(-1)
            numbers.append(page.number)
        chars.extend(page.content)
        offsets.extend(range(page.start, page.start + len(page.content)))
        numbers.extend([page.number] * len(page.content))
    keep = []
    for i, char in enumerate(chars):
        if char == " " and 0 < i < len(chars) - 1:
            before, after = chars[i - 1], chars[i + 1]
            if "*" not in (before, after) and (_joins(before) or _joins(after)):
                continue
        keep.append(i)
    return _Stream("".join(chars[i] for i in keep), [offsets[i] for i in keep], [numbers[i] for i in keep])


@dataclass
class _Card:
    start: int
    """Where the entry starts: its name (a colour header before it is not part of it)."""
    name_zh: str
    name_en: str
    cost: str
    type_end: int
    type_word: str
    group: str
    group_start: int


def _find_cards(text: str) -> list[_Card]:
    """Return every card header in ``text``, naming each card from ``CARD_NAMES``.

    Raises ``ImportFormatError`` when the text before a cost ends in no known card name.
    """
    names = sorted(CARD_NAMES, key=lambda pair: -len(pair[0]))
    cards = []
    for match in _CARD_HEADER_RE.finditer(text):
        before = text[: match.start()]
        pair = next((pair for pair in names if before.endswith(pair[0])), None)
        if pair is None:
            raise ImportFormatError(f"card header {match[0]!r} after {before[-12:]!r}: card name not in CARD_NAMES")
        start = match.start() - len(pair[0])
        group = _COLOR_GROUP_RE.search(text[:start])
        cards.append(
            _Card(
                start=start,
                name_zh=pair[0],
                name_en=pair[1],
                cost=match[1],
                type_end=match.end(),
                type_word=match[2],
                group=group[0] if group else "",
                group_start=group.start() if group else start,
            )
        )
    return cards


def _bullets(text: str, start: int, end: int) -> list[int]:
    """Return the positions of the ruling bullets ``*`` in ``text[start:end]``."""
    masked = {m.start() for m in _NON_BULLET_STAR_RE.finditer(text, start, end)}
    return [i for i in range(start, end) if text[i] == "*" and i not in masked]


def _type_line(text: str, card: _Card) -> tuple[str, str, str, str, int]:
    """Read the subtypes and P/T after a card's type word.

    Return ``(type_line, power, toughness, raw_pt, rules_start)``; power and toughness are
    repaired for the lost digit 1 (``5/`` is 5/1, a bare ``/`` is 1/1) and empty for a
    non-creature. Raises ``ImportFormatError`` for an unknown subtype or a creature with no P/T.
    """
    pos = card.type_end
    if text.startswith("~", pos):
        subtypes = sorted(SUBTYPES, key=len, reverse=True)
        pos += 1
        while True:
            word = next((s for s in subtypes if text.startswith(s, pos)), None)
            if word is None:
                raise ImportFormatError(f"{card.name_zh}: unknown subtype at {text[pos:pos + 8]!r}")
            pos += len(word)
            # A slash followed by another subtype continues the list; otherwise it is the P/T.
            if text.startswith("/", pos) and any(text.startswith(s, pos + 1) for s in subtypes):
                pos += 1
                continue
            break
    type_line = text[card.type_end - len(card.type_word) : pos]
    if "生物" not in card.type_word:
        return type_line, "", "", "", pos
    match = _PT_RE.match(text, pos)
    if not match:
        raise ImportFormatError(f"{card.name_zh}: creature with no power/toughness at {text[pos:pos + 8]!r}")
    return type_line, match[1] or "1", match[2] or "1", match[0], match.end()


def _rulings(
    stream: _Stream, source: str, parent: str, bullets: list[int], end: int
) -> list[ParsedSection]:
    """Make ``<parent>.r<n>`` units from the bullets, each running to the next bullet or ``end``.

    Raises ``ImportFormatError`` for an empty ruling.
    """
    units = []
    for n, (star, stop) in enumerate(zip(bullets, [*bullets[1:], end]), start=1):
        body = stream.text[star + 1 : stop]
        if not body.strip():
            raise ImportFormatError(f"{parent}: ruling {n} ({stream.page(star)}) is empty")
        text, restored = restore_first_item(display(body))
        units.append(
            ParsedSection(
                number=f"{parent}.r{n}",
                title="",
                text=text,
                raw_text=stream.raw(source, star, stop).strip(),
                parent=parent,
                kind="ruling",
                page=stream.page(star),
                # Each restoration is marked: the raw text keeps the source as it is.
                data={"restored": ["1)"]} if restored else {},
            )
        )
    return units


_GENERAL_NOTES_HEADING = "通则释疑"


def _front_matter(stream: _Stream, source: str, end: int) -> ParsedSection:
    """Return section ``front``: what precedes the first topic (the printed title, credits,
    the update date, release dates, format legality, the set size and the introduction), up to
    the General Notes heading. Its title is the title printed there.

    Raises ``ImportFormatError`` when there is nothing before the first topic.
    """
    body = stream.text[:end]
    if body.rstrip().endswith(_GENERAL_NOTES_HEADING):
        body = body.rstrip()[: -len(_GENERAL_NOTES_HEADING)]
    title = _TITLE_RE.match(body.strip())
    text = display(body.strip()[title.end() if title else 0 :])
    if not text:
        raise ImportFormatError("no credits or release information before the first topic")
    return ParsedSection(
        number="front",
        title=f"{title[1]}常见问题集" if title else "",
        text=text,
        raw_text=stream.raw(source, 0, len(body)).strip(),
        parent=None,
        kind="section",
        page=stream.page(0),
    )


def _card_units(
    stream: _Stream, source: str, card: _Card, end: int, parent: str | None, stops: tuple[str, ...], group: str = ""
) -> tuple[ParsedSection, int]:
    """Build a card's unit from its header and rules text, which stops at the first bullet,
    at ``end`` or at one of ``stops``; ``group`` is its colour group in the card-specific
    notes. Return the unit and where the rules text stops.
    """
    text = stream.text
    type_line, power, toughness, raw_pt, rules_start = _type_line(text, card)
    rules_end = min([end, *[b for b in _bullets(text, rules_start, end)[:1]],
                     *[i for i in (text.find(s, rules_start, end) for s in stops) if i >= 0]])
    rules_text = display(text[rules_start:rules_end])
    data: dict = {"name_zh": card.name_zh, "name_en": card.name_en, "cost": card.cost,
                  "mana_cost": mana_cost(card.cost), "type_line": type_line}
    if raw_pt:
        data["power"], data["toughness"] = power, toughness
    if rules_text:
        data["rules_text"] = rules_text
    if group:
        data["color_group"] = group
    header = f"{card.name_zh} {card.cost}\n{type_line}" + (f" {power}/{toughness}" if raw_pt else "")
    unit = ParsedSection(
        number=f"card-{slugify(card.name_en)}",
        title=f"{card.name_zh} ({card.name_en})",
        text="\n".join(part for part in (header, rules_text) if part),
        raw_text=stream.raw(source, card.start, rules_end).strip(),
        parent=parent,
        kind="card",
        page=stream.page(card.start),
        data=data,
    )
    return unit, rules_end


def parse(text: str, *, edition: str | None = None, language: str | None = None) -> ParsedDocument:
    """Parse the Alara Reborn release FAQ into topics, cards and rulings.

    ``text`` is the whole transcription. Return a ``ParsedDocument`` (family ``mtg-arb-faq``,
    edition ``2009`` and language ``zh-Hans`` unless given) whose sections are, in document
    order, ``topic-<n>``, ``card-<slug>`` and ``<entry>.r<n>`` units. Card ``data`` holds
    ``name_zh``, ``name_en``, ``cost`` (as printed), ``mana_cost`` (``{3}{B}{R}``),
    ``type_line``, ``power``/``toughness`` (creatures, digit 1 restored), ``rules_text`` and,
    in the card-specific part, ``color_group``.

    Raises ``ImportFormatError`` when the page layout, a card name, a subtype, a mana symbol
    or the topic/card-specific structure is not what this format expects.
    """
    stream = _stream(_pages(text))
    body = stream.text
    footer = _FOOTER_RE.search(body)
    end = footer.start() if footer else len(body)
    headers = list(_TOPIC_HEADER_RE.finditer(body, 0, end))
    cards = _find_cards(body[:end])
    if not headers or not cards:
        raise ImportFormatError("expected *** topic headers *** and card entries")
    specific = next((c for c in cards if c.start > headers[-1].end() and c.group), None)
    if specific is None:
        raise ImportFormatError("no colour-group header starts the card-specific notes")
    general_end = specific.group_start
    if body.endswith(_CARD_SPECIFIC_HEADING, 0, general_end):
        general_end -= len(_CARD_SPECIFIC_HEADING)

    sections: list[ParsedSection] = [_front_matter(stream, text, headers[0].start())]
    # Topics: headers with nothing between them (循环, then 地循环) share one body, so one topic.
    groups: list[list[re.Match[str]]] = []
    for header in headers:
        if groups and not body[groups[-1][-1].end() : header.start()].strip():
            groups[-1].append(header)
        else:
            groups.append([header])
    for n, group in enumerate(groups, start=1):
        number = f"topic-{n}"
        start = group[-1].end()
        stop = groups[n][0].start() if n < len(groups) else general_end
        names = [h[1].split(":")[-1] for h in group]
        stops = (*[f"{name}的正式规则解析如下" for name in names], *_PROSE_AFTER_CARD)
        inside = [c for c in cards if start <= c.start < stop]
        prose = [body[start : inside[0].start if inside else stop]]
        card_units = []
        tail = start
        for k, card in enumerate(inside):
            card_end = inside[k + 1].start if k + 1 < len(inside) else stop
            unit, tail = _card_units(stream, text, card, card_end, number, stops)
            card_units.append(unit)
        bullets = _bullets(body, tail, stop)
        if inside:
            prose.append(body[tail : bullets[0] if bullets else stop])
        topic_text = "\n".join(display(p) for p in prose if display(p))
        sections.append(
            ParsedSection(
                number=number,
                title=" / ".join(h[1] for h in group),
                text=topic_text,
                raw_text=stream.raw(text, group[0].start(), bullets[0] if bullets else stop).strip(),
                parent=None,
                kind="topic",
                page=stream.page(group[0].start()),
                data={"headers": [h[1] for h in group]},
            )
        )
        sections.extend(card_units)
        sections.extend(_rulings(stream, text, number, bullets, stop))

    specific_cards = [c for c in cards if c.start >= specific.start]
    group = ""
    for k, card in enumerate(specific_cards):
        # A colour header is printed before the first card of its group only.
        group = card.group or group
        card_end = specific_cards[k + 1].group_start if k + 1 < len(specific_cards) else end
        unit, rules_end = _card_units(stream, text, card, card_end, None, (), group)
        sections.append(unit)
        sections.extend(_rulings(stream, text, unit.number, _bullets(body, rules_end, card_end), card_end))

    placed = sum(1 for s in sections if s.kind == "card")
    if placed != len(cards):
        raise ImportFormatError(f"{len(cards) - placed} card entries lie outside any topic or the card-specific notes")
    numbers = [s.number for s in sections]
    if len(set(numbers)) != len(numbers):
        raise ImportFormatError("two units got the same number: a card appears twice")
    date = _DATE_RE.search(body)
    title = _TITLE_RE.search(body)
    return ParsedDocument(
        family=FAMILY,
        edition=edition or DEFAULT_EDITION,
        language=language or DEFAULT_LANGUAGE,
        game=GAME,
        title=f"{title[1]}常见问题集" if title else "阿拉若新生常见问题集",
        sections=sections,
        effective_date=f"{date[1]}-{int(date[2]):02d}-{int(date[3]):02d}" if date else "",
    )
