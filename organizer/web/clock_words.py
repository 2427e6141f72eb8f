"""The clock in words on the players' page ("Time is up", "Sideboarding" …).

`static/page.js` carries the same few words to update the page while it counts;
the first answer, and every page without JavaScript, uses these.
"""

from __future__ import annotations

from typing import Any

from organizer.core.views import times

STATES = {
    "waiting": "Round 1 is not paired yet.",
    "not_started": "The round has not started yet.",
    "running": "left in the round",
    "paused": "The clock is paused.",
    "time": "Time is up: finish the turn you are in.",
    "sudden_death": "Time is up: sudden death.",
    "finished": "The round is over.",
}
PHASES = {
    "sideboarding": "Sideboarding",
    "extra_turns": "Extra turns",
    "time_called": "Time called",
}


def mm_ss(seconds: object) -> str:
    """The big clock of a clock document's `remaining_s`: "05:00", or "--:--" without one."""
    return times.mm_ss(seconds) if isinstance(seconds, int) else times.NO_TIME


def state_words(doc: dict[str, Any]) -> str:
    state = str(doc.get("state"))
    words = STATES.get(state, state.replace("_", " "))
    phase = PHASES.get(str(doc.get("phase")))
    if phase and state == "running":
        return f"{words} · {phase}"
    return words
