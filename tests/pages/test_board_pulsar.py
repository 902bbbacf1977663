"""The Pulsar 2849 board in real Chromium: a whole game against a bot at 1280×800 and at
390×844, played by clicking the board's components the way a person would (a die, then the
technology, the gyrodyne pile, the map node…), never the fallback list of buttons.

Along the way the board must show what the seat's view holds, the page must never scroll
sideways, and no raw engine key may reach the screen. One browser per module."""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest

from matches import store
from matches.bot_kinds import BOT_KINDS
from matches.models import Match
from rulesets import registry
from tests.support.pages import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RS = registry.get("pulsar")

# Engine words that must never be visible on the Hungarian page: action and event types,
# pending-decision kinds and field names of the view. Matched as whole, case-sensitive
# words ("HQ" and "teleport" are fine in Hungarian, so they are not listed).
RAW_KEYS_HU = [
    "choose_gate", "choose_hq_side", "draft", "fly", "step", "take_gyro", "finish_gyro",
    "take_tx", "pay_tx", "buy_mod", "double", "copy", "build", "connect", "end_turn",
    "station", "system_bonus", "claim", "choose_gyro", "choose_isolated", "joint_die",
    "choose_goal", "buy_goal_bonus", "finish_scoring", "patent", "reassign", "pay_goods",
    "gate", "hq_side", "roll", "phase", "spend", "flight", "reveal", "explore_draw", "score",
    "cubes", "gyro_taken", "spin", "award", "turn_order", "tx_display", "tx_take", "tx_pay",
    "tx_active", "tx_connect", "tx_standalone", "bonus_die", "bonus_die_lost", "dice_unused",
    "goal_bonus", "game_over", "pending", "setup_queue", "leftover", "median", "stack_letters",
    "gyro_supply", "tech_boards", "hq_done", "races_used", "bonus_taken", "doublers_used",
    "vp_per", "per_round", "once_per_round", "patent_die", "flight_boost", "extra_stations",
    "isolated_pulsar", "keep_station", "cube_for_vp", "two_different", "most_points",
    "turn_order_further_back", "initiative", "engineering", "small", "medium", "large",
    "spinning", "standalone", "null", "undefined", "NaN", "object Object",
]
# On the English page English words are right; underscored keys and raw values are not.
RAW_KEYS_EN = [k for k in RAW_KEYS_HU if "_" in k or k in ("null", "undefined", "NaN",
                                                            "object Object")]


def raw_keys_shown(text: str, keys: list[str]) -> list[str]:
    return [k for k in keys if re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", text)]



def new_page(browser, width: int, height: int):
    context = browser.new_context(locale="hu-HU", viewport={"width": width, "height": height})
    pg = context.new_page()
    pg.set_default_timeout(15000)
    return context, pg


def state_of(match_id: int):
    data = Match.objects.get(pk=match_id).state_json()
    assert data is not None
    return RS.from_json(data)


def assert_fits(pg) -> None:
    assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), \
        pg.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")


