"""Reading card pool CSVs: good rows kept, every problem of every bad row named by its line."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from organizer.core.cardpool import (
    GAMES,
    UNLIMITED,
    CardPool,
    CardPoolError,
    normalize_name,
    parse_cardpool,
)

CARDPOOLS = Path(__file__).resolve().parents[2] / "resources" / "cardpools"
HEADER = "game,set,number,name,type,subtypes,attributes,faction,boost,hand_size,copy_limit,rarity"


@pytest.mark.parametrize("path", sorted(CARDPOOLS.glob("*.csv")), ids=lambda p: p.name)
def test_sample_pools_read_cleanly_and_are_marked_as_samples(path: Path) -> None:
    parsed = parse_cardpool(path.read_text(encoding="utf-8"))
    assert parsed.problems == ()
    assert len(parsed.pool) >= 20
    assert len(parsed.pool.games) == 1 and parsed.pool.games[0] in GAMES
    assert path.name.startswith("sample-") and all("SAMPLE" in c.set for c in parsed.pool)


def test_every_sample_game_has_a_pool() -> None:
    games = {
        parse_cardpool(p.read_text(encoding="utf-8")).pool.games[0] for p in CARDPOOLS.glob("*.csv")
    }
    assert games == set(GAMES)


def test_reads_every_column() -> None:
    parsed = parse_cardpool(
        HEADER + "\n"
        "Warcaste,S1,007, Burning  Grunt ,Unit,Ash Raider/Warstar,swarming; Bombardment,"
        "Karnage,bold 2,,,Common\n"
        "warcaste,S1,008,Some Doctrine,doctrine,Karnage,Swarming,Karnage,,5,,rare\n"
        "wars,S1,009,Trooper,character,,,Earther,,,Unlimited,\n"
        "wtactics,S1,010,Treant,creature,,,Gaia,,,1,\n"
    )
    assert parsed.problems == ()
    grunt, doctrine, trooper, treant = parsed.pool.cards
    assert (grunt.game, grunt.name, grunt.type, grunt.boost, grunt.boost_value) == (
        "warcaste",
        "Burning Grunt",
        "unit",
        "Bold",
        2,
    )
    assert grunt.subtypes == ("Ash Raider", "Warstar")
    assert grunt.attributes == frozenset({"Swarming", "Bombardment"})
    assert grunt.rarity == "common" and grunt.display_name == "Burning Grunt (Bold)"
    assert doctrine.hand_size == 5 and doctrine.boost is None
    assert trooper.copy_limit == UNLIMITED and treant.copy_limit == 1


def test_columns_in_any_order_some_left_out_unknown_ones_ignored() -> None:
    parsed = parse_cardpool("\ufeffName,Notes,TYPE,Game\nOak,green,region,wtactics\n")
    assert parsed.problems == ()
    (card,) = parsed.pool.cards
    assert (card.name, card.type, card.game, card.copy_limit, card.attributes) == (
        "Oak",
        "region",
        "wtactics",
        None,
        frozenset(),
    )


def test_a_default_game_serves_files_without_a_game_column() -> None:
    parsed = parse_cardpool("name,type\nKeep,castle\n", default_game="castle-wars")
    assert parsed.pool.cards[0].game == "castle-wars"
    with pytest.raises(CardPoolError, match="game"):
        parse_cardpool("name,type\nKeep,castle\n")


@pytest.mark.parametrize("text", ["", "game,type\nwars,order\n"])
def test_a_file_without_header_or_name_column_is_refused(text: str) -> None:
    with pytest.raises(CardPoolError, match="line 1"):
        parse_cardpool(text)


def test_every_bad_row_is_reported_with_its_line_and_the_good_rows_are_kept() -> None:
    rows = [
        HEADER,
        "warcaste,S,1,Good One,unit,,Swarming,,,,,common",  # 2
        "warcaste,S,2,,unit,,,,,,,",  # 3: no name
        "magic,S,3,Bolt,instant,,,,,,,",  # 4: unknown game
        "wars,S,4,Drone,ship,,,,,,0,",  # 5: copy_limit 0
        "wars,S,5,Drone B,ship,,,,,,lots,",  # 6: copy_limit in words
        "warcaste,S,6,Grunt,unit,,,,Brave 2,,,",  # 7: bad boost
        "warcaste,S,7,Seer,unit,,Psychic,,,,,",  # 8: unknown attribute
        "warcaste,S,8,Fort,castle,,,,,,,",  # 9: not a Warcaste type
        "castle-wars,S,9,Pike,soldier,,,,,,,legendary",  # 10: unknown rarity
        "warcaste,S,10,Doc,doctrine,,,,,five,,",  # 11: hand size in words
        "wars,S,11,Too,many,,,,,,,,,,surplus",  # 12: too many values
        "warcaste,S,12,Good One,tactic,,Swarming,,,,,",  # 13: line 2's card, another type
        "wtactics,S,13,Knight,creature,,,,Bold 1,,,",  # 14: boost outside Warcaste
        ",S,14,,,,,,,,-1,",  # 15: no game, no name, no type, copy_limit -1
        "",
        "castle-wars,S,15,Good Two,castle,,,,,,,",  # 17
    ]
    parsed = parse_cardpool("\n".join(rows))
    assert [c.name for c in parsed.pool.cards] == ["Good One", "Good Two"]
    by_line: dict[int, list[str]] = {}
    for p in parsed.problems:
        by_line.setdefault(p.line, []).append(p.message)
    assert sorted(by_line) == list(range(3, 16))
    assert "name is empty" in by_line[3][0]
    assert "unknown game 'magic'" in by_line[4][0]
    assert all("copy_limit" in by_line[n][0] for n in (5, 6))
    assert "bad boost 'Brave 2'" in by_line[7][0]
    assert "Psychic" in by_line[8][0]
    assert "'castle' is not a warcaste card type" in by_line[9][0]
    assert "legendary" in by_line[10][0]
    assert "hand_size" in by_line[11][0]
    assert "values but the header has" in by_line[12][0]
    assert "as line 2" in by_line[13][0] and "type 'unit' / 'tactic'" in by_line[13][0]
    assert "only Warcaste" in by_line[14][0]
    assert len(by_line[15]) == 4  # every problem of the row, not the first only
    assert str(parsed.problems[0]).startswith("line 3: ")


def test_a_cell_that_cannot_be_read_as_text_leaves_its_row_out_naming_it() -> None:
    rows = [
        HEADER,
        "warcaste,S,1,Good One,unit,,,,,,,common",
        "warcaste,S,2,Ghost \ud800,unit,,,,,,,",  # 3: a lone surrogate
        f"warcaste,S,3,{'x' * 1001},unit,,,,,,,",  # 4: a name past the bound
    ]
    parsed = parse_cardpool("\n".join(rows))
    assert [c.name for c in parsed.pool.cards] == ["Good One"]
    by_line = {p.line: p.message for p in parsed.problems}
    assert sorted(by_line) == [3, 4]
    assert "the name holds a lone surrogate" in by_line[3]
    assert "the name is 1,001 characters long" in by_line[4]


def test_line_numbers_survive_quoted_line_breaks() -> None:
    text = 'game,name,type,subtypes\nwars,"Long\nName",order,\nwars,,order,\n'
    parsed = parse_cardpool(text)
    assert parsed.pool.cards[0].name == "Long Name"
    assert [p.line for p in parsed.problems] == [4]


def pool() -> CardPool:
    return parse_cardpool((CARDPOOLS / "sample-warcaste.csv").read_text(encoding="utf-8")).pool


def test_lookup_ignores_case_and_spaces_and_tells_boost_variants_apart() -> None:
    cards = pool()
    boosted = next(c for c in cards if c.boost)
    plain = next(c for c in cards if c.boost is None and c.type == "unit")
    shouted = "  " + "   ".join(boosted.name.upper().split()) + " "
    assert cards.find(shouted, boosted.boost) == boosted
    assert cards.find(plain.name.lower()) == plain
    assert cards.find(plain.name, "Stalwart") is None
    assert cards.find(plain.name, game="wars") is None
    assert cards.find(plain.name, game="warcaste") == plain
    assert boosted in cards.variants(boosted.name.lower())
    assert normalize_name("  \uff21sh  FALL ") == "ash fall"


def test_did_you_mean() -> None:
    cards = pool()
    card = next(c for c in cards if c.boost is None and len(c.name) > 8)
    typo = card.name[:2] + card.name[3:]
    assert card.name in cards.suggest(typo)
    boosted = next(c for c in cards if c.boost)
    variants = {v.display_name for v in cards.variants(boosted.name)}
    assert set(cards.suggest(boosted.name)) == variants
    assert cards.suggest("zzzzzzzzzzzz") == ()


def test_cards_and_pools_are_frozen() -> None:
    cards = pool()
    with pytest.raises(dataclasses.FrozenInstanceError):
        cards.cards[0].name = "Other"  # type: ignore[misc]
    assert hash(cards.cards[0]) == hash(dataclasses.replace(cards.cards[0]))


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_the_parser_never_crashes(body: str) -> None:
    try:
        parsed = parse_cardpool(HEADER + "\n" + body)
    except CardPoolError:
        return
    lines = len(re.split(r"\r\n|\r|\n", HEADER + "\n" + body))
    assert all(1 <= p.line <= lines for p in parsed.problems)
