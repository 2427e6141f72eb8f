"""`gc_paused` holds the collector off only for its block and restores what it found."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from organizer.core.gc_pause import gc_paused


@pytest.fixture(autouse=True)
def restore_gc() -> Iterator[None]:
    was = gc.isenabled()
    yield
    (gc.enable if was else gc.disable)()


def test_paused_inside_and_enabled_again_after_an_error() -> None:
    gc.enable()
    with pytest.raises(RuntimeError), gc_paused():
        assert not gc.isenabled()
        raise RuntimeError("pairing failed")
    assert gc.isenabled()


def test_a_collector_already_off_stays_off() -> None:
    gc.disable()
    with gc_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()
