"""Information Set Monte Carlo Tree Search, single observer (SO-ISMCTS; Cowling, Powley
and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012).

One tree for the deciding seat's information set. Each iteration samples a
determinization (a full state consistent with what the seat has seen, from the game's
``determinize`` hook), walks down the tree choosing among the actions legal in that
sample (UCB1 with availability counts, so an action is judged only against the samples
where it existed), adds one node, plays on for a few moves and scores the position (the
outcome when the game ended there, else the game's ``evaluate`` hook). Every seat's
moves in the tree are chosen to serve that seat, so opponents are modelled as searching
players too.

The search touches the game only through the ruleset protocol (``to_act``,
``legal_actions``, ``apply``, ``outcome``, ``bot_action``) on determinized copies; the
real state is read only by ``determinize`` (or ``determinizer``), ``legal_actions`` for
the deciding seat and the heuristic bot's choice for it (which the protocol makes from
the seat's view), so the search reads nothing the seat could not see.
All randomness comes from one :class:`rulesets.rng.Rng` seeded from the bot seed and the
budget is a count of iterations, so a seeded search is reproducible. A host that must
share the CPU (a server whose other bots are waiting for theirs) may also cap the
search's CPU time (``CPU_BUDGET``): it then stops early, with the moves it has
searched so far, and that choice is no longer reproducible.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from typing import Any, Protocol

from rulesets.base import Action, Event, IllegalAction, Outcome
from rulesets.rng import Rng
from rulesets.search.levels import Level

# A game's state as its rules hold it: the JSON dict for most, classes of the game's own for
# some (rulesets/smugglers/state.py). The search only hands it back to the game's hooks, so
# it does not say which (a compiled build checks annotations at run time).
State = Any

# The CPU seconds a search may take in this context (None: its level's iterations only);
# set through ``rulesets.search.cpu_budget``. At least one iteration runs; with the
# level's ``prior``, a search stopped before it found a better move plays the heuristic
# bot's.
CPU_BUDGET: ContextVar[float | None] = ContextVar("search_cpu_budget", default=None)


Determinize = Callable[[State, int, Rng], State]
Sample = Callable[[Rng], State]
Evaluate = Callable[[State], list[float]]
# ``play_bot(state, seat, kind, seed) -> State``: ``apply`` of ``bot_action``'s pick, the
# events unread (optional: a game whose apply checks a caller's action may skip the
# checks for its own bot's pick; ``rulesets/base.py``).
PlayBot = Callable[[State, int, str, str], State]


class Game(Protocol):
    """The part of the ruleset protocol the search uses (``rulesets/base.py``)."""

    name: str

    def to_act(self, state: State) -> list[int]: ...

    def legal_actions(self, state: State, seat: int) -> list[Action]: ...

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]: ...

    def outcome(self, state: State) -> Outcome | None: ...

    def bot_action(self, state: State, seat: int, kind: str, seed: str) -> Action: ...


class Node:
    """One action's statistics in the tree, from the view of the seat that chose it."""

    __slots__ = ("seat", "children", "visits", "avail", "total")

    def __init__(self, seat: int) -> None:
        self.seat = seat                       # who chose the action leading here
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0                         # samples in which the action was legal
        self.total = 0.0                       # sum of the chooser's rewards


@dataclass
class Result:
    action: Action
    iterations: int         # iterations that ran to the end
    failures: int           # iterations dropped because a sampled state refused a move
    visits: dict[str, int]  # root action key -> visits


# One encoder for every key: ``json.dumps`` with options builds a new encoder per call,
# and a search asks a key of every legal action at every step of its tree.
_KEY_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
# ``JSONEncoder.encode`` still makes the C encoder anew at every call, half the cost of a
# small action's key: the interpreter's C encoder made once, with the same options (an
# action holds no cycles, so no check for them), where the interpreter has one.
_C_KEY_ENCODER = None if c_make_encoder is None else c_make_encoder(
    None, _KEY_ENCODER.default, encode_basestring_ascii, None, ":", ",", True, False, True)


def action_key(action: Action) -> str:
    """An action's key in the tree: its compact JSON with sorted keys (the same string as
    ``json.dumps(action, sort_keys=True, separators=(",", ":"))``)."""
    if _C_KEY_ENCODER is None:
        return _KEY_ENCODER.encode(action)
    return "".join(_C_KEY_ENCODER(action, 0))


def _hooks(rs: Game, state: State, seat: int) -> tuple[Sample, Evaluate | None]:
    """The samples of ``state`` for ``seat`` (through the game's ``determinizer``, which
    works out once what they share, where it has one) and the game's ``evaluate``."""
    det: Determinize | None = getattr(rs, "determinize", None)
    if det is None:
        raise ValueError(f"{rs.name} has no determinization, so it cannot be searched")
    ev: Evaluate | None = getattr(rs, "evaluate", None)
    prepare: Callable[[State, int], Sample] | None = getattr(rs, "determinizer", None)
    if prepare is not None:
        return prepare(state, seat), ev
    return (lambda rng: det(state, seat, rng)), ev


def _rewards(rs: Game, state: State, evaluate: Evaluate | None, blend: float
             ) -> Callable[[int], float]:
    """The score of a position for each seat, in [0, 1]."""
    out = rs.outcome(state)
    if out is not None:
        share = 1.0 / len(out.winners) if out.winners else 0.0
        winners = set(out.winners)
        if blend and evaluate is not None:
            points = evaluate(state)
            return lambda s: (1 - blend) * (share if s in winners else 0.0) + blend * points[s]
        return lambda s: share if s in winners else 0.0
    if evaluate is None:
        return lambda s: 0.5
    values = evaluate(state)
    return lambda s: values[s]


