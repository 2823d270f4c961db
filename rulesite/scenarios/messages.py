"""Trace messages in the reader's language.

The engine never imports Django: each trace step carries a ``message_id``, its ``params``
and the English ``text`` rendered from :data:`engine.core.trace.CATALOGUE`. This module
recovers the English template of a step, translates it through gettext (context
``"trace"``; the msgids are listed in the generated ``engine_msgids.py``), translates
engine vocabulary among the params (zones, reasons, actions, …: context ``"trace term"``)
and formats the result. Card names, player ids and free text stay as they are.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import string
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from django.utils import translation
from django.utils.translation import gettext, pgettext, pgettext_lazy

import engine
from engine.core import ruling_sources
from engine.core.schema import Field
from engine.core.trace import CATALOGUE
from engine.core.vocabulary import vocabularies

TRACE_CONTEXT = "trace"
"""The gettext context of the message templates."""
VOCABULARY_CONTEXT = "vocabulary"
"""The gettext context of the vocabulary registries' labels, docs and help (the vocabulary pages);
a text two or more games use also has ``vocabulary <game>`` for each of them."""
TERM_CONTEXT = "trace term"
"""The gettext context of engine vocabulary shared by the games."""
RULING_CONTEXT = "ruling basis"
"""The gettext context of the rulings' sources (``engine.core.ruling_sources``): what a step or
a vocabulary entry rests on where the rules document is silent."""
TYPE_CONTEXT = "field type"
"""The gettext context of the descriptions of a game's own field types (``Field.describe()``
of a type the vocabulary page does not compose from pieces: :data:`COMPOSED_TYPES`)."""
COMPOSED_TYPES = frozenset({"text", "integer", "boolean", "const", "choice", "ref", "listof", "mapof", "record",
                            "use", "either"})
"""The ``type`` of the engine.core.schema fields, written on a vocabulary page from translated
pieces (``rulesite.scenarios.vocabulary.type_html``); any other field type shows its ``describe``."""

_MARK = "\x00"
_MAX_FIELDS = 64

TERM_PARAMS = frozenset({
    "zone", "from", "to", "reason", "action", "what", "effect_class", "cost", "phase", "step", "kind",
    "position", "method", "how", "event", "spell_kind", "timing", "type", "do", "duration", "why", "variant",
    "value_name", "allowed", "instead_of",
})
"""Param names whose values may be engine vocabulary (translated only when listed in TERM_CONTEXTS)."""

TERM_CONTEXTS: dict[str, tuple[str, ...]] = {
    TERM_CONTEXT: (
        # Yu-Gi-Oh! zones (engine.ygo.model.Zone)
        "hand", "deck", "extra_deck", "graveyard", "banished", "monster_zone", "spell_trap_zone",
        "field_zone", "pendulum_zone", "material", "removed",
        # Yu-Gi-Oh! actions, costs, move reasons and events
        "destroy", "send_to_graveyard", "banish", "return_to_hand", "return_to_deck", "negate_activation",
        "negate_effect", "change_atk", "change_def", "draw", "damage", "gain_lp", "special_summon",
        "change_control", "pay_lp", "discard", "tribute", "resolved", "negated", "lp_zero", "deck_out",
        "set", "change_position", "flip_summon", "normal_summon", "summoned", "flip_summoned",
        "special_summoned", "destroyed", "destroyed_by_battle", "flipped", "sent_to_graveyard", "equip",
        "battle", "synchro_material", "fusion_material", "ritual_tribute", "negated_summon", "summon",
        # Yu-Gi-Oh! summon methods
        "inherent", "fusion", "ritual", "synchro", "xyz", "pendulum",
        # Yu-Gi-Oh! negation scopes and effect classes
        "any", "spell_card", "trap_card", "spell_trap_card", "monster_effect",
        "card", "effect", "ignition", "trigger", "flip", "quick", "continuous",
        # Positions
        "attack", "defense", "face-down defense", "face-up", "face-down",
        # Magic zones
        "library", "battlefield", "stack", "exile", "command",
    ),
    "trace mtg": ("graveyard", "hand", "library", "battlefield", "stack", "exile", "command",
                  # why a blocker cannot block (CR 509.1a, 509.1b)
                  "cannot_block", "not_attacking", "flying", "fear", "menace", "one_attacker", "cant_block", "tapped",
                  # why a creature cannot attack (CR 508.1a)
                  "not_on_battlefield", "not_your_creature", "summoning_sick", "cant_attack", "not_attackable",
                  "stack_not_empty", "defender", "already_declared",
                  # multiplayer combat (CR 802.3, 802.4a) and why a player loses (104.3a, 104.3e)
                  "no_defender_chosen", "attacking_another_player", "concede", "effect"),
    "trace mtg value_name": ("mana value", "converted mana cost"),  # CR 202.3 (2022) / 202.3 (2020)
    "trace mtg step": (
        "untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers",
        "combat_damage", "end_of_combat", "main2", "end", "cleanup",
    ),
    "trace ygo phase": ("draw", "standby", "main1", "battle", "main2", "end"),
    "trace ygo step": ("start", "battle", "damage", "end"),
    "trace fow": (
        "main_deck", "stone_deck", "hand", "field", "stone_area", "ruler_area", "graveyard", "lifebreak",
        "standby", "removed", "chase", "rest", "recover", "recovery", "normal spell", "summon spell",
        "chant", "chant_instant", "chant_standby", "static", "activated", "will", "triggered", "judgment",
        "spell", "break", "resonator", "ruler", "j_ruler", "addition", "regalia", "magic_stone", "attack", "block",
        "no_attack", "no_block",
    ),
    "trace fow phase": ("draw", "recovery", "main", "end"),
    "trace fow timing": ("main", "instant"),
    "trace fow variant": ("bifrost", "valhalla"),
    "trace fow reason": (
        "played", "resolved", "draw", "destroy", "damage", "gain_life", "lose_life", "return_to_hand", "search",
        "setup", "mulligan", "judgment", "lifebreak", "lifebreak_excess", "paid", "cancelled", "effect_ended", "moved",
        "standby", "summon", "call", "banish", "discard", "recovery", "illegal_addition",
    ),
    "trace fow step": (
        "start", "draw", "recover", "main", "beginning_of_battle", "declare_attack", "declare_block",
        "block_declared", "first_strike", "normal_damage", "end_of_battle", "end_of_turn", "final",
    ),
}
"""gettext context → engine values translated in it (msgid = the value itself).