def assert_board_shows_the_view(pg, view: dict, names: list[str]) -> None:
    """A count or a name per zone, read from the drawn board, equals the seat's view."""
    assert pg.inner_text("#pz-round") == str(view["round"])
    assert pg.locator(".pz-system:not(.hidden)").count() == sum(
        1 for s in view["systems"].values() if s["revealed"])
    assert pg.locator(".pz-ship").count() == sum(1 for p in view["players"] if p["ship"])
    assert pg.locator(".pz-ruler .pz-die").count() == len(view["dice"]["pool"])
    for size, n in view["gyro_supply"].items():
        assert pg.inner_text(f"[data-gyro-supply={size}]") == str(n)
    for seat, p in enumerate(view["players"]):
        panel = pg.locator(f".pz-player[data-seat='{seat}']")
        assert names[seat] in panel.locator("h3").inner_text()
        assert panel.locator(".pz-vp").inner_text() == str(p["vp"])
        assert panel.locator(".pz-cubes").inner_text() == str(p["cubes"])
        assert panel.locator(".pz-nstations").inner_text() == str(len(p["stations"]))
        assert panel.locator(".pz-npulsars").inner_text() == str(len(p["pulsars"]))
    owned = sum(len(p["pulsars"]) for p in view["players"])
    assert pg.locator(".pz-node.k-pulsar circle[stroke-width='4']").count() == owned
    # the technologies' Hungarian names, and who patented them
    for tid, rec in view["techs"].items():
        for seat in rec["by"]:
            chips = pg.locator(f".pz-player[data-seat='{seat}'] .pz-chip").all_inner_texts()
            assert pg.locator(f"[data-tech='{tid}'] b").inner_text() in chips
    offered = [t for t in view["tx"]["display"] if t]
    assert pg.locator("#pz-tx [data-slot]").count() == len(offered)
    # the stack lies face up: its top tile is drawn (not on offer, nothing to click), and its count
    top = view["tx"]["top"]
    assert pg.locator("#pz-txtop").count() == (1 if top else 0)
    if top:
        assert pg.get_attribute("#pz-txtop", "data-tile") == top
        assert pg.locator("#pz-txtop [data-t]").count() == 0
    assert pg.inner_text("#pz-txcount") == str(view["tx"]["stack"])


def play_by_clicking(pg, match_id: int, names: list[str], check_every: int,
                     max_clicks: int = 1500) -> int:
    """Seat 0 plays what the heuristic bot would choose, by clicking the components the
    board's plan names; every few clicks the board is checked against the view. Bounded by
    moves, not by the clock (a loaded machine makes a game slower, not longer)."""
    clicks = looks = 0
    checked_phases: set[str] = set()
    while clicks < max_clicks and looks < 20 * max_clicks:
        looks += 1
        pg.wait_for_function(
            "document.querySelector('#board').dataset.status === 'finished' || "
            "document.querySelectorAll('#actions button.action:not([disabled])').length > 0",
            timeout=60000)
        if pg.get_attribute("#board", "data-status") == "finished":
            return clicks
        version = pg.get_attribute("#board", "data-version")
        match = Match.objects.get(pk=match_id)
        if str(match.version) != version:
            continue  # the page is about to catch up
        data = match.state_json()
        assert data is not None
        state = RS.from_json(data)
        view = RS.view(state, 0)
        if clicks % check_every == 0 or view["phase"] not in checked_phases:
            checked_phases.add(view["phase"])
            assert_board_shows_the_view(pg, view, names)
            assert_fits(pg)
            shown = raw_keys_shown(pg.inner_text("main"), RAW_KEYS_HU)
            assert not shown, (shown, view["phase"])
            # whose turn it is and what is being decided are on screen
            assert pg.locator("#pz-decision").is_visible()
            assert pg.inner_text("#pz-what").strip()
        wanted = RS.bot_action(state, 0, "heuristic", f"page-{version}")
        plan = pg.evaluate("a => window.KaoszBoard.pulsarPlan(a)", wanted)
        assert plan, wanted
        for key in plan["clicks"]:
            pg.locator(f"#view [data-t='{key}'].live").first.click()
        if plan["choice"] is not None:
            pg.locator(f"#pz-chooser [data-choice='{plan['choice']}']").click()
        clicks += 1
        pg.wait_for_function(
            f"document.querySelector('#board').dataset.version !== '{version}'", timeout=60000)
    raise AssertionError(f"the game did not end within the move limit ({clicks} clicks)")


def shown_names(match_id: int) -> list[str]:
    """The players as the board names them: a bot by its one Hungarian name
    (matches/bot_kinds.py), never by its key."""
    return [BOT_KINDS[s.bot][0] if s.bot else s.label()
            for s in Match.objects.get(pk=match_id).seats.order_by("index")]


def start_game(pg, live_server, user) -> int:
    login(pg, live_server, user)
    pg.select_option("#ruleset", "pulsar")
    pg.select_option("#opponent", "bot:random")
    pg.click("#create")
    pg.wait_for_selector("#board[data-status=active]")
    pg.wait_for_selector("#pz-mapbox svg")
    return int(pg.get_attribute("#board", "data-match"))


