"""The players' page: pairings, standings, pods and the clock on every phone in the room.

A third client of the services beside `gui` and `cli`: a WSGI application
(`app.PlayersPage`) with Jinja2 templates (autoescaping on, never escaping by
hand) and its own CSS and a little JavaScript, served by waitress from a
thread (`server.PageServer`) so neither the command line nor the Qt event loop
waits on it. Requests, responses, cookies and routing are Werkzeug's, in one
layer for every part (`site`, `cookies`): only the routes in its table exist
(other modules add theirs with `PlayersPage.add_route`), each with the
methods it takes: the pages are read-only, GET and HEAD. An open page follows every write through
`/api/version.json` (`snapshot`); the lists are paged (`paging`). Must not
import Qt or SQL.
"""
