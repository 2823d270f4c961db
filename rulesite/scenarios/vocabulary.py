"""The engine's vocabulary registries as pages: ``/engine/vocabulary/`` and ``/engine/vocabulary/<game>/``.

Everything a scenario can say beyond its frame is an entry of its game's registry
(``engine.core.vocabulary``, ``docs/engine-vocabulary.md``): each slot with its entries, each
entry with its keys (type, range or allowed values, required, help), the rule it implements
under each ruleset, its example, the steps it records and the module that applies it. This
module reads the registries and shapes them for the templates; labels, docs and help are the
registry's English, passed through gettext with the context ``vocabulary <game>`` (a game's own
reading of a text several games share), else ``vocabulary`` (the msgids are generated into
``engine_msgids.py``: ``messages.vocabulary_msgids``), so an untranslated string simply reads in
English.

No game is named here: the pages show whatever vocabularies the engine registers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from engine.core.vocabulary import KEYED, NAMED, TAGGED, Vocabulary, vocabularies
from rulesite.rules.models import Game

from .builders.vocab import translate_text
from .markup import inline_code
from .messages import english_template, translate_ruling, translate_step, translate_type
from .selectors import cite


def translated(text: str, game: str | None = None) -> str:
    """Return a registry string in the reader's language, in ``game``'s own terms when it has a
    translation of its own (English when it has no translation): :func:`.builders.vocab.translate_text`."""
    return translate_text(text, game)


def registered(game: str) -> Vocabulary | None:
    """Return the vocabulary registered for ``game``, or ``None``."""
    return next((v for v in vocabularies() if v.game == game), None)


def game_label(game: str) -> str:
    """Return a game's name (``Magic: The Gathering``), or its code when the site does not know it."""
    return str(dict(Game.choices).get(game, game))


# ----------------------------------------------------------------------------- the index


@dataclass
class GameVocabulary:
    game: str
    label: str
    slots: int = 0
    entries: int = 0
    registered: bool = False


def vocabulary_index() -> list[GameVocabulary]:
    """Return each game of the site (and any other registered one) with its vocabulary's size,
    or marked as not registered yet."""
    found = {v.game: v for v in vocabularies()}
    games = [value for value, _label in Game.choices] + sorted(set(found) - {value for value, _label in Game.choices})
    out = []
    for game in games:
        vocabulary = found.get(game)
        out.append(GameVocabulary(game, game_label(game), len(vocabulary.slots) if vocabulary else 0,
                                  len(vocabulary.entries()) if vocabulary else 0, vocabulary is not None))
    return out


# ----------------------------------------------------------------------------- one game's page


@dataclass
class KeyView:
    """One key of an entry (or of a record inside it): its name, label, type, help."""

    name: str
    label: str
    type: SafeString
    help: str
    required: bool
    default: str = ""
    keys: list["KeyView"] = field(default_factory=list)
    """The keys of a record value (or of the records of a list), shown under it."""


@dataclass
class RuleView:
    ruleset: str
    rules: list[dict[str, Any]]
    """Each ``{"rule": {document, number, url, citation, title}}`` or ``{"ruling": source, "url": link or ""}``."""


@dataclass
class EntryView:
    anchor: str
    name: str
    label: str
    doc: str
    keys: list[KeyView]
    rules: list[RuleView]
    example: str
    topic: str
    messages: list[tuple[str, str]]
    """``(message id, its text in the reader's language)`` of the steps the entry records."""
    value: KeyView | None = None
    key_form: str = ""
    """How a prefixed key is written (``legend:<player>:<name>``)."""
    rulesets: list[str] = field(default_factory=list)
    """The rulesets that have it, when not all of the game's."""
    row: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class SlotView:
    anchor: str
    name: str
    label: str
    doc: str
    kind: str
    form: str
    """How a document writes a value of this slot, in the reader's language."""
    common: list[KeyView]
    entries: list[EntryView]


@dataclass
class VocabularyPage:
    game: str
    label: str
    rulesets: list[str]
    slots: list[SlotView]
    api_url: str = ""

    @property
    def entry_count(self) -> int:
        return sum(len(slot.entries) for slot in self.slots)


_ANCHOR = re.compile(r"[^A-Za-z0-9_-]+")


def anchor(*parts: str) -> str:
    """Return an HTML id from ``parts`` (``("instruction", "destroy")`` → ``instruction-destroy``)."""
    return "-".join(_ANCHOR.sub("-", part).strip("-") or "x" for part in parts)


