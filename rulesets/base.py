"""The ruleset protocol shared by every game (see docs/ARCHITECTURE.md).

A ruleset is a value with pure functions over plain, JSON-serialisable state.
The host (``matches``) drives any ruleset through this protocol only.

Conventions every engine follows:

* ``to_json(state)`` is plain JSON (dict, list, str, int, float, bool, None) and
  ``from_json`` reads it back losslessly: that is the stored and replayed form. Most
  engines hold the state in that very form (``State``, a ``dict``); one may hold it in
  classes of its own (Űrcsempészek: ``rulesets/smugglers/state.py``), which only the
  engine and its ``to_json``/``from_json`` read, so the host treats a state as opaque
  between those two edges.
* ``Action`` is a small JSON object with a ``"type"`` key. Every element of
  ``legal_actions`` can be passed back to ``apply`` verbatim.
* A pending decision is data in the state: ``to_act(state)`` is the set of seats
  that may act now (a set, because some decisions are simultaneous).
* All randomness comes from :class:`rulesets.rng.Rng` whose state lives in the
  game state.
* ``view(state, seat)`` is the only door out for hidden information. ``seat`` is
  ``None`` for a spectator. Hidden cards are shown without any stable identity.
* Events returned by ``apply`` are full-information; the host passes each one
  through ``event_view`` before a seat sees it.
* ``apply`` may update the state in place and returns it (speed: bot matches run
  thousands of steps). When it raises ``IllegalAction`` the state is untouched,
  so validate before mutating. Callers that need the old state copy it first.
* Bots decide from ``view(state, seat)`` and ``legal_actions`` only; a bot that
  needs hidden information samples it from what its seat could know.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]


class IllegalAction(Exception):
    """Raised by ``apply`` for an action that is not legal now.

    ``code`` is a stable machine-readable reason (``"not_your_turn"``,
    ``"insufficient_credits"``...), ``rule`` the rulebook reference that
    forbids it (``"KG-10.2"``) where there is one.
    """

    def __init__(self, code: str, message: str = "", rule: str | None = None,
                 details: dict[str, Any] | None = None) -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message or code
        self.rule = rule
        self.details = details or {}

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.rule:
            out["rule"] = self.rule
        if self.details:
            out["details"] = self.details
        return out


class ConfigError(ValueError):
    """Raised by ``new_game`` for a configuration the game cannot start from."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}


