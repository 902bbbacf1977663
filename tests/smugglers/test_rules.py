"""Rules beyond the rulebook examples: setup, 2p, variants, payment edge cases, refill,
tie-breaks, config validation and resignation."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulesets.base import ConfigError, IllegalAction
from rulesets.smugglers import RULESET
from rulesets.smugglers.components import load_components, standin
from rulesets.smugglers.scoring import breakdown

from .helpers import act, new, place, put_on_table, token

CHEAP: list[dict[str, Any]] = [
    {"id": f"K{i}", "planets": ["red"] * (1 + i % 3), "ships": []} for i in range(6)]


def cheap(players: int, **options: bool):
    """A game whose first galaxy is ship-less cards (no goods to pay)."""
    state = new(players, seed="t", cards=CHEAP, characters=None, **options)
    put_on_table(state, [c["id"] for c in CHEAP[:len(state.table)]])
    return state


@pytest.mark.parametrize("players,tokens,galaxies,per,goods,energy", [
    (2, [-1, 0, 1, 3], 8, 3, 3, 12),
    (3, [-1, 1, 2], 8, 3, 3, 12),
    (4, [-1, 1, 2, 3], 8, 4, 3, 12),
    (5, [-1, 1, 2, 3, 4], 6, 5, 2, 9),
    (6, [-1, 0, 1, 2, 3, 4], 6, 6, 2, 9),
])
def test_setup_by_player_count(players, tokens, galaxies, per, goods, energy):
    state = RULESET.new_game(RULESET.example_config(players), "setup")
    assert state.tokens_center == tokens
    assert state.rounds == galaxies
    assert len(state.table) == per and len(state.galaxies) == galaxies - 1
    assert all(len(g) == per for g in state.galaxies)
    assert len(state.box) == 36 - galaxies * per
    for s in state.seats:
        assert s.energy == energy and set(s.goods.values()) == {goods}
    assert sorted(RULESET.to_act(state)) == list(range(players))


def test_example_config_is_labelled_standin():
    config = RULESET.example_config(4)
    assert config["components"]["standin"] is True
    assert "STAND-IN" in config["components"]["label"]
    assert len(config["components"]["cards"]) == 36
    assert len(config["components"]["characters"]) == 6
    view = RULESET.view(RULESET.new_game(config, "s"), 0)
    assert view["components"]["standin"] is True


def test_base_bid_must_match_or_beat_and_own_second_die_counts_once():
    state = cheap(3)
    place(state, 0, 0, 4)
    with pytest.raises(IllegalAction) as err:
        place(state, 1, 0, 3)
    assert err.value.code == "bid_too_low" and err.value.rule == "A1.3.2"
    place(state, 1, 0, 4)                        # equal is allowed
    place(state, 0, 0, 5)                        # own second die on the same card
    with pytest.raises(IllegalAction) as err:
        place(state, 0, 1, 1)
    assert err.value.code == "no_die_left"
    token(state, 0, 2)
    with pytest.raises(IllegalAction) as err:
        place(state, 0, 1, 6)
    assert err.value.code in ("bidding_closed_for_seat", "not_your_turn")
    token(state, 1, -1)
    assert state.phase != "bidding"
    assert state.seats[2].tokens == [1]
    # Only the higher die of seat 0 counts: pays 5, not 9.
    assert state.seats[0].energy == 12 - 5


def test_tie_goes_to_higher_token():
    state = cheap(3)
    place(state, 0, 0, 3)
    place(state, 1, 0, 3)
    token(state, 0, -1)
    token(state, 1, 1)            # seat 2 gets the 2 token
    assert state.winners[0] == 1


def test_stacked_dice_strict_no_overbid_of_six_costs_ten():
    state = cheap(3, stacked_dice=True)
    place(state, 0, 0, 3)
    with pytest.raises(IllegalAction) as err:
        place(state, 1, 0, 3)
    assert err.value.code == "bid_too_low"
    place(state, 1, 0, 6)
    with pytest.raises(IllegalAction) as err:
        place(state, 2, 0, 6)
    assert err.value.code == "cannot_overbid_six"
    assert not [a for a in RULESET.legal_actions(state, 2) if a.get("card") == 0]
    token(state, 0, 2)
    token(state, 2, 1)
    assert state.winners[0] == 1
    assert state.seats[1].energy == 12 - 10


def test_energy_choice_when_only_one_card_affordable():
    state = cheap(3)
    state.seats[0].energy = 6      # the rest sits in the pool
    state.pool.energy = 6
    place(state, 0, 0, 5)
    place(state, 0, 1, 4)
    token(state, 0, 2)
    token(state, 1, 1)
    assert RULESET.to_act(state) == [0]
    legal = RULESET.legal_actions(state, 0)
    assert legal == [{"type": "pay_energy", "card": 0}, {"type": "pay_energy", "card": 1}]
    act(state, 0, {"type": "pay_energy", "card": 1})
    s = state.seats[0]
    assert s.energy == 2 and s.unpaid == [state.table[0]]


def test_goods_failure_loses_card_energy_not_refunded_by_default():
    cards = [{"id": "G", "planets": ["red", "red"], "ships": ["red", "red", "blue"]}] + CHEAP
    for refund in (False, True):
        state = new(3, cards=cards, refund_on_goods_failure=refund)
        put_on_table(state, ["G", "K0", "K1"])
        s = state.seats[0]
        state.pool.goods["red"], s.goods["red"] = 3, 0   # 2 ships need red
        place(state, 0, 0, 3)
        token(state, 0, 2)
        token(state, 1, 1)
        assert s.unpaid == ["G"] and s.paid == []
        assert s.energy == (12 if refund else 9)


def test_two_player_tokens_sum_and_last_token_to_fewer():
    state = cheap(2)
    assert len(state.table) == 3
    place(state, 0, 0, 2)
    place(state, 1, 0, 2)
    token(state, 0, 3)
    # A seat that started taking tokens must take a second one before it may stop.
    assert {"type": "done"} not in RULESET.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as err:
        act(state, 0, {"type": "done"})
    assert err.value.code == "must_take_two_tokens"
    with pytest.raises(IllegalAction):
        place(state, 0, 1, 1)
    token(state, 0, -1)                   # seat 0 holds 3 + -1 = 2
    act(state, 0, {"type": "done"})
    token(state, 1, 0)                    # 1 left: to seat 1, who holds fewer
    assert state.seats[1].tokens == [0, 1]
    assert state.winners[0] == 0       # tie 2-2: sums 2 vs 1
    assert state.refill_order == [0, 1]


def test_two_player_three_tokens_cuts_bidding():
    state = cheap(2)
    token(state, 0, 3)
    token(state, 0, 1)
    assert RULESET.to_act(state) == [0, 1]
    token(state, 0, 0)
    assert state.seats[1].tokens == [-1]
    assert state.phase in ("refill", "bidding")   # nothing won, straight to refill


def test_refill_limits_minus_one_and_no_mix():
    state = cheap(3)
    place(state, 0, 0, 6)
    token(state, 0, 2)
    token(state, 1, -1)                   # seat 2 has 1
    assert state.phase == "refill" and RULESET.to_act(state) == [0]
    legal = RULESET.legal_actions(state, 0)
    assert {"type": "take_energy", "amount": 2} in legal
    assert {"type": "take_energy", "amount": 3} not in legal
    with pytest.raises(IllegalAction) as err:
        act(state, 0, {"type": "take_energy", "amount": 3})
    assert err.value.code == "over_refill_limit"
    with pytest.raises(IllegalAction) as err:
        act(state, 0, {"type": "take_goods", "goods": {"red": 1}})   # pool has none
    assert err.value.code == "pool_short"
    act(state, 0, {"type": "take_energy", "amount": 2})
    assert RULESET.to_act(state) == [2]
    act(state, 2, {"type": "decline"})
    assert RULESET.to_act(state) == [1]
    assert {"type": "give_energy"} in RULESET.legal_actions(state, 1)
    act(state, 1, {"type": "give_good", "colour": "blue"})
    assert state.seats[1].goods["blue"] == 2 and state.pool.goods["blue"] == 1
    assert state.round == 1 and state.phase == "bidding"


def _final(state, rows):
    for s, (energy, goods, paid) in zip(state.seats, rows, strict=True):
        s.energy, s.paid = energy, paid
        s.goods = {"yellow": goods, "blue": 0, "green": 0, "red": 0}
    state.phase, state.result = "over", "scored"


def test_tie_breaks_in_order():
    cards = [{"id": f"T{i}", "planets": ["red"] * 5, "ships": []} for i in range(4)] + \
            [{"id": "T9", "planets": ["red"] * 4, "ships": []}]
    state = new(3, cards=cards)
    _final(state, [(1, 0, ["T0"]), (0, 1, ["T1"]), (0, 0, ["T9"])])   # 4, 4, 4
    out = RULESET.outcome(state)
    assert out.winners == (2,) and out.tiebreak == ("fewer_leftover_goods",
                                                    "fewer_leftover_energy")
    _final(state, [(0, 0, ["T0"]), (0, 0, ["T9"]), (0, 1, ["T1"])])   # 5, 4, 4
    assert RULESET.outcome(state).winners == (0,) and RULESET.outcome(state).tiebreak == ()
    # (another card set for this game alone: the games on one set share its components)
    cards = {**state.components["cards"],
             "T8": {"id": "T8", "planets": [], "ships": [], "station": False}}
    state.components = {**state.components, "cards": cards}
    _final(state, [(0, 0, ["T9", "T8"]), (0, 0, ["T9"]), (0, 0, [])])
    out = RULESET.outcome(state)
    assert out.winners == (0,) and out.tiebreak[-1] == "more_paid_cards"
    _final(state, [(0, 0, ["T9"]), (0, 0, ["T9"]), (0, 0, [])])
    out = RULESET.outcome(state)
    assert out.winners == (0, 1) and out.tiebreak[-1] == "still_tied_replay"


def test_favourite_goods_exemption():
    boards = [{"colour": "x", "favourite_planets": ["red", "blue"],
               "favourite_ships": ["yellow", "green"]}]
    state = new(3, characters=boards, favourite_goods=True)
    s = state.seats[0]
    s.energy, s.goods = 0, {"yellow": 2, "blue": 1, "green": 1, "red": 0}
    row = breakdown(state)[0]
    assert row["goods"] == -2 and row["goods_left"] == 4


@pytest.mark.parametrize("config,code", [
    ({"players": 1}, "bad_players"),
    ({"players": 7}, "bad_players"),
    ({"players": "3"}, "bad_players"),
    ({"players": 3, "options": {"turbo": True}}, "unknown_option"),
    ({"players": 3, "options": {"stations": 1}}, "bad_option"),
    ({"players": 3, "colour": "x"}, "unknown_config_key"),
    ({"players": 3, "components": []}, "components_not_dict"),
    ({"players": 3, "characters": [0, 0, 1]}, "bad_characters"),
])
def test_config_errors(config, code):
    with pytest.raises(ConfigError) as err:
        RULESET.new_game(config, "x")
    assert err.value.code == code and err.value.message


def _broken(mutate):
    data = standin()
    mutate(data)
    return data


@pytest.mark.parametrize("mutate,code", [
    (lambda d: d["cards"].append(dict(d["cards"][0], id="extra")), "components_too_many_cards"),
    (lambda d: d["cards"].__setitem__(1, dict(d["cards"][1], id=d["cards"][0]["id"])),
     "components_duplicate_card"),
    (lambda d: d["cards"][0].__setitem__("planets", ["purple"]), "components_bad_card"),
    (lambda d: d["cards"][0].__setitem__("ships", ["pirate"]), "components_bad_card"),
    (lambda d: d["cards"][0].__setitem__("station", "yes"), "components_bad_card"),
    (lambda d: d.__setitem__("cards", d["cards"][:20]), "components_too_few_cards"),
    (lambda d: d.__setitem__("goods_colours", []), "components_bad_colours"),
    (lambda d: d["characters"][0].__setitem__("favourite_ships", ["red", "red"]),
     "components_bad_character"),
    (lambda d: d.__setitem__("characters", d["characters"][:2]),
     "components_too_few_characters"),
])
def test_component_validation(mutate, code):
    with pytest.raises(ConfigError) as err:
        RULESET.new_game({"players": 6, "options": {"advanced": True},
                          "components": _broken(mutate)}, "x")
    assert err.value.code == code


def test_load_real_set_from_file(tmp_path):
    data = standin()
    data.update(name="my-printed-set", standin=False, label="typed from my copy")
    path = tmp_path / "set.json"
    path.write_text(json.dumps(data))
    state = RULESET.new_game({"players": 4, "components": load_components(path)}, "x")
    assert state.components["name"] == "my-printed-set"
    assert state.components["standin"] is False
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ConfigError) as err:
        load_components(bad)
    assert err.value.code == "components_unreadable"


def test_basic_game_needs_no_favourites():
    data = standin()
    for ch in data["characters"]:
        del ch["favourite_planets"], ch["favourite_ships"]
    RULESET.new_game({"players": 6, "components": data}, "x")
    with pytest.raises(ConfigError):
        RULESET.new_game({"players": 6, "components": data, "options": {"stations": True}}, "x")


def test_resign_multiplayer_and_two_player():
    state = cheap(3)
    _, events = RULESET.resign(state, 1)
    assert 1 not in RULESET.to_act(state) and state.seats[1].tokens == [-1]
    with pytest.raises(IllegalAction) as err:
        place(state, 1, 0, 1)
    assert err.value.code == "resigned"
    token(state, 0, 2)                     # last token to seat 2: bidding over
    assert state.round == 1             # nothing won, nothing to refill: next round
    state2 = cheap(2)
    RULESET.resign(state2, 0)
    out = RULESET.outcome(state2)
    assert out.winners == (1,) and out.reason == "resigned"


def test_after_game_over_actions_rejected():
    state = cheap(2)
    RULESET.resign(state, 0)
    with pytest.raises(IllegalAction) as err:
        act(state, 1, {"type": "take_token", "value": 0})
    assert err.value.code == "game_over"


def test_arrival_order_decides_a_race():
    """Two seats go for the same card: whichever action arrives first is applied and the
    other is validated against the new state."""
    state = cheap(3)
    a = {"type": "place", "card": 0, "value": 3}
    assert a in RULESET.legal_actions(state, 0) and a in RULESET.legal_actions(state, 1)
    act(state, 1, {"type": "place", "card": 0, "value": 4})
    with pytest.raises(IllegalAction) as err:
        act(state, 0, a)
    assert err.value.code == "bid_too_low" and err.value.details == {"card": 0, "min": 4}


def test_bots_are_reproducible_and_legal():
    state = RULESET.new_game(RULESET.example_config(5, advanced=True), "bots")
    for kind in ("random", "heuristic"):
        for seat in RULESET.to_act(state):
            a = RULESET.bot_action(state, seat, kind, "s")
            assert a == RULESET.bot_action(state, seat, kind, "s")
            assert a in RULESET.legal_actions(state, seat)
    with pytest.raises(ValueError):
        RULESET.bot_action(state, 0, "genius", "s")


def test_views_and_outcome_mid_game():
    state = RULESET.new_game(RULESET.example_config(4, advanced=True), "views")
    assert RULESET.outcome(state) is None
    spectator = RULESET.view(state, None)
    assert spectator["seat"] is None and spectator["galaxies_left"] == 7
    assert spectator["box_unseen"] == 4 and len(spectator["table"]) == 4
    assert spectator["seats"][0]["favourite_planets"]        # advanced: boards face up
    basic = RULESET.view(RULESET.new_game(RULESET.example_config(4), "views"), 1)
    assert basic["seats"][0]["favourite_planets"] == []       # basic: dice side up
    _, events = RULESET.apply(state, 0, {"type": "place", "card": 0, "value": 2})
    assert [RULESET.event_view(e, 3) for e in events] == events


def test_heuristic_beats_random():
    """Regression guard; the bench measures this over 1,000 games with a CI."""
    from rulesets.smugglers.play import play
    config = RULESET.example_config(4)
    wins = 0
    for i in range(60):
        kinds = ["random"] * 4
        kinds[i % 4] = "heuristic"
        wins += (i % 4) in RULESET.outcome(play(config, f"guard-{i}", kinds).state).winners
    assert wins >= 40            # chance would be about 15 of 60


def test_a_component_set_checked_once_still_refuses_what_it_refused_and_is_shared():
    """new_game remembers a checked set by its content (a simulation starts thousands of
    games on one): the same content is one check and one normalised form that the games
    share (they only read it), detached from the caller's set; a different content (a
    tuple for a list) is checked afresh, and a refusal is repeated."""
    config = {"players": 2, "components": standin()}
    a = RULESET.new_game(config, "x")
    b = RULESET.new_game(config, "y")
    assert a.components is b.components
    first = config["components"]["cards"][0]
    planets = list(a.components["cards"][first["id"]]["planets"])
    first["planets"].append("red")          # the caller's own set, edited after the games
    assert a.components["cards"][first["id"]]["planets"] == planets
    assert RULESET.to_json(a)["components"] is not a.components
    tupled = standin()
    tupled["cards"][0]["planets"] = tuple(tupled["cards"][0]["planets"])
    for _ in range(2):
        with pytest.raises(ConfigError) as err:
            RULESET.new_game({"players": 2, "components": tupled}, "x")
        assert err.value.code == "components_bad_card"
    # a 1 equals True, but a station is true or false: the content, not equality, counts
    station = standin()
    station["cards"][0]["station"] = True
    RULESET.new_game({"players": 2, "components": station}, "x")
    station["cards"][0]["station"] = 1
    with pytest.raises(ConfigError) as err:
        RULESET.new_game({"players": 2, "components": station}, "x")
    assert err.value.code == "components_bad_card"
