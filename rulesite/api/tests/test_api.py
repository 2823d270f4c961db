"""JSON API: documents, sections, search, resolve and scenarios (DESIGN.md interfaces)."""

from __future__ import annotations

import json

import pytest

from conftest import needs_corpora
from rulesite.scenarios.models import Scenario

pytestmark = pytest.mark.django_db

MIRROR_FORCE = {
    "format": "1", "game": "ygo", "ruleset": "arcv", "options": {},
    "players": [{"id": "p1", "name": "Alice", "lp": 8000}, {"id": "p2", "name": "Bob", "lp": 8000}],
    "turn": {"active": "p1", "phase": "battle", "step": "battle"},
    "objects": [
        {"id": "m1", "name": "Dark Magician", "owner": "p1", "zone": "monster_zone", "position": "attack",
         "kind": "monster", "subtype": "normal", "level": 7, "atk": 2500, "def": 2100},
        {"id": "t1", "name": "Mirror Force", "owner": "p2", "zone": "spell_trap_zone", "position": "face-down",
         "kind": "trap", "subtype": "normal",
         "effects": [{"class": "card", "actions": [{"do": "destroy", "targets": ["m1"]}]}]},
        {"id": "t2", "name": "Trap Jammer", "owner": "p1", "zone": "spell_trap_zone", "position": "face-down",
         "kind": "trap", "subtype": "counter",
         "effects": [{"class": "card", "actions": [{"do": "negate_activation", "what": "trap_card", "destroy": True}]}]},
    ],
    "chain": [{"card": "t1"}],
    "pending": [], "effects": [],
    "actions": [{"type": "activate", "card": "t2"}],
}


def post(client, url: str, body) -> object:
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(url, data=data, content_type="application/json")


class DocumentApiTests:
    def test_documents_are_listed_with_their_fields(self, client):
        body = client.get("/api/v1/documents/").json()
        assert set(body) == {"count", "next", "previous", "results"}
        fow = next(d for d in body["results"] if d["slug"] == "fow-whitepaper-2.3")
        assert fow["section_count"] == 117
        assert fow["family"] == "fow-whitepaper" and fow["game"] == "fow" and fow["language"] == "zh-Hant"
        assert fow["url"] == "/rules/fow-whitepaper-2.3/"

    def test_section_detail_has_parent_children_and_references(self, client):
        body = client.get("/api/v1/documents/fow-whitepaper-2.3/sections/6/").json()
        assert body["number"] == "6"
        assert [c["number"] for c in body["children"]][:2] == ["6.1", "6.2"]
        assert body["parent"] is None
        assert {"references", "referenced_by", "url", "text", "title"} <= set(body)

    def test_unknown_section_is_a_404_with_errors(self, client):
        response = client.get("/api/v1/documents/fow-whitepaper-2.3/sections/99/")
        assert response.status_code == 404
        assert response.json()["errors"][0]["message"]


class SearchApiTests:
    def test_search_returns_snippets_with_only_mark_markup(self, client):
        body = client.get("/api/v1/search/", {"q": "连锁"}).json()
        assert body["count"] > 0
        result = body["results"][0]
        assert {"document", "number", "title", "snippet", "url"} <= set(result)
        assert "<mark>" in result["snippet"]
        stripped = result["snippet"].replace("<mark>", "").replace("</mark>", "")
        assert "<" not in stripped

    def test_missing_query_is_a_400_naming_the_field(self, client):
        response = client.get("/api/v1/search/")
        assert response.status_code == 400
        assert response.json()["errors"][0]["path"] == "q"

    def test_filter_by_game(self, client):
        body = client.get("/api/v1/search/", {"q": "连锁", "game": "fow"}).json()
        documents = {r["document"] for r in body["results"]}
        assert "fow-whitepaper-2.3" in documents and all(slug.startswith("fow-") for slug in documents)


