"""The live path: a client waiting for a match (or its account) to change.

- ``events``: the events answer's one shape (:func:`events_answer`, pure), what a seat
  sees since an event number (:func:`events_since`, no request, no wait) and what a wait
  waits for (:class:`Wait`);
- ``wait``: :func:`wait_for_change`, the one wait the long-poll and the streams share
  (a coroutine: on the event loop, or in the request's thread);
- ``notify`` (PostgreSQL ``LISTEN`` from a thread, or re-reads on SQLite) and ``hub``
  (one listening connection per ASGI process, fanning out to coroutines) deliver the
  database's notifications;
- ``account``: :func:`publish_account_event` and the account stream's waits;
- ``caps``: how many waits one client may hold;
- ``presence``: when each signed-in person was last on the site (for the turn mail).

The HTTP endpoints that use them are in ``matches.api.live_views``.
"""
