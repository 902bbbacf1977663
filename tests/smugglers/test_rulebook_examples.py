"""The rulebook's worked examples (A1.7 TV-U1..TV-U5) as tests."""

from __future__ import annotations

from rulesets.smugglers import RULESET
from rulesets.smugglers.scoring import breakdown, card_points, ship_bonus

from .helpers import act, new, place, put_on_table, token

# TV-U1 cards. C + D = 7 planets; the split 3 + 4 is ours (the rulebook gives the sum).
TV1_CARDS = [
    {"id": "A", "planets": ["red", "blue"], "ships": ["yellow", "blue", "green", "cruiser"]},
    {"id": "B", "planets": ["green"], "ships": ["red"]},
    {"id": "C", "planets": ["red", "red", "blue"], "ships": ["red", "red", "cruiser"]},
    {"id": "D", "planets": ["blue", "green", "green", "yellow"],
     "ships": ["green", "yellow", "blue", "red"]},
    {"id": "E", "planets": ["yellow", "red", "green"], "ships": ["blue"]},
]
ORANGE, BLACK, WHITE, PINK, BROWN = range(5)
PLAYERS = [{"colour": c} for c in ("orange", "black", "white", "pink", "brown")]


def _tv1_bidding():
    state = new(5, cards=TV1_CARDS, characters=PLAYERS)
    put_on_table(state, ["A", "B", "C", "D", "E"])
    # Black starts with a single red good (the example says so); the other red is in the pool.
    state.seats[BLACK].goods["red"] = 1
    state.pool.goods["red"] = 1
    place(state, PINK, 4, 3)           # pink: 3 on E
    place(state, BROWN, 4, 4)          # brown: overbid later
    place(state, ORANGE, 0, 3)         # orange: 3 on A, uncontested
    place(state, ORANGE, 4, 5)         # orange overbids E with a 5
    place(state, PINK, 4, 6)           # pink's second die, a 6, wins E
    place(state, BLACK, 3, 4)
    place(state, BLACK, 2, 2)
    place(state, WHITE, 2, 2)          # tie with black on C
    token(state, BLACK, 4)
    token(state, WHITE, 2)
    token(state, PINK, 3)
    events = RULESET.apply(state, ORANGE, {"type": "take_token", "value": -1})[1]
    return state, events


def test_tv_u1_bidding_resolution():
    state, events = _tv1_bidding()
    # Four tokens taken: bidding over, the 1 token goes to brown, who had taken none.
    assert state.seats[BROWN].tokens == [1]
    assert {"type": "sector_removed", "card": 1, "id": "B"} in events
    assert state.winners == [ORANGE, None, BLACK, BLACK, PINK]
    assert state.seats[WHITE].won == [] and state.seats[BROWN].won == []
    # Energy: orange 3, black 4 + 2 = 6, pink 6 (from 9 each at five players).
    assert [state.seats[s].energy for s in (ORANGE, BLACK, PINK)] == [6, 3, 3]
    assert state.pool.energy == 15
    assert state.phase == "payment"
    assert sorted(RULESET.to_act(state)) == [ORANGE, BLACK, PINK]


def test_tv_u1_goods_payment_and_points():
    state, _ = _tv1_bidding()
    legal_orange = RULESET.legal_actions(state, ORANGE)
    pay_a = {"type": "pay_goods", "card": 0, "goods": {"yellow": 1, "blue": 2, "green": 1}}
    assert pay_a in legal_orange                     # 1 blue to the cruiser
    assert {"type": "pay_goods", "card": 0, "goods": {"yellow": 1, "blue": 1, "green": 1}} \
        in legal_orange                               # could have skipped one
    act(state, ORANGE, pay_a)
    # Black: C takes the one red (other red skipped) and a yellow for the cruiser.
    events = act(state, BLACK, {"type": "pay_goods", "card": 2,
                                "goods": {"red": 1, "yellow": 1}})
    # D then has one way left (no red: skip it), so it is paid without asking.
    assert {"type": "goods_paid", "seat": BLACK, "card": 3, "id": "D",
            "goods": {"yellow": 1, "blue": 1, "green": 1}} in events
    assert state.seats[BLACK].paid == ["C", "D"]
    # Pink may pay E's blue or skip it; pays it here.
    assert {"type": "pay_goods", "card": 4, "goods": {}} in RULESET.legal_actions(state, PINK)
    act(state, PINK, {"type": "pay_goods", "card": 4, "goods": {"blue": 1}})
    assert state.phase == "refill"
    rows = breakdown(state)
    assert [rows[s]["planets"] for s in range(5)] == [2, 7, 0, 3, 0]
    # Refill in descending token order: black 4, pink 3, white 2, brown 1, orange -1.
    assert state.refill_order == [BLACK, PINK, WHITE, BROWN, ORANGE]


