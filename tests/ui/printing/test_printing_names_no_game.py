"""Printing renders every game from what it describes: its modules import no game package,
but for the one game's own page that is still waiting for its move to ``ui/games`` (a list
that only shrinks)."""

from __future__ import annotations

import ast
from pathlib import Path

import m3desk.ui.printing as printing

OWN_PAGE_STILL_HERE = {"sheet_content", "sheet_layout", "encounter_content",
                       "encounter_layout"}
"""Monsters & Magic's own sheet and encounter layouts; they go with its ui/games package."""


def _imports(source: Path) -> set[str]:
    tree = ast.parse(source.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):  # function-level imports count too
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found


def test_printing_imports_no_game_package_outside_the_shrinking_list() -> None:
    folder = Path(printing.__file__).parent
    naming = {source.stem for source in folder.glob("*.py")
              if any(name.startswith("m3desk.systems.") for name in _imports(source))}
    assert naming <= OWN_PAGE_STILL_HERE, sorted(naming - OWN_PAGE_STILL_HERE)
    assert naming == OWN_PAGE_STILL_HERE, "a module left the list: shrink it"
