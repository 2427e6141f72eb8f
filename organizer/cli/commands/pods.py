"""`pods`: seat the draft pods, swap seats, a day-2 draft, and the draft timer."""

from __future__ import annotations

import argparse
import re

from organizer.cli import arg_types
from organizer.cli.context import Context
from organizer.cli.options import json_flag
from organizer.core.seating.pods import pods_to_dict
from organizer.core.views.times import short
from organizer.services.kit.errors import InputError
from organizer.services.rounds import pods

_PIN = re.compile(r"^([^=]+)=(\d+):(\d+)$")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("pods", help="seat the draft pods of the event (JSON: pods, seats, passes)")
    p.add_argument("--seed", type=arg_types.seed)
    p.add_argument(
        "--pin",
        action="append",
        default=[],
        metavar="PLAYER=POD:SEAT",
        help="keep a player at a seat (mobility needs); repeatable",
    )
    p.add_argument(
        "--by-standings", action="store_true", help="a second draft: pods filled in standings order"
    )
    p.add_argument("--show", action="store_true", help="show the seating without changing it")
    p.add_argument("--swap", nargs=2, metavar=("PLAYER_A", "PLAYER_B"))
    p.add_argument(
        "--timer", metavar="MINUTES|pause|status", help="the draft or deck-building timer"
    )
    json_flag(p)
    p.set_defaults(handler=run)


def _pins(texts: list[str]) -> dict[str, tuple[int, int]]:
    pins = {}
    for text in texts:
        m = _PIN.match(text)
        if m is None:
            raise InputError(f"--pin {text!r}: write PLAYER=POD:SEAT, e.g. p7=1:3")
        pins[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    return pins


def _timer(ctx: Context, event_id: int, what: str) -> int:
    if what == "pause":
        pods.timer_pause(ctx.db, event_id=event_id)
    elif what != "status":
        try:
            minutes = int(what)
        except ValueError:
            raise InputError(f"--timer takes minutes, 'pause' or 'status', not {what!r}") from None
        pods.timer_start(ctx.db, event_id=event_id, minutes=minutes)
    view = pods.timer_status(ctx.db, event_id=event_id)
    if view is None:
        ctx.print("the draft timer has not started")
        return 0
    ctx.print(f"draft timer: {view.state}, {short(view.remaining_s)} left")
    return 0


def run(ctx: Context) -> int:
    a = ctx.args
    event_id = ctx.event_id()
    if a.timer:
        return _timer(ctx, event_id, a.timer)
    if a.swap:
        pods.swap(ctx.db, event_id=event_id, player_a=a.swap[0], player_b=a.swap[1])
    elif a.by_standings:
        pods.seat_by_standings(ctx.db, event_id=event_id, seed=a.seed)
    elif not a.show:
        pods.seat(ctx.db, event_id=event_id, seed=a.seed, pinned=_pins(a.pin))
    current = pods.view(ctx.db, event_id=event_id)
    if current is None:
        ctx.print("no pods are seated yet")
        return 0
    if a.json:
        ctx.print_json(pods_to_dict(current.seating))
        return 0
    ctx.print(f"Draft {current.draft}: {current.explanation}")
    for pod in current.seating.pods:
        ctx.print(f"Pod {pod.number} (packs pass {', '.join(pod.passes)})")
        for seat in pod.seats:
            ctx.print(
                f"  seat {seat.number}: {current.names.get(seat.player, seat.player)} "
                f"({seat.player})"
            )
    return 0
