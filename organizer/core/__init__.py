"""Pure-Python tournament logic: rules, pairing, standings, clock, seating.

`views/` is the read side every client shares: a round's tables and the standings
lines, worded once, which the GUI, the printouts, the players' page and the command
line all show.

Must not import Qt, SQL libraries, reportlab, or any other organizer layer.
Time (`now`) and randomness (`rng`/seeds) are always passed in.
"""
