"""The heuristic bot's part of the view (``view.bot_view``) against the whole view.

The heuristic decides from ``bot_view(state, seat)``, built alone because a search's
playouts ask it at every step. It must be exactly the part of ``view(state, seat)`` it
claims to be (so it shows nothing the view hides, and the heuristic decides as it did
from the whole view): at every decision of seeded matches in every format, for every
seat, it equals the whole view cut down to its shape (its keys, level by level), and the
heuristic picks the same action from either.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets import compiled
from rulesets.kgk.bots import heuristic_action
from rulesets.kgk.ruleset import RULESET as R
from rulesets.kgk.view import BotSeat, bot_seats_view, bot_view, view
from tests.kgk.helpers import format_config
from tests.support.views import cut

# format -> (options, players, bot kinds per seat, games)
FORMATS: dict[str, tuple[dict[str, Any], int, tuple[str, ...], int]] = {
    "official": ({}, 2, ("heuristic", "random"), 6),
    "official-heuristics": ({}, 2, ("heuristic", "heuristic"), 4),
    "no_bluff": ({"bluffing": False}, 2, ("random", "heuristic"), 3),
    "strict_windows": ({"auto_pass": False}, 2, ("heuristic", "random"), 3),
    "simplified_combat": ({"simplified_combat": True}, 2, ("heuristic", "random"), 3),
    "quick_start": ({"rules": "quick_start"}, 2, ("heuristic", "random"), 3),
    "multiplayer3": ({}, 3, ("heuristic", "random", "heuristic"), 2),
}
MAX_STEPS = 4000   # (a seeded game ends well before; a guard, not a limit of the game)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_bot_view_is_the_view_cut_down_at_every_decision(fmt):
    opts, players, kinds, games = FORMATS[fmt]
    cfg = format_config(opts, players)
    checked = picks = 0
    for g in range(games):
        s = R.new_game(cfg, f"bot-view-{fmt}-{g}")
        steps = 0
        while R.outcome(s) is None:
            for seat in range(players):
                part = bot_view(s, seat)
                # own hand and bases only: another seat's hand is None (as in the
                # view) and its bases are not listed
                for q, pv in enumerate(part["players"]):
                    assert (pv["hand"] is None) == (q != seat)
                    assert ("surface" in pv) == (q == seat)
                assert part == cut(view(s, seat), part), (fmt, g, steps, seat)
                checked += 1
            seat = R.to_act(s)[0]
            legal = R.legal_actions(s, seat)
            seed = f"bv:{steps}"
            if len(legal) > 1:
                whole = heuristic_action(view(s, seat), legal, seed)
                assert heuristic_action(bot_view(s, seat), legal, seed) == whole, (fmt, g, steps)
                # (what the engine gives the bot: the same, its seats built when read)
                assert heuristic_action(bot_seats_view(s, seat), legal, seed) == whole, \
                    (fmt, g, steps)
                picks += 1
            s, _ = R.apply(s, seat, R.bot_action(s, seat, kinds[seat], f"bv-{g}:{steps}"))
            steps += 1
            assert steps < MAX_STEPS
    assert checked > 100 and picks > 20       # the games reached real decisions


def test_the_cut_notices_a_value_or_a_key_the_view_has_not():
    """The comparison above fails on a changed value, an added key or a changed length."""
    s = R.new_game(format_config({}, 2), "bot-view-cut")
    whole = view(s, 0)
    part = bot_view(s, 0)
    assert part == cut(whole, part)
    changed = bot_view(s, 0)
    changed["players"][0]["credits"] += 1
    assert changed != cut(whole, changed)
    added = bot_view(s, 0)
    added["players"][1]["hand"] = []          # another seat's hand: None in the view
    assert added != cut(whole, added)
    extra = bot_view(s, 0)
    extra["players"][0]["secret"] = 1
    assert extra != cut(whole, extra)


def test_a_seat_builds_its_hand_ships_and_bases_when_first_read():
    """``BotSeat`` builds nothing before it is read and its lists at their first read
    (once: a second read is the same list), the same as ``bot_view``'s seat; another
    seat's hand is ``None`` and its bases are not there to read."""
    s = R.new_game(format_config({}, 2), "bot-view-lazy")
    for _ in range(60):                       # (ships in play, a hand, maybe bases)
        seat = R.to_act(s)[0]
        s, _ = R.apply(s, seat, R.bot_action(s, seat, "heuristic", "lazy"))
    assert any(p.hangar for p in s.p) and all(p.hand for p in s.p)
    for seat in range(2):
        part = bot_view(s, seat)
        for q in range(2):
            lazy = BotSeat(s, q, seat)
            assert lazy.read == {}
            hangar = lazy["hangar"]
            assert hangar == part["players"][q]["hangar"] and lazy["hangar"] is hangar
            assert lazy.as_dict() == part["players"][q]
            if q != seat:
                assert lazy["hand"] is None
                with pytest.raises(KeyError):
                    lazy["surface"]


@pytest.mark.skipif(compiled.loaded().get("rulesets.kgk.engine", False),
                    reason="counts by patching engine.bot_seats_view, which compiled calls bypass")
def test_the_heuristic_plays_a_lone_legal_action_without_building_the_view(monkeypatch):
    """With one legal action there is nothing to decide: ``choose_bot_action`` returns
    it (a copy) without building the seat's view; a search's playouts meet such
    decisions (a forced payment, a lone pass) at many steps."""
    from rulesets.kgk import engine

    built: list[int] = []
    real = engine.bot_seats_view

    def counting(state, seat):
        built.append(seat)
        return real(state, seat)

    monkeypatch.setattr(engine, "bot_seats_view", counting)
    s = R.new_game(format_config({}, 2), "bot-view-lone")
    lone = many = 0
    for step in range(400):
        if R.outcome(s) is not None:
            break
        seat = R.to_act(s)[0]
        legal = R.legal_actions(s, seat)
        before = len(built)
        a = engine.choose_bot_action(s, seat, "heuristic", f"lone:{step}", legal)
        if len(legal) == 1:
            assert a == legal[0] and a is not legal[0]
            assert len(built) == before, step
            lone += 1
        else:
            assert len(built) == before + 1, step
            many += 1
        s, _ = R.apply(s, seat, a)
    assert lone > 5 and many > 5              # both kinds of decision were met
