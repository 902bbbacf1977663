"""The phase table: which handler decides each kind of task, the tasks that start a phase,
the end of a phase, and the setup choice (A3.2-A3.5).

Every handler has ``step`` (auto-resolve what has no real choice; return True when the
seat must decide), ``legal`` and ``act``."""

from __future__ import annotations

from collections.abc import Callable

from rulesets.base import Action, Event
from rulesets.rng import Rng
from rulesets.roll import powers
from rulesets.roll.data import PHASES
from rulesets.roll.develop_settle import (
    build_act,
    build_legal,
    build_step,
    citizenry_act,
    citizenry_legal,
    citizenry_step,
)
from rulesets.roll.empire import (
    owns,
)
from rulesets.roll.explore import (
    explore_act,
    explore_legal,
    explore_step,
    research_team_act,
    research_team_legal,
    research_team_step,
)
from rulesets.roll.manage import (
    lose_act,
    lose_legal,
    lose_step,
    pick_act,
    pick_legal,
    pick_step,
    recall_act,
    recall_legal,
    recall_step,
    recruit_step,
)
from rulesets.roll.produce_ship import (
    produce_act,
    produce_legal,
    produce_step,
    ship_act,
    ship_legal,
    ship_step,
)
from rulesets.roll.state import Game
from rulesets.roll.taskqueue import Task, finish

# ---- setup: which drawn tile is the development (A3.2) ------------------------

def setup_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    return True


def setup_legal(state: Game, t: Task) -> list[Action]:
    return [{"type": "setup", "dev": tile} for tile in t["tiles"]]


def setup_act(state: Game, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    do_setup_choice(state, t["seat"], t["tiles"], action["dev"], events)
    finish(state, t)


def do_setup_choice(state: Game, seat: int, tiles: list[int], dev: int, events: list[Event]) -> None:
    p = state.players[seat]
    world = tiles[1] if tiles[0] == dev else tiles[0]
    p.dev_stack.append(dev)
    p.world_stack.append(world)
    events.append({"type": "setup_tiles", "seat": seat, "dev": dev, "world": world})


# ---- phase bookkeeping -----------------------------------------------------------

def phase_start_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    """A selected phase begins: its tasks take the place of this one (the queue's first)."""
    q = state.queue
    q.pop(0)
    q[0:0] = start_phase(state, t["phase"])
    events.append({"type": "phase", "phase": t["phase"]})
    return False


def manage_start_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    """Manage the empire (A3.3 step 5): each seat in turn order recruits, then recalls."""
    q = state.queue
    q.pop(0)
    q[0:0] = [{"kind": k, "seat": s} for s in state.order for k in ("recruit", "recall")]
    return False


def start_phase(state: Game, phase: str) -> list[Task]:
    """Tasks for one phase: one per seat in turn order, then the phase end."""
    out: list[Task] = []
    for seat in state.order:
        p = state.players[seat]
        if phase == "explore":
            virtual = powers.virtual_workers(p, phase)
            if p.cols["explore"] or virtual:
                out.append({"kind": "explore", "seat": seat, "virtual": virtual, "scout": None,
                            "logi": []})
        elif phase in ("develop", "settle"):
            out.append({"kind": "build", "seat": seat, "phase": phase})
        elif phase == "produce":
            if p.cols["produce"]:
                out.append({"kind": "produce", "seat": seat})
        else:
            out.append({"kind": "ship", "seat": seat, "virtual": powers.virtual_workers(p, phase)})
    out.append({"kind": "phase_end", "phase": phase})
    return out


def phase_end_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    phase = t["phase"]
    finish(state, t)
    if phase == "explore" and not t.get("research_done"):
        # Alien Research Team draws after everyone's explorers, before discards return.
        extra: list[Task] = []
        for seat in state.order:
            if owns(state.players[seat], "Alien Research Team"):
                extra.append({"kind": "research_team", "seat": seat, "drawn": None,
                              "yellow": bool(state.scouted_yellow[seat])})
        if extra:
            state.queue[0:0] = extra + [dict(t, research_done=True)]
            return False
    for seat in state.order:
        got = powers.end_of_phase(state, seat, phase)
        if got["credits"] or got["vp"]:
            events.append({"type": "phase_bonus", "seat": seat, "phase": phase, **got})
        p = state.players[seat]
        for c in p.cols[phase]:
            p.cup[c] += 1
        p.cols[phase] = []
    if phase == "explore":
        state.bag.extend(sorted(state.discards))
        state.discards.clear()
        state.scouted_yellow = [False] * len(state.players)
    events.append({"type": "phase_end", "phase": phase})
    return False


Handler = tuple[Callable[..., bool], Callable[..., list[Action]] | None, Callable[..., None] | None]

HANDLERS: dict[str, Handler] = {
    "phase_start": (phase_start_step, None, None),
    "setup": (setup_step, setup_legal, setup_act),
    "explore": (explore_step, explore_legal, explore_act),
    "research_team": (research_team_step, research_team_legal, research_team_act),
    "build": (build_step, build_legal, build_act),
    "citizenry": (citizenry_step, citizenry_legal, citizenry_act),
    "pick": (pick_step, pick_legal, pick_act),
    "lose": (lose_step, lose_legal, lose_act),
    "produce": (produce_step, produce_legal, produce_act),
    "ship": (ship_step, ship_legal, ship_act),
    "recruit": (recruit_step, None, None),
    "recall": (recall_step, recall_legal, recall_act),
    "phase_end": (phase_end_step, None, None),
    "manage_start": (manage_start_step, None, None),
}

__all__ = ["HANDLERS", "PHASES", "start_phase"]
