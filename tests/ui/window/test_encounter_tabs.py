"""An encounter's tab says what it holds (issue 28): its foes or the GM's name and its game
("Goblin ×4 · OSE *"), not "Encounter 2 *"; six tabs fit a 1366-pixel window whole."""

from __future__ import annotations

import itertools

from PySide6.QtWidgets import QTabBar

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui.documents.encounter_title import short_game_name
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.main_window import MainWindow


def _fight(game: str, name: str, foes: int):
    files = sample_files(game)
    party = [p for p in files if p.suffix == ".m3c"][:2]
    monster = next(p for p in files if p.suffix == ".m3m")
    return new_encounter_document(party + [monster] * foes, name=name)


def test_six_encounter_tabs_name_their_foes_and_game_and_fit(qtbot, window: MainWindow) -> None:
    window.resize(1366, 728)
    records = []
    for number, system in zip(range(6), itertools.cycle(registry.systems()), strict=False):
        name = "Encounter" if number == 0 else f"Encounter {number + 1}"
        document = _fight(system.id, name, foes=number % 3 + 1)
        records.append((system, document, window.session.adopt(document)))
    bar = window.tabs.tab_widget.tabBar()
    qtbot.wait(20)
    for system, document, record in records:
        monster = next(c for c in document.encounter.combatants if c.side != "Party")
        base = monster.name.rsplit(" ", 1)[0] if monster.name[-1].isdigit() else monster.name
        foes = sum(1 for c in document.encounter.combatants if c.side != "Party")
        said = f"{base} ×{foes}" if foes > 1 else base
        assert window.tabs.title_of(record.page) == f"{said} · {short_game_name(system.name)}"
    # The GM's own name is kept, with the game; the unsaved mark stays at the end.
    system, document, record = records[0]
    document.apply(document.encounter.model_copy(update={"name": "Goblin ambush"}), "Rename")
    assert window.tabs.title_of(record.page) == f"Goblin ambush · {short_game_name(system.name)} *"
    # Six tabs, every one whole in the bar (no scroll buttons, no elided words).
    assert bar.count() == 6
    assert bar.tabRect(bar.count() - 1).right() <= bar.width()
    close = bar.tabButton(0, QTabBar.ButtonPosition.RightSide)
    for index in range(bar.count()):
        text = bar.tabText(index).replace("&&", "&")
        room = bar.tabRect(index).width() - (close.width() if close else 0) - 12
        assert bar.fontMetrics().horizontalAdvance(text) <= room, (text, bar.tabRect(index))


def test_short_game_names() -> None:
    assert [
        short_game_name(n)
        for n in ("Old-School Essentials", "Monsters & Magic", "AD&D 2nd edition", "Apparatus")
    ] == ["OSE", "M&M", "AD&D 2e", "Apparatus"]
