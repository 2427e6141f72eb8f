"""Can my table draw into the cut, on the signed-in player's page (issue 34): a 12-player
event (5 Swiss rounds and a top 4 recommended) in its last round; each player's line is
checked against a brute force over every way the other tables can end."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

from organizer.core.event import EventData, PlayerId
from organizer.core.results import Score
from organizer.services.event.interchange import load_event
from organizer.services.rounds import pairing, results
from tests.web.self_service.players import Player, SelfServed, self_served
from tests.web.self_service.test_forms import signed_in

CUT = 4
"""Appendix E's top cut for 12 players (5 Swiss rounds)."""


def play_rounds(site: SelfServed, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        pairing.pair_next(site.db, event_id=site.event_id, seed=number, allow_missing_decks=True)
        table_numbers = [
            m.table
            for m in load_event(site.db, event_id=site.event_id).rounds[-1].matches
            if m.table is not None
        ]
        for table in table_numbers:
            score = rng.choice([Score(1, 0), Score(0, 1), Score(0, 0, 1)])
            results.record_result(site.db, event_id=site.event_id, table=table, score=score)


def points_before_last(event: EventData) -> dict[PlayerId, int]:
    """Match points from every round but the last, counted here from the games."""
    pts = event.points
    points = {p.id: 0 for p in event.players}
    for rnd in event.rounds[:-1]:
        for m in rnd.matches:
            if m.is_bye:
                points[m.players[0]] += pts.win
                continue
            assert m.wins is not None
            a, b = m.players
            if m.wins[0] == m.wins[1]:
                points[a] += pts.draw
                points[b] += pts.draw
            else:
                winner, loser = (a, b) if m.wins[0] > m.wins[1] else (b, a)
                points[winner] += pts.win
                points[loser] += pts.loss
    return points


def brute_force(event: EventData, code: str) -> str:
    """The table's verdict from every outcome of the other tables (3 ** tables)."""
    pts = event.points
    points = points_before_last(event)
    last = event.rounds[-1]
    mine = next(m for m in last.matches if code in m.players)
    others = [m for m in last.matches if m is not mine and not m.is_bye]
    verdicts = []
    for me in mine.players:
        target = points[me] + pts.draw
        level_or_above, above = [], []
        for ends in itertools.product((0, 1, 2), repeat=len(others)):
            final = dict(points)
            for p in mine.players:
                final[p] += pts.draw
            for m, end in zip(others, ends, strict=True):
                a, b = m.players
                gained = ((pts.win, pts.loss), (pts.loss, pts.win), (pts.draw, pts.draw))[end]
                final[a] += gained[0]
                final[b] += gained[1]
            level_or_above.append(sum(1 for p, v in final.items() if p != me and v >= target))
            above.append(sum(1 for p, v in final.items() if p != me and v > target))
        if max(level_or_above) < CUT:
            verdicts.append("safe")
        elif min(above) >= CUT:
            verdicts.append("out")
        else:
            verdicts.append("maybe")
    if set(verdicts) == {"safe"}:
        return "safe"
    return "out" if "out" in verdicts else "maybe"


def shown_draw(player: Player) -> str | None:
    page = player.browse("GET", "/me").text
    found = re.search(r"<strong>A draw: (\w+)</strong>", page)
    return found.group(1) if found else None


def test_each_player_sees_their_tables_draw_as_the_brute_force_finds_it(db_path: Path) -> None:
    with self_served(db_path, players=12) as site:
        play_rounds(site, 4, seed=1)
        p1 = site.player("p1")
        signed_in(p1)
        assert shown_draw(p1) is None  # round 4 of 5 is over: not the question yet
        pairing.pair_next(site.db, event_id=site.event_id, seed=5, allow_missing_decks=True)
        event = load_event(site.db, event_id=site.event_id)
        seen = {}
        for code in sorted(site.pins):
            player = site.player(code)
            signed_in(player)
            seen[code] = shown_draw(player)
            assert seen[code] == brute_force(event, code), code
            assert player.sign_in().status == 200  # a phone reading JSON signs in too
            told = player.api("GET", "/api/me").json()["draw"]
            assert (told["verdict"], told["cut"]) == (seen[code], CUT), code
        assert set(seen.values()) == {"safe", "maybe", "out"}  # the seed gives all three
        page = p1.browse("GET", "/me").text
        assert f"(into the top {CUT})" in page
        out = site.player(next(c for c, v in seen.items() if v == "out"))
        signed_in(out)
        named = re.findall(r"(\w+) \d+ would have", out.browse("GET", "/me").text)
        assert named and all(n == "Player" for n in named)  # names keep their capitals

        table = next(m.table for m in event.rounds[-1].matches if "p1" in m.players)
        assert table is not None
        results.record_result(site.db, event_id=site.event_id, table=table, score=Score(1, 0))
        assert shown_draw(p1) is None  # played: nothing to decide any more
        assert p1.sign_in().status == 200
        answer = p1.api("GET", "/api/me")
        assert answer.status == 200, answer.text
        assert answer.json()["draw"] is None
