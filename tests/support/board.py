"""The game boards in a real Chromium: opening one signed in, reading what it shows, and
playing it by clicks as the heuristic bot would."""

from __future__ import annotations

import json
import re

from matches.models import Match
from rulesets import registry
from rulesets.kgk import SCENARIOS_DIR
from rulesets.kgk.scenario import card_ids
from tests.support.api import client_for
from tests.support.browser import PATIENCE_MS
from tests.support.pages import PASSWORD

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# Engine keys, field names and raw ids that must never reach the screen. Words are
# matched whole; the lists name what the board once showed and the keys the
# engine emits.
RAW_EVERYWHERE = [
    "end_turn", "equip_done", "colony_empty", "rapid_fire", "heavy_weapons", "face_down",
    "bluff_as", "armor_now", "hand_count", "ruin_draw", "shot_damage", "fire_pass",
    "no_return", "leaves_play", "firing_over", "combat_over", "end_phase", "game_over",
    "pay_trap", "assign_done", "dev_limit", "destroy_own_ship", "hand_limit", "eop_mod",
    "milled", "prio", "mint base", "Támadás: colony", "undefined", "null", "NaN",
    "[object Object]",
]


RAW_IN_HUNGARIAN = ["main", "combat", "colony", "central", "equip", "bombard", "base", "crew",
                    "ship", "scout", "fighter", "cruiser", "destroyer", "cloaking", "salvo",
                    "formation", "stealth", "repair", "pyrotechnics", "resolved", "attack",
                    "commit", "done", "pass"]


RAW_IN_ENGLISH = ["seb", "tűz", "pán", "Kör", "Kolónia", "Kredit", "fázis", "lap"]


RAW_PATTERNS = [r"\[\d+\]", r"#\d+\b(?! )", r"\bdev \d"]


# Words the browser broke across two lines in the page's main part, or in the element a
# selector names (a word is split when its range has client rectangles on more than one
# line).
BROKEN_WORDS = """(sel) => { const out = []; const root = document.querySelector(sel || 'main');
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement; if (!el || !el.checkVisibility()) continue;
    const text = n.textContent; const re = /[^\\s\\u00ad\\-–—/·,.:;()]+/g; let m;
    while ((m = re.exec(text))) {
      if (m[0].length < 4) continue;
      const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      const tops = new Set(Array.from(r.getClientRects()).filter((q) => q.width > 0).map((q) => Math.round(q.top)));
      if (tops.size > 1) out.push(m[0]);
    } }
  return out; }"""


