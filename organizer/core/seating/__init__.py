"""Draft pod seating and multiplayer table seating."""
