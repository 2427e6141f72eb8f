"""Reading a players CSV: good rows kept, every bad row named by its line."""

from __future__ import annotations

import pytest

from organizer.core.players_csv import PlayersCsvError, duplicate_names, parse_players_csv


def test_reads_optional_columns_in_any_order() -> None:
    parsed = parse_players_csv(
        "\ufeffEmail,Name,awarded_byes,id\nada@x.org, Ada  Byrne ,1,A1\n,Bo,,\n"
    )
    assert parsed.problems == ()
    ada, bo = parsed.rows
    assert (ada.name, ada.email, ada.awarded_byes, ada.player_id, ada.line) == (
        "Ada Byrne",
        "ada@x.org",
        1,
        "A1",
        2,
    )
    assert (bo.name, bo.email, bo.awarded_byes, bo.player_id) == ("Bo", None, 0, None)


def test_bad_rows_are_reported_and_the_rest_kept() -> None:
    text = "\n".join(
        [
            "name,id,email,awarded_byes",
            "Ada,a1,,",
            ",a2,,",  # line 3: no name
            "Cy,a1,,",  # line 4: id used on line 2
            "Di,,not-an-email,",  # line 5
            "Ed,,,two",  # line 6
            "Fy,,,,surplus",  # line 7: too many values
            "",
            "Gus,,,0",
        ]
    )
    parsed = parse_players_csv(text)
    assert [r.name for r in parsed.rows] == ["Ada", "Gus"]
    assert [p.line for p in parsed.problems] == [3, 4, 5, 6, 7]
    assert "line 2" in parsed.problems[1].message


def test_quoted_fields_with_newlines_keep_line_numbers() -> None:
    parsed = parse_players_csv('name,email\n"Ada\nByrne",\nBo,bad\n')
    assert parsed.rows[0].name == "Ada Byrne"
    assert parsed.problems[0].line == 4


def test_a_file_without_a_name_column_is_refused() -> None:
    with pytest.raises(PlayersCsvError, match="line 1"):
        parse_players_csv("player,email\nAda,\n")
    with pytest.raises(PlayersCsvError, match="empty"):
        parse_players_csv("")


def test_duplicate_names_fold_case_and_spaces() -> None:
    assert duplicate_names(["Ada Byrne", "ada  byrne", "Bo"]) == {"Ada Byrne": 2}


def test_duplicate_names_fold_accents_and_letters_as_search_does() -> None:
    found = duplicate_names(["Łukasz Żółkiewski", "lukasz zolkiewski", "Lukas"])
    assert found == {"Łukasz Żółkiewski": 2}
