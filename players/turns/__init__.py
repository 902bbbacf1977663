"""Turn-based play: the time controls (``timecontrol``), and a deadline per move and a
reserve per player (``clocks``); who is told it is their turn is the notifications'."""
