"""Phase 3: paying for won sectors (A1.3.4).

Energy first: the sum of the winning dice (a won 6 costs 10 with stacked dice).
A seat that cannot pay both of its cards chooses which one to pay; the other is
lost face down. Then goods: one good per ship, colour-matched, the cruiser takes
any colour, and one good per card may be skipped. A card whose goods cannot be
paid even after skipping is lost too. Payments are independent between seats,
so every seat with a pending choice may act at once, in any order.

Forced steps are applied automatically (nothing to choose): paying energy that
covers every card, losing cards nobody could pay, paying a ship-less card, or the
only possible goods payment for a seat's only remaining card.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rulesets.base import Action, Event, IllegalAction
from rulesets.smugglers.bidding import top_die
from rulesets.smugglers.components import CRUISER, count_tree, is_int, within
from rulesets.smugglers.state import Game


def cost(state: Game, card: int) -> int:
    value = top_die(state, card)    # the winner's die
    if state.options["stacked_dice"] and value == 6:
        return 10                    # A1.6 stacked dice: an unbeatable 6 costs 10 energy
    return value


@lru_cache(maxsize=65536)
def _options(ships: tuple[str, ...], held: tuple[tuple[str, int], ...]) -> tuple[
        tuple[tuple[str, int], ...], ...]:
    """Every goods multiset that pays ``ships`` from ``held`` (A1.3.4): each ship takes
    at most one good of its colour (cruiser: any), at most one ship unserved. In the order
    of the counts per colour, the first colour's slowest. Remembered as asked (the bots ask
    it for every bid they weigh); a supply not met before walks the card's payments,
    listed once, down to what it holds (``components.within``)."""
    tree = _payment_tree(ships, tuple(c for c, _ in held))
    return tuple(within(tree, [h for _, h in held]))


@lru_cache(maxsize=1024)
def _payment_tree(ships: tuple[str, ...], colours: tuple[str, ...]) -> Any:
    """Every goods payment for ``ships`` whatever is held, as (colour, count) pairs of the
    colours paid, in a ``components.count_tree``: listed once per card."""
    own = tuple(ships.count(c) for c in colours)
    return count_tree([(counts, tuple((c, g) for c, g in zip(colours, counts, strict=True) if g))
                       for counts in _serving(own, ships.count(CRUISER), 1)])


@lru_cache(maxsize=1024)
def _serving(own: tuple[int, ...], cruisers: int, unserved: int) -> tuple[tuple[int, ...], ...]:
    """The counts per colour of the goods that pay ships of ``own`` per colour and
    ``cruisers`` with at most ``unserved`` ship left without its good (A1.3.4): a colour
    gives one good per ship of its colour, one fewer if that is the ship left unserved, and
    any more go on cruisers; a cruiser left empty is the ship unserved. In the order of the
    counts, the first colour's slowest."""
    if not own:
        return ((),) if cruisers <= unserved else ()
    mine = own[0]
    out: list[tuple[int, ...]] = []
    for g in range(max(0, mine - unserved), mine + cruisers + 1):
        short, extra = max(0, mine - g), max(0, g - mine)
        out += [(g, *rest) for rest in _serving(own[1:], cruisers - extra, unserved - short)]
    return tuple(out)


