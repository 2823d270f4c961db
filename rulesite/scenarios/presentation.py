"""Shape a stored ruling for reading: citations, the summary, the chain drawing, value tables.

Everything here is pure: it reads the trace and result dictionaries the engine produced
(``docs/scenario-format.md`` §4) and returns plain values for the templates. Nothing is
written and no game is named except where a citation style needs the document family.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from engine.core import NOT_COVERED, shown_value

from .messages import translate_step

Step = dict[str, Any]

# Result keys that are the scenario's own shape, not per-step value histories.
BOARD_KEYS = frozenset({"format", "game", "ruleset", "options", "players", "turn", "objects", "chain", "pending", "effects", "actions", "winner", "complete"})
# Object keys holding card definitions rather than what happened to the card.
DEFINITION_KEYS = frozenset({"effects", "abilities", "costs", "materials", "targets"})

PUSH_KINDS = frozenset({"activate", "respond", "cast", "play"})


# ---------------------------------------------------------------- citations


def citation_text(document: str, number: str, page: str = "") -> str:
    """Return a rule reference as judges write it.

    ``("mtg-cr-2022-04-29", "613.8a")`` → ``CR 613.8a (2022-04-29)``; ``("fow-whitepaper-2.3",
    "6.1")`` → ``FoW 6.1``; ``("fow-cr-12.7", "903.2h-1")`` → ``FoW CR 903.2h-1 (12.7)``; ``("ygo-ocg-rules-arcv", "4.2.4")`` → ``YGO ARC-V 4.2.4``;
    ``("ygo-rulebook-mr2", "ch4.3", "p.41")`` → ``YGO MR2 ch4.3 p.41``. A document of an
    unknown family is cited by its slug.
    """
    if document.startswith("mtg-cr-"):
        return f"CR {number} ({document.removeprefix('mtg-cr-')})"
    if document.startswith("mtg-arb-faq"):
        return f"ARB FAQ {number}"
    if document.startswith("fow-whitepaper"):
        return f"FoW {number}"
    if document.startswith("fow-cr-"):
        return f"FoW CR {number} ({document.removeprefix('fow-cr-')})"
    if document.startswith("ygo-ocg-rules-"):
        edition = document.removeprefix("ygo-ocg-rules-").upper().replace("ARCV", "ARC-V")
        return f"YGO {edition} {number}"
    if document.startswith("ygo-rulebook-"):
        edition = document.removeprefix("ygo-rulebook-").upper()
        return f"YGO {edition} {number}{' ' + page if page else ''}"
    return f"{document} {number}"


def _is_rule(rule: Any) -> bool:
    return isinstance(rule, dict) and isinstance(rule.get("document"), str) and isinstance(rule.get("number"), str)


def iter_rules(data: Any, *, see_also: bool = False) -> Iterator[dict[str, Any]]:
    """Yield every rule reference ``{"document", "number", ...}`` found under a ``rule`` key,
    and with ``see_also`` those in a step's ``see_also`` list (another document's rules on the
    same topic, shown for reference; they are not cited).

    Walks any JSON value: a trace with its branches, a result, a value-history table.
    """
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            rule = item.get("rule")
            if _is_rule(rule):
                yield rule
            others = item.get("see_also")
            if see_also and isinstance(others, list):
                yield from (other for other in others if _is_rule(other))
            stack.extend(value for key, value in item.items() if key not in ("rule", "see_also"))
        elif isinstance(item, list):
            stack.extend(item)


# ---------------------------------------------------------------- the chain drawing


@dataclass
class ChainCard:
    link: int | None
    name: str
    player: str = ""
    resolving: bool = False


@dataclass
class ChainSnapshot:
    """The chain (top first) as a step begins; ``step`` is None for the empty chain at the end."""

    step: Step | None
    cards: list[ChainCard] = field(default_factory=list)
    leaving: ChainCard | None = None


def _card_name(params: dict[str, Any], fallback: str, names: dict[str, str] | None = None) -> str:
    card = params.get("card")
    return str(params.get("card_name") or params.get("name") or (names or {}).get(card) or card or fallback)


def object_names(*states: dict[str, Any]) -> dict[str, str]:
    """Return ``{object id: name}`` for the objects of the given scenario states."""
    return {o["id"]: o["name"] for state in states for o in state.get("objects") or [] if isinstance(o, dict) and o.get("id") and o.get("name")}


def _identity(params: dict[str, Any]) -> Any:
    """Return what names one chain link or stack item: its link number, item id, position or card."""
    for key in ("link", "item", "position", "card"):
        if params.get(key) is not None:
            return (key, params[key])
    return None


MAX_LISTED_STEPS = 1_500
"""At most this many trace steps (branch steps included) on one page (about 2 MB of HTML); the
rest are in the ruling's JSON export. The engine's own budget is 50,000 steps."""


def listed_steps(trace: list[Step], max_steps: int | None = None) -> tuple[list[Step], int]:
    """Return the first steps of ``trace`` that a page lists, at most ``max_steps`` of them
    counting every branch's steps in order, and how many steps are left out.

    Steps are shallow copies where their branches are cut; ``trace`` is not changed. A prefix
    keeps the anchors (``step-12``, ``step-12b2-3``) and board diffs of the steps shown.

    >>> step = {"kind": "x", "branches": [{"trace": [{"kind": "y"}] * 3}]}
    >>> shown, left = listed_steps([{"kind": "a"}, step, {"kind": "b"}], max_steps=3)
    >>> [len(b["trace"]) for b in shown[1]["branches"]], left
    ([1], 3)
    """
    budget = [MAX_LISTED_STEPS if max_steps is None else max_steps]

    def walk(steps: list[Step]) -> list[Step]:
        out: list[Step] = []
        for step in steps:
            if budget[0] <= 0:
                break
            budget[0] -= 1
            branches = step.get("branches")
            if branches:
                step = {**step, "branches": [{**b, "trace": walk(list(b.get("trace") or []))} if isinstance(b, dict) else b
                                             for b in branches if budget[0] > 0]}
            out.append(step)
        return out

    def count(steps: list[Step]) -> int:
        return sum(1 + sum(count(list(b.get("trace") or [])) for b in step.get("branches") or () if isinstance(b, dict))
                   for step in steps)

    shown = walk(list(trace))
    return shown, count(list(trace)) - count(shown)


MAX_CHAIN_DRAWN = 600
"""At most this many chain cards drawn in "the chain, step by step" together: a chain of n links
draws about n²/2 cards (a 1,000-link chain drew 500,500, 78 MB of HTML)."""


def drawn_snapshots(snapshots: list[ChainSnapshot], max_cards: int | None = None) -> tuple[list[ChainSnapshot], int]:
    """Return the first ``snapshots`` that draw at most ``max_cards`` chain cards together, and
    how many were left out (each is still a ``resolve`` step of the trace).

    >>> card = ChainCard(1, "A", "p1")
    >>> drawn_snapshots([ChainSnapshot(None, [card] * 3)] * 4, max_cards=7)[1]
    2
    """
    drawn, total, cap = [], 0, MAX_CHAIN_DRAWN if max_cards is None else max_cards
    for snapshot in snapshots:
        total += max(len(snapshot.cards), 1)
        if total > cap:
            break
        drawn.append(snapshot)
    return drawn, len(snapshots) - len(drawn)


def chain_snapshots(trace: list[Step], names: dict[str, str] | None = None) -> list[ChainSnapshot]:
    """Return the chain or stack as each ``resolve`` step begins, then the empty chain.

    Links come from ``activate``/``respond``/``cast``/``play`` steps (and ``trigger`` steps
    that name a link or item), one per link number, stack item or chase position; later
    steps of the same activation (its cost, "becomes cast") name a card already on the
    chain and add nothing. A ``resolve`` step takes off the link it names, else the top one;
    a ``cancel`` or ``counter`` step takes off the link it names. ``names`` maps object ids to
    names for steps that give only the id. Return ``[]`` when nothing resolves.
    """
    chain: list[tuple[Any, Any, ChainCard]] = []  # (identity, card id, drawing)
    snapshots: list[ChainSnapshot] = []
    # Where resolve steps name their link/item/position, a resolve step naming only a card is a
    # part of a resolution (Magic's "cascade reveals"), not an item leaving the stack.
    numbered = any(s.get("kind") == "resolve" and (_identity(s.get("params") or {}) or ("card",))[0] != "card" for s in trace)

    def already_on(identity: Any, card_id: Any, key: Any, on_chain: Any) -> bool:
        if identity is not None and key is not None and identity[0] != "card" and identity[0] == key[0]:
            return identity == key  # two stack items of one card (a spell and its trigger) are two items
        return (identity is not None and identity == key) or (card_id is not None and card_id == on_chain)

    for step in trace:
        params = step.get("params") or {}
        kind, identity, card_id = step.get("kind"), _identity(params), params.get("card")
        if kind == "resolve" and numbered and (identity is None or identity[0] == "card"):
            continue
        if kind in PUSH_KINDS or (kind == "trigger" and identity is not None and identity[0] != "card"):
            if any(already_on(identity, card_id, key, on_chain) for key, on_chain, _ in chain):
                continue
            link = params.get("link", params.get("position"))
            drawing = ChainCard(link if isinstance(link, int) else len(chain) + 1, _card_name(params, step.get("text", ""), names), str(params.get("player") or ""))
            chain.append((identity, card_id, drawing))
        elif kind == "resolve" and chain:
            named = [entry for entry in chain if identity is not None and entry[0] is not None and entry[0][1] == identity[1]]
            leaving = named[-1] if named else chain[-1]
            shown = [ChainCard(c.link, c.name, c.player, entry is leaving) for entry in reversed(chain) for c in (entry[2],)]
            snapshots.append(ChainSnapshot(step, shown, leaving[2]))
            chain.remove(leaving)
        elif kind in ("cancel", "counter") and identity is not None:
            chain[:] = [entry for entry in chain if entry[0] is None or entry[0][1] != identity[1]]
    if snapshots:
        snapshots.append(ChainSnapshot(None, [entry[2] for entry in reversed(chain)]))
    return snapshots


def chain_links(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the chain of a scenario or result (Chain Link 1 first), each link with its card's ``name``."""
    names = {o.get("id"): o.get("name") for o in state.get("objects") or [] if isinstance(o, dict)}
    return [
        {**link, "name": names.get(link.get("card")) or link.get("card")}
        for link in state.get("chain") or []
        if isinstance(link, dict)
    ]


