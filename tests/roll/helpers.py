"""Builders for Roll for the Galaxy test situations and a seeded game runner."""

from __future__ import annotations

import copy
from typing import Any

from rulesets.rng import Rng
from rulesets.roll import RULESET, engine
from rulesets.roll import phases as phase_table
from rulesets.roll.data import BY_NAME, CARDS, COLOURS, DICE_COUNT, DIE_FACES, TILE_IDS
from rulesets.roll.empire import add_to_tableau, owned_dice, zero_dice
from rulesets.roll.state import Game, Player

R = RULESET


def new(n: int = 2, seed: str = "t", first_game: bool = True) -> Game:
    return R.new_game({"players": n, "first_game": first_game}, seed)


def blank(state: Game, seat: int, faction_keys: tuple[str, ...] = ("F9w1", "F9w2"),
          home: str = "H2w", credits: int = 1) -> Player:
    """Strip a seat to a known empire: given faction/home tableau, no dice, no tiles.
    Its dice and tiles go back to the supply/bag so components stay conserved."""
    p = state.players[seat]
    for c, n in owned_dice(p).items():
        state.supply[c] += n
    for key in p.tableau:
        if key.startswith("T"):
            state.bag.append(int(key[1:-1]))
    state.bag.extend(p.dev_stack + p.world_stack)
    cols: dict[str, list[str]] = {ph: [] for ph in ("explore", "develop", "settle", "produce",
                                                    "ship")}
    p.tableau, p.names, p.cup, p.cit = [], [], zero_dice(), zero_dice()
    p.dev_stack, p.world_stack, p.dev_workers, p.world_workers = [], [], [], []
    p.goods, p.assign, p.committed, p.credits, p.vp = {}, None, True, credits, 0
    p.cols, p.selector = cols, None
    for key in (*faction_keys, home):
        add_to_tableau(p, key)
    return p


def take_tile(state: Game, name: str) -> int:
    """Remove the game tile carrying card ``name`` from the bag (or any stack)."""
    key = BY_NAME[name]
    tile = int(key[1:-1])
    if tile in state.bag:
        state.bag.remove(tile)
        return tile
    for p in state.players:
        for stack in (p.dev_stack, p.world_stack):
            if tile in stack:
                stack.remove(tile)
                return tile
    raise AssertionError(f"tile {name} not available")


def build(state: Game, seat: int, *names: str) -> None:
    """Put the named game-tile cards straight into the seat's tableau."""
    p = state.players[seat]
    for name in names:
        take_tile(state, name)
        add_to_tableau(p, BY_NAME[name])


def dice(state: Game, colours: list[str]) -> list[str]:
    """Take dice from the supply (for columns, goods, zones)."""
    for c in colours:
        assert state.supply[c] > 0
        state.supply[c] -= 1
    return list(colours)


def to(state: Game, seat: int, where: str, colours: list[str]) -> None:
    """Put dice from the supply into the seat's ``"cup"`` or ``"cit"`` (its Citizenry)."""
    p = state.players[seat]
    pool = p.cup if where == "cup" else p.cit
    for c in dice(state, colours):
        pool[c] += 1


def good(state: Game, seat: int, world_name: str, colour: str) -> str:
    key = BY_NAME[world_name]
    state.players[seat].goods.setdefault(key, []).extend(dice(state, [colour]))
    return key


def run_phases(state: Game, phases: list[str], cols: dict[int, dict[str, list[str]]],
               monkeypatch) -> list[dict[str, Any]]:
    """Run the given phases with the given columns, halting before management."""
    monkeypatch.setitem(phase_table.HANDLERS, "halt", (lambda s, t, r, e: True, lambda s, t: [], None))
    for p in state.players:
        a = p.assign
        if a is not None:  # rolled dice go back to the cup
            for c in [d[0] for d in a.dice] + [d[0] for d in a.dictate] + ([a.sel[0]] if a.sel else []):
                p.cup[c] += 1
        p.assign = None
        p.committed = True
    for seat, cs in cols.items():
        for ph, colours in cs.items():
            state.players[seat].cols[ph] = dice(state, colours)
    state.stage = "phases"
    state.selected = list(phases)
    state.queue = [{"kind": "phase_start", "phase": ph} for ph in phases]
    state.queue.append({"kind": "halt", "seat": -1})
    events: list[dict[str, Any]] = []
    rng = Rng(state.rng)
    engine._advance(state, rng, events)
    state.rng = rng.state
    return events


def halted(state: Game) -> bool:
    return state.queue[0]["kind"] == "halt"


def act(state: Game, action: dict[str, Any]) -> list[dict[str, Any]]:
    seat = R.to_act(state)[0]
    _s, events = R.apply(state, seat, action)
    return events


