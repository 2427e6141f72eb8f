"""Pure-Python tournament logic: rules, pairing, standings, clock, seating.

Must not import Qt, SQL libraries, reportlab, or any other organizer layer.
Time (`now`) and randomness (`rng`/seeds) are always passed in.
"""
