"""Mail exactly once: a "your turn" mail is a row of the outbox written with the turn, sent
by the worker with no transaction open while the SMTP server talks, and marked sent by one
statement. Whatever else writes meanwhile, or runs the send twice, one mail goes out."""

from __future__ import annotations

import asyncio
import threading

import pytest
from django.db import connection

from matches.models import Match
from players.models import Mail, NotificationSetting
from players.notifications import outbox
from players.tasks import notify_turn, sweep_turns
from tests.support.smtp import Inbox, smtp_server
from tests.support.turn_based import acting_users, turn_based_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def people(django_user_model):
    return {n: django_user_model.objects.create_user(n, email=f"{n}@example.org",
                                                     password="titkos-jelszo-123")
            for n in ("anna", "bela", "cili")}


class WritingInbox(Inbox):
    """While each mail is being delivered, someone else uses the site: a write to the
    database from another connection, which must go through."""

    def __init__(self, user) -> None:
        super().__init__()
        self.user, self.writes = user, 0
        self.failures: list[str] = []

    def write(self) -> None:
        try:
            NotificationSetting.objects.update_or_create(
                user=self.user, defaults={"email_turns": self.writes % 2 == 0})
            self.writes += 1
        except Exception as exc:
            self.failures.append(repr(exc))
        finally:
            connection.close()

    async def handle_DATA(self, server, session, envelope):  # (aiosmtpd's name)  # (aiosmtpd's name)
        await asyncio.get_running_loop().run_in_executor(None, self.write)
        return await super().handle_DATA(server, session, envelope)


def test_a_write_during_the_send_neither_waits_for_it_nor_doubles_the_mail(people, settings):
    """The mail is not sent inside the transaction that marks it sent: there a write by
    anyone while it went out would wait for the SMTP server (a locked database) or make
    the mark fail, and the sweep send the mail again, and again."""
    inbox = WritingInbox(people["cili"])
    with smtp_server(settings, inbox=inbox):
        match = turn_based_match(people)
        told = sorted(acting_users(match))
        assert notify_turn.apply((match.pk,)).get() == len(told)
        for _ in range(3):                       # the sweep comes by, again and again
            sweep_turns.apply().get()
        assert inbox.failures == [] and inbox.writes == len(told)
        assert sorted(m["To"] for m in inbox.messages) == [f"{n}@example.org" for n in told]
        assert not Mail.objects.filter(match=match, sent=None).exists()


class HeldInbox(Inbox):
    """Holds the first mail at the SMTP server until told to let it go."""

    def __init__(self) -> None:
        super().__init__()
        self.arrived, self.go = threading.Event(), threading.Event()

    async def handle_DATA(self, server, session, envelope):
        self.arrived.set()
        await asyncio.get_running_loop().run_in_executor(None, self.go.wait, 60)
        return await super().handle_DATA(server, session, envelope)


def test_the_sweep_beside_a_send_in_progress_leaves_its_mail_alone(people, settings):
    inbox = HeldInbox()
    with smtp_server(settings, inbox=inbox):
        match = turn_based_match(people)
        Mail.objects.filter(match=match).exclude(pk=Mail.objects.filter(match=match)
                                                 .order_by("pk").values("pk")[:1]).delete()
        sent: list[int] = []

        def task() -> None:
            try:
                sent.append(outbox.send_turn_mail(match.pk))
            finally:
                connection.close()

        first = threading.Thread(target=task)
        first.start()
        try:
            assert inbox.arrived.wait(60)
            assert outbox.send_due() == 0          # claimed by the task: not sent again
        finally:
            inbox.go.set()
            first.join(60)
        assert sent == [1] and len(inbox.messages) == 1
        assert outbox.send_due() == 0 and len(inbox.messages) == 1


def test_a_mail_no_longer_due_is_dropped_not_sent(people, settings):
    with smtp_server(settings) as inbox:
        match = turn_based_match(people)
        assert Mail.objects.filter(match=match).exists()
        Match.objects.filter(pk=match.pk).update(status=Match.FINISHED)
        assert outbox.send_due() == 0 and inbox.messages == []
        assert set(Mail.objects.filter(match=match).values_list("dropped", flat=True)) == {
            "match_over"}


def test_each_turn_mail_has_one_message_id(people, settings):
    """A mail sent again after a sender died between the SMTP server's yes and the mark
    is the same message to the person's mail program."""
    with smtp_server(settings) as inbox:
        match = turn_based_match(people)
        assert outbox.send_due() >= 1
        first = {m["To"]: m["Message-ID"] for m in inbox.messages}
        Mail.objects.filter(match=match).update(sent=None, claimed=None)   # (as if died)
        outbox.send_due()
        again = {m["To"]: m["Message-ID"] for m in inbox.messages[len(first):]}
        assert again == first and len(set(first.values())) == len(first)
