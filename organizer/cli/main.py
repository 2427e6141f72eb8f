"""Parsing the command line and running one subcommand.

Exit status: 0 success, 1 refused or illegal, 2 bad usage
or unreadable input. Every expected error prints one plain message naming the
file, line and problem; nothing is half-written because every service call is
one transaction.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from organizer import __version__
from organizer.cli.commands import (
    clock,
    database,
    decks,
    demo,
    events,
    host,
    players,
    pods,
    printing,
    rounds,
)
from organizer.cli.context import Context
from organizer.cli.selfcheck import self_check
from organizer.services.errors import EXPECTED, is_input_problem, user_message

Handler = Callable[[Context], int]

COMMAND_GROUPS = (events, demo, players, decks, rounds, clock, pods, printing, database, host)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="organizer",
        description="Run trading card game tournaments. Without a command, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"organizer {__version__}")
    parser.add_argument(
        "--db",
        metavar="PATH_OR_URL",
        help="database file or SQLAlchemy URL (default: ORGANIZER_DB, else the app's own)",
    )
    parser.add_argument(
        "--event", type=int, metavar="ID", help="event id (default: the newest event)"
    )
    parser.add_argument(
        "--yes",
        dest="confirm_migration",
        action="store_true",
        help="upgrade a shared (PostgreSQL) database's schema (back it up first)",
    )
    parser.add_argument(
        "--self-check",
        action="store_true",
        help="check this installation on a temporary database, print what was done",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for group in COMMAND_GROUPS:
        group.register(sub)
    return parser


def run(argv: Sequence[str], *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run one subcommand; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.self_check:
        return self_check(out or sys.stdout)
    ctx = Context(args, out=out or sys.stdout, err=err or sys.stderr)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_usage(ctx.err)
        return 2
    try:
        return handler(ctx)
    except BrokenPipeError:  # output piped into `head`: not an error
        return 0
    except EXPECTED as exc:
        ctx.warn(f"organizer {args.command}: {user_message(exc)}")
        return 2 if is_input_problem(exc) else 1
    finally:
        ctx.close()


def wants_gui(argv: Sequence[str]) -> bool:
    """True when no subcommand is given (only global options such as --db)."""
    args, _ = build_parser().parse_known_args(list(argv))
    if args.self_check:
        return False
    return args.command is None and not any(a in ("-h", "--help", "--version") for a in argv)
