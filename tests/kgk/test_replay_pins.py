"""Seeded matches replay to the very same final state, event for event.

The digests below were computed on the engine before the rules layer / speed layer
restructuring, and equal the digests of main's engine after two deliberate
rule changes landed there meanwhile ("simplified": decks without speed or return-fire
cards, KG-13.2.4; "strict_windows": windows judged on what everybody sees, KG-12.3):
any change in behaviour, in the JSON form of the state or in
the order of the legal lists (the random bot picks by index) changes a digest. A
deliberate rules change updates them with ``python -m tests.kgk.test_replay_pins``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from rulesets.kgk import RULESET as R
from rulesets.kgk.cards import refers_to_speed_or_return_fire
from rulesets.kgk.ruleset import PLAIN

# (format options, players, bot kinds per seat, seed)
# name -> (options, players, bot kinds, seed)
MATCHES: dict[str, tuple[dict[str, Any], int, tuple[str, ...], str]] = {
    "official-random": ({}, 2, ("random", "random"), "pin-1"),
    "official-heuristic": ({}, 2, ("heuristic", "random"), "pin-2"),
    "simplified": ({"simplified_combat": True}, 2, ("random", "random"), "pin-3"),
    "quick_start": ({"rules": "quick_start"}, 2, ("random", "random"), "pin-4"),
    "strict_windows": ({"auto_pass": False}, 2, ("random", "random"), "pin-5"),
    "no_bluff": ({"bluffing": False}, 2, ("random", "heuristic"), "pin-6"),
    "multiplayer3": ({}, 3, ("random", "random", "random"), "pin-7"),
}

PINS = {
    "official-random":
        "1456:136df65ad4d3beb63d12f64c872ad6bc6bf978822dc05963b4806302db71b2f8",
    "official-heuristic":
        "211:581db7c9ad60db9fbae1c6b140243338000ba85892e263ac013d78a8ca95c402",
    "simplified":
        "1120:de28b47954c8790d111604fca0685e2322b93fa6055fed81922b79398bc7452f",
    "quick_start":
        "480:b09593e7714ffbaf7c69693944ee10b5783037c62c8e3727b6f2eadf9b513838",
    "strict_windows":
        "1506:a5fca96735c41ed5c44b1c45a4f2887405ccdd38cb452f4e92c24535b42a89e5",
    "no_bluff":
        "280:61a4d779007791bdf3039c7e15a25fb387ad0cf78f485146601b5581a1ad6df1",
    "multiplayer3":
        "1841:ffbbc58e4ea4931939582126d1f1aae8c00d020bc60db441c9da540958358a87",
}


def digest(name: str, R: Any = R) -> str:
    """Play the named match on ruleset ``R`` (the speed layer by default, or ``PLAIN``,
    the rules layer alone); a SHA-256 over its step count, every event and the final
    state (sorted-key JSON)."""
    opts, players, kinds, seed = MATCHES[name]
    cfg = R.example_config(players)
    cfg["options"].update(opts)
    if opts.get("simplified_combat"):       # KG-13.2.4: no speed or return-fire cards
        cfg["decks"] = [[c for c in deck if not refers_to_speed_or_return_fire(c)]
                        for deck in cfg["decks"]]
    s = R.new_game(cfg, seed)
    h = hashlib.sha256()
    k = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        a = R.bot_action(s, seat, kinds[seat], f"{seed}:{k}")
        _, ev = R.apply(s, seat, a)
        h.update(json.dumps([seat, a, ev], sort_keys=True).encode())
        k += 1
        assert k < 50_000, f"{name} did not end"
    h.update(json.dumps(R.to_json(s), sort_keys=True).encode())
    return f"{k}:{h.hexdigest()}"


@pytest.mark.parametrize("name", list(MATCHES))
def test_seeded_match_replays_to_the_pinned_state(name):
    assert digest(name) == PINS[name]


@pytest.mark.parametrize("name", list(MATCHES))
def test_the_rules_layer_alone_replays_to_the_same_pins(name):
    """The plain path (no speed layer) is the reference: the same pins."""
    assert digest(name, PLAIN) == PINS[name]


if __name__ == "__main__":        # print fresh pins after a deliberate rules change
    for n in MATCHES:
        print(f'    "{n}": "{digest(n)}",')
