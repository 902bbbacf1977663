"""The protocol's defaults, carried once for every game: a game's ``RULESET`` is a subclass
of :class:`RulesetBase` that declares what the game is in one :class:`GameType` record and
binds its engine functions; the base supplies the rest.

What the base carries:

* the declarative flags (``name``, ``players``, ``hidden_zones``...) read from the one
  record, so a host reads ``rs.name`` or ``rs.hidden_zones`` as before and a game states
  them in one place (as OpenSpiel's ``GameType`` does);
* ``bot_action``'s one dispatch: the searching bot's levels (``rulesets.search.LEVELS``)
  search on the ruleset object itself, every other kind is the game's own bot
  (``game_bot_action``);
* ``to_json``/``from_json`` as one JSON round trip (a copy, and proof that the state is
  plain JSON), which a game overrides when its rules hold the state in classes of their
  own (Űrcsempészek: ``rulesets/smugglers/state.py``), converted only at these edges.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from rulesets import search
from rulesets.base import Action


@dataclass(frozen=True)
class GameType:
    """What a host may know about a game before it plays it (``rulesets/base.py`` says
    what each optional flag promises)."""

    name: str                       # registry key, e.g. "kgk"
    title: str                      # human title, e.g. "Káosz Galaktika"
    min_players: int
    max_players: int
    uses_decks: bool = False        # each seat brings a deck (KGK)
    plain_json_state: bool = False  # the host may store json.dumps(state) as it is
    static_keys: tuple[str, ...] = ()        # state entries fixed from new_game on
    takes_automatic_seats: bool = False      # new_game reads config["automatic_seats"]
    hidden_zones: tuple[str, ...] = ()       # where the state keeps what some seats may not see


def json_copy(data: Any) -> Any:
    """The state's JSON form: a JSON round trip (a copy, and proof that it is plain JSON)."""
    return json.loads(json.dumps(data))


class RulesetBase:
    """A game's ruleset object. A subclass sets ``game_type`` and binds the engine's
    functions (``new_game``, ``to_act``, ``legal_actions``, ``apply``, ``resign``,
    ``view``, ``event_view``, ``outcome``, ``example_config``, and ``game_bot_action``,
    the game's own bots) as ``staticmethod``, so a step costs no call in between."""

    game_type: ClassVar[GameType]
    # Filled from ``game_type`` (``__init_subclass__``): the protocol's attributes.
    name: str
    title: str
    min_players: int
    max_players: int
    uses_decks: bool
    plain_json_state: bool
    static_keys: tuple[str, ...]
    takes_automatic_seats: bool
    hidden_zones: tuple[str, ...]

    # (the state is ``Any``: a game may hold it in classes of its own, see ``to_json``)
    game_bot_action: Callable[[Any, int, str, str], Action]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = cls.__dict__.get("game_type")
        if declared is not None:
            for flag in fields(declared):
                setattr(cls, flag.name, getattr(declared, flag.name))

    to_json = staticmethod(json_copy)
    from_json = staticmethod(json_copy)

    def bot_action(self, state: Any, seat: int, kind: str, seed: str) -> Action:
        """The game's own bots, and the searching bot's levels, which search on this very
        object (``rulesets/search``)."""
        if kind in search.LEVELS:
            return search.bot_action(self, state, seat, kind, seed)  # type: ignore[arg-type]
        return self.game_bot_action(state, seat, kind, seed)
