"""The Jinja2 environment every HTML page the app writes renders with.

Why a module: the players' page's public pages (`web.app`), its signed-in pages
(`web.self_service.app`) and the published results (`publishing.site`) each have a
template folder, and all must render with the same safety settings (autoescaping on,
a missing value an error, never a blank); one place sets them. It lives with the
published results, the lowest of the three, so the page (above) can reach it too.
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
