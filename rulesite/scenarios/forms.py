"""Forms of the Yu-Gi-Oh! board-state builder (``/scenarios/new/ygo/``).

:class:`BoardForm` bundles a :class:`SetupForm` and three formsets (cards, chain links,
actions after the chain). Card rows and link rows each own a nested formset of
:class:`ActionForm` rows (what the effect does). The document is built and read back by
:mod:`rulesite.scenarios.builder`; this module only parses and shows the fields.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.forms.formsets import BaseFormSet, formset_factory
from django.utils.translation import gettext_lazy as _

from engine.ygo.vocabulary import VOCABULARY

from . import builder
from .builders import common, vocab

CardChoices = list[tuple[str, str]]
"""``[(card id, "id · name")]`` of the cards on the board, in row order."""

ACT_PLACEHOLDER = "__act__"
"""The index placeholder of a nested action row template (``__prefix__`` is the row's)."""

RULESET_LABELS = {"arcv": _("ARC-V OCG rules (Master Rule 3)"), "mr2": _("Master Rule 2 rulebook (2011)")}
PLAYER_LABELS = {"p1": _("Player 1"), "p2": _("Player 2")}
PHASE_LABELS = {
    "draw": _("Draw Phase"), "standby": _("Standby Phase"), "main1": _("Main Phase 1"),
    "battle": _("Battle Phase"), "main2": _("Main Phase 2"), "end": _("End Phase"),
}
STEP_LABELS = {"start": _("Start Step"), "battle": _("Battle Step"), "damage": _("Damage Step"), "end": _("End Step")}
ZONE_LABELS = {
    "hand": _("Hand"), "deck": _("Deck"), "extra_deck": _("Extra Deck"), "graveyard": _("Graveyard"),
    "banished": _("Banished"), "monster_zone": _("Monster Zone"), "spell_trap_zone": _("Spell & Trap Zone"),
    "field_zone": _("Field Zone"), "pendulum_zone": _("Pendulum Zone (ARC-V)"), "material": _("Xyz Material"),
}
POSITION_LABELS = {
    "attack": _("Attack"), "defense": _("Defense"), "face-down defense": _("Face-down Defense"),
    "face-up": _("Face-up"), "face-down": _("Face-down"),
}
CHANCE_LABELS = {"heads": _("Heads"), "tails": _("Tails"), **{face: face for face in "123456"}}
FACE_UP_MONSTERS_LABELS = {"all": _("On the field"), "opponent": _("The opponent controls"), "self": _("You control")}
PROTECTION_BY_LABELS = {"any": _("Any player's"), "opponent": _("The opponent's"), "other": _("Other cards'")}
PROTECTION_EFFECTS_LABELS = {"all": _("All effects"), "monster": _("Monster effects"), "spell": _("Spell effects"),
                             "trap": _("Trap effects"), "spell_trap": _("Spell and Trap effects")}
PROTECTION_PLAYERS_LABELS = {"self": _("This card's controller"), "opponent": _("Their opponent"), "both": _("Both players")}
EQUAL_TO_LABELS = {"atk": _("Its ATK"), "def": _("Its DEF"), "original_atk": _("Its original ATK"),
                   "original_def": _("Its original DEF"), "atk_lost": _("The ATK it lost")}
DECK_PLACE_LABELS = {"top": _("On top"), "bottom": _("On the bottom"), "shuffle": _("Shuffled in")}
CARDS_LABELS = {"all": _("All cards"), "monster": _("Monsters"), "spell_trap": _("Spells and Traps"), "spell": _("Spell Cards"),
                "trap": _("Trap Cards")}
"""The ``cards`` key of ``cannot_set`` and of ``replace_destination`` (one form field for both)."""
REPLACE_WHEN_LABELS = {"sent_to_graveyard": _("Would be sent to the Graveyard"), "leaves_field": _("Would leave the field")}
REPLACE_TO_LABELS = {"banished": _("Banished"), "hand": _("The hand"), "deck": _("Shuffled into the Deck"),
                     "deck_bottom": _("The bottom of the Deck")}
DESTRUCTION_LABELS = {"any": _("Battle or card effect"), "battle": _("Battle"), "effect": _("A card effect")}
KIND_LABELS = {"monster": _("Monster"), "spell": _("Spell"), "trap": _("Trap")}
SUBTYPE_LABELS = {
    "normal": _("Normal"), "effect": _("Effect (monster)"), "fusion": _("Fusion"), "ritual": _("Ritual"),
    "synchro": _("Synchro"), "xyz": _("Xyz"), "pendulum": _("Pendulum"), "token": _("Token"),
    "quick-play": _("Quick-Play (spell)"), "continuous": _("Continuous"), "equip": _("Equip (spell)"),
    "field": _("Field (spell)"), "counter": _("Counter (trap)"),
}
STAT_LABELS = {"atk": _("ATK"), "def": _("DEF")}
YES_NO_LABELS = {"yes": _("Yes"), "no": _("No")}

# The vocabulary's labels come from the engine's registry (engine/ygo/vocabulary.py), translated
# when shown (builders.vocab.translated): a new entry has its label in the form at once.
EFFECT_CLASS_LABELS = vocab.entry_labels(VOCABULARY, "ability")
ACTION_LABELS = {**vocab.entry_labels(VOCABULARY, "continuous"), **vocab.entry_labels(VOCABULARY, "instruction")}
TRIGGER_EVENT_LABELS = vocab.entry_labels(VOCABULARY, "trigger_event")
TIMING_LABELS = vocab.entry_labels(VOCABULARY, "timing")
ONCE_PER_TURN_LABELS = {"card": _("You can only activate 1 card of this name per turn"),
                        "effect": _("You can only use this effect of this name once per turn")}
UNTIL_LABELS = vocab.entry_labels(VOCABULARY, "duration")
METHOD_LABELS = vocab.entry_labels(VOCABULARY, "summon_method")
NEGATABLE_LABELS = vocab.entry_labels(VOCABULARY, "negation_scope")
COST_LABELS = vocab.entry_labels(VOCABULARY, "cost")
COUNTER_LABELS = vocab.entry_labels(VOCABULARY, "counter")
AFTER_TYPE_LABELS = vocab.entry_labels(VOCABULARY, "action")
OPTION_LABELS = vocab.entry_labels(VOCABULARY, "option")
PLAYER_REF_LABELS = {value: vocab.translated(text, VOCABULARY.game) for value, text in builder.key_labels("instruction", "player").items()}
PHASE_SKIP_LABELS = {value: vocab.translated(text, VOCABULARY.game) for value, text in builder.key_labels("action", "to").items()}


def used_fields(slots: Iterable[str], fields: Iterable[Any], *, extra: Mapping[str, str] = {}) -> dict[str, str]:
    """Return ``{entry name: the names of the form fields its keys use}`` for the entries of
    ``slots`` (merged where two slots share a name): what the page shows for each switch value.
    ``fields`` are the builder's ``_Field`` inputs; ``extra`` maps further keys to a field name."""
    names = {field.key: field.name for field in fields} | dict(extra)
    used: dict[str, list[str]] = {}
    for slot in slots:
        for entry in VOCABULARY.entries(slot):
            keys = {**VOCABULARY.slots[slot].common, **entry.keys}
            used.setdefault(entry.name, []).extend(names[key] for key in keys if key in names)
    return {name: " ".join(dict.fromkeys(fields_used)) for name, fields_used in used.items()}


def _choices(values: Iterable[Any], labels: Mapping[Any, Any], blank: Any = None) -> list[tuple[Any, Any]]:
    """Return form choices for ``values`` with their labels, after a blank one if given."""
    out = [("", blank)] if blank is not None else []
    return out + [(value, labels.get(value, value)) for value in values]


class JSONObjectField(forms.JSONField):
    """A JSON object typed as text; blank (or ``{}``) is ``None``."""

    default_error_messages = {"not_object": _('Give a JSON object, such as {"counters": {"spell": 1}}.')}

    def to_python(self, value: Any) -> dict[str, Any] | None:
        value = super().to_python(value)
        if value in (None, {}):
            return None
        if not isinstance(value, dict):
            raise ValidationError(self.error_messages["not_object"], code="not_object")
        return value

    def prepare_value(self, value: Any) -> Any:
        if value in (None, {}):
            return ""
        if isinstance(value, dict):
            return json.dumps(value, ensure_ascii=False)
        return super().prepare_value(value)


def yes_no_field(label: Any, **kwargs: Any) -> forms.ChoiceField:
    """A three-way choice: blank (not said), yes, no."""
    return forms.ChoiceField(label=label, choices=_choices(builder.YES_NO, YES_NO_LABELS, blank="—"), required=False, **kwargs)


class CountersField(forms.CharField):
    """Counts typed as ``name: count, name: count`` (counters, a will pool); the cleaned value stays text."""

    default_error_messages = {"bad_counter": _("Write “name: number”, separated by commas (e.g. “spell: 2”).")}

    def clean(self, value: Any) -> str:
        value = super().clean(value)
        try:
            builder.counters_json(value)
        except ValueError:
            raise ValidationError(self.error_messages["bad_counter"], code="bad_counter") from None
        return value


class JSONListField(forms.JSONField):
    """A JSON list typed as text; blank (or ``[]``) is ``None``."""

    default_error_messages = {"not_list": _("Give a JSON list, such as [{\"class\": \"quick\"}].")}

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 2, "spellcheck": "false"}))
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> list[Any] | None:
        value = super().to_python(value)
        if value in (None, []):
            return None
        if not isinstance(value, list):
            raise ValidationError(self.error_messages["not_list"], code="not_list")
        return value

    def prepare_value(self, value: Any) -> Any:
        if value in (None, [], ""):
            return ""
        if isinstance(value, list):
            return json.dumps(value, ensure_ascii=False)
        return super().prepare_value(value)


