"""Template filters for showing engine output in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext

from engine.core.rules import NOT_COVERED
from rulesite.scenarios import boards
from rulesite.scenarios.labels import basis_label, board_label
from rulesite.scenarios.markup import inline_code as render_inline_code
from rulesite.scenarios.messages import step_kind_label, translate_ruling, translate_step

register = template.Library()


@register.filter
def step_text(step: Mapping[str, Any] | Any, players: Mapping[str, str] | Any = None) -> str:
    """Return a trace step's text in the active language (``{{ step|step_text:names }}``).

    ``players`` (optional) maps player ids to names, shown as ``Alice (p1)``.

    Accepts a step dict (``{message_id, params, text}``) or an object with ``to_dict()``;
    returns its English ``text`` when it cannot be translated, ``""`` for anything else.
    The result is a plain string, so the template engine escapes it.
    """
    if not isinstance(step, Mapping):
        to_dict = getattr(step, "to_dict", None)
        step = to_dict() if callable(to_dict) else {}
    return translate_step(step, players=players if isinstance(players, Mapping) else None)


@register.filter
def step_kind(kind: Any) -> str:
    """Return a trace step's kind as a label in the active language (``{{ step.kind|step_kind }}``)."""
    return step_kind_label(kind)


@register.simple_tag
def board_value(game: Any, field: str, value: Any) -> str:
    """Return an object's stored ``field`` value as the reader's label
    (``{% board_value state.game "zone" o.zone %}``); a list (Magic ``types``) is joined with
    commas."""
    if isinstance(value, (list, tuple)):
        return ", ".join(filter(None, (board_label(game, field, item) for item in value)))
    return board_label(game, field, value)


@register.simple_tag
def player_heading(player: Any, names: Mapping[str, str] | Any = None) -> str:
    """Return a board's player heading: ``Alice <span class="meta">(p1)</span>`` when the player
    has a name (on the player or in ``names``, the scenario's), else just ``p1``."""
    if not isinstance(player, Mapping):
        return ""
    pid = str(player.get("id") or "")
    name = player.get("name") if isinstance(player.get("name"), str) and player["name"].strip() else None
    name = name or (names.get(pid) if isinstance(names, Mapping) else None)
    if name and name != pid:
        return format_html('{} <span class="meta">({})</span>', name, pid)
    return format_html("{}", pid)


@register.filter
def basis_text(basis: Any) -> str:
    """Return a trace step's ``basis`` note in the active language (``{{ step.basis|basis_text }}``)."""
    return basis_label(basis)


@register.filter
def step_basis(step: Any) -> str:
    """Return what a step without a rule rests on, in the active language: "not covered by this
    document" when its source says so (the engine says it does not know), else its ``basis`` note."""
    source = step.get("source") if isinstance(step, Mapping) else None
    if isinstance(source, str) and source.startswith(NOT_COVERED):
        return gettext("not covered by this document")
    return basis_label(step.get("basis") if isinstance(step, Mapping) else None)


@register.filter
def ruling_text(source: Any) -> str:
    """Return a trace step's ruling ``source`` in the active language (``{{ step.source|ruling_text }}``;
    as stored when it has no translation, a URL as it is)."""
    return translate_ruling(source)


@register.filter
def choice_text(choice: Any) -> str:
    """Return an open choice's value as a judge reads it (``["x", "y"]`` → ``x, y``), not as Python."""
    return boards.choice_text(choice)


@register.filter
def inline_code(text: Any) -> str:
    """Return a registry text (a doc paragraph, a key's help) escaped, with the spans between
    backticks as ``<code>`` (``rulesite.scenarios.markup.inline_code``)."""
    return render_inline_code(text)
