"""What every subcommand gets: the parsed arguments, the open database, output helpers."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from organizer.services.errors import InputError
from organizer.services.events import resolve_event_id
from organizer.storage.database import Database


@dataclass
class Context:
    args: argparse.Namespace
    out: TextIO = field(default_factory=lambda: sys.stdout)
    err: TextIO = field(default_factory=lambda: sys.stderr)
    _db: Database | None = None

    @property
    def db(self) -> Database:
        if self._db is None:
            self._db = Database.open(self.args.db)
        return self._db

    def event_id(self) -> int:
        return resolve_event_id(self.db, self.args.event)

    def print(self, text: str = "") -> None:
        print(text, file=self.out)

    def warn(self, text: str) -> None:
        print(text, file=self.err)

    def print_json(self, value: Any) -> None:
        print(json.dumps(value, ensure_ascii=False, indent=2), file=self.out)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()


def read_text(path: str) -> str:
    """A UTF-8 input file's text, or an `InputError` that names it."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: cannot read it ({exc.strerror})") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(f"{path}, line {line}: not UTF-8 text ({exc.reason})") from None
