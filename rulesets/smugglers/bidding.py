"""Phase 1-2: deal and reveal, simultaneous bidding, resolving the bids (A1.3.1-3, A1.5).

Real-time bidding becomes a simultaneous decision: ``to_act`` lists every seat
still bidding and the host applies actions in the order they arrive. Each action
is validated against the state at that moment (a die must still beat the top die
*now*), so arrival order is the only thing that decides a race; nothing depends on
timestamps or on which seat asked first. Fairness for bots: the host polls bot
seats in a rotating order (``matches.bots.first_of``: the first seat polled moves on
with the match's version) and the simulations, ``rulesets.smugglers.play`` and
``bench/bot_strength.py`` draw the first at random with a seeded driver RNG of their
own, so no seat is always first to a card.
"""

from __future__ import annotations

from rulesets.base import Action, Event, IllegalAction
from rulesets.smugglers.components import TABLE, is_int
from rulesets.smugglers.state import Game

DIE_FACES = range(1, 7)

# Every bidding action, each one dict built once: a legal list is made of these, shared, and
# ``rounds`` copies them only where they leave the engine (``legal_actions``, the bots'
# pick). A bidding list holds up to 22 actions and is built at every step: building its
# dicts was a third of a step's cost. PLACE[card][value - 1] puts a die of ``value``.
PLACE: tuple[tuple[Action, ...], ...] = tuple(
    tuple({"type": "place", "card": card, "value": v} for v in DIE_FACES)
    for card in range(max(t["per_galaxy"] for t in TABLE.values())))
TAKE_TOKEN: dict[int, Action] = {v: {"type": "take_token", "value": v}
                                 for v in sorted({v for t in TABLE.values() for v in t["tokens"]})}
DONE: Action = {"type": "done"}


def deal(state: Game, events: list[Event]) -> None:
    """A1.3.1: one galaxy per round, every card flipped at once (2p: 3 cards, A1.5)."""
    table = state.galaxies.pop(0)
    state.table = table
    state.bids = [[] for _ in table]
    state.winners = [None] * len(table)
    state.tokens_center = list(state.tokens_all)
    for s in state.seats:
        s.hand = 2
        s.tokens = []
        s.status = "bidding"
        s.won = []
    state.phase = "bidding"
    events.append({"type": "sectors_revealed", "round": state.round + 1,
                   "cards": list(table)})


def strength(state: Game, seat: int) -> int:
    """Card tie-break and refill limit: the token value, or the sum in 2p (A1.5)."""
    return sum(state.seats[seat].tokens)


def top_die(state: Game, card: int) -> int:
    """The die that counts on ``card``: the highest (a tower: the top one, also the
    highest); 0 on an empty sector."""
    bids = state.bids[card]
    if not bids:
        return 0
    if state.options["stacked_dice"]:
        value: int = bids[-1][1]  # a tower: only the top die counts
        return value
    value = 0
    for _, v in bids:             # (a loop: a sector holds a few dice, a generator costs more)
        if v > value:
            value = v
    return value


def min_bid(state: Game, card: int) -> int | None:
    """Lowest face that may go on ``card`` now, or None when nothing may."""
    if not state.bids[card]:
        return 1                    # (asked of every sector at every bidding step)
    top = top_die(state, card)
    if state.options["stacked_dice"]:
        return None if top >= 6 else top + 1   # a 6 cannot be overbid (A1.6 stacked dice)
    return top                      # A1.3.2: equal to or above the highest die there


def legal(state: Game, seat: int) -> list[Action]:
    """The seat's bidding actions, shared (see ``PLACE``): not to be changed."""
    s = state.seats[seat]
    out: list[Action] = []
    if s.status == "bidding" and s.hand > 0:
        for card in range(len(state.table)):
            lo = min_bid(state, card)
            if lo is not None:
                out += PLACE[card][lo - 1:]      # a die of ``lo`` or more
    if s.status in ("bidding", "taking"):
        for t in state.tokens_center:    # (a loop: a comprehension is a call of its own)
            out.append(TAKE_TOKEN[t])
    if s.status == "taking" and len(s.tokens) >= 2:
        out.append(DONE)
    return out


