"""The Rounds tab: pairings, slip and result entry, swaps and sudden death."""
