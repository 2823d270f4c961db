"""Django forms built from a :class:`~.common.GameSpec`: one setup form and one formset per
row section, with the card pickers, JSON fields and engine-error mapping of the Yu-Gi-Oh! form.

The Force of Will and Magic builders use :class:`GameBoardForm`; the Yu-Gi-Oh! form
(:mod:`rulesite.scenarios.forms`) has nested effect rows of its own but the same row base.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
import json
import re
import zlib
from functools import cache
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.forms.formsets import BaseFormSet, formset_factory
from django.forms.utils import flatatt
from django.template import loader
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from .. import forms as ygo_forms
from ..markup import inline_code
from . import common

PLAYER_CHOICES = [("p1", _("Player 1")), ("p2", _("Player 2"))]


def player_choices(players: tuple[str, ...]) -> list[tuple[str, Any]]:
    """The picker choices of ``players`` (``p1`` … ``p6``: Player 1 … Player 6)."""
    known = dict(PLAYER_CHOICES)
    return [(pid, known[pid] if pid in known else common.lazy_percent(_("Player %(n)s"), n=pid[1:])) for pid in players]


CHASE_CHOICES = [(f"chase:{n}", common.lazy_percent(_("Chase item %(n)s (from the bottom)"), n=n)) for n in range(1, 7)]
"""What a target picker that takes chase items offers besides players and cards (FoW 3.13:
``chase:1`` is the bottom item); the page's script names each after its card where it can."""


CountsField = ygo_forms.CountersField
"""Counts typed as ``name: n, name: n`` (a will pool, counters)."""


class PairsField(forms.CharField):
    """Pairs of ids typed as ``a: b, c: d`` (a blocker and the attacker it blocks)."""

    default_error_messages = {"bad_pair": _("Write “blocker: attacker” pairs of card ids, separated by commas.")}

    def clean(self, value: Any) -> str:
        value = super().clean(value)
        try:
            common.pairs_json(value, ("a", "b"))
        except ValueError:
            raise ValidationError(self.error_messages["bad_pair"], code="bad_pair") from None
        return value


AMOUNT_LIST = "amount-choices"
"""The id of the page's list of amounts read from the game (:data:`AMOUNT_CHOICES`)."""
AMOUNT_CHOICES = (
    ("mana_value_of_affected", _("Equal to its mana value (each object it affects)")),
    ("colors_of_affected", _("Equal to its number of colors (each object it affects)")),
    ("counters_of_affected", _("Equal to the counters on it (each object it affects)")),
    ("x", _("X (the value chosen as it was cast)")),
    ("half", _("Half")),
)
"""The amounts a Magic amount field offers as choices (the ``common.DYNAMIC_AMOUNTS`` read from
each affected object, CR 613.4b, and the words ``x`` and ``half``); a number is still typed, and
so are the amounts that name a card or a word (``power_of:source``)."""


class AmountField(forms.CharField):
    """A whole number, or a word the format allows there (``x``)."""

    default_error_messages = {"bad_amount": _("Give a whole number, x, or an amount read from the game (e.g. power_of:source).")}

    def __init__(self, *args: Any, words: Iterable[str] = (), **kwargs: Any) -> None:
        self.words = tuple(words)
        super().__init__(*args, **kwargs)

    def clean(self, value: Any) -> str:
        value = super().clean(value).strip()
        word = re.fullmatch(r"[a-z_]{1,40}(:[^\s:]{1,40})?", value)
        if value and value not in self.words and not common.INTEGER.fullmatch(value) and not (
                word and (value.partition(":")[0] in common.DYNAMIC_AMOUNTS or ":" not in value)):
            raise ValidationError(self.error_messages["bad_amount"], code="bad_amount")
        return value


class ParsedField(forms.CharField):
    """Text a converter of :mod:`.common` reads (``"0, 1"``, ``"1-2"``); what it cannot read is an error."""

    def __init__(self, *args: Any, parse: Any, message: Any, **kwargs: Any) -> None:
        self.parse, self.message = parse, message
        super().__init__(*args, **kwargs)

    def clean(self, value: Any) -> str:
        value = super().clean(value)
        try:
            self.parse(value)
        except ValueError:
            raise ValidationError(self.message, code="invalid") from None
        return value


def part_field(part: common.Part) -> forms.Field:
    """Return the form field of one input of a compound field."""
    if part.kind == "int":
        return forms.IntegerField(required=False, min_value=-999_999, max_value=999_999, widget=forms.NumberInput(attrs={"size": 4}))
    if part.kind == "flag":
        return forms.BooleanField(required=False)
    if part.kind == "yesno":
        return forms.ChoiceField(required=False, choices=[("", "—"), ("yes", _("Yes")), ("no", _("No"))])
    if part.kind == "choice":
        return forms.ChoiceField(required=False, choices=[("", "—")] + [(v, part.labels.get(v, v)) for v in part.choices])
    if part.kind == "ints":
        return ParsedField(required=False, max_length=200, parse=common.ints_json, message=_("Give whole numbers, comma-separated."))
    return forms.CharField(required=False, max_length=2000 if part.kind == "words" else 200)


