"""Glicko-2, step by step as in Mark Glickman's "Example of the Glicko-2 system" (2013).

Each function is one of the paper's steps, named for it, so the code can be read beside the
paper. Ratings are kept on the familiar Glicko scale (1500 / 350) and converted to the
Glicko-2 scale (mu / phi) only inside `rate`. A match is its own rating period (as Lichess
does), so a rating moves after every rated match; `idle` is the step for a period in which a
player played nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# Step 1 of the paper: a new player's rating, deviation and volatility.
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06

# The system constant tau constrains how fast volatility changes; the paper suggests 0.3-1.2
# and uses 0.5 in its example.
DEFAULT_TAU = 0.5

# Glicko-2 scale factor (step 2): 400 / ln(10).
SCALE = 173.7178

# The paper's convergence tolerance for the volatility iteration (step 5).
EPSILON = 0.000001

# A rating is shown as provisional until this many rated games (the rule; Lichess uses
# the deviation instead, but a count is easier to explain to a player).
PROVISIONAL_GAMES = 10

# A deviation never grows past a new player's: a long absence makes you "unknown", no more.
MAX_DEVIATION = START_DEVIATION


@dataclass(frozen=True)
class Rating:
    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


@dataclass(frozen=True)
class Game:
    """One game of the period: the opponent's rating before it, and the score (1, 0.5, 0)."""

    opponent: Rating
    score: float


def is_provisional(games_rated: int) -> bool:
    return games_rated < PROVISIONAL_GAMES


def _to_glicko2(r: Rating) -> tuple[float, float]:
    """Step 2: mu and phi on the Glicko-2 scale."""
    return (r.rating - START_RATING) / SCALE, r.deviation / SCALE


def _g(phi: float) -> float:
    """Step 3's g(phi): how much an opponent's uncertainty dampens the game's weight."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    """Step 3's E(mu, mu_j, phi_j): the expected score against opponent j."""
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois variant of regula falsi (the paper's)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)
                / (2.0 * (phi * phi + v + ex) ** 2)) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def idle(player: Rating) -> Rating:
    """A rating period without games: only the deviation grows (the paper's closing remark)."""
    _, phi = _to_glicko2(player)
    phi_star = math.sqrt(phi * phi + player.volatility * player.volatility)
    return Rating(player.rating, min(phi_star * SCALE, MAX_DEVIATION), player.volatility)


def rate(player: Rating, games: list[Game], tau: float = DEFAULT_TAU) -> Rating:
    """Steps 2-8: the player's rating after one rating period with these games."""
    if not games:
        return idle(player)
    mu, phi = _to_glicko2(player)
    opponents = [(_to_glicko2(game.opponent), game.score) for game in games]
    # Step 3: the estimated variance v of the rating from the game outcomes alone.
    weighted = [(_g(phi_j), _expected(mu, mu_j, phi_j), s) for (mu_j, phi_j), s in opponents]
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in weighted)
    # Step 4: the estimated improvement delta.
    improvement = sum(g * (s - e) for g, e, s in weighted)
    delta = v * improvement
    # Step 5: the new volatility.
    sigma = _new_volatility(player.volatility, phi, v, delta, tau)
    # Step 6: the pre-period deviation.
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    # Step 7: the new deviation and rating.
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    # Step 8: back to the Glicko scale.
    return Rating(new_mu * SCALE + START_RATING, min(new_phi * SCALE, MAX_DEVIATION), sigma)
