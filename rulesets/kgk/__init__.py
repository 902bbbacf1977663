"""Káosz Galaktika Kártyajáték (1999): the rules engine.

Pure Python, no Django. Rule numbers (``KG-x.y``) cite the shared English
reference ``rules/kaosz-galaktika.rules.en.md``. Modules:

* ``state``     state layout, card instances, zones, values, step machinery
* ``cards``     card records -> engine definitions; ``playability``
* ``effects``   the effect-spec schema and its ops (card behaviour as data)
* ``chain``     interrupt windows, priority, LIFO chain resolution (KG-10)
* ``combat``    the combat phase and the eight ship abilities (KG-7, KG-9.4-9.9)
* ``turn``      game start, start/main/end phases, choices (KG-8, KG-9)
* ``engine``    the step function: advance, legal actions, apply, resign
* ``view``      what each seat may see (KG-6.12)
* ``bots``      random and heuristic bots
* ``scenario``  positions set up from a document (``SCENARIOS.md``)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulesets.base import ConfigError, Outcome
from rulesets.kgk import engine
from rulesets.kgk import view as _view
from rulesets.kgk.cards import playability
from rulesets.kgk.turn import new_game as _new_game
from rulesets.rng import Rng

REPO_ROOT = Path(__file__).resolve().parents[2]
PRACTICE_PATH = REPO_ROOT / "fixtures" / "cards" / "practice.json"
RULEBOOK_PATH = REPO_ROOT / "fixtures" / "cards" / "rulebook.json"
SCENARIOS_DIR = REPO_ROOT / "fixtures" / "scenarios" / "kgk"
DECKS_DIR = REPO_ROOT / "fixtures" / "decks"
_PRACTICE_CACHE: dict[str, Any] = {}


def load_practice():
    if "set" not in _PRACTICE_CACHE:
        _PRACTICE_CACHE["set"] = json.loads(PRACTICE_PATH.read_text(encoding="utf-8"))
    return _PRACTICE_CACHE["set"]


def shipped_cards() -> list[dict[str, Any]]:
    """Every shipped card record (the rulebook's cards, then the practice set), fresh
    copies: the records a scenario's slugs are looked up in."""
    rulebook = json.loads(RULEBOOK_PATH.read_text(encoding="utf-8"))["cards"]
    return rulebook + json.loads(json.dumps(load_practice()["cards"]))


def scenario_names() -> list[str]:
    """The shipped scenarios (``fixtures/scenarios/kgk/<name>.json``), named after the
    rule they illustrate (``kg-14-2`` is KG-14.2)."""
    return sorted(p.stem for p in SCENARIOS_DIR.glob("*.json"))


def scenario_config(name: str, **options: Any) -> dict[str, Any]:
    """A ``new_game`` config for a shipped scenario, with the shipped card records."""
    if name not in scenario_names():
        raise ConfigError("unknown_scenario", f"no shipped scenario {name!r}",
                          {"field": "scenario", "known": scenario_names()})
    doc = json.loads((SCENARIOS_DIR / f"{name}.json").read_text(encoding="utf-8"))
    return {"scenario": doc, "cards": shipped_cards(), "options": options}


# Practice decks as JSON text: parsing it hands every caller fresh records several times
# faster than deep-copying them (a match start takes two decks).
_DECK_TEXT: dict[str, str] = {}


def read_deck(name: str) -> list[dict[str, Any]]:
    """A practice deck file (lines ``<count> <name_hu>``) -> card records (fresh copies)."""
    text = _DECK_TEXT.get(name)
    if text is None:
        by_name = {c["name_hu"]: c for c in load_practice()["cards"]}
        out = []
        for line in (DECKS_DIR / f"{name}.txt").read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            count, cname = line.split(" ", 1)
            out.extend(by_name[cname] for _ in range(int(count)))
        text = _DECK_TEXT[name] = json.dumps(out, ensure_ascii=False)
    return json.loads(text)


class KGKRuleset:
    name = "kgk"
    title = "Káosz Galaktika"
    min_players = 2
    max_players = 6
    uses_decks = True
    plain_json_state = True  # to_json/from_json are JSON round trips (matches.store)
    # Compiled card definitions: fixed from new_game on and only ever read, so a host may
    # store them once per match and share them between copies of the state.
    static_keys = ("defs",)
    # The host names the seats programs play (config["automatic_seats"]): only those may
    # have their windows skipped on what their hand holds (KG-12.3, turn.auto_pass_seats).
    takes_automatic_seats = True

    # ---- setup
    def example_config(self, players: int = 2) -> dict[str, Any]:
        decks = [read_deck("practice-a" if i % 2 == 0 else "practice-b")
                 for i in range(players)]
        return {"decks": decks,
                "options": {"rules": "official", "simplified_combat": False},
                "players": players}

    def new_game(self, config: dict[str, Any], seed: str):
        if not isinstance(config, dict):
            raise ConfigError("bad_config", "config must be an object")
        opts = config.get("options")
        if isinstance(opts, dict) and opts.get("scenario") is not None:
            # A host passes only options (matches.store): a sandbox match's scenario comes
            # there, played with the shipped cards.
            opts = dict(opts)
            config = {**config, "scenario": opts.pop("scenario"), "options": opts,
                      "cards": config.get("cards") or shipped_cards()}
        if config.get("scenario") is not None:     # its seats are checked with the rest
            return _new_game(config, seed)
        n = config.get("players") or len(config.get("decks") or [])
        if not (self.min_players <= n <= self.max_players):
            raise ConfigError("bad_players", f"KGK is for {self.min_players}-{self.max_players} players")
        return _new_game(config, seed)

    # ---- stepping (the engine's functions themselves: no extra call per step)
    to_act = staticmethod(engine.to_act)
    legal_actions = staticmethod(engine.legal_actions)
    apply = staticmethod(engine.apply)
    resign = staticmethod(engine.resign)

    # ---- visibility
    def view(self, state, seat):
        return _view.view(state, seat)

    def event_view(self, event, seat):
        return _view.event_view(event, seat)

    # ---- results and storage
    def outcome(self, state):
        r = state.get("result")
        if not r:
            return None
        scores = None
        if state["n"] > 2:
            scores = tuple(float(p["elims"]) for p in state["p"])
        return Outcome(winners=tuple(r["winners"]), reason=r["reason"], scores=scores,
                       details=dict(r.get("details") or {}))

    def to_json(self, state):
        return json.loads(json.dumps(state))

    def from_json(self, data):
        return json.loads(json.dumps(data))

    # ---- bots (the random bot runs inside the engine's own call: one call per step)
    bot_action = staticmethod(engine.bot_action)

    # ---- cards
    @staticmethod
    def playability(card, rules="official"):
        return playability(card, rules)


RULESET = KGKRuleset()

__all__ = ["RULESET", "playability", "Rng", "scenario_config", "scenario_names",
           "shipped_cards"]
