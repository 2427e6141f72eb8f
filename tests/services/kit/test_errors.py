"""A core rule's error said as a refusal (`refused_on`), in the rule's own words."""

from __future__ import annotations

import pytest

from organizer.core.pairing.can_draw import CanDrawError
from organizer.core.pairing.explain import ExplainError
from organizer.services.kit.errors import RefusedError, refused_on


def test_a_named_core_error_becomes_a_refusal_in_the_same_words() -> None:
    with (
        pytest.raises(RefusedError, match=r"^no round 3$") as caught,
        refused_on(ExplainError, CanDrawError),
    ):
        raise CanDrawError("no round 3")
    assert caught.value.__cause__ is None
    assert caught.value.__suppress_context__  # the core's traceback is not shown


def test_other_errors_pass_through() -> None:
    with pytest.raises(KeyError), refused_on(ExplainError):
        raise KeyError("p9")
