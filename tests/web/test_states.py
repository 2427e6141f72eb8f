"""The page before round 1, with draft pods, after a change, and when the event is gone."""

from __future__ import annotations

from organizer.services.clock.clock import ClockStatus
from organizer.services.event import events
from organizer.services.phones.players_page import PageFacts, page_facts
from organizer.services.players import registration
from organizer.services.rounds import pairing, pods
from organizer.storage.database import Database
from organizer.web.snapshot import SnapshotCache
from tests.web.served import NAMES, registered_event, serving


def test_before_round_1_the_pages_say_so_and_the_clock_waits(db: Database) -> None:
    event_id = registered_event(db)
    with serving(db, event_id) as page:
        assert page.get("/api/clock.json").json()["state"] == "waiting"
        assert page.get("/api/pairings.json").json() == {"round": None, "pairings": []}
        assert "Round 1 is not paired yet." in page.get("/").text
        assert "Round 1 is not paired yet." in page.get("/pairings").text
        assert 'data-round=""' in page.get("/standings").text


def test_pods_page_shows_every_seat_by_pod_and_by_name(db: Database) -> None:
    event_id = registered_event(db, format_id="warcaste-skirmish-draft")
    seating = pods.seat(db, event_id=event_id, seed=3)
    names = {p.code: p.name for p in registration.list_players(db, event_id=event_id)}
    with serving(db, event_id) as page:
        html = page.get("/pods").text
        assert 'href="/pods"' in page.get("/").text
    for pod in seating.value.pods:
        assert f"<h2>Pod {pod.number}</h2>" in html
        assert f"Packs pass {', '.join(pod.passes)}." in html
    by_name = html.split('id="by-name"')[1]
    for pod in seating.value.pods:
        for seat in pod.seats:
            name = names[seat.player].replace("&", "&amp;").replace("<", "&lt;")
            name = name.replace(">", "&gt;").replace('"', "&#34;").replace("'", "&#39;")
            row = f'<tr><td class="who"><bdi>{name}</bdi></td><td class="num">{pod.number}</td>'
            assert row + f'<td class="num">{seat.number}</td></tr>' in by_name
    assert by_name.count("<tr><td") == len(NAMES)


def test_a_deleted_event_is_reported_not_crashed(db: Database) -> None:
    event_id = registered_event(db)
    with serving(db, event_id) as page:
        events.delete_event(db, event_id)
        reply = page.get("/pairings")
        assert reply.status == 503
        assert "The event cannot be shown" in reply.text
        assert page.get("/static/style.css").status == 200


def test_the_cache_reads_again_only_when_the_event_changed(db: Database) -> None:
    event_id = registered_event(db)
    clock_now = [100.0]
    reads: list[PageFacts] = []

    def load() -> tuple[PageFacts, ClockStatus | None]:
        reads.append(page_facts(db, event_id=event_id))
        return reads[-1], None

    cache = SnapshotCache(
        load,
        lambda: events.revision(db, event_id=event_id),
        ttl_s=1.0,
        max_age_s=10.0,
        monotonic=lambda: clock_now[0],
    )
    first = cache.get()
    clock_now[0] += 1.0
    assert cache.get() is first and len(reads) == 1  # nothing changed: no new read
    pairing.pair_next(db, event_id=event_id, seed=1)
    assert cache.get() is first  # within the second: not even asked
    assert first.facts.round is None
    clock_now[0] += 1.0
    second = cache.get()
    assert second is not first and len(reads) == 2
    assert second.facts.round == 1
    assert len(second.facts.tables) == 4
    clock_now[0] += 10.0
    assert cache.get() is not second and len(reads) == 3  # read again after max_age_s anyway
