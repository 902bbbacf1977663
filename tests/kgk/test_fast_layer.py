"""The speed layer (``rulesets/kgk/fast``) against the rules layer, the reference.

Seeded random matches in every format the engine plays, played through a ``FastEngine``:
at every decision its kept list (built in one pass, or derived after a develop, a draw,
a cash, a search or a face-down placement), its protocol list and, for the main phase,
its one-pass main list equal the decision table's plain list; the same matches played on
the rules layer alone step for step give the same events and states. The random bot's
pick is ``bots.random_index``'s; a replay with the cache dropped before every action
ends in the same state; the colony shuffle equals ``Rng.shuffle`` plus the cut draw; the
plain scans that replaced the per-match facts (``state.aura``,
``state.activated_in_play``) equal a scan of every card.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulesets import compiled
from rulesets.kgk import engine
from rulesets.kgk.bots import random_index
from rulesets.kgk.fast import FastEngine
from rulesets.kgk.fast.cache import fits
from rulesets.kgk.fast.main_list import main_legal as fast_main_legal
from rulesets.kgk.game_state import Game, Player
from rulesets.kgk.ruleset import PLAIN
from rulesets.kgk.ruleset import RULESET as R
from rulesets.kgk.shuffle import shuffle_and_cut
from rulesets.kgk.state import activated_in_play, aura
from rulesets.kgk.table import DECISIONS
from rulesets.rng import Rng
from tests.kgk.helpers import format_config

# format -> (options, players, games)
FORMATS: dict[str, tuple[dict[str, Any], int, int]] = {
    "official": ({}, 2, 40),
    "no_bluff": ({"bluffing": False}, 2, 15),
    "strict_windows": ({"auto_pass": False}, 2, 10),
    "simplified_combat": ({"simplified_combat": True}, 2, 6),
    "quick_start": ({"rules": "quick_start"}, 2, 10),
    "multiplayer3": ({}, 3, 8),
    "multiplayer4": ({}, 4, 4),
}
IN_PLAY = ("canteen", "surface", "hangar", "att")


def _config(fmt: str) -> dict[str, Any]:
    opts, players, _ = FORMATS[fmt]
    return format_config(opts, players)


def _plain(s: dict[str, Any]) -> list[dict[str, Any]]:
    dec = s["dec"]
    return DECISIONS[dec["kind"]].legal(s, dec)


def _fresh_scans(s: dict[str, Any], seat: int) -> tuple[list[int], dict[str, int]]:
    """The seat's face-up, paid, active cards in play with activated abilities (card
    order) and its auras, from every card."""
    activated = []
    auras: dict[str, int] = {}
    for c in s["cards"]:
        d = s["defs"][c["d"]]
        if c["o"] != seat:
            continue
        if d["actv"] and c["z"] in IN_PLAY and c["up"] and c["paid"] and c["rot"] == 0:
            activated.append(c["id"])
        if c["z"] == "surface" and c["paid"]:
            for k, v in (d["eff"].get("aura") or {}).items():
                auras[k] = auras.get(k, 0) + v
    return activated, auras


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_fast_lists_equal_the_plain_computation_at_every_decision(fmt):
    cfg = _config(fmt)
    fast = FastEngine()
    derived = {"develop": 0, "cash": 0, "search": 0, "place": 0, "draw": 0}
    decisions = 0
    for g in range(FORMATS[fmt][2]):
        s = engine.new_game(cfg, f"fast-{fmt}-{g}")
        step = 0
        last = None
        while R.outcome(s) is None:
            dec = s["dec"]
            seat = dec["seat"]
            plain = _plain(s)
            was_kept = fast.kept is not None and fits(fast.kept, s, dec)
            kept = fast.kept_legal(s, seat)
            assert kept == plain, (fmt, g, step, dec["kind"])
            other = FastEngine()        # (one whose lists do not replace ``fast``'s layout)
            assert other.legal_actions(s, seat) == plain, (fmt, g, step)
            if dec["kind"] == "main":
                assert fast_main_legal(other, s, dec) == plain, (fmt, g, step)
                if was_kept and last in derived:
                    derived[last] += 1
                activated, auras = _fresh_scans(s, seat)
                assert sorted(activated_in_play(s, seat)) == activated, (fmt, g, step)
                for k in ("ship_discount", "attack_tax"):
                    assert aura(s, seat, k) == auras.get(k, 0), (fmt, g, step)
            decisions += 1
            a = fast.bot_action(s, seat, "random", f"fast-{fmt}-{g}:{step}")
            # (a choice after a cash or a search: counted as the action it completes)
            last = dec.get("why") if a["type"] == "choose" else a["type"]
            fast.apply(s, seat, a)
            step += 1
    assert decisions > 100 * FORMATS[fmt][2], decisions   # (the comparison really ran)
    if fmt == "official":                                 # (the derived paths really ran)
        assert min(derived.values()) > 5, derived


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_fast_and_plain_play_the_same_match(fmt):
    """Side by side, step for step: the same picks, events and states."""
    cfg = _config(fmt)
    for g in range(2):
        a_state = R.new_game(cfg, f"same-{fmt}-{g}")
        b_state = PLAIN.new_game(cfg, f"same-{fmt}-{g}")
        step = 0
        while R.outcome(a_state) is None:
            seat = R.to_act(a_state)[0]
            kind = ("heuristic", "random")[seat % 2]
            seed = f"same-{fmt}-{g}:{step}"
            a = R.bot_action(a_state, seat, kind, seed)
            b = PLAIN.bot_action(b_state, seat, kind, seed)
            assert a == b, (fmt, g, step)
            _, ev_a = R.apply(a_state, seat, a)
            _, ev_b = PLAIN.apply(b_state, seat, b)
            assert ev_a == ev_b and a_state == b_state, (fmt, g, step)
            step += 1
        assert PLAIN.outcome(b_state) == R.outcome(a_state)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_play_bot_is_apply_of_the_bots_pick(fmt):
    """The search's ``play_bot``, which skips ``apply``'s checks of a caller's action, plays
    what ``apply`` of ``bot_action``'s pick plays: the same states, step for step, the
    derived lists included (``play_bot`` keeps deriving them)."""
    cfg = _config(fmt)
    for g in range(2):
        a_state = R.new_game(cfg, f"play-{fmt}-{g}")
        b_state = PLAIN.new_game(cfg, f"play-{fmt}-{g}")
        fast = FastEngine()
        step = 0
        while R.outcome(a_state) is None:
            seat = R.to_act(a_state)[0]
            kind = ("heuristic", "random")[(seat + step // 7) % 2]
            seed = f"play-{fmt}-{g}:{step}"
            fast.play_bot(a_state, seat, kind, seed)
            PLAIN.apply(b_state, seat, PLAIN.bot_action(b_state, seat, kind, seed))
            assert a_state == b_state, (fmt, g, step)
            if R.outcome(a_state) is None:
                dec = a_state.dec
                assert fast.kept_legal(a_state, dec["seat"]) == _plain(a_state), (fmt, g, step)
            step += 1
        assert step > 50


def test_random_bot_picks_by_random_index():
    """The fast random bot's pick (the hash written out) is the action
    ``bots.random_index`` names in the protocol's legal list."""
    cfg = R.example_config(2)
    for g in range(3):
        s = R.new_game(cfg, f"pick-{g}")
        step = 0
        while R.outcome(s) is None:
            seat = R.to_act(s)[0]
            seed = f"pick-{g}:{step}"
            legal = R.legal_actions(s, seat)
            a = R.bot_action(s, seat, "random", seed)
            assert a == legal[random_index(len(legal), seed)], (g, step)
            R.apply(s, seat, a)
            step += 1


