"""``matches.api.shared_renders``: one render per key, shared; an abandoned render does not
leave the others without an answer; an error is not kept."""

from __future__ import annotations

import asyncio

from matches.api import shared_renders


def test_streams_waiting_on_one_key_share_its_render():
    calls = []

    async def render() -> tuple[int, bytes]:
        calls.append(1)
        await asyncio.sleep(0.05)
        return 200, b"{}"

    async def scenario() -> list[tuple[int, bytes]]:
        key = (1, 0, 1, "active")
        return await asyncio.gather(*(shared_renders.render_once(key, render)
                                      for _ in range(10)))

    assert asyncio.run(scenario()) == [(200, b"{}")] * 10
    assert calls == [1]


def test_when_the_rendering_stream_goes_away_the_others_render_themselves():
    calls = []

    async def render() -> tuple[int, bytes]:
        calls.append(1)
        await asyncio.sleep(0.2)
        return 200, b"{}"

    async def scenario() -> tuple[int, bytes]:
        key = (2, 0, 1, "active")
        first = asyncio.create_task(shared_renders.render_once(key, render))
        await asyncio.sleep(0.01)
        second = asyncio.create_task(shared_renders.render_once(key, render))
        await asyncio.sleep(0.01)
        first.cancel()  # (that spectator closed the page)
        return await second

    assert asyncio.run(scenario()) == (200, b"{}")
    assert calls == [1, 1]


def test_an_error_answer_is_not_kept_for_later_streams():
    answers = iter([(404, b"gone"), (200, b"{}")])

    async def render() -> tuple[int, bytes]:
        return next(answers)

    async def scenario() -> list[tuple[int, bytes]]:
        key = (3, 0, 1, "active")
        return [await shared_renders.render_once(key, render) for _ in range(2)]

    assert asyncio.run(scenario()) == [(404, b"gone"), (200, b"{}")]