def test_tv_u1_pink_may_skip_the_blue():
    state, _ = _tv1_bidding()
    act(state, PINK, {"type": "pay_goods", "card": 4, "goods": {}})
    assert state.seats[PINK].paid == ["E"] and state.seats[PINK].goods["blue"] == 2


TV2 = [{"id": f"P{i}", "planets": ["red"] * n, "ships": []}
       for i, n in enumerate([4, 4, 3, 2, 4, 1, 3])] + [
    {"id": "U", "planets": ["red", "green"], "ships": []}]


def test_tv_u2_basic_end_scoring_17():
    state = new(3, cards=TV2)
    s = state.seats[0]
    s.paid = [f"P{i}" for i in range(7)]
    s.unpaid = ["U"]
    s.energy = 0
    s.goods = {"yellow": 0, "blue": 1, "green": 1, "red": 0}
    row = breakdown(state)[0]
    assert (row["planets"], row["unpaid"], row["goods"], row["energy"]) == (21, -2, -2, 0)
    assert row["total"] == 21 - 2 - 2 == 17


STATION = {"id": "S", "planets": ["red", "red", "blue", "blue"], "ships": [], "station": True}
BOARDS = [
    {"colour": "anna", "favourite_planets": ["red", "yellow"],
     "favourite_ships": ["green", "blue"]},
    {"colour": "bela", "favourite_planets": ["red", "blue"],
     "favourite_ships": ["yellow", "green"]},
    {"colour": "csaba", "favourite_planets": ["green", "yellow"],
     "favourite_ships": ["blue", "red"]},
    {"colour": "dani", "favourite_planets": ["blue", "green"],
     "favourite_ships": ["yellow", "red"]},
]


def test_tv_u3_station_card_per_player():
    state = new(4, cards=[STATION], characters=BOARDS, stations=True)
    card = state.components["cards"]["S"]
    assert [card_points(state, seat, card) for seat in range(4)] == [2, 4, 0, 2]
    # Without the advanced rule the station is ignored: 4 planets for everyone.
    plain = new(4, cards=[STATION], characters=BOARDS)
    assert [card_points(plain, seat, card) for seat in range(4)] == [4, 4, 4, 4]


TV4 = [{"id": f"N{n}", "planets": ["green"] * n, "ships": []} for n in (4, 2, 1, 3)] + [
    {"id": "RB", "planets": ["red", "red", "blue", "blue"], "ships": [], "station": True},
    {"id": "RG", "planets": ["red", "green"], "ships": [], "station": True},
    {"id": "RY", "planets": ["red", "red", "yellow"], "ships": [], "station": True},
    {"id": "UG", "planets": ["red", "green"], "ships": []},
]


def test_tv_u4_bela_advanced_15():
    state = new(4, cards=TV4, characters=BOARDS, advanced=True)
    bela = state.seats[1]
    bela.paid = ["N4", "N2", "N1", "N3", "RB", "RG", "RY"]
    bela.unpaid = ["UG"]
    bela.energy = 0
    bela.goods = {c: 0 for c in bela.goods}
    cards = state.components["cards"]
    assert [card_points(state, 1, cards[c]) for c in bela.paid] == [4, 2, 1, 3, 4, 1, 2]
    row = breakdown(state)[1]
    assert row["planets"] == 17 and row["unpaid"] == -2      # colour ignored when unpaid
    assert row["total"] - row["ship_bonus"] == 15
    state.options["favourite_ships"] = False
    assert breakdown(state)[1]["total"] == 15


def test_tv_u5_favourite_ship_majorities():
    ships = [{"id": "SA", "planets": ["red"], "ships": ["green", "green", "green"]},
             {"id": "SB", "planets": ["red"], "ships": ["yellow", "yellow", "yellow", "green"]},
             {"id": "SC", "planets": ["red"], "ships": ["blue", "blue", "red", "red"]}]
    state = new(3, cards=ships, characters=BOARDS[:3], favourite_ships=True)
    for seat, cid in enumerate(["SA", "SB", "SC"]):
        state.seats[seat].paid = [cid]
    assert ship_bonus(state) == [4, 3, 7]
    assert [r["ship_bonus"] for r in breakdown(state)] == [4, 3, 7]
