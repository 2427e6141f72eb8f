"""`frozen_rows` makes the same objects as the dataclass's own `__init__`."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest

from organizer.core.pairing.columns import frozen_rows


@dataclass(frozen=True, slots=True)
class Pair:
    left: int
    right: str = "x"


@dataclass(frozen=True, slots=True)
class Checked:
    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError(self.value)


def test_rows_equal_the_constructed_ones_and_stay_frozen() -> None:
    rows = frozen_rows(Pair, ([1, 2], ["a", "b"]))
    assert rows == [Pair(1, "a"), Pair(2, "b")]
    assert [repr(r) for r in rows] == ["Pair(left=1, right='a')", "Pair(left=2, right='b')"]
    assert hash(rows[0]) == hash(Pair(1, "a"))
    with pytest.raises(FrozenInstanceError):
        rows[0].left = 3  # type: ignore[misc]
    assert frozen_rows(Pair, ([], [])) == []


def test_every_field_needs_a_column_of_the_same_length() -> None:
    with pytest.raises(TypeError, match="one column per field"):
        frozen_rows(Pair, ([1, 2],))  # the default is not filled in
    with pytest.raises(ValueError, match="different lengths"):
        frozen_rows(Pair, ([1, 2], ["a"]))


def test_a_class_that_checks_its_fields_is_refused() -> None:
    with pytest.raises(TypeError, match="__post_init__"):
        frozen_rows(Checked, ([-1],))
