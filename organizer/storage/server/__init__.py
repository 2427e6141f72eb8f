"""Stations: the embedded PostgreSQL server other stations join, and what goes with it.

Why one package: several stations on one event is one concern, and its parts
belong together below the services: `embedded` (the server in a folder: set
up, start, stop, its roles and who may do what), `programs` (running the
PostgreSQL programs the `pgserver` wheel ships, with no shell), `join_code`
(the short code a station types), `change_listener` (LISTEN for the other
stations' writes) and `network` (this computer's address on the LAN, which the
players' page announces too). `services.stations` decides what happens to the
events; no Qt here.
"""
