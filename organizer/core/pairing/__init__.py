"""Swiss pairing, standings with tiebreakers, and the single-elimination top cut."""