# ---------------------------------------------------------------- the summary

_MOVES = {
    "destroy": gettext_noop("destroys %(name)s"),
    "banish": gettext_noop("banishes %(name)s"),
    "send_to_graveyard": gettext_noop("sends %(name)s to the Graveyard"),
    "return_to_hand": gettext_noop("returns %(name)s to the hand"),
    "return_to_deck": gettext_noop("returns %(name)s to the Deck"),
    "special_summon": gettext_noop("Special Summons %(name)s"),
}


_KEPT_OUT = {
    "ygo.no_effect.unaffected": gettext_noop("%(name)s is unaffected"),
    "ygo.no_effect.indestructible": gettext_noop("%(name)s is not destroyed"),
    "ygo.no_effect.special_summon_forbidden": gettext_noop("%(name)s is not Special Summoned"),
}
"""The ``no_effect`` steps that say a protection kept one card out: the sentence names the card."""


def _clause(step: Step, resolving: str, names: dict[str, str]) -> str | None:
    """Return what ``step`` adds to the sentence of the link resolving, or None."""
    kind, params, message = step.get("kind"), step.get("params") or {}, step.get("message_id") or ""
    name = _card_name(params, "?", names)
    if kind == "negate":
        if message.endswith(".effect"):
            return _("negates the effect of %(name)s") % {"name": name}
        return _("negates the activation of %(name)s") % {"name": name}
    if kind in ("cancel", "counter"):
        return _("cancels %(name)s") % {"name": name}
    if kind == "effect" and params.get("do"):
        what = do_label(params["do"], step.get("game") or _game_of(message))
        if message.endswith(".new_object"):
            return _("%(name)s is a new object: the effect “%(effect)s” no longer applies to it") % {"name": name, "effect": what}
        if message.endswith("effect_ended"):
            return None
        return _("creates the effect “%(effect)s”") % {"effect": what}
    if kind == "no_effect" and message in _KEPT_OUT:
        target = params.get("target")
        return _(_KEPT_OUT[message]) % {"name": params.get("target_name") or names.get(target) or target or "?"}
    if kind == "no_effect":
        return _("does nothing")
    if kind == "move" and params.get("reason") in _MOVES and name != resolving:
        return _(_MOVES[params["reason"]]) % {"name": name}
    if kind == "move" and message.endswith(".draw"):
        return _("%(player)s draws a card") % {"player": params.get("player", "?")}
    if kind == "move" and message.endswith(".control"):
        return _("%(player)s takes control of %(name)s") % {"player": params.get("player", "?"), "name": name}
    if kind == "modify" and "after" in params:
        return _("%(name)s becomes %(after)s") % {"name": name, "after": params["after"]}
    if kind == "state_based" and message.endswith(".sba.graveyard"):
        return _("%(name)s is put into its owner's graveyard") % {"name": name}
    if kind == "state_based" and message.endswith(".sba.lose"):
        return _("%(player)s loses the game") % {"player": params.get("player", "?")}
    if kind == "leave" and message.endswith(".leave.player"):
        return _("%(player)s leaves the game") % {"player": params.get("player", "?")}
    if kind == "damage":
        target = params.get("target")
        who = params.get("player") or params.get("target_name") or names.get(target) or target or "?"
        return _("%(player)s takes %(amount)s damage") % {"player": who, "amount": params.get("amount", "?")}
    if kind == "lp":
        return _("%(player)s gains %(amount)s LP") % {"player": params.get("player", "?"), "amount": params.get("amount", "?")}
    if kind == "choice" and (step.get("options") or step.get("branches")):
        return _("a choice is left open")
    if kind == "cannot_evaluate":
        return _("cannot be evaluated")
    return None


