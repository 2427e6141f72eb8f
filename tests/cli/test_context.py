"""What every subcommand gets: the answer is JSON with --json, a line without."""

from __future__ import annotations

import argparse
import io
import json

from organizer.cli.context import Context


def answer(args: argparse.Namespace) -> str:
    out = io.StringIO()
    Context(args, out=out).answer({"event": 7}, "7")
    return out.getvalue()


def test_an_answer_is_the_document_with_json_and_the_line_without() -> None:
    assert json.loads(answer(argparse.Namespace(json=True))) == {"event": 7}
    assert answer(argparse.Namespace(json=False)) == "7\n"
    assert answer(argparse.Namespace()) == "7\n"  # a command without --json