def record_template_id(parts: tuple[common.Part, ...], count: int = 0) -> str:
    """Return the id of the page's ``<template>`` of the rarely used inputs of ``parts`` (or,
    with ``count``, of a whole compound field of ``count`` groups of them)."""
    key = zlib.crc32(" ".join(f"{p.key}:{p.kind}" for p in parts).encode())
    return f"record-{count}-{key:08x}" if count else f"record-more-{key:08x}"


def record_template_html(parts: tuple[common.Part, ...]) -> Any:
    """Return the rarely used inputs of ``parts`` named ``__rec___<part index>``: builder.js
    copies them into a compound field whose "More" is opened (they are rendered in a row only
    when one of them holds a value)."""
    inputs = []
    for index, part in enumerate(parts):
        if not part.main:
            sub = part_field(part).widget.get_context(f"__rec___{index}", None, {"id": f"id___rec___{index}"})["widget"]
            inputs.append((_input_html(sub), part.label, sub.get("type")))
    return loader.render_to_string("scenarios/builder_record_more.html", {"parts": inputs})


def record_templates(spec: common.GameSpec) -> list[tuple[str, Any]]:
    """Return ``[(template id, html)]``: each kind of compound field of ``spec`` whole, named
    ``__rec__`` (the rows' templates refer to it instead of repeating it), and its rarely used inputs."""
    seen: dict[str, Any] = {}
    for section in spec.sections:
        for field_spec in section.fields:
            if field_spec.kind not in ("record", "slots"):
                continue
            whole = record_template_id(field_spec.parts, field_spec.count or 1)
            if whole not in seen:
                field = RecordField(field_spec.parts, field_spec.count or 1)
                seen[whole] = field.widget.render("__rec__", None, {"id": "id___rec__"})
            more = record_template_id(field_spec.parts)
            if more not in seen and any(not part.main for part in field_spec.parts):
                seen[more] = record_template_html(field_spec.parts)
    return list(seen.items())


class RecordWidget(forms.MultiWidget):
    """The inputs of a compound field, each with its label; the rarely used ones folded away
    (and left out of the page unless one holds a value: :func:`record_template_html`)."""

    template_name = "scenarios/builder_record.html"

    def __init__(self, parts: tuple[common.Part, ...], count: int, labels: list[Any], attrs: Any = None) -> None:
        self.parts, self.count, self.slot_labels = parts, count, labels
        super().__init__([part_field(part).widget for _slot in range(count) for part in parts], attrs)

    def decompress(self, value: Any) -> list[Any]:
        if self.count == 1:
            return common.record_values(value, self.parts)
        records = value if isinstance(value, list) else []
        return [v for slot in range(self.count) for v in common.record_values(records[slot] if slot < len(records) else None, self.parts)]

    def get_context(self, name: str, value: Any, attrs: Any) -> dict[str, Any]:
        if "__prefix__" in name:  # a row template's: the page's template of this kind of field, copied in by builder.js
            return {"widget": {"name": name, "placeholder": record_template_id(self.parts, self.count)}}
        if isinstance(value, list) and value and all(isinstance(item, Mapping) for item in value):
            value = self.decompress(value)  # a list of records (the cascade triggers), not the inputs' values
        context = super().get_context(name, value, attrs)
        subwidgets = context["widget"]["subwidgets"]
        groups = []
        size = len(self.parts)
        for slot in range(self.count):
            chunk = list(zip(subwidgets[slot * size:(slot + 1) * size], self.parts))
            more = [(w, p) for w, p in chunk if not p.main]
            is_open = any(_sub_filled(w) for w, _p in more)
            groups.append({
                "title": self.slot_labels[slot] if self.count > 1 else "",
                "main": [(w, p.label) for w, p in chunk if p.main],
                "more": [(w, p.label) for w, p in more] if is_open else [],
                "lazy": bool(more) and not is_open,
                "offset": slot * size,
                "open": is_open,
            })
        context["widget"]["groups"] = groups
        context["widget"]["template_id"] = record_template_id(self.parts)
        return context

    def _render(self, template_name: str, context: dict[str, Any], renderer: Any = None) -> Any:
        """Render the project's template (the form renderer knows only Django's), each input by the form renderer."""
        if "placeholder" in context["widget"]:
            return format_html('<div class="record" data-record="{}" data-name="{}"></div>', context["widget"]["placeholder"],
                               context["widget"]["name"])
        for group in context["widget"]["groups"]:
            for key in ("main", "more"):
                group[key] = [(_input_html(sub), label, sub.get("type")) for sub, label in group[key]]
        return mark_safe(loader.render_to_string(template_name, context))


_FAST_WIDGETS = (forms.TextInput, forms.NumberInput, forms.Textarea, forms.CheckboxInput, forms.Select, forms.SelectMultiple)
_FAST_TEMPLATES = {f"django/forms/widgets/{name}.html" for name in ("text", "number", "textarea", "checkbox", "select")}


