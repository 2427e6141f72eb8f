"""The app's screenshots, for the docs and for review: one tool, the scenes declared below.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screens.py SCENE [SCENE ...] [-o DIR]
    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screens.py --all [-o DIR]
    .venv/bin/python tools/screens.py --list

(or under `xvfb-run -a` for a real X server). DIR defaults to docs/screenshots.

Each scene builds its event through the services as a TO would, opens the window or
dialog it shows at its size and grabs PNGs. Each runs in a process of its own, so a scene
that needs a screen of a given size (Qt's offscreen platform, configured from a file)
or hosts a server leaves nothing behind for the next one.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))
sys.path.insert(1, str(TOOLS.parent))

from scenes.support import OUT_DIR, WINDOW_SIZE, Session, session  # noqa: E402


@dataclass(frozen=True)
class Scene:
    """One scene: where its builder is (`module:function`, taking a `Session`), the window
    size it opens at, and the screen it needs (None: the platform's own)."""

    name: str
    build: str
    size: tuple[int, int] = WINDOW_SIZE
    screen: tuple[int, int] | None = None

    def builder(self) -> Callable[[Session], None]:
        module, function = self.build.split(":")
        loaded = __import__(f"scenes.{module}", fromlist=[function])
        built: Callable[[Session], None] = getattr(loaded, function)
        return built

    @property
    def shows(self) -> str:
        return (self.builder().__doc__ or "").strip().split("\n")[0]


SCENES: tuple[Scene, ...] = (
    Scene("first-run", "window:first_run_shots"),
    Scene("main-window", "window:main_window_shots"),
    Scene("settings", "window:settings_shots"),
    Scene("names-imports", "window:names_imports_shots"),
    Scene("conflicts", "window:conflicts_shots"),
    Scene("fluid", "window:fluid_shots", screen=(1366, 768)),
    Scene("rounds", "rounds:rounds_shots"),
    Scene("conquest", "rounds:conquest_shots"),
    Scene("print-preview", "rounds:print_preview_shots"),
    Scene("pods", "rounds:pods_shots"),
    Scene("sudden-death-playoff", "rounds:sudden_death_playoff_shots"),
    Scene("sudden-death-trap", "rounds:sudden_death_trap_shots"),
    Scene("clock", "clock:clock_shots"),
    Scene("players-page", "clock:players_page_shots"),
    Scene("decks", "decks:decks_shots"),
    Scene("sideboard-check", "decks:sideboard_check_shots"),
    Scene("self-service", "decks:self_service_shots"),
    Scene("penalties", "judging:penalties_shots"),
    Scene("judge-rules", "judging:judge_rules_shots"),
    Scene("judge-calls", "judging:judge_calls_shots"),
    Scene("stations", "stations:stations_shots"),
)
BY_NAME = {scene.name: scene for scene in SCENES}


def shoot(scene: Scene, out: Path) -> None:
    """Run `scene` in this process (its screen, if any, must already be configured)."""
    with session(out, scene.size) as shots:
        scene.builder()(shots)


def in_own_process(scene: Scene, out: Path) -> int:
    """Run `scene` in a child process, with the offscreen screen it asks for."""
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="organizer-screens-") as tmp:
        if scene.screen is not None and env.get("QT_QPA_PLATFORM", "").startswith("offscreen"):
            width, height = scene.screen
            config = Path(tmp) / "screen.json"
            config.write_text(
                '{"screens": [{"name": "laptop", "x": 0, "y": 0, '
                f'"width": {width}, "height": {height}}}]}}',
                encoding="utf-8",
            )
            env["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"
        command = [sys.executable, __file__, "--here", scene.name, "-o", str(out)]
        return subprocess.call(command, env=env)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenes", nargs="*", metavar="SCENE", help="scenes to shoot")
    parser.add_argument("--all", action="store_true", help="every scene")
    parser.add_argument("--list", action="store_true", help="name each scene and what it shows")
    parser.add_argument("-o", "--out", type=Path, default=OUT_DIR, help="the PNGs' folder")
    parser.add_argument("--here", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.list:
        for scene in SCENES:
            print(f"{scene.name:22} {scene.shows}")
        return 0
    unknown = [name for name in args.scenes if name not in BY_NAME]
    if unknown or not (args.scenes or args.all):
        parser.error(f"unknown scene {', '.join(unknown)}" if unknown else "name a scene or --all")
    chosen = SCENES if args.all else tuple(BY_NAME[name] for name in args.scenes)
    if args.here:
        for scene in chosen:
            shoot(scene, args.out)
        return 0
    failed = [scene.name for scene in chosen if in_own_process(scene, args.out) != 0]
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
