"""Playing KGK on the board the way a person does, for the page tests and for
``bench/kgk_clicks.py --browser``: the person's move is what the heuristic bot would choose
from the seat's own view and legal actions (fetched by the page, as the board fetches
them), made on the table: the card, then its target (or the move in the card's popover),
a pile, or a button in the bar above the table; the moves list only when the table has no
place for it. A pass the board is counting down to is left to the board.

It also works on an older board with no bar and no targets: there the card's popover
or the moves list is clicked, so the bench can compare the two boards click for click.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from rulesets.kgk.bots import heuristic_action, random_action
from tests.support.browser import PATIENCE_MS

PASS_PAUSE_MS = 1000          # kgk.js: the board's pause before its own pass

# The seat's view and legal actions of one version, read by the page itself.
READ = """async () => {
  const id = document.querySelector('#board').dataset.match;
  const get = (p) => fetch(`/api/v1/matches/${id}/${p}`, {credentials: 'same-origin',
      headers: {'Accept': 'application/json'}}).then((r) => r.json());
  const [d, legal] = await Promise.all([get(''), get('legal-actions/')]);
  return {d, legal, shown: document.querySelector('#board').dataset.version};
}"""

MAX_MISSES = 3                # tries of one move on one version before the board is stuck

# Where the page's bars, popover and lists were when a click could not land.
STUCK_AT = """() => {
  const at = (sel) => { const e = document.querySelector(sel); if (!e) return null;
    const r = e.getBoundingClientRect();
    return {sel, hidden: e.hidden, top: r.top, bottom: r.bottom, h: r.height}; };
  return {scrollY, innerHeight, parts: ['#hud-armed', '#card-pop', '#decision', '.hud',
    '.hand-dock', '#actions', '#arm-cancel'].map(at)};
}"""

IN_VIEW = """el => { const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; }"""


# Is each element there to be clicked? It is brought to the middle of the screen (as a
# person scrolls to it) and must be the topmost thing there, not under the bar at the top or
# the hand at the bottom, which both stay on the screen. The page is put back where it was.
# ``items``: [label, element] pairs; with ``skipOutside`` one not brought into the screen at
# all (a card in a pile's own scrolled list) is left to the click, which scrolls that list too.
COVERED_FN = """
const covered = (items, skipOutside) => {
  const y0 = scrollY, out = [], seen = new Set();
  for (const [label, el] of items) {
    if (!el || seen.has(el) || !el.getClientRects().length) continue;
    seen.add(el);
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (skipOutside && (x < 0 || y < 0 || x > innerWidth || y > innerHeight)) continue;
    const at = document.elementFromPoint(x, y);
    if (!at || !(el === at || el.contains(at))) {
      const over = at && (at.closest('[id]') || at);
      out.push(`${label}: ${el.className} under ${over ? over.id || over.className : 'nothing'}`);
    }
  }
  scrollTo(0, y0);
  return out;
};"""

# Of each legal move made from a card or pile on the table, the one it is made from.
UNREACHABLE = """(moves) => {""" + COVERED_FN + """
  return covered(moves.map(([label, sels]) =>
    [label, sels.map((s) => document.querySelector(s)).find(Boolean)]), true);
}"""


def source_selectors(action: dict[str, Any]) -> list[str]:
    """Where on the table a move is made from, first choice first: its card (or ship,
    crew, base, pick), or for an attack on the colony or the central, that pile."""
    out = [f"#view button.card[data-card='{action[key]}']"
           for key in ("card", "ship", "crew", "base", "pick")
           if isinstance(action.get(key), int)]
    if action["type"] == "attack" and action.get("target") in ("colony", "central"):
        out.append(f".side:not(.me) .zone-act[data-target={action['target']}]")
    return out


def unreachable(page, actions: list[dict[str, Any]]) -> list[str]:
    """The moves whose card or pile, brought to the middle of the screen, is covered."""
    return page.evaluate(UNREACHABLE, [[f"move {i} ({a['type']})", source_selectors(a)]
                                       for i, a in enumerate(actions)])


@dataclass
class Tally:
    clicks: int = 0            # every click the person made
    moves: int = 0             # moves the person made
    on_table: int = 0          # moves made on the table (a card, a target, a pile, the bar)
    auto: int = 0              # moves the board made for the person (its timed pass)
    scrolls: int = 0           # clicks on something that was off the screen first
    stale_countdowns: int = 0  # a countdown shown for a pass the board then did not make
    seconds: float = 0.0
    by_way: dict[str, int] = field(default_factory=dict)

    def count(self, way: str, clicks: int, scrolled: int) -> None:
        self.clicks += clicks
        self.moves += 1
        self.on_table += way != "list"
        self.scrolls += scrolled
        self.by_way[way] = self.by_way.get(way, 0) + 1


def _click(page, loc) -> int:
    """Click ``loc``; 1 when it had to be scrolled to first (it was off the screen)."""
    off = not loc.evaluate(IN_VIEW)
    loc.click()
    return int(off)


# How long a second click waits for what the first click opened (a popover, the armed bar)
# before the test looks whether the board was drawn again meanwhile.
OPENED_MS = 10_000
OPENED = "#card-pop:not([hidden]), #hud-armed:not([hidden])"


class _Redrawn(Exception):
    """The board was drawn again between a card's click and the next (an answer arrived),
    closing what the first click had opened."""


def _click_opened(page, loc) -> int:
    """Click ``loc``, which a click before opened; _Redrawn when it closed meanwhile."""
    try:
        off = not loc.evaluate(IN_VIEW, timeout=OPENED_MS)
        loc.click(timeout=OPENED_MS)
    except PlaywrightTimeout:
        if page.locator(OPENED).count():
            raise
        raise _Redrawn from None
    return int(off)


def act_on_table(page, wanted: dict[str, Any], index: int) -> tuple[str, int, int]:
    """Make move ``index`` (``wanted``) as a person would. Returns (how, clicks, scrolls):
    ``target`` (the card, then its highlighted target), ``card`` (the card, then the move in
    its popover), ``bar`` (a button above the table), ``list`` (the moves list). When the
    board is drawn again between the clicks (an answer arriving closes what the first click
    opened), the person starts again from the card, as a person would."""
    version = page.get_attribute("#board", "data-version")
    for _ in range(3):
        try:
            return _act_on_table(page, wanted, index)
        except _Redrawn:
            # (drawn again at the same version: the same moves, so the same index)
            assert page.get_attribute("#board", "data-version") == version, \
                "the board moved on between the clicks"
            wait_for_my_decision(page)
    return _act_on_table(page, wanted, index)


def _act_on_table(page, wanted: dict[str, Any], index: int) -> tuple[str, int, int]:
    scrolled = 0
    source = None
    for selector in source_selectors(wanted):
        loc = page.locator(selector)
        if loc.count():
            source = loc.first
            break
    if source is not None:
        scrolled += _click(page, source)
        nth = page.evaluate(
            "i => [...document.querySelectorAll('#view .target-ok')].findIndex("
            "e => (e.dataset.armI || '').split(',').includes(String(i)))", index)
        if page.locator("#hud-armed:not([hidden])").count() and nth >= 0:
            scrolled += _click_opened(page, page.locator("#view .target-ok").nth(nth))
            pop = page.locator(f"#card-pop:not([hidden]) .pop-act[data-i='{index}']")
            if pop.count():                      # several moves on that target: pick ours
                _click_opened(page, pop)
                return "target", 3, scrolled
            return "target", 2, scrolled
        pop = page.locator(f"#card-pop:not([hidden]) .pop-act[data-i='{index}'], "
                           f"#hud-armed:not([hidden]) .arm-act[data-i='{index}']")
        if pop.count():
            scrolled += _click_opened(page, pop.first)
            return "card", 2, scrolled
        page.keyboard.press("Escape")
        cancel = page.locator("#arm-cancel")
        if cancel.count() and cancel.is_visible():
            cancel.click()
    bar = page.locator(f"#hud-acts button.hud-act[data-i='{index}']")
    if bar.count():
        return "bar", 1, scrolled + _click(page, bar)
    return "list", 1, scrolled + _click(page, page.locator(
        f"#actions button.action[data-i='{index}']"))


def wait_for_my_decision(page, timeout: int = PATIENCE_MS,
                         moved_on_from: int | None = None) -> None:
    """Until the person has a move to make, or the match is over; with ``moved_on_from``
    (a version), also until the board shows a later version that is not the person's (the
    board answered a decision with one possible answer by itself)."""
    gone = ("" if moved_on_from is None else
            f" || (Number(document.querySelector('#board').dataset.version) > {moved_on_from}"
            " && !document.querySelector('#turn').className.includes('your-turn'))")
    page.wait_for_function(
        "document.querySelector('#board').dataset.status === 'finished' || "
        "document.querySelectorAll('#actions button.action:not([disabled])').length > 0"
        + gone, timeout=timeout)


def play_on_table(page, max_decisions: int = 400, check=None, *,
                  until_waiting: bool = False) -> Tally:
    """Play the seat's side to the end of the match, or with ``until_waiting`` only until
    the decision is someone else's (a turn-based match: the person then closes the page).
    ``check(page, d, legal)`` runs at each of the person's decisions (the table against the
    view, a test's assertions).

    Bounded by the person's decisions, not by wall-clock seconds: a loaded machine makes
    every step slower but not more numerous, so the bound fails only when the match really
    does not end (a KGK match against the random bot takes 60-100 of them). Each single wait
    below has its own generous timeout, so a page that stops answering still fails."""
    tally = Tally()
    start = time.time()
    decisions = 0
    catching_up = 0
    missed: dict[str, list[str]] = {}      # version -> why a move on it could not be made
    while decisions < max_decisions:
        moved_on_from = None
        if until_waiting:
            now = page.evaluate(READ)["d"]
            if now["status"] == "finished" or not now.get("your_turn"):
                tally.seconds = time.time() - start
                return tally
            moved_on_from = now["version"]
        wait_for_my_decision(page, moved_on_from=moved_on_from)
        if page.get_attribute("#board", "data-status") == "finished":
            tally.seconds = time.time() - start
            return tally
        got = page.evaluate(READ)
        d, legal = got["d"], got["legal"]
        version = str(d["version"])
        if legal.get("version") != d["version"] or got["shown"] != version \
                or not d.get("your_turn") or not legal.get("actions"):
            catching_up += 1                   # the page is about to catch up
            assert catching_up < 1200, f"the page never showed version {version}"
            page.wait_for_timeout(50)
            continue
        catching_up = 0
        decisions += 1
        if check is not None:
            check(page, d, legal)
        try:
            wanted = heuristic_action(d["view"], legal["actions"], f"board-{version}")
        except KeyError:     # (a list the heuristic does not expect, e.g. a main decision
            wanted = None    # without "end turn"): a seeded random legal move instead
        if wanted is None:
            wanted = random_action(legal["actions"], f"board-{version}")
        # The board passes by itself after its pause (the default pass mode): the person
        # wanting that pass waits, as the board promises the same pause whatever the hand.
        if wanted["type"] in ("pass", "done") and page.locator("#auto-hold").count():
            try:
                page.wait_for_function(
                    f"document.querySelector('#board').dataset.version !== '{version}'",
                    timeout=int(PASS_PAUSE_MS * 3))
                tally.auto += 1
                continue
            except PlaywrightTimeout:   # a countdown the board did not answer: do it
                tally.stale_countdowns += 1
        index = legal["actions"].index(wanted)
        try:
            how, clicks, scrolls = act_on_table(page, wanted, index)
        except Exception as exc:  # redrawn under the pointer (the board moved on): look again
            if "not attached" not in str(exc) and "Timeout" not in type(exc).__name__:
                raise
            # ...but a board that stays on this version and still refuses the click is
            # stuck, not moving on: say why, at once (each try costs a whole timeout)
            missed.setdefault(version, []).append(str(exc)[-1500:])
            assert len(missed[version]) < MAX_MISSES, (
                f"{wanted} could not be made on version {version}", missed[version],
                page.evaluate(STUCK_AT))
            page.keyboard.press("Escape")
            continue
        tally.count(how, clicks, scrolls)
        page.wait_for_function(
            f"document.querySelector('#board').dataset.version !== '{version}' || "
            "document.querySelector('#board').dataset.status === 'finished'", timeout=30000)
    raise AssertionError(f"the match did not end in {max_decisions} decisions ({json.dumps(tally.__dict__)})")