def _player_label(player: Any, names: dict[str, str]) -> str:
    """``Alice (p1)`` when the player has a name, else ``p1``."""
    return f"{names[player]} ({player})" if names.get(player) else str(player)


def _player_names(*states: dict[str, Any] | None) -> dict[str, str]:
    return {p["id"]: p["name"] for state in states if isinstance(state, dict) for p in state.get("players") or []
            if isinstance(p, dict) and isinstance(p.get("id"), str) and isinstance(p.get("name"), str) and p["name"].strip()}


def _winner_sentence(result: dict[str, Any], names: dict[str, str]) -> str:
    """The winner, or ``""`` when the game goes on (the summary names a winner only when there is one)."""
    winner = result.get("winner")
    if winner == "draw":
        return _("The game is a draw.")
    if winner:
        return _("Winner: %(winner)s.") % {"winner": _player_label(winner, names)}
    return ""


LIFE_KEYS = ("lp", "life")
"""A player's life total: ``lp`` (Yu-Gi-Oh!), ``life`` (Magic, Force of Will)."""


def _life_sentences(before: dict[str, Any] | None, result: dict[str, Any], names: dict[str, str]) -> list[str]:
    """``Bob (p2): LP 8000 → 5500.`` for each player whose life total changed from ``before`` to ``result``."""
    if not isinstance(before, dict):
        return []
    start = {p.get("id"): p for p in before.get("players") or [] if isinstance(p, dict)}
    sentences = []
    for player in result.get("players") or []:
        if not isinstance(player, dict) or player.get("id") not in start:
            continue
        for key in LIFE_KEYS:
            old, new = start[player["id"]].get(key), player.get(key)
            if isinstance(old, int) and isinstance(new, int) and old != new:
                what = "LP" if key == "lp" else _("life")
                sentences.append(_("%(player)s: %(what)s %(old)s → %(new)s.") % {
                    "player": _player_label(player["id"], names), "what": what, "old": old, "new": new})
    return sentences


