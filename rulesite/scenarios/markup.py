"""Inline code in the engine's texts: the registry's docs and help write a key, a value or a
scenario path between backticks (`` `objects[].abilities[]` ``), as Markdown does; the pages
show it as ``<code>``."""

from __future__ import annotations

import re
from typing import Any

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

_CODE = re.compile(r"`([^`\n]+)`")
"""A span between two backticks on one line (a backtick without its pair stays as written)."""


def inline_code(text: Any) -> SafeString:
    """Return ``text`` as HTML: escaped, each span between backticks as ``<code>span</code>``.

    ``"a `<card>` key"`` → ``a <code>&lt;card&gt;</code> key``; ``None`` → ``""``. Text already
    marked safe is escaped like any other (the registry's texts are plain text, never HTML).
    """
    text = "" if text is None else str(text)
    out: list[str] = []
    last = 0
    for match in _CODE.finditer(text):
        out.append(escape(text[last:match.start()]))
        out.append(format_html("<code>{}</code>", match.group(1)))
        last = match.end()
    out.append(escape(text[last:]))
    return mark_safe("".join(out))
