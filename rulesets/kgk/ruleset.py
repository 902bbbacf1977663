"""The KGK ruleset object: the engine bound to the protocol through the ruleset base
(``rulesets/ruleset_base.py``), which carries the protocol's defaults.

KGK's ``legal_actions``, ``apply``, ``resign`` and its own bots go through the speed layer
(``rulesets/kgk/fast``), whose cache the ruleset object owns; the rules layer itself
(``engine``) stays the reference, and ``PLAIN`` is the ruleset on it alone. The few
functions below are the protocol's KGK glue: config checks, the outcome record and the deck
validator's playability question.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulesets.base import ConfigError, Outcome, ScenarioWords
from rulesets.kgk import determinize as search_hooks
from rulesets.kgk import engine
from rulesets.kgk import view as seat_view
from rulesets.kgk.cards import playability as card_playability
from rulesets.kgk.engine import new_game as engine_new_game
from rulesets.kgk.fast import FastEngine
from rulesets.kgk.game_state import Game
from rulesets.kgk.scenario_words import WORDS
from rulesets.kgk.shipped import (
    read_deck,
    scenario_document,
    scenario_example,
    scenario_names,
    scenario_seats,
    shipped_cards,
)
from rulesets.kgk.stops import STOPS
from rulesets.ruleset_base import GameType, RulesetBase

MIN_PLAYERS, MAX_PLAYERS = 2, 6   # KG-1.4: two; KG-13.1: more (this engine: up to six)


def example_config(players: int = 2) -> dict[str, Any]:
    """The two practice decks, alternating, with the official rules."""
    decks = [read_deck("practice-a" if i % 2 == 0 else "practice-b") for i in range(players)]
    return {"decks": decks, "options": {"rules": "official", "simplified_combat": False},
            "players": players}


def new_game(config: dict[str, Any], seed: str) -> Game:
    if not isinstance(config, dict):
        raise ConfigError("bad_config", "config must be an object")
    opts = config.get("options")
    if isinstance(opts, dict) and opts.get("scenario") is not None:
        # A host passes only options (matches.store): a sandbox match's scenario comes
        # there, played with the shipped cards.
        opts = dict(opts)
        config = {**config, "scenario": opts.pop("scenario"), "options": opts,
                  "cards": config.get("cards") or shipped_cards()}
    if config.get("scenario") is None:         # a scenario's seats are checked with the rest
        n = config.get("players") or len(config.get("decks") or [])
        if not (MIN_PLAYERS <= n <= MAX_PLAYERS):
            raise ConfigError("bad_players", f"KGK is for {MIN_PLAYERS}-{MAX_PLAYERS} players")
    game: Game = engine_new_game(config, seed)
    return game


def outcome(state: Game) -> Outcome | None:
    r = state.result
    if not r:
        return None
    scores = None
    if state.n > 2:
        scores = tuple(float(p.elims) for p in state.p)
    return Outcome(winners=tuple(r["winners"]), reason=r["reason"], scores=scores,
                   details=dict(r.get("details") or {}))


def to_json(data: Any) -> Any:
    """The stored form of a state (``game_state.py``)."""
    return data.to_json()


def playability(card: Mapping[str, Any], options: Mapping[str, Any]) -> list[str]:
    """Why this engine cannot play ``card`` under a format's ``engine_options`` (its
    ``rules``: ``"official"`` or ``"quick_start"``, and ``simplified_combat``); empty when
    it can."""
    reasons: list[str] = card_playability(dict(card), str(options.get("rules") or "official"),
                                          bool(options.get("simplified_combat")))
    return reasons


class KGKRuleset(RulesetBase):
    """The KGK protocol object on the rules layer alone (``engine``): the reference."""

    game_type = GameType(
        name="kgk", title="Káosz Galaktika", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
        uses_decks=True,
        # Compiled card definitions: fixed from new_game on and only ever read, so a host
        # may store them once per match and share them between copies of the state.
        static_keys=("defs",),
        # The host names the seats programs play (config["automatic_seats"]): only those
        # may have their windows skipped on what their hand holds (KG-12.3,
        # turn.auto_pass_seats).
        takes_automatic_seats=True,
        # KG-6.12: nobody sees a colony's contents or order (its owner neither, KG-6.2.2);
        # a seat's hand and ruin are its own.
        hidden_zones=("p.*.colony", "p.{seat}.hand", "p.{seat}.ruin"))
    # A person's standing instructions for windows; the host passes for them at the
    # windows their stops do not ask them at (rulesets/kgk/stops.py).
    stops = STOPS

    example_config = staticmethod(example_config)
    new_game = staticmethod(new_game)
    to_act = staticmethod(engine.to_act)
    legal_actions = staticmethod(engine.legal_actions)
    apply = staticmethod(engine.apply)
    resign = staticmethod(engine.resign)
    view = staticmethod(seat_view.view)
    event_view = staticmethod(seat_view.event_view)
    outcome = staticmethod(outcome)
    to_json = staticmethod(to_json)
    from_json = staticmethod(Game.from_json)      # (checks that it is this game's state)
    game_bot_action = staticmethod(engine.bot_action)
    # The searching bot's hooks (rulesets/search): a sample of what the seat cannot see,
    # and each seat's prospects where a playout stops.
    determinize = staticmethod(search_hooks.determinize)
    determinizer = staticmethod(search_hooks.sampler)
    evaluate = staticmethod(search_hooks.evaluate)
    playability = staticmethod(playability)
    # Positions set up from a document (rulesets.base.Scenarios; SCENARIOS.md): the host's
    # sandbox asks these and never reads a document itself.
    scenario_names = staticmethod(scenario_names)
    scenario_document = staticmethod(scenario_document)
    scenario_seats = staticmethod(scenario_seats)
    scenario_example = staticmethod(scenario_example)

    def scenario_words(self) -> ScenarioWords:
        return WORDS


class FastKGKRuleset(KGKRuleset):
    """The KGK protocol object the host, bots and search use: ``legal_actions``,
    ``bot_action``, ``apply``, ``resign`` and the search's ``play_bot`` are those of a
    ``FastEngine`` this object owns (bound straight to it: no call in between; the
    engine hands the searching bot's levels to the search on this object, as
    ``RulesetBase.bot_action`` does). The engine's cache is safe to share between threads (each kept entry is replaced as a
    whole; see ``fast/cache.py``)."""

    def __init__(self) -> None:
        self.fast = FastEngine(search_on=self)
        self.legal_actions = self.fast.legal_actions
        self.apply = self.fast.apply
        self.resign = self.fast.resign
        self.game_bot_action = self.fast.bot_action
        self.bot_action = self.fast.bot_action      # type: ignore[method-assign]
        self.play_bot = self.fast.play_bot


PLAIN = KGKRuleset()
RULESET = FastKGKRuleset()
