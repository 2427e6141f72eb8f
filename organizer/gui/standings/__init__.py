"""The Standings tab: standings, the top cut and its bracket."""
