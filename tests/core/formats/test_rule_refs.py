"""Every deck finding cites a rulebook section or a section of docs/rules.md that exists.

Why: a TO or judge reading a finding has only the rulebooks, the app and its
repository; a citation of a file they cannot open (an outside spec) is no help.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from organizer.core.formats import bans, castle_wars, checker, warcaste, wars, wtactics
from organizer.core.formats.rules import Rule

RULES_PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules.md"
RULEBOOKS = ("Warcaste", "Castle Wars", "WARS", "WTactics")

ALL_RULES = [
    rule
    for module in (warcaste, castle_wars, wars, wtactics)
    for rules in module.RULES.values()
    for rule in rules
] + [
    checker.READABLE,
    checker.KNOWN_CARD,
    checker.SAME_GAME,
    checker.BOOST_VALUE,
    bans.RULEBOOK_BAN,
]
HOUSE_BAN = bans.house_ban_rule(["Any card"])
assert HOUSE_BAN is not None
ALL_RULES.append(HOUSE_BAN)


def _headings() -> set[str]:
    lines = RULES_PAGE.read_text(encoding="utf-8").splitlines()
    return {line.lstrip("#").strip() for line in lines if line.startswith("#")}


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.id)
def test_a_finding_cites_a_rulebook_or_the_rules_page(rule: Rule) -> None:
    assert rule.ref.startswith((*RULEBOOKS, "docs/rules.md")), rule.ref
    assert ".md" not in rule.ref.replace("docs/rules.md", ""), rule.ref


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.id)
def test_a_cited_section_of_the_rules_page_exists(rule: Rule) -> None:
    for section in re.findall(r"docs/rules\.md, ([A-Z][a-z]+(?: [a-z]+)*)", rule.ref):
        assert section in _headings(), rule.ref


def test_each_rulebook_ban_cites_a_section_that_bans_it() -> None:
    """WARS 1.5, Section Three: Rulings lists "Talkan 1PF3" with "Banned:" under it."""
    for format_id, banned in bans.RULEBOOK_BANS.items():
        for ban in banned:
            assert ban.ref == "WARS, Section Three: Rulings (Banned)", format_id
            assert ban.label == "Talkan (1PF3)"


def _section(heading: str) -> str:
    """The text of docs/rules.md under `heading`, up to the next heading of any level."""
    lines = RULES_PAGE.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip("#").strip() == heading)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("#")), len(lines))
    return " ".join(" ".join(lines[start + 1 : end]).split())


JUDGE_DECISIONS = [  # issue 25: every decision stated where a judge looks for it
    ("Sudden death (1d)", "Turn 1 is the turn in progress when time is called"),
    ("Sudden death (1d)", "turn N --other M"),
    ("Sudden death (1d)", "sudden death wrote itself is a stored result too"),
    ("Round length (1d)", "house_round_minutes"),
    ("Top cut", "an exact tie across the cut line is the TO's decision"),
    ("Top cut", "--break-ties random"),
    ("Top cut", "Conquest playoffs are Conquest games"),
    ("Top cut", "a playoff game drawn by a mandatory loop"),
    ("Conquest (`warcaste-conquest`)", "everyone at the table draws"),
    ("Conquest (`warcaste-conquest`)", "conquest_time_draw = still-in"),
    ("Skirmish Draft (`warcaste-skirmish-draft`)", "reprinted"),
    ("Skirmish Draft (`warcaste-skirmish-draft`)", "pool-not-registered"),
    ("Card data", "a house ban follows the card, not the spelling"),
    ("Card data", "card-boost-value"),
    ("Card data", "side deck, never a sideboard"),
    ("A deck check between games", "keeps every deck rule"),
    ("WARS TCG (*WARS TCG Comprehensive Rules 1.5*)", "a match level at time is recorded"),
    (
        "`castle-wars-decrees` (*Castle Wars rulebook with decrees*, sections 2 and 8)",
        "cwd-card-types",
    ),
    # issue 36 items 2, 6, 7, 9
    ("Sudden death (1d)", "A correction changes only what it is given"),
    ("Skirmish Draft (`warcaste-skirmish-draft`)", "counts for every set it is printed in"),
    ("WARS TCG (*WARS TCG Comprehensive Rules 1.5*)", "`0-0-1 --tiebreak a` is 1-0"),
    ("Results, drops and the event", "at most 2N-1 games in all"),
    ("WTactics (*Original Rules Concept*)", "Loyalty restrictions are checked"),
]


@pytest.mark.parametrize(("heading", "phrase"), JUDGE_DECISIONS)
def test_the_rules_page_states_each_judge_decision(heading: str, phrase: str) -> None:
    assert phrase.casefold() in _section(heading).casefold(), (heading, phrase)


def test_every_new_finding_is_named_on_the_rules_page() -> None:
    page = RULES_PAGE.read_text(encoding="utf-8")
    for rule in (
        castle_wars.TCG_TYPES,
        castle_wars.DECREES_TYPES,
        checker.BOOST_VALUE,
        wtactics.LOYALTY,
    ):
        assert f"`{rule.id}`" in page, rule.id
