"""The bounds of untrusted input: whole numbers, quotes, JSON depth and size of numbers."""

from __future__ import annotations

import pytest

from organizer.core.input_bounds import (
    BYES,
    TABLE,
    lone_surrogate,
    open_csv,
    quote,
    read_whole,
    summarized,
    text_problem,
)
from organizer.core.json_lines import JsonSyntaxError, OversizeNumber, loads_with_lines


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3", 3),
        (" 12 ", 12),
        ("+2", 2),
        ("100", "awarded_byes must be from 0 to 99, not 100"),
        ("-1", "awarded_byes must be from 0 to 99, not -1"),
        ("12345678901234567890", "awarded_byes must be from 0 to 99, not 12345678901234567890"),
        ("9" * 4400, "awarded_byes must be from 0 to 99, not a 4,400-digit number"),
        ("٣", "awarded_byes must be a whole number, not '٣'"),
        ("1.5", "awarded_byes must be a whole number, not '1.5'"),
        ("--1", "awarded_byes must be a whole number, not '--1'"),
        ("", "awarded_byes must be a whole number, not ''"),
    ],
)
def test_read_whole(text: str, expected: int | str) -> None:
    assert read_whole(text, BYES) == expected


def test_quote_cuts_a_long_value_and_says_its_length() -> None:
    assert quote("Ada") == "'Ada'"
    long = quote("x" * 1_000_000)
    assert len(long) < 100 and long.endswith("(1,000,000 characters)")


def test_lone_surrogates_and_long_texts() -> None:
    assert lone_surrogate("Ada \ud800") == 4
    assert lone_surrogate("Ada \U0001f409") is None
    assert text_problem("the name", "a\udfff") is not None
    assert text_problem("the name", "x" * 1001) == (
        "the name is 1,001 characters long; at most 1,000 are read"
    )
    assert text_problem("the name", "x" * 1000) is None


def test_summarized_lists_50_then_counts() -> None:
    lines = [f"line {i}" for i in range(120)]
    shown = summarized(lines)
    assert shown[:50] == lines[:50] and shown[50:] == ["\u2026 and 70 more problems"]
    assert summarized(lines[:3]) == lines[:3]


def test_json_nested_deeper_than_16_is_refused_with_its_line() -> None:
    assert loads_with_lines("[" * 16 + "]" * 16) is not None
    with pytest.raises(JsonSyntaxError) as caught:
        loads_with_lines('{\n"a":\n' + "[" * 500 + "]" * 500 + "}")
    assert caught.value.line == 3 and "nested deeper than 16 levels" in caught.value.problem
    assert loads_with_lines('["[[[[[[[[[[[[[[[[[[[[[["]') == ["[" * 22]  # brackets in text


def test_json_numbers_beyond_24_digits_are_kept_as_their_size() -> None:
    doc = loads_with_lines('{"a": ' + "9" * 4400 + ', "b": -' + "1" * 30 + ', "c": 123}')
    assert doc == {"a": OversizeNumber(4400), "b": OversizeNumber(30), "c": 123}
    assert str(doc["a"]) == "a 4,400-digit number"
    assert TABLE.problem(10**30) == (
        "a table number must be from 1 to 9,999, not a 31-digit number"
    )


class _FileError(ValueError):
    pass


def test_open_csv_drops_a_byte_order_mark_and_reads_on_past_the_header() -> None:
    table = open_csv("\ufeffname,id\nAda,A1\n\n\nBo\n", _FileError)
    assert table.header == ["name", "id"]
    assert list(table.rows("a test CSV", [])) == [(2, ["Ada", "A1"]), (5, ["Bo"])]


def test_open_csv_names_line_1_when_there_is_no_header_to_read() -> None:
    with pytest.raises(_FileError, match=r"^line 1: the file is empty; it needs a name column$"):
        open_csv("\ufeff", _FileError, "a name column")
    with pytest.raises(_FileError, match=r"^line 1: field larger than field limit"):
        open_csv("x" * 200_000 + "\n", _FileError)