def _html(template: str, **parts: Any) -> SafeString:
    """Return the translated ``template`` escaped, with its ``%(name)s`` parts filled in (each
    escaped unless it is already safe HTML)."""
    escaped = conditional_escape(template)
    return mark_safe(escaped % {name: conditional_escape(part) for name, part in parts.items()} if parts else escaped)


def _codes(values: Any, labels: Mapping[str, str] | None = None, separator: str = ", ", game: str | None = None) -> SafeString:
    """Return ``values`` as ``<code>a</code>, <code>b</code>``, each with its translated label
    (in ``game``'s terms) when it has one."""
    labels = labels or {}
    return format_html_join(conditional_escape(separator), "<code>{}</code>{}", (
        (value, format_html(" ({})", translated(labels[value], game)) if labels.get(value) else "") for value in values or ()))


def type_html(schema: Mapping[str, Any], slots: Mapping[str, str], game: str | None = None) -> SafeString:
    """Return the type of a field (its ``to_json()``) as the page writes it, in the reader's
    language (enum labels in ``game``'s terms): ``whole number 0–99``, ``one of attack,
    defense``, ``list of …``, a link to the slot whose entries it takes."""
    kind = schema.get("type")
    if kind == "text":
        match = re.search(r"at most (\d+)", str(schema.get("describe", "")))
        return _html(_("text of at most %(n)s characters") % {"n": match.group(1)} if match else _("text"))
    if kind == "integer":
        return _html(_("whole number %(low)s–%(high)s") % {"low": f"{schema.get('low', 0):,}", "high": f"{schema.get('high', 0):,}"})
    if kind == "boolean":
        return _html(_("true or false"))
    if kind == "const":
        return _html(_("exactly %(value)s"), value=format_html("<code>{}</code>", schema.get("describe", "")))
    if kind == "choice":
        return _html(_("one of %(values)s"), values=_codes(schema.get("values"), schema.get("labels"), game=game))
    if kind == "ref":
        return _html(_("the id of a %(spaces)s"), spaces=_codes(schema.get("spaces"), separator=_(" or ")))
    if kind == "listof":
        return _html(_("list of %(item)s"), item=type_html(schema.get("item") or {}, slots, game))
    if kind == "mapof":
        return _html(_("object: each key %(key)s gives %(value)s"), key=type_html(schema.get("key") or {}, slots, game),
                     value=type_html(schema.get("value") or {}, slots, game))
    if kind == "record":
        return _html(_("object with the keys below"))
    if kind == "use":
        slot = str(schema.get("slot", ""))
        return _html(_("a value of %(slot)s"), slot=format_html('<a href="#{}">{}</a>', anchor("slot", slot), slots.get(slot) or slot))
    if kind == "either":
        return mark_safe(conditional_escape(_(" or ")).join(str(type_html(option, slots, game)) for option in schema.get("options") or ()))
    # A game's own field type (a mana cost, a target reference) describes itself, in the registry's
    # words, translated (context "field type": messages.type_msgids).
    return inline_code(translate_type(schema.get("describe", kind or "")))


def _record_keys(schema: Mapping[str, Any], slots: Mapping[str, str], game: str | None) -> list[KeyView]:
    """Return the keys of a record (or of a list's or map's records), else ``[]``."""
    if schema.get("type") == "record":
        return key_views(schema.get("fields") or {}, schema.get("required") or (), slots, game)
    for inner in ("item", "value"):
        if isinstance(schema.get(inner), Mapping):
            return _record_keys(schema[inner], slots, game)
    if schema.get("type") == "either":
        return [key for option in schema.get("options") or () for key in _record_keys(option, slots, game)]
    return []


def key_view(name: str, schema: Mapping[str, Any], required: bool, slots: Mapping[str, str],
             game: str | None = None) -> KeyView:
    """Return one field (its ``to_json()``) for the page, its texts in ``game``'s terms."""
    default = schema.get("default")
    return KeyView(name=name, label=translated(str(schema.get("label") or ""), game), type=type_html(schema, slots, game),
                   help=translated(str(schema.get("help") or ""), game), required=required,
                   default=json.dumps(default, ensure_ascii=False) if default is not None else "",
                   keys=_record_keys(schema, slots, game))


def key_views(fields: Mapping[str, Any], required: Any, slots: Mapping[str, str], game: str | None = None) -> list[KeyView]:
    """Return the fields of an entry or a record, required ones marked, their texts in ``game``'s terms."""
    needed = set(required or ())
    return [key_view(name, schema, name in needed, slots, game) for name, schema in fields.items()]


