"""The catalog declares each format by what differs from the plain match."""

from __future__ import annotations

from dataclasses import fields

from organizer.core.formats.catalog import UNKNOWN_FORMAT, format_info


def test_a_format_that_states_no_match_gets_the_plain_one() -> None:
    for fmt in (format_info("castle-wars"), format_info("wtactics-orc"), UNKNOWN_FORMAT):
        assert (fmt.best_of, fmt.draws_allowed, fmt.round_minutes) == (3, True, 50)
    assert format_info("wars-constructed").draws_allowed is False


def test_skirmish_draft_plays_as_constructed_but_from_a_drafted_pool() -> None:
    constructed = format_info("warcaste-skirmish-constructed")
    draft = format_info("warcaste-skirmish-draft")
    names = [f.name for f in fields(constructed)]
    differing = {n for n in names if getattr(constructed, n) != getattr(draft, n)}
    assert differing == {"id", "title", "summary", "draft"}
    assert (draft.best_of, draft.round_minutes, draft.end_of_round) == (1, 60, "sudden_death")
