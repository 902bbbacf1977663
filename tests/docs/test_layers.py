"""The layers ``docs/ARCHITECTURE.md`` states: ``matches`` is layered one way (models →
store → services → API and pages); in every app no service, store or query module imports
the API layer, and no page view builds an HTTP error; the web library (``web``) stands
below the project and every app, importing none of them.

Read from the source with the same import graph as ``test_import_circles`` (imports inside
functions count). The pages call the services, never the API; the store and the services
know no HTTP: they refuse with a ``DomainError`` whose code the API edge maps to a status
through one table (``web.api.domain_status``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from matches.errors import MatchError
from matches.store import StoreError
from matches.tournaments.services import TournamentError
from tests.support.imports import ROOT, graph, imported, modules
from web.api.domain_status import STATUS, status_of
from web.api.errors import ApiError
from web.api.schema import ERROR_CODES
from web.domain import DomainError

HTTP = ("web.api", "kaosz.api", "matches.api", "matches.tournaments.api")


def _below(module: str) -> bool:
    """The store and the services: what the API and the pages stand on."""
    return module.startswith(("matches.store", "matches.services"))


@pytest.fixture(scope="module")
def edges() -> dict[str, set[str]]:
    return graph()


def test_pages_call_the_services_never_the_api(edges):
    pages = [m for m in edges if m in ("matches.views", "matches.positions")
             or m.startswith("matches.tournaments.views")]
    assert "matches.views" in pages
    wrong = {m: sorted(t for t in edges[m] if t.startswith("matches.api")) for m in pages}
    assert not any(wrong.values()), wrong
    assert any(t.startswith("matches.services") for t in edges["matches.views"])


def test_the_store_and_the_services_know_no_http(edges):
    below = [m for m in edges if _below(m)]
    assert "matches.services.seating" in below and "matches.store.submission" in below
    wrong = {m: sorted(t for t in edges[m] if t.startswith(HTTP)) for m in below}
    assert not any(wrong.values()), wrong
    upward = {m: sorted(t for t in edges[m] if t.startswith("matches.services"))
              for m in below if m.startswith("matches.store")}
    assert not any(upward.values()), upward  # the store never calls up into the services


def test_the_web_library_imports_neither_the_project_nor_an_app(edges):
    """``web`` is what the apps build on; only the engines (``rulesets``) are below it."""
    library = [m for m in edges if m == "web" or m.startswith("web.")]
    assert {"web.api.errors", "web.server.threads", "web.templatetags.kaosz_tags"} <= set(library)
    upward = {m: sorted(t for t in edges[m] if t.split(".")[0] not in ("web", "rulesets"))
              for m in library}
    assert not any(upward.values()), {m: t for m, t in upward.items() if t}


def _api_layer(module: str) -> bool:
    """The HTTP API: ``web.api``, ``kaosz.api`` and every app's ``api`` package."""
    return "api" in module.split(".")[1:]


def _below_the_edge(module: str) -> bool:
    """What the API and the pages stand on, in any app: services, store, queries."""
    return any(part in ("services", "store", "queries") for part in module.split(".")[1:])


def _page(module: str) -> bool:
    """A module of page views: ``views``, ``*_views`` or ``queries`` outside the API."""
    last = module.rsplit(".", 1)[-1]
    return not _api_layer(module) and (last in ("views", "queries") or last.endswith("_views"))


# Page modules that still build HTTP errors in the API's shape (a list that may only
# shrink): the photo pages answer a program in the error shape beside the page they show
# a person.
PAGES_WITH_HTTP_ERRORS = {"cards.photo_views"}
# The project's error handlers (handler404, handler500, the CSRF and DB-outage answers)
# are the HTTP edge itself: they answer API paths in the API's shape by design.
HTTP_EDGE = {"kaosz.views"}


# Imports of the API layer below the edge, still to move (a list that may only shrink):
# the players' queries write their timestamps as the API does.
BELOW_USING_THE_API = {("players.queries", "web.api.timestamps")}


def test_no_service_store_or_query_module_imports_the_api_layer(edges):
    below = [m for m in edges if _below_the_edge(m)]
    assert {"matches.services.seating", "matches.store.submission",
            "players.queries"} <= set(below)
    found = {(m, t) for m in below for t in edges[m] if _api_layer(t)}
    assert found <= BELOW_USING_THE_API, sorted(found - BELOW_USING_THE_API)
    moved = BELOW_USING_THE_API - found
    assert not moved, f"no longer imported: take them off the list: {sorted(moved)}"


def test_no_page_view_builds_an_http_error(edges):
    """A page shows a refusal as a sentence (its code's words); the error shape and its
    statuses are the API's. Read through package faces (``web.api.errors`` is where
    ``ApiError`` and ``error_body`` come from)."""
    pages = [m for m in edges if _page(m) and m not in HTTP_EDGE]
    assert {"matches.views", "matches.tournaments.views", "players.queries"} <= set(pages)
    building = {m for m in pages if "web.api.errors" in edges[m]}
    assert building <= PAGES_WITH_HTTP_ERRORS, sorted(building - PAGES_WITH_HTTP_ERRORS)
    fixed = PAGES_WITH_HTTP_ERRORS - building
    assert not fixed, f"no longer build HTTP errors: take them off the list: {sorted(fixed)}"


def test_a_domain_refusal_carries_no_http_status():
    err = StoreError("version_conflict", "expected version 1, the match is at 2",
                     {"version": 2})
    assert isinstance(err, MatchError) and isinstance(err, DomainError)
    assert not isinstance(err, ApiError) and not hasattr(err, "status_code")
    assert (err.code, err.error_code, err.details) == ("version_conflict",
                                                       "version_conflict", {"version": 2})
    # The one table at the API edge: listed codes get their status, the rest 400.
    assert status_of(err) == 409
    assert status_of(MatchError("illegal_action", "no")) == 422
    assert status_of(MatchError("bad_config", "no")) == 400


def test_a_tournament_refusal_is_a_domain_refusal_too():
    err = TournamentError("round_started", "round 2 has already started")
    assert isinstance(err, DomainError) and not isinstance(err, ApiError)
    assert status_of(err) == 409
    assert status_of(TournamentError("not_organiser", "no")) == 403
    assert status_of(TournamentError("invalid", "name: give the tournament a name")) == 400


def test_every_mapped_code_is_in_the_error_catalogue():
    assert not set(STATUS) - set(ERROR_CODES), sorted(set(STATUS) - set(ERROR_CODES))


def _raw_imports(root: Path = ROOT) -> dict[str, set[str]]:
    """Every project module each module imports, package faces included."""
    mods = modules(root)
    return {m: imported(ast.parse(p.read_text(encoding="utf-8")), m,
                        p.name == "__init__.py", mods) for m, p in mods.items()}


def games_named_in_matches(root: Path = ROOT) -> dict[str, list[str]]:
    games = ("rulesets.kgk", "rulesets.pulsar", "rulesets.smugglers", "rulesets.roll")
    return {m: sorted(t for t in targets if t.startswith(games))
            for m, targets in _raw_imports(root).items()
            if m.startswith("matches") and any(t.startswith(games) for t in targets)}


def test_matches_names_no_game():
    """``matches`` drives every game through the ruleset protocol and the registry: no
    module of it imports a game's package (scenarios come through ``Scenarios``, an online
    tournament's game from its deck format)."""
    assert games_named_in_matches() == {}
