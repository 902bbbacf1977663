"""Property tests over seeded random games (random and heuristic bots).

Every game ends; every action the bots take comes from ``legal_actions`` and is
accepted; sampled legal actions are accepted and fuzzed non-legal ones rejected
with a reason and the state untouched; goods, energy, cards, dice and tokens are
conserved; hidden information stays hidden; replay reproduces the state.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulesets.base import IllegalAction
from rulesets.rng import Rng
from rulesets.smugglers import RULESET
from rulesets.smugglers.play import play, replay

from .helpers import check_conservation

OPTION_SETS: list[dict[str, bool]] = [
    {}, {"advanced": True}, {"stacked_dice": True}, {"advanced": True, "stacked_dice": True},
    {"stations": True, "refund_on_goods_failure": True}, {"favourite_ships": True},
]
CONFIGS = [RULESET.example_config(n, **o) for n in range(2, 7) for o in OPTION_SETS]


def fast_copy(state: dict[str, Any]) -> dict[str, Any]:
    """Deep copy of everything but the (never mutated) component data."""
    out = json.loads(json.dumps({k: v for k, v in state.items() if k != "components"}))
    out["components"] = state["components"]
    return out


def kinds(i: int, n: int) -> list[str]:
    return ["heuristic" if (i + s) % 3 == 0 else "random" for s in range(n)]


def run_games(count: int, prefix: str) -> int:
    steps = 0
    for i in range(count):
        config = CONFIGS[i % len(CONFIGS)]
        seed = f"{prefix}-{i}"
        start = RULESET.new_game(config, seed)

        def check(state: dict[str, Any], seat: int, action: dict[str, Any],
                  start: dict[str, Any] = start) -> None:
            assert seat in RULESET.to_act(state)
            assert action in RULESET.legal_actions(state, seat)
            check_conservation(state, start)

        game = play(config, seed, kinds(i, config["players"]), on_step=check)
        steps += len(game.actions)
        state = game.state
        check_conservation(state, start)
        out = RULESET.outcome(state)
        assert out is not None and out.winners and set(out.winners) <= set(range(len(
            state["seats"])))
        assert state["galaxies"] == [] and state["round"] == state["rounds"]
        assert replay(config, seed, game.actions) == state
        assert json.loads(json.dumps(state)) == state
        assert RULESET.from_json(RULESET.to_json(state)) == state
    return steps


def test_thousands_of_games_end_conserve_and_replay():
    assert run_games(1200, "prop") > 50_000


@pytest.mark.slow
def test_big_sweep():
    run_games(20_000, "sweep")


FUZZ_TYPES = ["place", "take_token", "done", "pay_energy", "pay_goods", "take_energy",
              "take_goods", "give_energy", "give_good", "decline", "fly", ""]


def fuzz(rng: Rng, legal: list[dict[str, Any]], n_cards: int) -> list[Any]:
    """Near-miss and nonsense actions around the legal ones."""
    out: list[Any] = [None, [], {"card": 0}, {"type": 3}]
    for _ in range(6):
        kind = rng.choice(FUZZ_TYPES)
        out.append({"type": kind, "card": rng.randint(-1, n_cards), "value": rng.randint(-2, 7),
                    "amount": rng.randint(-1, 5), "colour": rng.choice(["red", "pink", 1]),
                    "goods": {rng.choice(["red", "blue", "x"]): rng.randint(-1, 3)}})
    for a in [rng.choice(legal) for _ in range(4)]:
        b = dict(a)
        for key in ("card", "value", "amount"):
            if key in b:
                b[key] = b[key] + rng.choice([-1, 1, 7])
        if "goods" in b:
            goods = dict(b["goods"])
            colour = rng.choice(["yellow", "blue", "green", "red"])
            goods[colour] = goods.get(colour, 0) + 1
            b["goods"] = goods
        out.extend([b, dict(a, card=True) if "card" in a else dict(a, value=1.0)])
    return out


def test_legal_accepted_and_illegal_rejected_untouched():
    rng = Rng.from_seed("fuzz")
    checked = 0
    for i in range(100):
        config = CONFIGS[i % len(CONFIGS)]
        state = RULESET.new_game(config, f"fuzz-{i}")
        while RULESET.to_act(state):
            to_act = RULESET.to_act(state)
            before = fast_copy(state)
            idle = [s for s in range(len(state["seats"])) if s not in to_act]
            for seat in to_act + ([rng.choice(idle)] if idle else []):
                legal = RULESET.legal_actions(state, seat)
                assert bool(legal) == (seat in to_act)
                for a in fuzz(rng, legal or [{"type": "decline"}], len(state["table"])):
                    if seat in to_act and a in legal:
                        continue
                    with pytest.raises(IllegalAction) as err:
                        RULESET.apply(state, seat, a)
                    assert err.value.code and err.value.message
                    checked += 1
            assert state == before, "a rejected action changed the state"
            seat = rng.choice(to_act)
            RULESET.apply(fast_copy(state), seat, rng.choice(RULESET.legal_actions(state, seat)))
            RULESET.apply(state, seat, RULESET.bot_action(state, seat, "random", str(checked)))
    assert checked > 30_000


def twin(state: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """The same game except for what nobody may see: the face-down galaxies and the
    box hold the unseen cards in another arrangement, and the RNG state differs."""
    other = fast_copy(state)
    unseen = [c for g in other["galaxies"] for c in g] + other["box"]
    rng.shuffle(unseen)
    pos = 0
    for g in other["galaxies"]:
        g[:] = unseen[pos:pos + len(g)]
        pos += len(g)
    other["box"] = unseen[pos:]
    other["rng"] = rng.next_u64()
    return other


def test_hidden_information_stays_hidden():
    rng = Rng.from_seed("hidden")
    compared = 0
    for i in range(120):
        config = CONFIGS[i % len(CONFIGS)]
        state = RULESET.new_game(config, f"hidden-{i}")
        step = 0
        while RULESET.to_act(state):
            if step % 7 == 0:
                other = twin(state, rng)
                for seat in [None, *range(len(state["seats"]))]:
                    assert RULESET.view(state, seat) == RULESET.view(other, seat)
                    if seat is not None:
                        assert RULESET.legal_actions(state, seat) == \
                            RULESET.legal_actions(other, seat)
                        if RULESET.legal_actions(state, seat):
                            for kind in ("random", "heuristic"):
                                assert RULESET.bot_action(state, seat, kind, "b") == \
                                    RULESET.bot_action(other, seat, kind, "b")
                compared += 1
                assert "rng" not in json.dumps(RULESET.view(state, 0))
            seat = rng.choice(RULESET.to_act(state))
            _, events = RULESET.apply(state, seat, RULESET.bot_action(state, seat, "random",
                                                                      str(step)))
            for e in events:
                assert RULESET.event_view(e, seat) == e     # events are public
            step += 1
    assert compared > 1000


def test_view_never_names_unseen_cards():
    for n in range(2, 7):
        state = RULESET.new_game(RULESET.example_config(n), f"names-{n}")
        text = json.dumps(RULESET.view(state, 0))
        unseen = [c for g in state["galaxies"] for c in g] + state["box"]
        assert not any(f'"{cid}"' in text for cid in unseen)


def test_same_seed_same_game_different_seed_different_deal():
    config = RULESET.example_config(4)
    assert RULESET.new_game(config, "a") == RULESET.new_game(config, "a")
    assert RULESET.new_game(config, "a")["table"] != RULESET.new_game(config, "b")["table"]
