"""The matches services: what the API and the pages both call, between them and the store.

models → store (rows, entries, replay) → services (seating, sandbox, simulations) → API
(``matches.api``) and pages (``matches.views``). A service refuses with ``MatchError``
(``matches.errors``), which knows no HTTP; the API edge gives each code its status.
"""
