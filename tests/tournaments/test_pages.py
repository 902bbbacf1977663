"""The pages' forms through Django's test client (the Chromium run is in tests/pages):
a player reports from the public page, a dispute is flagged on the organiser's page, and
"no valid pairing" shows the organiser's options instead of failing silently."""

from __future__ import annotations

import pytest
from django.test import Client

from matches.tournaments import services
from matches.tournaments.models import Pairing, Round, Tournament

pytestmark = pytest.mark.django_db


def browser(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_player_reports_and_dispute_is_flagged(org, make_players):
    o, _oc = org
    (pu, _), (qu, _) = make_players(2)
    t = services.create_tournament(o, name="Lapos Kupa", decks_required=False)
    for u in (pu, qu):
        services.register(t, by=u)
    services.start(t, by=o)
    rnd = services.pair_next_round(t, by=o)
    services.start_round(t, rnd.number, by=o)
    p = rnd.pairings.get()
    a_user = pu if p.a.user_id == pu.pk else qu
    b_user = qu if a_user == pu else pu

    page = browser(a_user).get(f"/tournaments/{t.pk}/")
    assert page.status_code == 200 and b'id="my-report"' in page.content
    r = browser(a_user).post(f"/tournaments/{t.pk}/", {"op": "report", "pairing": p.pk,
                                                        "result": "2-0"})
    assert r.status_code == 302
    r = browser(b_user).post(f"/tournaments/{t.pk}/", {"op": "report", "pairing": p.pk,
                                                        "result": "0-2"})
    assert r.status_code == 302
    assert Pairing.objects.get(pk=p.pk).status == "disputed"
    manage = browser(o).get(f"/tournaments/{t.pk}/manage/").content.decode()
    assert "dispute-flag" in manage and "A: 2-0" in manage and "B: 0-2" in manage
    # A bad form value is shown, not a 500.
    r = browser(a_user).post(f"/tournaments/{t.pk}/", {"op": "report", "pairing": p.pk,
                                                        "result": "döntetlen"})
    assert r.status_code == 200 and b'data-code="invalid_result"' in r.content
    # Someone else's organiser page does not exist for a player.
    assert browser(a_user).get(f"/tournaments/{t.pk}/manage/").status_code == 404
    # The organiser decides; the player drops from the public page.
    r = browser(o).post(f"/tournaments/{t.pk}/manage/", {"op": "result", "pairing": p.pk,
                                                         "result": "2-1", "note": "bíró"})
    assert r.status_code == 302
    assert (Pairing.objects.get(pk=p.pk).games_a, Pairing.objects.get(pk=p.pk).games_b) == (2, 1)
    r = browser(b_user).post(f"/tournaments/{t.pk}/", {"op": "drop",
                                                        "entry": t.entries.get(user=b_user).pk})
    assert r.status_code == 302 and t.entries.get(user=b_user).dropped


def test_no_valid_pairing_offers_the_organisers_options(org):
    o, _oc = org
    t = services.create_tournament(o, name="Kettes", decks_required=False, rounds_planned=3,
                                   top_cut=False)
    for n in ("A", "B"):
        services.register(t, by=o, name=n)
    c = browser(o)
    for op in ("start", "pair"):
        assert c.post(f"/tournaments/{t.pk}/manage/", {"op": op}).status_code == 302
    p = Round.objects.get(tournament=t).pairings.get()
    c.post(f"/tournaments/{t.pk}/manage/", {"op": "start_round", "round": 1})
    c.post(f"/tournaments/{t.pk}/manage/", {"op": "result", "pairing": p.pk, "result": "2-0"})
    c.post(f"/tournaments/{t.pk}/manage/", {"op": "finish_round", "round": 1})
    r = c.post(f"/tournaments/{t.pk}/manage/", {"op": "pair"})
    html = r.content.decode()
    assert 'data-code="no_valid_pairing"' in html
    assert 'data-option="allow_rematch"' in html
    assert Tournament.objects.get(pk=t.pk).rounds.count() == 1  # nothing paired silently
    r = c.post(f"/tournaments/{t.pk}/manage/", {"op": "pair", "allow_rematch": "on"})
    assert r.status_code == 302
    rnd = Round.objects.get(tournament=t, number=2)
    assert rnd.allow_rematch and rnd.rematches
    # The public and printable pages render for anyone.
    anon = Client()
    for path in (f"/tournaments/{t.pk}/", f"/tournaments/{t.pk}/print/standings/",
                 f"/tournaments/{t.pk}/print/round/2/", "/tournaments/"):
        assert anon.get(path).status_code == 200, path
    assert anon.get(f"/tournaments/{t.pk}/print/round/9/").status_code == 404
    assert b"@media print" in anon.get(f"/tournaments/{t.pk}/print/round/2/").content
    # After the Swiss stage the organiser's page still corrects results (audit trail kept).
    p2 = rnd.pairings.get()
    for data in ({"op": "start_round", "round": 2},
                 {"op": "result", "pairing": p2.pk, "result": "0-2"},
                 {"op": "finish_round", "round": 2}, {"op": "final"}):
        assert c.post(f"/tournaments/{t.pk}/manage/", data).status_code == 302, data
    assert Tournament.objects.get(pk=t.pk).status == "finished"
    html = c.get(f"/tournaments/{t.pk}/manage/").content.decode()
    assert 'id="swiss-corrections"' in html
    r = c.post(f"/tournaments/{t.pk}/manage/", {"op": "result", "pairing": p.pk,
                                               "result": "1-2", "note": "elírás"})
    assert r.status_code == 302
    assert p.changes.filter(kind="corrected", note="elírás").exists()
    assert services.standings(t)[0]["points"] == 6  # B won both matches now


def test_player_registers_with_a_deck_on_the_public_page(org, make_players, cards_loaded):
    from tests.support.tournaments import DECK_A

    o, _oc = org
    (pu, _), = make_players(1)
    t = services.create_tournament(o, name="Paklis Kupa", format="practice")
    c = browser(pu)
    short = "\n".join(DECK_A.splitlines()[:-2])
    assert c.post(f"/tournaments/{t.pk}/", {"op": "register", "deck_text": short,
                                            "deck_name": "Rövid"}).status_code == 302
    entry = t.entries.get(user=pu)
    assert entry.deck_valid is False and entry.deck_name == "Rövid"
    page = c.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-code="deck_size"' in page  # the validator's own words, in Hungarian
    assert c.post(f"/tournaments/{t.pk}/", {"op": "deck", "deck_text": DECK_A}).status_code == 302
    entry.refresh_from_db()
    assert entry.deck_valid is True and sum(entry.deck.values()) == 45
    # Anonymous visitors are sent to log in, nothing is written.
    r = Client().post(f"/tournaments/{t.pk}/", {"op": "register"})
    assert r.status_code == 302 and "/accounts/login/" in r["Location"]
    assert t.entries.count() == 1


def test_large_event_pairs_in_the_background_from_the_page(org, settings):
    """Over the threshold the page queues a Celery job, says so, and shows its refusal."""
    from matches.tournaments.models import PairingJob
    from matches.tournaments.tasks import pair_round_task

    settings.KAOSZ_TOURNAMENT_ASYNC_PAIRING_FROM = 2
    o, _oc = org
    t = services.create_tournament(o, name="Nagy", decks_required=False, top_cut=False,
                                   rounds_planned=3)
    for n in ("A", "B"):
        services.register(t, by=o, name=n)
    services.start(t, by=o)
    c = browser(o)
    assert c.post(f"/tournaments/{t.pk}/manage/", {"op": "pair"}).status_code == 302
    job = PairingJob.objects.get(tournament=t)
    # Inside the test transaction the job is queued on commit: still pending here.
    html = c.get(f"/tournaments/{t.pk}/manage/").content.decode()
    assert 'id="pairing-job"' in html and 'id="pair-round"' not in html
    pair_round_task(job.pk)
    html = c.get(f"/tournaments/{t.pk}/manage/").content.decode()
    assert 'id="pairing-job"' not in html and 'id="manage-round-1"' in html
    # Round 2 of two players is a rematch: the job fails and the page names the options.
    services.start_round(t, 1, by=o)
    services.set_result(t, Round.objects.get(tournament=t).pairings.get().pk, by=o,
                        games_a=2, games_b=0)
    services.finish_round(t, 1, by=o)
    c.post(f"/tournaments/{t.pk}/manage/", {"op": "pair"})
    out = pair_round_task(PairingJob.objects.filter(tournament=t).first().pk)
    assert out["status"] == "failed", (out, list(PairingJob.objects.values()))
    html = c.get(f"/tournaments/{t.pk}/manage/").content.decode()
    assert 'data-code="no_valid_pairing"' in html and 'data-option="allow_rematch"' in html
