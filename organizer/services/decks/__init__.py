"""Deck lists and the cards they are checked against: card pools (`cardpools`), a
player's list checked and stored (`decks`), and the gate that holds round 1 while lists
are missing or illegal (`deck_gate`).
"""
