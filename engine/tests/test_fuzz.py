"""Random small ygo scenarios: resolve returns a trace or raises ScenarioError, nothing else."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import ScenarioError

IDS = ["a", "b", "c", "d", "e"]
ZONES = ["hand", "deck", "graveyard", "banished", "monster_zone", "spell_trap_zone", "field_zone", "extra_deck", "bogus"]
KINDS = {"monster": ["effect", "normal", "token", "pendulum", "xyz"], "spell": ["normal", "quick-play", "continuous", "equip", "field"],
         "trap": ["normal", "continuous", "counter"]}
CLASSES = ["card", "effect", "ignition", "trigger", "quick", "flip", "continuous", "pendulum"]
ACTIONS = st.fixed_dictionaries({"do": st.sampled_from(["destroy", "negate_activation", "negate_effect", "change_atk", "draw",
                                                         "damage", "gain_lp", "banish", "send_to_graveyard", "return_to_hand",
                                                         "return_to_deck", "special_summon", "change_control", "mystery"])},
                                optional={"target": st.sampled_from(IDS), "amount": st.integers(-3000, 3000),
                                          "player": st.sampled_from(["self", "opponent", "both", "p1"]),
                                          "link": st.integers(0, 4), "destroy": st.booleans(),
                                          "what": st.sampled_from(["any", "spell_card", "trap_card", "monster_effect"])})


@st.composite
def objects(draw):
    out = []
    for oid in draw(st.lists(st.sampled_from(IDS), min_size=1, max_size=5, unique=True)):
        kind = draw(st.sampled_from(list(KINDS)))
        zone = draw(st.sampled_from(ZONES))
        obj = {"id": oid, "name": draw(st.text(max_size=8)), "owner": draw(st.sampled_from(["p1", "p2"])), "zone": zone,
               "kind": kind, "subtype": draw(st.sampled_from(KINDS[kind])),
               "atk": draw(st.integers(0, 5000)), "def": draw(st.integers(0, 5000)),
               "effects": draw(st.lists(st.fixed_dictionaries(
                   {"class": st.sampled_from(CLASSES), "actions": st.lists(ACTIONS, max_size=3)},
                   optional={"cost": st.lists(st.fixed_dictionaries(
                       {"do": st.sampled_from(["pay_lp", "discard", "tribute", "banish"])},
                       optional={"amount": st.one_of(st.integers(0, 9000), st.just("half")),
                                 "card": st.sampled_from(IDS)}), max_size=2)}), min_size=1, max_size=2))}
        if zone == "monster_zone":
            obj["position"] = draw(st.sampled_from(["attack", "defense", "face-down defense"]))
        elif zone in ("spell_trap_zone", "field_zone"):
            obj["position"] = draw(st.sampled_from(["face-up", "face-down"]))
        out.append(obj)
    return out


@st.composite
def scenarios(draw):
    objs = draw(objects())
    link = st.fixed_dictionaries({"card": st.sampled_from(IDS)},
                                 optional={"targets": st.lists(st.sampled_from(IDS), max_size=2),
                                           "effect": st.integers(0, 1), "spell_speed": st.integers(0, 4)})
    return {"format": "1", "game": "ygo", "ruleset": draw(st.sampled_from(["arcv", "mr2"])), "options": {},
            "players": [{"id": "p1", "lp": draw(st.integers(-1, 9000))}, {"id": "p2", "lp": draw(st.integers(0, 9000))}],
            "turn": {"active": "p1", "phase": "main1"}, "objects": objs,
            "chain": draw(st.lists(link, max_size=5)), "pending": [], "effects": [],
            "actions": draw(st.lists(st.one_of(st.builds(dict, type=st.just("resolve")),
                                               st.builds(lambda c: {"type": "activate", "card": c}, st.sampled_from(IDS))),
                                     max_size=3))}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_resolve_returns_a_trace_or_raises_scenario_error(document):
    try:
        out = engine.resolve(document)
    except ScenarioError as exc:
        assert exc.errors and all({"path", "message"} == set(e) for e in exc.errors)
        return
    assert isinstance(out["trace"], list)
    assert out["result"]["winner"] in (None, "p1", "p2", "draw")
    assert [s["index"] for s in out["trace"]] == list(range(len(out["trace"])))


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=4)))
def test_any_json_value_is_validated_without_crashing(value):
    assert isinstance(engine.validate(value), list)
