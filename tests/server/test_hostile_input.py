"""Low findings on input: each answered with a clear 4xx (or a page with the
reason), never a 500, through HTTP."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.test import APIClient

from cards.models import Card, CollectionEntry, Contribution
from tests.support.api import assert_error

pytestmark = pytest.mark.django_db
DASHES = "-" * 1000 + "a"


def _signed_in(user) -> Client:
    c = Client(raise_request_exception=False)
    c.force_login(user)
    return c


def test_a_thousand_negations_are_a_400_on_the_api_and_a_message_on_the_home_page(cards_loaded):
    c = Client(raise_request_exception=False)
    err = assert_error(c.get("/api/v1/cards/", {"q": DASHES}), 400)
    assert "deep" in err["message"].lower() or "nested" in err["message"].lower(), err
    page = c.get("/", {"q": DASHES})
    assert page.status_code in (200, 400), page.status_code
    assert "Túl mély" in page.content.decode()


CSV_HEAD = "slug,name_hu,type,cost\n"
HOSTILE_CELLS = {
    "huge_number": f"x-huge,Nagy,ship,{'9' * 5000}\n",
    "nested_json": None,  # (built below: a JSON column)
    "nul": "x-nul,Nu\x00l,ship,3\n",
}


def _contribute_csv(client: Client, text: str):
    return client.post("/contribute/csv/", {
        "source_note": "audit", "file": SimpleUploadedFile("c.csv", text.encode(), "text/csv")})


@pytest.mark.parametrize("kind", ["huge_number", "nested_json", "nul"])
def test_contribution_csv_hostile_cells_are_named_not_500(user, cards_loaded, kind):
    if kind == "nested_json":
        text = 'slug,name_hu,type,sources\nx-deep,Mély,ship,"' + "[" * 50_000 + '"\n'
    else:
        text = CSV_HEAD + HOSTILE_CELLS[kind]
    answer = _contribute_csv(_signed_in(user), text)
    assert answer.status_code == 200, answer.status_code
    assert "errorlist" in answer.content.decode() or "error" in answer.content.decode()
    assert not Contribution.objects.exists()


@pytest.mark.parametrize("where", ["count", "slug"])
def test_collection_csv_import_hostile_cells_are_named_not_500(user, cards_loaded, where):
    """A 5,000-digit count was a 500 (int() refuses it), a NUL in a slug too (PostgreSQL
    refuses NUL in text: this case fails on the old code in the PostgreSQL pass)."""
    slug = Card.objects.order_by("slug").first().slug
    row = f"{slug},{'9' * 5000}" if where == "count" else f"{slug}\x00x,1"
    text = f"slug,owned,wanted\n{row},0\n"
    answer = _signed_in(user).post("/collection/import/", {"text": text})
    assert answer.status_code == 200, answer.status_code
    assert not CollectionEntry.objects.filter(user=user).exists()
    answer = _signed_in(user).post("/collection/import/", {
        "file": SimpleUploadedFile("c.csv", text.encode(), "text/csv")})
    assert answer.status_code == 200, answer.status_code


def test_collection_csv_export_escapes_formulas(user, cards_loaded):
    card = Card.objects.order_by("slug").first()
    card.name_hu = '=HYPERLINK("http://evil.example","x")'
    card.save()
    CollectionEntry.objects.create(user=user, card=card, owned=1, wanted=0)
    text = _signed_in(user).get("/collection/export/").content.decode()
    cells = [c for row in csv.reader(io.StringIO(text)) for c in row]
    assert card.name_hu not in cells
    assert "'" + card.name_hu in cells


def _rows(n: int, start: int = 0) -> str:
    return CSV_HEAD + "".join(f"uj-lap-{i},Új lap {i},ship,3\n" for i in range(start, start + n))


def test_a_5000_row_csv_makes_no_contributions(user, cards_loaded):
    """A 134 KB CSV made 5,000 pending contributions. Now a file has at most
    KAOSZ_CONTRIB_CSV_MAX_ROWS rows, and an account at most KAOSZ_CONTRIB_MAX_PENDING
    waiting."""
    answer = _contribute_csv(_signed_in(user), _rows(5000))
    assert answer.status_code == 200 and "200" in answer.content.decode()
    assert Contribution.objects.count() == 0


def test_pending_contributions_are_capped_per_account(user, cards_loaded, settings):
    settings.KAOSZ_CONTRIB_MAX_PENDING = 5
    client = _signed_in(user)
    assert _contribute_csv(client, _rows(4)).status_code == 302
    refused = _contribute_csv(client, _rows(2, start=10))
    assert refused.status_code == 200 and "Most még 1 fér el" in refused.content.decode()
    assert Contribution.objects.filter(author=user).count() == 4
    api = APIClient()
    api.force_authenticate(user)
    body = {"kind": "new", "proposed": {"slug": "api-lap", "name_hu": "API lap",
                                        "type": "ship"}, "source_note": "audit"}
    assert api.post("/api/v1/contributions/", body, format="json").status_code == 201
    body["proposed"] = {**body["proposed"], "slug": "api-lap-2"}
    assert_error(api.post("/api/v1/contributions/", body, format="json"), 429,
                 "too_many_pending")


def test_contribution_csv_files_are_rate_limited(user, cards_loaded, settings):
    settings.KAOSZ_RATE_LIMITS = {**settings.KAOSZ_RATE_LIMITS, "contribution_csv": (2, 3600)}
    client = _signed_in(user)
    codes = [_contribute_csv(client, _rows(1, start=i)).status_code for i in range(3)]
    assert codes == [302, 302, 429]


MANY = "&".join(f"p{i}=1" for i in range(1001))


def test_over_a_thousand_query_parameters_are_a_json_400_on_the_api(cards_loaded, user):
    c = Client(raise_request_exception=False)
    err = assert_error(c.get("/api/v1/cards/?" + MANY), 400, "malformed_request")
    assert err["details"]["max_parameters"] == 1000
    assert c.get("/?" + MANY).status_code == 400  # (a page: the plain 400, not a 500)
    api = APIClient(raise_request_exception=False)
    api.force_authenticate(user)
    answer = api.post("/api/v1/decks/validate/", MANY,
                      content_type="application/x-www-form-urlencoded")
    assert_error(answer, 400, "malformed_request")


HUGE = "9" * 5000


@pytest.mark.parametrize("number", [HUGE, "²"])
def test_number_fields_elsewhere_refuse_huge_and_non_ascii_digits(user, cards_loaded, number):
    """The siblings of the CSV finding: every field read with ``str.isdigit()`` then
    ``int()`` (a 5,000-digit number raises; so does '²', a digit to ``isdigit``)."""
    c = _signed_in(user)
    assert c.get("/cards/advanced/", {"cost": number}).status_code in (200, 302)
    form = {"name_hu": "Próba", "type": "ship", "cost": number, "dev_limit": number,
            "source_note": "audit"}
    answer = c.post("/contribute/", form)
    assert answer.status_code == 200 and not Contribution.objects.exists()
    assert c.post("/account/tokens/", {"revoke": number}).status_code == 302
    api = APIClient()
    api.force_authenticate(user)
    body = {"kind": "new", "proposed": {"slug": "proba", "name_hu": "Próba", "type": "ship",
                                        "dev_limit": number}, "source_note": "audit"}
    assert_error(api.post("/api/v1/contributions/", body, format="json"), 400, "invalid")


@pytest.mark.parametrize("wait", [HUGE, "²"])
def test_a_long_poll_wait_of_huge_or_non_ascii_digits_is_no_500(user, wait):
    api = APIClient(raise_request_exception=False)
    api.force_authenticate(user)
    match = api.post("/api/v1/matches/", {"ruleset": "smugglers", "seats": [
        {"player": "me"}, {"player": "bot:random"}]}, format="json")
    assert match.status_code == 201, match.content
    answer = api.get(f"/api/v1/matches/{match.json()['id']}/events/",
                     {"after": "0", "wait": wait})
    assert answer.status_code < 500, answer.status_code
