"""Small builders for Yu-Gi-Oh! scenario documents used by the tests."""

from __future__ import annotations

from typing import Any


def scenario(objects: list[dict[str, Any]], chain: list[dict[str, Any]], *, ruleset: str = "arcv",
             lp: tuple[int, int] = (8000, 8000), actions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Return a ygo scenario with two players and the given objects and chain."""
    return {"format": "1", "game": "ygo", "ruleset": ruleset, "options": {},
            "players": [{"id": "p1", "name": "Alice", "lp": lp[0]}, {"id": "p2", "name": "Bob", "lp": lp[1]}],
            "turn": {"active": "p1", "phase": "main1", "step": None},
            "objects": objects, "chain": chain, "pending": [], "effects": [], "actions": actions or []}


def set_card(id: str, owner: str, kind: str, subtype: str, actions: list[dict[str, Any]] | None = None,
             *, zone: str = "spell_trap_zone", position: str | None = "face-down", cost=None, cls: str = "card",
             name: str | None = None) -> dict[str, Any]:
    """Return a Spell or Trap with one effect."""
    effect: dict[str, Any] = {"class": cls, "actions": actions or []}
    if cost:
        effect["cost"] = cost
    card = {"id": id, "name": name or id, "owner": owner, "zone": zone, "kind": kind, "subtype": subtype,
            "effects": [effect]}
    if position is not None and zone in ("spell_trap_zone", "field_zone"):
        card["position"] = position
    return card


def monster(id: str, owner: str, *, atk: int = 1000, zone: str = "monster_zone", cls: str | None = None,
            actions: list[dict[str, Any]] | None = None, subtype: str = "effect", position: str = "attack") -> dict[str, Any]:
    """Return a monster, with one effect of class ``cls`` if given."""
    card: dict[str, Any] = {"id": id, "name": id, "owner": owner, "zone": zone, "kind": "monster",
                            "subtype": subtype, "level": 4, "atk": atk, "def": 1000}
    if zone == "monster_zone":
        card["position"] = position
    if cls:
        card["effects"] = [{"class": cls, "actions": actions or []}]
    return card


def steps(output: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """Return the trace steps of one kind."""
    return [step for step in output["trace"] if step["kind"] == kind]


def objects(output: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Return the result's objects by id."""
    return {obj["id"]: obj for obj in output["result"]["objects"]}
