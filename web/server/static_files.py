"""Static files (WhiteNoise) served in both of Django's middleware modes.

WhiteNoise's middleware (6.x) is sync-only. In an ASGI server's async middleware chain a
sync-only middleware makes *every* request, static or not, leave the event loop for a
thread and come back to pass it. This subclass keeps WhiteNoise's file table, headers,
compression and range handling, and adds the async path: a request for anything else goes
straight on without a thread; a static file is looked up in memory (the table is built at
start-up when ``autorefresh`` is off, as in production) and read in a worker thread.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.conf import settings as django_settings
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse
from whitenoise.middleware import WhiteNoiseMiddleware


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Any = None, settings: Any = django_settings) -> None:
        super().__init__(get_response, settings)
        self.async_mode = iscoroutinefunction(get_response)
        if self.async_mode:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if self.async_mode:
            return self.__acall__(request)
        if isinstance(request, ASGIRequest):  # (the sync chain under ASGI: web.server.threads)
            static_file = self.find_file(request.path_info) if self.autorefresh \
                else self.files.get(request.path_info)
            if static_file is not None:
                return self.serve_read(static_file, request)
        return super().__call__(request)

    async def __acall__(self, request: HttpRequest) -> HttpResponse:
        if self.autorefresh:  # (development: looks at the disk)
            static_file = await sync_to_async(self.find_file, thread_sensitive=False)(
                request.path_info)
        else:
            static_file = self.files.get(request.path_info)
        if static_file is None:
            return await self.get_response(request)
        return await sync_to_async(self.serve_read, thread_sensitive=False)(
            static_file, request)

    @staticmethod
    def serve_read(static_file: Any, request: HttpRequest) -> HttpResponse:
        """WhiteNoise's answer with its body read whole: a file response's body is a sync
        iterator, which Django's ASGI handler can only consume with a warning. (Static files
        here are small: the largest, Swagger UI's bundle, is about 1.5 MB uncompressed and
        served compressed.)"""
        answer = static_file.get_response(request.method, request.META)
        body = b""
        if answer.file is not None:
            try:
                body = answer.file.read()
            finally:
                answer.file.close()
        response = HttpResponse(body, status=int(answer.status))
        del response["Content-Type"]
        for key, value in answer.headers:
            response[key] = value
        return response