A param value is looked up in ``trace <game> <param>``, then ``trace <game>``, then
``trace term``, so one value can read differently per game (a Yu-Gi-Oh! ``graveyard`` is
墓地, a Force of Will one 坟场).
"""


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


def translate_term(game: str, key: str, value: Any) -> Any:
    """Return ``value`` of param ``key`` translated if it is engine vocabulary, else unchanged."""
    if key not in TERM_PARAMS or not isinstance(value, str):
        return value
    for context in (f"trace {game} {key}", f"trace {game}", TERM_CONTEXT):
        if value in TERM_CONTEXTS.get(context, ()):
            return pgettext(context, value)
    return value


def _show(game: str, key: str, value: Any, separator: str, english: bool = False) -> Any:
    """Return a param value for display: lists joined ("—" when empty), and engine vocabulary
    translated, or on an English page read as words (``cannot_block`` → ``cannot block``)."""
    if isinstance(value, (list, tuple)):
        return separator.join(str(_show(game, key, item, separator, english)) for item in value) or "—"
    if isinstance(value, bool):
        return gettext("Yes") if value else gettext("No")
    if not english:
        return translate_term(game, key, value)
    if key in TERM_PARAMS and isinstance(value, str) and "_" in value and " " not in value:
        return value.replace("_", " ")
    return value


def _fields(template: str) -> set[str]:
    """Return the field names a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


PLAYER_PARAMS = frozenset({"player", "winner", "loser", "controller", "owner", "active", "attacker", "defender", "by"})
"""Params whose value may be a player id, shown with the player's name when the scenario gives one."""


def _named(params: Mapping[str, Any], players: Mapping[str, str] | None) -> dict[str, Any]:
    """Return ``params`` with player ids replaced by ``"Name (p1)"`` where a name is known."""
    if not players:
        return dict(params)
    return {
        key: f"{players[value]} ({value})" if key in PLAYER_PARAMS and isinstance(value, str) and players.get(value) else value
        for key, value in params.items()
    }


