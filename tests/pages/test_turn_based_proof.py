"""End to end: two people who are never online at the same time finish a rated,
turn-based KGK match in the browser, told by e-mail (a real SMTP server) at most once per
game turn, and both then see their new rating on their player page.

Anna makes an open challenge on the challenges page and closes her browser; Béla accepts
it on his and closes his. From then on whoever is to act opens the board, from the link
of a new e-mail when one came, else from the site (the header's count says a match waits:
a person needed twice in one game turn is told once), plays on the table (the move the
heuristic bot would choose, made by clicking, as in the KGK table test) until the
decision is the other's, and closes the page. The two pages are never open at once: the
test records when each was open and checks it. The server passes at the windows the
people's stops (the default) do not ask them at, so nobody visits for a pass.

A whole match takes a few dozen visits, so this is a slow test:
``KAOSZ_SLOW=1 pytest tests/pages/test_turn_based_proof.py`` (it prints the visits and
e-mails per game turn). ``KAOSZ_SCREENS=1`` keeps screenshots in docs/screens/.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from matches import store
from matches.models import Match
from players.models import Mail
from players.tasks import sweep_turns
from tests.support.browser import launch_chromium
from tests.support.kgk_driver import play_on_table
from tests.support.smtp import smtp_server
from tests.support.sweep import PASSWORD, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screens"
PHONE = {"width": 390, "height": 844}
MAX_VISITS = 400          # a few dozen: about three per game turn


def _shot(page, name: str) -> None:
    if os.environ.get("KAOSZ_SCREENS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"players-proof-{name}.png"), scale="css")


def _new_mail(inbox, address: str, seen: int):
    """A new e-mail to ``address`` (after the ``seen`` first), or None: the beat's sweep
    sends what the outbox holds (a worker sends it on the move with PostgreSQL + Redis)."""
    sweep_turns.apply()
    got = inbox.to(address)
    return got[seen] if len(got) > seen else None


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

        # From now on the e-mails (or, told already this game turn, the site) say who
        # opens the board.
        seen = {name: 0 for name in people}
        moves = {name: 0 for name in people}
        without_mail = 0
        for _ in range(MAX_VISITS):
            match.refresh_from_db()
            if match.status == "finished":
                break
            due = [s.user.username for s in match.seats.all() if s.index in match.to_act]
            assert len(due) == 1, due                   # two seats: one decides at a time
            name = due[0]
            mail = _new_mail(inbox, f"{name}@example.org", seen[name])
            opened = time.time()
            pg = contexts[name].new_page()
            pg.set_default_timeout(15000)
            pg.on("dialog", lambda d: d.accept())
            if mail is not None:                         # told: the link of the e-mail
                seen[name] += 1
                assert mail["List-Unsubscribe"], mail
                pg.goto(_board_link(mail))
            else:                                        # already told this game turn
                turn = store.state_for_reading(match, store.ruleset_of(match))["turn"]
                assert Mail.objects.filter(match=match, user=people[name], turn=turn,
                                           sent__isnull=False, dropped="").exists(), (name, turn)
                without_mail += 1
                pg.goto(f"{live_server.url}/play/{match.pk}/")
            pg.wait_for_selector("#board[data-status]")
            if seen[name] == 1 and mail is not None:
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
        # Told at most once per game turn each; about three visits per game turn.
        state = store.state_for_reading(Match.objects.get(pk=match.pk),
                                        store.ruleset_of(match))
        game_turns = sum(p["turns"] for p in state["p"])
        mails = Mail.objects.filter(match=match, kind=Mail.TURN)
        assert mails.count() == len({(m.user_id, m.turn) for m in mails})
        assert len(inbox.messages) <= 2 * game_turns + 2
        assert sum(seen.values()) + without_mail == len(visits)
        assert len(visits) <= 4 * game_turns, (len(visits), game_turns)

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
    print(f"\ngame turns: {game_turns}, visits: {len(visits)} "
          f"({len(visits) / game_turns:.2f} per game turn; {without_mail} without a new "
          f"e-mail), e-mails: {len(inbox.messages)} "
          f"({len(inbox.messages) / game_turns:.2f} per game turn), moves: {moves}, "
          f"ratings: {ratings}, winners: {winner}")
