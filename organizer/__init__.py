"""Organizer: runs trading card game tournaments at a store or a convention hall.

Layers (see docs/architecture in shared/design): gui/cli -> services -> storage/printing -> core.
"""

__version__ = "0.1.0"
