"""The paper sizes printouts are laid out for.

Apart from `event_settings` (which holds the event's choice of one) so the command line
can offer `--paper` without loading every setting, its readers and the prize tables
(about 40 ms of each command's start, issue 35.6).
"""

from __future__ import annotations

from typing import Final, Literal, get_args

Paper = Literal["A4", "Letter"]
PAPERS: Final[tuple[str, ...]] = get_args(Paper)
