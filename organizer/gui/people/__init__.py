"""The People room: the store's people across events, and its seasons' leaderboards."""
