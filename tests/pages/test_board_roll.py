"""The Roll for the Galaxy board in real Chromium: whole games against a bot,
played by clicking the drawn components (dice, phases, tiles, goods), at 1280×800 and at
a 390×844 phone size, checking along the way that the board shows what the seat's view
holds, that nothing scrolls sideways and that no raw engine key reaches the screen.

Set KAOSZ_SCREENS=docs/screens to save the screenshots the docs show.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from matches import store
from matches.models import Match
from rulesets import registry
from rulesets.roll import powers
from rulesets.roll.data import CARDS
from tests.support.pages import login

DATA_JS = Path(__file__).resolve().parents[2] / "matches/static/matches/roll-data.js"

# Engine words that must never be visible text: action types, event types, field names,
# outcome codes. Checked as whole words on the Hungarian page; the snake_case ones and the
# tile keys on the English page too.
RAW_WORDS = [
    "place", "select", "dictate", "power", "reassign", "stop", "done", "setup", "stock",
    "scout", "discard", "draw", "logistics", "develop", "settle", "pick", "lose", "recall",
    "produce", "trade", "consume", "assign", "committed", "reveal", "gain", "complete",
    "explore", "ship", "wild", "white", "red", "purple", "blue", "brown", "green", "yellow",
    "grey", "cup", "citizenry", "tableau", "selector", "columns", "rolled", "virtual",
    "world", "dev",
]
RAW_SNAKE = [
    "phase_end", "setup_tiles", "to_cup", "phase_bonus", "forced_discard", "game_over",
    "dev_stack", "world_stack", "dev_workers", "world_workers", "dev_top", "world_top",
    "dev_count", "world_count", "vp_pool", "vp_tens", "bag_count", "discard_count",
    "extra_die", "extra_phase", "pool_empty", "vp_pool_empty", "twelve_squares",
    "most_points", "cup_dice_plus_credits", "dev_zone", "world_zone", "research_team",
    "vp_chips", "include_legal_actions",
]
TILE_KEY = re.compile(r"\b[TFH]\d{1,2}[dw]\d?\b")

STATE_JS = """() => {
  const out = {};
  document.querySelectorAll('#view .rp').forEach((sec) => {
    const q = (z) => sec.querySelector(`[data-zone="${z}"]`);
    out[sec.dataset.seat] = {
      credits: q('credits').textContent, vp: q('vp').textContent, squares: q('squares').textContent,
      tableau: +q('tableau').dataset.count,
      tiles: [...sec.querySelectorAll('[data-zone="tableau"] .rt')].map((t) => [t.dataset.card, t.querySelector('.rt-n').textContent]),
      cup: +q('cup').dataset.count, cit: +q('citizenry').dataset.count,
      cupDice: q('cup').querySelectorAll('.rdie').length,
      dev: +q('dev_stack').dataset.count, world: +q('world_stack').dataset.count,
      devTop: (q('dev_stack').querySelector('.rt') || {dataset: {}}).dataset.card || null,
      worldTop: (q('world_stack').querySelector('.rt') || {dataset: {}}).dataset.card || null,
      stripDice: sec.querySelectorAll('.rstrip .rph-d .rdie').length,
      devWorkers: sec.querySelectorAll('[data-zone="dev_zone"] .rdie').length,
      worldWorkers: sec.querySelectorAll('[data-zone="world_zone"] .rdie').length,
      goods: sec.querySelectorAll('[data-zone="tableau"] .rt-goods .rdie').length,
    };
  });
  return {players: out, wide: document.documentElement.scrollWidth <= window.innerWidth,
          prompt: (document.querySelector('#roll-prompt') || {innerText: ''}).innerText};
}"""


WIDE_JS = """() => [...document.querySelectorAll('body *')].filter((e) =>
  e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8)
  .map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join(' | ')"""


def roll_data() -> dict:
    text = DATA_JS.read_text(encoding="utf-8")
    return json.loads(text[text.index("{", text.index("window.KaoszRollData")):text.rindex("};") + 1])


def test_tile_data_matches_the_engine():
    data = roll_data()["cards"]
    assert set(data) == set(CARDS)
    for key, card in CARDS.items():
        d = data[key]
        assert (d["en"], d["cost"], d["kind"], d.get("colour")) == (card.name, card.cost,
                                                                    card.kind, card.colour), key
        assert d["hu"].strip(), key
        if card.kind == "dev":
            assert d["reassign"] == (card.dev_kind == "R") and d["phases"] == list(card.phases)
            hu, en = d["power"]
            assert hu.strip() and en.strip() and hu != en, key
        else:
            assert d.get("effect", {}) == card.effect, key



def new_page(browser, width: int, height: int):
    context = browser.new_context(locale="hu-HU", viewport={"width": width, "height": height})
    pg = context.new_page()
    pg.set_default_timeout(15000)
    pg.errors = []  # script errors on the page fail the test at the end
    pg.on("pageerror", lambda exc: pg.errors.append(str(exc)))
    return pg


def start_match(page, live_server, user) -> int:
    login(page, live_server, user)
    page.select_option("#ruleset", "roll")
    page.select_option("#opponent", "bot:heuristic")
    page.click("#create")
    page.wait_for_selector("#board[data-status=active]")
    page.wait_for_selector("#view .rp")
    return int(page.get_attribute("#board", "data-match"))


def screenshot(page, path: str) -> None:
    page.evaluate("() => document.querySelector('#view-panel').scrollIntoView()")
    page.screenshot(path=path, full_page=False)


def visible_text(page) -> str:
    return page.evaluate("() => document.body.innerText")


def assert_no_raw_keys(page, hungarian: bool) -> None:
    text = visible_text(page)
    found = [w for w in RAW_SNAKE if w in text] + TILE_KEY.findall(text)
    if hungarian:
        found += [w for w in RAW_WORDS if re.search(rf"\b{w}\b", text, re.IGNORECASE)]
    assert not found, f"raw engine keys on the page: {found}"


def assert_board_shows(page, view: dict, names: dict[str, str], hungarian: bool) -> None:
    """Every seat's zones as the view holds them (a count or a name per zone)."""
    shown = page.evaluate(STATE_JS)
    assert shown["wide"], "the page scrolls sideways: " + page.evaluate(WIDE_JS)
    assert view["stage"] == "over" or shown["prompt"].strip()
    for seat, p in enumerate(view["players"]):
        s = shown["players"][str(seat)]
        assert s["credits"].endswith(f" {p['credits']}"), (seat, s["credits"], p["credits"])
        assert s["vp"].endswith(f" {p['vp']}")
        assert s["squares"].endswith(f"{p['squares']}/12")
        assert s["tableau"] == len(p["tableau"])
        assert [k for k, _n in s["tiles"]] == p["tableau"]
        assert [n for _k, n in s["tiles"]] == [names[k] for k in p["tableau"]]
        assert s["cup"] == sum(p["cup"].values()) == s["cupDice"]
        assert s["cit"] == sum(p["citizenry"].values())
        assert (s["dev"], s["world"]) == (p["dev_count"], p["world_count"])
        assert (s["devTop"], s["worldTop"]) == (p["dev_top"], p["world_top"])
        assert (s["devWorkers"], s["worldWorkers"]) == (len(p["dev_workers"]),
                                                        len(p["world_workers"]))
        assert s["goods"] == sum(len(g) for g in p["goods"].values())
        if view["stage"] == "assign" and seat != view["you"]:
            # The other seat's roll stays behind its screen until everyone has committed.
            assert s["stripDice"] == 0
        elif view["stage"] == "phases":
            assert s["stripDice"] >= sum(len(v) for v in p["columns"].values())