def plain_copy(data: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, scalars), tuples made lists: what a
    typed state keeps as JSON inside it (a task, an outcome, a game's components)."""
    if isinstance(data, dict):
        return {k: plain_copy(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [plain_copy(v) for v in data]
    return data


def full_event(event: Event) -> Event:
    """An event in full, without the markers its engine keeps to tell which seat may see
    what (keys beginning with ``_``): every seat's part shown, as a finished match's
    replay shows it."""
    return {k: v for k, v in event.items() if not k.startswith("_")}


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` lists seat indices (several for a shared win), ``scores`` one
    number per seat where the game keeps score, ``reason`` a short code
    (``"colony_empty"``, ``"resigned"``, ``"most_points"``...), and
    ``tiebreak`` the trail of tie-breaks that decided it, in order.
    """

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] | None = None
    tiebreak: tuple[str, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "scores": list(self.scores) if self.scores is not None else None,
            "tiebreak": list(self.tiebreak),
            "details": self.details,
        }


@runtime_checkable
class Ruleset(Protocol):
    """What every game module exposes (as a module-level object ``RULESET``)."""

    name: str          # registry key, e.g. "kgk"
    title: str         # human title, e.g. "Káosz Galaktika"
    min_players: int
    max_players: int
    uses_decks: bool   # True when each seat brings a deck (KGK)
    # Optional: True when the state is plain JSON data throughout, so that the host may
    # store ``json.dumps(state)`` and play on ``json.loads(text)`` without the defensive
    # copies of ``to_json``/``from_json`` (a match action does both).
    # plain_json_state: bool = False
    # Optional: top-level state keys whose values are fixed from ``new_game`` on and that
    # the engine never changes (KGK: its compiled card definitions). The host may store
    # them once per match instead of in every snapshot and give every copy of the state
    # the same (shared) objects for them.
    # static_keys: tuple[str, ...] = ()
    # Optional: True when ``new_game`` takes ``config["automatic_seats"]``, the seats that
    # programs (bots) play. A ruleset may spare those seats questions whose skipping
    # would tell the other players something hidden (KGK: KG-12.3); people are asked.
    # takes_automatic_seats: bool = False
    # Optional: where the state keeps what some seats may not see, as dotted paths into the
    # state's JSON form (``to_json``): ``"p.{seat}.hand"`` is a zone of each seat that only that seat sees, ``"*"``
    # any index or key (``"galaxies.*"``: each face-down galaxy), and a slice at the end
    # (``"[1:]"``: all but the top) part of a list. A seat's view (and a spectator's) never
    # depends on the order or contents of the zones it may not see; the conformance suite
    # (tests/rulesets/test_conformance.py) checks it by rearranging them.
    # hidden_zones: tuple[str, ...] = ()
    # Optional: ``playability(card, options) -> [reason]`` (see :class:`Playable`), for a
    # game played with decks of catalogue cards; found through ``registry.playability``.
    # Optional, for the searching bot (``rulesets/search``, the ``search*`` bot kinds):
    # ``determinize(state, seat, rng) -> State``, a new full state consistent with what
    # ``seat`` may know (its view equal to the seat's real view; what the seat cannot see
    # drawn with ``rng`` from what it may know: the components or the format's card pool,
    # what the others have shown, its own deck list; the engine's generator reseeded). It
    # must not depend on the hidden zones' order or contents. ``evaluate(state) ->
    # [float]``: each seat's prospects in [0, 1] where a playout stops before the end.
    # ``determinizer(state, seat) -> (rng -> State)``: ``determinize`` of one state and
    # seat for many samples, what they share worked out once (the search prefers it).
    # ``play_bot(state, seat, kind, seed) -> State``: ``apply`` of ``bot_action``'s pick,
    # for the search's playouts, which read no events; a game may skip there the checks
    # ``apply`` makes of a caller's action (KGK's ``fast.FastEngine.play_bot``).
    # A game's hooks live in ``rulesets/<game>/determinize.py``.

    def example_config(self, players: int) -> dict[str, Any]:
        """A ready-to-play config for tests, benchmarks and simulations
        (KGK: the two practice decks; others: default options)."""
        ...

    def new_game(self, config: dict[str, Any], seed: str) -> State: ...

    def to_act(self, state: State) -> list[int]: ...

    def legal_actions(self, state: State, seat: int) -> list[Action]: ...

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]: ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]: ...

    def event_view(self, event: Event, seat: int | None) -> Event | None:
        """The event as ``seat`` (None: a spectator) may see it, None when it shows that
        seat nothing. What an engine keeps in an event to decide this is under keys
        beginning with ``_`` (KGK's ``_priv``, Roll's ``_only`` and ``_others``): no field
        of an event is named so (see :func:`full_event`)."""
        ...

    def outcome(self, state: State) -> Outcome | None: ...

    def resign(self, state: State, seat: int) -> tuple[State, list[Event]]: ...

    def to_json(self, state: State) -> dict[str, Any]: ...

    def from_json(self, data: dict[str, Any]) -> State: ...

    def bot_action(self, state: State, seat: int, kind: str, seed: str) -> Action:
        """``kind`` is ``"random"`` (uniform over legal actions), ``"heuristic"``, or one of
        the searching bot's levels (``rulesets.search.LEVELS``: ``"search-easy"``,
        ``"search"``, ``"search-hard"``), which a game with the ``determinize`` hook hands
        to ``rulesets.search.bot_action``. ``seed`` makes the choice reproducible; bots
        only read what ``view`` shows."""
        ...


@runtime_checkable
class Playable(Protocol):
    """The optional part of the protocol for a game played with catalogue cards (KGK)."""

    def playability(self, card: Mapping[str, Any], options: Mapping[str, Any]) -> list[str]:
        """Why this engine cannot play ``card`` (a catalogue record) under a deck format's
        ``engine_options`` (KGK: ``{"rules": "official" | "quick_start", ...}``); empty
        when it can. The deck validator asks it once per card and format."""
        ...


@dataclass(frozen=True)
class ScenarioWords:
    """How a host words a game's refused scenario for people, in Hungarian and English:
    plain data the game ships (KGK: ``rulesets/kgk/scenario_words.py``), so the host reads
    neither the game's English messages nor its vocabulary from code of its own.

    A refusal (``ConfigError``) carries ``details["field"]``, the path of the offending
    field, and for the catch-all codes ``details["reason"]``; its sentence is
    ``reasons[reason]``, else ``codes[code]``. ``fields`` names the document's fields,
    ``kinds`` the card kinds a sentence may name, ``items`` how the n-th entry of a list is
    said (``{n}``, ``{nth}``; key ``""`` for any other list), ``named_items`` the lists whose
    entries carry a ``name`` said after them, ``quoted_under`` the fields whose children are
    names a person typed (shown as typed), ``quote_last_for`` the codes whose field's last
    name is such a name, ``root`` the document's own name at the head of every path."""

    fields: Mapping[str, tuple[str, str]]
    kinds: Mapping[str, tuple[str, str]]
    codes: Mapping[str, tuple[str, str]]
    reasons: Mapping[str, tuple[str, str]]
    items: Mapping[str, tuple[str, str]]
    root: str = "scenario"
    named_items: frozenset[str] = frozenset()
    quoted_under: frozenset[str] = frozenset()
    quote_last_for: frozenset[str] = frozenset()


@runtime_checkable
class Scenarios(Protocol):
    """The optional part of the protocol for a game whose positions can be set up from a
    document (KGK: ``rulesets/kgk/SCENARIOS.md``), which is how a host starts a sandbox.

    The document rides to ``new_game`` in ``config["options"]["scenario"]``; one the game
    cannot set up is refused there with a ``ConfigError`` whose ``details["field"]`` is the
    path of the offending field. The host never reads a document itself: it asks these."""

    def scenario_names(self) -> list[str]:
        """The positions the game ships (named after the rule each illustrates)."""
        ...

    def scenario_document(self, name: str) -> dict[str, Any]:
        """A shipped position's document; ``ConfigError("unknown_scenario")`` otherwise."""
        ...

    def scenario_seats(self, document: Any) -> list[str]:
        """One entry per seat the document sets up: the name it gives the seat, or ``""``;
        empty when the document does not say (``new_game`` then refuses it in its words)."""
        ...

    def scenario_example(self) -> str:
        """A small document as text, for people to start from."""
        ...

    def scenario_words(self) -> ScenarioWords:
        """How the game's refusals of a document are said to people."""
        ...
