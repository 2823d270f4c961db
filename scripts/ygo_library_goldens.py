"""Write the goldens of the Yu-Gi-Oh! card library (fixtures/scenarios/ygo/library-*.json).

Each board holds library cards exactly as their files have them (engine.core.cards), plays the
card's ability under the rule it rests on, and keeps as ``expected`` the steps that say what the
card did (its moves, negations, costs, damage, refusals) and the zones and LP after. The traces
were read step by step when written; rerun after a deliberate engine change and read the diff:

    .venv/bin/python scripts/ygo_library_goldens.py [slug ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.core.cards import by_name  # noqa: E402

OUT = ROOT / "fixtures" / "scenarios" / "ygo"
KEPT = {"move", "negate", "cost", "damage", "lp", "illegal", "condition", "effect", "no_effect", "cannot_evaluate",
        "choice", "trigger", "replace", "battle", "end"}
"""The step kinds a library golden expects: what the cards did, not the priority passes."""


def card(name: str):
    return by_name("ygo")[name.casefold()]


def field(name: str, oid: str, owner: str, **state):
    entry = card(name)
    if entry.obj["kind"] == "monster":
        return entry.as_object(oid, owner, "monster_zone", **{"position": "attack", **state})
    zone = "field_zone" if entry.obj.get("subtype") == "field" else "spell_trap_zone"
    return entry.as_object(oid, owner, zone, **{"position": "face-down", **state})


def hand(name: str, oid: str, owner: str, **state):
    return card(name).as_object(oid, owner, "hand", **state)


def grave(name: str, oid: str, owner: str):
    return card(name).as_object(oid, owner, "graveyard")


def deck(name: str, oid: str, owner: str):
    return card(name).as_object(oid, owner, "deck")


def scenario(objects, actions=(), *, ruleset="arcv", turn=None, chain=(), options=None):
    return {"format": "1", "game": "ygo", "ruleset": ruleset, "options": options or {},
            "players": [{"id": "p1", "name": "Alice", "lp": 8000}, {"id": "p2", "name": "Bob", "lp": 8000}],
            "turn": turn or {"active": "p1", "phase": "main1", "step": None},
            "objects": list(objects), "chain": list(chain), "pending": [], "effects": [], "actions": list(actions)}


BATTLE = {"active": "p1", "phase": "battle", "step": "battle"}
OPP_MAIN = {"active": "p2", "phase": "main1", "step": None}
BOARDS: dict[str, tuple[str, str, dict]] = {}
"""slug → (title, source, scenario)."""


def board(slug: str, title: str, source: str, scen: dict) -> None:
    BOARDS[slug] = (title, source, scen)


A = "ygo-ocg-rules-arcv"
# --- the three two-minute boards of issue 16
board("monster-reborn-answered-by-solemn-judgment",
      "Monster Reborn answered by Solemn Judgment: half the LP paid, Reborn negated and destroyed", f"{A} 4.1.4.i1",
      scenario([hand("Monster Reborn", "mr", "p1"), grave("Blue-Eyes White Dragon", "bewd", "p2"),
                field("Solemn Judgment", "sj", "p2")],
               [{"type": "activate", "card": "mr", "targets": ["bewd"]},
                {"type": "activate", "card": "sj", "effect": "negate_card"}]))
board("mirror-force-answers-an-attack",
      "Mirror Force answers an attack: every Attack Position monster of the attacker's side is destroyed",
      f"{A} 4.2.3.3.i5",
      scenario([field("Dark Magician", "dm", "p1"), field("Vorse Raider", "vr", "p1"),
                field("Celtic Guardian", "cg", "p1", position="defense"), field("Mirror Force", "mf", "p2"),
                field("Kuriboh", "k", "p2")],
               [{"type": "attack", "attacker": "dm", "target": "k"}, {"type": "activate", "card": "mf"}], turn=BATTLE))
board("sangan-destroyed-by-battle-searches",
      "Sangan destroyed by battle: its trigger adds the one monster with 1500 or less ATK from the Deck, and that "
      "name is locked for the turn", f"{A} 3.2.7.3.i1",
      scenario([field("Dark Magician", "dm", "p1"), field("Sangan", "sg", "p2"),
                deck("Kuriboh", "k", "p2"), deck("Blue-Eyes White Dragon", "bewd", "p2")],
               [{"type": "attack", "attacker": "dm", "target": "sg"}], turn=BATTLE))
sangan_lock = scenario([grave("Sangan", "sg", "p2"), deck("Effect Veiler", "v", "p2"), deck("Dark Magician", "dm", "p2"),
                        field("Honest", "h", "p1")],
                       [{"type": "resolve"}, {"type": "activate", "card": "h", "effect": 0},
                        {"type": "activate", "card": "v", "targets": ["h"]}])
sangan_lock["chain"] = [{"card": "sg"}]
board("sangan-locks-the-name-it-added", "The card Sangan added cannot be activated by its controller that turn",
      f"{A} 3.2.7.1.i2", sangan_lock)
# --- one board per card
board("monster-reborn-revives-from-either-graveyard",
      "Monster Reborn Special Summons the opponent's monster it targets in the Graveyard", f"{A} 4.2.3.3.i2",
      scenario([hand("Monster Reborn", "mr", "p1"), grave("Blue-Eyes White Dragon", "bewd", "p2")],
               [{"type": "activate", "card": "mr", "targets": ["bewd"]}]))
board("book-of-moon-turns-a-monster-face-down", "Book of Moon turns the face-up monster it targets face-down",
      f"{A} 4.2.3.3.i2",
      scenario([hand("Book of Moon", "bom", "p1"), field("Dark Magician", "dm", "p2")],
               [{"type": "activate", "card": "bom", "targets": ["dm"]}]))
board("mystical-space-typhoon-destroys-a-set-card", "Mystical Space Typhoon destroys the Set card it targets",
      f"{A} 4.2.3.3.i2",
      scenario([hand("Mystical Space Typhoon", "mst", "p1"), field("Mirror Force", "mf", "p2")],
               [{"type": "activate", "card": "mst", "targets": ["mf"]}]))
board("effect-veiler-negates-in-the-opponents-main-phase",
      "Effect Veiler, sent from the hand in the opponent's Main Phase, negates the monster it targets",
      f"{A} 4.2.3.3.i2",
      scenario([field("Honest", "h", "p1"), hand("Effect Veiler", "v", "p2")],
               [{"type": "activate", "card": "h", "effect": 0}, {"type": "activate", "card": "v", "targets": ["h"]}]))
board("call-of-the-haunted-revives-in-attack-position",
      "Call of the Haunted Special Summons its controller's monster it targets in Attack Position", f"{A} 4.2.3.3.i2",
      scenario([field("Call of the Haunted", "coth", "p1"), grave("Dark Magician", "dm", "p1")],
               [{"type": "activate", "card": "coth", "targets": ["dm"]}], turn=OPP_MAIN))
board("call-of-the-haunted-destroyed-takes-its-monster",
      "Call of the Haunted destroyed by Mystical Space Typhoon: the monster it revived is destroyed with it",
      f"{A} 4.1.2.i1",
      scenario([field("Call of the Haunted", "coth", "p1"), grave("Dark Magician", "dm", "p1"),
                hand("Mystical Space Typhoon", "mst", "p2")],
               [{"type": "activate", "card": "coth", "targets": ["dm"]}, {"type": "resolve"},
                {"type": "activate", "card": "mst", "targets": ["coth"]}], turn=OPP_MAIN))
board("call-of-the-haunted-goes-when-its-monster-is-destroyed",
      "The monster Call of the Haunted revived is destroyed by Dark Hole: Call of the Haunted is destroyed too",
      f"{A} 4.1.2.i1",
      scenario([field("Call of the Haunted", "coth", "p2"), grave("Dark Magician", "dm", "p2"), hand("Dark Hole", "dh", "p1")],
               [{"type": "activate", "card": "coth", "targets": ["dm"]}, {"type": "resolve"},
                {"type": "activate", "card": "dh"}]))
board("bottomless-trap-hole-destroys-and-banishes",
      "Bottomless Trap Hole destroys and banishes the 1500-or-more ATK monster the opponent Summoned",
      f"{A} 4.2.3.i1",
      scenario([hand("Vorse Raider", "vr", "p1"), field("Bottomless Trap Hole", "bth", "p2")],
               [{"type": "summon", "card": "vr"}, {"type": "activate", "card": "bth"}]))
board("dark-hole-destroys-every-monster", "Dark Hole destroys every monster on the field, both players'",
      f"{A} 4.2.3.3.i5",
      scenario([hand("Dark Hole", "dh", "p1"), field("Vorse Raider", "vr", "p1"), field("Dark Magician", "dm", "p2"),
                field("Celtic Guardian", "cg", "p2", position="face-down defense")],
               [{"type": "activate", "card": "dh"}]))
board("torrential-tribute-answers-a-summon", "Torrential Tribute answers a Summon by destroying every monster",
      f"{A} 4.2.3.i1",
      scenario([hand("Vorse Raider", "vr", "p1"), field("Dark Magician", "dm", "p2"),
                field("Torrential Tribute", "tt", "p2")],
               [{"type": "summon", "card": "vr"}, {"type": "activate", "card": "tt"}]))
board("maxx-c-is-activated-and-says-what-it-cannot-evaluate",
      "Maxx \"C\" is sent from the hand in response; its lingering draw is reported as not evaluated",
      f"{A} 4.1.2.i1",
      scenario([hand("Monster Reborn", "mr", "p1"), grave("Dark Magician", "dm", "p1"), hand('Maxx "C"', "mx", "p2")],
               [{"type": "activate", "card": "mr", "targets": ["dm"]}, {"type": "activate", "card": "mx"}]))
board("ash-blossom-negates-a-deck-effect", "Ash Blossom & Joyous Spring negates Foolish Burial's effect",
      f"{A} 4.2.3.i1",
      scenario([hand("Foolish Burial", "fb", "p1"), deck("Sangan", "sg", "p1"), hand("Ash Blossom & Joyous Spring", "ash", "p2")],
               [{"type": "activate", "card": "fb"}, {"type": "activate", "card": "ash"}]))
board("ash-blossom-cannot-answer-a-draw", "Ash Blossom & Joyous Spring cannot answer an activation that uses no Deck",
      f"{A} 4.2.3.i1",
      scenario([hand("Dark Hole", "dh", "p1"), field("Dark Magician", "dm", "p1"),
                hand("Ash Blossom & Joyous Spring", "ash", "p2")],
               [{"type": "activate", "card": "dh"}, {"type": "activate", "card": "ash"}]))
board("solemn-judgment-negates-a-summon-and-destroys", "Solemn Judgment negates a Summon and destroys the monster",
      f"{A} 3.2.2.1.i7",
      scenario([hand("Summoned Skull", "ss", "p1"), field("Vorse Raider", "t1", "p1"), field("Solemn Judgment", "sj", "p2")],
               [{"type": "summon", "card": "ss", "tributes": ["t1"]}, {"type": "activate", "card": "sj", "effect": "negate_summon"}]))
board("raigeki-destroys-the-opponents-monsters", "Raigeki destroys every monster the opponent controls, not its controller's",
      f"{A} 4.2.3.3.i5",
      scenario([hand("Raigeki", "rg", "p1"), field("Vorse Raider", "vr", "p1"), field("Dark Magician", "dm", "p2"),
                field("Celtic Guardian", "cg", "p2")], [{"type": "activate", "card": "rg"}]))
board("harpies-feather-duster-destroys-the-opponents-spells-and-traps",
      "Harpie's Feather Duster destroys every Spell and Trap the opponent controls", f"{A} 4.2.3.3.i5",
      scenario([hand("Harpie's Feather Duster", "hfd", "p1"), field("Mirror Force", "mf", "p2"),
                field("Call of the Haunted", "coth", "p2"), field("Trap Hole", "th", "p1")],
               [{"type": "activate", "card": "hfd"}]))
board("heavy-storm-destroys-every-other-spell-and-trap", "Heavy Storm destroys every other Spell and Trap on the field",
      f"{A} 4.2.3.3.i5",
      scenario([hand("Heavy Storm", "hs", "p1"), field("Mirror Force", "mf", "p2"), field("Trap Hole", "th", "p1")],
               [{"type": "activate", "card": "hs"}]))
board("giant-trunade-returns-every-other-spell-and-trap", "Giant Trunade returns every other Spell and Trap to the hand",
      f"{A} 4.2.3.3.i5",
      scenario([hand("Giant Trunade", "gt", "p1"), field("Mirror Force", "mf", "p2"), field("Trap Hole", "th", "p1")],
               [{"type": "activate", "card": "gt"}]))
board("compulsory-evacuation-device-returns-a-monster", "Compulsory Evacuation Device returns the monster it targets",
      f"{A} 4.2.3.3.i2",
      scenario([field("Compulsory Evacuation Device", "ced", "p2"), field("Dark Magician", "dm", "p1")],
               [{"type": "activate", "card": "ced", "targets": ["dm"]}]))
board("exiled-force-tributes-itself-to-destroy", "Exiled Force Tributes itself to destroy the monster it targets",
      f"{A} 4.2.2.1.i2",
      scenario([field("Exiled Force", "ef", "p1") if False else card("Exiled Force").as_object("ef", "p1", "monster_zone", position="attack"),
                field("Dark Magician", "dm", "p2")],
               [{"type": "activate", "card": "ef", "targets": ["dm"]}]))
board("dimensional-prison-banishes-the-attacker", "Dimensional Prison banishes the monster that declared the attack",
      f"{A} 4.2.3.3.i2",
      scenario([field("Dark Magician", "dm", "p1"), field("Dimensional Prison", "dp", "p2"), field("Kuriboh", "k", "p2")],
               [{"type": "attack", "attacker": "dm", "target": "k"}, {"type": "activate", "card": "dp", "targets": ["dm"]}], turn=BATTLE))
board("sakuretsu-armor-cannot-target-another-monster",
      "Sakuretsu Armor targets the attacking monster only: another target is refused", f"{A} 4.2.3.3.i2",
      scenario([field("Dark Magician", "dm", "p1"), field("Vorse Raider", "vr", "p1"), field("Sakuretsu Armor", "sa", "p2")],
               [{"type": "attack", "attacker": "dm"}, {"type": "activate", "card": "sa", "targets": ["vr"]},
                {"type": "activate", "card": "sa", "targets": ["dm"]}], turn=BATTLE))
board("trap-hole-destroys-the-summoned-monster", "Trap Hole destroys the monster with 1000 or more ATK just Normal Summoned",
      f"{A} 4.2.3.i1",
      scenario([hand("Vorse Raider", "vr", "p1"), field("Trap Hole", "th", "p2")],
               [{"type": "summon", "card": "vr"}, {"type": "activate", "card": "th", "targets": ["vr"]}]))
board("reinforcements-raises-atk-for-the-turn", "Reinforcements gives the monster it targets 500 ATK until the End Phase",
      f"{A} 4.2.3.3.i2",
      scenario([field("Reinforcements", "rf", "p1"), field("Vorse Raider", "vr", "p1")],
               [{"type": "activate", "card": "rf", "targets": ["vr"]}], turn=OPP_MAIN))
board("rush-recklessly-raises-atk-for-the-turn", "Rush Recklessly gives the monster it targets 700 ATK until the End Phase",
      f"{A} 4.2.3.3.i2",
      scenario([hand("Rush Recklessly", "rr", "p1"), field("Vorse Raider", "vr", "p1")],
               [{"type": "activate", "card": "rr", "targets": ["vr"]}]))
board("shrink-halves-the-original-atk", "Shrink halves the original ATK of the monster it targets",
      f"{A} 4.1.4.i1",
      scenario([hand("Shrink", "sh", "p1"), field("Blue-Eyes White Dragon", "bewd", "p2")],
               [{"type": "activate", "card": "sh", "targets": ["bewd"]}]))
board("magician-of-faith-returns-a-spell-when-flipped",
      "Magician of Faith's Flip Effect adds the Spell it targets in its controller's Graveyard", f"{A} 3.2.7.3.1.i1",
      scenario([field("Magician of Faith", "mof", "p1", position="face-down defense"), grave("Monster Reborn", "mr", "p1"),
                grave("Mirror Force", "mf", "p1")],
               [{"type": "flip_summon", "card": "mof"}], options={"trigger_targets": {"mof": ["mr"]}}))
board("mask-of-darkness-returns-a-trap-when-flipped",
      "Mask of Darkness's Flip Effect adds the Trap it targets in its controller's Graveyard", f"{A} 3.2.7.3.1.i1",
      scenario([field("Mask of Darkness", "mod", "p1", position="face-down defense"), grave("Mirror Force", "mf", "p1")],
               [{"type": "flip_summon", "card": "mod"}], options={"trigger_targets": {"mod": ["mf"]}}))
board("solemn-warning-negates-a-special-summoning-spell",
      "Solemn Warning negates the activation of a card that includes a Special Summon", f"{A} 4.2.3.i1",
      scenario([hand("Monster Reborn", "mr", "p1"), grave("Dark Magician", "dm", "p1"), field("Solemn Warning", "sw", "p2")],
               [{"type": "activate", "card": "mr", "targets": ["dm"]}, {"type": "activate", "card": "sw", "effect": "negate_card"}]))
board("horn-of-heaven-tributes-to-negate-a-summon", "Horn of Heaven Tributes its controller's one monster to negate a Summon",
      f"{A} 4.2.2.1.i2",
      scenario([hand("Summoned Skull", "ss", "p1"), field("Vorse Raider", "t1", "p1"), field("Celtic Guardian", "cg", "p2"),
                field("Horn of Heaven", "hh", "p2")],
               [{"type": "summon", "card": "ss", "tributes": ["t1"]}, {"type": "activate", "card": "hh"}]))
board("foolish-burial-sends-the-one-monster-of-the-deck", "Foolish Burial sends the one monster of its controller's Deck",
      f"{A} 2.1.4.i4",
      scenario([hand("Foolish Burial", "fb", "p1"), deck("Sangan", "sg", "p1"), deck("Mirror Force", "mf", "p1")],
               [{"type": "activate", "card": "fb"}]))
board("reinforcement-of-the-army-chooses-a-warrior", "Reinforcement of the Army: a choice among the Level 4 or lower Warriors",
      f"{A} 4.2.3.3.1.i1",
      scenario([hand("Reinforcement of the Army", "rota", "p1"), deck("Celtic Guardian", "cg", "p1"),
                deck("Exiled Force", "ef", "p1"), deck("Dark Magician", "dm", "p1")],
               [{"type": "activate", "card": "rota"}]))
board("witch-of-the-black-forest-searches-when-sent-from-the-field",
      "Witch of the Black Forest, destroyed by battle, adds the Deck's one monster with 1500 or less DEF",
      f"{A} 3.2.7.3.i1",
      scenario([field("Dark Magician", "dm", "p1"), field("Witch of the Black Forest", "w", "p2"),
                deck("Sangan", "sg", "p2"), deck("Dark Magician", "dm2", "p2")],
               [{"type": "attack", "attacker": "dm", "target": "w"}], turn=BATTLE))
for name, attr, fits, other in (("Giant Rat", "EARTH", "Giant Soldier of Stone", "Vorse Raider"),
                                ("Mystic Tomato", "DARK", "Sangan", "Summoned Skull"),
                                ("Shining Angel", "LIGHT", "Mystical Elf", "Hyozanryu"),
                                ("Mother Grizzly", "WATER", "Treeborn Frog", "Mystical Elf")):
    entry = card(name)
    board(f"{entry.slug}-calls-a-monster-from-the-deck-when-destroyed-by-battle",
          f"{name}, destroyed by battle, Special Summons the Deck's {attr} monster with 1500 or less ATK",
          f"{A} 3.2.7.3.i1",
          scenario([field("Summoned Skull", "ss", "p1"), field(name, "t", "p2"), deck(fits, "d1", "p2"), deck(other, "d2", "p2")],
                   [{"type": "attack", "attacker": "ss", "target": "t"}], turn=BATTLE, options={"activate_triggers": ["t"]}))
board("pyramid-turtle-calls-a-zombie-from-the-deck-when-destroyed-by-battle",
      "Pyramid Turtle, destroyed by battle, Special Summons the Deck's Zombie with 2000 or less DEF", f"{A} 3.2.7.3.i1",
      scenario([field("Summoned Skull", "ss", "p1"), field("Pyramid Turtle", "t", "p2"), deck("Pyramid Turtle", "d1", "p2"),
                deck("Dark Magician", "d2", "p2")],
               [{"type": "attack", "attacker": "ss", "target": "t"}], turn=BATTLE, options={"activate_triggers": ["t"]}))
board("junk-synchron-revives-a-low-level-monster-in-defense",
      "Junk Synchron, Normal Summoned, revives the Level 2 or lower monster it targets in Defense Position, negated",
      f"{A} 3.2.7.3.i1",
      scenario([hand("Junk Synchron", "js", "p1"), grave("Kuriboh", "k", "p1")], [{"type": "summon", "card": "js"}],
               options={"trigger_targets": {"js": ["k"]}, "activate_triggers": ["js"]}))
board("magic-jammer-discards-the-one-card-to-negate-a-spell",
      "Magic Jammer discards its controller's one hand card to negate a Spell Card's activation", f"{A} 4.2.2.2.i1",
      scenario([hand("Dark Hole", "dh", "p1"), field("Dark Magician", "dm", "p1"), field("Magic Jammer", "mj", "p2"),
                hand("Kuriboh", "k", "p2")],
               [{"type": "activate", "card": "dh"}, {"type": "activate", "card": "mj"}]))
board("lightning-vortex-needs-the-discard-named-when-several-fit",
      "Lightning Vortex with two cards in hand: the activation names the card discarded", f"{A} 4.2.2.i2",
      scenario([hand("Lightning Vortex", "lv", "p1"), hand("Kuriboh", "k", "p1"), hand("Sangan", "sg", "p1"),
                field("Dark Magician", "dm", "p2"), field("Celtic Guardian", "cg", "p2", position="face-down defense")],
               [{"type": "activate", "card": "lv"},
                {"type": "activate", "card": "lv", "cost": [{"do": "discard", "card": "k"}]}]))
board("raigeki-break-discards-to-destroy-a-card", "Raigeki Break discards a card to destroy the card it targets",
      f"{A} 4.2.2.2.i1",
      scenario([field("Raigeki Break", "rb", "p2"), hand("Kuriboh", "k", "p2"), field("Dark Magician", "dm", "p1")],
               [{"type": "activate", "card": "rb", "targets": ["dm"]}], turn=OPP_MAIN))
board("tribute-to-the-doomed-discards-to-destroy-a-monster",
      "Tribute to the Doomed discards a card to destroy the monster it targets", f"{A} 4.2.2.2.i1",
      scenario([hand("Tribute to the Doomed", "ttd", "p1"), hand("Kuriboh", "k", "p1"), field("Dark Magician", "dm", "p2")],
               [{"type": "activate", "card": "ttd", "targets": ["dm"]}]))
board("monster-reincarnation-returns-a-monster-to-the-hand",
      "Monster Reincarnation discards a card to add the monster it targets in its controller's Graveyard",
      f"{A} 4.2.2.2.i1",
      scenario([hand("Monster Reincarnation", "mri", "p1"), hand("Kuriboh", "k", "p1"), grave("Dark Magician", "dm", "p1")],
               [{"type": "activate", "card": "mri", "targets": ["dm"]}]))
board("phoenix-wing-wind-blast-puts-a-card-on-top-of-the-deck",
      "Phoenix Wing Wind Blast discards a card to put the opponent's card it targets on top of the Deck",
      f"{A} 4.2.2.2.i1",
      scenario([field("Phoenix Wing Wind Blast", "pw", "p2"), hand("Kuriboh", "k", "p2"), field("Dark Magician", "dm", "p1")],
               [{"type": "activate", "card": "pw", "targets": ["dm"]}], turn=OPP_MAIN))
board("trade-in-discards-a-level-8-to-draw-two", "Trade-In discards the Level 8 monster of the hand and draws two",
      f"{A} 4.2.2.2.i1",
      scenario([hand("Trade-In", "ti", "p1"), hand("Blue-Eyes White Dragon", "bewd", "p1"), hand("Kuriboh", "k", "p1"),
                deck("Sangan", "d1", "p1"), deck("Dark Magician", "d2", "p1")],
               [{"type": "activate", "card": "ti"}]))
board("divine-wrath-negates-a-monster-effect", "Divine Wrath discards a card to negate a monster effect and destroy it",
      f"{A} 4.2.2.2.i1",
      scenario([field("Honest", "h", "p1"), field("Divine Wrath", "dw", "p2"), hand("Kuriboh", "k", "p2")],
               [{"type": "activate", "card": "h", "effect": 0}, {"type": "activate", "card": "dw"}]))
board("breakthrough-skill-negates-the-targeted-monster",
      "Breakthrough Skill negates the effects of the opponent's face-up Effect Monster it targets", f"{A} 4.2.3.3.i2",
      scenario([field("Breakthrough Skill", "bs", "p2"), field("Honest", "h", "p1")],
               [{"type": "activate", "card": "h", "effect": 0}, {"type": "activate", "card": "bs", "effect": 0, "targets": ["h"]}]))
board("enemy-controller-changes-the-position", "Enemy Controller changes the battle position of the monster it targets",
      f"{A} 4.2.3.3.i2",
      scenario([hand("Enemy Controller", "ec", "p1"), field("Dark Magician", "dm", "p2")],
               [{"type": "activate", "card": "ec", "effect": "position", "targets": ["dm"]}]))
board("icarus-attack-tributes-a-winged-beast-to-destroy-two",
      "Icarus Attack Tributes a Winged Beast to destroy the two cards it targets", f"{A} 4.2.2.1.i2",
      scenario([field("Icarus Attack", "ia", "p1"), field("Harpie Lady", "hl", "p1"), field("Dark Magician", "dm", "p2"),
                field("Mirror Force", "mf", "p2")],
               [{"type": "activate", "card": "ia", "targets": ["dm", "mf"]}], turn=OPP_MAIN))
board("dust-tornado-destroys-the-opponents-spell-or-trap",
      "Dust Tornado destroys the opponent's Spell or Trap it targets; its Set is reported as not evaluated",
      f"{A} 4.2.3.3.i2",
      scenario([field("Dust Tornado", "dt", "p1"), field("Mirror Force", "mf", "p2")],
               [{"type": "activate", "card": "dt", "targets": ["mf"]}], turn=OPP_MAIN))

# --- the cards evaluable before issue 16, each with a board of its own
for attacker, defender, position in (("Alexandrite Dragon", "Battle Ox", "attack"), ("Gene-Warped Warwolf", "Dark Blade", "attack"),
                                     ("Luster Dragon", "Gemini Elf", "attack"), ("Red-Eyes Black Dragon", "Hyozanryu", "defense"),
                                     ("La Jinn the Mystical Genie of the Lamp", "Harpie Lady", "attack")):
    a, d = card(attacker), card(defender)
    board(f"{a.slug}-attacks-{d.slug}", f"{attacker} ({a.obj['atk']} ATK) attacks {defender} in {position} position",
          "ygo-rulebook-mr2 ch3.12",
          scenario([field(attacker, "a", "p1"), field(defender, "d", "p2", position=position)],
                   [{"type": "attack", "attacker": "a", "target": "d"}], turn=BATTLE, ruleset="mr2"))
board("cyber-dragon-summons-itself-by-its-procedure",
      "Cyber Dragon Special Summons itself from the hand by its own procedure while only the opponent controls a monster",
      f"{A} 3.2.2.3.1.i1",
      scenario([hand("Cyber Dragon", "cd", "p1"), field("Vorse Raider", "vr", "p2")],
               [{"type": "special_summon", "method": "inherent", "card": "cd"}]))
board("the-tricky-summons-itself-by-discarding", "The Tricky Special Summons itself by discarding a card",
      f"{A} 3.2.2.3.1.i1",
      scenario([hand("The Tricky", "tr", "p1"), hand("Kuriboh", "k", "p1")],
               [{"type": "special_summon", "method": "inherent", "card": "tr", "cost": [{"do": "discard", "card": "k"}]}]))
board("pot-of-greed-draws-two", "Pot of Greed draws two cards", f"{A} 4.1.2.i3",
      scenario([hand("Pot of Greed", "pot", "p1"), deck("Sangan", "d1", "p1"), deck("Kuriboh", "d2", "p1")],
               [{"type": "activate", "card": "pot"}]))
board("upstart-goblin-draws-one-and-feeds-the-opponent", "Upstart Goblin draws one and the opponent gains 1000 LP",
      f"{A} 4.1.2.i3",
      scenario([hand("Upstart Goblin", "ug", "p1"), deck("Sangan", "d1", "p1")], [{"type": "activate", "card": "ug"}]))
board("jar-of-greed-answered-by-seven-tools-of-the-bandit",
      "Seven Tools of the Bandit pays 1000 LP to negate Jar of Greed and destroy it", f"{A} 4.2.2.i2",
      scenario([field("Jar of Greed", "jar", "p1"), deck("Sangan", "d1", "p1"), field("Seven Tools of the Bandit", "st", "p2")],
               [{"type": "activate", "card": "jar"}, {"type": "activate", "card": "st"}], turn=OPP_MAIN))
board("jar-of-greed-draws-one", "Jar of Greed draws one card", f"{A} 4.1.2.i3",
      scenario([field("Jar of Greed", "jar", "p1"), deck("Sangan", "d1", "p1")], [{"type": "activate", "card": "jar"}],
               turn=OPP_MAIN))
board("dark-bribe-negates-a-spell-and-the-opponent-draws",
      "Dark Bribe lets the opponent draw, then negates their Spell and destroys it", f"{A} 4.1.2.i3",
      scenario([hand("Pot of Greed", "pot", "p1"), deck("Sangan", "d1", "p1"), deck("Kuriboh", "d2", "p1"),
                deck("Hane-Hane", "d3", "p1"), field("Dark Bribe", "db", "p2")],
               [{"type": "activate", "card": "pot"}, {"type": "activate", "card": "db"}]))
for name, slug_words in (("Dian Keto the Cure Master", "gains-1000-lp"), ("Hinotama", "burns-500"),
                         ("Ookazi", "burns-800"), ("Tremendous Fire", "burns-both-players")):
    board(f"{card(name).slug}-{slug_words}", f"{name} resolves", f"{A} 1.4.1.i2",
          scenario([hand(name, "s", "p1")], [{"type": "activate", "card": "s"}]))
board("dimensional-fissure-banishes-destroyed-monsters",
      "With Dimensional Fissure face-up, monsters Dark Hole destroys are banished instead", f"{A} 3.2.7.1.i2",
      scenario([field("Dimensional Fissure", "df", "p2", position="face-up"), hand("Dark Hole", "dh", "p1"),
                field("Vorse Raider", "vr", "p2")], [{"type": "activate", "card": "dh"}]))
board("banisher-of-the-radiance-banishes-what-would-go-to-the-graveyard",
      "With Banisher of the Radiance face-up, the destroyed Set card and the resolved Spell are banished",
      f"{A} 3.2.7.1.i2",
      scenario([field("Banisher of the Radiance", "b", "p2"), hand("Mystical Space Typhoon", "mst", "p1"),
                field("Mirror Force", "mf", "p2")], [{"type": "activate", "card": "mst", "targets": ["mf"]}]))
for name, target in (("Hane-Hane", "Vorse Raider"), ("Old Vindictive Magician", "Vorse Raider"), ("Man-Eater Bug", "Vorse Raider")):
    board(f"{card(name).slug}-flip-effect-on-the-monster-it-targets", f"{name}'s Flip Effect on the monster it targets",
          f"{A} 3.2.7.3.1.i1",
          scenario([field(name, "f", "p1", position="face-down defense"), field(target, "t", "p2")],
                   [{"type": "flip_summon", "card": "f"}], options={"trigger_targets": {"f": ["t"]}}))
board("trap-jammer-negates-mirror-force", "Trap Jammer negates Mirror Force in the Battle Phase and destroys it",
      f"{A} 4.2.4.1.2.i1",
      scenario([field("Dark Magician", "dm", "p1"), field("Trap Jammer", "tj", "p1"), field("Mirror Force", "mf", "p2"),
                field("Kuriboh", "k", "p2")],
               [{"type": "attack", "attacker": "dm", "target": "k"}, {"type": "activate", "card": "mf"},
                {"type": "activate", "card": "tj"}], turn=BATTLE))
board("skill-drain-negates-a-monster-effect-on-the-field",
      "With Skill Drain face-up, Honest's effect resolves negated", f"{A} 3.2.7.1.i2",
      scenario([field("Honest", "h", "p1"), field("Skill Drain", "sd", "p2", position="face-up")],
               [{"type": "activate", "card": "h", "effect": 0}]))

board("ring-of-destruction-burns-both-players", "Ring of Destruction destroys the monster it targets; both players take its ATK",
      f"{A} 4.1.5.i1",
      scenario([field("Ring of Destruction", "rod", "p1"), field("Dark Magician", "dm", "p2")],
               [{"type": "activate", "card": "rod", "targets": ["dm"]}]))
board("magic-cylinder-negates-the-attack-and-burns", "Magic Cylinder negates the attack and inflicts the attacker's ATK",
      f"{A} 4.2.3.3.i2",
      scenario([field("Dark Magician", "dm", "p1"), field("Kuriboh", "k", "p2"), field("Magic Cylinder", "mc", "p2")],
               [{"type": "attack", "attacker": "dm", "target": "k"}, {"type": "activate", "card": "mc", "targets": ["dm"]}],
               turn=BATTLE))
board("jinzo-face-up-stops-mirror-force", "With Jinzo face-up, Mirror Force cannot be activated", f"{A} 3.2.7.1.i2",
      scenario([field("Jinzo", "j", "p1"), field("Kuriboh", "k", "p2"), field("Mirror Force", "mf", "p2")],
               [{"type": "attack", "attacker": "j", "target": "k"}, {"type": "activate", "card": "mf"}], turn=BATTLE))
board("royal-decree-negates-a-trap-activated-later", "With Royal Decree face-up, Mirror Force resolves without effect",
      f"{A} 3.2.7.1.i2",
      scenario([field("Dark Magician", "dm", "p1"), field("Royal Decree", "rd", "p1", position="face-up"),
                field("Kuriboh", "k", "p2"), field("Mirror Force", "mf", "p2")],
               [{"type": "attack", "attacker": "dm", "target": "k"}, {"type": "activate", "card": "mf"}], turn=BATTLE))
board("morphing-jar-empties-both-hands-and-both-draw-five",
      "Morphing Jar's Flip Effect: both players discard their hands, then each draws five", f"{A} 4.1.2.i5",
      scenario([field("Morphing Jar", "mj", "p1", position="face-down defense"), hand("Kuriboh", "h1", "p1"),
                hand("Sangan", "h2", "p2"), *[deck("Battle Ox", f"a{i}", "p1") for i in range(5)],
                *[deck("Vorse Raider", f"b{i}", "p2") for i in range(5)]],
               [{"type": "flip_summon", "card": "mj"}]))
board("graceful-charity-draws-three-then-two-are-discarded",
      "Graceful Charity draws three; the two discarded are its controller's choice, one branch per pair", f"{A} 4.2.3.3.1.i1",
      scenario([hand("Graceful Charity", "gc", "p1"), deck("Sangan", "d1", "p1"), deck("Kuriboh", "d2", "p1"),
                deck("Battle Ox", "d3", "p1")], [{"type": "activate", "card": "gc"}]))

board("just-desserts-burns-for-each-monster", "Just Desserts: 500 damage for each monster the opponent controls",
      f"{A} 4.1.2.i1",
      scenario([field("Just Desserts", "jd", "p2"), field("Vorse Raider", "vr", "p1"), field("Battle Ox", "bo", "p1"),
                field("Sangan", "sg", "p2")], [{"type": "activate", "card": "jd"}]))
board("krebons-cannot-answer-an-attack-on-another-monster", "Krebons answers only an attack on itself",
      f"{A} 4.2.3.i1",
      scenario([field("Dark Magician", "dm", "p1"), field("Krebons", "kr", "p2"), field("Sangan", "sg", "p2")],
               [{"type": "attack", "attacker": "dm", "target": "sg"}, {"type": "activate", "card": "kr"}], turn=BATTLE))
board("krebons-negates-the-attack-on-it", "Krebons pays 800 LP to negate the attack on it",
      f"{A} 4.2.3.i1",
      scenario([field("Dark Magician", "dm", "p1"), field("Krebons", "kr", "p2")],
               [{"type": "attack", "attacker": "dm", "target": "kr"}, {"type": "activate", "card": "kr"}], turn=BATTLE))

board("change-of-heart-takes-a-monster-until-the-end-phase",
      "Change of Heart takes the opponent's monster it targets; it goes back when the End Phase begins", f"{A} 4.1.3.i1",
      scenario([hand("Change of Heart", "coh", "p1"), field("Dark Magician", "dm", "p2")],
               [{"type": "activate", "card": "coh", "targets": ["dm"]}, {"type": "resolve"},
                {"type": "end_phase", "to": "end"}, {"type": "pass", "player": "p2"}]))
board("enemy-controller-tributes-to-take-a-monster", "Enemy Controller Tributes a monster to take the one it targets",
      f"{A} 4.2.2.1.i2",
      scenario([hand("Enemy Controller", "ec", "p1"), field("Vorse Raider", "vr", "p1"), field("Dark Magician", "dm", "p2")],
               [{"type": "activate", "card": "ec", "effect": "control", "targets": ["dm"]}]))

board("negate-attack-ends-the-battle-phase", "Negate Attack negates the attack and ends the Battle Phase: a second attack is refused",
      "ygo-rulebook-mr2 ch3.8",
      scenario([field("Dark Magician", "dm", "p1"), field("Vorse Raider", "vr", "p1"), field("Negate Attack", "na", "p2")],
               [{"type": "attack", "attacker": "dm"}, {"type": "activate", "card": "na"}, {"type": "resolve"},
                {"type": "attack", "attacker": "vr"}], turn=BATTLE))
board("swift-scarecrow-negates-a-direct-attack", "Swift Scarecrow, discarded, negates a direct attack and ends the Battle Phase",
      "ygo-rulebook-mr2 ch3.8",
      scenario([field("Dark Magician", "dm", "p1"), hand("Swift Scarecrow", "sc", "p2")],
               [{"type": "attack", "attacker": "dm"}, {"type": "activate", "card": "sc"}], turn=BATTLE))

board("threatening-roar-stops-attacks-for-the-turn", "After Threatening Roar resolves, the opponent cannot declare an attack",
      "ygo-rulebook-mr2 ch3.10",
      scenario([field("Dark Magician", "dm", "p1"), field("Threatening Roar", "tr", "p2")],
               [{"type": "activate", "card": "tr"}, {"type": "resolve"}, {"type": "attack", "attacker": "dm"}],
               turn={"active": "p1", "phase": "battle", "step": "start"}))
board("fissure-destroys-the-weakest-face-up-monster", "Fissure destroys the opponent's face-up monster with the lowest ATK",
      f"{A} 4.2.3.3.i5",
      scenario([hand("Fissure", "fi", "p1"), field("Dark Magician", "dm", "p2"), field("Sangan", "sg", "p2"),
                field("Kuriboh", "k", "p2", position="face-down defense")], [{"type": "activate", "card": "fi"}]))

board("twin-twisters-destroys-up-to-two-spells-or-traps",
      "Twin Twisters discards a card to destroy the one Set card it targets (up to two)", f"{A} 4.2.3.3.i2",
      scenario([hand("Twin Twisters", "tw", "p1"), hand("Kuriboh", "k", "p1"), field("Mirror Force", "mf", "p2"),
                field("Dark Magician", "dm", "p2")],
               [{"type": "activate", "card": "tw", "targets": ["mf", "dm"]},
                {"type": "activate", "card": "tw", "targets": ["mf"]}]))

board("black-horn-of-heaven-negates-one-special-summon",
      "Black Horn of Heaven negates the Special Summon of exactly one monster by its procedure and destroys it",
      f"{A} 3.2.2.1.i7",
      scenario([hand("Cyber Dragon", "cd", "p1"), field("Vorse Raider", "vr", "p2"), field("Black Horn of Heaven", "bh", "p2")],
               [{"type": "special_summon", "method": "inherent", "card": "cd"}, {"type": "activate", "card": "bh"}]))
board("thunder-king-rai-oh-negates-one-special-summon",
      "Thunder King Rai-Oh, sent to the Graveyard, negates a Special Summon of exactly one monster and destroys it",
      f"{A} 3.2.2.1.i7",
      scenario([hand("Cyber Dragon", "cd", "p1"), field("Thunder King Rai-Oh", "rai", "p2")],
               [{"type": "special_summon", "method": "inherent", "card": "cd"}, {"type": "activate", "card": "rai", "effect": 1}]))

guard = {"id": "gg", "name": "Gravekeeper's Guard", "owner": "p1", "zone": "deck", "kind": "monster", "subtype": "effect",
         "attribute": "DARK", "race": "Spellcaster", "level": 4, "atk": 1000, "def": 1900}
board("gravekeepers-spy-calls-a-gravekeepers-monster",
      "Gravekeeper's Spy's Flip Effect Special Summons the Deck's one \"Gravekeeper's\" monster with 1500 or less ATK",
      f"{A} 3.2.7.3.1.i1",
      scenario([field("Gravekeeper's Spy", "gs", "p1", position="face-down defense"), guard, deck("Sangan", "sg", "p1")],
               [{"type": "flip_summon", "card": "gs"}]))

board("smashing-ground-destroys-the-highest-def-face-up-monster",
      "Smashing Ground destroys the opponent's face-up monster with the highest DEF, not the face-down one", f"{A} 4.2.3.3.i5",
      scenario([hand("Smashing Ground", "sg", "p1"), field("Giant Soldier of Stone", "gs", "p2"), field("Dark Magician", "dm", "p2"),
                field("Celtic Guardian", "cg", "p2", position="face-down defense")], [{"type": "activate", "card": "sg"}]))
board("smashing-ground-cannot-be-activated-with-nothing-to-destroy",
      "Smashing Ground cannot be activated while the opponent controls no face-up monster", f"{A} 4.2.3.i2",
      scenario([hand("Smashing Ground", "sg", "p1"), field("Celtic Guardian", "cg", "p2", position="face-down defense"),
                field("Dark Magician", "dm", "p1")], [{"type": "activate", "card": "sg"}]))


def face_down_refused(slug: str, title: str, source: str, played: tuple[str, str], face_up: tuple[str, str, str]) -> None:
    """A board where the card ``played`` (name, id) from the hand targets first a face-down Set monster of the
    opponent (refused: it needs a face-up one), then the face-up monster ``face_up`` (name, id, controller)."""
    name, oid = played
    board(slug, title, source,
          scenario([hand(name, oid, "p1"), field(face_up[0], face_up[1], face_up[2]),
                    field("Celtic Guardian", "cg", "p2", position="face-down defense")],
                   [{"type": "activate", "card": oid, "targets": ["cg"]},
                    {"type": "activate", "card": oid, "targets": [face_up[1]]}]))


face_down_refused("axe-of-despair-equips-the-face-up-monster-it-targets",
                  "Axe of Despair cannot target a face-down monster; equipped to the face-up one it targets, it gives "
                  "1000 ATK", f"{A} 3.3.3.4.i3", ("Axe of Despair", "axe"), ("Vorse Raider", "vr", "p1"))

board("gravity-bind-stops-level-4-or-higher-attackers",
      "With Gravity Bind face-up, the Level 7 monster cannot declare an attack; the Level 1 monster can", f"{A} 3.2.7.1.i2",
      scenario([field("Dark Magician", "dm", "p1"), field("Kuriboh", "kb", "p1"), field("Gravity Bind", "gb", "p2", position="face-up"),
                field("Sangan", "sg", "p2")],
               [{"type": "attack", "attacker": "dm", "target": "sg"}, {"type": "attack", "attacker": "kb", "target": "sg"}],
               turn=BATTLE))
board("messenger-of-peace-stops-attackers-with-1500-or-more-atk",
      "With Messenger of Peace face-up, the 1900 ATK monster cannot declare an attack; the 1000 ATK monster can",
      f"{A} 3.2.7.1.i2",
      scenario([field("Vorse Raider", "vr", "p1"), field("Sangan", "sa", "p1"),
                field("Messenger of Peace", "mp", "p2", position="face-up"), field("Kuriboh", "k", "p2")],
               [{"type": "attack", "attacker": "vr", "target": "k"}, {"type": "attack", "attacker": "sa", "target": "k"}],
               turn=BATTLE))

board("umi-raises-an-aqua-and-lowers-a-machine",
      "Umi, activated, gives the Aqua monster 200 ATK and DEF and takes 200 from the Machine; the Spellcaster is unchanged",
      f"{A} 3.2.7.1.i2",
      scenario([hand("Umi", "umi", "p1"), field("Treeborn Frog", "tf", "p2"), field("Cyber Dragon", "cd", "p1"),
                field("Dark Magician", "dm", "p1")], [{"type": "activate", "card": "umi"}]))
board("yami-raises-a-fiend-that-comes-face-up",
      "With Yami face-up, the Fiend Flip Summoned later gains 200 ATK and DEF as it comes face-up", f"{A} 3.2.7.1.i2",
      scenario([field("Yami", "y", "p1", position="face-up"), field("Sangan", "sg", "p1", position="face-down defense")],
               [{"type": "flip_summon", "card": "sg"}]))

board("ceasefire-flips-without-flip-effects-and-burns-per-effect-monster",
      "Ceasefire flips the Set monsters face-up without their Flip Effects, then burns 500 for each of the two Effect "
      "Monsters (not the Normal one)", f"{A} 4.1.2.i1",
      scenario([field("Ceasefire", "cf", "p1"), field("Magician of Faith", "mof", "p2", position="face-down defense"),
                field("Dark Magician", "dm", "p1"), field("Sangan", "sg", "p1", position="face-down defense"),
                grave("Monster Reborn", "mr", "p2")], [{"type": "activate", "card": "cf"}], turn=OPP_MAIN))

board("mask-of-restrict-stops-tribute-summons-and-tribute-costs",
      "With Mask of Restrict face-up, a Tribute Summon and Enemy Controller's Tribute cost are refused; a Normal Summon "
      "without Tributes is not", f"{A} 3.2.7.1.i2",
      scenario([hand("Summoned Skull", "ss", "p1"), field("Vorse Raider", "t1", "p1"), hand("Enemy Controller", "ec", "p1"),
                field("Dark Magician", "dm", "p2"), field("Mask of Restrict", "mr", "p2", position="face-up"),
                hand("Sangan", "sg", "p1")],
               [{"type": "summon", "card": "ss", "tributes": ["t1"]},
                {"type": "activate", "card": "ec", "effect": "control", "targets": ["dm"]}, {"type": "summon", "card": "sg"}]))
board("waboku-shields-its-controller-for-the-rest-of-the-turn",
      "After Waboku resolves, neither attack that turn inflicts battle damage on its controller or destroys their "
      "monster", f"{A} 4.1.2.i1",
      scenario([field("Dark Magician", "dm", "p1"), field("Vorse Raider", "vr", "p1"), field("Waboku", "wb", "p2"),
                field("Sangan", "sg", "p2")],
               [{"type": "attack", "attacker": "dm", "target": "sg"}, {"type": "activate", "card": "wb"}, {"type": "resolve"},
                {"type": "attack", "attacker": "vr", "target": "sg"}], turn=BATTLE))

# --- cards with a part the vocabulary cannot say yet: the part it can say acts, the rest is reported
board("forbidden-lance-takes-800-atk-until-the-end-phase",
      "Forbidden Lance takes 800 ATK from the face-up monster it targets until the End Phase; its protection from other "
      "Spells and Traps is reported as not evaluated", f"{A} 4.2.3.3.i2",
      scenario([hand("Forbidden Lance", "fl", "p1"), field("Dark Magician", "dm", "p2")],
               [{"type": "activate", "card": "fl", "targets": ["dm"]}]))
face_down_refused("brain-control-pays-800-lp-to-take-a-face-up-monster",
                  "Brain Control cannot target a face-down monster; paying 800 LP it takes the face-up one until the End "
                  "Phase", f"{A} 4.1.3.i1", ("Brain Control", "bc"), ("Dark Magician", "dm", "p2"))
board("mind-control-takes-a-face-down-monster-until-the-end-phase",
      "Mind Control takes the opponent's monster it targets, face-down too, and it goes back when the End Phase begins",
      f"{A} 4.1.3.i1",
      scenario([hand("Mind Control", "mc", "p1"), field("Sangan", "sg", "p2", position="face-down defense")],
               [{"type": "activate", "card": "mc", "targets": ["sg"]}, {"type": "resolve"},
                {"type": "end_phase", "to": "end"}, {"type": "pass", "player": "p2"}]))
board("macro-cosmos-banishes-what-would-go-to-the-graveyard",
      "With Macro Cosmos face-up, the Set card Mystical Space Typhoon destroys and the Spell itself are banished",
      f"{A} 3.2.7.1.i2",
      scenario([field("Macro Cosmos", "mc", "p2", position="face-up"), hand("Mystical Space Typhoon", "mst", "p1"),
                field("Mirror Force", "mf", "p2")], [{"type": "activate", "card": "mst", "targets": ["mf"]}]))
for name, words in (("Reckless Greed", "draws-two"), ("Allure of Darkness", "draws-two")):
    board(f"{card(name).slug}-{words}", f"{name} draws two cards; what it does next is reported as not evaluated",
          f"{A} 4.1.2.i3",
          scenario([field(name, "s", "p1") if card(name).obj["kind"] == "trap" else hand(name, "s", "p1"),
                    deck("Sangan", "d1", "p1"), deck("Kuriboh", "d2", "p1")], [{"type": "activate", "card": "s"}],
                   turn=OPP_MAIN if card(name).obj["kind"] == "trap" else None))
board("pot-of-duality-excavates-three", "Pot of Duality excavates the top three cards of the Deck; the card chosen is "
      "reported as not evaluated", f"{A} 4.1.2.i3",
      scenario([hand("Pot of Duality", "pd", "p1"), deck("Sangan", "d1", "p1"), deck("Kuriboh", "d2", "p1"),
                deck("Battle Ox", "d3", "p1"), deck("Dark Magician", "d4", "p1")], [{"type": "activate", "card": "pd"}]))

# --- issue 16, second round
DRAW = {"active": "p1", "phase": "draw", "step": None, "number": 3}
board("sinister-serpent-returns-from-the-graveyard-in-the-standby-phase",
      "Sinister Serpent in the Graveyard returns to the hand in its controller's Standby Phase; the one on the field "
      "does not", f"{A} 3.2.7.3.i1",
      scenario([grave("Sinister Serpent", "ss", "p1"), field("Sinister Serpent", "sf", "p1"), deck("Kuriboh", "d1", "p1")],
               [{"type": "end_phase"}], turn=DRAW, options={"activate_triggers": ["ss", "sf"]}))
board("sinister-serpent-returns-once-per-turn-by-name",
      "Two Sinister Serpents in the Graveyard: the first returns to the hand, the second cannot use the effect of that "
      "name again this turn", f"{A} 3.1.2.i3",
      scenario([grave("Sinister Serpent", "s1", "p1"), grave("Sinister Serpent", "s2", "p1"), deck("Kuriboh", "d1", "p1")],
               [{"type": "end_phase"}], turn=DRAW,
               options={"activate_triggers": ["s1", "s2"], "trigger_order": ["s1", "s2"]}))
board("little-winguard-changes-its-position-in-the-end-phase",
      "Little-Winguard face-up on the field changes its battle position in its controller's End Phase; the one in the "
      "Graveyard does not", f"{A} 3.2.7.3.i1",
      scenario([field("Little-Winguard", "lw", "p1"), grave("Little-Winguard", "lg", "p1")],
               [{"type": "end_phase"}], turn={"active": "p1", "phase": "main2", "step": None},
               options={"activate_triggers": ["lw", "lg"]}))
board("marshmallon-is-not-destroyed-by-battle",
      "Marshmallon attacked face-up is not destroyed by battle; its controller still takes the battle damage",
      f"{A} 3.2.7.1.i2",
      scenario([field("Dark Magician", "dm", "p1"), field("Marshmallon", "mm", "p2")],
               [{"type": "attack", "attacker": "dm", "target": "mm"}], turn=BATTLE))
board("spirit-reaper-destroys-itself-when-targeted",
      "Spirit Reaper targeted by Change of Heart: its mandatory trigger, after the chain, destroys it", f"{A} 4.2.3.2.i2",
      scenario([hand("Change of Heart", "coh", "p1"), field("Spirit Reaper", "sr", "p2")],
               [{"type": "activate", "card": "coh", "targets": ["sr"]}]))
board("armityle-summoned-by-banishing-the-three-lords",
      "Armityle the Chaos Phantasm is Special Summoned from the Extra Deck by banishing Uria, Hamon and Raviel",
      f"{A} 3.2.2.3.1.i1",
      scenario([card("Armityle the Chaos Phantasm").as_object("ar", "p1", "extra_deck"),
                field("Uria, Lord of Searing Flames", "u", "p1"), field("Hamon, Lord of Striking Thunder", "h", "p1"),
                field("Raviel, Lord of Phantasms", "r", "p1")],
               [{"type": "special_summon", "method": "inherent", "card": "ar",
                 "cost": [{"do": "banish", "card": c} for c in ("u", "h", "r")]}]))
board("chaos-sorcerer-summoned-by-banishing-a-light-and-a-dark",
      "Chaos Sorcerer is Special Summoned from the hand by banishing a LIGHT and a DARK monster from the Graveyard",
      f"{A} 3.2.2.3.1.i1",
      scenario([hand("Chaos Sorcerer", "cs", "p1"), grave("Mystical Elf", "me", "p1"), grave("Sangan", "sg", "p1")],
               [{"type": "special_summon", "method": "inherent", "card": "cs",
                 "cost": [{"do": "banish", "card": "me"}, {"do": "banish", "card": "sg"}]}]))
board("raviel-summoned-by-tributing-three-fiends",
      "Raviel, Lord of Phantasms is Special Summoned by Tributing three Fiends; Sangan, Tributed, searches",
      f"{A} 3.2.2.3.1.i1",
      scenario([hand("Raviel, Lord of Phantasms", "rv", "p1"), field("Kuriboh", "k", "p1"), field("Sangan", "sg", "p1"),
                field("Summoned Skull", "ss", "p1"), deck("Mystical Elf", "me", "p1")],
               [{"type": "special_summon", "method": "inherent", "card": "rv",
                 "cost": [{"do": "tribute", "card": c} for c in ("k", "sg", "ss")]}]))
board("uria-summoned-by-sending-three-continuous-traps",
      "Uria, Lord of Searing Flames is Special Summoned by sending three face-up Continuous Traps to the Graveyard",
      f"{A} 3.2.2.3.1.i1",
      scenario([hand("Uria, Lord of Searing Flames", "ur", "p1"), field("Royal Decree", "t1", "p1", position="face-up"),
                field("Skill Drain", "t2", "p1", position="face-up"), field("Gravity Bind", "t3", "p1", position="face-up")],
               [{"type": "special_summon", "method": "inherent", "card": "ur",
                 "cost": [{"do": "send_to_graveyard", "card": c} for c in ("t1", "t2", "t3")]}]))
board("battle-fader-summons-itself-against-a-direct-attack",
      "Battle Fader, activated from the hand against a direct attack, Special Summons itself in Defense Position",
      f"{A} 4.2.3.i1",
      scenario([field("Dark Magician", "dm", "p1"), hand("Battle Fader", "bf", "p2")],
               [{"type": "attack", "attacker": "dm"}, {"type": "activate", "card": "bf"}], turn=BATTLE))
board("breaker-removes-its-spell-counter-to-destroy-a-set-card",
      "Breaker the Magical Warrior removes its Spell Counter to destroy the Set card it targets", f"{A} 4.2.2.i2",
      scenario([field("Breaker the Magical Warrior", "br", "p1", counters={"spell": 1}), field("Mirror Force", "mf", "p2")],
               [{"type": "activate", "card": "br", "effect": 2, "targets": ["mf"]}]))
for slug, title, extra in (
        ("treeborn-frog-revives-in-the-standby-phase",
         "Treeborn Frog in the Graveyard revives itself in its controller's Standby Phase while they control no "
         "Spell/Trap Card", []),
        ("treeborn-frog-stays-while-its-controller-has-a-set-card",
         "Treeborn Frog does not revive while its controller controls a Set Trap", [field("Mirror Force", "mf", "p1")])):
    board(slug, title, f"{A} 4.2.3.i1",
          scenario([grave("Treeborn Frog", "tf", "p1"), deck("Kuriboh", "d1", "p1"), *extra], [{"type": "end_phase"}],
                   turn=DRAW, options={"activate_triggers": ["tf"]}))
board("stargazer-and-timegazer-scales-pendulum-summon",
      "Stargazer Magician (Scale 1) and Timegazer Magician (Scale 8) in the Pendulum Zones: a Level 8 is refused, "
      "Levels 7 and 4 are Pendulum Summoned", f"{A} 3.2.2.3.1.1.5",
      scenario([card("Stargazer Magician").as_object("sg", "p1", "pendulum_zone", position="face-up"),
                card("Timegazer Magician").as_object("tg", "p1", "pendulum_zone", position="face-up"),
                hand("Dark Magician", "dm", "p1"), hand("Celtic Guardian", "cg", "p1"),
                hand("Blue-Eyes White Dragon", "bewd", "p1")],
               [{"type": "special_summon", "method": "pendulum", "cards": ["dm", "bewd"]},
                {"type": "special_summon", "method": "pendulum", "cards": ["dm", "cg"]}]))
fusion = {"id": "fu", "name": "Fusion Monster of a Spellcaster and a Warrior", "owner": "p1", "zone": "extra_deck",
          "kind": "monster", "subtype": "fusion", "attribute": "DARK", "race": "Spellcaster", "level": 8, "atk": 2900,
          "def": 2400, "materials_required": ["Dark Magician", "Celtic Guardian"]}
board("polymerization-fusion-summons-with-the-materials-it-lists",
      "Polymerization sends Dark Magician from the hand and Celtic Guardian from the field to Fusion Summon",
      f"{A} 3.2.2.3.1.1.2.i3",
      scenario([hand("Polymerization", "poly", "p1"), hand("Dark Magician", "dm", "p1"), field("Celtic Guardian", "cg", "p1"),
                fusion],
               [{"type": "activate", "card": "poly",
                 "actions": [{"do": "fusion_summon", "target": "fu", "materials": ["dm", "cg"]}]}]))
board("plaguespreader-zombie-revives-itself-from-the-graveyard",
      "Plaguespreader Zombie's Ignition Effect in the Graveyard Special Summons it; its cost is reported as not evaluated",
      f"{A} 3.2.7.2.i1",
      scenario([grave("Plaguespreader Zombie", "pz", "p1"), hand("Kuriboh", "k", "p1")],
               [{"type": "activate", "card": "pz", "effect": 0}]))
utopia = card("Number 39: Utopia").as_object("u", "p2", "monster_zone", position="attack")
utopia["materials"] = ["x1", "x2"]
board("number-39-utopia-negates-an-attack",
      "Number 39: Utopia negates the attack declared; its detach cost is reported as not evaluated", f"{A} 4.2.3.i1",
      scenario([field("Dark Magician", "dm", "p1"), utopia, card("Celtic Guardian").as_object("x1", "p2", "material"),
                card("Battle Ox").as_object("x2", "p2", "material")],
               [{"type": "attack", "attacker": "dm", "target": "u"}, {"type": "activate", "card": "u", "effect": 0}],
               turn=BATTLE))
for slug, title, sent in (
        ("breakthrough-skill-banished-from-the-graveyard-negates",
         "Breakthrough Skill, banished from the Graveyard in its controller's turn, negates the opponent's Effect Monster "
         "it targets", False),
        ("breakthrough-skill-not-the-turn-it-was-sent-to-the-graveyard",
         "Breakthrough Skill cannot be banished from the Graveyard the turn it was sent there", True)):
    skill = grave("Breakthrough Skill", "bs", "p1")
    if sent:
        skill["sent_to_graveyard_this_turn"] = True
    board(slug, title, f"{A} 4.2.3.i1",
          scenario([skill, field("Honest", "h", "p2")], [{"type": "activate", "card": "bs", "effect": 1, "targets": ["h"]}]))


def expected_of(output: dict) -> dict:
    steps = []
    for step in output["trace"]:
        if step["kind"] not in KEPT:
            continue
        item = {"kind": step["kind"], "rule": step["rule"]["number"] if step["rule"] else None,
                "message_id": step["message_id"],
                "params": {k: v for k, v in step["params"].items() if k not in ("may_activate", "may_activate_more")}}
        steps.append(item)
    result = output["result"]
    return {"steps": steps,
            "result": {"objects": [{"id": o["id"], "zone": o["zone"], **({"position": o["position"]} if "position" in o else {}),
                                    **({"atk": o["atk"]} if "atk" in o else {})} for o in result["objects"]],
                       "players": [{"id": p["id"], "lp": p["lp"]} for p in result["players"]],
                       "complete": result["complete"]}}


def main(only: list[str]) -> None:
    for slug, (title, source, scen) in BOARDS.items():
        if only and slug not in only:
            continue
        errors = engine.validate(scen)
        if errors:
            print(slug, "INVALID", errors)
            continue
        output = engine.resolve(scen)
        golden = {"title": title, "source": source, "scenario": scen, "expected": expected_of(output)}
        (OUT / f"library-{slug}.json").write_text(json.dumps(golden, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(slug)


if __name__ == "__main__":
    main(sys.argv[1:])
