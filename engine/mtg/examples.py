"""Small builders of ``mtg`` scenario documents, for tests, benchmarks and golden files."""

from __future__ import annotations

from typing import Any


def card(oid: str, name: str, owner: str = "p1", zone: str = "battlefield", **fields: Any) -> dict[str, Any]:
    """Return an object dict; ``fields`` are the other object keys (docs/scenario-format.md §7.3)."""
    out: dict[str, Any] = {"id": oid, "name": name, "owner": owner, "zone": zone}
    out.update(fields)
    return out


def creature(oid: str, name: str, power: int, toughness: int, owner: str = "p1", zone: str = "battlefield",
             **fields: Any) -> dict[str, Any]:
    """Return a creature object."""
    fields.setdefault("types", ["creature"])
    return card(oid, name, owner, zone, power=power, toughness=toughness, **fields)


def keyword(word: str, **fields: Any) -> dict[str, Any]:
    """Return a keyword ability."""
    return {"kind": "keyword", "keyword": word, **fields}


def static(*effects: dict[str, Any], affected: Any = None, text: str = "") -> dict[str, Any]:
    """Return a static ability generating continuous effects."""
    out: dict[str, Any] = {"kind": "static", "effects": list(effects)}
    if affected is not None:
        out["affected"] = affected
    if text:
        out["text"] = text
    return out


def spell(*effects: dict[str, Any], targets: list[dict[str, Any]] | None = None, text: str = "") -> dict[str, Any]:
    """Return the spell ability of an instant or sorcery."""
    out: dict[str, Any] = {"kind": "spell", "effects": list(effects), "targets": targets or []}
    if text:
        out["text"] = text
    return out


def scenario(objects: list[dict[str, Any]], actions: list[dict[str, Any]] | None = None, *,
             ruleset: str = "cr-2022-04-29", step: str = "main1", active: str = "p1", life: tuple[int, int] = (20, 20),
             effects: list[dict[str, Any]] | None = None, chain: list[dict[str, Any]] | None = None,
             pending: list[dict[str, Any]] | None = None, priority: str | None = None) -> dict[str, Any]:
    """Return a scenario document."""
    turn: dict[str, Any] = {"active": active, "step": step}
    if priority:
        turn["priority"] = priority
    return {"format": "1", "game": "mtg", "ruleset": ruleset, "options": {},
            "players": [{"id": "p1", "life": life[0]}, {"id": "p2", "life": life[1]}],
            "turn": turn, "objects": objects, "chain": chain or [], "pending": pending or [],
            "effects": effects or [], "actions": actions or []}
