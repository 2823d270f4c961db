"""Trace messages in the reader's language.

The engine never imports Django: each trace step carries a ``message_id``, its ``params``
and the English ``text`` rendered from :data:`engine.core.trace.CATALOGUE`. This module
recovers the English template of a step, translates it through gettext (context
``"trace"``; the msgids are listed in the generated ``engine_msgids.py``), translates
engine vocabulary among the params (zones, reasons, actions, …: context ``"trace term"``)
and formats the result. Card names, player ids and free text stay as they are.
"""

from __future__ import annotations

import importlib
import pkgutil
import string
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django.utils import translation
from django.utils.translation import pgettext, pgettext_lazy

import engine
from engine.core.trace import CATALOGUE

TRACE_CONTEXT = "trace"
"""The gettext context of the message templates."""
TERM_CONTEXT = "trace term"
"""The gettext context of the engine vocabulary shown inside messages."""

_MARK = "\x00"
_MAX_FIELDS = 64

TERM_PARAMS = frozenset({
    "zone", "from", "to", "reason", "action", "what", "effect_class", "cost", "phase", "step",
    "kind", "position", "subtype", "ability", "area", "keyword", "event", "type", "result",
})
"""Param names whose values may be engine vocabulary (translated only when listed in TERMS)."""

TERMS: dict[str, Any] = {
    # Yu-Gi-Oh! zones (engine.ygo.model.Zone)
    "hand": pgettext_lazy("trace term", "hand"),
    "deck": pgettext_lazy("trace term", "deck"),
    "extra_deck": pgettext_lazy("trace term", "extra_deck"),
    "graveyard": pgettext_lazy("trace term", "graveyard"),
    "banished": pgettext_lazy("trace term", "banished"),
    "monster_zone": pgettext_lazy("trace term", "monster_zone"),
    "spell_trap_zone": pgettext_lazy("trace term", "spell_trap_zone"),
    "field_zone": pgettext_lazy("trace term", "field_zone"),
    "pendulum_zone": pgettext_lazy("trace term", "pendulum_zone"),
    "material": pgettext_lazy("trace term", "material"),
    "removed": pgettext_lazy("trace term", "removed"),
    # Yu-Gi-Oh! actions, costs and move reasons
    "destroy": pgettext_lazy("trace term", "destroy"),
    "send_to_graveyard": pgettext_lazy("trace term", "send_to_graveyard"),
    "banish": pgettext_lazy("trace term", "banish"),
    "return_to_hand": pgettext_lazy("trace term", "return_to_hand"),
    "return_to_deck": pgettext_lazy("trace term", "return_to_deck"),
    "negate_activation": pgettext_lazy("trace term", "negate_activation"),
    "negate_effect": pgettext_lazy("trace term", "negate_effect"),
    "change_atk": pgettext_lazy("trace term", "change_atk"),
    "change_def": pgettext_lazy("trace term", "change_def"),
    "draw": pgettext_lazy("trace term", "draw"),
    "damage": pgettext_lazy("trace term", "damage"),
    "gain_lp": pgettext_lazy("trace term", "gain_lp"),
    "special_summon": pgettext_lazy("trace term", "special_summon"),
    "change_control": pgettext_lazy("trace term", "change_control"),
    "pay_lp": pgettext_lazy("trace term", "pay_lp"),
    "discard": pgettext_lazy("trace term", "discard"),
    "tribute": pgettext_lazy("trace term", "tribute"),
    "resolved": pgettext_lazy("trace term", "resolved"),
    "negated": pgettext_lazy("trace term", "negated"),
    "lp_zero": pgettext_lazy("trace term", "lp_zero"),
    "deck_out": pgettext_lazy("trace term", "deck_out"),
    # Yu-Gi-Oh! negation scopes
    "any": pgettext_lazy("trace term", "any"),
    "spell_card": pgettext_lazy("trace term", "spell_card"),
    "trap_card": pgettext_lazy("trace term", "trap_card"),
    "spell_trap_card": pgettext_lazy("trace term", "spell_trap_card"),
    "monster_effect": pgettext_lazy("trace term", "monster_effect"),
    # Yu-Gi-Oh! effect classes (engine.ygo.model.EffectClass)
    "card": pgettext_lazy("trace term", "card"),
    "effect": pgettext_lazy("trace term", "effect"),
    "ignition": pgettext_lazy("trace term", "ignition"),
    "trigger": pgettext_lazy("trace term", "trigger"),
    "flip": pgettext_lazy("trace term", "flip"),
    "quick": pgettext_lazy("trace term", "quick"),
    "pendulum": pgettext_lazy("trace term", "pendulum"),
    "continuous": pgettext_lazy("trace term", "continuous"),
    # Positions
    "attack": pgettext_lazy("trace term", "attack"),
    "defense": pgettext_lazy("trace term", "defense"),
    "face-down defense": pgettext_lazy("trace term", "face-down defense"),
    "face-up": pgettext_lazy("trace term", "face-up"),
    "face-down": pgettext_lazy("trace term", "face-down"),
    # Magic and Force of Will zones and phases shared by their engines
    "library": pgettext_lazy("trace term", "library"),
    "battlefield": pgettext_lazy("trace term", "battlefield"),
    "stack": pgettext_lazy("trace term", "stack"),
    "exile": pgettext_lazy("trace term", "exile"),
    "command": pgettext_lazy("trace term", "command"),
    "field": pgettext_lazy("trace term", "field"),
    "chase": pgettext_lazy("trace term", "chase"),
    "main_deck": pgettext_lazy("trace term", "main_deck"),
    "stone_deck": pgettext_lazy("trace term", "stone_deck"),
    "magic_stone_deck": pgettext_lazy("trace term", "magic_stone_deck"),
    "ruler_area": pgettext_lazy("trace term", "ruler_area"),
    "magic_stone_area": pgettext_lazy("trace term", "magic_stone_area"),
    "standby_area": pgettext_lazy("trace term", "standby_area"),
    "removed_area": pgettext_lazy("trace term", "removed_area"),
    "beginning": pgettext_lazy("trace term", "beginning"),
    "main": pgettext_lazy("trace term", "main"),
    "combat": pgettext_lazy("trace term", "combat"),
    "battle": pgettext_lazy("trace term", "battle"),
    "end": pgettext_lazy("trace term", "end"),
    "recovery": pgettext_lazy("trace term", "recovery"),
    "sacrifice": pgettext_lazy("trace term", "sacrifice"),
    "counter": pgettext_lazy("trace term", "counter"),
    "cancel": pgettext_lazy("trace term", "cancel"),
    "state_based_action": pgettext_lazy("trace term", "state_based_action"),
    "rule_process": pgettext_lazy("trace term", "rule_process"),
    "rest": pgettext_lazy("trace term", "rest"),
    "recover": pgettext_lazy("trace term", "recover"),
    "tap": pgettext_lazy("trace term", "tap"),
    "untap": pgettext_lazy("trace term", "untap"),
}
"""Engine vocabulary values → their lazily translated display form (msgid = the value)."""


