"""Use cases: each write is one `@write` transaction (`write_lock`) with its journal
entries, returning `Done` whose `Changes` are read off what it journaled (`changes`).

Shared by the GUI, the command line and the players' page. Never imports Qt or SQL
libraries directly: a write holds its transaction as `storage.database.Tx`.
"""
