"""Shared helpers of the site-wide tests: changed editions of a bundled document, goldens."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any

from rulesite.rules.services import ImportReport, document_import, document_parse_file

ROOT = Path(__file__).resolve().parents[2]
FOW = ROOT / "fixtures" / "documents" / "fow-whitepaper-2.3.txt"


def import_changed_fow(number: str, text: str) -> ImportReport:
    """Import the bundled FoW whitepaper again with section ``number``'s text set to ``text``.

    Same slug (the same edition, corrected), a new fingerprint; returns the import report.
    """
    parsed, fingerprint = document_parse_file(path=FOW, fmt="fow-whitepaper")
    sections = [dataclasses.replace(s, text=text, raw_text=text) if s.number == number else s for s in parsed.sections]
    changed = dataclasses.replace(parsed, sections=sections)
    return document_import(parsed=changed, fingerprint=hashlib.sha256(f"{fingerprint}{text}".encode()).hexdigest(), source_name=FOW.name)


def goldens() -> list[dict[str, Any]]:
    """Return every golden scenario document (``fixtures/scenarios/*/*.json``), in file order."""
    return [
        json.loads(path.read_text(encoding="utf-8"))["scenario"]
        for path in sorted((ROOT / "fixtures" / "scenarios").glob("*/*.json"))
    ]