def assert_finished_board(pg, match_id: int, names: list[str]) -> None:
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.FINISHED and store.verify(match)["ok"]
    state = match.state_json()  # (the stored JSON form, read as a client's records)
    assert state is not None
    pg.wait_for_selector("#pz-final table")
    # the final table: one row per player with the final score, and the tie-break trail
    rows = [r.split("\t") for r in pg.locator("#pz-final tr").all_inner_texts()]
    assert len(rows) == 1 + 9 + 1  # players, the seven steps (goals twice, score before), total
    for seat, p in enumerate(state["players"]):
        col = next(i for i, h in enumerate(rows[0]) if names[seat] in h)
        assert rows[-1][col].strip() == str(p["vp"])
        stations = next(r for r in rows if "Állomások" in r[0])
        assert stations[col].strip() == str(state["final"]["table"][str(seat)]["stations"])
    assert "Holtverseny esetén" in pg.inner_text("#pz-tiebreak")
    winner = names[state["result"]["winners"][0]]
    assert winner in pg.inner_text("#pz-final")
    # the log reads as sentences with the players' names and the components' names
    pg.wait_for_function("document.querySelectorAll('#log li').length > 20")
    log = pg.locator("#log li").all_inner_texts()
    assert any(names[0] in line and "rendszer" in line for line in log)
    assert any(names[1] in line for line in log)
    assert not raw_keys_shown("\n".join(log), RAW_KEYS_HU)
    assert not raw_keys_shown(pg.inner_text("main"), RAW_KEYS_HU)
    assert "legtöbb győzelmi pont" in pg.inner_text("#outcome")
    assert_fits(pg)


def test_a_whole_game_clicked_on_the_desktop_board(browser, live_server, django_user_model,
                                                   bots_in_process):
    me = django_user_model.objects.create_user("zsofia", password="titkos-jelszo-123")
    context, pg = new_page(browser, 1280, 800)
    try:
        match_id = start_game(pg, live_server, me)
        names = shown_names(match_id)
        # the stand-in board says so on the board itself
        assert "Helyettesítő tábla" in pg.inner_text("#pz-standin")
        clicks = play_by_clicking(pg, match_id, names, check_every=8)
        assert clicks > 20
        assert_finished_board(pg, match_id, names)
        # the same finished board in English
        pg.click("#lang-switch")
        pg.wait_for_selector("#pz-final table")
        pg.wait_for_function("document.querySelectorAll('#log li').length > 20")
        text = pg.inner_text("main")
        assert "Final scoring" in text and "Stand-in board" in text and "Star map" in text
        assert "A tie goes to the tied player further back" in pg.inner_text("#pz-tiebreak")
        assert "Forduló" not in text and "Végső pontozás" not in text
        assert not raw_keys_shown(text, RAW_KEYS_EN)
        assert any("system" in line for line in pg.locator("#log li").all_inner_texts())
        assert_fits(pg)
    finally:
        context.close()


def test_a_whole_game_clicked_on_a_phone(browser, live_server, django_user_model,
                                         bots_in_process):
    me = django_user_model.objects.create_user("bence", password="titkos-jelszo-123")
    context, pg = new_page(browser, 390, 844)
    try:
        match_id = start_game(pg, live_server, me)
        names = shown_names(match_id)
        clicks = play_by_clicking(pg, match_id, names, check_every=15)
        assert clicks > 20
        assert_finished_board(pg, match_id, names)
    finally:
        context.close()


def test_raw_key_check_would_catch_a_leak():
    # the check itself: a leaked key is found, Hungarian words around it are not
    assert raw_keys_shown("Lépés: take_gyro (kis)", RAW_KEYS_HU) == ["take_gyro"]
    assert raw_keys_shown("HQ-projekt, teleport bárhová, Kör vége", RAW_KEYS_HU) == []
    assert json.dumps(RAW_KEYS_EN)  # non-empty list, all underscored or raw values
    assert "fly" not in RAW_KEYS_EN and "take_tx" in RAW_KEYS_EN