class _CardRefMixin:
    """A field whose values are card ids; ids not on the board stay shown, marked, and invalid."""

    default_error_messages = {"invalid_choice": _("No card with id “%(value)s” is on the board; add it above or pick another.")}
    known: frozenset[str] = frozenset()

    def set_cards(self, cards: CardChoices, shown: Iterable[str], blank: Any = None) -> None:
        """Offer ``cards``, plus each value in ``shown`` that is not one, so that it is not lost."""
        self.known = frozenset(card_id for card_id, _label in cards)
        unknown = [(value, _("%(id)s (not on the board)") % {"id": value}) for value in dict.fromkeys(shown) if value and value not in self.known]
        options = list(cards) + unknown
        if isinstance(self, forms.MultipleChoiceField):
            # A browser submits the selected options in page order: list them first, in their order.
            order = {value: index for index, value in enumerate(dict.fromkeys(shown))}
            options.sort(key=lambda option: order.get(option[0], len(order)))
        self.choices = ([("", blank)] if blank is not None else []) + options  # type: ignore[attr-defined]

    def valid_value(self, value: Any) -> bool:
        return str(value) in self.known


class CardRefField(_CardRefMixin, forms.ChoiceField):
    """One card of the board."""


class CardRefsField(_CardRefMixin, forms.MultipleChoiceField):
    """Some cards of the board."""


def _card_select(multiple: bool = False) -> forms.Widget:
    attrs = {"data-card-ref": "multiple" if multiple else "one"}
    return forms.SelectMultiple(attrs=attrs | {"size": 3}) if multiple else forms.Select(attrs=attrs)


class BoardRowForm(forms.Form):
    """A row whose card fields offer the board's cards; it may own nested action rows."""

    has_actions = False
    card_blanks: dict[str, Any] = {}
    """The blank choice label of each single card field (multiple fields have none)."""

    def __init__(self, *args: Any, card_choices: CardChoices = (), **kwargs: Any) -> None:  # type: ignore[assignment]
        super().__init__(*args, **kwargs)
        keep_unknown_choices(self)
        for name, field in self.fields.items():
            if isinstance(field, _CardRefMixin):
                blank = None if isinstance(field, forms.MultipleChoiceField) else self.card_blanks.get(name, "—")
                field.set_cards(list(card_choices), self._values_of(name), blank)
        self.actions: ActionFormSet | None = None
        if self.has_actions:
            prefix = self.add_prefix("act")
            rows = self.initial.get("actions") or []
            bound = self.is_bound and f"{prefix}-TOTAL_FORMS" in self.data
            self.actions = ActionFormSet(
                self.data if bound else None, prefix=prefix, initial=rows or None,
                form_kwargs={"card_choices": card_choices},
            )
            # A new row offers one blank action; a prefilled card without an effect offers none.
            prefilled = not self.is_bound and bool(set(self.initial) - {"id"})  # new card rows get only an id
            self.actions.extra = 0 if rows or (self.is_bound and not bound) or (prefilled and not self.initial.get("effect_class")) else 1

    def _values_of(self, name: str) -> list[str]:
        """Return the values the field shows: posted, or initial."""
        if self.is_bound:
            key = self.add_prefix(name)
            return [str(v) for v in self.data.getlist(key)] if hasattr(self.data, "getlist") else [str(self.data.get(key, ""))]
        value = self.initial.get(name) or []
        return [str(v) for v in (value if isinstance(value, list) else [value])]

    main_fields: tuple[str, ...] = ()
    """Fields shown in the row's main grid, in order."""
    more_fields: tuple[str, ...] = ()
    """Fields shown folded away unless they hold a value or an error."""

    def main_group(self) -> list[forms.BoundField]:
        """Return the bound fields of :attr:`main_fields`."""
        return [self[name] for name in self.main_fields]

    def more_group(self) -> list[forms.BoundField]:
        """Return the bound fields of :attr:`more_fields`."""
        return [self[name] for name in self.more_fields]

    @property
    def more_open(self) -> bool:
        """Return whether the folded-away part of the row should start open."""
        if any(self[name].errors or self[name].value() not in (None, "", [], False) for name in self.more_fields):
            return True
        return self.actions is not None and not isinstance(self, CardForm) and (
            bool(self.actions.initial) or (self.actions.is_bound and (self.actions.has_changed() or self.actions.total_error_count() > 0))
        )

    def has_changed(self) -> bool:
        changed = any(name != "id" for name in self.changed_data)  # the id is prefilled on new rows
        return changed or bool(self.actions is not None and self.actions.is_bound and self.actions.has_changed())

    def is_valid(self) -> bool:
        valid = super().is_valid()
        if self.actions is not None and self.actions.is_bound:
            valid = self.actions.is_valid() and valid
        return valid

    def action_rows(self) -> list[dict[str, Any]]:
        """Return the cleaned data of the action rows kept (filled in, not removed)."""
        return [form.cleaned_data for form in self.action_forms()]

    def action_forms(self) -> list[ActionForm]:
        """Return the nested action forms that make it into the document, in order."""
        if self.actions is None or not self.actions.is_bound:
            return []
        return kept_forms(self.actions)