def field_html(bound: forms.BoundField, opt: bool = False) -> Any:
    """Return one field of a row as ``builder_field.html`` and Django's field template would
    render it (label, help text, errors, the input), without a template render per field."""
    widget = bound.field.widget
    errors = bound.errors
    classes = f"field field-{bound.name}" + (" check" if isinstance(widget, forms.CheckboxInput) else "")
    classes += (" has-error" if errors else "") + (f" opt opt-{bound.name}" if opt else "")
    if isinstance(widget, forms.MultiWidget) or not isinstance(widget, _FAST_WIDGETS) or widget.template_name not in _FAST_TEMPLATES:
        inner = bound.as_field_group()
    else:
        attrs = bound.build_widget_attrs({}, widget)
        if bound.auto_id and "id" not in widget.attrs:
            attrs.setdefault("id", bound.auto_id)
        sub = widget.get_context(bound.html_name, bound.value(), attrs)["widget"]
        parts = [format_html('<label for="{}">{}{}</label>', bound.id_for_label, bound.label, bound.form.label_suffix or "")
                 if bound.label else ""]
        if bound.help_text:
            parts.append(format_html('<div class="helptext" id="{}_helptext">{}</div>', bound.auto_id, bound.help_text))
        parts.append(str(errors) if errors else "")
        parts.append(_input_html(sub))
        inner = mark_safe("".join(str(part) for part in parts))
    return format_html('<div class="{}" data-opt="{}">{}</div>', classes, bound.name, inner)


def _sub_filled(sub: Mapping[str, Any]) -> bool:
    """Return whether one input of a compound field holds a value (a ticked box, a chosen option, text)."""
    if sub.get("type") == "checkbox":
        return bool(sub["attrs"].get("checked"))
    value = sub.get("value")
    return any(value) if isinstance(value, list) else value not in (None, "")


def _input_html(sub: Mapping[str, Any]) -> Any:
    """Return the HTML of one input of a compound field (a text, number or checkbox input, a
    textarea or a select), as Django's templates would, without a template render per input."""
    attrs = dict(sub["attrs"])
    if "optgroups" in sub:
        options = "".join(
            format_html('<option value="{}"{}>{}</option>', option["value"], " selected" if option["selected"] else "", option["label"])
            for _group, group_options, _index in sub["optgroups"] for option in group_options)
        return format_html('<select name="{}"{}>{}</select>', sub["name"], flatatt(attrs), mark_safe(options))
    if sub.get("template_name") == "django/forms/widgets/textarea.html":
        return format_html('<textarea name="{}"{}>\n{}</textarea>', sub["name"], flatatt(attrs), sub.get("value") or "")
    if sub.get("type") != "checkbox" and sub.get("value") is not None:
        attrs["value"] = sub["value"]
    return format_html('<input type="{}" name="{}"{}>', sub["type"], sub["name"], flatatt(attrs))


class RecordField(forms.MultiValueField):
    """An object of the document (a FILTER) as labelled inputs, or (``count`` > 1) a short list of them."""

    def __init__(self, parts: tuple[common.Part, ...], count: int = 1, **kwargs: Any) -> None:
        self.parts, self.count = parts, count
        labels = [common.lazy_percent(_("Number %(n)s"), n=slot + 1) for slot in range(count)]
        fields = [part_field(part) for _slot in range(count) for part in parts]
        kwargs["required"] = False
        super().__init__(fields, require_all_fields=False, widget=RecordWidget(parts, count, labels), **kwargs)

    def clean(self, value: Any) -> Any:
        if not isinstance(value, list):
            value = self.widget.decompress(value)
        cleaned, errors = [], []
        for index, field in enumerate(self.fields):
            part = self.parts[index % len(self.parts)]
            try:
                cleaned.append(field.clean(value[index] if index < len(value) else None))
            except ValidationError as error:
                errors.append(f"{part.label}: {' '.join(error.messages)}")
                cleaned.append(None)
        if errors:
            raise ValidationError(errors)
        return self.compress(cleaned)

    def compress(self, data_list: list[Any]) -> Any:
        size = len(self.parts)
        records = [common.record_json(data_list[slot * size:(slot + 1) * size], self.parts) for slot in range(self.count)]
        if self.count == 1:
            return records[0] if records and records[0] else None
        while records and not records[-1]:
            records.pop()
        return records or None


class OwnerField(ygo_forms.CardRefField):
    """What an owned row belongs to: a card, an ability, an instruction (``c1``, ``c1#0``)."""

    default_error_messages = {"invalid_choice": _("Nothing on the board is “%(value)s”: pick the card or ability this row belongs to.")}


class JSONValueField(forms.JSONField):
    """Any JSON value typed as text (a list of abilities, an effect's spec); blank is ``None``."""

    def prepare_value(self, value: Any) -> Any:
        if value is None or value == "":
            return ""
        return super().prepare_value(value)


