"""One render of a match's events answer, shared by every spectator of the process.

A thousand people watching matches on the event stream would cost a thousand renders (a
trip to a thread, a database read) on every move if each stream asked for the events
after the last one it had sent. Spectators without a seat all see the same
public events, so the answer for (match, after, version, status) is the same for each of
them: the first stream to ask renders it, the others awaiting the same key take its result.

Only streams that could not see anything more than the public view share (anonymous,
with no parameter beyond ``after``): a player's stream shows its own seat's hidden events
and always renders its own answer. A spectator's right to watch was checked when its
stream opened, by the view itself.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable

Rendered = tuple[int, bytes]  # (status, body)
Key = tuple[int, int, int, str]  # (match, after, version, status)

KEPT = 2048  # finished renders kept for late wakers (each a few kilobytes)

_RENDERS: OrderedDict[Key, asyncio.Future[Rendered]] = OrderedDict()


class _Abandoned(Exception):
    """The stream rendering for the others went away before it finished."""


async def render_once(key: Key, render: Callable[[], Awaitable[Rendered]]) -> Rendered:
    """``render()``'s answer for ``key``: awaited from the stream already rendering it in
    this process, or rendered here (and shared) when none is."""
    loop = asyncio.get_running_loop()
    shared = _RENDERS.get(key)
    if shared is not None and shared.get_loop() is loop:
        try:
            return await asyncio.shield(shared)
        except _Abandoned:
            return await render()
    shared = _RENDERS[key] = loop.create_future()
    while len(_RENDERS) > KEPT:
        _RENDERS.popitem(last=False)
    try:
        answer = await render()
    except BaseException:
        if _RENDERS.get(key) is shared:
            del _RENDERS[key]
        shared.set_exception(_Abandoned())
        shared.exception()  # (retrieved: no "never retrieved" warning if nobody waits)
        raise
    if answer[0] != 200 and _RENDERS.get(key) is shared:
        del _RENDERS[key]  # (an error is not kept for later streams)
    shared.set_result(answer)
    return answer


def shared_renders() -> int:
    """How many renders this process keeps (for tests)."""
    return len(_RENDERS)