def _type_line(game: str, chars: dict[str, Any]) -> str:
    """``Enchantment Creature — Bear``: a permanent's types after every layer, in the reader's words."""
    from .labels import board_label  # noqa: PLC0415 (labels imports the builders, which read this module)

    first = ("tribal", "enchantment", "artifact", "land")
    words = [str(t).capitalize() if _english() else str(t) for t in chars.get("supertypes") or []]
    words += [board_label(game, "types", t) for t in sorted(chars.get("types") or [], key=lambda t: (t not in first, first.index(t) if t in first else 0))]
    line = " ".join(w for w in words if w)
    subtypes = [str(t) for t in chars.get("subtypes") or []]
    return f"{line} — {' '.join(subtypes)}" if subtypes and line else line


def _english() -> bool:
    from django.utils.translation import get_language  # noqa: PLC0415

    return (get_language() or "en").startswith("en")


def _value_sentences(result: dict[str, Any]) -> list[str]:
    """Where continuous effects are the point (an object with a ``layers`` or ``continuous``
    table), each such object's final values: ``Humility: 4/4 Enchantment Creature.``
    (Magic, CR 613) or ``Elf: ATK 700 / DEF 500.`` (Force of Will 9.9)."""
    game = str(result.get("game") or "")
    sentences = []
    for obj in result.get("objects") or []:
        if not isinstance(obj, dict) or not (obj.get("layers") or obj.get("continuous")):
            continue
        name = str(obj.get("name") or obj.get("id") or "?")
        chars = obj.get("characteristics") if isinstance(obj.get("characteristics"), dict) else None
        if chars is not None:
            types = _type_line(game, chars)
            if chars.get("power") is not None:
                what = f"{chars['power']}/{chars.get('toughness')} {types}".strip()
            else:
                what = types or "—"
            sentences.append(_("%(name)s: %(what)s.") % {"name": name, "what": what})
        elif obj.get("atk") is not None:
            sentences.append(_("%(name)s: ATK %(atk)s / DEF %(def)s.") % {"name": name, "atk": obj["atk"], "def": obj.get("def", "?")})
    return sentences