def kept_forms(formset: BaseFormSet) -> list[Any]:
    """Return the forms of a bound, valid ``formset`` that are filled in and not removed."""
    initial = formset.initial_form_count()
    return [
        form for index, form in enumerate(formset.forms)
        if (index < initial or form.has_changed()) and form.cleaned_data and not form.cleaned_data.get("DELETE")
    ]


LP_ERRORS = {"min_value": _("Life Points cannot be negative."), "max_value": _("Life Points are at most 999,999.")}


def keep_unknown_choices(form: forms.Form) -> None:
    """Offer each value of ``form``'s plain choice fields that is not one of their choices
    (a word of a newer engine, from a permalink or a demo), so that it is shown and kept
    instead of silently becoming the first choice; the engine judges it."""
    for name, field in form.fields.items():
        if not isinstance(field, forms.ChoiceField) or isinstance(field, _CardRefMixin):
            continue
        if form.is_bound:
            key = form.add_prefix(name)
            values = form.data.getlist(key) if hasattr(form.data, "getlist") else [form.data.get(key)]
        else:
            initial = form.initial.get(name)
            values = initial if isinstance(initial, list) else [initial]
        known = {str(value) for value, _label in field.choices}
        extra = [str(v) for v in values if isinstance(v, (str, int)) and str(v).strip() and str(v) not in known]
        if extra:
            field.choices = list(field.choices) + [(value, value) for value in dict.fromkeys(extra)]


OPTION_HELP = _("Card ids, comma-separated. Blank: each choice is shown.")
OPTION_MAP_HELP = _("For each card, the card ids it targets: “k: l1, l2; m: x”. Blank: each choice is shown.")


class FilterField(forms.CharField):
    """A card filter typed as ``key: value, key: value`` (``builder.filter_json``), or ``self``."""

    default_error_messages = {"bad_filter": _("Write “key: value” pairs separated by commas; keys: %(keys)s.")}
    keys = builder.FILTER_KEYS
    """The keys the text may use (named in the error)."""

    def clean(self, value: Any) -> str:
        value = super().clean(value)
        try:
            self.parse(value)
        except ValueError:
            raise ValidationError(self.error_messages["bad_filter"], code="bad_filter",
                                  params={"keys": ", ".join(self.keys)}) from None
        return value

    @staticmethod
    def parse(value: str) -> Any:
        return builder.filter_json(value)


class ConditionField(FilterField):
    """An activation condition typed as ``key: value, key: value`` (``builder.condition_json``)."""

    keys = builder.CONDITION_KEYS

    @staticmethod
    def parse(value: str) -> Any:
        return builder.condition_json(value)
class QualifiersField(FilterField):
    """A trigger's qualifiers typed as ``key: value, …`` (``builder.qualifiers_json``)."""

    default_error_messages = {"bad_filter": _("Write “key: value” pairs separated by commas (several values of "
                                              "“from” separated by “/”); keys: %(keys)s.")}
    keys = builder.QUALIFIER_KEYS

    @staticmethod
    def parse(value: str) -> Any:
        return builder.qualifiers_json(value)


class TargetingField(FilterField):
    """A trigger's targets on activation typed as ``count: N, key: value, …`` (``builder.targeting_json``)."""

    @staticmethod
    def parse(value: str) -> Any:
        return builder.targeting_json(value)


class RequirementsField(FilterField):
    """Fusion Material requirements typed as ``name; key: value, …; …`` (``builder.requirements_json``)."""

    @staticmethod
    def parse(value: str) -> Any:
        return builder.requirements_json(value)


class PaidCostField(FilterField):
    """Costs paid with cards typed as ``banish: c4; discard: c5`` (``builder.costs_json``)."""

    default_error_messages = {"bad_filter": _("Write “cost: card id” pairs separated by “;”; costs: %(keys)s.")}

    def clean(self, value: Any) -> str:
        value = forms.CharField.clean(self, value)
        try:
            builder.costs_json(value)
        except ValueError:
            raise ValidationError(self.error_messages["bad_filter"], code="bad_filter",
                                  params={"keys": "discard, tribute, send_to_graveyard, banish"}) from None
        return value


