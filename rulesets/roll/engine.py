"""Game flow: setup, rounds, the task driver and the end of the game (A3.2-A3.5)."""

from __future__ import annotations

from typing import Any

from rulesets.base import Action, ConfigError, Event, IllegalAction, Outcome
from rulesets.rng import Rng
from rulesets.roll import assign
from rulesets.roll.data import (
    CARDS,
    DICE_COUNT,
    FACTIONS,
    HOMES,
    PHASES,
    TILE_IDS,
    VP_PER_PLAYER,
    VP_TENS,
    side_key,
)
from rulesets.roll.empire import add_to_tableau, empty_cols, reached_end, zero_dice
from rulesets.roll.explore import draw_tiles
from rulesets.roll.phases import HANDLERS, do_setup_choice
from rulesets.roll.powers import end_bonuses, score
from rulesets.roll.state import Game, Player
from rulesets.roll.taskqueue import apply_gains

MIN_PLAYERS, MAX_PLAYERS = 2, 5


def example_config(players: int) -> dict[str, Any]:
    return {"players": players, "first_game": False}




def new_game(config: Any, seed: str) -> Game:
    n = config.get("players")
    if not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ConfigError("bad_players", "Roll for the Galaxy takes 2 to 5 players",
                          {"players": n})
    rng = Rng.from_seed(seed)        # (the state's own generator from here on)
    factions = sorted(FACTIONS)
    rng.shuffle(factions)
    homes = list(HOMES)
    rng.shuffle(homes)
    state = Game({"players": n, "first_game": bool(config.get("first_game"))}, str(seed),
                 list(TILE_IDS), dict(DICE_COUNT), VP_PER_PLAYER * n, VP_TENS,
                 [Player(factions[i], homes[i], zero_dice(), zero_dice(), empty_cols())
                  for i in range(n)])
    # Turn order: lowest faction number first, then clockwise (A3.5 Timing).
    first = min(range(n), key=lambda s: state.players[s].faction)
    state.order = [(first + i) % n for i in range(n)]
    events: list[Event] = []
    for seat, p in enumerate(state.players):
        for dice, k in ((p.cup, 3), (p.cit, 2)):
            dice["white"] += k
            state.supply["white"] -= k
        for key in FACTIONS[p.faction] + [p.home]:
            add_to_tableau(p, key)
            card = CARDS[key]
            if card.name == "Doomed World":
                p.credits = 8
            elif card.kind == "world":
                apply_gains(state, seat, key, card.effect, events)
    for seat in state.order:
        tiles = draw_tiles(state, rng, 2, events)
        if state.config["first_game"]:
            # First game: the lower-cost sides up (A3.2), one tile to each stack.
            a, b = tiles
            cost_ab = CARDS[side_key(a, "dev")].cost + CARDS[side_key(b, "world")].cost
            cost_ba = CARDS[side_key(b, "dev")].cost + CARDS[side_key(a, "world")].cost
            do_setup_choice(state, seat, tiles, a if cost_ab <= cost_ba else b, events)
        else:
            state.queue.append({"kind": "setup", "seat": seat, "tiles": sorted(tiles)})
    _advance(state, rng, events)
    state.gen = rng
    return state


# ---- driver -----------------------------------------------------------------------

def _start_round(state: Game, rng: Rng) -> None:
    state.round += 1
    state.stage = "assign"
    state.selected = []
    state.extra_die = None
    state.extra_phase = None
    assign.roll_all(state, rng)


def _end_round(state: Game, events: list[Event]) -> bool:
    """Check the end (A3.3 step 5); True when the game is over."""
    twelve = any(reached_end(p) for p in state.players)
    if not (state.pool_empty or twelve):
        return False
    reasons = []
    if state.pool_empty:
        reasons.append("vp_pool_empty")
    if twelve:
        reasons.append("twelve_squares")
    state.stage = "over"
    state.outcome = _outcome(state, "+".join(reasons), exclude=None)
    events.append({"type": "game_over", **state.outcome})
    return True


def _outcome(state: Game, reason: str, exclude: int | None) -> dict[str, Any]:
    """Most points wins; a tie adds cup dice + credits; still tied shares (A3.5)."""
    ps = state.players
    scores = [score(p) for p in ps]
    alive = [s for s in range(len(ps)) if s != exclude]
    best = max(scores[s] for s in alive)
    tied = [s for s in alive if scores[s] == best]
    trail = ["most_points"]
    if len(tied) > 1:
        trail.append("cup_dice_plus_credits")
        key = {s: sum(ps[s].cup.values()) + ps[s].credits for s in tied}
        top = max(key.values())
        tied = [s for s in tied if key[s] == top]
        if len(tied) > 1:
            trail.append("shared")
    return {"winners": tied, "reason": reason, "scores": scores, "tiebreak": trail,
            "details": {"bonuses": [end_bonuses(p) for p in ps], "vp_chips": [p.vp for p in ps]}}


