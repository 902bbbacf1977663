"""Sector cards and character boards as data (A1.1, A1.8).

The rulebook does not print the 36 card faces or the 6 boards' favourites, so the
engine takes them as data: ``standin.json`` ships as the labelled default and a
real set can be passed in the config (``"components": {...}``) or loaded from a
JSON file with :func:`load_components`. Everything is validated here so a bad set
fails at ``new_game`` with a clear :class:`ConfigError`.
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeGuard

from rulesets.base import ConfigError

CRUISER = "cruiser"
STANDIN_PATH = Path(__file__).with_name("data") / "standin.json"
TOTAL_CARDS = 36          # A1.1
BOARDS = 6                # A1.1
GOODS_PER_COLOUR = 13     # A1.1: 52 goods in 4 colours

# A1.2 setup table by player count (rulebook says); a component set is checked against it.
# Energy is kept as an integer value: 7x1 + 1x5 = 12.
TABLE: dict[int, dict[str, Any]] = {
    2: {"tokens": [-1, 0, 1, 3], "galaxies": 8, "per_galaxy": 3, "goods_each": 3, "energy": 12},
    3: {"tokens": [-1, 1, 2], "galaxies": 8, "per_galaxy": 3, "goods_each": 3, "energy": 12},
    4: {"tokens": [-1, 1, 2, 3], "galaxies": 8, "per_galaxy": 4, "goods_each": 3, "energy": 12},
    5: {"tokens": [-1, 1, 2, 3, 4], "galaxies": 6, "per_galaxy": 5, "goods_each": 2, "energy": 9},
    6: {"tokens": [-1, 0, 1, 2, 3, 4], "galaxies": 6, "per_galaxy": 6, "goods_each": 2,
        "energy": 9},
}


def _fail(code: str, message: str, **details: Any) -> ConfigError:
    return ConfigError(code, message, details)


def _colour_list(data: dict[str, Any], key: str) -> list[str]:
    value = data.get(key)
    if (not isinstance(value, list) or not value
            or not all(isinstance(c, str) and c for c in value)
            or len(set(value)) != len(value) or CRUISER in value):
        raise _fail("components_bad_colours",
                    f"components.{key} must be a non-empty list of distinct colour names "
                    f"(not '{CRUISER}')", key=key)
    return list(value)


def validate_components(data: Any, players: int, need_favourites: bool) -> dict[str, Any]:  # noqa: C901
    """Check a component set and return the normalised form kept in the state:
    ``{"name", "standin", "planet_colours", "goods_colours", "cards": {id: card},
    "order": [ids], "characters": [...]}``."""
    if not isinstance(data, dict):
        raise _fail("components_not_dict", "components must be a JSON object (dict)")
    planet_colours = _colour_list(data, "planet_colours")
    goods_colours = _colour_list(data, "goods_colours")
    cards_in = data.get("cards")
    if not isinstance(cards_in, list):
        raise _fail("components_no_cards", "components.cards must be a list of sector cards")
    if len(cards_in) > TOTAL_CARDS:
        raise _fail("components_too_many_cards",
                    f"the game has {TOTAL_CARDS} sector cards, got {len(cards_in)}",
                    count=len(cards_in))
    cards: dict[str, dict[str, Any]] = {}
    order: list[str] = []
    ship_colours = set(goods_colours) | {CRUISER}
    for i, card in enumerate(cards_in):
        where = f"components.cards[{i}]"
        if not isinstance(card, dict):
            raise _fail("components_bad_card", f"{where} must be an object", index=i)
        cid = card.get("id")
        if not isinstance(cid, str) or not cid:
            raise _fail("components_bad_card", f"{where}.id must be a non-empty string", index=i)
        if cid in cards:
            raise _fail("components_duplicate_card", f"{where}.id '{cid}' is used twice", index=i)
        planets = card.get("planets")
        if not isinstance(planets, list) or not all(p in planet_colours for p in planets):
            raise _fail("components_bad_card",
                        f"{where}.planets must list planet colours from {planet_colours}",
                        index=i)
        ships = card.get("ships")
        if not isinstance(ships, list) or not all(s in ship_colours for s in ships):
            raise _fail("components_bad_card",
                        f"{where}.ships must list colours from {sorted(ship_colours)}", index=i)
        station = card.get("station", False)
        if not isinstance(station, bool):
            raise _fail("components_bad_card", f"{where}.station must be true or false", index=i)
        cards[cid] = {"id": cid, "planets": list(planets), "ships": list(ships),
                      "station": station}
        order.append(cid)
    chars_in = data.get("characters")
    if not isinstance(chars_in, list) or not chars_in or len(chars_in) > BOARDS:
        raise _fail("components_bad_characters",
                    f"components.characters must be a list of 1 to {BOARDS} character boards")
    characters: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, ch in enumerate(chars_in):
        where = f"components.characters[{i}]"
        if not isinstance(ch, dict) or not isinstance(ch.get("colour"), str) or not ch["colour"]:
            raise _fail("components_bad_character", f"{where}.colour must be a string", index=i)
        if ch["colour"] in seen:
            raise _fail("components_bad_character",
                        f"{where}.colour '{ch['colour']}' is used twice", index=i)
        seen.add(ch["colour"])
        out: dict[str, Any] = {"colour": ch["colour"]}
        for key, allowed in (("favourite_planets", planet_colours),
                             ("favourite_ships", goods_colours)):
            fav = ch.get(key)
            if fav is None and not need_favourites:
                continue
            # A1.6: each board shows two *different* colours of each kind.
            if (not isinstance(fav, list) or len(fav) != 2 or fav[0] == fav[1]
                    or not all(f in allowed for f in fav)):
                raise _fail("components_bad_character",
                            f"{where}.{key} must be 2 different colours from {allowed}"
                            + (" (needed by the advanced rules)" if need_favourites else ""),
                            index=i, key=key)
            out[key] = list(fav)
        characters.append(out)
    needed = TABLE[players]["galaxies"] * TABLE[players]["per_galaxy"]
    if len(order) < needed:
        raise _fail("components_too_few_cards",
                    f"{players} players use {needed} sector cards, the set has {len(order)}",
                    needed=needed, count=len(order))
    if len(characters) < players:
        raise _fail("components_too_few_characters",
                    f"{players} players need {players} character boards, the set has "
                    f"{len(characters)}", needed=players, count=len(characters))
    per = TABLE[players]["goods_each"]
    if per * players > GOODS_PER_COLOUR:
        raise _fail("components_goods", "not enough goods per colour for this player count")
    return {
        "name": str(data.get("name", "unnamed")),
        "standin": bool(data.get("standin", False)),
        "label": str(data.get("label", "")),
        "planet_colours": planet_colours,
        "goods_colours": goods_colours,
        "cards": cards,
        "order": order,
        "characters": characters,
    }


# Component sets already checked: (their content, players, favourites needed) -> the
# normalised form, shared by every game on that set. Bounded: a process sees a handful.
_CHECKED: dict[tuple[bytes | str, int, bool], dict[str, Any]] = {}
_CHECKED_MAX = 8


def _content(data: Any) -> bytes | str:
    """A set's exact content as a key: ``marshal`` writes every value with its type (a
    tuple, a float or a ``True`` does not pass for a list or an int) and refuses any but
    the built-in types; for those, the slower ``repr``. Either way two sets share a key
    only when they are the same data."""
    try:
        return marshal.dumps(data)
    except ValueError:
        return repr(data)


def normalised_components(data: Any, players: int, need_favourites: bool) -> dict[str, Any]:
    """:func:`validate_components`, remembered by the set's exact content. A simulation
    starts thousands of games on one set: checking it was a seventh of a random game's
    time. The normalised form is shared, not copied, by every game on the set: the rules
    only read a game's components (``Game``), views and the stored form copy what they
    show, and a copy of it for each game was a third of ``new_game`` (260,000
    instructions of a two-player game's 714,000). It is detached from ``data`` (a
    ``marshal`` round trip) when first checked, so the caller's later edits of its own
    set reach no game. A set that fails is checked again each time (a refusal is not
    remembered)."""
    key = (_content(data), players, need_favourites)
    value = _CHECKED.get(key)
    if value is None:
        value = marshal.loads(marshal.dumps(validate_components(data, players, need_favourites)))
        if len(_CHECKED) >= _CHECKED_MAX:
            _CHECKED.clear()
        _CHECKED[key] = value
    return value


@lru_cache(maxsize=1)
def _standin_text() -> str:
    return STANDIN_PATH.read_text(encoding="utf-8")


def standin() -> dict[str, Any]:
    """A fresh copy of the labelled stand-in set (raw form, as in the JSON file)."""
    value: dict[str, Any] = json.loads(_standin_text())
    return value


def load_components(path: str | Path) -> dict[str, Any]:
    """Read a real component set from a JSON file (raw form; ``new_game`` validates it).
    A file that is not JSON raises :class:`ConfigError`."""
    try:
        value: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
        return value
    except (OSError, ValueError) as exc:
        raise _fail("components_unreadable", f"cannot read components from {path}: {exc}") from exc


@lru_cache(maxsize=256)
def goods_counts(most: int, colours: int) -> tuple[tuple[int, ...], ...]:
    """Every count per colour of ``colours`` colours with at most ``most`` goods in all, in
    the order of the counts, the first colour's slowest (``itertools.product``'s order,
    without the counts over ``most``). The payments and the refills choose among these
    (A1.3.4-5); listed once, each ask only filters them."""
    if colours == 0:
        return ((),)
    return tuple((g, *rest) for g in range(most + 1) for rest in goods_counts(most - g, colours - 1))


def count_tree(entries: Iterable[tuple[tuple[int, ...], Any]]) -> Any:
    """``entries``, each a count per colour (no count twice) with a value, as a tree by
    count, colour by colour: a node's branch ``g`` holds the entries with ``g`` goods of
    that node's colour (None: there are none), down to the values. Built once, so that
    ``within`` lists what a supply allows without checking every entry against it."""
    root: list[Any] = [None]            # a holder: the tree is its one branch
    for counts, value in entries:
        node, branch = root, 0
        for g in counts:
            if node[branch] is None:
                node[branch] = []
            node = node[branch]
            if len(node) <= g:
                node.extend([None] * (g + 1 - len(node)))
            branch = g
        node[branch] = value
    return root[0]


def within(tree: Any, caps: Sequence[int]) -> list[Any]:
    """The values of the entries of a ``count_tree`` whose count of each colour is at most
    that colour's cap, in the order of the counts, the first colour's slowest. A walk
    colour by colour down only the branches the caps allow: checking every entry against
    the supply cost a few thousand instructions each (the payments and takes of a fresh
    process were a third of a random game)."""
    level = [] if tree is None else [tree]
    for cap in caps:
        level = [branch for node in level for branch in node[:cap + 1] if branch is not None]
    return level


def is_int(value: object) -> TypeGuard[int]:
    """An action's number: an ``int`` and not a ``bool`` (JSON ``true`` is no die value)."""
    return isinstance(value, int) and not isinstance(value, bool)
