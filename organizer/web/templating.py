"""The Jinja2 environment every part of the players' page renders with.

Why a module: the public pages (`app`) and the signed-in pages
(`self_service.app`) each have a template folder, and both must render with
the same safety settings (autoescaping on, a missing value an error, never a
blank); one place sets them.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined


def environment(folder: Path) -> Environment:
    """Templates from `folder`, autoescaped, strict about undefined names."""
    return Environment(
        loader=FileSystemLoader(folder),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