def test_caches_are_their_callers_own():
    """Two matches interleaved through one engine, and one match through two engines
    that alternate, end as the match played alone: a cache answers only for the very
    state and decision it was built for."""
    cfg = R.example_config(2)
    alone = []
    for g in range(2):
        s = PLAIN.new_game(cfg, f"own-{g}")
        while PLAIN.outcome(s) is None:
            seat = PLAIN.to_act(s)[0]
            PLAIN.apply(s, seat, PLAIN.bot_action(s, seat, "random", f"own-{g}:{s['seq']}"))
        alone.append(s)
    one = FastEngine()
    states = [R.new_game(cfg, f"own-{g}") for g in range(2)]
    while any(R.outcome(s) is None for s in states):
        for g, s in enumerate(states):
            if R.outcome(s) is None:
                seat = R.to_act(s)[0]
                one.apply(s, seat, one.bot_action(s, seat, "random", f"own-{g}:{s['seq']}"))
    assert states == alone
    engines = [FastEngine(), FastEngine()]
    s = R.new_game(cfg, "own-0")
    k = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        e = engines[k % 2]
        e.apply(s, seat, e.bot_action(s, seat, "random", f"own-0:{s['seq']}"))
        k += 1
    assert s == alone[0]


def test_replay_without_caches_reaches_the_same_states():
    """A match replayed from its actions with the cache dropped before each action
    (so each is checked against a freshly built list) ends in the same state, also
    after a JSON round trip."""
    cfg = R.example_config(2)
    fast = FastEngine()
    for g in range(5):
        s = R.new_game(cfg, f"replay-{g}")
        actions = []
        while R.outcome(s) is None:
            seat = R.to_act(s)[0]
            a = fast.bot_action(s, seat, "random", f"replay-{g}:{len(actions)}")
            actions.append((seat, dict(a)))
            fast.apply(s, seat, a)
        t = R.new_game(cfg, f"replay-{g}")
        for i, (seat, a) in enumerate(actions):
            fast.forget()
            if i % 100 == 0:
                t = R.from_json(R.to_json(t))
            fast.apply(t, seat, a)
        assert R.to_json(t) == R.to_json(s), g