OUTCOMES = (".no_legal_targets", ".countered")
"""The ``resolve`` sub-steps that say a stack item left without resolving (CR 608.2b, 701.5a)."""


def _sub_step(trace: list[Step], index: int) -> bool:
    """Whether the ``resolve`` step at ``index`` details the one before it (``mtg.resolve`` then
    ``mtg.resolve.target_illegal``): consecutive, its message id the other's plus a suffix."""
    message = str(trace[index].get("message_id") or "")
    for back in range(index - 1, -1, -1):
        previous = trace[back]
        if previous.get("kind") != "resolve":
            return False
        head = str(previous.get("message_id") or "")
        if head and message.startswith(head + "."):
            return True
    return False


def _outcome(trace: list[Step], start: int) -> Step | None:
    """The sub-step after the ``resolve`` step at ``start`` saying it did not resolve, or None."""
    for index in range(start + 1, len(trace)):
        step = trace[index]
        if step.get("kind") != "resolve" or not _sub_step(trace, index):
            return None
        if str(step.get("message_id") or "").endswith(OUTCOMES):
            return step
    return None


def summarize(trace: list[Step], result: dict[str, Any], before: dict[str, Any] | None = None) -> list[str]:
    """Return the answer in a few plain sentences, composed from step kinds and params.

    ``before``: the scenario as entered (its players' names and starting life totals). One
    sentence per illegal activation and per resolving link (in the order they resolve); where
    continuous effects are the point, each affected object's final values (P/T and types, or
    ATK/DEF); each life total that changed; the winner only when there is one; and whether
    the resolution is complete or rests on a point the document does not cover.
    """
    sentences: list[str] = []
    names = object_names(result)
    players = _player_names(before, result)
    illegal = [s for s in trace if s.get("kind") == "illegal"]
    for step in illegal:
        params = step.get("params") or {}
        what = _card_name(params, translate_step(step), names).rstrip(".。 ")
        sentences.append(_("Not allowed: %(name)s.") % {"name": what})
    resolves = [i for i, s in enumerate(trace) if s.get("kind") == "resolve" and not _sub_step(trace, i)]
    for n, start in enumerate(resolves):
        step, params = trace[start], trace[start].get("params") or {}
        outcome = _outcome(trace, start)
        if outcome is not None:
            # "s1 resolves", then "its target is illegal", "s1 does not resolve" (CR 608.2b) or
            # "s1 is countered": one sentence, headed by what happened.
            step, params = outcome, outcome.get("params") or {}
        name = _card_name(params, "", names)
        end = resolves[n + 1] if n + 1 < len(resolves) else len(trace)
        clauses: list[str] = []
        for later in trace[start + 1 : end]:
            clause = _clause(later, name, names)
            if clause and clause not in clauses:
                clauses.append(clause)
        link = params.get("link")
        if link is None:
            # A game whose resolve steps name no link: its own message says what resolves,
            # in the reader's language.
            head, name = translate_step(step).rstrip(".。 "), ""
        elif n == 0 and len(resolves) > 1:
            head = _("Chain Link %(link)s resolves first") % {"link": link}
        else:
            head = _("Chain Link %(link)s resolves") % {"link": link}
        what = " ".join(part for part in (name, str(get_text_list(clauses, _("and")))) if part)
        if what:
            sentences.append(_("%(head)s: %(what)s.") % {"head": head, "what": what})
        else:
            sentences.append(_("%(head)s.") % {"head": head})
    sentences.extend(_value_sentences(result))
    sentences.extend(_life_sentences(before, result, players))
    winner = _winner_sentence(result, players)
    if winner:
        sentences.append(winner)
    if not sentences:
        sentences.append(_("Nothing resolves and no player wins."))
    if any(str(s.get("source") or "").startswith(NOT_COVERED) for s in trace if isinstance(s, dict)):
        sentences.append(_("Part of this answer rests on a point the rules document does not cover: see the steps marked so."))
    if result.get("complete") is False:
        sentences.append(_("The resolution is incomplete."))
    return sentences


