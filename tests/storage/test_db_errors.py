"""What the drivers say when the database goes away: one error for the TO, not two."""

from __future__ import annotations

import logging

import pytest

from organizer.storage.db_errors import SECOND_ERROR


def test_psycopgs_second_error_is_not_printed_beside_the_first(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A connection lost in a pipeline: psycopg warns of the error it ignores while ending
    the pipeline. The command line tells the first error in one line; the warning went to
    stderr beside it (a move back racing a card pool import showed both)."""
    psycopg_log = logging.getLogger("psycopg")
    with caplog.at_level(logging.WARNING, logger="psycopg"):
        psycopg_log.warning(f"{SECOND_ERROR} %r: %s", object(), "the connection is lost")
        psycopg_log.warning("a warning of psycopg's own")
    assert [r.getMessage() for r in caplog.records] == ["a warning of psycopg's own"]
