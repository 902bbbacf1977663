"""How the server processes serve requests, apart from what they answer: the ASGI handler
with reused request threads (``threads``), start-up heap freezing (``heap``), letting go
of a request's objects once rendered (``release``) and static files in both middleware
modes (``static_files``). Nothing here knows a view."""
