"""The PySide6 desktop front end: thin Model/View over the services."""
