"""Use cases: each write is one transaction with a journal entry, returning `Changes`.

Shared by the GUI and the command line. Never imports Qt or SQL libraries directly.
"""