def test_an_illegal_action_after_a_pick_is_refused_as_on_the_rules_layer():
    """``apply`` with a kept list and a bot's pick still refuses another action with the
    rules' diagnosis."""
    cfg = R.example_config(2)
    s = R.new_game(cfg, "refuse")
    fast = FastEngine()
    seat = R.to_act(s)[0]
    fast.bot_action(s, seat, "random", "refuse:0")
    bad = {"type": "attack", "target": "colony"}
    with pytest.raises(Exception) as fast_err:
        fast.apply(s, seat, bad)
    with pytest.raises(Exception) as plain_err:
        PLAIN.apply(s, seat, bad)
    assert fast_err.value.as_dict() == plain_err.value.as_dict()


def test_shuffle_equals_rng_shuffle_and_cut():
    r = random.Random(7)
    for n in (0, 1, 2, 3, 5, 40, 60, 256, 257, 300):
        for _ in range(30):
            x = r.getrandbits(64)
            seat = Player()
            seat.colony = list(range(n))
            s = Game({}, 1, x, [], [], [seat])
            shuffle_and_cut(s, 0)
            g = Rng(x)
            col = list(range(n))
            g.shuffle(col)
            if n > 1:
                k = g.below(n)
                col = col[k:] + col[:k]
            assert s.p[0].colony == col and s.rng == g.state, (n, x)


def _counting_engine():
    """A FastEngine that counts the lists it builds (a subclass made here, not at import:
    a class of the compiled build cannot be subclassed, and the module's other tests run
    under the build too)."""

    class _Counting(FastEngine):
        __slots__ = ("built",)

        def __init__(self) -> None:
            super().__init__()
            self.built = 0

        def build(self, state, dec):
            self.built += 1
            return super().build(state, dec)

    return _Counting()


@pytest.mark.skipif(compiled.loaded().get("rulesets.kgk.fast.engine", False),
                    reason="counts by subclassing FastEngine, which the compiled build forbids")
def test_apply_of_a_copy_legal_actions_handed_out_reuses_its_list():
    """A search asks ``legal_actions`` and applies one of the copies: the match is the
    plain one step for step, and ``apply`` builds no list again; an edited copy or a
    state changed in between is checked afresh."""
    cfg = R.example_config(2)
    fast = _counting_engine()
    a_state = R.new_game(cfg, "handed")
    b_state = PLAIN.new_game(cfg, "handed")
    steps = 0
    while R.outcome(a_state) is None:
        seat = R.to_act(a_state)[0]
        legal = fast.legal_actions(a_state, seat)
        pick = legal[random_index(len(legal), f"handed:{steps}")]
        fast.apply(a_state, seat, pick)
        PLAIN.apply(b_state, seat, dict(pick))
        assert a_state == b_state, steps
        steps += 1
    assert fast.built == steps                     # one list per step, none in apply
    s = R.new_game(cfg, "handed-edit")
    seat = R.to_act(s)[0]
    legal = fast.legal_actions(s, seat)
    bad = legal[0]
    bad["type"] = "no_such_action"                 # the copy, edited after it was handed out
    with pytest.raises(Exception) as err:
        fast.apply(s, seat, bad)
    assert err.value.as_dict()["code"] == "wrong_action"
    legal = fast.legal_actions(s, seat)
    s["seq"] += 1                                  # the state changed in between
    built = fast.built
    fast.apply(s, seat, legal[0])
    assert fast.built == built + 1                 # checked against a fresh list
