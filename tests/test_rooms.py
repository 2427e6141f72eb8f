"""The packages that hold many modules keep them in rooms: nothing at the top of `gui/` or
`services/` but `__init__.py` and the rooms, and no room of services over 12 modules, so
which concern a module serves shows in its path, not only in its name."""

from __future__ import annotations

from pathlib import Path

import pytest

import organizer

PACKAGE = Path(organizer.__file__).parent


@pytest.mark.parametrize("floor", ["gui", "services"])
def test_only_rooms_at_the_top(floor: str) -> None:
    top = sorted(p.name for p in (PACKAGE / floor).glob("*.py"))
    assert top == ["__init__.py"]
    rooms = [p for p in (PACKAGE / floor).iterdir() if p.is_dir() and p.name != "__pycache__"]
    assert rooms, f"{floor} has no rooms"
    for room in rooms:
        init = room / "__init__.py"
        assert init.exists(), f"{room.name} is not a package"
        assert '"""' in init.read_text(encoding="utf-8"), f"{room.name} says nothing of itself"


def test_no_service_room_over_twelve_modules() -> None:
    sizes = {
        room.name: len([p for p in room.glob("*.py") if p.name != "__init__.py"])
        for room in (PACKAGE / "services").iterdir()
        if room.is_dir() and room.name != "__pycache__"
    }
    assert sizes and max(sizes.values()) <= 12, sizes
