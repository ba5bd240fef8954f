"""Printing renders every game from what it describes: its modules import no game package.
A game's own printed pages live in its ``ui/games/<id>/`` package (Monsters & Magic's in
``ui/games/monsters_and_magic/printing``) and reach the printer as ``GameParts.printed_pages``."""

from __future__ import annotations

import ast
from pathlib import Path

import m3desk.ui.printing as printing


def _imports(source: Path) -> set[str]:
    tree = ast.parse(source.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):  # function-level imports count too
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found


def test_printing_imports_no_game_package() -> None:
    folder = Path(printing.__file__).parent
    naming = {
        source.stem
        for source in folder.glob("*.py")
        if any(name.startswith("m3desk.systems.") for name in _imports(source))
    }
    assert naming == set(), sorted(naming)
