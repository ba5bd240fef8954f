"""The GM chooses what the player view's board centres on, in every game (issue 19 §9).

It centred on whoever acted, monsters included, so the players' board swung to the goblin
on the goblin's turn. Now "the party" (the default) stays on a player character, "whoever
acts" follows the turn, and a fixed combatant stays put; the header says which.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.player_view import PlayerView
from m3desk.ui.encounter.widget import EncounterWidget

GAMES = [system.id for system in registry.systems()]


def _widget(qtbot: Any, game: str) -> EncounterWidget:
    files = sample_files(game)
    characters = [p for p in files if p.suffix == ".m3c"][:2]
    monsters = [p for p in files if p.suffix == ".m3m"][:2]
    document = new_encounter_document(characters + monsters, name="Centre")
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def _monster_turn(widget: EncounterWidget) -> str:
    """Put the turn on a monster (as Next Turn would), and return its name."""
    encounter = widget.document.encounter
    monster = next(c for c in encounter.combatants if getattr(c.sheet, "kind", "") == "monster")
    if encounter.phase == "setup":
        encounter = core.next_turn(encounter)
    widget.document.apply(encounter.model_copy(update={"turn": monster.id}), "turn")
    return monster.name


def _choose(qtbot: Any, view: PlayerView, words: str) -> None:
    """Pick ``words`` in the Centre-on box with the keyboard, as the GM does."""
    combo = view.centre_combo
    combo.setFocus()
    while combo.currentText() != words:
        before = combo.currentIndex()
        qtbot.keyClick(combo, Qt.Key.Key_Down)
        assert combo.currentIndex() != before, f"{words!r} is not offered"


@pytest.mark.parametrize("game", GAMES)
def test_the_board_centres_on_the_party_whoever_acts_or_one_combatant(
    qtbot: Any, game: str
) -> None:
    widget = _widget(qtbot, game)
    chosen: list[tuple[str, str]] = []
    widget.remember_player_centre = lambda mode, fixed: chosen.append((mode, fixed))
    monster = _monster_turn(widget)
    view = widget.show_player_view()
    qtbot.waitExposed(view)
    header = view.board.header
    party = [
        c.name
        for c in widget.document.encounter.combatants
        if getattr(c.sheet, "kind", "") == "character"
    ]
    # The party (the default): a monster's turn leaves the board on a player character.
    assert view.centre_combo.currentText() == "the party"
    assert header.text() in {f"Ranges from {name}" for name in party}, header.text()
    assert monster in view.round_label.text()  # the turn itself is still told
    _choose(qtbot, view, "whoever acts")
    assert header.text() == f"Ranges from {monster}"
    assert chosen[-1] == ("acting", "")
    _choose(qtbot, view, party[-1])
    assert header.text() == f"Ranges from {party[-1]}"
    assert chosen[-1] == ("fixed", party[-1])
    # The fixed combatant stays put when the turn moves on.
    widget.encounter_actions.next_turn.trigger()
    QApplication.processEvents()
    assert header.text() == f"Ranges from {party[-1]}"
    view.close()


def test_the_choice_is_kept_in_the_settings(qtbot: Any, tmp_path: Any) -> None:
    from m3desk.storage.paths import AppPaths
    from m3desk.storage.settings import AppSettings, load_settings
    from m3desk.ui.window.settings_store import SettingsStore

    paths = AppPaths.from_environment()
    store = SettingsStore(paths, AppSettings())
    store.set_player_centre("fixed", "Lirra")
    settings, _warning = load_settings(paths)
    assert (settings.player_view_centre, settings.player_view_fixed) == ("fixed", "Lirra")
    assert SettingsStore(paths, settings).player_centre() == ("fixed", "Lirra")


@pytest.mark.parametrize("game", GAMES)
def test_the_party_s_hit_points_are_named_as_the_tracker_names_them(qtbot: Any, game: str) -> None:
    """ "Lirra · HP 3/3" as the tracker's column and the sheet's headline say it (Monsters &
    Magic: "PHP 18/18"), not "3/3 hp" — a Monsters & Magic hero has two kinds of hit
    points, and "hp" did not say which."""
    widget = _widget(qtbot, game)
    view = widget.show_player_view()
    qtbot.waitExposed(view)
    rules = registry.get(game).encounter
    assert rules is not None
    [pool_name] = [column.title for column in rules.columns if column.kind == "pool"][:1]
    shown = [view.order.item(row).text() for row in range(view.order.count())]
    for combatant in widget.document.encounter.combatants:
        pool = rules.pool(combatant)
        if getattr(combatant.sheet, "kind", "") != "character" or pool is None:
            continue
        line = next(text for text in shown if combatant.name in text)
        assert f"{combatant.name} · {pool_name} {pool[0]}/{pool[1]}" in line, line
        assert " hp" not in line
