"""What a seat (or a spectator) may see (base protocol: the only door out).

Hidden: the face-down galaxies still to come and the cards left in the box
(A1.2: unused cards go back unseen), and the RNG state. Views show only their
counts. Everything else is on the table for all: revealed sectors and the dice
on them, tokens, every supply, boards, paid piles. Face-down unpaid cards were
revealed face up in the middle before being lost, so they stay visible too.
"""

from __future__ import annotations

from typing import Any

from rulesets.base import Event
from rulesets.smugglers import scoring
from rulesets.smugglers.state import Game


def _card(state: Game, cid: str) -> dict[str, Any]:
    return dict(state.components["cards"][cid])


def _favourites(state: Game, board: dict[str, Any], key: str) -> list[Any]:
    """A character board's favourites, shown when a variant uses them."""
    opts = state.options
    show = opts["stations"] or opts["favourite_ships"] or opts["favourite_goods"]
    return list(board.get(key, [])) if show else []


def _table(state: Game, copy_cards: bool = True) -> list[dict[str, Any]]:
    """The revealed sectors with the dice on them (and, after the bidding, who won each);
    the cards copied unless ``copy_cards`` is false (the printed cards then shared, to be
    read only)."""
    cards = state.components["cards"]
    return [{"index": i, "card": dict(cards[cid]) if copy_cards else cards[cid],
             "dice": [list(b) for b in state.bids[i]],
             "winner": state.winners[i] if state.phase != "bidding" else None}
            for i, cid in enumerate(state.table)]


def _round(state: Game) -> int:
    """The round as players count it (the last one's number once the game is over)."""
    value: int = state.round + (0 if state.phase == "over" else 1)
    return value


def view(state: Game, seat: int | None, to_act: list[int]) -> dict[str, Any]:
    comps = state.components
    opts = state.options
    seats = []
    for i, s in enumerate(state.seats):
        board = comps["characters"][s.character]
        seats.append({
            "seat": i,
            "colour": board["colour"],
            "favourite_planets": _favourites(state, board, "favourite_planets"),
            "favourite_ships": _favourites(state, board, "favourite_ships"),
            "energy": s.energy,
            "goods": dict(s.goods),
            "dice_in_hand": s.hand,
            "tokens": list(s.tokens),
            "status": s.status,
            "paid": [_card(state, c) for c in s.paid],
            "unpaid": [_card(state, c) for c in s.unpaid],
            "won": list(s.won),
            "choose_energy": s.choose_energy,
            "goods_due": list(s.goods_due),
            "resigned": s.resigned,
        })
    out: dict[str, Any] = {
        "game": "smugglers",
        "seat": seat,
        "players": state.players,
        "options": dict(opts),
        "components": {"name": comps["name"], "standin": comps["standin"],
                       "label": comps["label"], "goods_colours": list(comps["goods_colours"]),
                       "planet_colours": list(comps["planet_colours"])},
        "round": _round(state),
        "rounds": state.rounds,
        "phase": state.phase,
        "galaxies_left": len(state.galaxies),
        "cards_per_galaxy": len(state.galaxies[0]) if state.galaxies else len(state.table),
        "box_unseen": len(state.box),
        "removed": [_card(state, c) for c in state.discarded],
        "table": _table(state),
        "tokens_center": list(state.tokens_center),
        "tokens_all": list(state.tokens_all),
        "pool": {"energy": state.pool.energy, "goods": dict(state.pool.goods)},
        "seats": seats,
        "refill_order": list(state.refill_order),
        "to_act": list(to_act),
    }
    if state.phase == "over":
        out["scores"] = scoring.breakdown(state)
    return out


# The keys of a seat's own entry the heuristic bot reads (``bots.py``).
BOT_SEAT_KEYS = ("favourite_planets", "energy", "goods", "tokens", "status")


def bot_view(state: Game, seat: int, table: bool = True) -> dict[str, Any]:
    """The part of ``view(state, seat, ...)`` the heuristic bot reads, built alone: the
    phase, the options, the round, the table, and of the seat's own entry the keys in
    ``BOT_SEAT_KEYS`` (the other seats' entries are empty). Its values are the view's,
    so it shows nothing the view hides; it leaves out every seat's paid and unpaid cards
    and the removed ones, which the view copies card by card and a search's playouts
    would build at every step, and shares the table's printed cards, the options and
    the seat's goods and tokens instead of copying them (the heuristic only reads).
    Without ``table`` it leaves the table out too, for the heuristic's choices that read
    none (``bots.reads_table``). ``tests/smugglers/test_bot_view.py`` checks it against
    ``view`` at every decision of seeded games, and that choosing leaves the state as it
    was."""
    s = state.seats[seat]
    board = state.components["characters"][s.character]
    own = {"favourite_planets": _favourites(state, board, "favourite_planets"),
           "energy": s.energy, "goods": s.goods, "tokens": s.tokens, "status": s.status}
    out = {"seat": seat, "options": state.options, "round": _round(state),
           "rounds": state.rounds, "phase": state.phase}
    if table:
        out["table"] = _table(state, copy_cards=False)
    out["seats"] = [own if i == seat else {} for i in range(len(state.seats))]
    return out


def event_view(event: Event, seat: int | None) -> Event | None:
    # Events never carry hidden information: reveals are public the moment they happen.
    return dict(event)
