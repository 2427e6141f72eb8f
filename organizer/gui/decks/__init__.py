"""The Decks tab: deck lists, their editor and findings, card pools, deck checks and
sideboarding checks.
"""
