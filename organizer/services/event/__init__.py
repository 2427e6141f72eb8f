"""The event as a whole: creating, listing and deleting events (`events`), its
settings as the TO types them (`settings`), the interchange JSON in and out
(`interchange`) and undoing the last write (`undo`). Every other room reads the event
through `events`; changing the format's settings rechecks the stored decks, the one
call that reaches up into `decks`.
"""
