"""`cards import`, `check-deck`, `deck submit|list|pool|check-now`,
`deckcheck pick|start|record|list`."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from organizer.cli import arg_types
from organizer.cli.context import Context
from organizer.cli.options import command, command_group
from organizer.core import deck_checks as check_rules
from organizer.core.cardpool import CardPool
from organizer.core.decklist import parse_deck
from organizer.core.formats.catalog import format_info
from organizer.core.formats.report import LegalityReport
from organizer.core.input_bounds import Bound, summarized
from organizer.services.decks import deck_files
from organizer.services.kit.errors import RefusedError
from organizer.services.kit.resources import sample_pool_path
from organizer.services.kit.text_files import read_text_file

if TYPE_CHECKING:
    from organizer.storage.records import PlayerRecord


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cards = command_group(sub, "cards", "card pools", "{import,list}")
    p = command(cards, "import", import_cards, help="load a card pool CSV into the database")
    p.add_argument("file")
    command(cards, "list", list_pools, help="the stored card pools")

    p = command(sub, "check-deck", check_deck, help="check a deck list without an event", json=True)
    p.add_argument("--format", required=True, dest="format_id")
    p.add_argument("--cards", help="card pool CSV (default: the database's pool for the game)")
    p.add_argument(
        "--unknown-as-warnings",
        action="store_true",
        help="cards not in the pool are warnings, not errors",
    )
    p.add_argument(
        "--ban",
        action="append",
        default=[],
        metavar="CARD",
        help="a card banned for this check (a house rule); repeat for more",
    )
    p.add_argument(
        "--after-sideboarding",
        metavar="DECK_NOW.txt",
        help="the deck as it stands after sideboard swaps (Warcaste 1c, Castle Wars side deck)",
    )
    p.add_argument("deck")

    deck = command_group(sub, "deck", "deck lists in the event", "{submit,list,pool,check-now}")
    p = command(deck, "submit", submit, help="check and store a player's deck", json=True)
    p.add_argument("player_id")
    p.add_argument("deck")
    p.add_argument("--accept-illegal", metavar="REASON", help="a judge accepts it anyway")
    p.add_argument("--override", metavar="REASON", help="a judge's override after round 1")
    p = command(deck, "list", list_decks, help="every player's deck status", json=True)
    p.add_argument("--missing-or-illegal", action="store_true")
    p = command(deck, "pool", register_pool, help="register a player's drafted pool (Draft)")
    p.add_argument("player_id")
    p.add_argument("pool")
    p = command(
        deck,
        "check-now",
        check_now,
        help="a deck check between games: the player's deck as it stands after sideboarding, "
        "against the registered list",
        json=True,
    )
    p.add_argument("player_id")
    p.add_argument("deck_now", metavar="DECK_NOW.txt")

    check = command_group(sub, "deckcheck", "deck checks", "{pick,start,record,list}")
    p = command(
        check,
        "pick",
        pick_checks,
        help="pick tables of the latest round at random, tables of players not checked yet "
        "first; says the coverage so far",
    )
    p.add_argument(
        "--share", type=arg_types.share, default=0.1, help="share of tables (default 0.1)"
    )
    p.add_argument("--seed", type=arg_types.seed)
    p = command(
        check,
        "start",
        start_check,
        help="the judge takes the decks at a table of the latest round: the time it takes "
        "is added to that table's clock when the outcome is recorded",
    )
    p.add_argument("table", type=arg_types.table)
    p = command(
        check,
        "record",
        record_check,
        help="record a deck check's outcome; a started check adds the minutes it took "
        "to its table's clock",
    )
    p.add_argument("round_number", type=arg_types.round_number, metavar="round")
    p.add_argument("table", type=arg_types.table)
    p.add_argument("outcome", choices=check_rules.OUTCOMES)
    p.add_argument("--note", default="")
    p.add_argument(
        "--minutes",
        type=arg_types.whole(Bound("minutes", 0, check_rules.MAX_MINUTES)),
        help="how long the check took (instead of the time since 'start'; "
        "corrects the extension it gave)",
    )
    command(check, "list", list_checks, help="deck checks so far and the share of tables")


def import_cards(ctx: Context) -> int:
    from organizer.services.decks import cardpools

    text = read_text_file(ctx.args.file)
    results = cardpools.import_pool(ctx.db, text=text, source=ctx.args.file).value
    for r in results:
        ctx.print(
            f"{r.game}: {r.cards} cards ({r.added} new, {r.changed} changed, {r.removed} removed)"
        )
    return 0


def list_pools(ctx: Context) -> int:
    from organizer.services.decks import cardpools

    for game, name, count in cardpools.stored_pools(ctx.db):
        ctx.print(f"{game}\t{count} cards\t{name}")
    return 0


def _print_report(ctx: Context, report: LegalityReport, *, status: str | None = None) -> None:
    if ctx.args.json:
        doc = report.as_dict()
        if status is not None:
            doc["status"] = status
        ctx.print_json(doc)
        return
    ctx.print(status or ("legal" if report.legal else "illegal"))
    lines = [
        f"  {f.severity}: {f'line {f.line}: ' if f.line else ''}{f.message} "
        f"[{f.rule_id}; {f.rule_ref}]"
        for f in report.findings
    ]
    for line in summarized(lines):
        ctx.print(line if line.startswith("  ") else f"  {line} (--json lists every one)")


def check_deck(ctx: Context) -> int:
    a = ctx.args
    info = format_info(a.format_id)
    pool = deck_files.load_pool_file(a.cards) if a.cards else _stored_pool(ctx, info.game)
    text = read_text_file(a.deck)
    now = _readable_deck(a.after_sideboarding) if a.after_sideboarding else None
    deck, report = deck_files.check_text(
        text,
        format_id=info.id,
        pool=pool,
        unknown_cards_are_errors=not a.unknown_as_warnings,
        house_bans=a.ban,
        after_sideboarding=now,
        for_player=False,
    )
    if not deck.readable:
        raise deck_files.unreadable(deck, source=a.deck)
    return _verdict(ctx, report)


def _stored_pool(ctx: Context, game: str) -> CardPool:
    """The database's pool for `game`, else the sample pool (with a note saying so)."""
    from organizer.services.decks import cardpools

    if cardpools.has_pool(ctx.db, game=game):
        return cardpools.pool_for_game(ctx.db, game=game)
    sample = sample_pool_path(game)
    ctx.warn(f"note: no {game} card pool imported; checking against the sample {sample}")
    return deck_files.load_pool_file(str(sample))