def translate_step(step: Mapping[str, Any], language: str | None = None, players: Mapping[str, str] | None = None) -> str:
    """Return the text of a trace step dict in ``language`` (default: the active language).

    ``step`` is the JSON form of a step (``{message_id, params, text, …}``); ``players`` maps
    player ids to the names the scenario gives (``{"p1": "Alice"}``), shown as
    ``Alice (p1)``. An unknown ``message_id``, a missing param or any formatting problem give
    back ``step["text"]`` (or ``""``); this never raises.
    """
    fallback = step.get("text", "") if isinstance(step, Mapping) else ""
    fallback = fallback if isinstance(fallback, str) else str(fallback)
    try:
        message_id = step.get("message_id")
        params = step.get("params") or {}
        if not isinstance(message_id, str) or not isinstance(params, Mapping):
            return fallback
        params = _named(params, players)
        template = english_template(message_id)
        if template is None:
            return fallback
        with translation.override(language or translation.get_language()):
            code = translation.get_language() or "en"
            if code.split("-")[0] == "en":
                # Engine vocabulary reads as words ("cannot block", "declare blockers"); lists as "a, b".
                shown = {key: _show("", key, value, ", ", english=True) for key, value in params.items()}
                return template.format_map(shown)
            translated = pgettext(TRACE_CONTEXT, template)
            if _fields(translated) - set(params):
                translated = template
            separator = "、" if code.startswith("zh") else ", "
            game = message_id.split(".", 1)[0]
            shown = {key: _show(game, key, value, separator) for key, value in params.items()}
            return translated.format_map(shown)
    except Exception:  # a stored trace must always display, whatever it holds
        return fallback


GENERATED_HEADER = '''"""Every engine trace template and term, and every label, doc and help text of the engine's
vocabulary registries, for ``makemessages`` (the engine never imports Django). A text two or
more games use is listed once more per game (context ``vocabulary <game>``, SHARED_VOCABULARY);
the descriptions of the games' own field types (context ``field type``, FIELD_TYPES) and every
ruling source of every ruleset (context ``ruling basis``, RULINGS).

Generated by ``python manage.py engine_messages`` from engine.core.trace.CATALOGUE,
engine.core.vocabulary.vocabularies() and engine.core.ruling_sources(); do not edit. A test fails when this file is out of
date with them.
"""

from django.utils.translation import pgettext_lazy

MSGIDS = (
'''


def _inside(field: Field) -> Iterator[tuple[str, Any]]:
    """Yield ``(attribute, item)`` for each item of ``field``'s attributes (a mapping's values, a
    tuple's items, else the value); a Use field's registry is left out (its slots are listed on
    their own)."""
    for name in (f.name for f in dataclasses.fields(field)):
        if name == "vocabulary":
            continue
        value = getattr(field, name)
        yield from ((name, item) for item in (value.values() if isinstance(value, Mapping) else
                                              value if isinstance(value, tuple) else (value,)))


def _field_texts(field: Field) -> Iterator[str]:
    """Yield the label and help of ``field``, its enum labels, and those of every field inside it
    (a list's item, a record's fields, an alternative …); a slot's own texts are not its fields'."""
    yield field.label
    yield field.help
    for name, item in _inside(field):
        if isinstance(item, Field):
            yield from _field_texts(item)
        elif isinstance(item, str) and name == "labels":
            yield item


def _described(field: Field) -> Iterator[str]:
    """Yield the ``describe()`` of ``field`` and of every field inside it whose type is not one
    of :data:`COMPOSED_TYPES`."""
    if type(field).__name__.lower() not in COMPOSED_TYPES:
        yield field.describe()
    for _name, item in _inside(field):
        if isinstance(item, Field):
            yield from _described(item)


def _registry_fields() -> Iterator[tuple[str, Field]]:
    """Yield ``(where, field)`` for every slot's common field and every entry's key and value
    field of every registered vocabulary, in registry order (``where``: ``fow slot action``,
    ``mtg instruction:destroy``)."""
    for vocabulary in vocabularies():
        for slot in vocabulary.slots.values():
            yield from ((f"{vocabulary.game} slot {slot.name}", f) for f in slot.common.values())
            for entry in vocabulary.entries(slot.name):
                fields = [*entry.keys.values(), *((entry.value,) if entry.value is not None else ())]
                yield from ((f"{vocabulary.game} {entry.ref}", f) for f in fields)


def type_msgids() -> list[tuple[str, str]]:
    """Return ``(where, description)`` for every description a vocabulary page shows of a
    game's own field type (``"the index of a chosen target (0, 1 …)"``), each once, in registry
    order: the msgids of context :data:`TYPE_CONTEXT`."""
    found: dict[str, str] = {}
    for where, field in _registry_fields():
        for text in _described(field):
            if text:
                found.setdefault(text, where)
    return [(where, text) for text, where in found.items()]