def load_game_messages() -> list[str]:
    """Import ``engine.<game>.messages`` for every game package; return the games loaded.

    ``import engine`` registers the games it wires up; this also registers the catalogue of
    a game package not wired up yet. A package whose import fails is skipped.
    """
    loaded = []
    for info in pkgutil.iter_modules(engine.__path__):
        if not info.ispkg or info.name in ("core", "tests"):
            continue
        try:
            importlib.import_module(f"engine.{info.name}.messages")
        except Exception:  # a game still being written must not take the site down
            continue
        loaded.append(info.name)
    return loaded


load_game_messages()


@lru_cache(maxsize=None)
def _english_template_cached(message_id: str, catalogue_size: int) -> str | None:
    """Return the template of ``message_id`` rebuilt through the catalogue's public ``render``."""
    params: dict[str, str] = {}
    for _ in range(_MAX_FIELDS):
        try:
            rendered = CATALOGUE.render(message_id, params)
        except KeyError as exc:
            if message_id not in CATALOGUE:
                return None
            name = exc.args[0] if exc.args else None
            if not isinstance(name, str) or name in params:
                return None
            params[name] = f"{_MARK}{name}{_MARK}"
            continue
        except (IndexError, ValueError, AttributeError, TypeError):
            return None
        escaped = rendered.replace("{", "{{").replace("}", "}}")
        for name in params:
            escaped = escaped.replace(f"{_MARK}{name}{_MARK}", "{" + name + "}")
        return None if _MARK in escaped else escaped
    return None


