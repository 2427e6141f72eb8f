"""No module of `organizer` imports one that imports it back, directly or around a ring.

A cycle means neither module can be read, tested or moved without the other; the import
contracts (pyproject.toml, lint-imports) keep the layers, this keeps the modules within a
layer apart. Every import counts, lazy ones inside functions and `TYPE_CHECKING` ones too:
grimp, the import graph import-linter itself builds, sees them all.
"""

from __future__ import annotations

from pathlib import Path

import grimp
import networkx as nx
import pytest

ALLOWED: frozenset[frozenset[str]] = frozenset()
"""Rings still in the code, each exactly: this list only shrinks."""


def import_rings(package: str) -> list[frozenset[str]]:
    """Every set of modules of `package` that import each other round a ring."""
    graph = grimp.build_graph(package, cache_dir=None)
    imports: nx.DiGraph[str] = nx.DiGraph()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            imports.add_edge(module, imported)
    return [frozenset(ring) for ring in nx.strongly_connected_components(imports) if len(ring) > 1]


def test_no_module_imports_one_that_imports_it_back() -> None:
    rings = [ring for ring in import_rings("organizer") if ring not in ALLOWED]
    assert rings == [], "import cycles: " + "; ".join(" <-> ".join(sorted(r)) for r in rings)


def test_a_ring_through_a_lazy_import_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The finder itself, on a package whose `one` imports `two` and `two` imports `one`
    inside a function, as storage.database did storage.migrate."""
    package = tmp_path / "ringed"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "one.py").write_text("from ringed import two\n")
    (package / "two.py").write_text("def later() -> None:\n    from ringed import one\n")
    (package / "three.py").write_text("from ringed import one\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_rings("ringed") == [frozenset({"ringed.one", "ringed.two"})]
