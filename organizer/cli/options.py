"""The options several subcommands share, each declared once with one help text.

Why: `--json`, `--round`, `--paper` and `--house-rule` mean the same on every command that
takes them, but each command module wrote them out again, and their help texts drifted
(three wordings of "the latest round", most `--json` flags with none). Plain argparse; the
values' types and bounds are arg_types.py's.

`command()` declares a subcommand with its handler (and `--json`) in one call: each
command module spelled out the same parser, flag and `set_defaults` lines for every one.
`command_group()` declares a command that only holds subcommands (`deckcheck pick|start|…`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from organizer.cli import arg_types
from organizer.core.paper import PAPERS

if TYPE_CHECKING:
    from organizer.cli.context import Context

JSON_HELP = "answer with a JSON document instead of lines of text"


def json_flag(parser: argparse.ArgumentParser, help: str = JSON_HELP) -> None:
    """`--json`: the command answers with a JSON document.

    Unset unless given (the root parser's default, False, stands): a command with
    subcommands of its own (`judge-calls --json claim 3`) keeps the flag given before
    the subcommand, which the subcommand's own default would otherwise overwrite."""
    parser.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help=help)


def command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    handler: Callable[[Context], int],
    *,
    json: bool = False,
    **parser_options: Any,
) -> argparse.ArgumentParser:
    """A subcommand and the function that runs it, with `--json` when it can answer a
    JSON document: the parser, for the command's own arguments."""
    parser = sub.add_parser(name, **parser_options)
    if json:
        json_flag(parser)
    parser.set_defaults(handler=handler)
    return parser


def command_group(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, help: str, metavar: str
) -> argparse._SubParsersAction[argparse.ArgumentParser]:
    """A command whose subcommands do the work (one of them is required), listed in
    `metavar` as `{a,b,c}`: what `command()` declares the subcommands in."""
    return sub.add_parser(name, help=help).add_subparsers(
        dest=f"{name}_command", required=True, metavar=metavar
    )


def round_option(parser: argparse.ArgumentParser) -> None:
    """`--round N`: the round the command is about; the latest when not given. Parsed as
    `round_number`, the services' keyword for it (`Context.call` passes it on by name)."""
    parser.add_argument(
        "--round",
        type=arg_types.round_number,
        dest="round_number",
        metavar="ROUND",
        help="round number (default: the latest)",
    )


def paper_option(parser: argparse.ArgumentParser) -> None:
    """`--paper A4|Letter`: the paper a printout is laid out for; the event's own when not given."""
    parser.add_argument("--paper", choices=PAPERS, help="paper size (default: the event's setting)")


def house_rule_flag(parser: argparse.ArgumentParser) -> None:
    """`--house-rule`: a round length other than the rulebook's is meant, as a house rule."""
    parser.add_argument(
        "--house-rule",
        action="store_true",
        help="the round length differs from the rulebook's (Warcaste Skirmish: 1 hour, 1d): "
        "run it as the event's house rule, which the slips, the clock and the players' page state",
    )
