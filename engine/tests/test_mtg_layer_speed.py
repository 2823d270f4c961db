"""The cost of the Magic layer system, counted, not timed (timing lives in ``benchmarks/``):
dependency trials only between effects that can interact (CR 613.8a), filters searched again
only for what changed, one computation per state, and the declarations this rests on checked
against what the effects really do on every golden board.

The boards are those of ``benchmarks/mtg_synthetic.py`` (200 permanents, a chain of layer-4
effects, CR 613.8a) and ``benchmarks/adversarial.py`` (the Opalescence of the golden
``dep-opalescence-then-humility`` copied n times).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import engine
from engine.mtg import layers as layer_module
from engine.mtg.filters import Context, matches
from engine.mtg.interactions import AUDITED, CONTEXT_FREE, EVERYTHING, RELATIVE, filter_facets, overlaps
from engine.mtg.layer_effects import LayerEngine, layer_of, static_effects
from engine.mtg.layers import compute, layers_of
from engine.mtg.scenario import parse_state
from engine.mtg.vocabulary import VOCABULARY

ROOT = Path(__file__).resolve().parents[2]
GOLDENS = sorted((ROOT / "fixtures" / "scenarios" / "mtg").glob("*.json"))


def _benchmark(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SYNTHETIC = _benchmark("mtg_synthetic")
ADVERSARIAL = _benchmark("adversarial")


def _work(document):
    return compute(parse_state(document))


# ----------------------------------------------------------------------------- what the layers cost

@pytest.mark.parametrize("copies", [10, 40])
def test_613_8a_opalescence_copies_are_never_tried_against_each_other(copies):
    """Each copy adds the type creature (layer 4) and sets P/T (7b); nothing one writes is
    something another reads (CR 613.8a: its existence, its enchantments, its values), so no pair
    is tried: before, each re-evaluation of layer 4 tried every pair (k²)."""
    result = _work(ADVERSARIAL.opalescence_copies(copies))
    objects = copies + 3  # Opalescence, its copies, Humility and the golden's other permanent
    assert len(result.chars) == objects
    assert result.work["trials"] == 0
    assert result.dependencies == []
    # One search of the board per distinct filter, not one per effect and object.
    assert result.work["searched"] <= 3 * objects
    # Each Opalescence applies to every other non-Aura enchantment in 4 and 7b: the rules' own work.
    assert result.work["applied"] <= 2 * objects * objects


def test_opalescence_cost_grows_no_faster_than_the_square_of_its_copies():
    small, large = (_work(ADVERSARIAL.opalescence_copies(n)).work for n in (20, 40))
    assert large["searched"] <= 2.2 * small["searched"]  # linear in the objects
    assert large["applied"] <= 4.2 * small["applied"]  # quadratic: k effects on k objects


def test_613_8a_synthetic_board_tries_only_the_chained_pairs():
    """The chain of layer 4 (effect i gives T<i+1> to what has T<i>): each reads the one word
    the one before writes, so the pairs tried are about the chain's length, far below k²; the
    anthems, colours and grants read nothing their layer writes and are never tried."""
    result = _work(SYNTHETIC.board())
    chained = 20  # a third of the 60 effects
    assert result.work["trials"] <= 2 * chained
    assert result.work["trials"] < chained * chained
    assert len(result.dependencies) >= chained // 2 - 1  # the chain is still found (CR 613.8a)


def test_synthetic_board_cost_grows_linearly_with_permanents_and_at_most_quadratically_with_effects():
    base = _work(SYNTHETIC.board(permanents=200, effects=60)).work
    more_permanents = _work(SYNTHETIC.board(permanents=400, effects=60)).work
    more_effects = _work(SYNTHETIC.board(permanents=200, effects=120)).work
    assert more_permanents["searched"] <= 2.2 * base["searched"]
    assert more_permanents["trials"] == base["trials"]
    assert more_effects["trials"] <= 4 * base["trials"]
    assert more_effects["searched"] <= 4 * base["searched"]


def test_each_state_is_computed_once(monkeypatch):
    """Memoized per immutable state (:func:`layers_of`): the open-choice board resolves six
    branches with many priority passes; each distinct state's layers are computed once (there
    were about 5,000 computations before), and a board without actions is computed once."""
    seen: list[tuple] = []
    original = layer_module.compute

    def counting(state, **kwargs):
        parts = (state.objects, state.order, state.effects, state.players, state.active, state.step, state.combat_number)
        seen.append(parts)  # held, so no id is reused while the test runs
        return original(state, **kwargs)

    monkeypatch.setattr(layer_module, "compute", counting)
    layer_module._CACHE.clear()
    engine.resolve(ADVERSARIAL.three_open_choices())
    keys = [tuple(id(p) for p in parts[:4]) + parts[4:] for parts in seen]
    assert len(keys) == len(set(keys)), "a state's layers were computed twice"
    assert len(keys) < 100
    seen.clear()
    engine.resolve(SYNTHETIC.board(permanents=30, effects=9))
    assert len(seen) == 1


# ----------------------------------------------------------------------------- the declarations it rests on

def _sample_objects():
    state = parse_state(SYNTHETIC.board(permanents=12, effects=6))
    engine_ = LayerEngine(state, state.objects)
    return state, engine_.index.view


def test_relative_filter_keys_are_the_set_operations_their_predicates_are():
    state, view = _sample_objects()
    everything = frozenset(view)
    for source in ("c0", "c3", None):
        for attached in ("c1", None):
            ctx = Context(source, "p1", attached)
            for key, operation in RELATIVE.items():
                expected = frozenset(o for o, c in view.items() if matches({key: True}, o, c, state.objects[o], ctx))
                assert operation(everything, ctx) == expected, key


def test_context_free_filter_keys_do_not_read_the_context():
    state, view = _sample_objects()
    contexts = [Context("c0", "p1", "c1"), Context("c5", "p2", None), Context(None, "", None)]
    for key in CONTEXT_FREE:
        spec = {"ids": ["c0", "c2"]} if key == "ids" else VOCABULARY.get("filter", key).example
        assert set(spec) == {key}
        for oid, chars in view.items():
            answers = {matches(spec, oid, chars, state.objects[oid], ctx) for ctx in contexts}
            assert len(answers) == 1, (key, oid)


def _facet_changes(before, after):
    """What changed between two characteristics, as facets (word-level for the type line)."""
    out = set()
    for field_name in ("types", "subtypes", "supertypes"):
        out |= {("types", word) for word in getattr(before, field_name) ^ getattr(after, field_name)}
    if before.colors != after.colors:
        out.add(("colors", None))
    if before.abilities != after.abilities:
        out.add(("abilities", None))
    if (before.power, before.toughness) != (after.power, after.toughness):
        out.add(("pt", None))
    if before.controller != after.controller:
        out.add(("controller", None))
    if (before.name, before.mana_cost, before.loyalty) != (after.name, after.mana_cost, after.loyalty):
        out.add(("all", None))
    return out


def _golden_states():
    for path in GOLDENS:
        document = json.loads(path.read_text(encoding="utf-8"))["scenario"]
        if engine.validate(document):
            continue
        yield path.stem, parse_state(document)


def test_every_effect_changes_only_what_it_declares_it_writes(monkeypatch):
    """In every golden's resolution: each object an effect changed changed only in
    characteristics its ``write_facets`` names, so the filters searched again and the pairs
    tried are enough."""
    problems = []
    original = LayerEngine.apply

    def checked(self, e, view, targets):
        declared = self.write_facets(e, view)
        changes = original(self, e, view, targets)
        for oid, (before, after) in changes.items():
            for facet in _facet_changes(before, after):
                if not overlaps(frozenset({facet}), declared):
                    problems.append((e.id, e.do, oid, facet))
        return changes

    monkeypatch.setattr(LayerEngine, "apply", checked)
    layer_module._CACHE.clear()
    count = 0
    for path in GOLDENS:
        document = json.loads(path.read_text(encoding="utf-8"))["scenario"]
        try:
            engine.resolve(document, deadline_s=None)
        except engine.ScenarioError:
            continue
        count += 1
    assert count > 150
    assert problems == []


def test_read_facets_cover_what_the_coarse_reads_name():
    """The narrowed reads never lose a characteristic :meth:`LayerEngine.reads` names."""
    count = 0
    for name, state in _golden_states():
        engine_ = LayerEngine(state, state.objects)
        effects = static_effects(state, state.objects) + [e for e in state.effects if e.do in layer_module.LAYER_OF]
        for e in effects:
            layer_of(e)
            facets = {facet for facet, _ in engine_.read_facets(e, engine_.index.view)}
            # ("all", None): a filter key not audited yet reads everything (interactions.EVERYTHING).
            assert "all" in facets or engine_.reads(e) <= facets, (name, e.id)
            count += 1
    assert count > 80


def test_the_memo_is_the_computation():
    """A memoized result is the computation's own: same characteristics, walk and dependencies."""
    for name, state in list(_golden_states())[:60]:
        fresh, memo = compute(state), layers_of(state)
        assert (memo.chars, memo.walk, memo.dependencies, memo.notes) == \
            (fresh.chars, fresh.walk, fresh.dependencies, fresh.notes), name


