"""Turn-based play: the time controls (``timecontrol``), a deadline per move and a reserve
per player (``clocks``), and who is told it is their turn (``told``)."""
