"""The round clock and Warcaste sudden death, computed from stored facts and an injected now."""
