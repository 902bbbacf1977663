"""Each app owns its error codes: its ``error_codes.py`` lists them, its
``ready()`` registers them, and the API's status, the API description and the pages'
sentences all read the one registry (``web.error_catalogue``)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from matches.errors import MatchError
from web import error_catalogue
from web.api.domain_status import STATUS, status_of
from web.api.schema import ERROR_CODES
from web.error_catalogue import CodeClash, ErrorCode, register
from web.messages import ERRORS, error_text

OWNERS = ("kaosz", "cards", "decks", "matches", "matches.tournaments", "players")


def test_every_app_registers_its_own_codes():
    for app in OWNERS:
        assert apps.get_app_config(app.rsplit(".", 1)[-1] if app != "matches.tournaments"
                                   else "tournaments")
        own = importlib.import_module(f"{app}.error_codes").CODES
        assert own, app
        for code, entry in own.items():
            assert error_catalogue.CODES[code] == entry
            assert error_catalogue.owner_of(code) == app, code


def test_no_code_is_left_unowned_and_the_readers_see_the_same_catalogue():
    owned = set().union(*(importlib.import_module(f"{app}.error_codes").CODES
                          for app in OWNERS))
    assert owned <= set(error_catalogue.CODES)
    for code, entry in error_catalogue.CODES.items():
        assert ERROR_CODES[code] == (entry.status, entry.meaning)
        assert STATUS[code] == entry.status
        assert (code in ERRORS) == bool(entry.hu)


def test_a_domain_refusal_is_answered_with_its_catalogue_status():
    # (deck_not_found: every answer was 400 while the API description's own table said
    # 404; now both read the one entry)
    assert status_of(MatchError("deck_not_found", "no such deck")) == 400
    assert status_of(MatchError("deck_not_found", "?")) == ERROR_CODES["deck_not_found"][0]
    assert status_of(MatchError("too_many_simulations", "wait")) == 429
    assert status_of(MatchError("no_such_code_anywhere", "?")) == 400


def test_a_code_registered_twice_must_say_the_same(monkeypatch):
    monkeypatch.setattr(error_catalogue, "_CODES", dict(error_catalogue._CODES))
    monkeypatch.setattr(error_catalogue, "_OWNERS", dict(error_catalogue._OWNERS))
    same = error_catalogue._CODES["not_found"]
    register("elsewhere", {"not_found": same})          # the same entry: shared, fine
    assert error_catalogue.owner_of("not_found") == "kaosz"
    with pytest.raises(CodeClash, match="not_found"):
        register("elsewhere", {"not_found": ErrorCode(410, "gone")})
    with pytest.raises(CodeClash, match="one language"):
        register("elsewhere", {"half_said": ErrorCode(400, "x", hu="Csak magyarul.")})


def test_a_page_sentence_comes_from_the_owning_app(settings):
    from django.utils import translation

    with translation.override("hu"):
        assert error_text("rating_too_low") == "Ez a kihívás ennél magasabb értékszámot kér."
    with translation.override("en"):
        assert error_text("rating_too_low") == "This challenge asks a higher rating."
