"""The actions the rules offer most, each written once here and shared.

Every step builds one legal list, and a legal list is mostly small dicts: the rules' lists
(``engine.shared_legal``) hold these very dicts, read only; the bots copy the one they
pick, and the protocol's ``legal_actions`` copies the whole list, so every caller still
gets dicts of its own, plain and mutable, in the same key order. The fields and what they
mean are in ``action_shapes.py``.
"""

from __future__ import annotations

from rulesets.base import Action
from rulesets.roll.data import CARDS, COLOURS, PHASES, TILE_IDS

PLACE_DIE: dict[str, tuple[Action, ...]] = {
    c: tuple({"type": "place", "colour": c, "phase": ph} for ph in PHASES) for c in COLOURS}
"""A wild die of colour ``c`` placed in each phase, in phase order."""

SELECT: dict[str, dict[str, tuple[Action, ...]]] = {
    c: {col: tuple({"type": "select", "colour": c, "from": col, "phase": ph} for ph in PHASES)
        for col in PHASES} for c in COLOURS}
"""A die of colour ``c`` taken from column ``col`` to select each phase."""

DICTATE: dict[str, dict[str, Action]] = {
    c: {col: {"type": "dictate", "colour": c, "from": col} for col in PHASES} for c in COLOURS}

REASSIGN: dict[str, dict[str, dict[str, Action]]] = {
    c: {src: {dst: {"type": "reassign", "colour": c, "from": src, "to": dst} for dst in PHASES}
        for src in PHASES} for c in COLOURS}

STOCK_SCOUT: dict[bool, dict[str, tuple[Action, Action]]] = {
    virtual: {c: ({"type": "stock", "colour": c, **({"virtual": True} if virtual else {})},
                  {"type": "scout", "colour": c, **({"virtual": True} if virtual else {})})
              for c in COLOURS} for virtual in (False, True)}
"""Stock and Scout with a die of colour ``c`` (``virtual``: a power's worker)."""

DISCARD: dict[int, Action] = {tile: {"type": "discard", "tile": tile} for tile in TILE_IDS}

PLACE_TILE: dict[bool, dict[int, tuple[Action, ...]]] = {
    top: {tile: tuple({"type": "place", "tile": tile, "as": side, **({"top": True} if on else {})}
                      for side in ("dev", "world") for on in ((False, True) if top else (False,)))
          for tile in TILE_IDS} for top in (False, True)}
"""A drawn tile placed as a development, then as a world; with ``top`` (Improved
Reconnaissance) each also on top of its stack."""

RECALL: dict[str, dict[str, Action]] = {
    where: {c: {"type": "recall", "where": where, "colour": c} for c in COLOURS}
    for where in ("dev_zone", "world_zone", *(f"good:{k}" for k, card in CARDS.items()
                                              if card.kind == "world"))}
"""A die recalled from a construction zone or from a world's goods."""

LOGISTICS: dict[int, dict[str, Action]] = {
    tile: {to: {"type": "logistics", "tile": tile, "to": to} for to in ("dev", "world")}
    for tile in TILE_IDS}
"""Advanced Logistics: a construction tile moved to the top of either stack."""

PICK: dict[str, Action] = {c: {"type": "pick", "colour": c} for c in COLOURS}

DRAW: Action = {"type": "draw"}
DONE: Action = {"type": "done"}
STOP: Action = {"type": "stop"}
