"""What every room builds with: actions, prompts, the background runner (and its progress
bar for long imports), table views, rows and columns (`layouts`), emphasis, the slip
labels, the one settings file, the one served players' page, the base table model and the
EventScreen base of every tab. Rooms share through here, never by importing each other.
"""
