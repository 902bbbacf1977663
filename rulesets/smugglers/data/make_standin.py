"""Regenerate ``standin.json``: STAND-IN sector cards and character boards.

The printed 36 sector cards and 6 character boards are not in the rulebook and
no public list exists (A1.8, B3). This script builds a clearly labelled
stand-in with the counts the rulebook implies (A1.1): 36 round cards, 4 planet
colours, ships in the 4 goods colours plus the neutral cruiser, some cards with
a space station; 6 boards, each with 2 different favourite planet colours and
2 different favourite ship colours. Run: ``python -m rulesets.smugglers.data.make_standin``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulesets.rng import Rng

COLOURS = ["yellow", "blue", "green", "red"]
# The 6th dice colour is not named in the rulebook (A1.8); "purple" is a stand-in name.
PLAYER_COLOURS = ["orange", "black", "white", "pink", "brown", "purple"]
PAIRS = [(a, b) for i, a in enumerate(COLOURS) for b in COLOURS[i + 1:]]  # the 6 pairs


def build() -> dict[str, Any]:
    rng = Rng.from_seed("smugglers-standin-v1")
    planet_counts = [1, 2, 3, 4] * 9          # 90 planets, 1-4 per card as in the examples
    ship_counts = [1, 2, 3, 4] * 9            # 90 ships, up to 4 per card as in the examples
    rng.shuffle(planet_counts)
    rng.shuffle(ship_counts)
    ships = ["cruiser"] * 10 + [c for c in COLOURS for _ in range(20)]
    rng.shuffle(ships)
    stations = set(range(0, 36, 3))           # 12 station cards
    cards = []
    pos = 0
    for i in range(36):
        n = planet_counts[i]
        if i in stations and n == 1:
            n = 2                             # a station card shows two planet colours (A1.7 TV-U3)
        planets = [rng.choice(COLOURS) for _ in range(n)]
        if i in stations and len(set(planets)) == 1:
            planets[-1] = COLOURS[(COLOURS.index(planets[0]) + 1) % 4]
        card_ships = ships[pos:pos + ship_counts[i]]
        pos += ship_counts[i]
        cards.append({
            "id": f"X{i + 1:02d}",
            "planets": sorted(planets),
            "ships": sorted(card_ships),
            "station": i in stations,
        })
    characters = []
    for i, colour in enumerate(PLAYER_COLOURS):
        characters.append({
            "colour": colour,
            "favourite_planets": list(PAIRS[i]),
            "favourite_ships": list(PAIRS[(i + 2) % 6]),
        })
    return {
        "name": "standin-v1",
        "standin": True,
        "label": ("STAND-IN component data, not the printed Űrcsempészek set: the real 36 "
                  "sector cards and 6 character boards are not published. Counts and colours "
                  "follow the rulebook; every card face and favourite is invented."),
        "planet_colours": COLOURS,
        "goods_colours": COLOURS,
        "cards": cards,
        "characters": characters,
    }


if __name__ == "__main__":
    out = Path(__file__).with_name("standin.json")
    out.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(out)
