"""The option flags of ``wp-2.3``: one registry entry per reading the whitepaper leaves open.

Where two passages of the whitepaper disagree, the scenario's ``options`` choose the reading
(docs/fow-ambiguities.md, each reading with a golden). Each flag is a ``option`` entry of the
vocabulary; the engine reads them through :func:`options`, defaults filled in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.vocabulary import Boolean, Choice
from .vocabulary import VOCABULARY

OPTIONS: dict[str, tuple[Any, tuple[Any, ...]]] = {}
"""Each option flag: its default and its allowed values (filled in by :func:`_option`)."""


READINGS = {
    "bifrost": "Bifrost", "valhalla": "Valhalla", "priority_chapter": "Turn player first (6.2)",
    "abilities_chapter": "Players alternate (9.6)", "keep": "The player keeps priority",
    "opponent": "It passes to the opponent", "forbidden": "Forbidden", "allowed": "Allowed",
    "damage_to_target": "Damage goes to the attack target", "no_damage": "No damage",
    "full": "The full ATK", "capacity": "Only its capacity", "yes": "Yes", "no": "No",
    "locked": "Fixed to the cards there when it began", "any_card": "Any card that meets it",
    "literal": "More than ⌊(life − 1)/1000⌋", "per_1000": "More than ⌈life/1000⌉",
    "round_up": "Rounded up", "none": "Not rounded", "spent": "It is used up", "kept": "What is left stays",
}
"""What each reading says, in a few words (the builder's choices, the vocabulary page)."""


def _option(name: str, default: Any, values: tuple[Any, ...], *, rule: tuple[str, ...], label: str, doc: str,
            messages: tuple[str, ...]) -> None:
    """Register the option ``name`` (its first value is the default reading)."""
    OPTIONS[name] = (default, values)
    value = (Boolean(label=label, default=default) if isinstance(default, bool) else
             Choice(values=values, what=f"value of {name}", label=label, default=default,
                    labels={v: READINGS[v] for v in values}))
    other = next(v for v in values if v != default)
    VOCABULARY.define("option", name, rule=rule, label=label, doc=f"{doc} Default `{str(default).lower()}`.",
                      value=value, messages=messages, example={name: other})


_option("variant", "bifrost", ("bifrost", "valhalla"), rule=("1.2", "3.10", "14.2"), label="Rules variant",
        doc="The variant the players agreed on (FoW 1.2): `valhalla` has the lifebreak area (3.10), lifebreak (7.10) "
            "and its limit (13.4), and each player puts the top four cards of the main deck there in the setup (4.2); "
            "`bifrost` has none (14.2).",
        messages=("fow.variant",))
_option("trigger_order", "priority_chapter", ("priority_chapter", "abilities_chapter"), rule=("6.2", "9.6"),
        label="Order of triggered abilities",
        doc="Who chooses the next triggered ability put on the chase: `priority_chapter` (6.2) — the turn player "
            "while they control any waiting trigger, so all of theirs go first; `abilities_chapter` (9.6) — the "
            "players alternate, the turn player first.",
        messages=("fow.trigger.choose",))
_option("priority_after_judgment", "opponent", ("opponent", "keep"), rule=("6.4", "7.5", "10.16"),
        label="Priority after Judgment",
        doc="Who has priority once Judgment is on the chase: `opponent` — the Judgment ability (7.5 審判異能) is "
            "played like an ability (9.3), so the opponent receives priority (6.4); `keep` — Judgment is an action "
            "of its own (6.3) and the player keeps priority. The same reading decides whether a copy effect copies "
            "Judgment on the chase (10.16): `opponent` copies it, `keep` copies nothing.",
        messages=("fow.priority.judgment_reading", "fow.copy.judgment"))
_option("main_timing_in_battle", "forbidden", ("forbidden", "allowed"), rule=("6.3", "7.1"),
        label="Main timing during a battle",
        doc="Whether the turn player has main timing during a battle: `forbidden` (6.3 requires 「不在戰鬥中」) or "
            "`allowed` (7.1–7.6, 7.11 list only the main phase, priority and an empty chase).",
        messages=("fow.illegal.main_timing",))
_option("blocker_rests", True, (True, False), rule=("8.3",), label="The blocker is rested",
        doc="Whether a blocking resonator or J-ruler is rested when it blocks (8.3 「橫置生物/裁決者進行阻擋」, the "
            "letter) or not (only the attacker rests, 8.2).",
        messages=("fow.battle.block",))
_option("removed_blocker", "damage_to_target", ("damage_to_target", "no_damage"), rule=("8.5", "8.3", "11.1"),
        label="A blocker that left the field",
        doc="What battle damage does when the blocker has left the field: `damage_to_target` — 8.4/8.5 route damage "
            "by whether a blocker is there now, so the attacker damages the declared target (and a resonator target "
            "strikes back); `no_damage` — the attacker stays blocked (8.3, 11.1) and deals none.",
        messages=("fow.battle.blocker_gone",))
_option("j_ruler_attack_on_judgment_turn", "allowed", ("allowed", "forbidden"), rule=("8.2", "3.1", "9.5"),
        label="A J-ruler attacks on its Judgment turn",
        doc="Whether a J-ruler may attack in the turn its player performed Judgment: `allowed` (8.2 needs control "
            "since the start of the turn, and 3.1 keeps a ruler moving inside the battle area the same card) or "
            "`forbidden` (9.5 requires J-rulers to be on the field since the start of the turn).",
        messages=("fow.illegal.attacker_new",))
_option("pierce_blocker_damage", "full", ("full", "capacity"), rule=("11.1",), label="Pierce: damage to the blocker",
        doc="With Pierce, whether the blocker takes the full ATK (`full`: nothing in 11.1 reduces it) or only its "
            "capacity (`capacity`); the excess over the capacity goes to the attack target either way.",
        messages=("fow.battle.pierce",))
_option("explode_on_player_damage", "yes", ("yes", "no"), rule=("11.4",), label="Explode on damage to a player",
        doc="Whether Explode triggers when its resonator damaged only a player: `yes` (11.4's condition names any "
            "damage; it then destroys only itself) or `no` (it destroys 「受到它傷害的生物」, so it needs one).",
        messages=("fow.explode", "fow.explode.player_reading"))
_option("condition_effect_scope", "locked", ("locked", "any_card"), rule=("9.9",), label="Scope of a condition effect",
        doc="Which cards a continuous effect of a resolved ability with a condition (a filter `target`) affects: "
            "`locked` — the cards meeting it when it began, the condition re-checked for them (both sentences of "
            "9.9 at once); `any_card` — any card whenever it meets the condition.",
        messages=("fow.effect.scope",))
_option("lifebreak_threshold", "literal", ("literal", "per_1000"), rule=("7.10",), label="Lifebreak threshold",
        doc="How many lifebreak cards allow lifebreak (Valhalla): `literal` — more than ⌊(life − 1)/1000⌋ (7.10 as "
            "written); `per_1000` — more than ⌈life/1000⌉.",
        messages=("fow.lifebreak", "fow.illegal.lifebreak_count"))
_option("life_rounding", "round_up", ("round_up", "none"), rule=("1.5",), label="Life below 100 rounded up",
        doc="Whether a part of a player's life below 100 is rounded up to the hundred (1.5, the letter: 150 damage "
            "from 4000 leaves 3900) or kept (`none`: 3850).",
        messages=("fow.life.rounded",))
_option("partial_prevention", "spent", ("spent", "kept"), rule=("9.10", "10.17"),
        label="A prevention that prevented only part",
        doc="What is left of a \"prevent N\" effect that prevented less than N: `spent` — a replacement effect "
            "applies only once (9.10); `kept` — prevention is counted in amounts (10.17) and the rest stays for later "
            "damage while the effect lasts.",
        messages=("fow.prevention.leftover",))


def options(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """Return every option flag of ``scenario``, defaults filled in."""
    given = scenario.get("options", {})
    return {key: given.get(key, default) for key, (default, _) in OPTIONS.items()}