def test_audited_filter_keys_read_nothing_they_do_not_declare():
    """Change one characteristic an audited key does not declare it reads: its answer stays."""
    from dataclasses import replace

    from engine.mtg.filters import filter_reads
    from engine.mtg.model import Ability, freeze

    state, view = _sample_objects()
    flying = Ability(("x", 0), "keyword", freeze({"kind": "keyword", "keyword": "flying"}))
    changes = {
        "types": lambda c: replace(c, types=c.types ^ {"artifact", "creature"}, subtypes=c.subtypes ^ {"Zombie"},
                                   supertypes=c.supertypes ^ {"legendary"}),
        "colors": lambda c: replace(c, colors=c.colors ^ {"red", "blue"}),
        "abilities": lambda c: replace(c, abilities=c.abilities + (flying,)),
        "pt": lambda c: replace(c, power=(c.power or 0) + 7, toughness=None),
        "controller": lambda c: replace(c, controller="p2" if c.controller == "p1" else "p1"),
    }
    ctx = Context("c0", "p1", "c1")
    for key in sorted(AUDITED):
        spec = {key: True} if key in RELATIVE else {"ids": ["c0", "c2"]} if key == "ids" else \
            VOCABULARY.get("filter", key).example
        declared = filter_reads(spec)
        for facet, change in changes.items():
            if facet in declared:
                continue
            for oid, chars in view.items():
                assert matches(spec, oid, chars, state.objects[oid], ctx) == \
                    matches(spec, oid, change(chars), state.objects[oid], ctx), (key, facet, oid)