def _payments_for(state: Game, seat: int, card: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every goods payment ``seat`` may make for ``card`` (``_options``), to be read
    only."""
    ships = tuple(state.components["cards"][state.table[card]]["ships"])
    held = tuple(state.seats[seat].goods.items())
    return _options(ships, held)


def _lose(state: Game, seat: int, card: int, reason: str, events: list[Event]) -> None:
    state.seats[seat].unpaid.append(state.table[card])
    events.append({"type": "sector_lost", "seat": seat, "card": card,
                   "id": state.table[card], "reason": reason})


def _pay_energy(state: Game, seat: int, card: int, events: list[Event]) -> None:
    c = cost(state, card)
    state.seats[seat].energy -= c
    state.pool.energy += c
    state.seats[seat].goods_due.append(card)
    events.append({"type": "energy_paid", "seat": seat, "card": card, "amount": c})


def _pay_goods(state: Game, seat: int, card: int, goods: dict[str, int],
               events: list[Event]) -> None:
    s = state.seats[seat]
    for colour, n in goods.items():
        s.goods[colour] -= n
        state.pool.goods[colour] += n
    s.goods_due.remove(card)
    s.paid.append(state.table[card])
    events.append({"type": "goods_paid", "seat": seat, "card": card,
                   "id": state.table[card], "goods": dict(goods)})


def start(state: Game, events: list[Event]) -> None:
    state.phase = "payment"
    for seat, s in enumerate(state.seats):
        won = s.won
        if not won:
            continue
        costs = {card: cost(state, card) for card in won}
        if sum(costs.values()) <= s.energy:
            for card in won:
                _pay_energy(state, seat, card, events)
        else:
            can = [card for card in won if costs[card] <= s.energy]
            if len(can) >= 2:
                s.choose_energy = True    # A1.3.4: you choose which one to pay
                continue
            for card in won:
                if card in can:
                    _pay_energy(state, seat, card, events)
                else:
                    _lose(state, seat, card, "energy", events)
        settle(state, seat, events)


def settle(state: Game, seat: int, events: list[Event]) -> None:
    """Apply the goods steps that leave nothing to choose."""
    s = state.seats[seat]
    changed = True
    while changed and s.goods_due and not s.choose_energy:
        changed = False
        for card in list(s.goods_due):
            # (counted and read as the remembered pairs: a dict for each way to pay only
            # to count them was a twelfth of a game)
            opts = _payments_for(state, seat, card)
            if not opts:
                s.goods_due.remove(card)
                if state.options["refund_on_goods_failure"]:
                    c = cost(state, card)
                    s.energy += c
                    state.pool.energy -= c
                _lose(state, seat, card, "goods", events)
                changed = True
            elif opts == ((),) or (len(opts) == 1 and len(s.goods_due) == 1):
                _pay_goods(state, seat, card, dict(opts[0]), events)
                changed = True


def pending(state: Game, seat: int) -> bool:
    s = state.seats[seat]
    return s.choose_energy or bool(s.goods_due)


def settled(state: Game) -> bool:
    """Whether no seat has a payment pending: the phase is over."""
    for seat in range(len(state.seats)):  # noqa: SIM110  (no generator: asked after every payment)
        if pending(state, seat):
            return False
    return True


@lru_cache(maxsize=64)
def _pay_energy_action(card: int) -> Action:
    return {"type": "pay_energy", "card": card}


@lru_cache(maxsize=65536)
def _pay_goods_actions(card: int, ships: tuple[str, ...],
                       held: tuple[tuple[str, int], ...]) -> tuple[Action, ...]:
    """``pay_goods`` for every way of ``_options``, each a dict built once, as the bidding's
    actions are (``bidding.PLACE``)."""
    return tuple({"type": "pay_goods", "card": card, "goods": dict(o)}
                 for o in _options(ships, held))


def legal(state: Game, seat: int) -> list[Action]:
    """The seat's payments, shared (see ``_pay_goods_actions``): not to be changed."""
    s = state.seats[seat]
    if s.choose_energy:
        return [_pay_energy_action(c) for c in s.won]
    cards = state.components["cards"]
    held = tuple(s.goods.items())
    out: list[Action] = []
    for c in s.goods_due:
        out += _pay_goods_actions(c, tuple(cards[state.table[c]]["ships"]), held)
    return out


def _goods_arg(raw: object, colours: list[str]) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise IllegalAction("bad_goods", "goods must be an object colour -> count")
    out: dict[str, int] = {}
    for colour, n in raw.items():
        if colour not in colours:
            raise IllegalAction("bad_goods", f"unknown goods colour '{colour}'")
        if not is_int(n) or n <= 0:
            raise IllegalAction("bad_goods", "goods counts are positive integers "
                                "(leave out colours you do not give)")
        out[colour] = n
    return out


def apply(state: Game, seat: int, action: Action, events: list[Event]) -> None:
    s = state.seats[seat]
    kind = action.get("type")
    card = action.get("card")
    if kind == "pay_energy":
        if not s.choose_energy:
            raise IllegalAction("no_energy_choice", "you have no energy choice to make",
                                rule="A1.3.4")
        if not is_int(card) or card not in s.won:
            raise IllegalAction("not_your_sector", "choose one of the sectors you won",
                                rule="A1.3.4", details={"won": list(s.won)})
        s.choose_energy = False
        for other in s.won:
            if other == card:
                _pay_energy(state, seat, card, events)
            else:
                _lose(state, seat, other, "energy", events)
        settle(state, seat, events)
    elif kind == "pay_goods":
        if s.choose_energy:
            raise IllegalAction("energy_first", "choose which sector to pay energy for first",
                                rule="A1.3.4")
        if not is_int(card) or card not in s.goods_due:
            raise IllegalAction("no_goods_due", "no goods are due on that sector",
                                rule="A1.3.4", details={"due": list(s.goods_due)})
        goods = _goods_arg(action.get("goods"), state.components["goods_colours"])
        # Asked as the remembered pairs, in the order of the seat's goods: no dict is made
        # for every way to pay.
        paid = tuple((c, goods[c]) for c in s.goods if c in goods)
        if paid not in _payments_for(state, seat, card):
            for colour, n in goods.items():
                if n > s.goods[colour]:
                    raise IllegalAction("insufficient_goods", f"you hold too few {colour} goods",
                                        rule="A1.3.4")
            raise IllegalAction("goods_do_not_match",
                                "one good per ship, colour-matched (cruiser: any colour); "
                                "at most one good per sector may be skipped", rule="A1.3.4")
        _pay_goods(state, seat, card, goods, events)
        settle(state, seat, events)
    else:
        raise IllegalAction("wrong_phase_action", f"'{kind}' is not a payment action")
