"""The small pure parts of the page: addresses announced, notes for the TO, name search."""

from __future__ import annotations

from organizer.web.address import EXPOSURE_NOTE, LOOPBACK_NOTE, note_for, page_url
from organizer.web.clock_words import mm_ss, state_words
from organizer.web.search import clean_query, fold, matches


def test_page_urls_put_ipv6_in_brackets() -> None:
    assert page_url("127.0.0.1", 8080) == "http://127.0.0.1:8080/"
    assert page_url("::1", 8080) == "http://[::1]:8080/"


def test_the_note_says_whether_other_machines_can_open_the_page() -> None:
    for host in ("127.0.0.1", "::1", "localhost"):
        assert note_for(host) == LOOPBACK_NOTE
    assert "deck lists" in EXPOSURE_NOTE and "cannot change anything" in EXPOSURE_NOTE


def test_search_ignores_case_accents_and_extra_spaces() -> None:
    assert fold("Iván JOVANOVIĆ").split("\n")[0] == "ivan jovanovic"
    assert matches("ن", "نور الهدى") and not matches("ن", "Ada Byrne")
    assert matches("jova", "Ivan Jovanović")
    assert matches("  IVAN   jo", "Iván Jovanović")
    assert not matches("", "Anyone")
    assert not matches("zz", "Ivan Jovanović")
    assert len(clean_query("x" * 500)) == 60


def test_clock_words() -> None:
    assert mm_ss(3599) == "59:59"
    assert mm_ss(None) == "--:--"
    assert state_words({"state": "running", "phase": "sideboarding"}).endswith("Sideboarding")
    assert state_words({"state": "time", "phase": "time_called"}).startswith("Time is up")
