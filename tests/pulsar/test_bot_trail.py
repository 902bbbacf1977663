"""The heuristic's flight scoring (``_Ctx.best_trail``) against a plain listing.

``best_trail`` walks every continuation of a flight and scores where it ends with sets
(the nodes worth passing, those of a race's colour) because a search's playouts ask it at
nearly every flight step. Here every continuation is listed as a path and scored as the
rule reads, node by node; at every flight decision of seeded games, for every die and
every next step, with and without a race, the best of those equals ``best_trail``.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.pulsar import RULESET as R
from rulesets.pulsar.bots import _PASSING, _Ctx
from rulesets.pulsar.engine import legal_actions
from rulesets.pulsar.view import bot_view

MAX_STEPS = 3000   # (a seeded game ends well before: a guard)


def passing_value(ctx: _Ctx, node: str) -> float:
    """What passing ``node`` is worth, as the heuristic's docstrings say: a system not the
    seat's own station, still face down or with a planet free."""
    if ctx.c.nodes[node]["kind"] != "system" or node in ctx.me["stations"]:
        return 0.0
    sysv = ctx.v["systems"][node]
    return _PASSING if not sysv["revealed"] or any(p is None for p in sysv["planets"]) else 0.0


def listed(ctx: _Ctx, at: str, steps: int, used: dict[int, int], visited: list[str],
           race: tuple[str, int] | None) -> float:
    """The best score over every path of ``steps`` segments from ``at``."""
    paths: list[list[str]] = []

    def extend(path: list[str], pos: str, left: int) -> None:
        if left == 0:
            paths.append(path)
            return
        for seg, nxt in ctx.c.adj[pos]:
            if nxt != ctx.me["gate"] and used.get(seg, 0) < ctx.c.seg_cap[seg]:
                used[seg] = used.get(seg, 0) + 1
                extend([*path, nxt], nxt, left - 1)
                used[seg] -= 1

    extend(list(visited), at, steps)
    best = float("-inf")
    for path in paths:
        end = path[-1] if len(path) > len(visited) else at
        value = ctx.node_value(end)
        value += sum(passing_value(ctx, n) for n in set(path[:-1]) - {end})
        if race:
            value += race[1] * sum(1 for n in set(path) if ctx.c.nodes[n].get("color") == race[0])
        best = max(best, value)
    return best


@pytest.mark.parametrize("players", [2, 3, 4])
def test_best_trail_is_the_best_listed_path(players):
    s = R.new_game(R.example_config(players), f"bot-trail-{players}")
    steps = checked = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        ctx = _Ctx(bot_view(s, seat), seat)
        colours = sorted({d["color"] for d in ctx.c.nodes.values() if d.get("color")})
        for a in legal_actions(s, seat):
            args: Any = None
            if a["type"] == "fly":
                # every length a die may give, and a race for each colour on the board
                # (a real race is rare in a seeded game)
                for value in range(0, 5):
                    for race in [None, *((colour, 3) for colour in colours)]:
                        args = (ctx.me["ship"], value, {}, [], race)
                        assert ctx.best_trail(*args) == listed(ctx, *args), (steps, a, value)
                        checked += 1
            elif a["type"] == "step":
                f = ctx.v["flight"]
                used = {int(k): n for k, n in f["used"].items()}
                real = None
                if f.get("race"):
                    real = (f["race"]["color"],
                            ctx.c.hq_projects[f["race"]["project"]]["race"]["vp"])
                for race in [real, *((colour, 2) for colour in colours)]:
                    args = (a["to"], max(0, f["left"] - 1), used, [*f["visited"], a["to"]],
                            race)
                    assert ctx.best_trail(*args) == listed(ctx, *args), (steps, a)
                    checked += 1
        s, _ = R.apply(s, seat, R.bot_action(s, seat, "heuristic", f"bot-trail:{steps}"))
        steps += 1
        assert steps < MAX_STEPS
    assert checked > 50        # the game reached real flights
