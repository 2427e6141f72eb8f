"""A finished event as a folder of static pages: no server, no JavaScript, relative links.

`build_site(view)` returns every file of the site by its name: `index.html` (the event and
its final standings, the top cut first), `round-N.html` (a round's pairings and results),
`season.html` when the event is in a season, `decks.html` when the TO opted in, a
stylesheet, and `standings.csv` / `pairings.csv` for spreadsheets. The service writes them
(`services.printouts.publish`).

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from organizer.core.season.leaderboard import LeaderRow
from organizer.core.views.round_view import RoundView
from organizer.core.views.standings_lines import StandingLine
from organizer.core.views.wording import round_label
from organizer.publishing.templating import environment

TEMPLATES = Path(__file__).with_name("templates")
MARKER = ".organizer-publish"
"""The file that says a folder holds an earlier publish (and may be written over)."""


@dataclass(frozen=True, slots=True)
class DeckList:
    place: str
    name: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SiteView:
    """Everything the site shows, in words already (names as the `publish_names` setting
    says), plus the rows behind the CSV files."""

    event: str
    date: str
    format_name: str
    final: tuple[StandingLine, ...]
    rounds: tuple[RoundView, ...]
    round_stages: Mapping[int, str]
    standings_rows: tuple[Mapping[str, Any], ...]
    """As `organizer standings --json` gives them, names as published."""
    decks: tuple[DeckList, ...] = ()
    season: str = ""
    season_lines: tuple[LeaderRow, ...] = ()
    """The season's leaderboard (`core.season.leaderboard`), names as published."""


def _csv(header: Sequence[str], rows: Sequence[Sequence[object]]) -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")


def _pairings_rows(view: SiteView) -> list[list[object]]:
    """One row per table: round, table ("bye" for a bye), ids and names in seat order."""
    return [
        [
            rnd.number,
            table.label,
            " ".join(seat.id for seat in table.seats),
            " vs ".join(seat.name for seat in table.seats),
            table.result_text(),
        ]
        for rnd in view.rounds
        for table in rnd.tables
    ]


def build_site(view: SiteView) -> dict[str, bytes]:
    """Every file of the site by its name in the folder."""
    env = environment(TEMPLATES)
    links = [("index.html", "Results")]
    links += [
        (f"round-{r.number}.html", round_label(r.number, view.round_stages[r.number]))
        for r in view.rounds
    ]
    if view.season_lines:
        links.append(("season.html", "Season"))
    if view.decks:
        links.append(("decks.html", "Deck lists"))
    links += [("standings.csv", "standings.csv"), ("pairings.csv", "pairings.csv")]
    common = {"view": view, "links": links}
    files: dict[str, bytes] = {
        "index.html": env.get_template("index.html").render(page="index.html", **common).encode(),
        "site.css": (TEMPLATES / "site.css").read_bytes(),
        MARKER: b"Published by Organizer: this folder is written over by the next publish.\n",
    }
    for rnd in view.rounds:
        name = f"round-{rnd.number}.html"
        label = round_label(rnd.number, view.round_stages[rnd.number])
        html = env.get_template("round.html").render(page=name, rnd=rnd, label=label, **common)
        files[name] = html.encode()
    for name, shown in (("season.html", view.season_lines), ("decks.html", view.decks)):
        if shown:
            files[name] = env.get_template(name).render(page=name, **common).encode()
    keys = ("rank", "id", "name", "points", "wins", "losses", "draws", "omw", "gw", "ogw", "oomw")
    files["standings.csv"] = _csv(keys, [[row[k] for k in keys] for row in view.standings_rows])
    header = ("round", "table", "player_ids", "players", "result")
    files["pairings.csv"] = _csv(header, _pairings_rows(view))
    return files
