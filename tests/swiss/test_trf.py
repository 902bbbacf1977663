"""TRF16 export: fixed columns, codes, scores that follow from the results."""

from __future__ import annotations

import random

import pytest

from matches.swiss import History, Player, Tournament, TrfTooLarge, check_trf, export_trf


def _event() -> Tournament:
    rnd = random.Random(3)
    t = Tournament("trf", [Player(i, f"Játékos {i}", 1500 + i) for i in range(1, 8)])
    for rnd_no in range(1, 4):
        if rnd_no == 2:
            t.add_player(Player(8, "Késő", 0), awarded_byes=True)
            t.add_player(Player(9, "Későbbi", 0))
        if rnd_no == 3:
            t.drop(2)
        p = t.pair_next_round()
        for a, b in p.pairs:
            t.record_result(rnd_no, a, b, *rnd.choice([(2, 0), (2, 1), (1, 2), (0, 2)]))
    return t


def test_player_lines_use_the_trf16_columns() -> None:
    t = _event()
    text = export_trf(t.history(), name="KGK Open", rounds=3)
    lines = text.splitlines()
    assert lines[0] == "012 KGK Open"
    assert "XXR 3" in lines
    players = [line for line in lines if line.startswith("001")]
    assert len(players) == 9
    first = players[0]
    assert first[4:8] == "   1"
    assert first[14:47].rstrip() == "Játékos 1"
    assert first[48:52] == "1501"
    rows = {r.player: r for r in t.standings()}
    for sn, line in enumerate(players, start=1):
        pid = list(t.players)[sn - 1]
        assert float(line[80:84]) == rows[pid].points / 3  # 1 per win or bye
        assert int(line[85:89]) == rows[pid].rank
        assert (len(line) - 91) <= 30 and line[89:91] == "  "


def test_codes_for_byes_late_entries_and_drops() -> None:
    t = _event()
    lines = [x for x in export_trf(t.history()).splitlines() if x.startswith("001")]

    def cell(sn: int, rnd: int) -> str:
        return lines[sn - 1][91 + 10 * (rnd - 1) : 91 + 10 * rnd].ljust(10)

    assert cell(8, 1) == "0000 - F  "  # awarded bye for the round missed
    assert cell(9, 1) == "0000 - Z  "  # late entry without a bye
    assert cell(2, 3) == "0000 - Z  "  # dropped after round 2
    for p in t.pairings:
        if p.bye is not None:
            sn = list(t.players).index(p.bye) + 1
            assert cell(sn, p.round).startswith("0000 - U")
    a, b = t.pairings[0].pairs[0]
    ca, cb = cell(a, 1), cell(b, 1)
    assert int(ca[:4]) == b and int(cb[:4]) == a
    assert {ca[5], cb[5]} == {"w", "b"} and {ca[7], cb[7]} == {"1", "0"}


def test_self_check_passes_and_catches_a_tampered_file() -> None:
    text = export_trf(_event().history())
    assert check_trf(text) == []
    lines = text.splitlines()
    i = next(k for k, x in enumerate(lines) if x.startswith("001"))
    tampered = lines[i][:80] + " 9.0" + lines[i][84:]
    problems = check_trf("\n".join([*lines[:i], tampered, *lines[i + 1 :]]))
    assert problems and "points" in problems[0]


def test_dropped_player_is_marked_absent_for_the_next_round() -> None:
    t = _event()  # player 2 dropped before round 3; three rounds played of five
    text = export_trf(t.history(), rounds=5, absent_next=[2])
    lines = [x for x in text.splitlines() if x.startswith("001")]
    assert lines[1][91 + 10 * 3 : 91 + 10 * 4] == "0000 - Z"  # round 4: not to be paired
    assert len(lines[0]) <= 91 + 10 * 3  # the others have no cell for round 4
    assert check_trf(text) == []
    # No next round (the Swiss stage is over): nothing is added.
    done = export_trf(t.history(), rounds=3, absent_next=[2])
    assert all(len(x) <= 91 + 10 * 3 for x in done.splitlines() if x.startswith("001"))


def test_more_players_than_start_numbers_is_a_clear_error() -> None:
    history = History(tuple(Player(i) for i in range(1, 10_001)))
    with pytest.raises(TrfTooLarge, match="9999"):
        export_trf(history)