def _advance(state: Game, rng: Rng, events: list[Event]) -> None:
    """Run everything that needs no decision, up to the next pending one."""
    while True:
        stage = state.stage
        if stage == "over":
            return
        if stage == "assign":
            if not assign.all_committed(state):
                return
            phases = assign.reveal(state, rng, events)
            state.stage = "phases"
            state.queue = [{"kind": "phase_start", "phase": ph} for ph in phases]
            state.queue.append({"kind": "manage_start"})
            continue
        q = state.queue
        if not q:
            # the setup's choices made, or a round over: the next round, unless the game ends
            if stage == "setup" or not _end_round(state, events):
                _start_round(state, rng)
            continue
        t = q[0]
        if HANDLERS[t["kind"]][0](state, t, rng, events):
            return


def to_act(state: Game) -> list[int]:
    if state.stage == "over":
        return []
    if state.stage == "assign":
        return [s for s, p in enumerate(state.players) if not p.committed]
    return [state.queue[0]["seat"]]


def _acts(state: Game, seat: Any) -> bool:
    """``seat in to_act(state)``, without building the list for a seat number (each
    step asks it twice: for the legal list and for ``apply``)."""
    stage = state.stage
    if stage == "assign":
        if type(seat) is int and 0 <= seat < len(state.players):
            return not state.players[seat].committed
        return seat in to_act(state)
    return stage != "over" and seat in (state.queue[0]["seat"],)


def shared_legal(state: Game, seat: int) -> list[Action]:
    """The seat's legal list as the rules build it: mostly the very dicts of the tables in
    ``offers.py``, shared by every list that offers them, so it is only read (the bots
    pick from it and copy their pick; ``legal_actions`` hands out copies)."""
    if not _acts(state, seat):
        return []
    if state.stage == "assign":
        return assign.legal(state, seat)
    t = state.queue[0]
    legal = HANDLERS[t["kind"]][1]
    return legal(state, t) if legal else []


def legal_actions(state: Game, seat: int) -> list[Action]:
    """The protocol's legal list: dicts of the caller's own, which it may edit."""
    return [dict(a) for a in shared_legal(state, seat)]


def apply(state: Game, seat: Any, action: Any,
          checked: bool = False) -> tuple[Game, list[Event]]:
    """Check ``action`` and carry it out. ``checked``: the caller vouches that it is in
    the legal list (``rulesets.picked``: a bot just picked it from this very state), so
    the list is not built again."""
    if state.stage == "over":
        raise IllegalAction("game_over", "the game is over")
    # (an action in the seat's legal list vouches that the seat acts: the list is empty
    # for any other)
    if not checked and not _acts(state, seat):
        raise IllegalAction("not_your_turn", f"seat {seat} has nothing to decide now",
                            details={"to_act": to_act(state)})
    if not isinstance(action, dict) or "type" not in action:
        raise IllegalAction("bad_action", "an action is an object with a 'type'")
    legal = [] if checked else shared_legal(state, seat)
    if not checked and action not in legal:
        kinds = sorted({a["type"] for a in legal})
        if action["type"] not in kinds:
            raise IllegalAction("wrong_action_type", f"expected one of {kinds}",
                                details={"expected": kinds})
        raise IllegalAction("illegal_choice", "that choice is not available now",
                            rule=_rule_for(state), details={"action": action})
    rng = state.gen
    events: list[Event] = []
    if state.stage == "assign":
        assign.act(state, seat, action, events)
    else:
        t = state.queue[0]
        act = HANDLERS[t["kind"]][2]
        assert act is not None, "a task that offers actions has an act handler"
        act(state, t, action, rng, events)
    _advance(state, rng, events)
    state.steps += 1
    return state, events


def _rule_for(state: Game) -> str:
    if state.stage == "assign":
        return "RFTG-A3.3"
    kind = state.queue[0]["kind"]
    return {"recall": "RFTG-A3.3", "pick": "RFTG-A3.3", "setup": "RFTG-A3.2"}.get(kind, "RFTG-A3.4")


def outcome(state: Game) -> Outcome | None:
    o = state.outcome
    if o is None:
        return None
    return Outcome(winners=tuple(o["winners"]), reason=o["reason"], scores=tuple(o["scores"]),
                   tiebreak=tuple(o["tiebreak"]), details=o["details"])


def resign(state: Game, seat: int) -> tuple[Game, list[Event]]:
    """A resignation ends the game; the others are ranked as at a normal end."""
    if state.stage == "over":
        raise IllegalAction("game_over", "the game is over")
    if not 0 <= seat < len(state.players):
        raise IllegalAction("bad_seat", "no such seat")
    state.stage = "over"
    state.resigned = seat
    state.queue = []
    state.outcome = _outcome(state, "resigned", exclude=seat)
    return state, [{"type": "resign", "seat": seat}, {"type": "game_over", **state.outcome}]


def to_json(data: Game) -> dict[str, Any]:
    return data.to_json()


def from_json(data: Any) -> Game:
    return Game.from_json(data)


__all__ = ["PHASES", "apply", "example_config", "legal_actions", "new_game", "shared_legal",
           "to_act"]
