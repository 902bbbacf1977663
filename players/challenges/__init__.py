"""Finding an opponent: open and direct challenges, rematches (``services``), the
rules every door is held to (``policies``), and their pages and API."""
