"""A game's vocabulary as one registry of entries (DESIGN.md, "Engine": one registry per game).

Everything a scenario can *say* beyond its fixed frame (players, turn, objects) is an entry of
its game's :class:`Vocabulary`: each verb (what an ability does), continuous effect, ability
kind, keyword, trigger event, condition, amount, filter key, target, cost, duration, player
action, option and choice. An entry is one value with

* its ``name`` in a :class:`Slot` (``instruction:destroy``, ``filter:subtypes``);
* the schema of its keys (:class:`Field` values: types, ranges, enums, required ones);
* the rule it implements (a key into the game's citation table) and its message ids;
* the pure function that applies it (``apply``; its signature is the game's);
* its builder row (labels and help come from the fields), a doc paragraph and an example.

Validation, the generated vocabulary sections of ``docs/scenario-format.md``, the builders'
rows, the page ``/engine/vocabulary/<game>/`` and ``python -m engine vocabulary`` all derive
from it, in the way Forge maps each ``ApiType`` name to one effect class. Adding a verb is
adding one entry, in the module of its rules topic::

    VOCABULARY = Vocabulary("<game>", cite=..., rulesets=("<ruleset>",))
    VOCABULARY.slot("instruction", style=TAGGED, tag="do", label="What it does")

    @VOCABULARY.entry("instruction", "destroy", rule=K.DESTROY, label="Destroy",
                      keys={"object": Field(...)}, doc="Destroys ...", example={"do": "destroy"})
    def destroy(ctx, state, part):
        # follow one destroy instruction: the new state and the context
        return ctx.game.destroy(state, ctx.objects(part)), ctx

Three slot styles cover the documents: **tagged** (an object whose ``tag`` key names the entry,
the other keys are the entry's), **keyed** (an object each of whose keys names an entry, e.g. a
filter whose every key must hold; ``exactly_one`` for an amount such as ``{"count": …}``; with
``prefixed`` keys such as ``legend:p1:Alpha`` named by the part before the first colon) and
**named** (a string that names the entry: a duration, an event).

Nothing accepted and ignored: an unknown tag, key or value is a :class:`~engine.core.FieldError`
naming its exact path, the allowed names and the nearest one ("did you mean").
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .schema import (  # noqa: F401  (the field types are part of this module's interface)
    Boolean, Choice, Const, Either, Field, Integer, ListOf, MapOf, Record, Ref, Text, Use, Validation, check_keys,
    did_you_mean, _shown,
)
from .validation import Checker, Path, format_path

TAGGED, KEYED, NAMED = "tagged", "keyed", "named"
"""The styles of a :class:`Slot`."""

SLOT_KINDS = ("verb", "effect", "ability", "keyword", "event", "condition", "amount", "filter", "target", "cost",
              "duration", "action", "option", "choice", "replacement", "procedure", "zone", "counter")
"""What a slot's entries are, for the docs and the vocabulary page (DESIGN.md's list, and the
further kinds the three games need)."""


# ----------------------------------------------------------------------------- entries and slots

@dataclass(frozen=True)
class Row:
    """How the builder shows an entry: the keys shown at once (``main``), in order, and the keys
    behind "more" (``extra``); labels and help are the fields' own."""

    main: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Return ``{main, extra}``."""
        return {"main": list(self.main), "extra": list(self.extra)}


@dataclass(frozen=True)
class Entry:
    """One word of a game's vocabulary (see the module docstring)."""

    slot: str
    """The slot it belongs to (``instruction``, ``filter`` …)."""
    name: str
    """What names it in a document: the tag value, the key, or the string."""
    label: str
    """A short English label (the builder's option label)."""
    doc: str
    """The doc paragraph, English: what the entry does to the game, with its rule."""
    rule: tuple[Any, ...]
    """The game's rule keys this entry implements (the first is the main one); the
    vocabulary's ``cite`` turns each into a section of each ruleset's document."""
    keys: Mapping[str, Field] = field(default_factory=dict)
    """A tagged entry's own keys; a keyed entry's companion keys (allowed beside it)."""
    required: tuple[str, ...] = ()
    value: Field | None = None
    """A keyed or prefixed entry's value schema (``None`` for tagged and named entries)."""
    apply: Callable[..., Any] | None = None
    """The pure function that applies it (the game's signature), or ``None`` where the entry
    is read by the function of another (a filter key read by the filter matcher)."""
    messages: tuple[str, ...] = ()
    """The message ids the entry's own steps use."""
    example: Any = None
    """The entry as a document writes it."""
    rulesets: tuple[str, ...] | None = None
    """The rulesets that have it (``None``: all of the game's)."""
    row: Row = field(default_factory=Row)
    check: Callable[[Any, Path, Validation], None] | None = None
    """Further checks of a value beyond its schema (cross-field rules), or ``None``."""
    key_parts: tuple[str, ...] = ()
    """For a prefixed key (``legend:<player>:<name>``): the names of the parts after the name; a
    name ending in ``?`` is a part that may be left out (only at the end)."""
    reads: tuple[str, ...] = ()
    """What it reads (characteristics, zones …), for dependency checks and the docs."""
    writes: tuple[str, ...] = ()
    """What it changes."""

    @property
    def ref(self) -> str:
        """Return ``slot:name``, the entry's id in tests, the JSON and the page."""
        return f"{self.slot}:{self.name}"

    @property
    def topic(self) -> str:
        """Return the module that applies the entry (its rules topic), or ``""``."""
        return getattr(self.apply, "__module__", "") or ""


