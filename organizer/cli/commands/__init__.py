"""The subcommands, one module per group; `COMMANDS` names the module of each.

The command line imports only the module of the command it runs (and through
it only the services that command uses), so `organizer --version` or
`organizer result 7 2-1` does not load SQLAlchemy, reportlab and Alembic for
every other command first. A test checks this table against the modules.

Inside a module the services are imported by the handlers that use them, and
`Context` opens the database only when asked: the file commands (`check-deck
--cards`, `pair FILE`, `standings FILE`) run on core alone, without SQLAlchemy,
SQLModel or alembic (tests/cli/test_file_commands_imports.py).
"""

from __future__ import annotations

COMMANDS: dict[str, str] = {
    "new": "events",
    "formats": "events",
    "settings": "events",
    "export": "events",
    "import": "events",
    "demo": "demo",
    "players": "players",
    "checkin": "players",
    "cards": "decks",
    "check-deck": "decks",
    "deck": "decks",
    "deckcheck": "decks",
    "pair": "rounds",
    "swap": "rounds",
    "result": "rounds",
    "topcut": "rounds",
    "standings": "rounds",
    "clock": "clock",
    "sudden-death": "clock",
    "pods": "pods",
    "print": "printing",
    "serve": "serve",
    "repair-duplicates": "database",
    "host": "host",
    "penalty": "penalties",
    "prizes": "prizes",
    "publish": "publish",
    "finish": "finish",
    "people": "people",
    "season": "seasons",
    "pairings": "floor",
    "rounds": "floor",
    "rewind": "floor",
    "undo": "floor",
    "judges": "judges",
    "judge-calls": "judges",
}
"""Command name -> module in `organizer.cli.commands` that registers it."""

GROUPS: tuple[str, ...] = tuple(dict.fromkeys(COMMANDS.values()))
"""Every module, in the order `organizer --help` lists their commands."""
