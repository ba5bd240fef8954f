"""Opening, in the real window, an encounter saved when distances were kept per pair: the
user reads which distances the new places could not keep; every game that measures
distance."""

from __future__ import annotations

from pathlib import Path

import pytest

from m3desk.core import encounter as core
from m3desk.ui.main_window import MainWindow
from tests.systems.test_places_migration import DISTANCE_GAMES, old_fight, old_file
from tests.ui.window.conftest import ScriptedDialogs


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_an_old_encounter_opens_on_places_and_says_which_distances_were_lost(
    game: str, window: MainWindow, fake_dialogs: ScriptedDialogs, tmp_path: Path
) -> None:
    encounter = old_fight(game)
    model = encounter.position_model
    path = tmp_path / "old.m3e"
    path.write_bytes(
        old_file(game, encounter, {(0, 1): model.step, (1, 2): model.step, (0, 2): model.maximum})
    )
    opened = window.open_path(path)
    assert opened is not None and opened.modified  # saving keeps the places
    [warning] = fake_dialogs.messages("show_warning")
    names = [c.name for c in encounter.combatants]
    assert warning.startswith(
        "Repaired on opening m3desk mended “old.m3e” as it opened (save "
        "to keep the repair):\n\n• This file kept a distance for each "
        "pair; each combatant now has a place"
    )
    assert f"{names[0]} ↔ {names[2]} {model.label(model.maximum)} (now " in warning
    shown = opened.document.encounter
    ids = [c.id for c in shown.combatants]
    assert core.position_between(shown, ids[0], ids[1]) == model.step
