"""The formats the organizer runs, with how their matches are played.

Source: the rulebooks, as docs/rules.md states them (citing each section). Deck rules live in
one module per game beside this one; this catalog holds what every other part
of the app needs to know about a format: its game, match structure
(best-of, whether a game may be drawn, players per game), round length and
end-of-round procedure, default tiebreaker order.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

MTR_TIEBREAKERS: tuple[str, ...] = ("points", "omw", "gw", "ogw")
"""Magic Tournament Rules, Appendix C: the default order for every format."""


@dataclass(frozen=True, slots=True)
class FormatInfo:
    id: str
    game: str
    title: str
    summary: str
    best_of: int = 3
    draws_allowed: bool = True
    round_minutes: int = 50
    """The plain match (best of 3, draws allowed, 50 minutes) unless a rulebook says other."""
    min_players_per_game: int = 2
    max_players_per_game: int = 2
    sideboarding_minutes: int = 0
    end_of_round: str = "extra_turns"
    """"sudden_death" (Warcaste Skirmish, 1d), "games_end" (Conquest: decided here, formats.md)
    or "extra_turns" (decided here where a rulebook names no procedure)."""
    extra_turns: int = 5
    draft: bool = False
    tiebreakers: tuple[str, ...] = MTR_TIEBREAKERS
    round_length_ref: str = ""
    """The rulebook section that sets the round length ("Warcaste 1d"); "" where none does
    (then the event's length is the TO's choice). See `round_length`."""

    @property
    def multiplayer(self) -> bool:
        return self.max_players_per_game > 2


_SKIRMISH = FormatInfo(
    id="warcaste-skirmish-constructed",
    game="warcaste",
    title="Warcaste Skirmish Constructed",
    summary="1 doctrine; 30 cards; sideboard 0-10; shared attribute with the doctrine; "
    "3 copies (2 per boost variant)",
    best_of=1,
    round_minutes=60,
    sideboarding_minutes=5,
    end_of_round="sudden_death",
    extra_turns=3,
    round_length_ref="Warcaste 1d",
)

FORMATS: tuple[FormatInfo, ...] = (
    _SKIRMISH,
    replace(  # the same match and clock as constructed; the deck comes from a draft
        _SKIRMISH,
        id="warcaste-skirmish-draft",
        title="Warcaste Skirmish Draft",
        summary="3 packs, pods of up to 8 (right, left, right); 30 cards from the drafted pool; "
        "1 doctrine of the drafted set",
        draft=True,
    ),
    FormatInfo(
        id="warcaste-conquest",
        game="warcaste",
        title="Warcaste Conquest",
        summary="3 to 5 players a game; 1 doctrine; 50 cards with the normal deck rules; "
        "no sideboard",
        best_of=1,
        round_minutes=60,
        min_players_per_game=3,
        max_players_per_game=5,
        end_of_round="games_end",
        extra_turns=0,
        tiebreakers=("points", "omw", "oomw"),
    ),
    FormatInfo(
        id="castle-wars",
        game="castle-wars",
        title="Castle Wars",
        summary="50 cards; 3 copies across deck and side deck; 1 castle outside the deck; "
        "side deck up to 10",
    ),
    FormatInfo(
        id="castle-wars-decrees",
        game="castle-wars",
        title="Castle Wars with Decrees",
        summary="50 cards; 2 copies; decrees 1 each and 5 in all; 1 castle outside the deck",
    ),
    FormatInfo(
        id="wars-constructed",
        game="wars",
        title="WARS TCG Constructed",
        summary="60 cards; at least 1 location; 4 copies except 'unlimited' cards; no drawn games",
        draws_allowed=False,
    ),
    FormatInfo(
        id="wtactics-orc",
        game="wtactics",
        title="WTactics (Original Rules Concept)",
        summary="50-card army deck plus a region pile; 4 copies unless the card says otherwise",
    ),
)

_BY_ID = {f.id: f for f in FORMATS}


class UnknownFormatError(KeyError):
    """A format id that is not in the catalog (docs/rules.md lists them)."""

    def __str__(self) -> str:
        known = ", ".join(_BY_ID)
        return f"unknown format {self.args[0]!r}; known formats: {known}"


def format_info(format_id: str) -> FormatInfo:
    try:
        return _BY_ID[format_id]
    except KeyError:
        raise UnknownFormatError(format_id) from None


UNKNOWN_FORMAT = FormatInfo(
    id="",
    game="",
    title="",
    summary="a format this version does not know: plain two-player matches",
)
"""How an event of an unknown format (an import from elsewhere, a newer version's) is run:
plain two-player matches, draws allowed, MTR tiebreakers, 5 extra turns at time; no
sudden death, no pods, no deck rules. The one fallback every part asks for."""


def format_or_unknown(format_id: str | None) -> FormatInfo:
    """The format's facts, or `UNKNOWN_FORMAT` for an id not in the catalog (or none)."""
    return _BY_ID.get(format_id or "", UNKNOWN_FORMAT)
