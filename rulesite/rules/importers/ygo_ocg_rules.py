"""Parse the Yu-Gi-Oh! ARC-V OCG rules (Simplified-Chinese fan translation, plain text).

Layout of the source (``fixtures/documents/ygo-ocg-rules-arcv.txt``): one rule statement per
line, sections separated by one blank line. A line is a numbered heading (``4.2.3.1 标题``,
alone between blank lines), a ``●`` item, a ``例：`` example belonging to the item above, a
sub-item starting with ``?`` (a corrupted ``・``), or a bare list line. The first block is the
translator's note and is not a rule.

The transcription lost most headings: only 19 numbered headings survive. Every other section
is a bare block of items; ``_RECONSTRUCTED`` gives the number and title of each, keyed by a
phrase of the block's first line, following the tree in ``shared/notes/ygo-arcv-rules.md``
(section 2.2) with the placeholder numbers there (``1.x``, ``3.1.x`` …) made concrete. Every
such unit is marked ``reconstructed=True``.

Units produced:

* a section per heading or block (kind ``chapter`` for the top level, else ``section``); its
  ``text`` is the whole block as displayed, its ``raw_text`` the block as the file has it;
* an item ``<section>.i<n>`` (kind ``item``) per ``●`` statement, whose text holds the
  statement, then its sub-items and examples; ``data["examples"]`` lists the examples
  (without the ``例：`` prefix), ``data["subitems"]`` the sub-items.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .base import ImportFormatError, ParsedDocument, ParsedSection

FAMILY = "ygo-ocg-rules"
GAME = "ygo"
DEFAULT_EDITION = "arcv"
DEFAULT_LANGUAGE = "zh-Hans"
TITLE = "游戏王ARC-V OCG 规则（同人中文翻译）"

# --- Display-text repairs -------------------------------------------------------------------
# The source site swapped characters for look-alikes or traditional forms to defeat scraping
# (嘚 for 的, 鉲 for 卡, 場 for 场 …). This is the complete map from the notes (section 1.4(b)):
# 119 glyphs, 297 occurrences, each checked against this file; every remaining character is
# in GB2312 and OpenCC's traditional-to-simplified conversion leaves it unchanged. ``罠`` is
# deliberately absent: it is the real Trap icon character.
_GLYPH_MAP = str.maketrans(
    "嘚鉲獸喚場茬囿匼鉯動哋詓處爿無昰搖悝詠礻發為時怹張將囷區側仩鼡開镓鈈這調該訁莋苼組級箌確滿洎後囚吔叻個仂のΦ"
    "鬥額雙間铨鎖鍺鉮鈳過載財讓變識認記計視術蔀萣荇苴芓續經粅祐矗甴獅狀潒滅湔洺洇沒汾權構條會擺掱戲戓應態從彡強廢巳屬對姠奻壞囙哃叺優備",
    "的卡兽唤场在有合以动地去处片无是摇理永示发为时他张将和区侧上用开家不这调该言作生组级到确满自后人也了个力之中"
    "斗额双间全锁者神可过载才让变识认记计视术部定行且字续经物右直由狮状象灭前名因没分权构条会摆手戏或应态从三强废已属对向女坏回同入优备",
)
# A global find-and-replace turned every 融合 into 融合怪兽 (融合怪兽怪兽卡, 「融合怪兽」魔法卡 …).
# Undoing it everywhere restores all 81 occurrences; it must run after the glyph map, because
# two of them are spelled 融合怪獸.
_FUSION_CORRUPTION = ("融合怪兽", "融合")
# ``?`` stands for the middle dot ・ ("and/or"), except in 「?」, the printed ATK/DEF value "?".
_QUESTION_RE = re.compile(r"(?<!「)\?|\?(?!」)")

_HEADING_RE = re.compile(r"^(\d+(?:\.\d+)*) (\S.*)$")
_BULLET = "●"
_EXAMPLE = "例："
_SUBITEM = "?"
# The priority tiers of 4.2.4.2.1 (优先度1：…) are list lines under the item above.
_PRIORITY_RE = re.compile(r"^优先度\d+：")


def display(line: str) -> str:
    """Return ``line`` with the transcription's encoding damage repaired, for display.

    Apply the glyph map, undo 融合→融合怪兽 and turn the corrupted ``?`` back into ``・``
    (keeping 「?」). Meaning is never changed: translation errors stay as they are.
    """
    text = line.translate(_GLYPH_MAP).replace(*_FUSION_CORRUPTION)
    return _QUESTION_RE.sub("・", text)


# --- Reconstructed section tree -------------------------------------------------------------


@dataclass(frozen=True)
class _Heading:
    """A section number and title the transcription lost.

    ``key`` is a phrase of the (repaired) first line of the block the heading stood above;
    ``None`` for a heading with no text of its own (a chapter title followed directly by its
    first subsection).
    """

    number: str
    title: str
    key: str | None


# Numbers and titles for chapters 1–3.1 follow the same translator's later (Master Rule 4)
# edition of this document, whose surviving contents list matches the printed numbers here;
# the rest follows the notes' tree. Titles are the translator's terms for each topic.
_RECONSTRUCTED: tuple[_Heading, ...] = tuple(
    _Heading(number, title, key)
    for number, title, key in (
        ("1", "『OCG』概要", None),
        ("1.1", "决斗", "『游戏王ARC-V OCG』"),
        ("1.2", "决斗所需之物", "决斗进行的时候，需要各个玩家"),
        ("1.2.1", "主卡组", "主卡组指自己在决斗中使用的卡片"),
        ("1.2.1.1", "同名卡的定义", "同名卡指卡名相同的卡片"),
        ("1.2.2", "额外卡组", "融合怪兽卡、同调怪兽卡、XYZ怪兽卡放入额外卡组"),
        ("1.2.3", "副卡组", "副卡组是在两场决斗之间"),
        ("1.3", "玩家", "称进行决斗的人为玩家"),
        ("1.4.1", "基本分", "决斗开始时双方都持有8000基本分"),
        ("1.4.4", "平局", "该决斗平局"),
        ("2", "决斗进行的场所", "决斗进行当中卡片需要在规定的区域中放置"),
        ("2.1", "决斗场地", "决斗场地是决斗中使用的卡所放置的场所"),
        ("2.1.2", "魔法&陷阱区域", "发动和盖伏的魔法・陷阱卡放置的场所"),
        ("2.1.3", "墓地", "被破坏和送去墓地的卡放置的场所"),
        ("2.1.4", "卡组区域", "里侧放置自己主卡组的场所"),
        ("2.1.5", "场地区域", "发动和盖伏的场地魔法卡放置的场所"),
        ("2.1.6", "额外卡组区域", "里侧放置含有融合怪兽卡"),
        ("2.1.7", "摇摆区域", "作为魔法卡发动的摇摆怪兽放置的场所"),
        ("2.2", "手卡", "在手中持有的卡为手卡"),
        ("2.3", "除外", "因卡片效果从游戏中除外的卡片"),
        ("2.3.1", "里侧的卡片", "因『里侧表示除外』效果除外的卡片"),
        ("3", "卡片", "卡名等卡片情报"),
        ("3.1", "卡片的内容", None),
        ("3.1.1", "属性/类别", "『OCG』的卡片大体上分为"),
        ("3.1.2", "卡名", "需要宣言卡名的场合"),
        ("3.1.3", "卡号", "卡号表示该卡收录于"),
        ("3.1.4", "怪兽卡的记述", None),
        ("3.1.4.1", "等级/阶级", "卡名下方的符号指示该怪兽的等级或阶级"),
        ("3.1.4.2", "属性", "卡名右侧记载的符号指示该怪兽的属性"),
        ("3.1.4.3", "种族", "指示该怪兽的种族"),
        ("3.1.4.4", "召唤方法/能力", "种族的右侧记载的是该怪兽的召唤方法"),
        ("3.1.4.5", "ATK/DEF", "怪兽情报最下方「ATK/」"),
        ("3.1.4.5.1", "数值为「?」的攻击力・守备力", "数值为「?」的怪兽是"),
        ("3.1.4.6", "怪兽情报", "能力下方记载的文本称作怪兽情报"),
        ("3.1.4.7", "摇摆怪兽的记述", "摇摆怪兽具有与其他怪兽情报不同"),
        ("3.1.4.7.1", "摇摆刻度", "摇摆怪兽具有在摇摆召唤时使用的摇摆刻度"),
        ("3.1.4.7.2", "摇摆效果", "摇摆刻度之间记载的文本"),
        ("3.1.5", "魔法卡的记述", None),
        ("3.1.5.1", "魔法卡的种类", "卡名右侧记载了「魔」的卡片是魔法卡"),
        ("3.1.5.2", "魔法卡的效果说明", "图片下方记载的文本是该魔法卡的效果"),
        ("3.1.6", "陷阱卡的记述", None),
        ("3.1.6.1", "陷阱卡的种类", "卡名右侧记载了「罠」的卡片是陷阱卡"),
        ("3.1.6.2", "陷阱卡的效果说明", "图片下方记载的文本是该陷阱卡的效果"),
        ("3.2", "怪兽", None),
        ("3.2.1", "怪兽的种类", "怪兽分通常怪兽和效果怪兽两大类"),
        ("3.2.1.1", "通常怪兽", "卡片的外框为黄色"),
        ("3.2.1.2", "效果怪兽", "记载效果文本的怪兽称为效果怪兽"),
        ("3.2.1.2.1", "具有特殊能力的效果怪兽", "效果怪兽中，具有记载了「反转」"),
        ("3.2.1.4", "仪式怪兽", "卡片的外框为青色"),
        ("3.2.1.5", "融合怪兽", "卡片的外框为紫色"),
        ("3.2.1.6", "同调怪兽", "卡片的外框为白色"),
        ("3.2.1.7", "XYZ怪兽", "卡片的外框为黑色"),
        ("3.2.1.8", "调整", "种族的右侧记载了「调整」的怪兽为调整"),
        ("3.2.1.9", "摇摆怪兽", "种族的右侧记载了「摇摆」的怪兽为摇摆怪兽"),
        ("3.2.2.1", "通常召唤", "这个行为称为通常召唤"),
        ("3.2.2.1.1", "上级召唤", "通常召唤称为上级召唤"),
        ("3.2.2.1.1.1", "解放", "从场上送去墓地称为解放"),
        ("3.2.2.2", "盖伏", "里侧表示通常召唤称为盖伏"),
        ("3.2.2.3", "特殊召唤", "让怪兽出场称为特殊召唤"),
        ("3.2.2.3.1", "条件特殊召唤", "可以通过满足怪兽卡上记述的条件将怪兽特殊召唤"),
        ("3.2.2.3.1.1.1", "仪式召唤", "手卡中对应的仪式怪兽卡"),
        ("3.2.2.3.1.1.1.1", "仪式召唤的解放", "仪式召唤所需要的解放"),
        ("3.2.2.3.1.1.2", "融合召唤", "额外卡组中存在的融合怪兽卡"),
        ("3.2.2.3.1.1.2.1", "融合素材", "送去墓地的怪兽称为融合素材"),
        ("3.2.2.3.1.1.3", "同调召唤", "可以宣言同调召唤"),
        ("3.2.2.3.1.1.3.1", "同调素材", "为了同调召唤而送去墓地的怪兽称为同调素材"),
        ("3.2.2.3.1.1.4", "XYZ召唤", "可以宣言XYZ召唤"),
        ("3.2.2.3.1.1.4.1", "XYZ素材", "XYZ怪兽下重叠的卡片称为XYZ素材"),
        ("3.2.2.3.1.1.5", "摇摆召唤", "可以宣言摇摆召唤"),
        ("3.2.2.3.2", "因效果的特殊召唤", "怪兽效果处理在场上特殊召唤"),
        ("3.2.2.4", "反转召唤", "这个行为称为反转召唤"),
        ("3.2.3", "反转", "该怪兽视为进行了反转"),
        ("3.2.4.1", "表侧攻击表示", "表侧纵向放置的怪兽为表侧攻击表示"),
        ("3.2.4.2", "表侧守备表示", "表侧横向放置的怪兽为表侧守备表示"),
        ("3.2.4.3", "里侧守备表示", "里侧横向放置的怪兽为里侧守备表示"),
        ("3.2.6", "衍生物", "的卡片效果产生的怪兽为衍生物"),
        ("3.2.7", "怪兽效果的种类", "效果怪兽的效果，依照可以发动的时点"),
        ("3.2.7.1", "永续效果", "持续适用的效果为永续效果"),
        ("3.2.7.2", "起动效果", "可以宣言发动的效果为起动效果"),
        ("3.2.7.3", "诱发效果", "特定时点发动的效果为诱发效果"),
        ("3.2.7.3.1", "反转效果", "可以发动的反转怪兽效果为诱发效果"),
        ("3.2.7.4", "诱发即时效果", "就可以发动的效果为诱发即时效果"),
        ("3.2.7.5", "其他效果", "中任意一种的效果称为其他效果"),
        ("3.3", "魔法卡", None),
        ("3.3.1", "魔法卡的发动", "回合玩家可以把魔法卡表侧在场上发动"),
        ("3.3.2", "魔法卡的盖伏", "回合玩家可以把魔法卡从手卡里侧放置"),
        ("3.3.3", "魔法卡的种类", "魔法卡的种类依照可以发动的时点"),
        ("3.3.3.1", "通常魔法", "没有效果标识的魔法卡为通常魔法卡"),
        ("3.3.3.2", "仪式魔法", "持有仪式标识的魔法卡为仪式魔法卡"),
        ("3.3.3.3", "永续魔法", "持有永续标识的魔法卡为永续魔法卡"),
        ("3.3.3.4", "装备魔法", "持有装备标识的魔法卡为装备魔法卡"),
        ("3.3.3.5", "场地魔法", "持有场地标识的魔法卡为场地魔法卡"),
        ("3.3.3.6", "速攻魔法", "持有速攻标识的魔法卡为速攻魔法卡"),
        ("3.4", "陷阱卡", None),
        ("3.4.1", "陷阱卡的发动", "陷阱卡发动时入连锁"),
        ("3.4.2", "陷阱卡的盖伏", "回合玩家可以把陷阱卡从手卡里侧放置"),
        ("3.4.3", "陷阱卡的种类", "陷阱卡的种类依照可以发动的时点"),
        ("3.4.3.1", "通常陷阱", "没有效果标识的陷阱卡为通常陷阱卡"),
        ("3.4.3.2", "永续陷阱", "持有永续标识的陷阱卡为永续陷阱卡"),
        ("3.4.3.3", "反击陷阱", "持有反击标识的陷阱卡为反击陷阱卡"),
        ("4", "卡片的效果", None),
        ("4.1", "卡片的文本与效果的处理", None),
        ("4.1.2", "效果处理的原则", "基本规则和卡片上记载的效果处理产生矛盾"),
        ("4.1.3", "控制者", "卡片的控制者是使用该卡的玩家"),
        ("4.1.5", "数值下降的下限", "攻击力・守备力数值下降"),
        ("4.2.1.1", "效果的发动", "这称为「效果的发动」"),
        ("4.2.2", "cost", "cost指卡片・效果发动时所必需的条件"),
        ("4.2.2.1", "解放作为cost", "『解放（作祭品）才能发动』"),
        ("4.2.2.2", "丢弃作为cost", "『丢弃才能发动』"),
        ("4.2.2.3", "送去墓地作为cost", "『送去墓地』则必须把该怪兽送去墓地"),
        ("4.2.3", "发动条件", "指定了发动的条件或特定发动时点的效果"),
        ("4.2.3.3", "对象", "需要选择1张以上的卡作为对象"),
        ("4.2.3.3.1", "不取对象的效果", "以下的效果是不取对象的效果的例子"),
        ("4.2.4", "连锁", "在同一时点需要发动复数卡和效果的场合"),
        ("4.2.4.1", "咒文速度", "全部需要发动的效果都被设定有咒文速度"),
        ("4.2.4.1.1", "咒文速度1", "咒文速度1的效果基本上"),
        ("4.2.4.1.2", "咒文速度2", "咒文速度2的效果，可以在得到优先权时发动"),
        ("4.2.4.1.3", "咒文速度3", "咒文速度3的效果可以在得到优先权时发动"),
        ("4.2.4.2", "连锁的组成", "该发动作为连锁1积累连锁"),
    )
)

# English glosses of every section title (printed ones included), stored in
# ``data["title_en"]`` for judges who do not read Chinese.
TITLES_EN: dict[str, str] = {
    "1": "Overview of the OCG",
    "1.1": "The Duel and the match",
    "1.2": "What you need to Duel",
    "1.2.1": "Main Deck",
    "1.2.1.1": "Definition of cards with the same name",
    "1.2.2": "Extra Deck",
    "1.2.3": "Side Deck",
    "1.3": "Players",
    "1.4": "Conditions for winning a Duel",
    "1.4.1": "Life Points",
    "1.4.2": "When a player cannot draw",
    "1.4.3": "Victory conditions of specific cards",
    "1.4.4": "Draw (tied Duel)",
    "2": "Where the Duel is played (zones and information)",
    "2.1": "The field",
    "2.1.1": "Monster Zone (formerly Monster Card Zone)",
    "2.1.2": "Spell & Trap Zone",
    "2.1.3": "Graveyard",
    "2.1.4": "Deck Zone (Main Deck)",
    "2.1.5": "Field Zone",
    "2.1.6": "Extra Deck Zone",
    "2.1.6.1": "Pendulum Monsters added face-up to the Extra Deck",
    "2.1.7": "Pendulum Zones",
    "2.2": "Hand (incl. hand-size limit)",
    "2.3": "Banished cards",
    "2.3.1": "Face-down banished cards",
    "3": "Cards (card data kept in the OCG Card Database)",
    "3.1": "What is printed on a card",
    "3.1.1": "Attribute / card-type icon",
    "3.1.2": "Card name (declaring names, copied names, once per turn by name)",
    "3.1.3": "Card number",
    "3.1.4": "Monster card fields",
    "3.1.4.1": "Level / Rank",
    "3.1.4.2": "Attribute",
    "3.1.4.3": "Type",
    "3.1.4.4": "Summoning method / ability line",
    "3.1.4.5": "ATK / DEF and original values",
    "3.1.4.5.1": "ATK/DEF printed as \"?\"",
    "3.1.4.6": "Monster text (materials, conditions, effects)",
    "3.1.4.7": "Pendulum Monster fields",
    "3.1.4.7.1": "Pendulum Scale",
    "3.1.4.7.2": "Pendulum Effect text",
    "3.1.5": "Spell card fields",
    "3.1.5.1": "Spell kinds and their icons",
    "3.1.5.2": "Spell effect text",
    "3.1.6": "Trap card fields",
    "3.1.6.1": "Trap kinds and their icons",
    "3.1.6.2": "Trap effect text",
    "3.2": "Monsters",
    "3.2.1": "Kinds of monsters",
    "3.2.1.1": "Normal Monsters",
    "3.2.1.2": "Effect Monsters",
    "3.2.1.2.1": "Effect Monsters with abilities (Flip, Toon, Spirit, Union, Gemini)",
    "3.2.1.3": "Monsters with a revival limitation (Special-Summon-only)",
    "3.2.1.4": "Ritual Monsters",
    "3.2.1.5": "Fusion Monsters",
    "3.2.1.6": "Synchro Monsters",
    "3.2.1.7": "Xyz Monsters",
    "3.2.1.8": "Tuners",
    "3.2.1.9": "Pendulum Monsters",
    "3.2.2": "Summoning and Special Summoning monsters",
    "3.2.2.1": "Normal Summon",
    "3.2.2.1.1": "Tribute Summon",
    "3.2.2.1.1.1": "Tributing",
    "3.2.2.2": "Setting a monster",
    "3.2.2.3": "Special Summon",
    "3.2.2.3.1": "Special Summon by the monster's own condition (inherent)",
    "3.2.2.3.1.1": "Special Summoning monsters with a revival limitation",
    "3.2.2.3.1.1.1": "Ritual Summon",
    "3.2.2.3.1.1.1.1": "Tributes for a Ritual Summon",
    "3.2.2.3.1.1.2": "Fusion Summon",
    "3.2.2.3.1.1.2.1": "Fusion Materials",
    "3.2.2.3.1.1.2.2": "Fusion Monsters that do not require \"Polymerization\" (contact fusion)",
    "3.2.2.3.1.1.3": "Synchro Summon",
    "3.2.2.3.1.1.3.1": "Synchro Materials",
    "3.2.2.3.1.1.4": "Xyz Summon",
    "3.2.2.3.1.1.4.1": "Xyz Materials",
    "3.2.2.3.1.1.5": "Pendulum Summon",
    "3.2.2.3.2": "Special Summon by a card's effect",
    "3.2.2.4": "Flip Summon",
    "3.2.3": "Flipping (face-down to face-up)",
    "3.2.4": "Battle positions",
    "3.2.4.1": "Face-up Attack Position",
    "3.2.4.2": "Face-up Defense Position",
    "3.2.4.3": "Face-down Defense Position",
    "3.2.5": "Changing battle positions",
    "3.2.6": "Tokens",
    "3.2.7": "Kinds of monster effects",
    "3.2.7.1": "Continuous Effects",
    "3.2.7.2": "Ignition Effects (Spell Speed 1)",
    "3.2.7.3": "Trigger Effects (simultaneous triggers, Damage Step limits)",
    "3.2.7.3.1": "Flip Effects",
    "3.2.7.4": "Quick Effects (Spell Speed 2)",
    "3.2.7.5": "Other (unclassified) effects",
    "3.3": "Spell Cards",
    "3.3.1": "Activating Spell Cards (negated activations)",
    "3.3.2": "Setting Spell Cards",
    "3.3.3": "Kinds of Spell Cards",
    "3.3.3.1": "Normal Spell",
    "3.3.3.2": "Ritual Spell",
    "3.3.3.3": "Continuous Spell",
    "3.3.3.4": "Equip Spell",
    "3.3.3.5": "Field Spell",
    "3.3.3.6": "Quick-Play Spell",
    "3.3.3.7": "Pendulum Monsters treated as Spell Cards",
    "3.4": "Trap Cards",
    "3.4.1": "Activating Trap Cards (Spell Speeds of Traps, negated activations)",
    "3.4.2": "Setting Trap Cards",
    "3.4.3": "Kinds of Trap Cards",
    "3.4.3.1": "Normal Trap",
    "3.4.3.2": "Continuous Trap",
    "3.4.3.3": "Counter Trap (Spell Speed 3, negating must chain directly)",
    "4": "Card effects",
    "4.1": "Card text and how effects resolve",
    "4.1.1": "How to read card text (condition, cost, target, effect)",
    "4.1.2": "Principles of resolution (text over rules, order, impossible parts)",
    "4.1.3": "Controller of a card and of an effect",
    "4.1.4": "Fractions (halving rounds half up)",
    "4.1.5": "ATK/DEF cannot drop below 0",
    "4.2": "Activating cards and effects",
    "4.2.1": "Effects that are activated and effects that are not (card activation)",
    "4.2.1.1": "Effect activation (vs card activation)",
    "4.2.2": "Costs",
    "4.2.2.1": "Tributing as a cost",
    "4.2.2.2": "Discarding as a cost",
    "4.2.2.3": "Sending to the GY as a cost",
    "4.2.3": "Activation conditions",
    "4.2.3.1": "Mandatory and optional effects",
    "4.2.3.2": "Conditions met during resolution (\"when\" vs \"if\", missing the timing)",
    "4.2.3.3": "Targets",
    "4.2.3.3.1": "Effects that do not target",
    "4.2.4": "Chains",
    "4.2.4.1": "Spell Speed",
    "4.2.4.1.1": "Spell Speed 1",
    "4.2.4.1.2": "Spell Speed 2",
    "4.2.4.1.3": "Spell Speed 3",
    "4.2.4.2": "Building a chain (chain links, priority passing)",
    "4.2.4.2.1": "Several effects activated at the same time (priority tiers; text truncated)",
}


# --- Parsing --------------------------------------------------------------------------------


@dataclass
class _Line:
    number: int
    raw: str


@dataclass
class _Item:
    """One ``●`` statement with the sub-items and examples that follow it."""

    lines: list[_Line]
    sentence: str
    subitems: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)
    marker_restored: bool = False
    display_lines: list[str] = field(default_factory=list)


def _key(number: str) -> tuple[int, ...]:
    return tuple(int(part) for part in number.split("."))


def _parent(number: str) -> str | None:
    return number.rpartition(".")[0] or None


def _blocks(text: str) -> list[list[_Line]]:
    """Split ``text`` into runs of non-blank lines, each line with its 1-based number."""
    blocks: list[list[_Line]] = []
    current: list[_Line] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.strip():
            current.append(_Line(number, raw.rstrip()))
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def _items(block: list[_Line]) -> list[_Item]:
    """Group a block's lines into items.

    Raises ``ImportFormatError`` when an example, sub-item or list line has no item above it.
    """
    items: list[_Item] = []
    for line in block:
        raw = line.raw
        shown = display(raw)
        if raw.startswith(_BULLET):
            sentence = shown[len(_BULLET):]
            items.append(_Item([line], sentence, display_lines=[_BULLET + sentence]))
            continue
        is_example = raw.startswith(_EXAMPLE)
        is_subitem = raw.startswith(_SUBITEM) or bool(_PRIORITY_RE.match(raw))
        if _BULLET in raw and not (is_example or is_subitem):
            # L271: the ● slipped into the middle of the line; the whole line is one item.
            # (An example may quote card text with a real ●, as 「六武之门」 does in L548.)
            sentence = shown.replace(_BULLET, "")
            items.append(_Item([line], sentence, marker_restored=True, display_lines=[_BULLET + sentence]))
            continue
        # A bare line right after a statement that announces a list ("…为以下效果。") is that
        # list; any other bare line is a statement that lost its ● (L484).
        is_list = bool(items) and not is_example and not is_subitem and "以下" in items[-1].display_lines[-1]
        if not (is_example or is_subitem or is_list):
            items.append(_Item([line], shown, marker_restored=True, display_lines=[_BULLET + shown]))
            continue
        if not items:
            raise ImportFormatError(f"line {line.number}: {raw[:20]!r} has no ● item above it")
        item = items[-1]
        item.lines.append(line)
        if is_example:
            item.examples.append(shown[len(_EXAMPLE):])
            item.display_lines.append(shown)
        else:
            if raw.startswith(_SUBITEM):
                shown = "・" + shown[1:].lstrip()
            item.subitems.append(shown)
            item.display_lines.append(shown)
    return items


class _Builder:
    """Collect sections in document order, creating lost ancestor headings on the way."""

    def __init__(self) -> None:
        self.sections: list[ParsedSection] = []
        self.numbers: set[str] = set()
        self.last: tuple[int, ...] = ()
        self.empty_headings = {h.number: h for h in _RECONSTRUCTED if h.key is None}

    def add_section(
        self, number: str, title: str, block: list[_Line], *, reconstructed: bool, line: int, raw_title: str = ""
    ) -> None:
        """Append section ``number`` and its items, after any missing ancestors.

        Raises ``ImportFormatError`` when numbers go backwards or an ancestor is unknown.
        """
        parent = _parent(number)
        if parent is not None and parent not in self.numbers:
            heading = self.empty_headings.get(parent)
            if heading is None:
                raise ImportFormatError(f"line {line}: section {number} has no parent section {parent}")
            self.add_section(parent, heading.title, [], reconstructed=True, line=line)
        if _key(number) <= self.last:
            raise ImportFormatError(f"line {line}: section {number} comes after {'.'.join(map(str, self.last))}")
        self.last = _key(number)
        self.numbers.add(number)
        items = _items(block)
        data: dict = {"title_en": TITLES_EN.get(number, "")}
        if block:
            data["lines"] = [block[0].number, block[-1].number]
        if raw_title:
            data["raw_title"] = raw_title
        self.sections.append(
            ParsedSection(
                number=number,
                title=title,
                text="\n".join(shown for item in items for shown in item.display_lines),
                raw_text="\n".join(line.raw for line in block),
                parent=parent,
                kind="chapter" if parent is None else "section",
                reconstructed=reconstructed,
                data=data,
            )
        )
        for index, item in enumerate(items, start=1):
            item_data: dict = {"examples": item.examples, "line": item.lines[0].number}
            if item.subitems:
                item_data["subitems"] = item.subitems
            if item.marker_restored:
                item_data["marker_restored"] = True
            self.sections.append(
                ParsedSection(
                    number=f"{number}.i{index}",
                    title="",
                    text="\n".join([item.sentence, *item.display_lines[1:]]),
                    raw_text="\n".join(line.raw for line in item.lines),
                    parent=number,
                    kind="item",
                    data=item_data,
                )
            )


def _match(block: list[_Line], unused: dict[str, _Heading]) -> _Heading:
    """Return the reconstructed heading whose key occurs in the block's first line.

    Raises ``ImportFormatError`` when no heading, or more than one, matches.
    """
    first = display(block[0].raw)
    found = [h for h in unused.values() if h.key is not None and h.key in first]
    if len(found) != 1:
        what = "no reconstructed heading" if not found else f"{len(found)} reconstructed headings"
        raise ImportFormatError(f"line {block[0].number}: {what} for the block starting {first[:24]!r}")
    return found[0]


def parse(text: str, *, edition: str | None = None, language: str | None = None) -> ParsedDocument:
    """Parse the ARC-V OCG rules text into sections and ``●`` items.

    ``text`` is the whole file. Return a ``ParsedDocument`` (family ``ygo-ocg-rules``, edition
    ``arcv`` and language ``zh-Hans`` unless given) whose sections are, in document order,
    chapters and sections numbered as in the document (printed or reconstructed) and their
    items ``<section>.i<n>``. When the file ends without a newline (it is cut off mid-example)
    the last item gets ``data["truncated"] = True``.

    Raises ``ImportFormatError`` when a block matches no known heading, numbers go backwards,
    a reconstructed heading is never found, or the file holds no rules.
    """
    blocks = _blocks(text)
    # The first block is the translator's note when it holds no rule and no heading.
    if blocks and not any(line.raw.startswith(_BULLET) for line in blocks[0]) and not _HEADING_RE.match(blocks[0][0].raw):
        blocks = blocks[1:]
    if not blocks:
        raise ImportFormatError("no rules found: expected ● items and numbered headings")

    builder = _Builder()
    unused = {h.number: h for h in _RECONSTRUCTED if h.key is not None}
    pending: tuple[str, str, str, int] | None = None  # printed heading awaiting its body
    for block in blocks:
        heading = _HEADING_RE.match(block[0].raw)
        if heading and len(block) == 1:
            if pending:
                builder.add_section(pending[0], pending[1], [], reconstructed=False, line=pending[3], raw_title=pending[2])
            pending = (heading[1], display(heading[2]), block[0].raw, block[0].number)
            continue
        if pending:
            number, title, raw_title, line = pending
            builder.add_section(number, title, block, reconstructed=False, line=line, raw_title=raw_title)
            pending = None
            continue
        found = _match(block, unused)
        del unused[found.number]
        builder.add_section(found.number, found.title, block, reconstructed=True, line=block[0].number)
    if pending:
        builder.add_section(pending[0], pending[1], [], reconstructed=False, line=pending[3], raw_title=pending[2])
    if unused:
        raise ImportFormatError(f"reconstructed headings not found in the text: {', '.join(sorted(unused, key=_key))}")

    sections = builder.sections
    if not text.endswith("\n") and sections[-1].kind == "item":
        sections[-1].data["truncated"] = True
    return ParsedDocument(
        family=FAMILY,
        edition=edition or DEFAULT_EDITION,
        language=language or DEFAULT_LANGUAGE,
        game=GAME,
        title=TITLE,
        sections=sections,
    )