def test_a_filter_key_not_audited_reads_everything():
    assert filter_facets({"types": ["creature"], "some_new_key": True}) == EVERYTHING
    assert filter_facets({"types": ["creature"]}) == frozenset({("types", "creature")})


def test_the_memo_keeps_few_large_results(monkeypatch):
    """A large walk is kept, but not beside others that would pass the bound together
    (CACHE_ROWS, here made small so small boards show it), and never more than CACHE_SIZE."""
    monkeypatch.setattr(layer_module, "CACHE_ROWS", 1500)
    layer_module._CACHE.clear()
    for state in [parse_state(SYNTHETIC.board(permanents=10, effects=3)) for _ in range(3)]:
        layers_of(state)
    large = parse_state(ADVERSARIAL.opalescence_copies(20))
    assert layers_of(large).walk_length > 1500 / 2
    kept = [r for _, r in layer_module._CACHE.values()]
    assert len(kept) == 4 and sum(r.walk_length + len(r.chars) for r in kept) <= 1500
    second = parse_state(ADVERSARIAL.opalescence_copies(20))
    layers_of(second)
    assert len(layer_module._CACHE) == 1  # the small ones and the first large one went
    assert layers_of(second) is layers_of(second)
    layer_module._CACHE.clear()


def test_a_walk_past_the_step_budget_is_the_budget_400_at_once():
    """The walk's rows are steps: when they cannot fit, the answer is the budget's 400 (as when
    the 50,001st step is recorded), given before recording the ones that fit."""
    from engine.core.trace import Budget

    document = ADVERSARIAL.opalescence_copies(10)
    assert _work(document).walk_length == 268
    with pytest.raises(engine.ScenarioError, match="needs more steps than its budget allows"):
        engine.resolve(document, budget=Budget(steps=200))
    budget = Budget(steps=200)
    with pytest.raises(Exception):
        budget.ensure(201)
    budget.ensure(200)
    assert budget.remaining == 200
    assert len(engine.resolve(document, budget=Budget(steps=400))["trace"]) > 268


def test_a_write_made_to_the_view_directly_is_searched_again():
    """Code that sets ``view[oid]`` itself (not through MatchIndex.write) is logged as changing
    everything, so no filter answers from before it."""
    from dataclasses import replace

    state, view = _sample_objects()
    index = LayerEngine(state, state.objects).index
    ctx = Context(None, "p1", None)
    before = index.matching({"colors": ["red"]}, ctx, index.view)
    index.view["c0"] = replace(index.view["c0"], colors=frozenset({"red"}))
    assert index.matching({"colors": ["red"]}, ctx, index.view) == before | {"c0"}


def test_205_3d_a_subtype_is_read_with_the_card_types_it_belongs_to():
    """Whether an object has a creature type may turn on its being a creature or tribal (CR
    205.3d, changeling 702.73a): adding the type creature meets a Goblin filter, not an Aura one."""
    goblin, aura = filter_facets({"subtypes": ["Goblin"]}), filter_facets({"not_subtypes": ["Aura"]})
    creature = frozenset({("types", "creature")})
    assert overlaps(goblin, creature) and not overlaps(aura, creature)
    assert overlaps(aura, frozenset({("types", "enchantment")}))