def samples_from_games(games: int = 6) -> tuple[list[dict], list[dict]]:
    """Decision points where each action type is legal (a few of each), and every event
    type, from 2- and 3-player games of a heuristic and a random bot; the two rarest
    decisions (an array's joint die with two values, a choice between gyrodyne goals)
    are set up on a real state."""
    per_type: dict[str, int] = {}
    samples: list[dict] = []
    events: dict[str, dict] = {}

    def sample(s, seat):
        legal = RS.legal_actions(s, seat)
        fresh = {a["type"] for a in legal if per_type.get(a["type"], 0) < 2}
        for t in fresh:
            per_type[t] = per_type.get(t, 0) + 1
        if fresh:
            samples.append({"view": RS.view(s, seat), "seat": seat,
                            "players": s.seats, "legal": legal})

    for g in range(games):
        players = 2 if g % 2 == 0 else 3
        s: Any = RS.new_game(RS.example_config(players), f"reach-{g}")  # (a Pulsar Game)
        kinds = ["heuristic", "random", "heuristic"]
        step = 0
        while RS.outcome(s) is None:
            seat = RS.to_act(s)[0]
            sample(s, seat)
            if s.phase == "final" and g == 0 and "choose_goal" not in per_type:
                alt: Any = RS.from_json(json.loads(json.dumps(RS.to_json(s))))
                alt.final["goals"][str(seat)]["gyro_choice"] = [0, 1]
                sample(alt, seat)
            if s.phase == "actions" and "joint_die" not in per_type and s.round > 2:
                alt = RS.from_json(json.loads(json.dumps(RS.to_json(s))))
                alt.pending = {"kind": "joint", "seat": seat, "options": [
                    {"type": "joint_die", "value": 3}, {"type": "joint_die", "value": 5}]}
                sample(alt, seat)
            action = RS.bot_action(s, seat, kinds[(seat + g) % 3], f"r{g}/{step}")
            _, evs = RS.apply(s, seat, action)
            for e in evs:
                events.setdefault(e["type"], {"event": e, "view": RS.view(s, 0)})
            step += 1
    return json.loads(json.dumps(samples)), list(json.loads(json.dumps(events)).values())


REACH_JS = """
({samples, events}) => {
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
  const T = (h, e) => h;
  const B = window.KaoszBoard;
  const el = document.createElement('div');
  document.body.appendChild(el);
  const problems = [];
  let version = 1000;
  const words = [];
  samples.forEach((s) => {
    const seats = Array.from({length: s.players}, (_, i) => ({player: 'játékos' + i}));
    s.legal.forEach((a, i) => {
      const data = {seat: s.seat, seats, to_act: [s.seat], your_turn: true, status: 'active',
                    version: version++};
      const legal = {actions: s.legal, version: data.version};
      let acted = null;
      el.innerHTML = B.renderView(s.view, data, T, esc);
      B.afterRender({el, data, view: s.view, legal, T, esc,
                     act: (x) => { acted = x; return Promise.resolve(); }});
      const plan = B.pulsarPlan(a);
      if (!plan) { problems.push(['no plan', a]); return; }
      plan.clicks.forEach((k) => {
        const n = el.querySelector(`[data-t="${k}"].live`);
        if (n) n.dispatchEvent(new MouseEvent('click', {bubbles: true}));
        else problems.push(['nothing live to click', k, a]);
      });
      if (plan.choice !== null) {
        const c = el.querySelector(`#pz-chooser:not([hidden]) [data-choice="${plan.choice}"]`);
        if (c) c.click(); else problems.push(['no chooser entry', a]);
      }
      if (JSON.stringify(acted) !== JSON.stringify(a)) problems.push(['clicks did not post it', a, acted]);
      words.push(B.describeAction(a, s.view, T, data), B.actionTitle(a.type, T));
    });
  });
  events.forEach(({event, view}) => {
    const data = {seat: 0, seats: [{player: 'Anna'}, {player: 'Béla'}, {player: 'Cili'}]};
    words.push(B.describeEvent(event, view, T, data));
    words.push(B.describeEvent(event, view, (h, e) => e, data));
  });
  el.remove();
  return {problems: problems.slice(0, 10), count: problems.length, words};
}
"""