def assert_hidden_stays_hidden(page, state: Any, names: dict[str, str]) -> None:
    """The other seat's construction tiles below the top and its scouted tiles are not
    drawn (the engine's view has only their count): neither side's name is on the board."""
    board = page.inner_text("#view")
    for p in state.players[1:]:
        hidden = p.dev_stack[1:] + p.world_stack[1:]
        for n in hidden:
            for key in (f"T{n}d", f"T{n}w"):
                assert names[key] not in board, f"hidden tile {key} is on the board"


def click_path(page, path: list[str], wait: bool = True) -> None:
    version = page.get_attribute("#board", "data-version")
    for key in path:
        page.locator(f'#view [data-k~="{key}"].can').first.click()
    if not wait:
        return
    try:
        page.wait_for_function(
            f"document.querySelector('#board').dataset.version !== '{version}'", timeout=30000)
    except Exception as exc:
        raise AssertionError(f"clicking {path} made no move: "
                             + page.inner_text("#roll-prompt")) from exc


def yield_text(state: Any, a: dict) -> str:
    p = state.players[0]
    if a["type"] == "stock":
        return f"+{powers.stock_value(p, a['colour'])} $"
    colour = CARDS[a["world"]].colour
    assert colour is not None  # (a world with a good has a colour)
    if a["type"] == "trade":
        return f"+{powers.trade_value(p, colour)} $"
    vp, credits = powers.consume_gain(p, a["colour"], a["good"], colour)
    return f"+{vp} GyP" + (f", +{credits} $" if credits else "")


