"""Reading deck lists (docs/rules.md, "Deck lists"): every line read or reported."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from organizer.core.decklist import (
    HEADINGS,
    DeckEntry,
    Part,
    parse_deck,
    parse_deck_csv,
    parse_deck_text,
    split_lines,
)


@pytest.mark.parametrize(
    "line",
    [
        "3 Kiln Warden",
        "3x Kiln Warden",
        "Kiln Warden x3",
        "3 x Kiln Warden",
        "3X  Kiln Warden ",
        "Kiln Warden \u00d73",
        "  +3 kiln warden",
    ],
)
def test_the_three_ways_to_write_a_count(line: str) -> None:
    deck = parse_deck_text(line)
    assert deck.readable
    (entry,) = deck.entries
    assert (entry.count, entry.name.lower(), entry.part, entry.line) == (
        3,
        "kiln warden",
        Part.DECK,
        1,
    )


@pytest.mark.parametrize(("heading", "part"), list(HEADINGS.items()))
def test_headings_put_the_cards_below_them_into_a_part(heading: str, part: Part) -> None:
    deck = parse_deck_text(f"1 Before\n{heading.upper()}:\n2 After\n\n1 Later")
    assert [(e.name, e.part) for e in deck.entries] == [
        ("Before", Part.DECK),
        ("After", part),
        ("Later", part),
    ]


def test_a_heading_may_carry_its_card_count() -> None:
    deck = parse_deck_text("Sideboard (10):\n10 Spare\n Side deck (3) :\n3 Spare")
    assert deck.readable and {e.part for e in deck.entries} == {Part.SIDEBOARD}


def test_comments_blank_lines_and_line_endings() -> None:
    text = "\ufeff# my deck\r\n// by me\r\n\r\n  \n2 Alpha\r3 Beta\n"
    deck = parse_deck_text(text)
    assert deck.readable
    assert [(e.count, e.name, e.line) for e in deck.entries] == [(2, "Alpha", 5), (3, "Beta", 6)]


@pytest.mark.parametrize(
    ("written", "name", "boost"),
    [
        ("Burn Grunt (Bold)", "Burn Grunt", "Bold"),
        ("Burn Grunt (cunning 2)", "Burn Grunt", "Cunning"),
        ("Burn  Grunt(STALWART)", "Burn Grunt", "Stalwart"),
        ("Burn Grunt", "Burn Grunt", None),
        ("Callisto Dockyards (Site)", "Callisto Dockyards (Site)", None),
        ("(Bold)", "(Bold)", None),
    ],
)
def test_boost_variant_suffix(written: str, name: str, boost: str | None) -> None:
    (entry,) = parse_deck_text(f"2 {written}").entries
    assert (entry.name, entry.boost) == (name, boost)
    assert entry.display_name == (f"{name} ({boost})" if boost else name)


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("Kiln Warden", "no count"),
        ("0 Kiln Warden", "1 or more"),
        ("-2 Kiln Warden", "1 or more"),
        ("Kiln Warden x0", "1 or more"),
        ("three Kiln Warden", "in words"),
        ("Three Kiln Warden", "in words"),
        ("a Kiln Warden", "in words"),
        ("3", "no card name"),
        ("3x", "no card name"),
        ("2 Kiln Warden x3", "two counts"),
        ("123456789012345678901234567890 Kiln Warden", "not a number of copies"),
        ("Creatures:", "unknown section heading"),
        ("3.5 Kiln Warden", "no count"),
    ],
)
def test_an_unreadable_line_is_reported_and_makes_the_list_unreadable(line: str, why: str) -> None:
    deck = parse_deck_text(f"Deck:\n1 Fine Card\n{line}\n2 Other Card")
    assert not deck.readable
    (problem,) = deck.problems
    assert problem.line == 3 and problem.text == line and why in problem.message
    assert str(problem).startswith("line 3: ")
    assert [e.name for e in deck.entries] == ["Fine Card", "Other Card"]


def test_every_unreadable_line_is_reported() -> None:
    deck = parse_deck_text("one A\n2 B\nC\n0 D\n")
    assert [p.line for p in deck.problems] == [1, 3, 4]


def test_counts_and_parts() -> None:
    deck = parse_deck_text("Doctrine:\n1 D\nDeck:\n3 A\n2 B\nSideboard:\n4 C")
    assert deck.count(Part.DECK) == 5 and deck.count(Part.DECK, Part.SIDEBOARD) == 9
    assert [e.name for e in deck.part(Part.DOCTRINE)] == ["D"]


def test_deck_csv() -> None:
    text = (
        "Count,Name,Section\n"
        "1,Greywater Keep,Castle\n"
        '3,"Healer\'s Satchel, Large",\n'
        "2,Spare (Bold),side deck\n"
        "\n"
        "two,Bad Count,deck\n"
        "0,Zero,deck\n"
        "1,,deck\n"
        "1,Somewhere,Attic\n"
        "1,Too,deck,many\n"
    )
    deck = parse_deck(text)
    assert deck.entries == (
        DeckEntry(1, "Greywater Keep", None, Part.CASTLE, 2),
        DeckEntry(3, "Healer's Satchel, Large", None, Part.DECK, 3),
        DeckEntry(2, "Spare", "Bold", Part.SIDEBOARD, 4),
    )
    problems = {p.line: p.message for p in deck.problems}
    assert sorted(problems) == [6, 7, 8, 9, 10]
    assert "in words" in problems[6] and "1 or more" in problems[7]
    assert "name is empty" in problems[8] and "Attic" in problems[9]


def test_deck_csv_without_its_header_is_unreadable() -> None:
    deck = parse_deck_csv("3,Kiln Warden\n")
    assert not deck.readable and deck.problems[0].line == 1


def test_parse_deck_tells_text_from_csv() -> None:
    assert parse_deck("# comment\ncount,name\n2,A\n").entries[0].line == 3
    assert parse_deck("2 count, name\n").entries[0].name == "count, name"


LINE = st.text(st.characters(exclude_characters="\r\n"), max_size=40)


@settings(max_examples=300, deadline=None)
@given(st.lists(LINE, max_size=30), st.sampled_from(["\n", "\r\n", "\r"]))
def test_the_parser_never_crashes_and_skips_nothing_silently(lines: list[str], eol: str) -> None:
    text = eol.join(lines)
    deck = parse_deck_text(text)
    count = len(split_lines(text))
    read = {e.line for e in deck.entries}
    reported = {p.line for p in deck.problems}
    assert all(1 <= n <= count for n in read | reported) and not read & reported
    assert all(e.count >= 1 and e.name.strip() for e in deck.entries)
    for number, raw in enumerate(split_lines(text), start=1):
        line = raw.strip()
        ignored = not line or line.startswith(("#", "//")) or line.endswith(":")
        assert ignored or number in read | reported, (number, raw)
        if line.endswith(":") and not line.startswith(("#", "//")):
            assert number not in read


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_text_is_read_or_reported(text: str) -> None:
    for deck in (parse_deck(text), parse_deck_csv(text)):
        assert all(p.line >= 1 for p in deck.problems)
        assert all(e.count >= 1 and e.line >= 1 for e in deck.entries)


NAME = st.from_regex(r"[A-Z][a-z]{1,8}( [A-Z][a-z]{1,8}){0,3}", fullmatch=True)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 60), NAME, st.sampled_from(list(Part))), max_size=20))
def test_written_lists_read_back(rows: list[tuple[int, str, Part]]) -> None:
    lines: list[str] = []
    for n, name, part in rows:
        lines += [f"{part.value}:", f"{n}x {name}" if n % 2 else f"{name} x{n}"]
    deck = parse_deck_text("\n".join(lines))
    assert deck.readable
    assert [(e.count, e.name, e.part) for e in deck.entries] == rows


def test_a_line_unreadable_as_text_is_a_problem_and_a_text_list_reads_on() -> None:
    text = "Deck:\n3 Oak\n" + "4 " + "x" * 5_000 + "\n2 Elm \ud800\n1 Ash\n"
    parsed = parse_deck_text(text)
    assert [(e.count, e.name) for e in parsed.entries] == [(3, "Oak"), (1, "Ash")]
    assert [(p.line, p.message) for p in parsed.problems] == [
        (3, "the line is 5,002 characters long; at most 4,000 are read"),
        (4, "the line holds a lone surrogate, which is not text"),
    ]


def test_a_csv_list_with_a_line_unreadable_as_text_is_not_read_at_all() -> None:
    parsed = parse_deck_csv("count,name\n2 ,Elm \ud800\n3,Oak\n" + "x" * 5_000 + "\n")
    assert parsed.entries == ()
    assert [(p.line, p.message) for p in parsed.problems] == [
        (2, "the line holds a lone surrogate, which is not text")
    ]
