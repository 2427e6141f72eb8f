"""The players' page: pairings, standings, pods and the clock on every phone in the room.

A third client of the services beside `gui` and `cli`: a WSGI application
(`app.PlayersPage`) with Jinja2 templates (autoescaping on, never escaping by
hand) and its own CSS and a little JavaScript, served by waitress from a
thread (`server.PageServer`) so neither the command line nor the Qt event loop
waits on it. Read-only: every method but GET and HEAD is refused, and only the
routes listed in `app` exist. Must not import Qt or SQL.
"""
