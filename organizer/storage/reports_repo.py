"""Players' reports of their table's result, and where a player sits in a round (0008)."""

from __future__ import annotations

import datetime as dt

from sqlmodel import Session, col, select

from organizer.storage.tables import MatchRow, PlayerReportRow


def save(session: Session, *, match_id: int, registration_id: int, report: str) -> None:
    """Keep a player's report, replacing their earlier one for the same match."""
    row = session.exec(
        select(PlayerReportRow).where(
            PlayerReportRow.match_id == match_id,
            PlayerReportRow.registration_id == registration_id,
        )
    ).first()
    if row is None:
        row = PlayerReportRow(match_id=match_id, registration_id=registration_id, report=report)
    row.report = report
    row.reported_at = dt.datetime.now(dt.UTC)
    session.add(row)
    session.flush()


def of_match(session: Session, *, match_id: int) -> dict[int, str]:
    """Each reporting registration's report of the match."""
    rows = session.exec(
        select(PlayerReportRow.registration_id, PlayerReportRow.report).where(
            PlayerReportRow.match_id == match_id
        )
    ).all()
    return {rid: report for rid, report in rows}


def pending_in_round(session: Session, *, round_id: int) -> dict[int, dict[int, str]]:
    """Reports of the round's matches still without a result: match id -> reports."""
    rows = session.exec(
        select(PlayerReportRow.match_id, PlayerReportRow.registration_id, PlayerReportRow.report)
        .join(MatchRow, col(MatchRow.id) == col(PlayerReportRow.match_id))
        .where(MatchRow.round_id == round_id, MatchRow.status == "pending")
    ).all()
    out: dict[int, dict[int, str]] = {}
    for match_id, rid, report in rows:
        out.setdefault(match_id, {})[rid] = report
    return out
