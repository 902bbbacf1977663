"""The Django hooks the server leans on beyond Django's documented API
(``web.server.django_hooks``): each is checked here, so that a Django release that moves
one fails this test, by name, instead of the live path failing quietly (a long-poll that
never waits, a ``request_finished`` never sent, a body read past its limit)."""

from __future__ import annotations

import inspect

from asgiref.sync import ThreadSensitiveContext
from django.core import signals
from django.core.handlers import asgi
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.base import BaseHandler
from django.http import HttpResponse

from web.server import deferred
from web.server.django_hooks import finished_by
from web.server.threads import PooledThreadsASGIHandler


def parameters(function: object) -> list[str]:
    return list(inspect.signature(function).parameters)  # type: ignore[arg-type]


def test_a_response_closes_with_the_handler_class_it_was_given():
    class Handler:
        pass

    heard: list[object] = []

    def finished(sender: object, **kwargs: object) -> None:
        heard.append(sender)

    signals.request_finished.connect(finished)
    try:
        response = HttpResponse("x")
        finished_by(response, Handler)
        response.close()
    finally:
        signals.request_finished.disconnect(finished)
    assert heard == [Handler]


def test_the_asgi_handler_methods_the_server_overrides_or_calls():
    assert parameters(ASGIHandler.handle) == ["self", "scope", "receive", "send"]
    assert parameters(ASGIHandler.read_body) == ["self", "receive"]
    assert parameters(ASGIHandler.create_request) == ["self", "scope", "body_file"]
    assert parameters(ASGIHandler.send_response) == ["self", "response", "send"]
    assert isinstance(ASGIHandler.chunk_size, int)
    assert parameters(asgi.get_script_prefix) == ["scope"]
    # Django's own handle (the async views' path) reads the body through read_body, so
    # the body limit holds there too.
    assert "self.read_body(receive)" in inspect.getsource(ASGIHandler.handle)
    # The overrides still override something.
    for name in ("handle", "read_body", "__call__"):
        assert name in vars(PooledThreadsASGIHandler) and hasattr(ASGIHandler, name)


def test_the_sync_chain_and_the_thread_context():
    assert parameters(BaseHandler.load_middleware) == ["self", "is_async"]
    assert parameters(BaseHandler.get_response) == ["self", "request"]
    assert "executor" in parameters(ThreadSensitiveContext)


def test_views_see_the_server_only_through_the_contract():
    """Outside a request served by the pooled handler nothing is deferred, and releasing
    the thread is a no-op; inside, the release the server registered is called."""
    assert not deferred.settles_deferred()
    deferred.release_thread()
    released: list[bool] = []
    with deferred.serving(lambda: released.append(True)):
        assert deferred.settles_deferred()
        deferred.release_thread()
    assert released == [True] and not deferred.settles_deferred()