TOPICS = {
    "pt": gettext_noop("power and toughness"), "characteristics": gettext_noop("types and abilities"),
    "atk_def": gettext_noop("ATK and DEF"), "ygo": gettext_noop("the chain"), "mtg": gettext_noop("the stack"),
    "fow": gettext_noop("the chase"), "attack": gettext_noop("the attack"), "board": gettext_noop("the board"),
}
"""What a ruling is about, for a title made from its board."""

MAX_TITLE_CARDS = 3


def ruling_title(document: dict[str, Any], result: dict[str, Any], trace: list[Step]) -> str:
    """Return a title made from the board when the judge gave none: the cards that matter and
    what the question is about, e.g. ``Humility + Opalescence: power and toughness`` or
    ``Monster Reborn + Solemn Judgment: the chain``.

    The cards are those whose continuous effects changed a value (the ``layers`` or
    ``continuous`` tables' sources, in timestamp order), else those played or on the
    chain/stack/chase, else the attackers; at most three, in the order met.
    """
    game = str(document.get("game") or result.get("game") or "")
    names = object_names(document, result)
    cards: list[str] = []

    def add(name: Any) -> None:
        if isinstance(name, str) and name and name not in cards:
            cards.append(name)

    objects = [o for o in result.get("objects") or [] if isinstance(o, dict)]
    rows = [row for o in objects for key in ("layers", "continuous") for row in o.get(key) or [] if isinstance(row, dict)]
    if rows:
        # In timestamp order (CR 613.7): "Humility + Opalescence" and "Opalescence + Humility"
        # are different questions with different answers.
        def stamp(row: dict[str, Any]) -> float:
            value = row.get("timestamp")
            return value if isinstance(value, (int, float)) and not isinstance(value, bool) else float("inf")

        for row in sorted(rows, key=stamp):
            add(names.get(row.get("source")) or (str(row.get("label") or "").split(":")[0] or None))
        if any("layers" in o and o["layers"] for o in objects):
            topic = "pt" if any(str(row.get("layer")) == "7" for row in rows) else "characteristics"
        else:
            topic = "atk_def"
    else:
        for link in document.get("chain") or []:
            if isinstance(link, dict):
                add(link.get("name") or names.get(link.get("card")))
        for step in trace:
            if isinstance(step, dict) and step.get("kind") in PUSH_KINDS:
                add(_card_name(step.get("params") or {}, "", names))
        attacks = [a for a in document.get("actions") or [] if isinstance(a, dict) and a.get("type") in ("attack", "declare_attackers")]
        topic = game if cards and game in TOPICS else "board"
        if not cards and attacks:
            for action in attacks:
                for attacker in [action.get("attacker"), *(action.get("attackers") or [])]:
                    add(names.get(attacker) if isinstance(attacker, str) else None)
            topic = "attack"
    if not cards:
        for obj in objects[:MAX_TITLE_CARDS]:
            add(obj.get("name"))
    shown = " + ".join(cards[:MAX_TITLE_CARDS]) + (" …" if len(cards) > MAX_TITLE_CARDS else "")
    about = _(TOPICS[topic])
    return _("%(cards)s: %(topic)s") % {"cards": shown, "topic": about} if shown else about.capitalize()