def _rule_views(rules: Mapping[str, list[Mapping[str, Any]]]) -> list[RuleView]:
    out = []
    for ruleset, cited in rules.items():
        shown = []
        for item in cited:
            if "number" in item:
                shown.append({"rule": {"document": item.get("document", ""), "number": item["number"]}})
            else:
                source = str(item.get("ruling", ""))
                shown.append({"ruling": translate_ruling(source),
                              "url": source if source.startswith(("https://", "http://")) else ""})
        out.append(RuleView(ruleset, shown))
    return out


def _messages(message_ids: list[str]) -> list[tuple[str, str]]:
    """Return each message id with its template in the reader's language (``{card}`` left as written)."""
    out = []
    for message_id in message_ids:
        template = english_template(message_id)
        if template is None:
            out.append((message_id, ""))
            continue
        params = {name: "{" + name + "}" for name in re.findall(r"\{(\w+)\}", template)}
        out.append((message_id, translate_step({"message_id": message_id, "params": params, "text": template})))
    return out


def _form(vocabulary: Vocabulary, slot_name: str) -> str:
    """Return how a document writes a value of the slot (the slot's style), in the reader's language."""
    slot = vocabulary.slots[slot_name]
    if slot.style == TAGGED:
        return _("An object whose “%(tag)s” key names the entry; its other keys are the entry's own.") % {"tag": slot.tag}
    if slot.style == KEYED and slot.prefixed:
        return _("An object whose keys are written name:part:…; the part before the first colon names the entry.")
    if slot.style == KEYED and slot.exactly_one:
        return _("An object with exactly one of the entries below as its key (and that entry's companion keys).")
    if slot.style == KEYED:
        empty = _(" An empty object is allowed.") if slot.allow_empty else ""
        return _("An object each of whose keys names an entry below; every one of them applies.") + empty
    if slot.style == NAMED:
        return _("A string: the name of one entry below.")
    return ""


def _module_file(topic: str) -> str:
    """Return the file of the module that applies an entry (``engine.mtg.layers`` → ``engine/mtg/layers.py``)."""
    return topic.replace(".", "/") + ".py" if topic else ""


def vocabulary_page(game: str) -> VocabularyPage | None:
    """Return the page of ``game``'s vocabulary, or ``None`` when it has no registry.

    Every rule is resolved into a link to its section page (``/rules/<document>/<number>/``)
    with one query (``selectors.cite``); a rule of a document that is not imported is shown
    plainly, a ruling by its source.
    """
    vocabulary = registered(game)
    if vocabulary is None:
        return None
    data = vocabulary.to_json()
    slot_labels = {slot["name"]: translated(slot["label"], game) or slot["name"] for slot in data["slots"]}
    slots = []
    for slot in data["slots"]:
        entries = []
        for entry in slot["entries"]:
            value = entry.get("value")
            entries.append(EntryView(
                anchor=anchor(slot["name"], entry["name"]), name=entry["name"], label=translated(entry["label"], game),
                doc=translated(entry["doc"], game), keys=key_views(entry["keys"], entry["required"], slot_labels, game),
                rules=_rule_views(entry["rule"]),
                example=json.dumps(entry["example"], ensure_ascii=False, indent=2) if entry["example"] is not None else "",
                topic=_module_file(entry["topic"]), messages=_messages(entry["messages"]),
                value=key_view("", value, True, slot_labels, game) if value else None,
                key_form=":".join((entry["name"], *(f"<{part}>" for part in entry.get("key_parts") or ()))) if entry.get("key_parts") else "",
                rulesets=entry.get("rulesets") or [], row=entry["row"],
            ))
        slots.append(SlotView(anchor=anchor("slot", slot["name"]), name=slot["name"], label=slot_labels[slot["name"]],
                              doc=translated(slot["doc"], game), kind=slot["kind"], form=_form(vocabulary, slot["name"]),
                              common=key_views(slot.get("common") or {}, (), slot_labels, game), entries=entries))
    views = [rule_view for slot_view in slots for entry_view in slot_view.entries for rule_view in entry_view.rules]
    for rule_view, rules in zip(views, cite([rule_view.rules for rule_view in views]), strict=True):
        rule_view.rules = rules
    return VocabularyPage(game=game, label=game_label(game), rulesets=data["rulesets"], slots=slots)