def test_every_legal_action_is_reachable_by_clicking_its_component(browser, live_server,
                                                                   django_user_model):
    """Over decision points where every action type occurs, each legal action is posted by
    clicking the components its plan names (no fallback list); every action and event
    has words, and none of them is a raw engine key."""
    samples, events = samples_from_games()
    seen = {a["type"] for s in samples for a in s["legal"]}
    from rulesets.pulsar.engine import KNOWN

    assert seen == KNOWN, KNOWN - seen
    context, pg = new_page(browser, 1280, 800)
    try:
        pg.goto(live_server.url + "/play/")
        pg.add_script_tag(url="/static/matches/pulsar.js")
        out = pg.evaluate(REACH_JS, {"samples": samples, "events": events})
        assert out["count"] == 0, out["problems"]
        text = "\n".join(out["words"])
        assert "Esemény a játékban" not in text and "Something happened" not in text
        assert not raw_keys_shown(text, RAW_KEYS_EN)
    finally:
        context.close()


def test_the_face_up_top_transmitter_is_drawn_for_players_and_visitors(browser, live_server,
                                                                        django_user_model,
                                                                        bots_in_process):
    """Setup A2.2 stacks the transmitters "képpel felfelé": the panel draws the stack's top
    tile next to the offer (with its letter, costs and rewards, nothing to click) and the
    count, in Hungarian and English, on a phone and a desktop, signed in and signed out."""
    shots = os.environ.get("KAOSZ_SCREENS")
    me = django_user_model.objects.create_user("tamara", password="titkos-jelszo-123")
    for width, height in ((390, 844), (1280, 800)):
        context, pg = new_page(browser, width, height)
        try:
            if width == 390:
                match_id = start_game(pg, live_server, me)
            else:
                login(pg, live_server, me)
                pg.goto(f"{live_server.url}/play/{match_id}/")
                pg.wait_for_selector("#pz-tx")
            view = RS.view(state_of(match_id), 0)
            top = view["tx"]["top"]
            tile = next(t for t in view["components"]["transmitters"] if t["id"] == top)
            for lang, label in (("hu", "A pakli teteje"), ("en", "Top of the stack")):
                if lang == "en":
                    pg.click("#lang-switch")
                    pg.wait_for_selector("html[lang=en] #pz-txtop")
                box = pg.locator("#pz-txtop")
                assert box.get_attribute("data-tile") == top
                text = box.inner_text()
                assert label in text and f" {tile['letter']} " in text
                assert box.locator(".pz-cost").count() == len(tile["costs"])
                assert box.locator("[data-t]").count() == 0
                assert pg.inner_text("#pz-txcount") == str(view["tx"]["stack"])
                assert_fits(pg)
                assert not raw_keys_shown(pg.inner_text("#pz-tx"),
                                          RAW_KEYS_HU if lang == "hu" else RAW_KEYS_EN)
                if shots:
                    box.scroll_into_view_if_needed()
                    pg.locator("#pz-tx").screenshot(path=f"{shots}/pulsar-tx-{width}-{lang}.png")
            pg.click("#lang-switch")  # back to Hungarian for the next page
            pg.wait_for_selector("html[lang=hu] #pz-txtop")
        finally:
            context.close()
    guest_context, guest = new_page(browser, 390, 844)
    try:
        guest.goto(f"{live_server.url}/play/{match_id}/")
        guest.wait_for_selector("#pz-txtop")
        assert guest.get_attribute("#pz-txtop", "data-tile") == top
        assert_fits(guest)
    finally:
        guest_context.close()