def play_by_clicking(page, match_id: int, lang: str, shots: str | None, size: str,
                     pick=None, max_clicks: int | None = None) -> int:
    """Play seat 0 by clicking components, choosing as the heuristic bot would (or with
    ``pick(legal)``), to the end of the game or for ``max_clicks`` moves."""
    rs = registry.get("roll")
    data = roll_data()["cards"]
    names = {k: v[lang] for k, v in data.items()}
    clicks = 0
    shot_taken = False
    # Bounded by moves, not by the clock (a loaded machine makes a game slower, not longer).
    limit = max_clicks if max_clicks is not None else 1500
    looks = 0
    while clicks <= limit and looks < 20 * (limit + 1):
        looks += 1
        page.wait_for_function(
            "document.querySelector('#board').dataset.status === 'finished' || "
            "document.querySelectorAll('#actions button.action:not([disabled])').length > 0",
            timeout=60000)
        if page.get_attribute("#board", "data-status") == "finished" or clicks == max_clicks:
            return clicks
        version = page.get_attribute("#board", "data-version")
        match = Match.objects.get(pk=match_id)
        if str(match.version) != version:
            page.wait_for_function(
                f"document.querySelector('#board').dataset.version === '{match.version}' || "
                "document.querySelector('#board').dataset.status === 'finished'", timeout=30000)
            continue
        data = match.state_json()
        assert data is not None
        state = rs.from_json(data)
        view = json.loads(json.dumps(rs.view(state, 0)))
        assert_board_shows(page, view, names, lang == "hu")
        if clicks % 8 == 0:
            assert_no_raw_keys(page, lang == "hu")
            assert_hidden_stays_hidden(page, state, names)
        if shots and not shot_taken and view["stage"] == "phases" and view["round"] >= 3:
            screenshot(page, f"{shots}/roll-{size}-{lang}.png")
            shot_taken = True
        # Every legal move (not only the one we make) can be reached by clicking components.
        assert page.evaluate("() => window.KaoszRoll.unreachable()") == []
        if pick:
            wanted = pick(rs.legal_actions(state, 0))
        else:
            wanted = rs.bot_action(state, 0, "heuristic", f"page-{version}")
        path = page.evaluate("(a) => window.KaoszRoll.pathOf(a)", wanted)
        assert path, wanted
        if wanted["type"] in ("stock", "trade", "consume"):
            # The last choice's button says what it yields, as the engine computes it.
            click_path(page, path[:-1], wait=False)
            label = page.locator(f'#view [data-k~="{path[-1]}"].can').first.inner_text()
            assert yield_text(state, wanted) in label, (wanted, label)
            click_path(page, path[-1:])
        else:
            click_path(page, path)
        clicks += 1
    raise AssertionError(f"the match did not end within the move limit ({clicks} clicks)")


def check_final(page, match_id: int, lang: str) -> None:
    page.wait_for_selector("#roll-score")
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.FINISHED and store.verify(match)["ok"]
    rows = page.locator("#roll-score tbody tr")
    assert rows.count() == 2
    data = match.state_json()
    assert data is not None
    scores = data["outcome"]["scores"]
    for i, score in enumerate(scores):
        assert rows.nth(i).locator("td").nth(3).inner_text().strip() == str(score)
    trail = page.inner_text("#roll-tiebreak")
    assert ("legtöbb pont" if lang == "hu" else "most points") in trail
    # The log reads as sentences with the players' names.
    log = page.inner_text("#log")
    me = "jatekos" if lang == "hu" else "player"
    assert me in log and ("Okos gép" in log if lang == "hu" else "Smart bot" in log)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280", "390"])
