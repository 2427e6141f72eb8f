"""What every subcommand gets: the answer is JSON with --json, a line without."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

from organizer.cli.context import Context
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