def _playout(rs: Game, state: State, level: Level, rng: Rng) -> State:
    """Play ``level.depth`` moves from ``state`` with the game's cheap bots."""
    share = level.heuristic_share
    # Every level plays its playouts with the heuristic alone (a share of 1): the draw
    # that would pick the bot is still made, so a seeded search's moves stay what they
    # were, but not worked out (it was a tenth of the driver's own work).
    always = share >= 1.0
    play_bot: PlayBot | None = getattr(rs, "play_bot", None)
    for _ in range(level.depth):
        acting = rs.to_act(state)
        if not acting:
            break
        s = acting[rng.below(len(acting))] if len(acting) > 1 else acting[0]
        if always:
            rng.skip()
            kind = "heuristic"
        else:
            kind = "heuristic" if share and rng.random() < share else "random"
        seed = str(rng.next_u64())
        try:
            if play_bot is not None:
                state = play_bot(state, s, kind, seed)
            else:
                state, _ = rs.apply(state, s, rs.bot_action(state, s, kind, seed))
        except IllegalAction:
            # A heuristic bot can be wrong-footed by a position its own play never
            # reaches (Roll's, after a power another move started): a random move then
            # (a refused move leaves the state untouched). (No bot refuses its own
            # pick: bot_action raises ValueError, not IllegalAction.)
            if kind == "random":
                raise
            state, _ = rs.apply(state, s, rs.bot_action(state, s, "random", seed))
    return state


def _select(node: Node, s: int, acts: list[Action], rng: Rng, c: float, first: str | None
            ) -> tuple[Node, Action, bool]:
    """The child to follow for seat ``s`` among ``acts`` (the legal actions of this
    sample): the ``first`` key when it is untried, else an untried one at random, else
    the best by UCB1 over availability. A child an earlier, dropped iteration added but
    never scored counts as untried."""
    untried: list[tuple[str, Action]] = []
    present: list[tuple[Node, Action]] = []
    for a in acts:
        key = f"{s}|{action_key(a)}"
        child = node.children.get(key)
        if child is not None:
            child.avail += 1
            if child.visits:
                present.append((child, a))
                continue
        untried.append((key, a))
    if untried:
        pick = next((i for i, (k, _a) in enumerate(untried) if k == first), None)
        key, a = untried[pick if pick is not None else rng.below(len(untried))]
        child = node.children.get(key)
        if child is None:
            child = Node(s)
            child.avail = 1
            node.children[key] = child
        return child, a, True
    best: tuple[Node, Action] | None = None
    best_score = -1.0
    for child, a in present:
        score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
        if score > best_score:
            best, best_score = (child, a), score
    assert best is not None
    return best[0], best[1], False


def search(rs: Game, state: State, seat: int, level: Level, seed: str) -> Result:
    """Search ``level.iterations`` determinizations and return the root action visited
    most (ties: the better mean, then the earlier legal action); with ``level.prior``, the
    heuristic bot's move unless that one's mean beats it by ``level.margin``."""
    legal = rs.legal_actions(state, seat)
    if not legal:
        raise ValueError("this seat has nothing to do now")
    keys = [f"{seat}|{action_key(a)}" for a in legal]
    if len(legal) == 1:
        return Result(legal[0], 0, 0, {keys[0]: 0})
    sample, evaluate = _hooks(rs, state, seat)
    rng = Rng.from_seed(f"search|{seed}")
    root = Node(seat)
    prior: str | None = None
    if level.prior:      # the heuristic bot decides from the seat's view only
        prior = f"{seat}|{action_key(rs.bot_action(state, seat, 'heuristic', seed))}"
    done = failures = 0
    budget = CPU_BUDGET.get()
    stop_at = None if budget is None else time.thread_time() + budget
    for _ in range(level.iterations):
        if stop_at is not None and done + failures and time.thread_time() >= stop_at:
            break
        st = sample(rng)
        path: list[Node] = []
        node = root
        try:
            acting = [seat]                    # the root is the deciding seat's choice
            while acting:
                s = acting[0] if len(acting) == 1 else acting[rng.below(len(acting))]
                acts = rs.legal_actions(st, s)
                if not acts:
                    break
                node, a, new = _select(node, s, acts, rng, level.exploration,
                                       prior if node is root else None)
                path.append(node)
                st, _ = rs.apply(st, s, a)
                if new:
                    break
                acting = rs.to_act(st)
            st = _playout(rs, st, level, rng)
        except (IllegalAction, ValueError):
            # A sample the engine refuses a move in: drop it (counted, and tested to be 0).
            failures += 1
            continue
        reward = _rewards(rs, st, evaluate, level.terminal_blend)
        for n in path:
            n.visits += 1
            n.total += reward(n.seat)
        done += 1
    visits = {k: root.children[k].visits if k in root.children else 0 for k in keys}

    def rank(i: int) -> tuple[int, float, int]:
        child = root.children.get(keys[i])
        mean = child.total / child.visits if child and child.visits else 0.0
        return (visits[keys[i]], mean, -i)

    best = max(range(len(legal)), key=rank)
    if prior in keys and keys[best] != prior:
        chosen, default = root.children[keys[best]], root.children.get(prior)
        if default is not None and default.visits and \
                chosen.total / chosen.visits < default.total / default.visits + level.margin:
            best = keys.index(prior)
    return Result(legal[best], done, failures, visits)


def search_action(rs: Game, state: State, seat: int, level: Level, seed: str) -> Action:
    return search(rs, state, seat, level, seed).action


__all__ = ["CPU_BUDGET", "Node", "Result", "action_key", "search", "search_action"]
