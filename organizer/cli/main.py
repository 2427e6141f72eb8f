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
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, TextIO

from organizer import __version__
from organizer.cli import arg_types
from organizer.cli.commands import COMMANDS, GROUPS

if TYPE_CHECKING:
    from organizer.cli.context import Context

    Handler = Callable[[Context], int]


def _add_globals(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        metavar="PATH_OR_URL",
        help="database file or SQLAlchemy URL (default: ORGANIZER_DB, else the app's own)",
    )
    parser.add_argument(
        "--event",
        type=arg_types.event_id,
        metavar="ID",
        help="event id (default: the newest event)",
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


def _globals_parser() -> argparse.ArgumentParser:
    """The global options alone: enough to find the command without importing any."""
    parser = argparse.ArgumentParser(prog="organizer", add_help=False)
    _add_globals(parser)
    return parser


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand named in `argv` (the first word after the global options), if any."""
    try:
        _, rest = _globals_parser().parse_known_args(list(argv))
    except SystemExit:
        return None
    return next((word for word in rest if not word.startswith("-")), None)


@cache
def build_parser(command: str | None = None, *, listing: bool = True) -> argparse.ArgumentParser:
    """The parser with the module of `command` registered.

    Without a command, every module when the commands are to be listed (`--help`),
    none otherwise (`--version`, `--self-check`); a word that is no command gets
    every module, so argparse names the commands there are.
    """
    parser = argparse.ArgumentParser(
        prog="organizer",
        description="Run trading card game tournaments. Without a command, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"organizer {__version__}")
    _add_globals(parser)
    parser.set_defaults(json=False)  # `--json` where a command has it (options.json_flag)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    if command is None:
        groups = GROUPS if listing else ()
    else:
        groups = (COMMANDS[command],) if command in COMMANDS else GROUPS
    for name in groups:
        import_module(f"organizer.cli.commands.{name}").register(sub)
    return parser


def run(argv: Sequence[str], *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run one subcommand; returns the exit status."""
    argv = list(argv)
    command = command_of(argv)
    parser = build_parser(command, listing=command is not None or not argv or _asks_help(argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.self_check:
        from organizer.cli.selfcheck import self_check

        return self_check(out or sys.stdout)
    from organizer.cli.context import Context
    from organizer.services.kit.errors import EXPECTED, is_input_problem, user_message

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


def _asks_help(argv: Sequence[str]) -> bool:
    return any(a in ("-h", "--help") for a in argv)


def wants_gui(argv: Sequence[str]) -> bool:
    """True when no subcommand is given (only global options such as --db)."""
    try:
        args, _ = _globals_parser().parse_known_args(list(argv))
    except SystemExit:
        return False
    if args.self_check:
        return False
    return command_of(argv) is None and not any(a in ("-h", "--help", "--version") for a in argv)


def gui_options(argv: Sequence[str]) -> tuple[str | None, int | None]:
    """`--db` and `--event` for the app, read without importing any command."""
    args, _ = _globals_parser().parse_known_args(list(argv))
    return args.db, args.event
