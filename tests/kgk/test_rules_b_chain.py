"""KGK rule coverage, section 10: the interrupt chain (order, closing, abilities and
payments on it, the trash afterwards).

Positions are scenario documents (``rulesets/kgk/SCENARIOS.md``) built from the shipped
cards; the tests act through ``legal_actions``/``apply`` and look through ``view``.
"""

from __future__ import annotations

from typing import Any

from .helpers import R, act
from .rules_b import DANI, FILL, LACI, dec, me, seat, settle
from .rules_b import asked_position as position

ORDER = "practice-kikepzesi-parancs"           # general interrupt, cost 2: draw 2 cards
COUNTER = "practice-gyakorlo-ellenparancs"     # reaction interrupt, cost 2: neutralise one


def chain(s) -> list[dict[str, Any]]:
    return R.view(s, DANI)["chain"]


def answer(s, q: int, card: int) -> list[dict[str, Any]]:
    """Play ``card`` in the open window (its one legal form)."""
    forms = [a for a in R.legal_actions(s, q) if a["type"] == "play" and a["card"] == card]
    assert forms, R.legal_actions(s, q)
    return act(s, q, forms[0])


def trash_ids(s, q: int) -> list[int]:
    return [x["id"] for x in R.view(s, DANI)["players"][q]["trash"]]


# ---------------------------------------------------------------- KG-10 the chain

def test_kg_10_4_last_played_resolves_first_and_kg_10_8_only_after_both_pass():
    """KG-10.4: the chain resolves backwards: Laci's Gyakorló ellenparancs, played on
    Dani's Kiképzési parancs, takes effect first and neutralises it, so Dani draws
    nothing (in playing order he would have drawn two). KG-10.8: nothing resolves while
    a player may still add: after Laci adds, Dani is asked, then Laci again, and only
    when both have passed does the chain resolve. KG-10.11: the resolved interrupt goes
    to its owner's trash; the neutralised one too, its credits lost (KG-10.9, KG-11.18)."""
    # Each also holds a plain card, so each is asked while the chain is open: a player
    # with an empty hand is skipped, as everybody sees he cannot answer (KG-12.3).
    s, c = position(seat(hand=[{"card": ORDER, "label": "order"}, FILL]),
                    seat(hand=[{"card": COUNTER, "label": "counter"}, FILL]))
    act(s, DANI, {"type": "play", "card": c["order"]})
    assert me(s, DANI)["credits"] == 8 and me(s, DANI)["hand_count"] == 1
    assert dec(s)["seat"] == LACI
    answer(s, LACI, c["counter"])
    assert [x["card"] for x in chain(s)] == [c["order"], c["counter"]]
    assert dec(s)["seat"] == DANI and dec(s)["kind"] == "prio"
    act(s, DANI, {"type": "pass"})
    assert len(chain(s)) == 2 and dec(s)["seat"] == LACI        # not resolved yet
    act(s, LACI, {"type": "pass"})
    assert chain(s) == []
    settle(s)
    assert me(s, DANI)["hand_count"] == 1 and me(s, DANI)["colony"] == 10   # no draw
    assert c["counter"] in trash_ids(s, LACI)
    assert c["order"] in trash_ids(s, DANI)
    assert me(s, DANI)["credits"] == 8 and me(s, LACI)["credits"] == 8


def test_kg_10_8_an_unanswered_interrupt_resolves_and_goes_to_the_trash():
    """KG-10.8 / KG-10.11: when neither adds anything the interrupt takes effect (Dani
    draws two) and then lies in its owner's trash."""
    s, c = position(seat(hand=[{"card": ORDER, "label": "order"}]), seat())
    act(s, DANI, {"type": "play", "card": c["order"]})
    settle(s)       # (both hands empty: nobody is asked, KG-12.3; it resolves at once)
    assert me(s, DANI)["hand_count"] == 2 and me(s, DANI)["colony"] == 8
    assert trash_ids(s, DANI) == [c["order"]]


def test_kg_10_1_2_an_ability_is_an_interrupt_that_can_be_neutralised():
    """KG-10.1.2 / KG-7.1.3: using an ability (Tanuló utas: turn it used for 1 credit) is
    an interrupt: it goes on the chain, the opponent may answer it, and Laci's Gyakorló
    ellenparancs neutralises it: no credit, the passenger stays used."""
    s, c = position(seat(credits=5, canteen=[{"card": "practice-tanulo-utas", "label": "utas",
                                              "paid": True}]),
                    seat(hand=[{"card": COUNTER, "label": "counter"}]))
    act(s, DANI, {"type": "ability", "card": c["utas"], "n": 0})
    assert chain(s) and chain(s)[0]["kind"] == "ability"
    assert dec(s)["seat"] == LACI
    answer(s, LACI, c["counter"])
    settle(s)
    assert me(s, DANI)["credits"] == 5
    assert R.view(s, LACI)["players"][DANI]["canteen"][0]["rot"] == 1
    # the same ability unanswered gives the credit (so the test above could fail)
    s, c = position(seat(credits=5, canteen=[{"card": "practice-tanulo-utas", "label": "utas",
                                              "paid": True}]), seat())
    act(s, DANI, {"type": "ability", "card": c["utas"], "n": 0})
    settle(s)
    assert me(s, DANI)["credits"] == 6
