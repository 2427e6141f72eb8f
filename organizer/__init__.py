"""Organizer: runs trading card game tournaments at a store or a convention hall.

Layers (README, "Where things are"): gui/cli/web -> services -> storage/printing -> core;
import-linter's contracts in pyproject.toml keep calls going down.
"""

__version__ = "0.1.0"
