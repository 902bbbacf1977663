"""What needs a person: the notifications kept for them (``kept``), who is told it is their
turn and how often (``told``), the mail outbox (``outbox``), their page and API."""
