"""Labels in the reader's language for the raw values a scenario stores (zones, positions,
card kinds) and for the ``basis`` notes the engine puts on trace steps.

The board tables of a permalink page show stored values such as ``monster_zone`` or
``face-down defense``; these are the words of the scenario format, not of a judge. The
builders already name every value for their select boxes, so the board reuses those names
(one list of words per game, shown the same in the form and on the ruling).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_lazy as _, pgettext_lazy

from engine.core.rules import RULING_BASIS
from engine.ygo.duel import OLDER_DOCUMENT_BASIS

from . import forms as ygo_forms
from .builders import fow as fow_builder
from .builders import mtg as mtg_builder

MTG_TYPE_LABELS = {
    "artifact": _("Artifact"), "creature": _("Creature"), "enchantment": _("Enchantment"), "instant": _("Instant"),
    "land": _("Land"), "planeswalker": _("Planeswalker"), "sorcery": _("Sorcery"), "tribal": _("Tribal"),
    "battle": _("Battle"),
}
"""Magic card types (CR 205.2a)."""

FOW_ZONE_LABELS = {
    "main_deck": pgettext_lazy("fow zone", "Main deck"), "stone_deck": pgettext_lazy("fow zone", "Magic stone deck"),
    "hand": pgettext_lazy("fow zone", "Hand"), "field": pgettext_lazy("fow zone", "Field"),
    "stone_area": pgettext_lazy("fow zone", "Magic stone area"), "ruler_area": pgettext_lazy("fow zone", "Ruler area"),
    "graveyard": pgettext_lazy("fow zone", "Graveyard"), "lifebreak": pgettext_lazy("fow zone", "Lifebreak area"),
    "standby": pgettext_lazy("fow zone", "Standby area"), "removed": pgettext_lazy("fow zone", "Removed area"),
    "chase": pgettext_lazy("fow zone", "Chase"),
}
"""Force of Will zones (whitepaper 3) in the whitepaper's words."""

BOARD_LABELS: dict[str, dict[str, Mapping[str, Any]]] = {
    "ygo": {"zone": ygo_forms.ZONE_LABELS, "position": ygo_forms.POSITION_LABELS, "kind": ygo_forms.KIND_LABELS,
            "subtype": ygo_forms.SUBTYPE_LABELS, "phase": ygo_forms.PHASE_LABELS, "step": ygo_forms.STEP_LABELS},
    "fow": {"zone": FOW_ZONE_LABELS, "type": fow_builder.TYPE_LABELS, "subtype": fow_builder.SUBTYPE_LABELS,
            "phase": fow_builder.PHASE_LABELS, "step": fow_builder.STEP_LABELS},
    "mtg": {"zone": mtg_builder.ZONE_LABELS, "type": MTG_TYPE_LABELS, "types": MTG_TYPE_LABELS, "step": mtg_builder.STEP_LABELS},
}
"""``{game: {field: {stored value: label}}}`` for the values shown on a board table and on the
board at every step (the turn's phase and step as the builders name them)."""

BASIS_LABELS = {
    RULING_BASIS: _("official ruling, not in this document"),
    OLDER_DOCUMENT_BASIS: _("Cited from the 2011 rulebook: the ARC-V transcription does not state this point "
                            "(it is cut off inside 4.2.4.2.1, before chain resolution, the turn and the battle)."),
}
"""The engine's ``basis`` notes (English in the stored trace) by their text."""


def board_label(game: Any, field: str, value: Any) -> str:
    """Return ``value`` of the object field ``field`` (``zone``, ``position``, ``kind``, ``type``,
    ``subtype``) as a label in the active language; an unknown value comes back as it is, and
    ``None`` or a non-string as ``""``."""
    if not isinstance(value, str):
        return ""
    label = BOARD_LABELS.get(game if isinstance(game, str) else "", {}).get(field, {}).get(value)
    return str(label) if label is not None else value


def basis_label(basis: Any) -> str:
    """Return a step's ``basis`` note in the active language (as stored when it is not one of
    the engine's known notes; ``""`` for none)."""
    if not isinstance(basis, str) or not basis:
        return ""
    label = BASIS_LABELS.get(basis)
    return gettext(str(label)) if label is not None else basis
