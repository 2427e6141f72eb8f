"""A store's season: its points scheme and its leaderboard, as pure functions."""
