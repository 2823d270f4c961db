"""Builder rows derived from a game's vocabulary registry (``engine.core.vocabulary``).

A slot of the registry becomes a row section's *switch* (the entry names, with their labels)
and the fields each entry uses; a keyed slot (a FILTER) becomes the parts of a ``record``
field; each entry's keys become :class:`~.common.Spec` fields whose kind follows the key's
schema. Labels and help are the engine's English, translated with the ``vocabulary`` context
(``engine_msgids.py`` lists them for ``makemessages``), so a new entry appears in the form, the
docs and the vocabulary page at once.

>>> from engine.core import Rule
>>> from engine.core.vocabulary import TAGGED, Integer, Vocabulary
>>> toy = Vocabulary("toy", cite=lambda key, ruleset: Rule("toy", key), rulesets=("v1",))
>>> _ = toy.slot("instruction", style=TAGGED, kind="verb", tag="do", label="Does")
>>> _ = toy.define("instruction", "draw", rule="1", label="Draw", doc="Draws.", keys={"amount": Integer(low=1, high=9, label="How many")})
>>> switch, fields, uses = slot_fields(toy, "instruction")
>>> switch.key, switch.choices, [f.name for f in fields], uses
('do', ('draw',), ['amount'], {'draw': 'amount'})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import pgettext

from engine.core.schema import (
    Boolean, Choice, Const, Either, Field, Integer, ListOf, MapOf, Record, Ref, Text, Use,
)
from engine.core.vocabulary import KEYED, NAMED, TAGGED, Entry, Vocabulary

from .common import Part, Spec

CONTEXT = "vocabulary"
"""The gettext context of every vocabulary label, doc and help text (``vocabulary <game>`` for
a game's own reading of a text several games share)."""


def translate_text(text: str, game: str | None = None) -> str:
    """Return a registry text (label, doc, help) in the reader's language, now.

    With ``game`` (``"ygo"``) the game's own context ``vocabulary <game>`` is tried first and
    used when it gives something other than ``text``: an English text several games share
    (``Destroy``) reads in each game's own terms (破坏, 消灭). Otherwise, or when the game has no
    entry of its own, the shared ``vocabulary`` context; English when neither translates it.
    ``""`` stays ``""``.
    """
    if not text:
        return ""
    if game:
        own = pgettext(f"{CONTEXT} {game}", text)
        if own != text:
            return own
    return pgettext(CONTEXT, text)


translated = lazy(translate_text, str)
"""``translated(text, game=None)``: :func:`translate_text` evaluated when shown, not when built."""


def _named_slot(field: Field) -> Any:
    """Return the NAMED slot a ``Use`` field names (a duration, a keyword), or ``None``."""
    if isinstance(field, Use) and field.vocabulary is not None and field.slot in field.vocabulary.slots:
        declared = field.vocabulary.slots[field.slot]
        return declared if declared.style == NAMED else None
    return None


def choices_of(field: Field, game: str | None = None) -> tuple[tuple[str, ...], dict[str, Any]]:
    """Return the values a choice of ``field`` offers and their translated labels: a ``Choice``'s
    values (labels read in ``game``'s terms when given), or the entries of the NAMED slot a
    ``Use`` names (in the terms of that slot's game)."""
    if isinstance(field, Choice):
        return field.values, {value: translated(text, game) for value, text in field.labels.items()}
    declared = _named_slot(field)
    if declared is None:
        return (), {}
    vocabulary = field.vocabulary  # type: ignore[attr-defined]
    entries = vocabulary.entries(declared.name)
    return tuple(e.name for e in entries), {e.name: translated(e.label, vocabulary.game) for e in entries}


def spec_kind(field: Field) -> str:
    """Return the builder field kind (a key of ``common.CONVERTERS`` or ``record``) that can
    hold values of ``field``'s schema; ``json`` when no plainer input can. A boolean whose
    absence means ``false`` is a check box (``flag``); one for which ``false`` says something of
    its own (a filter's "recovered") is a yes/no choice."""
    if isinstance(field, Text):
        return "longtext" if field.max_length >= 1000 else "text"
    if isinstance(field, Integer):
        return "int"
    if isinstance(field, Const) and field.value is True:
        return "flag"
    if isinstance(field, Boolean):
        return "flag" if field.default is False else "yesno"
    if isinstance(field, Choice) or _named_slot(field) is not None:
        return "choice"
    if isinstance(field, Ref):
        return "ref"
    if isinstance(field, ListOf):
        if isinstance(field.item, Ref):
            return "refs"
        if isinstance(field.item, (Choice, Text)) or _named_slot(field.item) is not None:
            return "words"
        if isinstance(field.item, Integer):
            return "ints"
        return "json"
    if isinstance(field, MapOf) and isinstance(field.value, Integer):
        return "counts"
    if isinstance(field, Use) and field.vocabulary is not None and field.vocabulary.slots[field.slot].style == KEYED:
        return "record"
    if isinstance(field, Record) and all(spec_kind(f) in ("text", "int", "flag", "choice", "words") for f in field.fields.values()):
        return "record"
    if isinstance(field, Either) and any(isinstance(o, Integer) for o in field.options):
        return "amount"
    return "json"


def keyed_parts(vocabulary: Vocabulary, slot: str, *, ruleset: str = "") -> tuple[Part, ...]:
    """Return a keyed slot's entries (and their companion keys) as the parts of a ``record``
    field: a FILTER's ``types``, ``subtypes`` … each with its label."""
    parts: list[Part] = []
    seen: set[str] = set()
    for entry in vocabulary.entries(slot):
        if ruleset and entry.rulesets is not None and ruleset not in entry.rulesets:
            continue
        for key, field in ((entry.name, entry.value), *entry.keys.items()):
            if key in seen or field is None:
                continue
            seen.add(key)
            kind = spec_kind(field)
            if kind in ("record", "json", "refs", "ints", "counts", "amount", "longtext"):
                kind = {"longtext": "text", "refs": "words"}.get(kind, kind)  # ids: typed, comma-separated
            if kind not in ("text", "words", "int", "flag", "yesno", "choice"):
                continue  # a nested value no single input holds: the row's JSON keeps it
            label = translated(field.label or (entry.label if key == entry.name else key.replace("_", " ")), vocabulary.game)
            choices, labels = choices_of(field, vocabulary.game)
            main = not entry.row.extra or key not in entry.row.extra
            parts.append(Part(key, kind, label, choices=choices, labels=labels, main=main))
    return tuple(parts)


def field_spec(vocabulary: Vocabulary, key: str, field: Field, *, name: str = "", entry: Entry | None = None,
               required: bool = False) -> Spec:
    """Return the form field for one key of an entry."""
    kind = spec_kind(field)
    game = vocabulary.game
    label = translated(field.label or key.replace("_", " ").capitalize(), game)
    options: dict[str, Any] = {}
    if kind == "choice":
        options["choices"], options["labels"] = choices_of(field, game)
    if isinstance(field, Integer):
        options["min_value"], options["max_value"] = field.low, field.high
    if isinstance(field, Ref) and "player" in field.spaces:
        options["players"] = True
    if kind == "record":
        target = field.slot if isinstance(field, Use) else ""
        options["parts"] = (keyed_parts(vocabulary, target) if target else
                            tuple(Part(k, spec_kind(f), translated(f.label or k, game), choices=getattr(f, "values", ()))
                                  for k, f in field.fields.items()))  # type: ignore[attr-defined]
    main = True
    if entry is not None and (entry.row.main or entry.row.extra):
        main = key in entry.row.main or key not in entry.row.extra
    return Spec(key, name or key, kind, label, required=required, help=translated(field.help, game), main=main, **options)


def slot_fields(vocabulary: Vocabulary, slot: str, *, ruleset: str = "",
                skip: Iterable[str] = ()) -> tuple[Spec, tuple[Spec, ...], dict[str, str]]:
    """Return a tagged slot as a row section's parts: the switch field (its tag, a choice of
    the entries with their labels), the fields every entry's keys need, and ``uses`` (entry
    name → the names of the fields it uses). Keys in ``skip`` are left to the caller."""
    declared = vocabulary.slots[slot]
    if declared.style != TAGGED:
        raise ValueError(f"{vocabulary.game}:{slot} is not a tagged slot")
    entries = [e for e in vocabulary.entries(slot) if not ruleset or e.rulesets is None or ruleset in e.rulesets]
    game = vocabulary.game
    switch = Spec(declared.tag, declared.tag, "choice", translated(declared.label or declared.tag, game),
                  choices=tuple(e.name for e in entries), labels=entry_labels(vocabulary, slot, ruleset=ruleset),
                  required=True, blank=translated("— choose —"),
                  help=translated(declared.doc.split(". ")[0] if declared.doc else "", game))
    fields: list[Spec] = []
    by_signature: dict[tuple[str, str], str] = {}
    taken: set[str] = set()
    uses: dict[str, str] = {}
    skipped = set(skip)
    for entry in entries:
        names = []
        for key, field in {**declared.common, **entry.keys}.items():
            if key in skipped:
                continue
            signature = (key, repr(field.to_json()))
            name = by_signature.get(signature)
            if name is None:
                name = key if key not in taken else f"{key}__{entry.name}"
                taken.add(name)
                by_signature[signature] = name
                fields.append(field_spec(vocabulary, key, field, name=name, entry=entry))
            names.append(name)
        uses[entry.name] = " ".join(names)
    return switch, tuple(fields), uses


def named_choice(vocabulary: Vocabulary, slot: str, key: str, *, name: str = "", ruleset: str = "",
                 **options: Any) -> Spec:
    """Return a choice field of a named slot's entries (a duration, an event word)."""
    if vocabulary.slots[slot].style != NAMED:
        raise ValueError(f"{vocabulary.game}:{slot} is not a named slot")
    entries = [e for e in vocabulary.entries(slot) if not ruleset or e.rulesets is None or ruleset in e.rulesets]
    declared = vocabulary.slots[slot]
    return Spec(key, name or key, "choice", translated(options.pop("label", declared.label), vocabulary.game),
                choices=tuple(e.name for e in entries), labels=entry_labels(vocabulary, slot, ruleset=ruleset), **options)


def entry_labels(vocabulary: Vocabulary, slot: str, *, ruleset: str = "") -> Mapping[str, Any]:
    """Return ``{entry name: translated label}`` of a slot (the entries ``ruleset`` has, when
    given), each label read in the terms of the vocabulary's game."""
    return {entry.name: translated(entry.label, vocabulary.game) for entry in vocabulary.entries(slot)
            if not ruleset or entry.rulesets is None or ruleset in entry.rulesets}
