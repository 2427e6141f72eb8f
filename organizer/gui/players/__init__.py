"""The Players tab: registration, the player dialog and CSV import."""
