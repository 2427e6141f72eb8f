"""The bundle leaves out only what the app never imports.

`installer/organizer.spec` excludes unused Qt modules to keep the bundle small.
Excluding one the app does import breaks the installed app at start-up, which
otherwise only `make installer-check` (a three-minute build) would notice:
this reads every import of the package and compares.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def spec_list(name: str) -> set[str]:
    tree = ast.parse((ROOT / "installer" / "organizer.spec").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            elements = node.value.elts  # type: ignore[attr-defined]
            return {ast.literal_eval(e) for e in elements if not isinstance(e, ast.Starred)}
    raise AssertionError(f"organizer.spec has no {name} list")


def collected_packages() -> set[str]:
    """The packages whose every module the spec's hidden imports collect
    (`*collect_submodules("organizer")`)."""
    tree = ast.parse((ROOT / "installer" / "organizer.spec").read_text(encoding="utf-8"))
    return {
        str(ast.literal_eval(node.args[0]))
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "collect_submodules"
    }


def bundled(module: str) -> bool:
    hidden = spec_list("hiddenimports")
    return module in hidden or any(module.startswith(p + ".") for p in collected_packages())


def test_modules_imported_by_name_are_bundled() -> None:
    """The command line imports its commands by name and the event view its tabs: no
    import statement shows them to PyInstaller, so the spec collects every module."""
    from organizer.cli.commands import GROUPS
    from organizer.gui.window.event_view import TABS

    named = [f"organizer.cli.commands.{g}" for g in GROUPS]
    named += [spec.split(":")[0] for spec in TABS.values()]
    assert [m for m in named if not bundled(m)] == []


def spec_excludes() -> set[str]:
    return spec_list("excludes")


def test_what_the_migration_scripts_import_of_ours_is_bundled() -> None:
    """PyInstaller reads migration scripts as data, not code: their imports of our own
    modules are found only through the spec's hidden imports."""
    ours: set[str] = set()
    for path in (ROOT / "organizer" / "storage" / "migrations" / "versions").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            module = node.module if isinstance(node, ast.ImportFrom) else None
            if module is not None and module.startswith("organizer"):
                ours.add(module)
    assert ours, "the check reads no import: the migrations moved?"
    assert [m for m in sorted(ours) if not bundled(m)] == []


def imported_modules() -> dict[str, str]:
    """Every module imported under organizer/ (also inside functions), with one file using it."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "organizer").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name, str(path.relative_to(ROOT)))
    return found


def test_no_module_the_app_imports_is_left_out_of_the_bundle() -> None:
    excludes = spec_excludes()
    assert "PySide6.QtWebEngineCore" in excludes  # the list was read
    clashes = {
        name: where
        for name, where in imported_modules().items()
        if any(name == ex or name.startswith(ex + ".") for ex in excludes)
    }
    assert clashes == {}


def test_the_rules_page_the_help_shows_ships_in_the_bundle() -> None:
    """Help → Rules and decisions reads docs/rules.md from the same place in a bundle."""
    from organizer.services.kit.resources import rules_page_path

    assert rules_page_path() == ROOT / "docs" / "rules.md"
    assert rules_page_path().is_file()
    spec = (ROOT / "installer" / "organizer.spec").read_text(encoding="utf-8")
    assert '(str(ROOT / "docs" / "rules.md"), "docs")' in spec
