"""`declared_settings` completes each `setting(...)` from its field: the name, the default, the
JSON type and the reader the field's type implies."""

# ruff: noqa: RUF009  -- `setting(...)` is `dataclasses.field` with the words for the TO

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pytest

from organizer.core.setting import declared_settings, setting
from organizer.core.setting_readers import CARD_NAMES

Size = Literal["small", "Large"]


@dataclass(frozen=True, slots=True)
class Toy:
    loud: bool = setting(False, "play music")
    size: Size = setting("small", "how big")
    seats: int = setting(4, "seats at a table", bounds=(2, 6), rule="house rule 3")
    minutes: int = setting(0, "minutes", bounds=(1, 9), unset=(0, "none"))
    cards: tuple[str, ...] = setting((), "cards", CARD_NAMES, example="A; B")
    order: tuple[str, ...] | None = setting(None, "an order", CARD_NAMES)


def test_each_field_becomes_a_setting_with_its_name_default_and_json_type() -> None:
    found = declared_settings(Toy)
    assert list(found) == ["loud", "size", "seats", "minutes", "cards", "order"]
    assert [s.key for s in found.values()] == list(found)
    assert [s.default for s in found.values()] == [False, "small", 4, 0, (), None]
    assert [s.stored_as for s in found.values()] == [bool, str, int, int, list, list]


def test_the_type_chooses_the_reader_where_the_declaration_names_none() -> None:
    found = declared_settings(Toy)
    assert found["loud"].parse("on") is True and found["loud"].allowed() == "yes or no"
    assert found["size"].choices == ("small", "Large") and found["size"].parse("large") == "Large"
    with pytest.raises(ValueError, match=r"^7 is not between 2 and 6 \(house rule 3\)$"):
        found["seats"].parse("7")
    assert found["minutes"].parse("0") == 0
    assert found["minutes"].allowed() == "0 (none) or 1 to 9"
    assert found["cards"].parse("x;y") == ("x", "y") and found["cards"].text(("x", "y")) == "x; y"
    assert found["cards"].describe() == "cards, e.g. A; B"


def test_a_stored_value_is_read_as_typed_and_written_as_json() -> None:
    found = declared_settings(Toy)
    assert found["size"].from_json("LARGE") == "Large"
    assert found["size"].from_json("huge") == "small"  # refused: the default
    assert found["seats"].from_json(True) == 4  # a bool is no number
    assert found["order"].from_json(None) is None and found["order"].from_json([]) == ()
    assert found["cards"].to_json(("x", "y")) == ["x", "y"]
    assert found["seats"].value_in(Toy(seats=5)) == 5


def test_a_setting_its_type_cannot_read_must_name_its_reader() -> None:
    @dataclass(frozen=True)
    class Untyped:
        motto: str = setting("", "the event's motto")

    with pytest.raises(AssertionError, match="motto: say how it is typed"):
        declared_settings(Untyped)
