"""What goes on paper: each printout's facts gathered from the event and handed to
`organizer.printing` (`printouts`).
"""
