"""The invariant checker the property sweeps run after every action finds each kind of
broken state it is there for: a checker that passes everything would make every sweep
pass."""

from __future__ import annotations

import copy

import pytest

from rulesets.kgk import RULESET as R

from .helpers import check_invariants


def _position():
    """A seeded match played on until the player to act has a paid ship in its hangar,
    a card in hand and no combat under way."""
    s = R.new_game(R.example_config(2), "invariants")
    for k in range(3000):
        seat = R.to_act(s)[0]
        p = s["p"][seat]
        if s["cb"] is None and p["hand"] and p["hangar"] and not s["chain"]:
            return s, seat
        R.apply(s, seat, R.bot_action(s, seat, "random", f"invariants:{k}"))
    raise AssertionError("no such position in the match")


def _ship(s, seat):
    return s["cards"][s["p"][seat]["hangar"][0]]


def _twice_in_zones(s, seat):
    s["p"][seat]["trash"].append(s["p"][seat]["hand"][0])


def _in_no_zone(s, seat):
    s["p"][seat]["hand"].pop(0)


def _negative_credits(s, seat):
    s["p"][seat]["cr"] = -1


def _paid_face_down(s, seat):
    _ship(s, seat)["up"] = False


def _face_down_index_off(s, seat):
    s["p"][seat]["fd"].append(s["p"][seat]["hand"][0])


def _wrecked_ship_in_play(s, seat):
    _ship(s, seat)["dmg"] = 99


def _hit_out_of_combat(s, seat):
    _ship(s, seat)["hit"] = True


def _chain_item_off_the_stack(s, seat):
    s["chain"].append({"u": 999, "k": "card", "seat": seat, "card": s["p"][seat]["hand"][0],
                       "tgt": None, "cost": 0, "neut": False, "ab": None})


BREAKS = [_twice_in_zones, _in_no_zone, _negative_credits, _paid_face_down,
          _face_down_index_off, _wrecked_ship_in_play, _hit_out_of_combat,
          _chain_item_off_the_stack]


@pytest.fixture(scope="module")
def position():
    return _position()


def test_a_played_position_passes(position):
    check_invariants(position[0])


@pytest.mark.parametrize("breaks", BREAKS, ids=[b.__name__.strip("_") for b in BREAKS])
def test_each_broken_state_is_found(position, breaks):
    s, seat = position
    broken = copy.deepcopy(s)
    breaks(broken, seat)
    with pytest.raises(AssertionError):
        check_invariants(broken)
