"""KGK rules, section 10: The interrupt chain (megszakítások) (``docs/rules/kgk/10-chain.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

from typing import Any

from rulesets.kgk import RULESET as R
from rulesets.kgk.state import armor_now, val

from .asked_positions import DANI, FILL, LACI, dec, me, seat, settle
from .asked_positions import asked_position as position
from .early_games import A, B, bomb_setup, on_table, pass_prio, setup, until_main
from .helpers import act

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


def test_kg_10_7_defender_may_respond_before_the_bombardment_lands():
    """KG-10.7 (combat and reaction interrupts in every combat step) and KG-10.2 (an
    interrupt answers an action before it takes effect): the declared bombardment opens a
    window for the defender, who destroys the only bomber; nothing is bombarded.
    (The bombardment: KG-9.8.)"""
    s, d, k = bomb_setup(["Űrcápa célbaütés-gyakorlat"], auto_pass=False)
    shot = on_table(s, B, "Űrcápa célbaütés-gyakorlat", "hand")
    n = len(s["p"][B]["colony"])
    act(s, A, {"type": "attack", "target": "colony"})
    while s["dec"]["kind"] == "prio":                # the target window (KG-9.4.2)
        act(s, s["dec"]["seat"], {"type": "pass"})
    act(s, A, {"type": "commit", "ship": k})
    until_main(s)                                    # the designation's window (KG-4.7.1)
    act(s, A, {"type": "done"})
    while s["dec"]["kind"] != "bomb":                # B equips nothing, both pay nothing
        seat = s["dec"]["seat"]
        legal = R.legal_actions(s, seat)
        act(s, seat, next(a for a in legal if a["type"] in ("pass", "done")))
    act(s, A, {"type": "bomber", "ship": k})
    until_main(s)                                    # the designation's window (KG-4.7.1)
    act(s, A, {"type": "bombard"})
    assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == B
    act(s, B, {"type": "play", "card": shot, "target": k})
    while s["dec"] and s["dec"]["kind"] == "prio":
        act(s, s["dec"]["seat"], {"type": "pass"})
    assert s["cards"][k]["z"] == "trash"
    assert len(s["p"][B]["colony"]) == n             # the bombardment never landed


def test_kg_10_7_subtype_windows():
    s = setup(["Gyakorló találat", "Kiképzési parancs", "Gyakorló ellenparancs",
               "Kiképző Kolibri"], [])
    hit = on_table(s, A, "Gyakorló találat", "hand")
    order = on_table(s, A, "Kiképzési parancs", "hand")
    on_table(s, A, "Kiképző Kolibri")
    playable = {a["card"] for a in R.legal_actions(s, A) if a["type"] == "play"}
    assert order in playable and hit not in playable      # general yes, combat no (main)


def test_kg_10_3_interrupts_in_the_opponents_turn_and_priority_passes():
    s = setup(["Célgyakorlat", "Kiképző Kolibri"], ["Zarg zavaró gyakorlat", "Kiképző Kolibri"],
              auto_pass=False)
    ev = on_table(s, A, "Célgyakorlat", "hand")
    zz = on_table(s, B, "Zarg zavaró gyakorlat", "hand")
    bk = on_table(s, B, "Kiképző Kolibri")
    act(s, A, {"type": "play", "card": ev, "target": bk})
    assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == B
    item = s["chain"][0]["u"]
    act(s, B, {"type": "play", "card": zz, "target": item})
    assert s["dec"]["seat"] == A                           # priority passes after each play
    act(s, A, {"type": "pass"})
    act(s, B, {"type": "pass"})
    assert s["cards"][bk]["z"] == "hangar" and armor_now(s, bk) == 1   # neutralised
    assert s["p"][A]["cr"] == 17 and s["p"][B]["cr"] == 18             # costs lost (KG-10.9)


def test_kg_10_10_lost_target_leaves_without_effect():
    s = setup(["Célgyakorlat", "Célgyakorlat", "Kiképző Kolibri"], ["Kiképző Kolibri"],
              auto_pass=False)
    e1 = on_table(s, A, "Célgyakorlat", "hand")
    e2 = on_table(s, A, "Célgyakorlat", "hand", k=1)
    bk = on_table(s, B, "Kiképző Kolibri")
    # A plays two events at the same ship; the later resolves first and kills it
    act(s, A, {"type": "play", "card": e1, "target": bk})
    act(s, B, {"type": "pass"})
    # the chain for e1 closes when A passes; play e2 from a new declaration instead
    ev = act(s, A, {"type": "pass"})
    assert any(e["type"] == "resolved" for e in ev) and s["cards"][bk]["z"] == "trash"
    assert not any(a.get("card") == e2 for a in R.legal_actions(s, A)
                   if a["type"] == "play")                                  # no target


def test_kg_10_1_3_payment_counts_as_an_interrupt_and_can_be_neutralised():
    s = setup(["Kiképző lézerágyú", "Kiképző Kolibri"], ["Gyakorló ellenparancs"])
    k = on_table(s, A, "Kiképző Kolibri")
    gun = on_table(s, A, "Kiképző lézerágyú", "att", ship=k, paid=False)
    counter = on_table(s, B, "Gyakorló ellenparancs", "hand")
    act(s, A, {"type": "pay", "card": gun})
    assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == B
    item = s["chain"][0]["u"]
    act(s, B, {"type": "play", "card": counter, "target": item})
    assert s["cards"][gun]["z"] == "trash" and s["p"][A]["cr"] == 18   # leaves play, no refund
    assert val(s, k, "firepower") == 1


def test_kg_10_6_own_sequence_resolves_last_in_first_out():
    s = setup(["Gyakorló segélyszállítmány", "Kiképzési parancs"], [], auto_pass=False)
    ev = on_table(s, A, "Gyakorló segélyszállítmány", "hand")
    order = on_table(s, A, "Kiképzési parancs", "hand")
    act(s, A, {"type": "play", "card": ev})
    act(s, B, {"type": "pass"})
    events = act(s, A, {"type": "play", "card": order})
    act(s, B, {"type": "pass"})
    events = act(s, A, {"type": "pass"})
    resolved = [e["card"] for e in events if e["type"] == "resolved"]
    assert resolved == [order, ev]


def test_kg_10_10_card_whose_target_left_resolves_without_effect():
    """Its cost is lost (KG-12.9)."""
    s = setup(["Gyakorló találat", "Oktató Sólyom"],
              ["Űrcápa célbaütés-gyakorlat", "Kiképző Kolibri"], auto_pass=False)
    hit = on_table(s, A, "Gyakorló találat", "hand")
    f = on_table(s, A, "Oktató Sólyom")
    strike = on_table(s, B, "Űrcápa célbaütés-gyakorlat", "hand")
    k = on_table(s, B, "Kiképző Kolibri")
    act(s, A, {"type": "attack", "target": "colony"})
    while s["dec"]["kind"] == "prio":
        act(s, s["dec"]["seat"], {"type": "pass"})
    act(s, A, {"type": "commit", "ship": f})
    until_main(s)                                    # the designation's window (KG-4.7.1)
    act(s, A, {"type": "done"})
    act(s, B, {"type": "commit", "ship": k})
    until_main(s)
    act(s, B, {"type": "done"})
    pass_payments = [{"type": "done"}]
    while s["dec"]["kind"] == "pay":
        act(s, s["dec"]["seat"], pass_payments[0])
    # B's Kolibri (speed 5) fires first; in the window A plays +2 firepower on the
    # Kolibri (any participating ship), B answers by destroying it: the +2 loses its target.
    assert s["dec"]["kind"] == "fire" and s["dec"]["seat"] == B
    act(s, B, {"type": "fire", "ship": k, "target": f})
    act(s, A, {"type": "no_return"})
    assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == A     # answering B's shot
    act(s, A, {"type": "play", "card": hit, "target": k})
    act(s, B, {"type": "play", "card": strike, "target": k})
    act(s, A, {"type": "pass"})
    ev = act(s, B, {"type": "pass"})
    kinds = [(e["type"], e.get("card"), e.get("why")) for e in ev
             if e["type"] in ("resolved", "no_effect")]
    assert kinds[0] == ("resolved", strike, None)
    assert kinds[1] == ("no_effect", hit, "target_lost")
    assert s["cards"][k]["z"] == "trash" and s["cards"][hit]["z"] == "trash"
    assert s["p"][A]["cr"] == 19                       # its cost is lost (KG-12.9)


def test_kg_10_7_combat_and_reaction_windows():
    """A combat interrupt may be played right after the target is named (KG-9.4.2)."""
    s = setup(["Gyakorló találat", "Oktató Sólyom"], ["Zarg vészpajzs", "Kiképző Kolibri"],
              auto_pass=False)
    hit = on_table(s, A, "Gyakorló találat", "hand")
    f = on_table(s, A, "Oktató Sólyom")
    shield = on_table(s, B, "Zarg vészpajzs", "hand")
    k = on_table(s, B, "Kiképző Kolibri")
    # main phase: A's combat interrupt is not playable; B's reaction answers any window
    assert not any(a.get("card") == hit for a in R.legal_actions(s, A) if a["type"] == "play")
    act(s, A, {"type": "attack", "target": "colony"})
    assert s["dec"] == {"kind": "prio", "ctx": "target", "seat": B, "passes": 0}
    assert {"type": "play", "card": shield, "target": k} in R.legal_actions(s, B)
    act(s, B, {"type": "pass"})
    # A may play the combat interrupt in the target window (KG-9.4.2)
    assert {"type": "play", "card": hit, "target": f} not in R.legal_actions(s, A)  # not yet in
    act(s, A, {"type": "pass"})
    act(s, A, {"type": "commit", "ship": f})
    # the designation opens a window (KG-4.7.1: reaction "bármikor"): B's reaction and A's
    # combat interrupt may answer it; both pass
    assert s["dec"] == {"kind": "prio", "ctx": "combat", "seat": B, "passes": 0}
    assert {"type": "play", "card": shield, "target": k} in R.legal_actions(s, B)
    until_main(s)
    # in the equip step the combat interrupt is playable (participating target)
    assert {"type": "play", "card": hit, "target": f} in R.legal_actions(s, A)
    act(s, A, {"type": "play", "card": hit, "target": f})
    assert s["dec"]["kind"] == "prio" and s["dec"]["ctx"] == "combat"
    act(s, B, {"type": "pass"})
    act(s, A, {"type": "pass"})
    assert val(s, f, "firepower") == 4 and s["dec"]["kind"] == "equip"
    # end phase: the reaction window (KG-10.7: reaction only)
    act(s, A, {"type": "done"})
    act(s, B, {"type": "done"})
    while s["dec"]["kind"] in ("pay", "prio"):
        act(s, s["dec"]["seat"], {"type": "done"} if s["dec"]["kind"] == "pay"
            else {"type": "pass"})
    while s["dec"]["kind"] == "bomb":
        act(s, A, {"type": "bombard"})
    act(s, A, {"type": "end_turn"})
    assert s["dec"]["kind"] == "prio" and s["dec"]["ctx"] == "end"


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


def test_kg_10_7_windows_after_every_action_with_auto_pass_off():
    """With auto-pass off every seat that holds a card is asked after a draw, a
    development, a face-down play and a designation (KG-10.7: reaction interrupts in
    every phase and step; KG-12.3: whether it is asked never depends on what it holds)."""
    # (setup gives each seat a filler card in hand without auto-pass: B holds a card,
    # but no interrupt)
    s = setup(["Tanműhely", "Oktatótiszt", "Kiképző Kolibri"], ["Kiképző Szúnyog"],
              cr=(5, 5), auto_pass=False)
    base = on_table(s, A, "Tanműhely", "surface", paid=False)
    crew = on_table(s, A, "Oktatótiszt", "hand")
    att = on_table(s, A, "Kiképző Kolibri")
    on_table(s, B, "Kiképző Szúnyog")
    for a in ({"type": "develop", "base": base}, {"type": "draw"},
              {"type": "place", "card": crew, "as": "crew"}):
        ev = act(s, A, a)
        assert s["dec"]["kind"] == "prio" and s["dec"]["ctx"] == "main"
        assert s["dec"]["seat"] == B, a
        assert R.legal_actions(s, B) == [{"type": "pass"}]
        pass_prio(s)
        assert s["dec"] == {"kind": "main", "seat": A}
    assert ev[0]["type"] == "place" and "card" not in R.event_view(ev[0], B)
    act(s, A, {"type": "attack", "target": "colony"})
    pass_prio(s)
    act(s, A, {"type": "commit", "ship": att})
    assert s["dec"]["kind"] == "prio" and s["dec"]["ctx"] == "combat"
    assert s["dec"]["seat"] == B
    pass_prio(s)
    assert s["dec"] == {"kind": "equip", "seat": A}
