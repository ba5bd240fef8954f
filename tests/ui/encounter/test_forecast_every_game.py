"""Encounter → Forecast… in every installed game: the fights play on a worker thread and the
headline and plots fill in; with everyone already down there is no fight to forecast (the
headline read "Party win 0.0 %", issue 20 §6)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.forecast import forecast
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.forecast_dialog import ForecastDialog

GAMES = [system.id for system in registry.systems()]


def _pool_at(sheet: Any, points: int) -> Any:
    php = getattr(sheet, "php", None)
    if php is not None:
        return sheet.model_copy(update={"php": php.model_copy(update={"current": points})})
    return sheet.model_copy(update={"hit_points": points})


def _encounter(game: str, *, down: bool = False) -> core.Encounter:
    rules = registry.get(game).encounter
    assert rules is not None
    sheets = [load_sheet(path).model for path in sorted(sample_files(game))]
    character = next(s for s in sheets if getattr(s, "kind", "") == "character")
    monster = next(s for s in sheets if getattr(s, "kind", "") == "monster")
    encounter = rules.encounter_type(name="Forecast")
    for sheet, side in ((character, "Party"), (monster, "Monsters")):
        encounter = core.join(encounter, rules.make_combatant(
            _pool_at(sheet, 0) if down else sheet, side))
    return encounter


@pytest.mark.parametrize("game", GAMES)
def test_the_forecast_plays_off_the_gui_thread(qtbot: Any, game: str) -> None:
    """In a worker process, from the encounter's JSON: the same fights as played here."""
    encounter = _encounter(game)
    dialog = ForecastDialog(EncounterDocument(encounter))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.fights.setValue(400)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert dialog.running and dialog.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=60_000)
    assert not dialog.running
    assert dialog.result is not None and dialog.result.fights == 400
    assert dialog.progress.value() == 400
    assert " win " in dialog.summary.text() and " of 400 fights " in dialog.summary.text()
    assert sum(dialog.rounds.counts.values()) == 400
    assert dialog.simulate is not None
    assert dialog.result == forecast(encounter, dialog.simulate, fights=400, seed=1)


@pytest.mark.parametrize("game", GAMES)
def test_everyone_down_is_no_fight_to_forecast(qtbot: Any, game: str) -> None:
    dialog = ForecastDialog(EncounterDocument(_encounter(game, down=True)))
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.run_button.isEnabled()
    assert dialog.summary.text() == "Everyone is already down: there is no fight to forecast."
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert dialog.result is None and "win" not in dialog.summary.text()