UNEVALUATED_KINDS = frozenset({"cannot_evaluate", "not_covered"})
"""Step kinds that say the engine could not evaluate a point (issue 12: never a silent guess)."""


def unevaluated_count(trace: list[Step]) -> int:
    """Return how many steps of ``trace`` (its branches included) say a point could not be
    evaluated: card text the engine cannot read, or a point the rules document does not cover."""
    count = 0
    stack = list(trace)
    while stack:
        step = stack.pop()
        if not isinstance(step, dict):
            continue
        count += step.get("kind") in UNEVALUATED_KINDS
        for branch in step.get("branches") or ():
            if isinstance(branch, dict):
                stack.extend(branch.get("trace") or ())
    return count


def summary_counts(trace: list[Step]) -> str:
    """Return "N steps · M rules cited" for the page head."""
    cited = len({(r["document"], r["number"]) for r in iter_rules(trace)})
    steps = ngettext("%(n)d step", "%(n)d steps", len(trace)) % {"n": len(trace)}
    rules = ngettext("%(n)d rule cited", "%(n)d rules cited", cited) % {"n": cited}
    return f"{steps} · {rules}"


# ---------------------------------------------------------------- value histories


@dataclass
class HistoryTable:
    """A list of dicts from the result shown as a table: ``columns`` in first-seen order."""

    title: str
    key: str
    columns: list[str]
    rows: list[dict[str, Any]]
    """Each row: ``{"cells": [{"column", "text", "is_rule", "rule"?}]}``."""
    headers: list[str] = field(default_factory=list)
    """Each column's header in the reader's language (``Applied because``, not ``reason``)."""


def _is_rule(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("document"), str) and isinstance(value.get("number"), str)


def _is_table(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)


def _cell_text(value: Any) -> str:
    """Return a value-table cell as a judge reads it (``types: land; subtypes: Mountain``), not as JSON."""
    if value is None:
        return ""
    if isinstance(value, (str, int, float)):
        return str(value)
    return shown_value(value)


def _is_rule_column(column: str) -> bool:
    return column == "rule" or column.endswith("_rule")


def _rule_cell(value: Any, document: str) -> dict[str, Any] | None:
    """Return ``{"rule": {...}}`` for a rule reference, or a bare number when ``document`` is known."""
    if _is_rule(value):
        return {"rule": dict(value)}
    if isinstance(value, str) and value and document:
        return {"rule": {"document": document, "number": value}}
    return None


COLUMN_LABELS = {
    "layer": gettext_noop("Layer"), "label": gettext_noop("Effect"), "effect": gettext_noop("Effect"),
    "timestamp": gettext_noop("Timestamp"), "reason": gettext_noop("Applied because"), "order": gettext_noop("Order"),
    "change": gettext_noop("Change"), "rule": gettext_noop("Rule"), "condition": gettext_noop("Condition"),
    "step": gettext_noop("Step"), "dependency_found": gettext_noop("Depends on"), "atk": "ATK", "def": "DEF",
    "layers": gettext_noop("layers"), "continuous": gettext_noop("continuous effects"), "history": gettext_noop("history"),
    "layer_rule": gettext_noop("Layer rule"),
}
"""Value-table column → its header (a column not listed shows its key with spaces)."""

COLUMN_ORDER = ("step", "layer", "label", "effect", "timestamp", "reason", "order", "change", "condition", "dependency_found")
"""Columns shown first, in this order (the rest, rule columns among them, follow as met)."""

REASONS = {
    "timestamp": gettext_noop("timestamp order"),
    "dependency": gettext_noop("it depends on another effect"),
    "cda": gettext_noop("characteristic-defining ability"),
    "condition_false": gettext_noop("its condition is not met"),
    "loop": gettext_noop("dependency loop: timestamp order"),
    "choice": gettext_noop("the controller's choice"),
}
"""Why an effect applied when it did (a ``reason``/``order`` cell), as a judge says it."""


def _game_of(message_id: str) -> str:
    """The game a step's message id names (``mtg.effect.created`` → ``mtg``)."""
    return message_id.partition(".")[0]