def test_a_whole_game_by_clicking_the_board(browser, live_server, django_user_model,
                                           bots_in_process, size):
    width, height = size
    page = new_page(browser, width, height)
    me = django_user_model.objects.create_user(f"jatekos{width}", password="titkos-jelszo-123")
    match_id = start_match(page, live_server, me)
    shots = os.environ.get("KAOSZ_SCREENS")
    clicks = play_by_clicking(page, match_id, "hu", shots, str(width))
    assert clicks > 20
    check_final(page, match_id, "hu")
    assert_no_raw_keys(page, True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    if shots:
        screenshot(page, f"{shots}/roll-{width}-hu-end.png")
    # The same finished board in English: names, scoring and log in English, no raw keys.
    page.click("#lang-switch")
    page.wait_for_selector("html[lang=en] #roll-score")
    assert "Final scoring" in page.inner_text("#roll-score")
    assert_no_raw_keys(page, False)
    view = Match.objects.get(pk=match_id).state_json()
    home = view["players"][0]["home"]
    assert CARDS[home].name in page.inner_text("#rp-0")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.errors == []
    page.context.close()
    # Signed out, a visitor watches the same board: drawn, scored, nothing to click.
    guest = new_page(browser, width, height)
    guest.goto(f"{live_server.url}/play/{match_id}/")
    guest.wait_for_selector("#roll-score")
    assert guest.locator("#view .can").count() == 0
    assert "Végső pontozás" in guest.inner_text("#roll-score")
    assert_no_raw_keys(guest, True)
    assert guest.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert guest.errors == []
    guest.context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280", "390"])
def test_the_english_board_mid_game(browser, live_server, django_user_model, bots_in_process,
                                    size):
    """In English: the first decisions made by clicking, all of it in English."""
    width, height = size
    page = new_page(browser, width, height)
    me = django_user_model.objects.create_user(f"player-en{width}", password="titkos-jelszo-123")
    match_id = start_match(page, live_server, me)
    page.click("#lang-switch")
    page.wait_for_selector("html[lang=en] #view .rp")
    rs = registry.get("roll")
    names = {k: v["en"] for k, v in roll_data()["cards"].items()}
    shots = os.environ.get("KAOSZ_SCREENS")
    for _ in range(6):
        page.wait_for_function(
            "document.querySelectorAll('#actions button.action:not([disabled])').length > 0")
        match = Match.objects.get(pk=match_id)
        version = page.get_attribute("#board", "data-version")
        if str(match.version) != version:
            page.wait_for_function(
                f"document.querySelector('#board').dataset.version === '{match.version}'")
            continue
        state = rs.from_json(match.state_json())
        assert_board_shows(page, json.loads(json.dumps(rs.view(state, 0))), names, False)
        assert_no_raw_keys(page, False)
        prompt = page.inner_text("#roll-prompt")
        assert "Round" in prompt and ("Your decision" in prompt or "Waiting for" in prompt)
        if shots and state.stage == "assign":
            screenshot(page, f"{shots}/roll-{width}-en.png")
        wanted = rs.bot_action(state, 0, "heuristic", f"en-{version}")
        click_path(page, page.evaluate("(a) => window.KaoszRoll.pathOf(a)", wanted))
    assert "Explore" in page.inner_text("#rp-0") and "Citizenry" in page.inner_text("#rp-0")
    assert page.errors == []
    page.context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_any_move_by_clicking(browser, live_server, django_user_model, bots_in_process):
    """Random legal moves, each made by clicking its components: Dictate, reassign powers,
    scouting and discards, trade or consume, recall... the flows the heuristic rarely takes."""
    page = new_page(browser, 1280, 800)
    me = django_user_model.objects.create_user("jatekos-veletlen", password="titkos-jelszo-123")
    match_id = start_match(page, live_server, me)
    rng = random.Random(14)
    seen: set[str] = set()

    def pick(legal):
        # Prefer a kind of move not clicked yet, so the run covers as many kinds as it can.
        fresh = [a for a in legal if a["type"] not in seen]
        a = rng.choice(fresh or legal)
        seen.add(a["type"])
        return a

    clicks = play_by_clicking(page, match_id, "hu", None, "1280", pick=pick, max_clicks=90)
    assert clicks == 90 or Match.objects.get(pk=match_id).status == Match.FINISHED
    # Which phases run depends on the rolls; the assignment moves come every round.
    assert {"setup", "select", "done", "dictate"} <= seen and len(seen) >= 8, seen
    assert page.errors == []
    page.context.close()


# The Roll board drawn from a position alone, in a harness on any page (roll.js loaded):
# ``mount(view, legal, lang)`` draws seat 0's decision and returns the harness and what the
# board acted (``box.acted``: the action it would post).
MOUNT_JS = """
const mount = (view, legal, lang) => {
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
  const T = lang === 'hu' ? (h, e) => h : (h, e) => e;
  const B = window.KaoszBoard;
  let el = document.querySelector('#roll-harness');
  if (!el) {
    document.body.innerHTML = '<main class="container"><div id="roll-harness"></div></main>';
    el = document.querySelector('#roll-harness');
  }
  const data = {seat: 0, seats: [{player: 'játékos'}, {player: 'bot:heuristic'}], to_act: [0],
                your_turn: true, status: 'active', version: 7};
  const box = {el, acted: null};
  el.innerHTML = B.renderView(view, data, T, esc);
  B.afterRender({el, data, view, legal: {actions: legal, version: 7}, T, esc,
                 act: (x) => { box.acted = x; return Promise.resolve(); }});
  return box;
};
"""

CHOICE_JS = """
async ({view, legal, lang, click}) => {
""" + MOUNT_JS + """
  const box = mount(view, legal, lang);
  const el = box.el;
  const can = [...el.querySelectorAll('[data-zone="dev_zone"] .rdie.can, [data-zone="world_zone"] .rdie.can')]
    .map((d) => d.dataset.k);
  const leaving = el.querySelectorAll('.rdie.leaving').length;
  const prompt = el.querySelector('#roll-decide').innerText;
  if (click) el.querySelector(`[data-k~="${click}"].can`).click();
  return {can, leaving, prompt, acted: box.acted, text: el.innerText};
}
"""


def _citizenry_positions(monkeypatch) -> list[tuple[dict, list]]:
    """Two real positions: a development completed in Explore (which developer of three
    goes to the Citizenry), and a world whose second settler is still to choose."""
    from tests.roll.helpers import blank, dice, new, run_phases, take_tile

    rs: Any = registry.get("roll")   # (the rules' own state classes)
    out = []
    s = new()
    p = blank(s, 0)
    blank(s, 1)
    p.dev_stack = [take_tile(s, "Galactic Bankers"), take_tile(s, "Diversification")]
    p.dev_workers = dice(s, ["white", "red", "red"])
    run_phases(s, ["explore", "develop"], {0: {"explore": ["white"]}}, monkeypatch)
    for action in ({"type": "scout", "colour": "white"},
                   {"type": "discard", "tile": p.dev_stack[0]}, {"type": "draw"}):
        rs.apply(s, 0, action)
    for tile in list(s.queue[0]["scout"]["drawn"]):
        rs.apply(s, 0, {"type": "place", "tile": tile, "as": "world"})
    out.append(s)
    s = new(seed="t2")
    p = blank(s, 0)
    blank(s, 1)
    p.world_stack = [take_tile(s, "Spice World")]  # cost 2
    p.world_workers = dice(s, ["white", "green", "red"])
    run_phases(s, ["settle"], {}, monkeypatch)
    rs.apply(s, 0, {"type": "citizenry", "colour": "green"})
    out.append(s)
    return [(json.loads(json.dumps(rs.view(x, 0))), rs.legal_actions(x, 0)) for x in out]


@pytest.mark.browser
@pytest.mark.django_db
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280", "390"])
def test_workers_to_the_citizenry_are_chosen_by_clicking_the_dice(browser, live_server,
                                                                   monkeypatch, size):
    """A tile completed during Explore: the player clicks the developers (settlers) on the
    construction site that go to the Citizenry; dice already chosen are drawn as leaving."""
    (dev_view, dev_legal), (world_view, world_legal) = _citizenry_positions(monkeypatch)
    assert {a["type"] for a in dev_legal + world_legal} == {"citizenry"}
    width, height = size
    page = new_page(browser, width, height)
    page.goto(f"{live_server.url}/play/")
    page.add_style_tag(url="/static/matches/roll.css")
    page.add_script_tag(url="/static/matches/roll-data.js")
    page.add_script_tag(url="/static/matches/roll.js")
    shots = os.environ.get("KAOSZ_SCREENS")
    for lang in ("hu", "en"):
        args = {"view": dev_view, "legal": dev_legal, "lang": lang, "click": None}
        out = page.evaluate(CHOICE_JS, args)
        assert sorted(set(out["can"])) == ["d:dev_zone:red", "d:dev_zone:white"]
        assert out["leaving"] == 0
        assert ("Polgárság" if lang == "hu" else "Citizenry") in out["prompt"]
        assert ("arra a fejlesztőre" if lang == "hu" else "the developer who goes") in out["prompt"]
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        found = [w for w in RAW_SNAKE if w in out["text"]] + TILE_KEY.findall(out["text"])
        if lang == "hu":
            found += [w for w in RAW_WORDS if re.search(rf"\b{w}\b", out["text"], re.IGNORECASE)]
        assert not found, found
        if shots:
            page.locator('[data-zone="dev_stack"]').first.scroll_into_view_if_needed()
            page.screenshot(path=f"{shots}/roll-citizenry-{width}-{lang}.png")
        out = page.evaluate(CHOICE_JS, {**args, "click": "d:dev_zone:red"})
        assert out["acted"] == {"type": "citizenry", "colour": "red"}
        # half-way through a choice of two: the chosen green is drawn leaving, not clickable
        out = page.evaluate(CHOICE_JS, {"view": world_view, "legal": world_legal, "lang": lang,
                                        "click": "d:world_zone:white"})
        assert out["leaving"] == 1 and sorted(set(out["can"])) == ["d:world_zone:red",
                                                                   "d:world_zone:white"]
        assert out["acted"] == {"type": "citizenry", "colour": "white"}
        assert ("arra a telepesre" if lang == "hu" else "the settler who goes") in out["prompt"]
    assert page.errors == []
    page.context.close()


INSIDE_JS = """
async ({view, legal, pick, target}) => {
""" + MOUNT_JS + """
  const box = mount(view, legal, 'hu');
  const el = box.el;
  el.querySelector(`[data-k~="${pick}"].can`).click();
  const stack = el.querySelector(`[data-k~="${target}"]`);
  const inner = stack.querySelector('[data-k]');          // a tile inside the target stack
  const highlighted = stack.classList.contains('can');
  inner.click();
  return {acted: box.acted, highlighted, inner: inner.dataset.k};
}
"""


@pytest.mark.browser
@pytest.mark.django_db
def test_a_click_on_a_tile_inside_the_target_stack_moves_to_that_stack(browser, live_server,
                                                                        monkeypatch):
    """Advanced Logistics moves a tile to the other stack: pick the tile, then click the
    highlighted stack. A click that landed on a tile inside that stack opened the tile and
    was lost (a random-move page run stopped so: "made no move", the tile still picked)."""
    from tests.roll.helpers import blank, build, new, run_phases, take_tile

    rs: Any = registry.get("roll")   # (the rules' own state classes)
    s = new()
    p = blank(s, 0, credits=1)
    blank(s, 1)
    build(s, 0, "Advanced Logistics")
    a, b = take_tile(s, "Diversification"), take_tile(s, "Space Mercenaries")
    p.dev_stack = [a, b]
    p.world_stack = [take_tile(s, "Spice World")]
    run_phases(s, ["explore"], {0: {"explore": ["white"]}}, monkeypatch)
    legal = rs.legal_actions(s, 0)
    assert {"type": "logistics", "tile": b, "to": "world"} in legal
    view = json.loads(json.dumps(rs.view(s, 0)))
    page = new_page(browser, 1280, 800)
    page.goto(f"{live_server.url}/play/")
    page.add_script_tag(url="/static/matches/roll-data.js")
    page.add_script_tag(url="/static/matches/roll.js")
    out = page.evaluate(INSIDE_JS, {"view": view, "legal": legal, "pick": f"st:{b}",
                                    "target": "stk:world"})
    assert out["highlighted"] and out["inner"].startswith("st:"), out
    assert out["acted"] == {"type": "logistics", "tile": b, "to": "world"}, out
    page.context.close()
