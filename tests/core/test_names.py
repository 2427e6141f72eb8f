"""The one fold and the one order of people's names (`core.names`)."""

from __future__ import annotations

from organizer.core.names import fold, matches, sort_key


def test_letters_without_a_decomposition_fold_to_what_people_type() -> None:
    assert fold("Łukasz Żółkiewski") == "lukasz zolkiewski"
    assert fold("Øyvind") == "oyvind"
    assert fold("Đặng Thị") == "dang thi"
    assert fold("Straße") == "strasse"
    assert fold("Æsa  ÞÓR") == "aesa thor"
    assert fold("\uff29\uff56\uff41\uff4e") == "ivan"  # full-width letters
    assert fold("Ivan") == "ivan"


def test_search_finds_by_the_letters_typed_in_either_script() -> None:
    assert matches("lukasz", "Łukasz Żółkiewski")
    assert matches("ŁUKASZ  ZÓŁ", "Łukasz Żółkiewski")
    assert matches("oyvind", "Øyvind Berg")
    assert matches("dang", "Đặng Thu")
    assert matches("zhang", "Жанна Zhang")
    assert matches("北京", "北京 Team")
    assert not matches("", "Anyone")
    assert not matches("   ", "Anyone")
    assert not matches("zz", "Łukasz")


def test_names_sort_by_the_unicode_collation_algorithm() -> None:
    names = ["Zoë", "zed", "Øyvind", "Lukas", "Łukasz", "Đặng", "Dan", "de Vries", "Ada", "ädam"]
    ordered = sorted(names, key=sort_key)
    assert ordered == [
        "Ada",
        "ädam",  # an accent only breaks a tie of the letters
        "Dan",
        "Đặng",  # Đ is a D with a stroke
        "de Vries",  # among the Ds: case does not count before the letters
        "Lukas",
        "Łukasz",  # among the Ls, not after the Zs
        "Øyvind",
        "zed",
        "Zoë",
    ]
    assert sort_key("Ana  Bell") == sort_key("Ana Bell")


def test_a_query_in_another_script_is_looked_for_as_written() -> None:
    assert matches("ن", "نور الهدى")
    assert not matches("ن", "Nina Berg")  # not every "n" of a transliteration
    assert matches("王", "王伟") and matches("wang", "王伟")
    assert matches("ŁUKASZ zolk", "Łukasz Żółkiewski")  # Latin letters: folded