def check_now(ctx: Context) -> int:
    """The registered list and the deck as it stands now; exit 1 when either breaks a rule."""
    from organizer.services.decks import decks

    event_id = ctx.event_id()
    player = _player(ctx, event_id)
    registered = decks.deck_text(ctx.db, registration_id=player.registration_id)
    if registered is None:
        raise RefusedError(f"{player.name} has no deck list registered to check against")
    _, report = decks.check_for_player(
        ctx.db,
        event_id=event_id,
        registration_id=player.registration_id,
        text=registered,
        after_sideboarding=_readable_deck(ctx.args.deck_now),
    )
    return _verdict(ctx, report)


def _readable_deck(path: str) -> str:
    """The deck list file at `path`, refused (naming its lines) when it cannot be read."""
    text = read_text_file(path)
    parsed = parse_deck(text)
    if not parsed.readable:
        raise deck_files.unreadable(parsed, source=path)
    return text


def _verdict(ctx: Context, report: LegalityReport) -> int:
    """Print the report; the exit status says whether the deck breaks a rule."""
    _print_report(ctx, report)
    return 0 if report.legal else 1


def _player(ctx: Context, event_id: int) -> PlayerRecord:
    """The player whose id the command names."""
    from organizer.services.players import registration

    return registration.find_player(ctx.db, event_id=event_id, code=ctx.args.player_id)


def submit(ctx: Context) -> int:
    from organizer.services.decks import decks

    a = ctx.args
    event_id = ctx.event_id()
    outcome = decks.submit_deck(
        ctx.db,
        event_id=event_id,
        registration_id=_player(ctx, event_id).registration_id,
        text=read_text_file(a.deck),
        accept_reason=a.accept_illegal,
        override_reason=a.override,
        source=a.deck,
    )
    _print_report(ctx, outcome.value.report, status=outcome.value.status)
    return 0


def list_decks(ctx: Context) -> int:
    from organizer.services.decks import decks

    rows = decks.deck_statuses(ctx.db, event_id=ctx.event_id())
    if ctx.args.missing_or_illegal:
        rows = [r for r in rows if r.to_chase]
    if ctx.args.json:
        ctx.print_json(
            {
                "decks": [
                    {
                        "id": r.code,
                        "name": r.name,
                        "status": r.status,
                        "errors": r.errors,
                        "reason": r.reason,
                    }
                    for r in rows
                ]
            }
        )
        return 0
    for r in rows:
        ctx.print(f"{r.code}\t{r.name}\t{r.status}" + (f"\t{r.reason}" if r.reason else ""))
    return 0


def register_pool(ctx: Context) -> int:
    from organizer.services.decks import decks

    event_id = ctx.event_id()
    decks.register_drafted_pool(
        ctx.db,
        event_id=event_id,
        registration_id=_player(ctx, event_id).registration_id,
        text=read_text_file(ctx.args.pool),
    )
    return 0


def pick_checks(ctx: Context) -> int:
    from organizer.services.judging import deck_checks

    picked = deck_checks.pick(
        ctx.db, event_id=ctx.event_id(), share=ctx.args.share, seed=ctx.args.seed
    ).value
    ctx.print(" ".join(str(t) for t in picked.tables))
    ctx.warn(
        f"{picked.fresh} of {len(picked.tables)} picked seat no player checked before; "
        f"coverage so far: {picked.coverage.coverage}"
    )
    return 0


def start_check(ctx: Context) -> int:
    from organizer.services.judging import deck_checks

    deck_checks.start(ctx.db, event_id=ctx.event_id(), table=ctx.args.table)
    return 0


def record_check(ctx: Context) -> int:
    from organizer.services.judging import deck_checks

    done = ctx.call(deck_checks.record)
    ctx.warn_each(done.warnings)
    if done.value:
        ctx.print(f"table {ctx.args.table}: {done.value // 60:+d} min on its clock (deck check)")
    return 0


def list_checks(ctx: Context) -> int:
    from organizer.services.judging import deck_checks

    s = deck_checks.summary(ctx.db, event_id=ctx.event_id())
    for c in s.checks:
        time = f" (+{c.seconds_added // 60} min)" if c.seconds_added else ""
        ctx.print(f"round {c.round_number} table {c.table}: {c.outcome}{time} {c.note}".rstrip())
    ctx.print(f"checked: {s.coverage}")
    return 0