PARSED = {
    "map": (common.map_json, _("Write “key: id” pairs, separated by commas (e.g. “ogre: jace”).")),
    "maplists": (common.map_lists_json, _("Write “key: id id” groups, separated by commas (e.g. “wurm: wall elf”).")),
    "groups": (common.groups_json, _("Write groups of words separated by semicolons, the words of a group by commas.")),
}
"""Text kinds read by a converter of :mod:`.common`: (parser, message when it cannot read it)."""


SHARED_CHOICES = 8
"""A row's choice field with this many choices or more is a text input with a page-wide
``<datalist>``, which builder.js turns into a ``<select>``: the options are on the page once."""


class SharedChoiceInput(forms.TextInput):
    """A choice typed as text (suggested by the datalist ``list_id``); with JS a ``<select>``."""

    def __init__(self, list_id: str, attrs: Any = None) -> None:
        super().__init__(attrs={"list": list_id, "data-choices": list_id, "autocomplete": "off"} | dict(attrs or {}))


def shared_list_id(section: common.Section, spec: common.Spec) -> str:
    return f"choices-{section.prefix}-{spec.name}"


def shared_choice_specs(section: common.Section) -> list[common.Spec]:
    """Return the choice fields of ``section`` whose options are given once per page."""
    return [spec for spec in section.fields if spec.kind == "choice" and len(spec.choices) >= SHARED_CHOICES]


def shared_lists(spec: common.GameSpec) -> list[tuple[str, Any, list[tuple[str, Any]]]]:
    """Return ``[(datalist id, blank label, [(value, label)])]`` of every shared choice field."""
    out = []
    for section in spec.sections:
        for field_spec in shared_choice_specs(section):
            options = [(value, field_spec.labels.get(value, value)) for value in field_spec.choices]
            out.append((shared_list_id(section, field_spec), field_spec.blank, options))
    return out


def make_field(spec: common.Spec) -> forms.Field:
    """Return the Django form field of one :class:`~.common.Spec`."""
    # The help is plain text with `inline code` (the registry's help): HTML from here on, escaped.
    kwargs: dict[str, Any] = {"label": spec.label, "required": spec.required, "help_text": inline_code(spec.help) if spec.help else ""}
    if spec.initial is not None:
        kwargs["initial"] = spec.initial
    kind = spec.kind
    if kind == "int":
        return forms.IntegerField(min_value=spec.min_value, max_value=spec.max_value, **kwargs)
    if kind == "choice":
        blank = [("", spec.blank)] if spec.blank is not None else []
        if not blank and spec.initial is None:
            kwargs["initial"] = spec.choices[0]  # what a browser submits untouched: the row stays "unchanged"
        return forms.ChoiceField(choices=blank + [(v, spec.labels.get(v, v)) for v in spec.choices], **kwargs)
    if kind in ("flag", "blankstr", "emptyobj"):
        return forms.BooleanField(**kwargs | {"required": False})
    if kind in PARSED:
        parse, message = PARSED[kind]
        return ParsedField(max_length=2000, parse=parse, message=message, **kwargs)
    if kind == "yesno":
        labels = {"yes": _("Yes"), "no": _("No")} | dict(spec.labels)
        return forms.ChoiceField(choices=[("", spec.blank), ("yes", labels["yes"]), ("no", labels["no"])], **kwargs)
    if kind == "ref":
        return ygo_forms.CardRefField(widget=forms.Select(attrs={"data-card-ref": "one"}), **kwargs)
    if kind == "refs":
        return ygo_forms.CardRefsField(widget=forms.SelectMultiple(attrs={"data-card-ref": "multiple", "size": 3}), **kwargs)
    if kind == "counts":
        return CountsField(max_length=500, **kwargs)
    if kind == "pairs":
        return PairsField(max_length=4000, **kwargs)
    if kind == "amount":
        # The amounts read from the game are offered as choices (the page's "amount-choices" list):
        # "equal to its mana value" is picked, not typed as mana_value_of_affected.
        return AmountField(max_length=60, words=("x", "half"), widget=forms.TextInput(attrs={"list": AMOUNT_LIST}), **kwargs)
    if kind in ("record", "slots"):
        return RecordField(spec.parts, spec.count or 1, **kwargs)
    if kind == "ints":
        return ParsedField(max_length=400, parse=common.ints_json, message=_("Give whole numbers, comma-separated."), **kwargs)
    if kind == "range":
        return ParsedField(max_length=20, parse=common.range_json, message=_("Give a number, or two as “1-2”."), **kwargs)
    if kind == "json":
        return JSONValueField(widget=forms.Textarea(attrs={"rows": 2, "spellcheck": "false"}), **kwargs)
    if kind == "longtext":
        return forms.CharField(max_length=4000, widget=forms.Textarea(attrs={"rows": 2}), **kwargs)
    attrs = {"data-card-id": "", "size": 5} if spec.name == "id" else {}
    if spec.name == "name":
        attrs = {"data-card-name": ""}
    attrs = attrs | dict(spec.attrs)
    return forms.CharField(max_length=2000 if kind == "words" else 200, widget=forms.TextInput(attrs=attrs), **kwargs)