def english_template(message_id: str) -> str | None:
    """Return the English ``str.format`` template of ``message_id``, or ``None`` if unknown.

    The catalogue exposes only ``render``; the template is rebuilt by rendering with a
    marker for each field the template asks for, so ``"{player} passes priority."`` comes
    back unchanged. Templates using format specs or positional fields return ``None``.
    """
    return _english_template_cached(message_id, len(CATALOGUE.ids()))


def catalogue_templates() -> dict[str, str]:
    """Return ``{message_id: English template}`` for every registered message, sorted by id."""
    out: dict[str, str] = {}
    for message_id in CATALOGUE.ids():
        template = english_template(message_id)
        if template is not None:
            out[message_id] = template
    return out


def _show(key: str, value: Any, separator: str) -> Any:
    """Return a param value for display: vocabulary translated, lists joined."""
    if isinstance(value, (list, tuple)):
        return separator.join(str(_show(key, item, separator)) for item in value)
    if key in TERM_PARAMS and isinstance(value, str) and value in TERMS:
        return str(TERMS[value])
    return value


def _fields(template: str) -> set[str]:
    """Return the field names a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def translate_step(step: Mapping[str, Any], language: str | None = None) -> str:
    """Return the text of a trace step dict in ``language`` (default: the active language).

    ``step`` is the JSON form of a step (``{message_id, params, text, …}``). English, an
    unknown ``message_id``, a missing param or any formatting problem give back
    ``step["text"]`` (or ``""``); this never raises.
    """
    fallback = step.get("text", "") if isinstance(step, Mapping) else ""
    fallback = fallback if isinstance(fallback, str) else str(fallback)
    try:
        message_id = step.get("message_id")
        params = step.get("params") or {}
        if not isinstance(message_id, str) or not isinstance(params, Mapping):
            return fallback
        template = english_template(message_id)
        if template is None:
            return fallback
        with translation.override(language or translation.get_language()):
            code = translation.get_language() or "en"
            if code.split("-")[0] == "en":
                return fallback or template.format_map(dict(params))
            translated = pgettext(TRACE_CONTEXT, template)
            if _fields(translated) - set(params):
                translated = template
            separator = "、" if code.startswith("zh") else ", "
            shown = {key: _show(key, value, separator) for key, value in params.items()}
            return translated.format_map(shown)
    except Exception:  # a stored trace must always display, whatever it holds
        return fallback


GENERATED_HEADER = '''"""Every engine trace template, for ``makemessages`` (the engine never imports Django).

Generated by ``python manage.py engine_messages`` from engine.core.trace.CATALOGUE; do not
edit. A test fails when this file is out of date with the catalogue.
"""

from django.utils.translation import pgettext_lazy

MSGIDS = (
'''


def engine_msgids_source() -> str:
    """Return the Python source of ``engine_msgids.py`` for the current catalogue."""
    lines = [GENERATED_HEADER]
    for message_id, template in catalogue_templates().items():
        lines.append(f"    # Translators: {message_id}\n")
        lines.append(f"    pgettext_lazy({TRACE_CONTEXT!r}, {template!r}),\n")
    lines.append(")\n")
    return "".join(lines)
