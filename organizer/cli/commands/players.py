"""`players add|import|pin|drop|undrop|list|fix-table`: registration from the command line.

A new player gets a PIN for the players' page; the database keeps only its
digest, so `add`, `import` and `pin` print each new PIN beside the player's
id (the one time it can be read) and `pin ID` issues a new one. `add` and `import`
write the players and their PINs in one transaction: an interrupt leaves all or none.
`unlock` lifts the sign-in locks wrong PINs set.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from organizer.cli import arg_types
from organizer.cli.context import Context
from organizer.cli.options import command, command_group, json_flag, paper_option
from organizer.core.input_bounds import summarized
from organizer.core.players_csv import PlayersCsvError, parse_players_csv
from organizer.services.kit.errors import InputError
from organizer.services.kit.text_files import read_text_file as read_text

if TYPE_CHECKING:
    from organizer.services.phones.pin_issue import IssuedPin
    from organizer.storage.records import PlayerRecord

# The services are imported by the handlers that use them: `players list` reads without the
# ORM, and loading what the other handlers write with would cost it ~0.3 s (issue 35.6).


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    players = command_group(
        sub,
        "players",
        "register players",
        "{add,import,pin,unlock,drop,undrop,list,paid,fix-table}",
    )
    p = command(players, "add", add, help="register one player")
    p.add_argument("name", nargs="?", help="the player's name (not with --person)")
    p.add_argument(
        "--number", help="the person's player number: a known number registers that person"
    )
    p.add_argument("--person", type=int, metavar="PERSON_ID", help="register a known person")
    p.add_argument("--id", dest="player_id", help="the player's id (default: p1, p2, ...)")
    p.add_argument("--email")
    p.add_argument("--byes", type=arg_types.byes, default=0, help="byes awarded before round 1")
    json_flag(p, help="print the id and the new PIN as JSON")

    p = command(
        players, "import", import_csv, help="register every player of a CSV (header: name[,id,...])"
    )
    p.add_argument("file")
    p.add_argument(
        "--check",
        action="store_true",
        help="only read the file and list its problems; store nothing",
    )
    json_flag(p, help="print the new ids and PINs as JSON")

    p = players.add_parser(
        "pin",
        help="issue new PINs for the players' page (the old ones end); with --cards, print them",
    )
    p.add_argument("player_id", nargs="*", help="these players (default: those without a PIN)")
    p.add_argument("--all", action="store_true", help="every player still in the event")
    p.add_argument("--cards", metavar="FILE.pdf", help="also print the player cards to this PDF")
    p.add_argument(
        "--url", help="the players' page's address on the cards (default: this computer's)"
    )
    paper_option(p)
    json_flag(p)
    p.set_defaults(handler=new_pin)

    p = players.add_parser(
        "unlock", help="lift the sign-in locks wrong PINs set: these players', or --all"
    )
    p.add_argument("player_id", nargs="*", help="these players")
    p.add_argument("--all", action="store_true", help="every lock (players and addresses)")
    p.set_defaults(handler=unlock)

    for name, dropped in (("drop", True), ("undrop", False)):
        p = players.add_parser(name, help=f"{name} a player by id")
        p.add_argument("player_id")
        p.set_defaults(handler=drop, dropped=dropped)

    command(players, "list", list_players, help="list the registered players", json=True)

    p = command(players, "paid", paid, help="mark a player paid (or, with --undo, owing)")
    p.add_argument("player_id")
    p.add_argument("--amount", help="what they paid, e.g. 5.00")
    p.add_argument("--undo", action="store_true", help="mark them owing again")

    p = command(
        players,
        "fix-table",
        fix_table,
        help="seat a player at one table in every round from the next pairing on",
    )
    p.add_argument("player_id")
    p.add_argument("table", nargs="?", type=int, help="the table number (1 or more)")
    p.add_argument("--clear", action="store_true", help="any table again")

    p = command(
        sub, "checkin", checkin, help="check a player in at the door (or take it back)", json=True
    )
    p.add_argument("player_id")
    p.add_argument("--undo", action="store_true", help="take the check-in back")


def add(ctx: Context) -> int:
    from organizer.services.phones import pinned_registration

    a = ctx.args
    if (a.name is None) == (a.person is None):
        raise InputError("give the player's name, or --person PERSON_ID (not both)")
    result = pinned_registration.add_player(
        ctx.db,
        event_id=ctx.event_id(),
        name=a.name or "",
        player_id=a.player_id,
        email=a.email,
        awarded_byes=a.byes,
        number=a.number,
        person_id=a.person,
    )
    ctx.warn_each(result.warnings)
    _print_pins(ctx, (result.value,))
    return 0


def unlock(ctx: Context) -> int:
    from organizer.services.phones import pins

    a = ctx.args
    if bool(a.player_id) == bool(a.all):
        raise InputError("name the players to unlock, or give --all")
    lifted = pins.unlock(ctx.db, event_id=ctx.event_id(), codes=a.player_id, everyone=a.all)
    ctx.print(f"lifted {lifted.value} sign-in lock(s); wrong-PIN counts start again")
    return 0


def _print_pins(ctx: Context, issued: tuple[IssuedPin, ...]) -> None:
    """Each player's id and new PIN: one "ID<TAB>PIN" line each, or {"players": [...]}."""
    if ctx.args.json:
        ctx.print_json({"players": [{"id": p.code, "name": p.name, "pin": p.pin} for p in issued]})
        return
    for p in issued:
        ctx.print(f"{p.code}\t{p.pin}")