def do_label(do: str, game: str) -> str:
    """Return an effect or instruction code (``modify_pt``) as its registered label in the
    reader's language (``Gets +N/+N``), or the code with spaces when no registry names it."""
    from engine.core.vocabulary import vocabularies  # noqa: PLC0415 (the registries load with the engine)

    from .builders.vocab import translate_text  # noqa: PLC0415 (a cycle through .selectors)

    registry = next((v for v in vocabularies() if v.game == game), None)
    for slot in ("effect", "instruction", "change"):
        try:
            entry = registry.get(slot, do) if registry else None
        except (KeyError, ValueError):
            entry = None
        if entry is not None and entry.label:
            return translate_text(entry.label, game)
    return do.replace("_", " ")


def _effect_label(label: Any, do: Any, game: str) -> Any:
    """Return ``Humility: Has base power/toughness`` for ``Humility: set_pt``: the ``do`` code
    read as its registered label in the reader's language, or ``label`` unchanged."""
    if not (isinstance(label, str) and isinstance(do, str) and label.endswith(f": {do}")):
        return label
    return f"{label[: -len(do)]}{do_label(do, game)}"


def _readable_row(item: dict[str, Any], game: str) -> dict[str, Any]:
    """Return a value-table row as a judge reads it: the layer with its sublayer (``7b``), before
    and after as one change, the reason in words, and no engine codes (``do``, effect ids, a
    ``layer_rule`` that repeats ``rule``)."""
    row = dict(item)
    if "layer" in row and "sublayer" in row:
        row["layer"] = f"{row['layer']}{row.pop('sublayer') or ''}"
    if "before" in row and "after" in row and "change" not in row:
        row["change"] = f"{_cell_text(row.pop('before')) or '—'} → {_cell_text(row.pop('after')) or '—'}"
    if "label" in row:
        row["label"] = _effect_label(row["label"], row.get("do"), game)
        row.pop("effect", None)
    row.pop("do", None)
    if row.get("layer_rule") == row.get("rule"):
        row.pop("layer_rule", None)
    for key in ("reason", "order"):
        if isinstance(row.get(key), str) and row[key] in REASONS:
            row[key] = _(REASONS[row[key]])
    return row


def _header(column: str) -> str:
    label = COLUMN_LABELS.get(column)
    return _(label) if label else column.replace("_", " ")


def _table(title: str, key: str, items: list[dict[str, Any]], document: str, game: str = "") -> HistoryTable:
    items = [_readable_row(item, game) for item in items]
    columns: list[str] = []
    for item in items:
        columns.extend(k for k in item if k not in columns and k not in ("basis", "source"))
    columns.sort(key=lambda c: COLUMN_ORDER.index(c) if c in COLUMN_ORDER else len(COLUMN_ORDER))
    headers = [_header(c) for c in columns]
    rows = []
    for item in items:
        cells = []
        for column, header in zip(columns, headers, strict=True):
            value = item.get(column)
            cited = _rule_cell(value, document) if _is_rule_column(column) else None
            cells.append({"column": column, "header": header, "text": _cell_text(value), "is_rule": cited is not None, **(cited or {})})
        rows.append({"cells": cells})
    return HistoryTable(title, key, columns, rows, headers)


def value_histories(result: dict[str, Any], document: str = "") -> list[HistoryTable]:
    """Return a table for each list of dicts in the result beyond the board itself.

    Per object (an ATK/DEF history, a ``layers`` walk, ``continuous`` steps…) and at the top
    level of the result; card definitions (``effects``) are not histories. A ``rule`` or
    ``*_rule`` column holds rule references: ``{"document", "number"}``, or a bare number read
    as a section of ``document`` (the one document the ruling cites, when there is one).
    """
    tables: list[HistoryTable] = []
    game = str(result.get("game") or "")
    for obj in result.get("objects") or []:
        if not isinstance(obj, dict):
            continue
        for key, value in obj.items():
            if key not in DEFINITION_KEYS and _is_table(value):
                tables.append(_table(f"{obj.get('name') or obj.get('id')} · {_header(key)}", key, value, document, game))
    for key, value in result.items():
        if key not in BOARD_KEYS and _is_table(value):
            tables.append(_table(_header(key), key, value, document, game))
    return tables