@dataclass(frozen=True)
class Slot:
    """A place in the document that takes entries of one kind (see the module docstring)."""

    name: str
    style: str
    kind: str
    """One of :data:`SLOT_KINDS`."""
    label: str = ""
    doc: str = ""
    tag: str = "do"
    """For a tagged slot: the key naming the entry."""
    common: Mapping[str, Field] = field(default_factory=dict)
    """Keys every entry of a tagged slot accepts (an instruction's ``if``)."""
    exactly_one: bool = False
    """For a keyed slot: exactly one entry key (an amount), else at least one."""
    prefixed: bool = False
    """For a keyed slot: keys are ``<name>:<part>:…`` (``options.choices``)."""
    allow_empty: bool = False
    """For a keyed slot: ``{}`` is allowed (an empty filter matches everything)."""


class Vocabulary:
    """The registry of one game: its slots and entries.

    ``cite(rule_key, ruleset)`` returns the :class:`~engine.core.Citation` of a rule key under a
    ruleset (or ``None`` when that ruleset has no such rule); ``rulesets`` are the game's
    ruleset names, in the order the docs show them.
    """

    def __init__(self, game: str, *, cite: Callable[[Any, str], Any], rulesets: Sequence[str]) -> None:
        self.game = game
        self.cite = cite
        self.rulesets = tuple(rulesets)
        self.slots: dict[str, Slot] = {}
        self._entries: dict[str, dict[str, Entry]] = {}

    # -- declaring

    def slot(self, name: str, *, style: str, kind: str, **options: Any) -> Slot:
        """Declare a slot; raise ``ValueError`` if the name is taken or the style unknown."""
        if name in self.slots:
            raise ValueError(f"{self.game}: slot {name!r} declared twice")
        if style not in (TAGGED, KEYED, NAMED) or kind not in SLOT_KINDS:
            raise ValueError(f"{self.game}: slot {name!r}: unknown style {style!r} or kind {kind!r}")
        declared = Slot(name, style, kind, **options)
        self.slots[name] = declared
        self._entries[name] = {}
        return declared

    def use(self, slot: str, **options: Any) -> Use:
        """Return a field whose value the slot ``slot`` checks (the slot may be declared later)."""
        return Use(slot=slot, vocabulary=self, **options)

    def add(self, entry: Entry) -> Entry:
        """Register ``entry``; raise ``ValueError`` for an unknown slot or a name taken twice."""
        if entry.slot not in self.slots:
            raise ValueError(f"{self.game}: entry {entry.ref}: no slot {entry.slot!r}")
        if entry.name in self._entries[entry.slot]:
            raise ValueError(f"{self.game}: entry {entry.ref} registered twice")
        if not entry.rule:
            raise ValueError(f"{self.game}: entry {entry.ref} names no rule")
        slot = self.slots[entry.slot]
        if slot.style == KEYED and entry.value is None:
            raise ValueError(f"{self.game}: keyed entry {entry.ref} needs a value schema")
        self._entries[entry.slot][entry.name] = entry
        return entry

    def entry(self, slot: str, name: str, *, rule: Any, **fields: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Return a decorator registering the decorated function as the ``apply`` of an entry."""
        rules = tuple(rule) if isinstance(rule, (tuple, list)) else (rule,)

        def register(function: Callable[..., Any]) -> Callable[..., Any]:
            self.add(Entry(slot=slot, name=name, rule=rules, apply=function, **fields))
            return function

        return register

    def define(self, slot: str, name: str, *, rule: Any, **fields: Any) -> Entry:
        """Register an entry without an apply function of its own (read by another's)."""
        rules = tuple(rule) if isinstance(rule, (tuple, list)) else (rule,)
        return self.add(Entry(slot=slot, name=name, rule=rules, **fields))

    # -- reading

    def get(self, slot: str, name: str) -> Entry:
        """Return the entry ``name`` of ``slot``; raise ``KeyError`` if there is none."""
        return self._entries[slot][name]

    def has(self, slot: str, name: Any) -> bool:
        """Return whether ``slot`` has an entry called ``name``."""
        return isinstance(name, str) and name in self._entries.get(slot, {})

    def names(self, slot: str, ruleset: str = "") -> list[str]:
        """Return the entry names of ``slot`` (those of ``ruleset`` only, if given), in order."""
        return [e.name for e in self._entries[slot].values() if not ruleset or e.rulesets is None or ruleset in e.rulesets]

    def entries(self, slot: str | None = None) -> list[Entry]:
        """Return every entry (of one slot), slots in declaration order."""
        slots = [slot] if slot is not None else list(self.slots)
        return [entry for name in slots for entry in self._entries[name].values()]

    def apply_of(self, slot: str, name: str) -> Callable[..., Any]:
        """Return the apply function of an entry; raise ``KeyError`` if it has none."""
        function = self._entries[slot][name].apply
        if function is None:
            raise KeyError(f"{self.game}: {slot}:{name} has no apply function")
        return function

    # -- validating

    def check(self, value: Any, path: Path, slot_name: str, v: Validation) -> bool:
        """Check ``value`` as a ``slot_name`` value at ``path``; return whether it is usable."""
        slot = self.slots[slot_name]
        if slot.style == NAMED:
            return self._check_named(slot, value, path, v)
        if v.checker.mapping(value, path) is None:
            return False
        if slot.style == TAGGED:
            return self._check_tagged(slot, value, path, v)
        return self._check_keyed(slot, value, path, v)

    def _allowed(self, slot: Slot, ruleset: str) -> dict[str, Entry]:
        return {name: e for name, e in self._entries[slot.name].items()
                if not ruleset or e.rulesets is None or ruleset in e.rulesets}

    def _unknown(self, slot: Slot, value: Any, path: Path, v: Validation) -> bool:
        every = self._entries[slot.name]
        allowed = self._allowed(slot, v.ruleset)
        what = slot.label.lower() or slot.name.replace("_", " ")
        if isinstance(value, str) and value in every:
            v.error(path, f"{what} {value!r} does not exist under the ruleset {v.ruleset} "
                          f"(it is in: {', '.join(every[value].rulesets or ())})")
        else:
            v.error(path, f"unknown {what} {_shown(value)}{did_you_mean(value, allowed)}; "
                          f"expected one of: {', '.join(allowed)}")
        return False

    def _met(self, entry: Entry, value: Any, path: Path, v: Validation) -> bool:
        v.used.append((entry.slot, entry.name, format_path(path)))
        if entry.check is not None:
            before = len(v.checker.errors)
            entry.check(value, path, v)
            return len(v.checker.errors) == before
        return True

    def _check_named(self, slot: Slot, value: Any, path: Path, v: Validation) -> bool:
        allowed = self._allowed(slot, v.ruleset)
        if not isinstance(value, str) or value not in allowed:
            return self._unknown(slot, value, path, v)
        return self._met(allowed[value], value, path, v)

    def _check_tagged(self, slot: Slot, value: Mapping[str, Any], path: Path, v: Validation) -> bool:
        if slot.tag not in value:
            v.error((*path, slot.tag), f"{slot.tag} is required: one of {', '.join(self._allowed(slot, v.ruleset))}")
            return False
        name = value[slot.tag]
        allowed = self._allowed(slot, v.ruleset)
        if not isinstance(name, str) or name not in allowed:
            return self._unknown(slot, name, (*path, slot.tag), v)
        entry = allowed[name]
        fields = {**slot.common, **entry.keys}
        ok = check_keys(value, path, v, fields, entry.required, ignore=(slot.tag,))
        return self._met(entry, value, path, v) and ok

    def _check_keyed(self, slot: Slot, value: Mapping[str, Any], path: Path, v: Validation) -> bool:
        allowed = self._allowed(slot, v.ruleset)
        named = {}
        companions: dict[str, tuple[Field, list[str]]] = {}
        for entry in allowed.values():
            for key, companion in entry.keys.items():
                companions.setdefault(key, (companion, []))[1].append(entry.name)
        ok = True
        for key, item in value.items():
            name = str(key).split(":", 1)[0] if slot.prefixed else key
            if name in allowed:
                named[key] = allowed[name]
            elif key in companions and not slot.prefixed:
                continue
            else:
                ok = self._unknown(slot, name, (*path, str(key)), v) and ok
        if not ok:
            return False
        if slot.exactly_one and len(named) != 1:
            v.error(path, f"{format_path(path) or 'the value'} must have exactly one of: {', '.join(allowed)}"
                          + (f" (it has {', '.join(named)})" if named else ""))
            return False
        if not named and (value or not slot.allow_empty):
            v.error(path, f"{format_path(path) or 'the value'} needs at least one of: {', '.join(allowed)}")
            return False
        present = {entry.name for entry in named.values()}
        for key, (companion, owners) in companions.items():
            if key in value and not slot.prefixed:
                if not present & set(owners):
                    ok = False
                    v.error((*path, key), f"{key} goes with {' or '.join(owners)}")
                elif not companion.check(value[key], (*path, key), v):
                    ok = False
        for key, entry in named.items():
            if slot.prefixed:
                parts = str(key).split(":")[1:]
                # A part named "…?" may be left out (``modes:<card>`` or ``modes:<source>:<ability>``).
                needed = [p for p in entry.key_parts if not p.endswith("?")]
                if not len(needed) <= len(parts) <= len(entry.key_parts) or not all(parts):
                    ok = False
                    shown = (f"[:<{p[:-1]}>]" if p.endswith("?") else f":<{p}>" for p in entry.key_parts)
                    v.error((*path, str(key)), f"a {entry.name} key is {entry.name}{''.join(shown)}")
                    continue
            if not entry.value.check(value[key], (*path, str(key)), v):  # type: ignore[union-attr]
                ok = False
                continue
            ok = self._met(entry, value[key], (*path, str(key)), v) and ok
        return ok

    # -- describing

    def citations(self, entry: Entry) -> dict[str, list[dict[str, str]]]:
        """Return, per ruleset that has the entry, its rules as ``[{document, number}]``
        (a rule point that ruleset rests on a ruling for is left out)."""
        out = {}
        for ruleset in entry.rulesets or self.rulesets:
            cited = []
            for key in entry.rule:
                citation = self.cite(key, ruleset)
                if citation is not None and hasattr(citation, "number"):
                    cited.append({"document": citation.document, "number": citation.number})
                elif citation is not None:
                    cited.append({"ruling": getattr(citation, "source", str(citation))})
            out[ruleset] = cited
        return out

    def to_json(self) -> dict[str, Any]:
        """Return the whole vocabulary as JSON: slots with their entries, each with its schema,
        rule per ruleset, messages, builder row, doc and example."""
        slots = []
        for slot in self.slots.values():
            slots.append({
                "name": slot.name, "style": slot.style, "kind": slot.kind, "label": slot.label, "doc": slot.doc,
                **({"tag": slot.tag} if slot.style == TAGGED else {}),
                **({"common": {k: f.to_json() for k, f in slot.common.items()}} if slot.common else {}),
                "entries": [self.entry_json(entry) for entry in self._entries[slot.name].values()],
            })
        return {"game": self.game, "rulesets": list(self.rulesets), "slots": slots}

    def entry_json(self, entry: Entry) -> dict[str, Any]:
        """Return one entry as JSON."""
        out: dict[str, Any] = {
            "ref": entry.ref, "name": entry.name, "label": entry.label, "doc": entry.doc,
            "keys": {key: f.to_json() for key, f in entry.keys.items()}, "required": list(entry.required),
            "rule": self.citations(entry), "messages": list(entry.messages), "example": entry.example,
            "row": entry.row.to_json(), "topic": entry.topic,
        }
        if entry.value is not None:
            out["value"] = entry.value.to_json()
        if entry.key_parts:
            out["key_parts"] = list(entry.key_parts)
        if entry.rulesets is not None:
            out["rulesets"] = list(entry.rulesets)
        return out

    def markdown(self, slot_name: str) -> str:
        """Return the generated docs section of one slot (``docs/scenario-format.md``)."""
        slot = self.slots[slot_name]
        lines = [f"<!-- generated from the {self.game} vocabulary: python -m engine vocabulary --write-docs -->"]
        if slot.doc:
            lines += [slot.doc, ""]
        if slot.common:
            lines += ["Every entry also takes: " + "; ".join(f"`{k}` ({f.describe()}{': ' + f.help if f.help else ''})"
                                                            for k, f in slot.common.items()) + ".", ""]
        for entry in self._entries[slot_name].values():
            lines.append(f"* **`{entry.name}`** — {entry.label}. {entry.doc}".rstrip())
            rules = self.citations(entry)
            shown = "; ".join(f"{rs}: " + ", ".join(c.get("number") or "ruling" for c in cited)
                              for rs, cited in rules.items() if cited)
            if shown:
                lines.append(f"  Rule: {shown}.")
            if entry.value is not None:
                lines.append(f"  Value: {entry.value.describe()}{'. ' + entry.value.help if entry.value.help else ''}.")
            for key, f in entry.keys.items():
                required = " (required)" if key in entry.required else ""
                lines.append(f"  - `{key}`{required}: {f.describe()}{'. ' + f.help if f.help else ''}")
            if entry.example is not None:
                lines.append(f"  Example: `{json.dumps(entry.example, ensure_ascii=False)}`")
        return "\n".join(lines) + "\n"


def entries_used(vocabulary: Vocabulary, value: Any, slot: str, *, ruleset: str = "",
                 refs: Mapping[str, frozenset[str] | None] | None = None) -> list[tuple[str, str, str]]:
    """Return ``(slot, name, path)`` of every entry met while checking ``value`` as ``slot``
    (ids are not checked unless ``refs`` is given)."""
    v = Validation(Checker(), ruleset=ruleset, refs=dict(refs) if refs is not None else _ANY_REFS)
    vocabulary.check(value, (), slot, v)
    return v.used


class _AnyRefs(dict):
    """Ref spaces that accept any id (checking an example alone)."""

    def get(self, key: Any, default: Any = None) -> Any:
        return None


_ANY_REFS = _AnyRefs()


def check_example(vocabulary: Vocabulary, entry: Entry) -> list[str]:
    """Return the problems of ``entry.example`` checked in its slot (any id accepted), and a
    problem if the example does not use the entry. A keyed entry's example is the whole
    object (``{"count": {...}, "times": 2}``), a named entry's the string."""
    v = Validation(Checker(), ruleset=(entry.rulesets or vocabulary.rulesets or ("",))[0], refs=_ANY_REFS)
    vocabulary.check(entry.example, (), entry.slot, v)
    problems = [f"{e.path}: {e.message}" for e in v.checker.errors]
    if not any(slot == entry.slot and name == entry.name for slot, name, _ in v.used):
        problems.append(f"the example of {entry.ref} does not use it")
    return problems


_VOCABULARIES: dict[str, Vocabulary] = {}


def register_vocabulary(vocabulary: Vocabulary) -> Vocabulary:
    """Make ``vocabulary`` the registry of its game; raise ``ValueError`` for a second one."""
    if _VOCABULARIES.get(vocabulary.game, vocabulary) is not vocabulary:
        raise ValueError(f"a vocabulary for {vocabulary.game} is registered already")
    _VOCABULARIES[vocabulary.game] = vocabulary
    return vocabulary


def vocabulary_of(game: str) -> Vocabulary:
    """Return the registered vocabulary of ``game``; raise ``KeyError`` if it has none."""
    return _VOCABULARIES[game]


def vocabularies() -> list[Vocabulary]:
    """Return every registered vocabulary, by game name."""
    return [_VOCABULARIES[game] for game in sorted(_VOCABULARIES)]