def new_pin(ctx: Context) -> int:
    # the cards' printing and the page's address are imported here, not for every
    # `players` command: an import of 300 players must not wait for the PDF machinery
    from organizer.printing.render import save
    from organizer.services.phones import pins, player_cards
    from organizer.web.host import DEFAULT_PORT, lan_address, page_url

    a = ctx.args
    event_id = ctx.event_id()
    if a.player_id and a.all:
        raise InputError("name players or give --all, not both")
    chosen = player_cards.chosen(ctx.db, event_id=event_id, codes=a.player_id, everyone=a.all)
    if a.cards:
        url = a.url or page_url(lan_address(), DEFAULT_PORT)  # IPv6 in brackets
        made = player_cards.issue_cards(
            ctx.db, event_id=event_id, registration_ids=chosen, page_url=url, paper=a.paper
        ).value
        save(made.pdf, a.cards)
        ctx.warn(f"{len(made.pins)} player card(s) printed to {a.cards}")
        _print_pins(ctx, made.pins)
        return 0
    if not chosen:
        raise InputError("every player has a PIN: name the players, or give --all")
    issued = pins.issue_pins(ctx.db, event_id=event_id, registration_ids=chosen)
    _print_pins(ctx, issued.value)
    return 0


def check_csv(ctx: Context, text: str) -> int:
    """`players import --check`: what an import would add and refuse, with no database."""
    try:
        parsed = parse_players_csv(text)
    except PlayersCsvError as exc:
        raise InputError(f"{ctx.args.file}, {exc}") from None
    for line in summarized([f"{ctx.args.file}, {p}" for p in parsed.problems]):
        ctx.warn(line)
    ctx.print(f"{len(parsed.rows)} players read; {len(parsed.problems)} rows not readable")
    return 2 if parsed.problems else 0


def import_csv(ctx: Context) -> int:
    from organizer.services.phones import pinned_import

    text = read_text(ctx.args.file)
    if ctx.args.check:
        return check_csv(ctx, text)
    writer = ctx.writer  # before the event is found: all of it without the ORM
    event_id = ctx.event_id()

    def progress(done: int, total: int) -> None:
        print(f"importing: {done}/{total}", file=sys.stderr, flush=True)

    def pin_progress(done: int, total: int) -> None:
        print(f"making PINs: {done}/{total}", file=sys.stderr, flush=True)

    try:
        done = pinned_import.import_players_csv(
            writer, event_id=event_id, text=text, progress=progress, pin_progress=pin_progress
        )
    except PlayersCsvError as exc:
        raise InputError(f"{ctx.args.file}, {exc}") from None
    report = done.value.report
    for line in summarized([f"{ctx.args.file}, {p}" for p in report.problems]):
        ctx.warn(line)
    ctx.warn_each(done.warnings)
    _print_pins(ctx, done.value.pins)
    summary = f"added {report.added} players; {len(report.problems)} rows not imported"
    if ctx.args.json:
        ctx.warn(summary)
    else:
        ctx.print(summary)
    return 2 if report.problems else 0


