"""Running the command line in-process against a real database file."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from organizer.cli.main import run


@dataclass
class Outcome:
    status: int
    out: str
    err: str


def organizer(db_path: Path, *args: str) -> Outcome:
    out, err = io.StringIO(), io.StringIO()
    status = run(["--db", str(db_path), *args], out=out, err=err)
    return Outcome(status, out.getvalue(), err.getvalue())


def ok(db_path: Path, *args: str) -> Outcome:
    """`organizer(...)`, asserting it succeeded (the output in the failure message)."""
    done = organizer(db_path, *args)
    assert done.status == 0, (args, done.out, done.err)
    return done
