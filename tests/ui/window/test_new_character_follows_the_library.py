"""New Character as the library shows the games (issue 28): it opened on Monsters & Magic with
the library filtered to another game, and listed the games in another order than the
library's filter; OSE's prime-requisite trade took two spin boxes set by hand."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core import registry
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window import generation_dialog
from m3desk.ui.window.generation_dialog import GenerationDialog, GenerationPanel
from m3desk.ui.window.new_character import games_with_forms
from tests.ui.window.conftest import ScriptedDialogs
from tests.ui.window.test_new_character_generation import _by_the_menu, _seeded

GAMES = [system.id for system in registry.systems() if system.generation is not None]
TRADING = [
    system.id
    for system in registry.systems()
    if system.generation is not None and system.generation.shift_range is not None
]


def test_every_list_of_games_is_in_the_library_s_order(window: MainWindow) -> None:
    library = [
        window.library.game_filter.itemText(n) for n in range(1, window.library.game_filter.count())
    ]
    assert len(library) == len(list(registry.systems()))  # every game's samples are listed
    for kind in ("character", "monster"):
        names = [name for _id, name in games_with_forms(kind)]
        assert names == [name for name in library if name in names], kind


@pytest.mark.parametrize("game", GAMES)
def test_new_character_opens_on_the_game_the_library_shows(
    qtbot: Any, window: MainWindow, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    _seeded(monkeypatch)
    name = registry.get(game).name
    window.library.show_game(name)
    assert window.library.model.game == name
    seen: list[str] = []

    def look(dialog: GenerationDialog) -> None:
        seen.append(dialog.system().id)
        dialog.reject()

    _by_the_menu(qtbot, window, look)
    assert seen == [game]


def test_new_monster_asks_first_for_the_game_the_library_shows(
    window: MainWindow, fake_dialogs: ScriptedDialogs
) -> None:
    game = list(registry.systems())[-1]
    window.library.show_game(game.name)
    asked: list[Any] = []
    fake_dialogs.answer("ask_game", lambda *args: asked.append(args) or game.id)
    window.new_monster()
    assert asked and asked[0][2] == game.name


@pytest.mark.parametrize("game", TRADING)
def test_the_prime_requisite_trade_is_one_step(qtbot: Any, game: str) -> None:
    system = registry.get(game)
    from m3desk.assets import game_data

    dialog = GenerationDialog(
        [system], lambda s: s.default_options(), game_data, None, generation_dialog.Roller(3)
    )
    qtbot.addWidget(dialog)
    panel = dialog.panel
    assert isinstance(panel, GenerationPanel)
    panel.method.setCurrentIndex(panel.method.findData("typed"))
    for row in panel.rows:
        row.score.setValue(13)
    assert panel.trade.count() > 0, "no trade offered"
    before = {row.key: row.score.value() for row in panel.rows}
    lowered, down, raised, up = panel.trade.currentData()
    qtbot.mouseClick(panel.trade_button, Qt.MouseButton.LeftButton)
    assert panel.shifts() == {lowered: down, raised: up}
    assert not panel.problem(), panel.problem()  # the rule is kept: nothing to balance
    assert {row.key: row.score.value() for row in panel.rows} == before
