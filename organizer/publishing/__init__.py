"""The published results: a static site the store posts on a USB stick or any web host.

Drawn from the same views the players' page and the printouts read (`core.views`), so the
site words a round, a result and a standing as they do. Like `printing`, it lays out what
a service hands it and imports nothing of services, storage or Qt.
"""
