"""What every subcommand gets: the answer is JSON with --json, a line without."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from organizer.cli.context import GLOBAL_OPTIONS, Context
from organizer.cli.main import build_parser
from tests.cli.helpers import organizer


def answer(args: argparse.Namespace) -> str:
    out = io.StringIO()
    Context(args, out=out).answer({"event": 7}, "7")
    return out.getvalue()


def test_an_answer_is_the_document_with_json_and_the_line_without() -> None:
    assert json.loads(answer(argparse.Namespace(json=True))) == {"event": 7}
    assert answer(argparse.Namespace(json=False)) == "7\n"
    assert answer(argparse.Namespace()) == "7\n"  # a command without --json


def test_the_newest_event_is_chosen_once_per_command(db_path: Path) -> None:
    """An event another station creates mid-command does not become this command's event."""
    organizer(db_path, "new", "--name", "Friday", "--format", "castle-wars")
    ctx = Context(argparse.Namespace(db=f"sqlite:///{db_path}", event=None))
    try:
        first = ctx.event_id()
        organizer(db_path, "new", "--name", "Saturday", "--format", "castle-wars")
        assert ctx.event_id() == first
    finally:
        ctx.close()


def _service(
    db: object,
    *,
    event_id: int,
    table: int,
    note: str = "",
    minutes: int | None = None,
) -> tuple[object, int, int, str, int | None]:
    """A service as the commands call them: the database first, then keywords only."""
    return db, event_id, table, note, minutes


def _context(**options: object) -> Context:
    """A command's context with its database and event already chosen (no file opened)."""
    db = object()
    return Context(argparse.Namespace(**options), _db=db, _event_id=7)  # type: ignore[arg-type]


def test_call_binds_the_options_named_as_the_service_keywords() -> None:
    ctx = _context(table=3, note="marked cards", json=True, db="here.sqlite", event=None)
    assert ctx.call(_service) == (ctx.db, 7, 3, "marked cards", None)


def test_call_given_keywords_win_over_the_options() -> None:
    ctx = _context(table=3, note="marked cards")
    assert ctx.call(_service, table=5, event_id=2) == (ctx.db, 2, 5, "marked cards", None)


def test_call_leaves_a_keyword_no_option_names_to_its_default() -> None:
    ctx = _context(table=3)
    assert ctx.call(_service) == (ctx.db, 7, 3, "", None)


def test_call_passes_a_required_keyword_no_option_names_to_no_one() -> None:
    """A missing required keyword is the command's own mistake: TypeError, as a plain call."""
    with pytest.raises(TypeError, match="table"):
        _context(note="x").call(_service)


def test_call_never_hands_a_global_option_to_the_service() -> None:
    """`--event` chooses the event; a service's `event` keyword is something else."""

    def takes_event(db: object, *, event: str = "its own") -> str:
        return event

    ctx = _context(event=3, db="here.sqlite")
    assert ctx.call(takes_event) == "its own"


def test_the_global_options_are_what_the_root_parser_sets() -> None:
    """`undo` has no option of its own: what it is parsed into is the root parser's."""
    assert set(vars(build_parser("undo").parse_args(["undo"]))) == GLOBAL_OPTIONS
