"""Qt table models: plain rows (ids and values) read through the services."""