class GameRowForm(ygo_forms.BoardRowForm):
    """A row built from a :class:`~.common.Section`; see :func:`row_form_class`."""

    section: common.Section
    switch = ""
    uses: Mapping[str, str] = {}
    player_refs: frozenset[str] = frozenset()
    ref_patterns: Mapping[str, str] = {}
    """Field name → a pattern of other values its card picker accepts (``chase:1``)."""

    row_path = ""
    """The row's own path (``c1#0``), set by :class:`GameBoardForm` for an owned row."""
    status = ""

    def __init__(self, *args: Any, card_choices: ygo_forms.CardChoices = (),  # type: ignore[assignment]
                 owner_choices: Mapping[str, ygo_forms.CardChoices] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, card_choices=card_choices, **kwargs)
        if self.section.owned:
            self.fields["owner"].set_cards(  # type: ignore[attr-defined]
                list((owner_choices or {}).get(self.section.prefix, ())), self._values_of("owner"), _("— pick —"))
        for name in self.player_refs:
            field = self.fields[name]
            blank = None if isinstance(field, forms.MultipleChoiceField) else "—"
            chase = CHASE_CHOICES if "chase" in self.ref_patterns.get(name, "") else []
            field.set_cards(player_choices(self.section.players) + chase + list(card_choices), self._values_of(name),  # type: ignore[attr-defined]
                            blank)
        if self.is_bound:
            # A required field may be left blank when the row's JSON gives its key instead.
            try:
                given = json.loads(self.data.get(self.add_prefix("extra")) or "{}")
            except ValueError:
                given = {}
            if isinstance(given, dict):
                for spec in self.section.fields:
                    if spec.required and spec.key in given:
                        self.fields[spec.name].required = False
        for name, pattern in self.ref_patterns.items():
            field = self.fields[name]
            allowed = {value for value in self._values_of(name)
                       if re.fullmatch(pattern, value) and value not in field.known}  # type: ignore[attr-defined]
            field.known = field.known | allowed  # type: ignore[attr-defined]
            field.choices = [(v, allowed and v in allowed and v or label) for v, label in field.choices]  # type: ignore[attr-defined]

    def shown_fields(self) -> str:
        """Return the fields the switch value uses, and any filled in or wrong."""
        if not self.switch:
            return ""
        return ygo_forms.shown_fields(self, self.uses.get(str(self[self.switch].value() or ""), ""), (self.switch,))

    def rendered(self) -> set[str] | None:
        """Return the fields the page holds for this row, or ``None`` for all of them.

        A row whose switch is set holds the fields that value uses and any filled in or wrong;
        builder.js copies the others from the section's row ``<template>`` when the switch
        changes (and the ``extra`` JSON box, which the page holds only when it has a value).
        The template itself (the empty form) and a row without a switch value hold all."""
        if "_rendered" not in self.__dict__:
            value = str(self[self.switch].value() or "") if self.switch else ""
            if self.prefix.endswith("__prefix__") or not value:
                names = None
            else:
                names = set(self.uses.get(value, "").split()) | {self.switch, "owner"}
                if value in self.section.details:
                    other, adds = self.section.details[value]
                    names |= set(adds.get(str(self[other].value() or ""), "").split())
                names |= {name for name in self.fields if name not in ("DELETE", "absent", "lists", "colon")
                          and (self[name].errors or _has_value(self[name].value()))}
            self.__dict__["_rendered"] = names
        return self.__dict__["_rendered"]

    def main_html(self) -> Any:
        """Return the HTML of the row's main fields (:func:`field_html`)."""
        return mark_safe("".join(field_html(bound, opt=bool(self.switch) and bound.name != self.switch) for bound in self.main_group()))

    def more_html(self) -> Any:
        """Return the HTML of the row's folded-away fields."""
        return mark_safe("".join(field_html(bound) for bound in self.more_group()))

    def main_group(self) -> list[forms.BoundField]:
        shown = self.rendered()
        return [self[name] for name in self.main_fields if shown is None or name in shown]

    def more_group(self) -> list[forms.BoundField]:
        shown = self.rendered()
        return [self[name] for name in self.more_fields if shown is None or name in shown]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        filled = [spec for spec in self.section.fields if common.filled(data.get(spec.name))]
        for index, spec in enumerate(filled):
            for other in filled[:index]:
                deeper, shallower = (spec, other) if spec.key.count(".") >= other.key.count(".") else (other, spec)
                overlap = deeper.key == shallower.key or deeper.key.startswith(shallower.key + ".")
                if overlap and not (isinstance(data[shallower.name], dict) and (deeper.key != shallower.key or isinstance(data[deeper.name], dict))):
                    if spec.name not in self.errors:
                        self.add_error(spec.name, _("Leave this blank when “%(other)s” is given: they are the same thing.") % {"other": other.label})
        clashes = common.extra_clashes(common.fields_to_json(data, filled), data.get("extra"))
        if clashes and "extra" not in self.errors:
            self.add_error("extra", _("Give %(keys)s in its field or here, not both: the field's value would be kept "
                                      "and this one ignored.") % {"keys": ", ".join(f"“{key}”" for key in clashes)})
        if self.section.store and data.get("kind"):
            try:
                _key, value = common.store_entry(self.section, data)
            except ValueError:
                value = common.MISSING
            if value is common.MISSING and "value" not in self.errors:
                self.add_error("value", _("Give what was chosen, in the form this choice takes."))
        if self.switch:
            keys = {spec.name: spec.key for spec in self.section.fields}
            for name, message in self.section.needs.get(str(data.get(self.switch) or ""), {}).items():
                given_as_json = keys.get(name) in (data.get("extra") or {})
                given_otherwise = any(common.filled(data.get(other)) for other, key in keys.items() if key == keys.get(name))
                # An empty list the row gives back (``lists``) is given: a colorless set_color's "colors": [].
                given_empty = keys.get(name) in str(data.get("lists") or "").split()
                if not given_otherwise and name not in self.errors and not given_as_json and not given_empty:
                    self.add_error(name, message)
        return data


