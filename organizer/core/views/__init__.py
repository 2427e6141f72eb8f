"""What every client shows of an event, built once: a round's tables, standings lines, wording.

The GUI's models, the printouts, the players' page and the command line all read these,
so the same event reads the same on a screen, on paper, on a phone and in a terminal
(`wording` says every number and word once). Pure Python: imports only the standard
library and `organizer.core`; no Qt, no SQL.
"""