def count_tiles(state: Game) -> int:
    n = len(state.bag) + len(state.discards)
    for p in state.players:
        n += len(p.dev_stack) + len(p.world_stack)
        n += sum(1 for k in p.tableau if k.startswith("T"))
    for t in state.queue:
        if t["kind"] == "explore" and t["scout"] and t["scout"]["drawn"]:
            n += len(t["scout"]["drawn"])
        if t["kind"] == "research_team" and t["drawn"]:
            n += len(t["drawn"])
        if t["kind"] == "setup":
            n += len(t["tiles"])
    return n


def count_dice(state: Game) -> dict[str, int]:
    out = dict(state.supply)
    for p in state.players:
        for c, n in owned_dice(p).items():
            out[c] += n
    return out


def check_components(state: Game) -> None:
    assert count_dice(state) == DICE_COUNT
    assert count_tiles(state) == len(TILE_IDS)
    assert all(v >= 0 for v in state.supply.values())
    for p in state.players:
        assert 0 <= p.credits <= 10
        assert all(v >= 0 for v in p.cup.values()) and all(v >= 0 for v in p.cit.values())
        assert all(CARDS[k] for k in p.tableau)
    chips = sum(p.vp for p in state.players)
    assert chips + state.vp_pool + state.vp_tens == 12 * len(state.players) + 50


def play(seed: str, n: int, kinds: list[str], record: list | None = None,
         check=None, max_steps: int = 50000) -> Game:
    """Play one seeded game with bots; ``record`` collects (seat, action)."""
    state = R.new_game(R.example_config(n), seed)
    step = 0
    while R.outcome(state) is None:
        seat = R.to_act(state)[0]
        action = R.bot_action(state, seat, kinds[seat], f"{seed}/{step}")
        if record is not None:
            record.append((seat, copy.deepcopy(action)))
        R.apply(state, seat, action)
        if check is not None:
            check(state)
        step += 1
        assert step < max_steps, "game did not end"
    return state


def fast_random_game(seed: str, n: int, hook=None, max_steps: int = 50000) -> tuple[Game, list]:
    """Uniform random play from one Rng (faster than seeding a bot per step).
    ``hook(state, seat, legal, rng)`` runs before each move."""
    state = R.new_game(R.example_config(n), seed)
    rng = Rng.from_seed(f"play:{seed}")
    record: list = []
    while R.outcome(state) is None:
        seats = R.to_act(state)
        seat = seats[rng.below(len(seats))]
        legal = R.legal_actions(state, seat)
        if hook is not None:
            hook(state, seat, legal, rng)
        action = legal[rng.below(len(legal))]
        record.append((seat, action))
        R.apply(state, seat, action)
        assert len(record) < max_steps, "game did not end"
    return state, record


__all__ = ["COLOURS", "R"]


def set_roll(state: Game, seat: int, faces: list[tuple[str, str]]) -> None:
    """Replace a seat's rolled dice by ``(colour, face)`` pairs, keeping the supply right."""
    a = state.players[seat].assign
    assert a is not None, "a seat rolls at the start of a round"
    for d in a.dice + a.dictate + ([a.sel] if a.sel else []):
        state.supply[d[0]] += 1
    a.dice, a.sel, a.dictate, a.used, a.pend = sorted([c, f, f] for c, f in faces), None, [], [], None
    dice(state, [c for c, _f in faces])
    state.players[seat].committed = False


def perturb(state: Game, seat: int | None, rng: Rng) -> Game:
    """A state that differs from ``state`` only in what ``seat`` may not see: the PRNG,
    the bag order and contents, Explore discards, other seats' tiles below their stack
    tops and tiles they hold, and other seats' unrevealed dice faces and columns."""
    s = state.copy()
    s.rng = rng.next_u64()
    slots: list[tuple[list, int]] = [(s.bag, i) for i in range(len(s.bag))]
    slots += [(s.discards, i) for i in range(len(s.discards))]
    for q, p in enumerate(s.players):
        if q == seat:
            continue
        for stack in (p.dev_stack, p.world_stack):
            slots += [(stack, i) for i in range(1, len(stack))]
    for t in s.queue:
        if t.get("seat") == seat:
            continue
        held = None
        if t["kind"] == "explore" and t["scout"] and t["scout"]["drawn"]:
            held = t["scout"]["drawn"]
        elif t["kind"] == "research_team" and t["drawn"]:
            held = t["drawn"]
        elif t["kind"] == "setup":
            held = t["tiles"]
        if held:
            slots += [(held, i) for i in range(len(held))]
    values = [lst[i] for lst, i in slots]
    rng.shuffle(values)
    for (lst, i), v in zip(slots, values, strict=True):
        lst[i] = v
    if s.stage == "assign":
        for q, p in enumerate(s.players):
            if q == seat or p.assign is None:
                continue
            for d in p.assign.dice:
                d[1] = DIE_FACES[d[0]][rng.below(6)]
                d[2] = ("explore", "develop", "settle", "produce", "ship", "wild")[rng.below(6)]
            p.assign.used = ["Dictate"] if rng.below(2) else []
    return s