def ruling_msgids() -> list[tuple[str, str]]:
    """Return ``(rulesets, source)`` for every ruling source of every registered ruleset, each
    once (``("ygo arcv, ygo mr2", "…")``), in ruleset then table order, a URL left out (it is
    shown as it is): the msgids of context :data:`RULING_CONTEXT`."""
    found: dict[str, list[str]] = {}
    for (game, ruleset), sources in ruling_sources().items():
        for source in sources:
            if not source.startswith(("https://", "http://")):
                found.setdefault(source, []).append(f"{game} {ruleset}")
    return [(", ".join(rulesets), source) for source, rulesets in found.items()]


def translate_type(description: Any) -> str:
    """Return a game's own field type's ``describe()`` text in the active language (context
    :data:`TYPE_CONTEXT`; English when not translated)."""
    text = str(description or "")
    return pgettext(TYPE_CONTEXT, text) if text else ""


def translate_ruling(source: Any) -> str:
    """Return a ruling's ``source`` (a trace step's, a vocabulary entry's) in the active
    language: context :data:`RULING_CONTEXT`; a URL, an unknown source or one not translated
    yet is shown as stored (English), a non-string as ``""``."""
    if not isinstance(source, str) or not source:
        return ""
    if source.startswith(("https://", "http://")):
        return source
    return pgettext(RULING_CONTEXT, source)


def _vocabulary_uses() -> dict[str, dict[str, str]]:
    """Return ``{text: {game: where}}``: every registry text, in registry order, with the first
    place each game uses it (``mtg instruction:destroy``)."""
    uses: dict[str, dict[str, str]] = {}
    for vocabulary in vocabularies():
        for slot in vocabulary.slots.values():
            texts = [(f"{vocabulary.game} slot {slot.name}", text) for text in (slot.label, slot.doc)]
            texts += [(f"{vocabulary.game} slot {slot.name}", text) for f in slot.common.values() for text in _field_texts(f)]
            for entry in vocabulary.entries(slot.name):
                where = f"{vocabulary.game} {entry.ref}"
                texts += [(where, entry.label), (where, entry.doc)]
                fields = [*entry.keys.values(), *((entry.value,) if entry.value is not None else ())]
                texts += [(where, text) for f in fields for text in _field_texts(f)]
            for where, text in texts:
                if text:
                    uses.setdefault(text, {}).setdefault(vocabulary.game, where)
    return uses


def vocabulary_msgids() -> list[tuple[str, str]]:
    """Return ``(where, text)`` for every slot label and doc, entry label and doc, and field label,
    help and enum label of every registered vocabulary, in registry order, each text once
    (``where`` names the first place it is used: ``mtg instruction:destroy``)."""
    return [(next(iter(games.values())), text) for text, games in _vocabulary_uses().items()]


def shared_vocabulary_msgids() -> list[tuple[str, str, str]]:
    """Return ``(game, where, text)`` for each game using a registry text that TWO OR MORE games
    use, in registry order (``("mtg", "mtg instruction:destroy", "Destroy")``): the msgids of the
    per-game contexts ``vocabulary <game>``, where one English text gets each game's own terms."""
    return [(game, where, text) for text, games in _vocabulary_uses().items() if len(games) > 1
            for game, where in games.items()]


def engine_msgids_source() -> str:
    """Return the Python source of ``engine_msgids.py`` for the current catalogue and registries."""
    lines = [GENERATED_HEADER]
    for message_id, template in catalogue_templates().items():
        lines.append(f"    # Translators: {message_id}\n")
        lines.append(f"    pgettext_lazy({TRACE_CONTEXT!r}, {template!r}),\n")
    lines.append(")\n\nTERMS = (\n")
    for context, values in TERM_CONTEXTS.items():
        for value in values:
            lines.append(f"    pgettext_lazy({context!r}, {value!r}),\n")
    lines.append(")\n\nVOCABULARY = (\n")
    for where, text in vocabulary_msgids():
        lines.append(f"    # Translators: {where}\n")
        lines.append(f"    pgettext_lazy({VOCABULARY_CONTEXT!r}, {text!r}),\n")
    lines.append(")\n\nSHARED_VOCABULARY = (\n")
    for game, where, text in shared_vocabulary_msgids():
        lines.append(f"    # Translators: {where} (a text other games share: in this game's own terms)\n")
        lines.append(f"    pgettext_lazy({VOCABULARY_CONTEXT + ' ' + game!r}, {text!r}),\n")
    lines.append(")\n\nFIELD_TYPES = (\n")
    for where, text in type_msgids():
        lines.append(f"    # Translators: a field type's description ({where}); keep words in capitals and `code` as they are\n")
        lines.append(f"    pgettext_lazy({TYPE_CONTEXT!r}, {text!r}),\n")
    lines.append(")\n\nRULINGS = (\n")
    for rulesets, source in ruling_msgids():
        lines.append(f"    # Translators: what a step rests on where the rules document is silent ({rulesets})\n")
        lines.append(f"    pgettext_lazy({RULING_CONTEXT!r}, {source!r}),\n")
    lines.append(")\n")
    return "".join(lines)


