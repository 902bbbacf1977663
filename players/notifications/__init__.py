"""What needs a person: the notifications kept for them (``kept``), the mail outbox
(``outbox``), their page and API."""
