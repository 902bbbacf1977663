"""Issue 30's "done means", end to end: two people who are never online at the same time
finish a rated, turn-based KGK match in the browser, each told by e-mail (a real SMTP
server) every time it is their turn, and both then see their new rating on their player
page.

Anna makes an open challenge on the challenges page and closes her browser; Béla accepts
it on his and closes his. From then on whoever the last e-mail told opens the board from
the link in that e-mail, plays on the table (the move the heuristic bot would choose, made
by clicking, as in the KGK table test) until the decision is the other's, and closes the
page; only then does the next e-mail arrive and the other open theirs. The two pages are
never open at once: the test records when each was open and checks it.

A whole match takes many of these visits (each priority window of the other's turn is a
visit), so this is a slow test: ``KAOSZ_SLOW=1 pytest tests/pages/test_turn_based_proof.py``.
``KAOSZ_SCREENS=1`` keeps screenshots in docs/screens/ (issue30-proof-*.png).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from matches.models import Match
from players.tasks import sweep_turns
from tests.support.browser import launch_chromium
from tests.support.kgk_driver import play_on_table
from tests.support.smtp import smtp_server
from tests.support.sweep import PASSWORD, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screens"
PHONE = {"width": 390, "height": 844}
MAX_VISITS = 2000         # each priority window of the other's turn is a visit: hundreds
MAIL_WAIT_S = 30.0


def _shot(page, name: str) -> None:
    if os.environ.get("KAOSZ_SCREENS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"issue30-proof-{name}.png"), scale="css")


def _next_mail(inbox, address: str, seen: int):
    """The next e-mail to ``address`` after the ``seen`` first. A worker sends it on the
    move (PostgreSQL + Redis); with in-process tasks (embedded) the beat's sweep does,
    every ``KAOSZ_TURN_SWEEP_EVERY`` seconds: here its tick comes at once."""
    deadline = time.time() + MAIL_WAIT_S
    ticked = False
    while time.time() < deadline:
        got = inbox.to(address)
        if len(got) > seen:
            return got[seen]
        if not ticked:
            sweep_turns.apply()
            ticked = True
            continue
        time.sleep(0.1)
    raise AssertionError(f"no e-mail to {address} within {MAIL_WAIT_S} s (had {seen})")


def _board_link(mail) -> str:
    found = re.search(r"https?://\S+/play/\d+/", mail.get_payload())
    assert found, mail.get_payload()
    return found.group(0)


def test_two_people_never_online_together_finish_a_rated_kgk_match(
        live_server, chromium_path, django_user_model, settings, bots_in_process):
    from playwright.sync_api import sync_playwright

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    people = {n: django_user_model.objects.create_user(
        n, email=f"{n}@example.org", password=PASSWORD) for n in ("anna", "bela")}
    visits: list[tuple[str, float, float]] = []    # who, opened, closed
    with smtp_server(settings, site=live_server.url) as inbox, sync_playwright() as pw:
        browser = launch_chromium(pw, chromium_path)
        contexts = {}
        for name in people:
            contexts[name] = browser.new_context(viewport=PHONE, locale="hu-HU")
            sign_in(contexts[name], live_server.url, name)

        # Anna's open challenge: KGK, a move a day, rated
        pg = contexts["anna"].new_page()
        pg.goto(live_server.url + "/challenges/")
        pg.select_option("#c-ruleset", "kgk")
        pg.select_option("#c-time", "1d")
        pg.check("#c-rated")
        with pg.expect_navigation():
            pg.click("#c-create")
        _shot(pg, "challenge-anna")
        pg.close()
        match = Match.objects.get(created_by=people["anna"])
        assert match.status == "open" and match.options["rated"]

        # Béla, later, accepts it
        pg = contexts["bela"].new_page()
        pg.goto(live_server.url + "/challenges/")
        with pg.expect_navigation():
            pg.click(f"form[action$='/{match.pk}/accept/'] button")
        pg.close()
        match.refresh_from_db()
        assert match.status == "active"

        # From now on only the e-mails say who opens the board.
        seen = {name: 0 for name in people}
        moves = {name: 0 for name in people}
        for _ in range(MAX_VISITS):
            match.refresh_from_db()
            if match.status == "finished":
                break
            due = [s.user.username for s in match.seats.all() if s.index in match.to_act]
            assert len(due) == 1, due                   # two seats: one decides at a time
            name = due[0]
            mail = _next_mail(inbox, f"{name}@example.org", seen[name])
            seen[name] += 1
            assert mail["List-Unsubscribe"], mail
            opened = time.time()
            pg = contexts[name].new_page()
            pg.set_default_timeout(15000)
            pg.on("dialog", lambda d: d.accept())
            pg.goto(_board_link(mail))
            pg.wait_for_selector("#board[data-status]")
            if seen[name] == 1:
                _shot(pg, f"board-{name}")
            tally = play_on_table(pg, until_waiting=True)
            moves[name] += tally.moves + tally.auto
            pg.close()
            visits.append((name, opened, time.time()))
            if len(visits) % 50 == 0:
                print(f"visit {len(visits)}: version {match.version}, moves {moves}", flush=True)
        else:
            raise AssertionError(f"the match did not end in {MAX_VISITS} visits")

        # Never online together: each visit ended before the next one began.
        assert all(a[2] <= b[1] for a, b in zip(visits, visits[1:], strict=False))
        assert {v[0] for v in visits} == set(people) and all(moves.values()), moves
        # Told each time: one e-mail per visit, no more.
        assert sum(seen.values()) == len(visits)
        assert len(inbox.messages) <= len(visits) + 1   # (+1: a turn the match ended in)

        # Both see the new rating on their player page.
        ratings = {}
        for name in people:
            pg = contexts[name].new_page()
            pg.goto(f"{live_server.url}/players/{name}/")
            text = pg.inner_text("#player-ratings")
            assert "Káosz Galaktika" in text, text
            ratings[name] = int(pg.inner_text("#player-ratings .rating-value").strip())
            assert pg.locator(f"#player-matches a[href='/play/{match.pk}/']").count(), name
            _shot(pg, f"player-{name}")
            pg.close()
        browser.close()
    match.refresh_from_db()
    winner = (match.outcome or {}).get("winners")
    assert ratings["anna"] != 1500 and ratings["bela"] != 1500, ratings
    print(f"\nvisits: {len(visits)}, moves: {moves}, e-mails: {len(inbox.messages)}, "
          f"ratings: {ratings}, winners: {winner}")