def drop(ctx: Context) -> int:
    from organizer.services.players import registration

    event_id = ctx.event_id()
    player = registration.find_player(ctx.db, event_id=event_id, code=ctx.args.player_id)
    done = registration.set_dropped(
        ctx.db, event_id=event_id, registration_id=player.registration_id, dropped=ctx.args.dropped
    )
    ctx.warn_each(done.warnings)
    return 0


def list_players(ctx: Context) -> int:
    from organizer.services.players import roster

    players = roster.list_players(ctx.reader, event_id=ctx.event_id())
    document = {
        "players": [
            {
                "id": p.code,
                "name": p.name,
                "dropped": p.dropped,
                "dropped_after_round": p.dropped_after_round,
                "email": p.email,
                "awarded_byes": p.awarded_byes,
                "checked_in": p.checked_in,
                "waiting": p.waiting is not None,
                "waiting_place": p.waiting,
                "paid": p.paid,
                "paid_amount": roster.amount_text(p.paid_cents) or None,
                "fixed_table": p.fixed_table,
            }
            for p in players
        ]
    }
    ctx.answer_lines(document, map(_player_line, players))
    return 0


def _player_line(p: PlayerRecord) -> str:
    flags = [
        f"dropped after round {p.dropped_after_round}" if p.dropped else "",
        f"waiting, {p.waiting}" if p.waiting is not None else "",
        "checked in" if p.checked_in else "",
        "paid" if p.paid else "",
        f"table {p.fixed_table}" if p.fixed_table is not None else "",
    ]
    shown = ", ".join(f for f in flags if f)
    return f"{p.code}\t{p.name}" + (f"  ({shown})" if shown else "")


def _door_player(ctx: Context) -> PlayerRecord:
    """The player a door command names (`player_id`), in the command's event."""
    from organizer.services.players import registration

    return registration.find_player(ctx.db, event_id=ctx.event_id(), code=ctx.args.player_id)


def checkin(ctx: Context) -> int:
    from organizer.services.players import door

    a = ctx.args
    event_id = ctx.event_id()
    player = _door_player(ctx)
    done = door.check_in(
        ctx.db, event_id=event_id, registration_id=player.registration_id, undo=a.undo
    )
    counts = door.door_counts(ctx.db, event_id=event_id)
    state = "checked in" if done.value.checked_in else "not checked in"
    ctx.answer(
        {
            "id": player.code,
            "name": player.name,
            "checked_in": done.value.checked_in,
            "door": counts.as_json(),
        },
        f"{player.name}: {state} ({counts.here} of {counts.holding} checked in)",
    )
    return 0


def paid(ctx: Context) -> int:
    from organizer.services.players import door, roster

    a = ctx.args
    player = _door_player(ctx)
    done = door.set_paid(
        ctx.db,
        event_id=ctx.event_id(),
        registration_id=player.registration_id,
        paid=not a.undo,
        amount=a.amount,
    )
    ctx.print(f"{player.name}: {roster.paid_text(done.value.paid, done.value.paid_cents)}")
    return 0


def fix_table(ctx: Context) -> int:
    from organizer.services.players import fixed_seats, registration

    a = ctx.args
    if (a.table is None) != a.clear:
        raise InputError("give the table number, or --clear (not both)")
    event_id = ctx.event_id()
    player = registration.find_player(ctx.db, event_id=event_id, code=a.player_id)
    done = fixed_seats.fix_table(
        ctx.db, event_id=event_id, registration_id=player.registration_id, table=a.table
    )
    table = done.value.fixed_table
    ctx.print(f"{player.name}: " + (f"fixed at table {table}" if table else "any table"))
    return 0
