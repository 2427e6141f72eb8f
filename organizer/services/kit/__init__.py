"""The plumbing every service stands on: one transaction per write and its lock
(`write_lock`), the changes a write reports (`changes`), the errors a client shows
(`errors`), progress for long work, reading the files a TO brings (`text_files`),
fresh seeds and where the shipped resources are. Imports no other room.
"""
