"""`finish`: the TO closes an event, which is then over whatever its rounds say.

What waits for an event to be over (`people forget`) reads this.
"""

from __future__ import annotations

import argparse

from organizer.cli.context import Context
from organizer.cli.options import command
from organizer.services.event.finish import finish_event


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    command(sub, "finish", finish, help="close the event: it is over")


def finish(ctx: Context) -> int:
    at = finish_event(ctx.db, event_id=ctx.event_id()).value
    ctx.print(f"event {ctx.event_id()} closed at {at:%Y-%m-%d %H:%M} UTC")
    return 0
