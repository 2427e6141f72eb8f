"""Several stations on one event: hosting, joining, live watching, the connection status and
the players' page switch.
"""
