"""The KGK data this repository ships: the practice set and its decks, the rulebook's
cards, and the scenarios (``fixtures/``). Read from the repository only, cached per
process where a match start reads them repeatedly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulesets.base import ConfigError

REPO_ROOT = Path(__file__).resolve().parents[2]
PRACTICE_PATH = REPO_ROOT / "fixtures" / "cards" / "practice.json"
RULEBOOK_PATH = REPO_ROOT / "fixtures" / "cards" / "rulebook.json"
SCENARIOS_DIR = REPO_ROOT / "fixtures" / "scenarios" / "kgk"
DECKS_DIR = REPO_ROOT / "fixtures" / "decks"
_PRACTICE_CACHE: dict[str, dict[str, Any]] = {}


def load_practice() -> dict[str, Any]:
    """The practice set (``fixtures/cards/practice.json``), read once per process."""
    if "set" not in _PRACTICE_CACHE:
        _PRACTICE_CACHE["set"] = json.loads(PRACTICE_PATH.read_text(encoding="utf-8"))
    return _PRACTICE_CACHE["set"]


def shipped_cards() -> list[dict[str, Any]]:
    """Every shipped card record (the rulebook's cards, then the practice set), fresh
    copies: the records a scenario's slugs are looked up in."""
    rulebook: list[dict[str, Any]] = json.loads(RULEBOOK_PATH.read_text(encoding="utf-8"))["cards"]
    practice: list[dict[str, Any]] = json.loads(json.dumps(load_practice()["cards"]))
    return rulebook + practice


def scenario_names() -> list[str]:
    """The shipped scenarios (``fixtures/scenarios/kgk/<name>.json``), named after the
    rule they illustrate (``kg-14-2`` is KG-14.2)."""
    return sorted(p.stem for p in SCENARIOS_DIR.glob("*.json"))


def scenario_document(name: str) -> dict[str, Any]:
    """A shipped scenario's document (``ConfigError`` ``unknown_scenario`` otherwise)."""
    if name not in scenario_names():
        raise ConfigError("unknown_scenario", f"no shipped scenario {name!r}",
                          {"field": "scenario", "known": scenario_names()})
    doc: dict[str, Any] = json.loads((SCENARIOS_DIR / f"{name}.json").read_text(encoding="utf-8"))
    return doc


def scenario_seats(document: Any) -> list[str]:
    """The seats a scenario document sets up (``seats``: 2 to 6), by the names it gives
    them ("" when unnamed); empty when it has no such list (``new_game`` refuses it)."""
    seats = document.get("seats") if isinstance(document, dict) else None
    if not isinstance(seats, list) or not 2 <= len(seats) <= 6:
        return []
    names = [s.get("name") if isinstance(s, dict) else None for s in seats]
    return [n.strip()[:120] if isinstance(n, str) else "" for n in names]


SCENARIO_EXAMPLE = """{
  "format": "kgk-scenario/1",
  "turn": 3, "active": 0, "phase": "main",
  "seats": [
    {"name": "Anna", "credits": 5,
     "colony": [{"card": "practice-kikepzo-kolibri", "count": 10}],
     "hand": ["practice-kikepzo-kolibri"]},
    {"name": "Béla", "credits": 4,
     "colony": [{"card": "practice-kikepzo-kolibri", "count": 10}],
     "hangar": ["practice-kikepzo-kolibri"]}
  ]
}"""


def scenario_example() -> str:
    """A small scenario document, as the "set up a position" page offers it to start from."""
    return SCENARIO_EXAMPLE


def scenario_config(name: str, **options: Any) -> dict[str, Any]:
    """A ``new_game`` config for a shipped scenario, with the shipped card records."""
    return {"scenario": scenario_document(name), "cards": shipped_cards(), "options": options}


# Practice decks as JSON text: parsing it hands every caller fresh records several times
# faster than deep-copying them (a match start takes two decks).
_DECK_TEXT: dict[str, str] = {}


def read_deck(name: str) -> list[dict[str, Any]]:
    """A practice deck file (lines ``<count> <name_hu>``) -> card records (fresh copies)."""
    text = _DECK_TEXT.get(name)
    if text is None:
        by_name = {c["name_hu"]: c for c in load_practice()["cards"]}
        out: list[dict[str, Any]] = []
        for line in (DECKS_DIR / f"{name}.txt").read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            count, cname = line.split(" ", 1)
            out.extend(by_name[cname] for _ in range(int(count)))
        text = _DECK_TEXT[name] = json.dumps(out, ensure_ascii=False)
    records: list[dict[str, Any]] = json.loads(text)
    return records
