"""Component data (A3.1, A3.9, B1.1-B1.3) and the rulebook cross-check."""

from __future__ import annotations

from collections import Counter

from rulesets.roll.data import (
    CARDS,
    DICE_COUNT,
    DIE_FACES,
    FACTIONS,
    HOMES,
    TILE_IDS,
    WILD,
    side_key,
)

# The rulebook's cost-distribution table exactly as printed (the Hungarian rulebook,
# "Az alábbi táblázat..."), columns cost 1..6. The three development rows are printed
# in reverse (cost 6..1), A3.9; the test reverses them.
RULEBOOK_WORLDS = {
    "blue": [5, 6, 4, 0, 0, 0],
    "brown": [0, 5, 6, 2, 0, 0],
    "green": [0, 0, 3, 4, 2, 0],
    "yellow": [0, 0, 0, 2, 2, 3],
    "grey": [2, 3, 2, 2, 1, 1],
}
RULEBOOK_DEVS_AS_PRINTED = {
    "R": [1, 1, 1, 6, 5, 4],   # 18 "Fejlesztés Átrendezés képességgel"
    "O": [9, 4, 3, 8, 5, 5],   # 34 "Fejlesztés egyéb képességgel"
    "I": [0, 0, 2, 1, 0, 0],   # 3 "Fejlesztés azonnal hatással"
}
RULEBOOK_TOTALS = {"blue": 15, "brown": 13, "green": 9, "yellow": 7, "grey": 11, "R": 18, "O": 34, "I": 3}


def _dist(pred) -> list[int]:
    row = [0] * 6
    for n in TILE_IDS:
        for side in ("dev", "world"):
            card = CARDS[side_key(n, side)]
            if pred(card):
                row[card.cost - 1] += 1
    return row


def test_cost_distribution_matches_rulebook_table() -> None:
    for colour, row in RULEBOOK_WORLDS.items():
        got = _dist(lambda c, colour=colour: c.kind == "world" and c.colour == colour)
        assert got == row, colour
        assert sum(got) == RULEBOOK_TOTALS[colour]
    for kind, printed in RULEBOOK_DEVS_AS_PRINTED.items():
        got = _dist(lambda c, kind=kind: c.kind == "dev" and c.dev_kind == kind)
        assert got == list(reversed(printed)), kind
        assert sum(got) == RULEBOOK_TOTALS[kind]


def test_55_double_sided_tiles_costs_1_to_6() -> None:
    assert len(TILE_IDS) == 55
    for n in TILE_IDS:
        d, w = CARDS[side_key(n, "dev")], CARDS[side_key(n, "world")]
        assert d.kind == "dev" and w.kind == "world"
        assert 1 <= d.cost <= 6 and 1 <= w.cost <= 6
    names = [c.name for c in CARDS.values()]
    assert len(names) == len(set(names)), "every development is unique (A3.6)"


def test_dice_counts_and_specialisations() -> None:
    assert sum(DICE_COUNT.values()) == 111
    assert DICE_COUNT == {"white": 25, "red": 22, "purple": 9, "blue": 20, "brown": 14,
                          "green": 12, "yellow": 9}
    faces = {c: Counter(f) for c, f in DIE_FACES.items()}
    assert all(sum(f.values()) == 6 for f in faces.values())
    # Rulebook "KOCKÁK OLDALAI": each colour's specialisation.
    assert faces["white"]["explore"] == 2
    assert faces["red"]["develop"] == 2 and faces["red"]["settle"] == 2
    assert faces["purple"]["ship"] == 3
    assert faces["blue"]["produce"] == 2 and faces["blue"]["ship"] == 2
    assert faces["brown"]["develop"] == 2
    assert faces["green"]["settle"] == 2 and faces["green"][WILD] == 2
    assert faces["yellow"][WILD] == 3
    assert "explore" not in faces["yellow"], "no Alien explore face (A3.7)"
    assert WILD not in faces["white"]


def test_factions_and_home_worlds() -> None:
    assert sorted(FACTIONS) == list(range(1, 10))
    assert len(HOMES) == 9
    assert [CARDS[k].name for k in FACTIONS[9]] == ["Destroyed Colony", "Awakened Alien Outpost"]
    assert [CARDS[k].cost for k in FACTIONS[9]] == [0, 3]  # B1 conflict: 2 sources say 0/3
    assert all(len(FACTIONS[n]) == 2 for n in FACTIONS)
    assert CARDS["H2w"].name == "Doomed World" and not CARDS["H2w"].effect["citizenry"]
    reassign = sorted(c.name for c in CARDS.values() if c.dev_kind == "R")
    assert len(reassign) == 18
    immediate = sorted(c.name for c in CARDS.values() if c.dev_kind == "I")
    assert immediate == ["Conscription", "Information Tech", "Space Marines"]