class ResolveApiTests:
    def test_a_valid_scenario_resolves_with_a_cited_trace(self, client):
        response = post(client, "/api/v1/resolve/", MIRROR_FORCE)
        assert response.status_code == 200
        body = response.json()
        assert body["trace"] and body["result"]["winner"] is None
        assert all(step["rule"] or step.get("basis") for step in body["trace"])
        dark_magician = next(o for o in body["result"]["objects"] if o["id"] == "m1")
        assert dark_magician["zone"] == "monster_zone"

    def test_an_illegal_response_is_a_step_not_an_http_error(self, client):
        scenario = json.loads(json.dumps(MIRROR_FORCE))
        scenario["chain"] = [{"card": "t2"}]  # a Counter Trap as Chain Link 1 negating nothing…
        scenario["objects"][1]["effects"][0]["actions"] = [{"do": "destroy", "targets": ["m1"]}]
        scenario["actions"] = [{"type": "activate", "card": "t1"}]  # …answered by a Spell Speed 2 trap
        response = post(client, "/api/v1/resolve/", scenario)
        assert response.status_code == 200
        assert any(step["kind"] == "illegal" for step in response.json()["trace"])

    def test_malformed_json_is_a_400(self, client):
        response = post(client, "/api/v1/resolve/", "{not json")
        assert response.status_code == 400
        assert response.json()["errors"][0]["path"] == ""

    def test_a_value_of_a_type_the_engine_cannot_use_is_a_400_not_a_500(self, client):
        from pathlib import Path

        from django.conf import settings

        path = Path(settings.BASE_DIR) / "fixtures" / "scenarios" / "mtg" / "faq-cascade-2020-numbering.json"
        scenario = json.loads(path.read_text(encoding="utf-8"))["scenario"]
        scenario["objects"][0]["mana_cost"] = None
        response = post(client, "/api/v1/resolve/", scenario)
        assert response.status_code == 400 and "cannot use" in response.json()["errors"][0]["message"]
        scenario["objects"][0]["mana_cost"] = "{Q}{R"
        errors = post(client, "/api/v1/resolve/", scenario).json()["errors"]
        assert any(e["path"] == "objects[0].mana_cost" for e in errors)

    def test_negative_lp_names_the_field(self, client):
        scenario = json.loads(json.dumps(MIRROR_FORCE))
        scenario["players"][0]["lp"] = -5
        errors = post(client, "/api/v1/resolve/", scenario).json()["errors"]
        assert any(e["path"] == "players[0].lp" for e in errors)

    def test_unknown_zone_names_the_field(self, client):
        scenario = json.loads(json.dumps(MIRROR_FORCE))
        scenario["objects"][0]["zone"] = "moon"
        errors = post(client, "/api/v1/resolve/", scenario).json()["errors"]
        assert any(e["path"] == "objects[0].zone" for e in errors)

    def test_a_chain_of_100000_links_is_refused_clearly(self, client):
        scenario = json.loads(json.dumps(MIRROR_FORCE))
        scenario["chain"] = [{"card": "t1"}] * 100_000  # 1.4 MB: over the size limit first
        response = post(client, "/api/v1/resolve/", scenario)
        assert response.status_code == 400
        assert "limit" in response.json()["errors"][0]["message"]

    def test_a_chain_over_1000_links_names_the_field(self, client):
        scenario = json.loads(json.dumps(MIRROR_FORCE))
        scenario["chain"] = [{"card": "t1"}] * 1_001
        errors = post(client, "/api/v1/resolve/", scenario).json()["errors"]
        assert errors[0]["path"] == "chain" and "1,000" in errors[0]["message"]

    def test_a_5_mb_body_is_refused_clearly(self, client):
        scenario = json.loads(json.dumps(MIRROR_FORCE))
        scenario["objects"][0]["name"] = "x" * 5_000_000
        response = post(client, "/api/v1/resolve/", scenario)
        assert response.status_code == 400
        assert "limit" in response.json()["errors"][0]["message"]

    def test_a_json_array_is_refused(self, client):
        response = post(client, "/api/v1/resolve/", [1, 2])
        assert response.status_code == 400

    def test_a_key_given_twice_is_a_400_naming_its_path(self, client):
        text = json.dumps(MIRROR_FORCE).replace('"lp": 8000}', '"lp": 8000, "lp": 5}', 1)
        for url in ("/api/v1/resolve/", "/api/v1/scenarios/"):
            response = post(client, url, text)
            assert response.status_code == 400
            assert response.json()["errors"][0]["path"] == "players[0].lp"
            assert "more than once" in response.json()["errors"][0]["message"]

    def test_a_ruleset_given_twice_is_a_400_naming_it(self, client):
        text = json.dumps(MIRROR_FORCE).replace('"ruleset": "arcv"', '"ruleset": "arcv", "ruleset": "arcv"', 1)
        response = post(client, "/api/v1/resolve/", text)
        assert response.status_code == 400 and response.json()["errors"][0]["path"] == "ruleset"