def raw_keys(text: str, lang: str) -> list[str]:
    words = RAW_EVERYWHERE + (RAW_IN_HUNGARIAN if lang == "hu" else RAW_IN_ENGLISH)
    found = [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
    return found + [p for p in RAW_PATTERNS if re.search(p, text)]


def board_text(page) -> str:
    """What the board shows a person (the title line's "#id" of the match excluded)."""
    return page.evaluate(
        "() => ['#seats', '#status-line', '#outcome', '.board-grid']"
        ".map(s => document.querySelector(s)).filter(Boolean)"
        ".map(e => e.innerText).join('\\n')")


def no_sideways_scroll(page) -> None:
    width = page.evaluate("window.innerWidth")
    for sel in ("main", "#board", ".board-grid", "#view", "#actions", "#log"):
        sw = page.evaluate(f"document.querySelector('{sel}').scrollWidth")
        assert sw <= width, f"{sel} is {sw} px wide in a {width} px window"
    right = page.evaluate(
        "() => Math.max(...Array.from(document.querySelectorAll('main *'))"
        ".map(e => e.getBoundingClientRect().right))")
    assert right <= width + 1, f"something in the page ends at {right} px of {width}"


def open_page(browser, live_server, user, viewport, lang, touch=False):
    # (touch without is_mobile: a mobile viewport zooms out to the widest content, and
    # the site's top menu, outside the board, is still wider than a phone)
    ctx = browser.new_context(viewport=viewport, locale="hu-HU", has_touch=touch)
    page = ctx.new_page()
    page.set_default_timeout(PATIENCE_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}")
            if r.status >= 500 else None)
    page.goto(live_server.url + "/accounts/login/?next=/play/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url("**/play/")
    if lang == "en":
        with page.expect_navigation():
            page.click("#lang-switch")
        assert page.locator("html[lang=en]").count()
    return ctx, page, errors


HOLD_IF_STILL = ("v => { const b = document.getElementById('auto-hold');"
                 " if (!b) return 'none';"
                 " if (document.querySelector('#board').dataset.version !== v) return 'moved';"
                 " b.click(); return 'held'; }")


def let_the_board_answer(page, wanted: dict, version: str, timeout: int) -> str:
    """Before a test clicks ``wanted`` on a board that may be counting down to its own
    pass (the KGK board's default pass mode, KG-12.3): when ``wanted`` is that pass, wait
    for the board to give it (``"passed"``); else hold the countdown, in one step with
    checking the board has not moved on (``"held"``, or ``"none"`` without a countdown;
    ``"moved"``: the board passed first, look again)."""
    if wanted["type"] in ("pass", "done") and page.locator("#auto-hold").count():
        page.wait_for_function(
            f"document.querySelector('#board').dataset.version !== '{version}'",
            timeout=timeout)
        return "passed"
    return page.evaluate(HOLD_IF_STILL, version)


def play_like_the_heuristic(page, match_id: int, ruleset: str, max_clicks: int = 1500,
                            wait_ms: int = 30000) -> int:
    """Click seat 0's way to the end of the match, choosing what the heuristic bot would
    from what seat 0 may see (so games end in hundreds of steps). Returns the clicks.

    Bounded by moves, not by the clock: a loaded machine makes a game slower, not longer
    (each step still has ``wait_ms`` to come)."""
    rs = registry.get(ruleset)
    clicks = 0
    page.on("dialog", lambda d: d.accept())   # the KGK board asks before an early end of turn
    looks = 0
    while clicks < max_clicks and looks < 20 * max_clicks:
        looks += 1
        page.wait_for_function(
            "document.querySelector('#board').dataset.status === 'finished' || "
            "document.querySelectorAll('#actions button.action:not([disabled])').length > 0",
            timeout=wait_ms)
        if page.get_attribute("#board", "data-status") == "finished":
            return clicks
        version = page.get_attribute("#board", "data-version")
        match = Match.objects.get(pk=match_id)
        if str(match.version) != version:
            continue  # the page is about to catch up
        data = match.state_json()
        assert data is not None
        state = rs.from_json(data)
        wanted = rs.bot_action(state, 0, "heuristic", f"page-{version}")
        if let_the_board_answer(page, wanted, version, wait_ms) in ("passed", "moved"):
            continue
        buttons = page.locator("#actions button.action")
        texts = buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
        index = next((i for i, t in enumerate(texts) if json.loads(t) == wanted), None)
        if index is None:          # the list is being redrawn: look again
            page.wait_for_timeout(100)
            continue
        buttons.nth(index).click()
        clicks += 1
        page.wait_for_function(
            f"document.querySelector('#board').dataset.version !== '{version}'", timeout=wait_ms)
    raise AssertionError(f"{ruleset}: the match did not end within the move limit ({clicks} clicks)")


def window_for_the_page_user(me, other) -> tuple[int, object]:
    """A sandbox from the KG-14.2 position where the page's user (Dani, seat 0) holds a
    card and the other player (Laci, seat 1, through the API) is in his main phase."""
    doc = json.loads((SCENARIOS_DIR / "kg-14-2.json").read_text(encoding="utf-8"))
    doc["seats"][0]["hand"] = ["felulbiralas"]
    mine, theirs = client_for(me), client_for(other)
    r = mine.post("/api/v1/matches/", {"ruleset": "kgk", "scenario": doc, "seats": [
        {"player": "me"}, {"player": other.username}]}, format="json")
    assert r.status_code == 201, r.content
    match_id = r.json()["id"]
    if r.json().get("invitations"):
        assert theirs.post(f"/api/v1/matches/{match_id}/join/", {},
                           format="json").status_code == 200
    return match_id, (theirs, card_ids(doc)["akna"])
