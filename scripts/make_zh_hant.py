#!/usr/bin/env python3
"""Write locale/zh_Hant/LC_MESSAGES/django.po from the Simplified Chinese catalogue.

Usage: ``python scripts/make_zh_hant.py [--check]`` (run by ``make messages``).

Every ``msgstr`` of ``locale/zh_Hans/LC_MESSAGES/django.po`` is converted with OpenCC
``s2twp`` (Simplified → Traditional with Taiwan phrasing), then game terms are replaced
by the Traditional terms of the documents the site cites: the Yu-Gi-Oh! Master Rule 2
rulebook (``fixtures/documents/ygo-rulebook-mr2.txt``: 牌組, 手牌, 生命點數, 費用, 釋放,
捨棄, 送入墓地, 同步, 超量素材…) and the Force of Will whitepaper 2.3 (墳場, 移除區,
連鎖區…). ``msgid``, ``msgctxt`` and comments are copied unchanged, so placeholders such
as ``{card_name}`` and ``%(n)s`` survive. ``--check`` exits 1 if the file on disk differs
from what would be written (nothing is written). Raises ``FileNotFoundError`` when the
Simplified catalogue is missing.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import opencc

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"
TARGET = ROOT / "locale" / "zh_Hant" / "LC_MESSAGES" / "django.po"

OVERRIDES: list[tuple[str, str]] = [
    # Yu-Gi-Oh! (Master Rule 2 rulebook, Traditional): order matters, longer terms first.
    ("基本分", "生命點數"),
    ("額外卡組", "額外牌組"),
    ("卡組", "牌組"),
    ("手卡", "手牌"),
    ("怪獸區域", "怪獸區"),
    ("魔法&陷阱區域", "魔法・陷阱區"),
    ("場地區域", "場地區"),
    ("搖擺區域", "靈擺區"),
    ("搖擺", "靈擺"),
    ("XYZ素材", "超量素材"),
    ("XYZ", "超量"),
    ("同調", "同步"),
    ("解放", "釋放"),
    ("丟棄", "捨棄"),
    ("送去墓地", "送入墓地"),
    ("裡側", "裏側"),
    ("決鬥平局", "決鬥平手"),
    ("抽卡", "抽牌"),
    # s2twp reads these as computing words: 对象 (target) is not 物件 (object), and
    # 回复 (regain LP) is not 回覆 (reply).
    ("物件", "對象"),
    ("JSON對象", "JSON物件"),
    ("回覆", "回復"),
    # Taiwan usage s2twp leaves in its mainland form.
    ("1只", "1隻"),
    ("搜索", "搜尋"),
    ("稽核", "審核"),
    ("跟蹤", "追蹤"),
    ("示例", "範例"),
    ("本檔案", "本文件"),  # a rules document, not a computer file
    ("份檔案", "份文件"),  # "two documents", "another document"
    ("規則檔案", "規則文件"),
    ("檔案未涵蓋", "文件未涵蓋"),
    ("構建", "建立"),
    ("導航", "導覽"),
    ("賬號", "帳號"),
    # s2twp computing words that are wrong here: 类型 (card type) is not 型別 (data type),
    # 项目 (a chase/stack item) is not 專案 (project), a permalink 代码 is not 程式碼 (source code).
    ("型別", "類型"),
    ("專案", "項目"),
    ("程式碼", "代碼"),
    ("許可權", "權限"),
]
"""``(after s2twp, wanted)`` replacements applied to every msgstr, in order."""

COST = re.compile(r'(?<![A-Za-z0-9_"{`])cost(?![A-Za-z0-9_"}`])')
"""The bare English word "cost" as used in the Simplified Yu-Gi-Oh! text (not a placeholder, a JSON key or a `code` word)."""

MSGSTR = re.compile(r'^(msgstr(?:\[\d+\])?) "(.*)"$')


def convert_text(text: str, converter: opencc.OpenCC) -> str:
    """Return the Traditional form of one escaped msgstr fragment."""
    out = converter.convert(text)
    for before, after in OVERRIDES:
        out = out.replace(before, after)
    return COST.sub("費用", out)


def convert_po(source: str) -> str:
    """Return the zh_Hant catalogue text for the zh_Hans catalogue text ``source``."""
    converter = opencc.OpenCC("s2twp")
    out: list[str] = []
    in_msgstr = False
    for line in source.splitlines():
        match = MSGSTR.match(line)
        if match:
            in_msgstr = True
            out.append(f'{match.group(1)} "{convert_text(match.group(2), converter)}"')
            continue
        if line.startswith('"') and in_msgstr:
            if line.startswith('"Language: '):
                out.append('"Language: zh_Hant\\n"')
            else:
                out.append('"' + convert_text(line[1:-1], converter) + '"')
            continue
        if not line.startswith('"'):
            in_msgstr = False
        if line.startswith("#") and "in Simplified Chinese." in line:
            line = line.replace("in Simplified Chinese.", "in Traditional Chinese: generated from zh_Hans, do not edit.")
        out.append(line)
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    """Write (or with ``--check`` compare) the zh_Hant catalogue; return the exit status."""
    text = convert_po(SOURCE.read_text(encoding="utf-8"))
    if "--check" in argv:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is out of date: run python scripts/make_zh_hant.py", file=sys.stderr)
            return 1
        return 0
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
