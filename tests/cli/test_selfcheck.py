"""`organizer --self-check` works on a temporary database and says what it did."""

from __future__ import annotations

import io

from organizer.cli.commands import GROUPS
from organizer.cli.main import run, wants_gui


def test_self_check_runs_every_step_and_leaves_no_trace() -> None:
    out = io.StringIO()
    assert run(["--self-check"], out=out) == 0
    text = out.getvalue()
    for step in (
        "opened a new database",
        "loaded sample-warcaste.csv",
        "paired and scored",
        "rendered a standings PDF",
        "folded and ordered names: Lukas Adler, Łukasz Żółkiewski, Zoë Adams",
        f"loaded the {len(GROUPS)} groups of commands",  # every module in the table
        "all good",
    ):
        assert step in text
    assert not wants_gui(["--self-check"])