class SetupForm(forms.Form):
    """Rule version, turn and players."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # One field per entry of the registry's option slot (trigger order, triggers activated or declined).
        for field in builder.OPTION_FIELDS:
            mapped = field.to_form is builder.OPTION_MAP_FORM
            self.fields[field.name] = forms.CharField(label=OPTION_LABELS[field.key], max_length=2000, required=False,
                                                      help_text=OPTION_MAP_HELP if mapped else OPTION_HELP)
        keep_unknown_choices(self)

    ruleset = forms.ChoiceField(label=_("Rules"), choices=_choices(builder.RULESETS, RULESET_LABELS), initial="arcv")
    active = forms.ChoiceField(label=_("Turn player"), choices=_choices(builder.PLAYERS, PLAYER_LABELS), initial="p1")
    phase = forms.ChoiceField(label=_("Phase"), choices=_choices(builder.PHASES, PHASE_LABELS), initial="main1")
    step = forms.ChoiceField(label=_("Step"), choices=_choices(builder.STEPS, STEP_LABELS, blank=_("— none")), required=False)
    p1_name = forms.CharField(label=_("Player 1 name"), max_length=200, required=False)
    p1_lp = forms.IntegerField(label=_("Player 1 LP"), min_value=0, max_value=999_999, initial=8000, error_messages=LP_ERRORS)
    p2_name = forms.CharField(label=_("Player 2 name"), max_length=200, required=False)
    p2_lp = forms.IntegerField(label=_("Player 2 LP"), min_value=0, max_value=999_999, initial=8000, error_messages=LP_ERRORS)
    number = forms.IntegerField(label=_("Turn number"), min_value=1, max_value=9_999, required=False,
                                help_text=_("Turn 1: no Battle Phase (and no draw under ARC-V)."))
    normal_summon_used = yes_no_field(_("Normal Summon used this turn"))
    pendulum_summon_used = yes_no_field(_("Pendulum Summon used this turn"))
    attacker = forms.CharField(label=_("Attack in progress: attacker"), max_length=64, required=False,
                               help_text=_("A Battle Phase in progress (Battle Step or Damage Step): the id of the attacking monster."))
    attack_target = forms.CharField(label=_("Attack in progress: target"), max_length=64, required=False,
                                    help_text=_("The id of the monster it attacks; blank for a direct attack."))
    omit = forms.CharField(required=False, widget=forms.HiddenInput)
    extra = JSONObjectField(
        label=_("Other duel fields (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Keys this form has no box for. Usually empty."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        step, phase = data.get("step"), data.get("phase")
        if step and phase != "battle" and not (phase == "draw" and step == "start"):
            self.add_error("step", _("A step applies only in the Battle Phase (or “start” in the Draw Phase: the draw is still to come)."))
        return data


ACTION_FIELDS_USED = used_fields(("instruction", "continuous"), builder.ACTION_FIELDS, extra={"target": "targets"})
"""The fields each ``do`` uses (its entry's keys); the page hides the others until they are needed."""

EFFECT_SWITCHED = ("effect_trigger", "effect_timing", "effect_optional", "effect_event_of", "effect_once_per_turn",
                   "effect_condition",
                   "effect_qualifiers", "effect_targeting")
"""The card row's effect fields shown only for the effect classes that have their keys."""
EFFECT_FIELDS_USED = {name: " ".join(field for field in used.split() if field in EFFECT_SWITCHED)
                      for name, used in used_fields(("ability",), builder.EFFECT_FIELDS).items()}
"""The trigger fields each effect class uses (§2.6a); the page hides them for the others."""


class ActionForm(BoardRowForm):
    """One thing an effect does (docs/scenario-format.md §2.4.3)."""

    do = forms.ChoiceField(label=_("Does"), choices=_choices(builder.ACTIONS, ACTION_LABELS, blank=_("— choose —")),
                           widget=forms.Select(attrs={"data-switcher": "action"}))
    targets = CardRefsField(label=_("To card(s)"), required=False, widget=_card_select(multiple=True))
    amount = forms.CharField(label=_("Amount"), max_length=12, required=False, help_text=_("A number (−500 lowers ATK), or “half”."))
    set = forms.IntegerField(label=_("Set ATK/DEF to"), min_value=0, max_value=999_999, required=False)
    player = forms.ChoiceField(label=_("Player"), choices=_choices(builder.PLAYER_REFS, PLAYER_REF_LABELS, blank="—"), required=False)
    what = forms.ChoiceField(label=_("Can negate"), choices=_choices(builder.NEGATABLE, NEGATABLE_LABELS, blank="—"), required=False)
    destroy = forms.BooleanField(label=_("…and destroy it"), required=False)
    link = forms.IntegerField(label=_("Negates Chain Link"), min_value=1, required=False, help_text=_("Blank: the link just below."))
    position = forms.ChoiceField(label=_("Summoned in or changed to"), choices=_choices(builder.SUMMON_POSITIONS, POSITION_LABELS, blank="—"), required=False)
    half = forms.BooleanField(label=_("Halve it"), required=False)
    until = forms.ChoiceField(label=_("Lasts"), choices=_choices(builder.UNTIL, UNTIL_LABELS, blank=_("While it applies")), required=False)
    materials = CardRefsField(label=_("Materials / Tributes"), required=False, widget=_card_select(multiple=True))
    level = forms.IntegerField(label=_("Level to match"), min_value=0, max_value=99, required=False)
    at_least = forms.BooleanField(label=_("…or more"), required=False)
    face_down = forms.BooleanField(label=_("Face-down"), required=False)
    place = forms.ChoiceField(label=_("Where in the Deck"), choices=_choices(builder.DECK_PLACES, DECK_PLACE_LABELS, blank="—"),
                              required=False)
    result = forms.ChoiceField(label=_("Came up with"), required=False,
                               choices=_choices(builder.key_values("instruction", "result"), CHANCE_LABELS, blank="—"),
                               help_text=_("Blank: one branch per result."))
    face_up_monsters = forms.ChoiceField(label=_("Or every face-up monster"), required=False,
                                         choices=_choices(builder.key_values("instruction", "face_up_monsters"),
                                                          FACE_UP_MONSTERS_LABELS, blank="—"))
    by = forms.ChoiceField(label=_("Whose effects"), required=False,
                           choices=_choices(builder.key_values("continuous", "by"), PROTECTION_BY_LABELS, blank="—"))
    effects = forms.ChoiceField(label=_("Which effects"), required=False,
                                choices=_choices(builder.key_values("continuous", "effects"), PROTECTION_EFFECTS_LABELS,
                                                 blank="—"))
    players = forms.ChoiceField(label=_("Which players"), required=False,
                                choices=_choices(builder.key_values("continuous", "players"), PROTECTION_PLAYERS_LABELS,
                                                 blank="—"))
    choose = forms.IntegerField(label=_("Choose how many (not targeted)"), min_value=1, max_value=2_000, required=False)
    choose_from = CardRefsField(label=_("…from"), required=False, widget=_card_select(multiple=True))
    chosen = CardRefsField(label=_("Chosen (blank: show every choice)"), required=False, widget=_card_select(multiple=True))
    text = forms.CharField(label=_("What the text does"), max_length=500, required=False)
    set_cards = forms.ChoiceField(label=_("Which cards"), required=False,
                                  choices=_choices(builder.key_values("continuous", "cards"), CARDS_LABELS, blank="—"))
    becomes = forms.CharField(label=_("Type or Attribute it becomes"), max_length=200, required=False)
    equip_card = CardRefField(label=_("Card equipped (blank: this card)"), required=False, widget=_card_select())
    equipped = forms.BooleanField(label=_("To the equipped monster"), required=False)
    equal_to = forms.ChoiceField(label=_("Amount equal to"), required=False,
                                 choices=_choices(builder.key_values("instruction", "equal_to"), EQUAL_TO_LABELS, blank="—"))
    amount_of = CardRefField(label=_("…of card"), required=False, widget=_card_select())
    max_level = forms.IntegerField(label=_("Level or lower"), min_value=1, max_value=13, required=False)
    negate_effects = forms.BooleanField(label=_("Its effects are negated"), required=False)
    cannot_attack = forms.BooleanField(label=_("It cannot attack this turn"), required=False)
    from_top = forms.IntegerField(label=_("Top cards of the Deck"), min_value=1, max_value=60, required=False)
    replace_when = forms.ChoiceField(label=_("When"), required=False,
                                     choices=_choices(builder.key_values("continuous", "when"), REPLACE_WHEN_LABELS,
                                                      blank="—"))
    replace_to = forms.ChoiceField(label=_("Goes instead to"), required=False,
                                   choices=_choices(builder.key_values("continuous", "to"), REPLACE_TO_LABELS, blank="—"))
    destruction = forms.ChoiceField(label=_("Destroyed by"), required=False,
                                    choices=_choices(builder.key_values("continuous", "destruction"), DESTRUCTION_LABELS,
                                                     blank="—"))
    use = yes_no_field(_("Used instead (blank: show both)"))
    single = forms.BooleanField(required=False, widget=forms.HiddenInput)
    extra = JSONObjectField(required=False, widget=forms.HiddenInput)

    main_fields = ("do",)
    more_fields = ("targets", "amount", "set", "half", "until", "player", "what", "destroy", "link", "position",
                   "materials", "level", "at_least", "face_down", "place", "result", "face_up_monsters", "by", "effects", "players", "choose", "choose_from", "chosen",
                   "text", "set_cards", "becomes", "equip_card", "equipped", "equal_to", "amount_of", "max_level", "negate_effects", "cannot_attack",
                   "from_top",
                   "replace_when", "replace_to", "destruction", "use")
    """Shown only when ``do`` uses them (:meth:`shown_fields`); never folded away."""

    def shown_fields(self) -> str:
        """Return the names of the fields worth showing: those ``do`` uses, and any filled in."""
        return shown_fields(self, ACTION_FIELDS_USED.get(str(self["do"].value() or ""), ""), ("do",))

    def clean_amount(self) -> str:
        amount = self.cleaned_data["amount"].strip()
        if amount and amount != "half" and not builder._INTEGER.fullmatch(amount):
            raise ValidationError(_("Give a whole number, or “half”."))
        return amount


class ActionFormSetBase(BaseFormSet):
    """Nested action rows; their row template uses ``__act__`` so the parent row's
    ``__prefix__`` can be filled in first."""

    @property
    def empty_form(self) -> ActionForm:
        form = self.form(
            **self.get_form_kwargs(None), auto_id=self.auto_id, prefix=self.add_prefix(ACT_PLACEHOLDER),
            empty_permitted=True, use_required_attribute=False, renderer=self.form_renderer,
        )
        self.add_fields(form, None)
        return form


ActionFormSet = formset_factory(ActionForm, formset=ActionFormSetBase, extra=1, can_delete=True)


TRIGGER_KEYS = VOCABULARY.get("ability", "trigger").keys
COST_NEEDED = {"amount": _("Give the LP to pay: a number, or “half”."), "card": _("Pick the card paid as the cost."),
               "text": _("Say what the cost is: the engine reports it as text it cannot evaluate."),
               "materials": _("Give the ids of the Xyz Materials detached."), "counter": _("Choose the kind of counter.")}
"""The message for a key a cost's entry requires, left blank."""


TYPED_FILTER_HELP = common.lazy_percent(_("Blank: none. Else the cards it reads, as “key: value” pairs (keys: %(keys)s), "
                                          "e.g. “kind: monster, controller: opponent”."), keys=", ".join(builder.FILTER_KEYS))


def add_typed_fields(form_class: type[BoardRowForm], inputs: Mapping[str, Any], slots: Sequence[str],
                     after: str | None = None) -> None:
    """Give ``form_class`` a field for each input the builder made from its key's type
    (``builder.typed_inputs``): filter text for a card filter, a checkbox for a yes/no, labelled
    with the registry's label for the key (translated), folded away with the row's other fields
    (listed after the field ``after``, else last)."""
    for key, field in inputs.items():
        label = vocab.translated(builder.key_schema(slots, key).label, VOCABULARY.game)
        if field.to_json is builder.filter_json:
            form_field: forms.Field = FilterField(label=label, max_length=500, required=False, help_text=TYPED_FILTER_HELP)
        elif field.to_json is builder._yes_no_json:
            form_field = yes_no_field(label)
        else:
            form_field = forms.BooleanField(label=label, required=False)
        form_class.base_fields[field.name] = form_field
    names = tuple(field.name for field in inputs.values())
    more = form_class.more_fields
    at = more.index(after) + 1 if after in more else len(more)
    form_class.more_fields = (*more[:at], *names, *more[at:])


add_typed_fields(ActionForm, builder.ACTION_TYPED, ("instruction", "continuous"))


class CardForm(BoardRowForm):
    """One card or token on the board (§2.3) and its effect (§2.3.1)."""

    has_actions = True
    card_blanks = {"equipped_to": "—", "cost_card": "—"}
    main_fields = ("id", "name", "owner", "controller", "zone", "position", "kind", "subtype", "level", "atk", "defense")
    more_fields = ("cost_do", "cost_amount", "cost_card", "cost_materials", "cost_counter", "cost_text", "effect_id",
                   "attribute", "race", "original_atk", "original_def", "scale", "counters", "equipped_to", "materials",
                   "materials_required", "tuner", "set_this_turn", "summoned_this_turn", "attacked", "position_changed",
                   "sent_to_graveyard_this_turn",
                   "summon_procedure", "synchro_materials", "xyz_materials", "summoned_with", "more_effects", "extra")

    id = forms.CharField(label=_("Id"), max_length=64, required=False, widget=forms.TextInput(attrs={"data-card-id": "", "size": 5}),
                         help_text=_("Blank: c1, c2…"))
    name = forms.CharField(
        label=_("Name"), max_length=200,
        widget=forms.TextInput(attrs={"data-card-name": "", "list": "card-names", "autocomplete": "off"}),
    )
    owner = forms.ChoiceField(label=_("Owner"), choices=_choices(builder.PLAYERS, PLAYER_LABELS), initial="p1")
    controller = forms.ChoiceField(label=_("Controller"), choices=_choices(builder.PLAYERS, PLAYER_LABELS, blank=_("Same as owner")), required=False)
    zone = forms.ChoiceField(label=_("Zone"), choices=_choices(builder.ZONES, ZONE_LABELS), initial="monster_zone")
    position = forms.ChoiceField(label=_("Position"), choices=_choices(builder.POSITIONS, POSITION_LABELS, blank="—"), required=False)
    kind = forms.ChoiceField(label=_("Kind"), choices=_choices(builder.KINDS, KIND_LABELS), initial="monster")
    subtype = forms.ChoiceField(label=_("Subtype"), choices=_choices(builder.SUBTYPES, SUBTYPE_LABELS, blank="—"), required=False)
    level = forms.IntegerField(label=_("Level/Rank"), min_value=0, max_value=13, required=False)
    atk = forms.IntegerField(label=_("ATK"), min_value=0, max_value=999_999, required=False)
    defense = forms.IntegerField(label=_("DEF"), min_value=0, max_value=999_999, required=False)
    attribute = forms.CharField(label=_("Attribute"), max_length=40, required=False)
    race = forms.CharField(label=_("Type"), max_length=40, required=False)
    equipped_to = CardRefField(label=_("Equipped to"), required=False, widget=_card_select())
    materials = forms.CharField(label=_("Xyz Materials (card ids)"), max_length=2000, required=False, help_text=_("Comma-separated: c4, c5"))
    set_this_turn = forms.BooleanField(label=_("Set this turn"), required=False)
    original_atk = forms.IntegerField(label=_("Original ATK"), min_value=0, max_value=999_999, required=False, help_text=_("Blank: ATK minus known modifiers."))
    original_def = forms.IntegerField(label=_("Original DEF"), min_value=0, max_value=999_999, required=False)
    scale = forms.IntegerField(label=_("Pendulum Scale"), min_value=0, max_value=13, required=False)
    counters = CountersField(label=_("Counters"), max_length=500, required=False, help_text=_("e.g. “spell: 2”"))
    tuner = forms.BooleanField(label=_("Tuner"), required=False)
    summoned_this_turn = forms.BooleanField(label=_("Summoned this turn"), required=False)
    attacked = forms.BooleanField(label=_("Has attacked"), required=False)
    position_changed = forms.BooleanField(label=_("Position changed this turn"), required=False)
    sent_to_graveyard_this_turn = forms.BooleanField(label=_("Sent to the Graveyard this turn"), required=False)
    effect_trigger = forms.ChoiceField(label=_("Triggers"), choices=_choices(builder.TRIGGER_EVENTS, TRIGGER_EVENT_LABELS, blank="—"), required=False)
    effect_timing = forms.ChoiceField(label=_("Trigger wording"), choices=_choices(builder.TIMINGS, TIMING_LABELS, blank="—"), required=False)
    effect_optional = yes_no_field(_("Optional (“you can”)"))
    effect_once_per_turn = forms.ChoiceField(
        label=_("Once per turn by name"), required=False,
        choices=_choices(builder.ONCE_PER_TURN, ONCE_PER_TURN_LABELS, blank="—"),
        help_text=_("A restriction the card text states for every card of its name."))
    effect_event_of = FilterField(label=vocab.translated(TRIGGER_KEYS["event_of"].label, VOCABULARY.game), max_length=500, required=False,
                                  help_text=common.lazy_percent(_("Blank: its own event. Else whose events, as “key: "
                                                                  "value” pairs (keys: %(keys)s), e.g. “kind: monster, "
                                                                  "controller: opponent”."),
                                                                keys=", ".join(builder.FILTER_KEYS)))
    effect_condition = ConditionField(
        label=_("Activation condition"), max_length=500, required=False,
        help_text=common.lazy_percent(_("When it may be activated, as “key: value” pairs (keys: %(keys)s), e.g. "
                                        "“summoned: normal, by: opponent” or “phase: battle”; what the monster "
                                        "Summoned must be as “monster: key=value & key=value”, e.g. “monster: "
                                        "atk_min=1000”."),
                                      keys=", ".join(builder.CONDITION_KEYS)))
    effect_qualifiers = QualifiersField(
        label=vocab.translated(TRIGGER_KEYS["qualifiers"].label, VOCABULARY.game), max_length=500, required=False,
        help_text=common.lazy_percent(_("Blank: any such event. Else what it must also be, as “key: value” pairs "
                                        "(keys: %(keys)s), e.g. “from: hand/deck, by: effect”."),
                                      keys=", ".join(builder.QUALIFIER_KEYS)))
    effect_targeting = TargetingField(
        label=vocab.translated(TRIGGER_KEYS["targeting"].label, VOCABULARY.game), max_length=500, required=False,
        help_text=common.lazy_percent(_("Blank: it targets nothing. Else the cards on the field it may target, as "
                                        "“key: value” pairs (keys: %(keys)s), “count: N” first if it targets more than "
                                        "one, e.g. “kind: monster, attribute: LIGHT”."),
                                      keys=", ".join(builder.FILTER_KEYS)))
    effect_class = forms.ChoiceField(label=_("Effect class"), choices=_choices(builder.EFFECT_CLASSES, EFFECT_CLASS_LABELS, blank=_("— no effect")),
                                     required=False, widget=forms.Select(attrs={"data-switcher": "effect"}))
    effect_text = forms.CharField(label=_("Effect text"), max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 2}))
    effect_id = forms.CharField(label=_("Effect id"), max_length=64, required=False)
    cost_do = forms.ChoiceField(label=_("Cost"), choices=_choices(builder.COSTS, COST_LABELS, blank=_("— no cost")), required=False)
    cost_amount = forms.CharField(label=_("LP to pay, or counters removed"), max_length=12, required=False,
                                  help_text=_("LP: a number, or “half”. Counters: how many."))
    cost_card = CardRefField(label=_("Cost card"), required=False, widget=_card_select())
    cost_materials = forms.CharField(label=_("Xyz Materials detached (card ids)"), max_length=2000, required=False,
                                     help_text=_("Comma-separated: c4, c5"))
    cost_counter = forms.ChoiceField(label=_("Counter removed"), required=False,
                                     choices=_choices(builder.COUNTER_KINDS, COUNTER_LABELS, blank="—"))
    cost_text = forms.CharField(label=vocab.translated(VOCABULARY.get("cost", "unsupported").keys["text"].label, VOCABULARY.game),
                                max_length=2000, required=False)
    materials_required = RequirementsField(
        label=_("Fusion Materials required"), max_length=2000, required=False,
        help_text=common.lazy_percent(_("Card names or filters, “;” between them, e.g. “Dark Magician; kind: monster, "
                                        "attribute: DARK” (filter keys: %(keys)s)."), keys=", ".join(builder.FILTER_KEYS)))
    summon_procedure = JSONObjectField(
        label=_("Its own Special Summon (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Condition and cost of a monster that Special Summons itself (format §2.5.1), e.g. "
                    "{\"condition\": {\"you_control_none\": {\"kind\": \"monster\"}}}."))
    synchro_materials = JSONObjectField(
        label=_("Synchro Materials required (JSON)"), required=False,
        help_text=_("Filters for the Tuner and every non-Tuner, e.g. {\"non_tuner\": {\"attribute\": \"LIGHT\"}}."))
    xyz_materials = JSONObjectField(
        label=_("Xyz Materials required (JSON)"), required=False,
        help_text=_("A filter every material fits and how many, e.g. {\"each\": {\"race\": \"Warrior\"}, \"count\": 2}."))
    summoned_with = forms.CharField(label=_("Summoned with (material ids)"), max_length=2000, required=False,
                                    help_text=_("The materials it was Summoned with, comma-separated: c4, c5"))
    no_actions = forms.BooleanField(required=False, widget=forms.HiddenInput)
    more_effects = JSONListField(label=_("Its other effects (JSON)"), required=False,
                                 help_text=_("Effects after the first, as a list of effects (format §2.3.1)."))
    extra = JSONObjectField(label=_("Other fields (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
                            help_text=_("Fields this form has no box for, e.g. {\"counters\": {\"spell\": 1}}."))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        has_effect = bool(data.get("effect_text") or data.get("cost_do") or data.get("effect_id") or data.get("effect_event_of")
                          or (self.actions is not None and self.actions.is_bound and self.actions.has_changed()))
        if has_effect and not data.get("effect_class"):
            if data.get("kind") in ("spell", "trap"):
                data["effect_class"] = "card"  # a Spell/Trap's effect is most often its card activation
            elif data.get("kind"):
                self.add_error("effect_class", _("Choose the class of this monster's effect (Ignition, Quick…)."))
        cost = data.get("cost_do")
        amount = (data.get("cost_amount") or "").strip()
        if amount and amount != "half" and not builder._INTEGER.fullmatch(amount):
            self.add_error("cost_amount", _("Give a whole number, or “half”."))
        # What the cost's entry requires (pay_lp an amount, a discard its card, unsupported its text).
        names = {field.key: field.name for field in builder.COST_FIELDS}
        required = VOCABULARY.get("cost", cost).required if VOCABULARY.has("cost", cost) else ()
        for key in required:
            name = names.get(key)
            if name is not None and not (data.get(name) or "").strip() and name not in self.errors:
                self.add_error(name, COST_NEEDED.get(key, _("This cost needs this field.")))
        return data


add_typed_fields(CardForm, builder.COST_TYPED, ("cost",), after="cost_card")


class CardFormSetBase(BaseFormSet):
    """Card rows; a new row is shown with the next free id (``c4``) already filled in."""

    def get_form_kwargs(self, index: int | None) -> dict[str, Any]:
        kwargs = super().get_form_kwargs(index)
        if index is not None and not self.is_bound and index >= self.initial_form_count():
            taken = [str(row.get("id") or "") for row in self.initial or ()]
            free = builder.assign_card_ids(taken + [""] * (index - self.initial_form_count() + 1))
            kwargs["initial"] = {"id": free[-1]}
        return kwargs

    def clean(self) -> None:
        if any(self.errors):
            return
        forms_kept = kept_forms(self)
        ids = builder.assign_card_ids([form.cleaned_data.get("id") or "" for form in forms_kept])
        seen: set[str] = set()
        for form, card_id in zip(forms_kept, ids):
            if card_id in seen:
                form.add_error("id", _("Another card already has the id “%(id)s”.") % {"id": card_id})
            seen.add(card_id)


CardFormSet = formset_factory(CardForm, formset=CardFormSetBase, extra=3, can_delete=True)


class LinkForm(BoardRowForm):
    """One chain link (§2.4): a card's effect, and what it targets."""

    has_actions = True
    card_blanks = {"card": _("— pick a card")}
    main_fields = ("card", "targets", "effect", "controller", "spell_speed")
    more_fields = ("extra",)

    card = CardRefField(label=_("Card"), widget=_card_select())
    effect = forms.CharField(label=_("Effect (index or id)"), max_length=64, required=False, help_text=_("Blank: its first effect."),
                             widget=forms.TextInput(attrs={"size": 5}))
    controller = forms.ChoiceField(label=_("Activated by"), choices=_choices(builder.PLAYERS, PLAYER_LABELS, blank=_("The card's controller")), required=False)
    spell_speed = forms.TypedChoiceField(label=_("Spell Speed"), choices=_choices(builder.SPELL_SPEEDS, {}, blank=_("From the card")),
                                         coerce=int, empty_value=None, required=False)
    targets = CardRefsField(label=_("Targets"), required=False, widget=_card_select(multiple=True))
    extra = JSONObjectField(label=_("Other fields (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
                            help_text=_("e.g. its own cost: {\"cost\": [{\"do\": \"pay_lp\", \"amount\": 1000}]}"))


LinkFormSet = formset_factory(LinkForm, extra=1, can_delete=True)


AFTER_FIELDS_USED = used_fields(("action",), builder.AFTER_FIELDS, extra={"actions": "actions"})
"""The fields each player action ``type`` uses (its entry's keys; §2.5, §2.6b); the page hides the others."""

CARD_NEEDED = {
    "activate": _("Pick the card activated."), "summon": _("Pick the monster Summoned."), "set": _("Pick the card Set."),
    "flip_summon": _("Pick the monster Flip Summoned."), "change_position": _("Pick the monster that changes position."),
    "place_pendulum": _("Pick the Pendulum Monster placed."),
}


AFTER_NEEDED = {"card": _("Pick the card."), "attacker": _("Pick the attacking monster."),
                "method": _("Choose how the monster is Summoned."), "player": _("Choose the player.")}
"""The message for a key a player action's entry requires, left blank (``card``: :data:`CARD_NEEDED` first)."""


class AfterForm(LinkForm):
    """One thing a player does after the given chain (§2.5, §2.6b)."""

    card_blanks = {"card": "—", "attacker": "—", "attack_target": _("— none: a direct attack")}
    field_order = ["type", "player"]
    main_fields = ("type", "card", "targets", "effect", "controller", "spell_speed", "player", "tributes", "method",
                   "cards", "materials", "position", "attacker", "attack_target", "to", "discard", "paid_cost")
    switch = "type"
    uses = AFTER_FIELDS_USED

    type = forms.ChoiceField(label=_("Then"), choices=_choices(builder.AFTER_TYPES, AFTER_TYPE_LABELS), initial="activate",
                             widget=forms.Select(attrs={"data-switcher": "after"}))
    card = CardRefField(label=_("Card"), required=False, widget=_card_select())
    player = forms.ChoiceField(label=_("Player"), choices=_choices(builder.PLAYERS, PLAYER_LABELS, blank="—"), required=False)
    tributes = CardRefsField(label=_("Tributes"), required=False, widget=_card_select(multiple=True))
    method = forms.ChoiceField(label=_("Summon method"), choices=_choices(builder.SUMMON_METHODS, METHOD_LABELS, blank="—"), required=False)
    cards = CardRefsField(label=_("Cards (Pendulum Summon)"), required=False, widget=_card_select(multiple=True))
    materials = CardRefsField(label=_("Materials"), required=False, widget=_card_select(multiple=True))
    position = forms.ChoiceField(label=_("In position"), choices=_choices(builder.SUMMON_POSITIONS, POSITION_LABELS, blank="—"), required=False)
    attacker = CardRefField(label=_("Attacker"), required=False, widget=_card_select())
    attack_target = CardRefField(label=_("Attack target"), required=False, widget=_card_select())
    to = forms.ChoiceField(label=_("Skip to"), choices=_choices(builder.PHASE_SKIPS, PHASE_SKIP_LABELS, blank="—"), required=False)
    discard = CardRefsField(label=_("Discard for the hand limit"), required=False, widget=_card_select(multiple=True))
    paid_cost = PaidCostField(label=_("Cost paid"), max_length=2000, required=False,
                              help_text=_("The cards paid, e.g. “banish: c4; banish: c5”."))

    def shown_fields(self) -> str:
        """Return the fields the chosen ``type`` uses, and any filled in or wrong."""
        return shown_fields(self, self.uses.get(str(self["type"].value() or ""), ""), ("type",))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        kind = data.get("type")
        # What the action's entry requires, left blank, is shown next to its field.
        names = {field.key: field.name for field in builder.AFTER_FIELDS}
        required = VOCABULARY.get("action", kind).required if VOCABULARY.has("action", kind) else ()
        for key in required:
            name = names.get(key)
            if name is not None and not data.get(name) and name not in self.errors:
                needed = CARD_NEEDED.get(kind) if key == "card" else None
                self.add_error(name, needed or AFTER_NEEDED.get(key, _("This step needs this field.")))
        return data


AfterFormSet = formset_factory(AfterForm, extra=1, can_delete=True)


def shown_fields(form: forms.Form, used: str, skip: Iterable[str] = ()) -> str:
    """Return the names of ``form``'s fields worth showing: ``used`` (space-separated) and any
    field filled in or with an error, except ``skip`` and the bookkeeping fields."""
    names = set(used.split())
    for name in form.fields:
        if name in skip or name in ("single", "extra", "DELETE", "omit", "absent", "no_actions"):
            continue
        value = form[name].value()
        if value not in (None, "", [], False) or form[name].errors:
            names.add(name)
    return " ".join(sorted(names))


class PendingForm(BoardRowForm):
    """A trigger waiting to go on the chain (§2.8)."""

    card_blanks = {"card": _("— pick a card")}
    main_fields = ("card", "effect", "controller", "order", "activate", "last", "targets")
    more_fields = ("extra",)

    card = CardRefField(label=_("Card"), widget=_card_select())
    effect = forms.CharField(label=_("Effect (index or id)"), max_length=64, required=False, help_text=_("Blank: its first effect."),
                             widget=forms.TextInput(attrs={"size": 5}))
    controller = forms.ChoiceField(label=_("Controller"), choices=_choices(builder.PLAYERS, PLAYER_LABELS, blank=_("The card's controller")), required=False)
    order = forms.IntegerField(label=_("Order among its controller's"), min_value=0, max_value=2_000, required=False, help_text=_("0 goes on the chain first."))
    activate = yes_no_field(_("Activated"), help_text=_("No: an optional trigger is declined."))
    last = yes_no_field(_("Its event happened last"), help_text=_("No: a “when” trigger misses the timing."))
    targets = CardRefsField(label=_("Targets"), required=False, widget=_card_select(multiple=True))
    extra = JSONObjectField(label=_("Other fields (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 2}))


PendingFormSet = formset_factory(PendingForm, extra=0, can_delete=True)


class LingerForm(BoardRowForm):
    """A lingering ATK/DEF change, "until the End Phase" (§2.9)."""

    card_blanks = {"source": "—", "target": _("— pick a monster")}
    main_fields = ("target", "stat", "amount", "set", "until", "source")
    more_fields = ("extra",)

    source = CardRefField(label=_("From card"), required=False, widget=_card_select())
    target = CardRefField(label=_("Monster"), widget=_card_select())
    stat = forms.ChoiceField(label=_("Changes"), choices=_choices(builder.STATS, STAT_LABELS))
    amount = forms.IntegerField(label=_("By (±)"), min_value=-999_999, max_value=999_999, required=False)
    set = forms.IntegerField(label=_("Or set to"), min_value=0, max_value=999_999, required=False)
    until = forms.ChoiceField(label=_("Lasts"), choices=_choices(builder.UNTIL, UNTIL_LABELS, blank="—"), required=False)
    extra = JSONObjectField(label=_("Other fields (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 2}))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("amount") is None and data.get("set") is None and not self.errors:
            self.add_error("amount", _("Give the change (e.g. 1000 or −500), or the value it is set to."))
        return data


LingerFormSet = formset_factory(LingerForm, extra=0, can_delete=True)


def with_management(data: Mapping[str, Any] | None, prefixes: Iterable[str]) -> Mapping[str, Any] | None:
    """Return ``data`` with an empty management form for each row section it leaves out
    (an older page or a hand-made POST), so that a missing section means "no rows"."""
    if data is None or all(f"{prefix}-TOTAL_FORMS" in data for prefix in prefixes):
        return data
    data = data.copy() if hasattr(data, "copy") else dict(data)
    for prefix in prefixes:
        if f"{prefix}-TOTAL_FORMS" not in data:
            data[f"{prefix}-TOTAL_FORMS"] = "0"
            data[f"{prefix}-INITIAL_FORMS"] = "0"
    return data


def posted_card_choices(data: Mapping[str, Any], prefix: str = "cards") -> CardChoices:
    """Return the cards named in posted card rows (not removed, with a name), ids filled in."""
    try:
        total = min(int(data.get(f"{prefix}-TOTAL_FORMS", 0)), 2_000)
    except (TypeError, ValueError):
        total = 0
    rows = []
    for index in range(total):
        key = f"{prefix}-{index}"
        name = str(data.get(f"{key}-name", "")).strip()
        if name and not data.get(f"{key}-DELETE"):
            rows.append((str(data.get(f"{key}-id", "")).strip(), name))
    ids = builder.assign_card_ids([card_id for card_id, _name in rows])
    return [(card_id, f"{card_id} · {name}") for card_id, (_id, name) in zip(ids, rows)]


def initial_card_choices(cards: Sequence[Mapping[str, Any]]) -> CardChoices:
    """Return the cards of prefilled card rows."""
    ids = builder.assign_card_ids([str(card.get("id") or "") for card in cards])
    return [(card_id, f"{card_id} · {card.get('name', '')}") for card_id, card in zip(ids, cards)]


class BoardForm:
    """The whole board: setup, cards, chain links and the actions after them.

    Bind it with ``request.POST``, or prefill it with :func:`builder.scenario_to_initial`
    data. After :meth:`is_valid`, :meth:`to_scenario` builds the document;
    :meth:`add_engine_errors` puts the engine's ``[{path, message}]`` next to the fields.
    """

    def __init__(self, data: Mapping[str, Any] | None = None, *, initial: builder.BoardData | None = None) -> None:
        initial = initial or {}
        self.is_bound = data is not None
        choices = posted_card_choices(data) if data is not None else initial_card_choices(initial.get("cards") or [])
        kwargs = {"form_kwargs": {"card_choices": choices}}
        data = with_management(data, ("cards", "chain", "pending", "effects", "after"))
        self.setup = SetupForm(data, initial=initial.get("setup"), prefix="setup")
        self.cards = CardFormSet(data, prefix="cards", initial=initial.get("cards") or None, **kwargs)
        self.chain = LinkFormSet(data, prefix="chain", initial=initial.get("chain") or None, **kwargs)
        self.pending = PendingFormSet(data, prefix="pending", initial=initial.get("pending") or None, **kwargs)
        self.effects = LingerFormSet(data, prefix="effects", initial=initial.get("effects") or None, **kwargs)
        self.after = AfterFormSet(data, prefix="after", initial=initial.get("after") or None, **kwargs)
        if initial.get("cards"):
            self.cards.extra = 1
        self.top_errors: list[str] = []

    def is_valid(self) -> bool:
        """Return whether every form and row is valid (all are checked, so all errors show)."""
        results = [self.setup.is_valid()] + [formset.is_valid() for formset in self.formsets()]
        return all(results)

    def data(self) -> builder.BoardData:
        """Return the cleaned rows in :data:`builder.BoardData` shape; call after :meth:`is_valid`."""

        def rows(formset: BaseFormSet) -> list[dict[str, Any]]:
            return [form.cleaned_data | {"actions": form.action_rows()} for form in kept_forms(formset)]

        return {"setup": self.setup.cleaned_data} | {formset.prefix: rows(formset) for formset in self.formsets()}

    def formsets(self) -> list[BaseFormSet]:
        """Return the row sections in page order."""
        return [self.cards, self.chain, self.pending, self.effects, self.after]

    def to_scenario(self) -> dict[str, Any]:
        """Return the scenario document the valid form describes."""
        return builder.initial_to_scenario(self.data())

    def add_engine_errors(self, errors: Iterable[Mapping[str, str]]) -> None:
        """Show each engine error ``{path, message}`` next to its field, else at the top."""
        sections = {formset.prefix: kept_forms(formset) for formset in self.formsets()}
        for error in errors:
            path, message = error.get("path", ""), error.get("message", "")
            place = builder.error_place(path)
            form: forms.Form | None = self.setup if place.section == "setup" else None
            rows = sections.get(place.section, [])
            if place.row is not None and place.row < len(rows):
                form = rows[place.row]
                if place.action is not None:
                    nested = form.action_forms()
                    form = nested[place.action] if place.action < len(nested) else form
            if form is None:
                self.top_errors.append(f"{path}: {message}" if path else message)
                continue
            field = place.field if place.field in form.fields else None
            if field is None and place.key and "extra" in form.fields and place.key in (form.cleaned_data.get("extra") or {}):
                field = "extra"
            form.add_error(field, f"{path}: {message}" if field is None and path else message)

    @property
    def has_errors(self) -> bool:
        """Return whether any error is shown."""
        return bool(
            self.top_errors or self.setup.errors or any(fs.total_error_count() for fs in self.formsets())
            or any(f.actions.total_error_count() for fs in self.formsets() for f in fs.forms if f.actions is not None and f.actions.is_bound)
        )