def apply(state: Game, seat: int, action: Action, events: list[Event]) -> None:
    s = state.seats[seat]
    kind = action.get("type")
    two = state.players == 2
    if kind == "place":
        if s.status != "bidding":
            raise IllegalAction("bidding_closed_for_seat",
                                "after taking a speed token you may not touch your dice",
                                rule="A1.3.2")
        if s.hand <= 0:
            raise IllegalAction("no_die_left", "both your dice are already placed", rule="A1.3.2")
        card, value = action.get("card"), action.get("value")
        if not is_int(card) or not 0 <= card < len(state.table):
            raise IllegalAction("no_such_card", "card must be the index of a revealed sector")
        if not is_int(value) or value not in DIE_FACES:
            raise IllegalAction("bad_die_value", "a die shows 1 to 6")
        lo = min_bid(state, card)
        if lo is None:
            raise IllegalAction("cannot_overbid_six", "a 6 on top of a tower cannot be overbid",
                                rule="A1.6 stacked dice", details={"card": card})
        if value < lo:
            stacked = state.options["stacked_dice"]
            raise IllegalAction("bid_too_low",
                                f"this sector needs a die of at least {lo}",
                                rule="A1.6 stacked dice" if stacked else "A1.3.2",
                                details={"card": card, "min": lo})
        s.hand -= 1
        state.bids[card].append((seat, value))
        events.append({"type": "die_placed", "seat": seat, "card": card, "value": value})
    elif kind == "take_token":
        value = action.get("value")
        if s.status == "done" or (s.status == "taking" and not two):
            raise IllegalAction("already_has_token", "you have already stopped bidding",
                                rule="A1.3.2")
        if not is_int(value) or value not in state.tokens_center:
            raise IllegalAction("no_such_token", "that speed token is not in the centre",
                                rule="A1.3.2", details={"centre": list(state.tokens_center)})
        state.tokens_center.remove(value)
        s.tokens.append(value)
        # 3+ players: one token and you are out. 2p: keep taking (2 or 3 tokens, A1.5).
        s.status = "taking" if two and len(s.tokens) < 3 else "done"
        events.append({"type": "token_taken", "seat": seat, "value": value})
    elif kind == "done":
        if not two:
            raise IllegalAction("no_such_action", "'done' is only for the two-player game",
                                rule="A1.5")
        if s.status != "taking" or len(s.tokens) < 2:
            raise IllegalAction("must_take_two_tokens",
                                "in the two-player game you stop by taking 2 or 3 tokens",
                                rule="A1.5")
        s.status = "done"
        events.append({"type": "stopped_taking", "seat": seat})
    else:
        raise IllegalAction("wrong_phase_action", f"'{kind}' is not a bidding action")


def over(state: Game) -> bool:
    """A1.3.2: bidding ends the moment a single token is left in the centre."""
    return len(state.tokens_center) == 1


def finish(state: Game, events: list[Event]) -> None:
    """Hand out the last token, then resolve every card (A1.3.2-3)."""
    seats = state.seats
    # 3+: the one seat without a token; 2p: the seat holding fewer (counts never tie, 4 tokens).
    last = 0
    for i, s in enumerate(seats):
        if len(s.tokens) < len(seats[last].tokens):
            last = i
    value = state.tokens_center.pop()
    seats[last].tokens.append(value)
    events.append({"type": "token_given", "seat": last, "value": value})
    for s in seats:
        s.status = "done"
    for card, bids in enumerate(state.bids):
        cid = state.table[card]
        if not bids:
            state.discarded.append(cid)       # no dice: back to the box (seen by all)
            events.append({"type": "sector_removed", "card": card, "id": cid})
            continue
        top = top_die(state, card)
        if state.options["stacked_dice"]:
            winner = bids[-1][0]
        else:
            # Tie between players: the higher speed token (2p: token sum) wins. Two seats'
            # never tie: 3+ hold one token each, all different; 2p split a sum of 3.
            winner = -1
            for p, v in bids:
                if v == top and (winner < 0 or strength(state, p) > strength(state, winner)):
                    winner = p
        state.winners[card] = winner
        seats[winner].won.append(card)
        events.append({"type": "sector_won", "card": card, "id": cid, "seat": winner,
                       "value": top})
