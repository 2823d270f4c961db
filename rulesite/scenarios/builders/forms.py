"""Django forms built from a :class:`~.common.GameSpec`: one setup form and one formset per
row section, with the card pickers, JSON fields and engine-error mapping of the Yu-Gi-Oh! form.

The Force of Will and Magic builders use :class:`GameBoardForm`; the Yu-Gi-Oh! form
(:mod:`rulesite.scenarios.forms`) has nested effect rows of its own but the same row base.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
import json
import re
from functools import cache
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.forms.formsets import BaseFormSet, formset_factory
from django.utils.translation import gettext_lazy as _

from .. import forms as ygo_forms
from . import common

PLAYER_CHOICES = [("p1", _("Player 1")), ("p2", _("Player 2"))]


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


class AmountField(forms.CharField):
    """A whole number, or a word the format allows there (``x``)."""

    default_error_messages = {"bad_amount": _("Give a whole number.")}

    def __init__(self, *args: Any, words: Iterable[str] = (), **kwargs: Any) -> None:
        self.words = tuple(words)
        super().__init__(*args, **kwargs)

    def clean(self, value: Any) -> str:
        value = super().clean(value).strip()
        if value and value not in self.words and not common.INTEGER.fullmatch(value):
            raise ValidationError(self.error_messages["bad_amount"], code="bad_amount")
        return value


class JSONValueField(forms.JSONField):
    """Any JSON value typed as text (a list of abilities, an effect's spec); blank is ``None``."""

    def prepare_value(self, value: Any) -> Any:
        if value is None or value == "":
            return ""
        return super().prepare_value(value)


def make_field(spec: common.Spec) -> forms.Field:
    """Return the Django form field of one :class:`~.common.Spec`."""
    kwargs: dict[str, Any] = {"label": spec.label, "required": spec.required, "help_text": spec.help}
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
    if kind == "flag":
        return forms.BooleanField(**kwargs | {"required": False})
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
        return AmountField(max_length=12, words=("x", "half"), **kwargs)
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

    def __init__(self, *args: Any, card_choices: ygo_forms.CardChoices = (), **kwargs: Any) -> None:  # type: ignore[assignment]
        super().__init__(*args, card_choices=card_choices, **kwargs)
        for name in self.player_refs:
            field = self.fields[name]
            blank = None if isinstance(field, forms.MultipleChoiceField) else "—"
            field.set_cards(PLAYER_CHOICES + list(card_choices), self._values_of(name), blank)  # type: ignore[attr-defined]
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
            allowed = {value for value in self._values_of(name) if re.fullmatch(pattern, value)}
            field.known = field.known | allowed  # type: ignore[attr-defined]
            field.choices = [(v, allowed and v in allowed and v or label) for v, label in field.choices]  # type: ignore[attr-defined]

    def shown_fields(self) -> str:
        """Return the fields the switch value uses, and any filled in or wrong."""
        if not self.switch:
            return ""
        return ygo_forms.shown_fields(self, self.uses.get(str(self[self.switch].value() or ""), ""), (self.switch,))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.switch:
            keys = {spec.name: spec.key for spec in self.section.fields}
            for name, message in self.section.needs.get(str(data.get(self.switch) or ""), {}).items():
                given_as_json = keys.get(name) in (data.get("extra") or {})
                if data.get(name) in (None, "", []) and name not in self.errors and not given_as_json:
                    self.add_error(name, message)
        return data


@cache
def row_form_class(section: common.Section) -> type[GameRowForm]:
    """Return the form class of one row of ``section``."""
    attrs: dict[str, Any] = {spec.name: make_field(spec) for spec in section.fields}
    attrs["extra"] = ygo_forms.JSONObjectField(
        label=_("Other fields (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 2, "spellcheck": "false"}),
        help_text=_("Keys this form has no box for. Usually empty."),
    )
    attrs["absent"] = forms.CharField(required=False, widget=forms.HiddenInput)
    attrs["section"] = section
    attrs["switch"] = section.switch
    attrs["uses"] = section.uses
    attrs["main_fields"] = tuple(spec.name for spec in section.fields if spec.main)
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


def _setup_init(self: forms.Form, *args: Any, **kwargs: Any) -> None:
    forms.Form.__init__(self, *args, **kwargs)
    ygo_forms.keep_unknown_choices(self)


@cache
def setup_form_class(spec: common.GameSpec) -> type[forms.Form]:
    """Return the form class of the setup fields (players, turn, options)."""
    attrs: dict[str, Any] = {s.name: make_field(s) for s in spec.setup}
    attrs["omit"] = forms.CharField(required=False, widget=forms.HiddenInput)
    attrs["absent"] = forms.CharField(required=False, widget=forms.HiddenInput)
    attrs["__init__"] = _setup_init
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
        self.setup = setup_form_class(spec)(data, initial=initial.get("setup"), prefix="setup")
        self.sections: list[tuple[common.Section, BaseFormSet]] = []
        for section in spec.sections:
            rows = initial.get(section.prefix) or None
            formset = formset_class(section)(data, prefix=section.prefix, initial=rows, form_kwargs={"card_choices": choices})
            if rows:
                formset.extra = 1 if section.card_ids else 0
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
        for error in errors:
            path, message = error.get("path", ""), error.get("message", "")
            place = common.error_place(self.spec, path)
            form: forms.Form | None = self.setup if place.section == "setup" else None
            rows = kept.get(place.section, [])
            if place.row is not None and place.row < len(rows):
                form = rows[place.row]
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
            group = "options" if spec.path[0] == "options" else ("main" if spec.main else "more")
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
