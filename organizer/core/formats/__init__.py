"""Games and formats: match structure and deck rules, one module per game."""