STEP_KIND_LABELS = {
    "action": pgettext_lazy("step kind", "action"),
    "activate": pgettext_lazy("step kind", "activate"),
    "attack": pgettext_lazy("step kind", "attack"),
    "battle": pgettext_lazy("step kind", "battle"),
    "block": pgettext_lazy("step kind", "block"),
    "cancel": pgettext_lazy("step kind", "cancel"),
    "cannot_evaluate": pgettext_lazy("step kind", "cannot_evaluate"),
    "cast": pgettext_lazy("step kind", "cast"),
    "choice": pgettext_lazy("step kind", "choice"),
    "copy": pgettext_lazy("step kind", "copy"),
    "cost": pgettext_lazy("step kind", "cost"),
    "counters": pgettext_lazy("step kind", "counters"),
    "damage": pgettext_lazy("step kind", "damage"),
    "draw": pgettext_lazy("step kind", "draw"),
    "effect": pgettext_lazy("step kind", "effect"),
    "end": pgettext_lazy("step kind", "end"),
    "face_up": pgettext_lazy("step kind", "face_up"),
    "illegal": pgettext_lazy("step kind", "illegal"),
    "judgment": pgettext_lazy("step kind", "judgment"),
    "layer": pgettext_lazy("step kind", "layer"),
    "leave": pgettext_lazy("step kind", "leave"),
    "life": pgettext_lazy("step kind", "life"),
    "lki": pgettext_lazy("step kind", "lki"),
    "loop": pgettext_lazy("step kind", "loop"),
    "lp": pgettext_lazy("step kind", "lp"),
    "mana": pgettext_lazy("step kind", "mana"),
    "missed_timing": pgettext_lazy("step kind", "missed_timing"),
    "modify": pgettext_lazy("step kind", "modify"),
    "move": pgettext_lazy("step kind", "move"),
    "negate": pgettext_lazy("step kind", "negate"),
    "no_effect": pgettext_lazy("step kind", "no_effect"),
    "not_covered": pgettext_lazy("step kind", "not_covered"),
    "pass": pgettext_lazy("step kind", "pass"),
    "phase": pgettext_lazy("step kind", "phase"),
    "play": pgettext_lazy("step kind", "play"),
    "priority": pgettext_lazy("step kind", "priority"),
    "replace": pgettext_lazy("step kind", "replace"),
    "resolve": pgettext_lazy("step kind", "resolve"),
    "respond": pgettext_lazy("step kind", "respond"),
    "reveal": pgettext_lazy("step kind", "reveal"),
    "rule_processing": pgettext_lazy("step kind", "rule_processing"),
    "set": pgettext_lazy("step kind", "set"),
    "setup": pgettext_lazy("step kind", "setup"),
    "special_action": pgettext_lazy("step kind", "special_action"),
    "state": pgettext_lazy("step kind", "state"),
    "state_based": pgettext_lazy("step kind", "state_based"),
    "step": pgettext_lazy("step kind", "step"),
    "summon": pgettext_lazy("step kind", "summon"),
    "trigger": pgettext_lazy("step kind", "trigger"),
    "wait": pgettext_lazy("step kind", "wait"),
    "will": pgettext_lazy("step kind", "will"),
}
"""The trace's step kinds as labels in the reader's language (unknown kinds are shown as they are)."""


def step_kind_label(kind: Any) -> str:
    """Return the label of a trace step's ``kind`` in the active language."""
    label = STEP_KIND_LABELS.get(kind) if isinstance(kind, str) else None
    text = str(label) if label is not None else str(kind)
    return text.replace("_", " ") if text == kind else text
