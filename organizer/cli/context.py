"""What every subcommand gets: the parsed arguments, the open database, output helpers."""

from __future__ import annotations

import argparse
import inspect
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from organizer.core.json_text import pretty

if TYPE_CHECKING:
    from organizer.storage.database import Database
    from organizer.storage.plain_reads import PlainReader
    from organizer.storage.plain_writer import PlainWriter

T = TypeVar("T")

GLOBAL_OPTIONS = frozenset(
    {"db", "event", "confirm_migration", "self_check", "json", "command", "handler"}
)
"""What the root parser (cli.main) puts on every command's arguments, never handed to a
service by `Context.call`: `--event` is the id that chooses the event, not an `event` a
service might take."""


@dataclass
class Context:
    args: argparse.Namespace
    out: TextIO = field(default_factory=lambda: sys.stdout)
    err: TextIO = field(default_factory=lambda: sys.stderr)
    _db: Database | None = None
    _reader: PlainReader | None = None
    _event_id: int | None = None

    @property
    def db(self) -> Database:
        if self._db is None:
            # Imported here: a file command (`check-deck --cards`, `pair FILE`) opens no
            # database and so never loads SQLAlchemy, SQLModel and alembic.
            from organizer.storage.database import Database

            self._db = Database.open(
                self.args.db, confirm_migration=getattr(self.args, "confirm_migration", False)
            )
        return self._db

    @property
    def reader(self) -> PlainReader:
        """The database opened for the reads that need no ORM (`storage.plain_reads`): a
        read-only command (`players list`) uses it instead of `db`, and starts ~0.3 s sooner.
        Once it is open (and `db` is not), `event_id` is resolved through it too."""
        if self._reader is None:
            from organizer.storage.plain_reads import PlainReader

            self._reader = PlainReader(
                self._url(), confirm_migration=getattr(self.args, "confirm_migration", False)
            )
        return self._reader

    @property
    def writer(self) -> PlainWriter:
        """The database opened for the writes that need no ORM (`storage.plain_writes`,
        `players import`), as `reader` is for reads: the command starts ~0.3 s sooner."""
        from organizer.storage.plain_writer import PlainWriter

        if not isinstance(self._reader, PlainWriter):
            if self._reader is not None:
                self._reader.close()
            self._reader = PlainWriter(
                self._url(), confirm_migration=getattr(self.args, "confirm_migration", False)
            )
        return self._reader

    def _url(self) -> str:
        from organizer.storage.engine import resolve_url

        return resolve_url(self.args.db)

    def event_id(self) -> int:
        """The event the command is about (`--event`, else the newest), chosen once per command.

        Why once: a command that asks twice (`players add` then its PIN, a clock step then
        its status) would otherwise act on a newer event another station created meanwhile.
        """
        if self._event_id is None:
            if self._db is None and self._reader is not None:  # a command without the ORM
                from organizer.services.event.which_event import resolve_event_id

                self._event_id = resolve_event_id(self.reader, self.args.event)
            else:
                from organizer.services.event.events import resolve_event_id as resolve

                self._event_id = resolve(self.db, self.args.event)
        return self._event_id

    def print(self, text: str = "") -> None:
        print(text, file=self.out)

    def warn(self, text: str) -> None:
        print(text, file=self.err)

    def warn_each(self, warnings: Iterable[str]) -> None:
        """A service's warnings on stderr, one "warning: ..." line each."""
        for warning in warnings:
            self.warn(f"warning: {warning}")

    def print_json(self, value: Any) -> None:
        print(pretty(value), file=self.out)

    def answer(self, document: Any, text: str) -> None:
        """What a command answers: `document` as JSON with --json, else the line `text`."""
        if getattr(self.args, "json", False):
            self.print_json(document)
        else:
            self.print(text)

    def answer_lines(self, document: Any, lines: Iterable[str]) -> None:
        """What a listing command answers: `document` as JSON with --json, else each line."""
        if getattr(self.args, "json", False):
            self.print_json(document)
            return
        for line in lines:
            self.print(line)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
        if self._reader is not None:
            self._reader.close()

    def call(self, service: Callable[..., T], /, **given: Any) -> T:
        """`service(db, ...)` with each keyword-only parameter the command does not give
        taken from its option of the same name (`--note` is `note=`), and `event_id` the
        command's event: a parameter neither given nor an option keeps its default.

        Why: handlers copied every parsed option into the service's keyword of the same
        name, a line each, written again for each command; the service's signature says
        which options it takes. Only what it declares is passed, and never a global option
        (GLOBAL_OPTIONS): `--event` chooses the event, it is no service's `event`.
        """
        for name, parameter in inspect.signature(service).parameters.items():
            if parameter.kind is not parameter.KEYWORD_ONLY or name in given:
                continue
            if name == "event_id":
                given[name] = self.event_id()
            elif name not in GLOBAL_OPTIONS and hasattr(self.args, name):
                given[name] = getattr(self.args, name)
        return service(self.db, **given)