class ScenarioApiTests:
    def test_storing_a_scenario_twice_gives_the_same_code(self, client):
        first = post(client, "/api/v1/scenarios/", MIRROR_FORCE)
        assert first.status_code == 201
        second = post(client, "/api/v1/scenarios/", MIRROR_FORCE)
        assert second.status_code == 200
        assert first.json()["code"] == second.json()["code"]
        assert first.json()["url"] == f"/r/{first.json()['code']}/"

    def test_key_order_and_whitespace_do_not_change_the_code(self, client):
        code = post(client, "/api/v1/scenarios/", MIRROR_FORCE).json()["code"]
        reordered = json.dumps(dict(reversed(list(MIRROR_FORCE.items()))), indent=4)
        assert post(client, "/api/v1/scenarios/", reordered).json()["code"] == code

    def test_a_stored_scenario_can_be_read_back(self, client):
        code = post(client, "/api/v1/scenarios/", MIRROR_FORCE).json()["code"]
        body = client.get(f"/api/v1/scenarios/{code}/").json()
        assert body["scenario"] == MIRROR_FORCE
        assert body["engine_version"] and body["trace"]

    def test_an_invalid_scenario_is_not_stored(self, client):
        before = Scenario.objects.count()
        response = post(client, "/api/v1/scenarios/", {"format": "1", "game": "ygo"})
        assert response.status_code == 400
        assert Scenario.objects.count() == before


class SchemaTests:
    def test_openapi_schema_and_docs_page(self, client):
        schema = client.get("/api/schema/")
        assert schema.status_code == 200
        assert b"/api/v1/resolve/" in schema.content
        docs = client.get("/api/docs/")
        assert docs.status_code == 200
        assert b"cdn" not in docs.content.lower()  # served from our own static files


class UnstorableTextTests:
    def test_a_lone_surrogate_is_a_400_naming_the_field_on_every_endpoint(self, client):
        body = json.dumps(MIRROR_FORCE).replace('"Dark Magician"', '"\\ud800"')
        for url in ("/api/v1/resolve/", "/api/v1/scenarios/"):
            response = post(client, url, body)
            assert response.status_code == 400, url
            assert response.json()["errors"][0]["path"] == "objects[0].name"

    def test_a_nul_character_is_refused_before_it_reaches_the_database(self, client):
        body = json.dumps(MIRROR_FORCE).replace('"Dark Magician"', '"Dark\\u0000Magician"')
        response = post(client, "/api/v1/scenarios/", body)
        assert response.status_code == 400
        assert not Scenario.objects.filter(canonical__contains="Dark").exclude(canonical__contains="Dark Magician").exists()

    @pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
    def test_a_number_json_cannot_hold_is_a_400_naming_the_field_on_every_endpoint(self, client, number):
        body = json.dumps(MIRROR_FORCE).replace('"lp": 8000', f'"lp": {number}', 1)
        assert number in body
        for url in ("/api/v1/resolve/", "/api/v1/scenarios/"):
            response = post(client, url, body)
            assert response.status_code == 400, url
            [error] = response.json()["errors"]
            assert error["path"] == "players[0].lp" and "NaN, Infinity" in error["message"], error
        assert not Scenario.objects.exists()

    def test_deep_nesting_is_refused(self, client):
        scenario = json.loads(json.dumps(MIRROR_FORCE))
        scenario["options"] = {"x": json.loads("[" * 200 + "]" * 200)}
        response = post(client, "/api/v1/resolve/", scenario)
        assert response.status_code == 400
        assert "nested" in response.json()["errors"][0]["message"]


class ApiContractTests:
    def test_an_unknown_document_filter_is_a_400(self, client):
        response = client.get("/api/v1/search/", {"q": "连锁", "document": "zzz"})
        assert response.status_code == 400
        assert response.json()["errors"][0]["path"] == "document"

    def test_the_schema_asks_for_no_credentials_and_only_json_bodies(self, client):
        schema = client.get("/api/schema/?format=json").json()
        resolve = schema["paths"]["/api/v1/resolve/"]["post"]
        assert "security" not in resolve or resolve["security"] in ([], [{}])
        assert list(resolve["requestBody"]["content"]) == ["application/json"]

    def test_form_encoded_bodies_are_refused_clearly(self, client):
        response = client.post("/api/v1/resolve/", {"a": "b"})
        assert response.status_code in (400, 415)
        assert response.json()["errors"]
