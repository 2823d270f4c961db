"""What the engine does not evaluate, named wherever and whenever it becomes relevant (CR 113.1a,
702.1): an ``unsupported`` ability (rules text kept as text) of a permanent or a spell, and a
keyword outside :data:`~engine.mtg.keywords.EVALUATED_KEYWORDS` of a permanent, a spell or a card
in a hand, or in the other zone where that keyword's rule says it functions (a graveyard for
flashback, exile for suspend: :func:`~engine.mtg.keywords.reported_in`). Each is one
``cannot_evaluate`` step, and the result is incomplete.

The document's cards are reported before anything happens; after that, before each time a player
receives priority, whatever has become relevant since (a card cast from a hand, a permanent that
entered later, a token, an ability gained from an effect) is reported once per object and text.
The trace is the record of what was said."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .keywords import EVALUATED_KEYWORDS, reported_in
from .model import GameState, Zone
from .rules import K
from .vocabulary import VOCABULARY, Boolean, Text, row

REPORTED = ("mtg.cannot_evaluate.ability", "mtg.cannot_evaluate.keyword")
ABILITY_ZONES = ("battlefield", "stack")
"""Where an ``unsupported`` ability is reported: where abilities of permanents and spells function (113.6)."""
KEYWORD_ZONES = ("battlefield", "stack", "hand", "graveyard", "exile", "command")
"""Where an unevaluated keyword may be reported: in a hand, where some keywords work (flash-like,
cycling-like), and in the zones where some keywords' rules say they function (:func:`reported_in`)."""


def findings(abilities: Iterable[Any], zone: str) -> list[tuple[str, str]]:
    """Return ``(message, text)`` of each ability in ``zone`` the engine would silently skip:
    an ``unsupported`` ability (not ``when_used``: the engine gives its own step when that part is
    used) and a keyword the engine does not apply."""
    out = []
    for ability in abilities:
        kind, spec = ability.get("kind", "keyword"), ability
        if kind == "unsupported" and zone in ABILITY_ZONES and not spec.get("when_used"):
            out.append(("mtg.cannot_evaluate.ability", str(spec.get("text", ""))))
        elif kind == "keyword" and spec.get("keyword") not in EVALUATED_KEYWORDS and zone in reported_in(spec.get("keyword")):
            out.append(("mtg.cannot_evaluate.keyword", str(spec.get("keyword"))))
    return out


def _record(game: Any, message: str, text: str, params: Mapping[str, Any]) -> None:
    if message == "mtg.cannot_evaluate.ability":
        game.record("cannot_evaluate", message, K.ABILITY_TEXT, text=text, **params)
    else:
        game.record("cannot_evaluate", message, K.KEYWORD_ABILITIES, keyword=text, **params)


class Unevaluated:
    """Reporting what is not evaluated, for :class:`~engine.mtg.game.Game`."""

    def report_document(self, scenario: Mapping[str, Any]) -> None:
        """Name each ability of the document's cards the engine would silently skip, where it
        functions (see :func:`findings`), in the document's order."""
        for obj in scenario.get("objects") or ():
            zone = obj.get("zone")
            params = {"card": obj.get("id", ""), "card_name": obj.get("name", ""), "zone": zone}
            hidden = obj.get("face_down") and zone in ABILITY_ZONES  # a face-down object has no abilities (708.2a)
            for message, text in findings(() if hidden else obj.get("abilities") or (), zone):
                _record(self, message, text, params)
        where = {obj.get("id"): (obj.get("zone"), obj.get("name", "")) for obj in scenario.get("objects") or ()}
        for i, effect in enumerate(scenario.get("effects") or ()):
            self.report_effect_zones(effect.get("id", f"e{i + 1}"), effect.get("do", ""), effect.get("affected"), where)

    def report_effect_zones(self, effect: str, do: str, affected: Any, where: Mapping[str, tuple[str, str]]) -> None:
        """Name each object a document effect names (``affected`` ids) that is not where the engine
        applies continuous effects: the layer system computes permanents (CR 613.1), and
        ``grant_spell`` reaches spells on the stack; an effect on a card in a hand, a graveyard, a
        library, exile or the command zone ("it has flashback") is not evaluated there. ``where``:
        object id → (zone, name) as the effect begins."""
        if not isinstance(affected, (list, tuple)):
            return
        for oid in affected:
            zone, name = where.get(oid, ("", ""))
            if zone == "battlefield" or (zone == "stack" and do == "grant_spell"):
                continue
            self.record("cannot_evaluate", "mtg.cannot_evaluate.effect_zone", K.LAYERS, effect=effect, do=do, card=oid,
                        card_name=name, zone=zone)

    def report_unevaluated(self, state: GameState) -> None:
        """Name what has become relevant since the last report: the abilities objects have now (after
        the layers on the battlefield) in the zones where they function, not yet named for that
        object in that zone (a creature spell's text is named on the stack, and again when the
        permanent is on the battlefield, where its static abilities work: CR 113.6)."""
        candidates = []
        for oid in state.order:
            obj = state.objects[oid]
            if obj.zone.value not in KEYWORD_ZONES:
                continue
            abilities = self.chars(state, oid).abilities if obj.zone in (Zone.BATTLEFIELD, Zone.STACK) else obj.printed.abilities
            for message, text in findings(({**a.spec, "kind": a.kind} for a in abilities
                                           if a.kind in ("unsupported", "keyword")), obj.zone.value):
                candidates.append((oid, obj, message, text))
        if not candidates:
            return
        said = {(step.params.get("card"), step.message_id, step.params.get("text", step.params.get("keyword")),
                 step.params.get("zone")) for step in self.recorder.steps if step.message_id in REPORTED}
        for oid, obj, message, text in candidates:
            if (oid, message, text, obj.zone.value) not in said:
                said.add((oid, message, text, obj.zone.value))
                _record(self, message, text, {"card": oid, "card_name": obj.printed.name, "zone": obj.zone.value})


VOCABULARY.define("ability", "unsupported", rule=K.ABILITY_TEXT,
                  keys={"text": Text(min_length=0, max_length=2_000, label="Text"),
                        "when_used": Boolean(label="Reported when used",
                                             help="the engine gives its own step when this part is used (a mode or "
                                                  "instruction written as `unsupported`), so it is not reported before")},
                  label="Text the engine can't evaluate", messages=REPORTED[:1],
                  doc="Rules text the engine does not evaluate (CR 113.1a): wherever the card's abilities function (a "
                      "permanent, a spell on the stack), as soon as it is there and whenever it gets there later, a "
                      "`cannot_evaluate` step names the card and the text, and the result is incomplete.",
                  example={"kind": "unsupported", "text": "No creature has flying."},
                  row=row({"text": Text()}, main=("text",), extra=("when_used",)))