def _has_value(value: Any) -> bool:
    """Return whether a field's value (a compound field's: any of its inputs') is given."""
    if isinstance(value, (list, tuple)):
        return any(_has_value(item) for item in value)
    return value not in (None, "", False, {}) and value != []


def uses_of(section: common.Section) -> dict[str, str]:
    """Return the fields each switch value shows; an owned row always shows what it belongs to."""
    if not section.switch:
        return {}
    return ({"": "owner"} if section.owned else {}) | {value: ("owner " * section.owned) + names for value, names in section.uses.items()}


@cache
def row_form_class(section: common.Section) -> type[GameRowForm]:
    """Return the form class of one row of ``section``."""
    attrs: dict[str, Any] = {spec.name: make_field(spec) for spec in section.fields}
    for spec in shared_choice_specs(section):
        attrs[spec.name].widget = SharedChoiceInput(shared_list_id(section, spec))
    attrs["extra"] = ygo_forms.JSONObjectField(
        label=_("Other fields (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 2, "spellcheck": "false"}),
        help_text=_("Keys this form has no box for. Usually empty."),
    )
    attrs["absent"] = forms.CharField(required=False, widget=forms.HiddenInput)
    attrs["lists"] = forms.CharField(required=False, widget=forms.HiddenInput)
    if section.store:
        attrs["colon"] = forms.CharField(required=False, widget=forms.HiddenInput)
    if section.owned:
        attrs["owner"] = OwnerField(label=_("Belongs to"), widget=forms.Select(attrs={"data-owner-ref": section.prefix}))
    attrs["section"] = section
    attrs["switch"] = section.switch
    attrs["uses"] = uses_of(section)
    attrs["main_fields"] = ("owner",) * section.owned + tuple(spec.name for spec in section.fields if spec.main)
    attrs["more_fields"] = tuple(spec.name for spec in section.fields if not spec.main) + ("extra",)
    attrs["player_refs"] = frozenset(spec.name for spec in section.fields if spec.players)
    attrs["ref_patterns"] = {spec.name: spec.allow for spec in section.fields if spec.allow}
    attrs["card_blanks"] = {spec.name: spec.blank for spec in section.fields if spec.kind == "ref"}
    if section.switch:
        field = attrs[section.switch]
        field.widget.attrs["data-switcher"] = section.prefix
    return type(f"{section.prefix.title()}RowForm", (GameRowForm,), attrs)


@cache
def formset_class(section: common.Section) -> type[BaseFormSet]:
    """Return the formset class of ``section`` (card rows get the next free id prefilled)."""
    base = ygo_forms.CardFormSetBase if section.card_ids else BaseFormSet
    return formset_factory(row_form_class(section), formset=base, extra=section.extra_rows, can_delete=True)


def _setup_init(self: forms.Form, *args: Any, card_choices: ygo_forms.CardChoices = (), **kwargs: Any) -> None:
    forms.Form.__init__(self, *args, **kwargs)
    ygo_forms.keep_unknown_choices(self)
    for name, field in self.fields.items():
        if isinstance(field, ygo_forms.CardRefField):
            key = self.add_prefix(name)
            shown = [str(self.data.get(key, ""))] if self.is_bound else [str(self.initial.get(name) or "")]
            cards = (player_choices(self.players) if name in self.player_refs else []) + list(card_choices)
            field.set_cards(cards, shown, "—")


def _raw_rows(spec: common.GameSpec, data: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Return the posted rows, as far as their paths and owner labels need: not removed; a card
    row with a name; an owned row with an owner."""
    out: dict[str, list[dict[str, Any]]] = {}
    for section in spec.sections:
        rows = []
        for index in range(common.posted_total(data, section.prefix)):
            key = f"{section.prefix}-{index}-"
            if data.get(key + "DELETE"):
                continue
            row = {name: str(data.get(key + name, "")).strip() for name in ("id", "name", "owner", "kind", "do", "text")}
            if (section.card_ids and not row["name"]) or (section.owned and not row["owner"]):
                continue
            rows.append(row)
        out[section.prefix] = rows
    return out


def owner_choices(spec: common.GameSpec, rows: Mapping[str, list[Mapping[str, Any]]]) -> tuple[dict[str, ygo_forms.CardChoices], dict[str, list[str]]]:
    """Return the choices of each owned section's "Belongs to" picker (``[(owner, label)]``)
    and the path of every row."""
    paths = common.row_paths(spec, rows)
    labels: dict[str, str] = {}
    for section in spec.sections:
        for row, path in zip(rows.get(section.prefix) or [], paths.get(section.prefix) or []):
            if section.card_ids:
                labels[path] = f"{path} · {row.get('name') or ''}"
            elif section.owned:
                # Named after the card it belongs to ("c1#0 · Lightning Bolt · spell"): an effect
                # is attached by its card's name, not by a code alone.
                owner = str(row.get("owner") or "")
                above = labels.get(owner, "")
                named = above[len(owner):] if owner and above.startswith(owner) else ""
                what = str(row.get("kind") or row.get("do") or "").replace("_", " ")
                labels[path] = f"{path}{named}" + (f" · {what}" if what and not named.endswith(f" · {what}") else "")
            else:
                labels[path] = f"{section.row_label} {path.rpartition(':')[2]}"
    choices: dict[str, ygo_forms.CardChoices] = {}
    for (owner, prefix), (_holder, path, child) in common.owners(spec, paths).items():
        label = labels.get(path, path)
        choices.setdefault(prefix, []).append((owner, f"{label} — {child.label}" if child.tag or child.kind else label))
    return choices, paths


def _initial_rows(spec: common.GameSpec, initial: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    return {section.prefix: [
        {key: str(row.get(key) or "") for key in ("id", "name", "owner", "kind", "do")}
        for row in initial.get(section.prefix) or [] if not section.owned or row.get("owner")
    ] for section in spec.sections}


@cache
def setup_form_class(spec: common.GameSpec) -> type[forms.Form]:
    """Return the form class of the setup fields (players, turn, options)."""
    attrs: dict[str, Any] = {s.name: make_field(s) for s in spec.setup}
    attrs["omit"] = forms.CharField(required=False, widget=forms.HiddenInput)
    attrs["absent"] = forms.CharField(required=False, widget=forms.HiddenInput)
    attrs["__init__"] = _setup_init
    attrs["player_refs"] = frozenset(s.name for s in spec.setup if s.players)
    attrs["players"] = spec.players
    attrs["extra"] = ygo_forms.JSONObjectField(
        label=_("Other game fields (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 2, "spellcheck": "false"}),
        help_text=_("Keys this form has no box for. Usually empty."),
    )
    return type(f"{spec.game.title()}SetupForm", (forms.Form,), attrs)


class GameBoardForm:
    """A whole board of ``spec``'s game: the setup form and one formset per section.

    Bind it with ``request.POST``, or prefill it with :func:`~.common.scenario_to_initial`
    data. After :meth:`is_valid`, :meth:`to_scenario` builds the document;
    :meth:`add_engine_errors` puts the engine's ``[{path, message}]`` next to the fields.
    """

    def __init__(self, spec: common.GameSpec, data: Mapping[str, Any] | None = None, *,
                 initial: common.BoardData | None = None) -> None:
        self.spec = spec
        initial = initial or {}
        self.is_bound = data is not None
        card_section = next((s for s in spec.sections if s.card_ids), None)
        data = ygo_forms.with_management(data, [s.prefix for s in spec.sections])
        if card_section is None:
            choices: ygo_forms.CardChoices = []
        elif data is not None:
            choices = ygo_forms.posted_card_choices(data, card_section.prefix)
        else:
            choices = ygo_forms.initial_card_choices(initial.get(card_section.prefix) or [])
        self.setup = setup_form_class(spec)(data, initial=initial.get("setup"), prefix="setup", card_choices=choices)
        owners, paths = owner_choices(spec, _raw_rows(spec, data) if data is not None else _initial_rows(spec, initial))
        self.sections: list[tuple[common.Section, BaseFormSet]] = []
        for section in spec.sections:
            rows = initial.get(section.prefix) or None
            formset = formset_class(section)(data, prefix=section.prefix, initial=rows,
                                             form_kwargs={"card_choices": choices, "owner_choices": owners})
            if rows:
                formset.extra = 1 if section.card_ids else 0
            if section.owned:
                shown = iter(paths.get(section.prefix) or [])
                for form in formset.forms:
                    if form["owner"].value() and not (form.is_bound and form["DELETE"].value()):
                        form.row_path = next(shown, "")
                    kind = str(form[section.switch].value() or "") if section.switch else ""
                    form.status = "unsupported" if kind == "unsupported" else ""
            self.sections.append((section, formset))
        self.top_errors: list[str] = []

    def formset(self, prefix: str) -> BaseFormSet:
        return next(formset for section, formset in self.sections if section.prefix == prefix)

    def is_valid(self) -> bool:
        """Return whether every form and row is valid (all are checked, so all errors show)."""
        results = [self.setup.is_valid()] + [formset.is_valid() for _section, formset in self.sections]
        return all(results)

    def data(self) -> common.BoardData:
        """Return the cleaned rows in :data:`~.common.BoardData` shape; call after :meth:`is_valid`."""
        out: common.BoardData = {"setup": self.setup.cleaned_data}
        for section, formset in self.sections:
            out[section.prefix] = [form.cleaned_data for form in ygo_forms.kept_forms(formset)]
        return out

    def to_scenario(self) -> dict[str, Any]:
        """Return the scenario document the valid form describes."""
        return common.initial_to_scenario(self.spec, self.data())

    def add_engine_errors(self, errors: Iterable[Mapping[str, str]]) -> None:
        """Show each engine error ``{path, message}`` next to its field, else on its row, else at the top."""
        kept = {section.prefix: ygo_forms.kept_forms(formset) for section, formset in self.sections}
        places = common.build(self.spec, self.data())[1]
        for error in errors:
            path, message = error.get("path", ""), error.get("message", "")
            place = common.error_place(self.spec, path, places)
            form: forms.Form | None = self.setup if place.section == "setup" else None
            rows = kept.get(place.section, [])
            if place.row is not None and place.row < len(rows):
                form = rows[place.row]
            elif place.section in kept and place.row is None and rows:
                form = rows[0]
            if form is None:
                self.top_errors.append(f"{path}: {message}" if path else message)
                continue
            field = place.field if place.field in form.fields else None
            if field is None and place.key and place.key in (form.cleaned_data.get("extra") or {}):
                field = "extra"
            form.add_error(field, f"{path}: {message}" if field is None and path else message)

    @property
    def has_errors(self) -> bool:
        """Return whether any error is shown."""
        return bool(self.top_errors or self.setup.errors or any(fs.total_error_count() for _s, fs in self.sections))

    @property
    def setup_groups(self) -> list[tuple[Any, list[forms.BoundField], bool]]:
        """Return the setup fields as ``[(title or None, bound fields, open)]``: the main ones,
        the other player and turn fields, the rule options, and the ``extra`` JSON."""
        setup = self.setup
        groups: dict[str, list[forms.BoundField]] = {"main": [], "more": [], "options": []}
        for spec in self.spec.setup:
            group = "options" if spec.path[:1] == ("options",) else ("main" if spec.main else "more")
            groups[group].append(setup[spec.name])
        groups["more"].append(setup["extra"])
    
        def is_open(fields: list[forms.BoundField]) -> bool:
            return any(f.errors or f.value() not in (None, "", [], False) for f in fields)
    
        return [
            (None, groups["main"], True),
            (_("Options: rule readings and choices"), groups["options"], is_open(groups["options"])),
            (_("More player and turn fields"), groups["more"], is_open(groups["more"])),
        ] if groups["options"] else [
            (None, groups["main"], True),
            (_("More player and turn fields"), groups["more"], is_open(groups["more"])),
        ]


def post_values(section: common.Section, row: Mapping[str, Any]) -> dict[str, Any]:
    """Return what a browser would submit for one row of ``section`` holding ``row`` (a row of
    :func:`~.common.scenario_to_initial`): ``{field name (``affected_0`` for an input of a
    compound field): text or [texts]}``, blank inputs left out."""
    return form_post_values(_blank_row_form(section), initial=dict(row))


_BLANK_ROW_FORMS: dict[int, tuple[common.Section, forms.Form]] = {}


def _blank_row_form(section: common.Section) -> forms.Form:
    """One unbound row form of ``section``, built once and only read (building a row form deep-
    copies every field: about 0.1 s, so the Magic catalogue's 500 rows took 30-50 s)."""
    kept = _BLANK_ROW_FORMS.get(id(section))
    if kept is None or kept[0] is not section:
        kept = _BLANK_ROW_FORMS[id(section)] = (section, row_form_class(section)())
    return kept[1]


def form_post_values(form: forms.Form, initial: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return what a browser would submit for unbound ``form`` (see :func:`post_values`), without
    its prefix; with ``initial``, for the form holding those values instead of its own."""
    out: dict[str, Any] = {}

    def add(key: str, widget: forms.Widget, value: Any) -> None:
        if isinstance(widget, forms.CheckboxInput):
            if value:
                out[key] = "on"
        elif isinstance(widget, forms.SelectMultiple):
            if value:
                out[key] = [str(v) for v in value]
        elif common.filled(value):
            shown = widget.format_value(value)
            out[key] = str(shown[0] if isinstance(shown, list) and shown else shown)

    for name, field in form.fields.items():
        if name == "DELETE":
            continue
        if initial is None:
            value = form[name].value()
        else:
            value = initial.get(name, field.initial)
            value = field.prepare_value(value() if callable(value) else value)
        if isinstance(field.widget, forms.MultiWidget):
            for index, (widget, part) in enumerate(zip(field.widget.widgets, field.widget.decompress(value))):
                add(f"{name}_{index}", widget, part)
        else:
            add(name, field.widget, value)
    return out
