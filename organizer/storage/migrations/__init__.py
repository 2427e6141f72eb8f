"""Alembic migration scripts for the organizer database (one per schema change)."""
