"""Every game's library rows say who a sheet is, in the same columns: ancestry, class and
level of a character, Hit Dice (or level) and AC of a monster, the game in "All games"."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.library.model import Column, LibraryModel
from m3desk.ui.library.sample_index import scan_samples
from m3desk.ui.library.scan import read_entry, scan_files
from m3desk.ui.main_window import MainWindow

GAMES = [system.id for system in registry.systems()]


def _shown(model: LibraryModel, name: str) -> dict[Column, str]:
    row = next(r for r in range(model.rowCount()) if model.index(r, Column.NAME).data() == name)
    return {column: model.index(row, column).data() for column in Column}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("indexed", [False, True], ids=["read", "index"])
def test_each_games_rows_show_who_the_sheet_is(
    qtmodeltester: Any, game: str, indexed: bool
) -> None:
    system = registry.get(game)
    samples = sample_files(game)
    model = LibraryModel()
    model.set_entries(scan_samples(samples) if indexed else scan_files(samples, is_sample=True))
    qtmodeltester.check(model)
    characters = monsters = 0
    for path in samples:
        sheet = load_sheet(path).model
        who = system.sheet_identity(sheet)
        shown = _shown(model, sheet.name)  # type: ignore[attr-defined]
        assert shown[Column.GAME] == system.name
        if path.suffix == ".m3c":
            characters += 1
            assert shown[Column.RACE] and shown[Column.RACE] == who.ancestry
            assert shown[Column.CLASS] and shown[Column.CLASS] == who.calling
            assert shown[Column.LEVEL] and shown[Column.LEVEL] == who.level
        else:
            monsters += 1
            assert shown[Column.CLASS] and shown[Column.CLASS] == who.armour_class
            assert shown[Column.RACE] == ""
            if who.level:  # Hit Dice, or a level where the game gives monsters one
                assert shown[Column.LEVEL] == who.level.removeprefix("HD ")
    assert characters and monsters


def test_a_monsters_hit_dice_and_ac_are_in_its_tooltip() -> None:
    ogre = next(p for p in sample_files("adnd2e") if p.stem == "ogre")
    model = LibraryModel()
    model.set_entries([read_entry(ogre, is_sample=True)])
    tip = model.index(0, Column.NAME).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Ogre, HD 4+1, AC 5 — AD&D 2nd edition")
    assert model.headerData(
        Column.LEVEL, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    ).endswith("a monster's Hit Dice or level")


def test_the_game_column_shows_in_all_games_only(window: MainWindow) -> None:
    library = window.library
    header = library.view.horizontalHeader()
    assert library.model.game is None and len(library.model.games()) == len(GAMES)
    window.resizeDocks([library], [900], Qt.Orientation.Horizontal)
    QApplication.processEvents()
    library.column_fitter.fit()
    assert not header.isSectionHidden(Column.GAME)
    assert header.model().headerData(Column.GAME, Qt.Orientation.Horizontal) == "Game"
    library.show_game(registry.get(GAMES[1]).name)
    assert header.isSectionHidden(Column.GAME)
    library.show_game(None)
    assert not header.isSectionHidden(Column.GAME)


def test_all_games_at_the_default_width_name_each_row_s_game(window: MainWindow) -> None:
    """Two Goblins of two games stand in "All games": at the dock's default width the Game
    column gives way after Race, not before it (it was the first to go)."""
    library = window.library
    header = library.view.horizontalHeader()
    assert library.model.game is None
    library.column_fitter.fit()
    QApplication.processEvents()
    assert not header.isSectionHidden(Column.GAME)
    assert not header.isSectionHidden(Column.CLASS)
    goblins = [
        row
        for row in range(library.model.rowCount())
        if library.model.index(row, Column.NAME).data() == "Goblin"
    ]
    games = {library.model.index(row, Column.GAME).data() for row in goblins}
    assert len(goblins) >= 2 and len(games) == len(goblins)
    # The narrowest room still gives the names their width: Race went first.
    widths = library.column_fitter.widths(header.width())
    assert widths[Column.RACE] == 0 or widths[Column.GAME] > 0
