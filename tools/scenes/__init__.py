"""The scenes `tools/screens.py` shoots, one module per part of the app."""
