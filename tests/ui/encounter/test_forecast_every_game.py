"""Encounter → Forecast… in every installed game: the fights play on a worker thread and the
headline and plots fill in; with everyone already down there is no fight to forecast (the
headline read "Party win 0.0 %", issue 20 §6)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.forecast import forecast
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.forecast_dialog import ForecastDialog
from tests.ui.encounter.game_samples import sample_fight

GAMES = [system.id for system in registry.systems()]


def _encounter(game: str, *, down: bool = False) -> core.Encounter:
    points = 0 if down else None
    return sample_fight(game, ("character", "Party", points), ("monster", "Monsters", points))


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
    qtbot.waitUntil(lambda: dialog.forecast is not None, timeout=60_000)
    assert not dialog.running
    assert dialog.forecast is not None and dialog.forecast.fights == 400
    assert dialog.progress.value() == 400
    assert " win " in dialog.summary.text() and " of 400 fights " in dialog.summary.text()
    assert sum(dialog.rounds.counts.values()) == 400
    assert dialog.simulate is not None
    assert dialog.forecast == forecast(encounter, dialog.simulate, fights=400, seed=1)


@pytest.mark.parametrize("game", GAMES)
def test_everyone_down_is_no_fight_to_forecast(qtbot: Any, game: str) -> None:
    dialog = ForecastDialog(EncounterDocument(_encounter(game, down=True)))
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.run_button.isEnabled()
    assert dialog.summary.text() == "Everyone is already down: there is no fight to forecast."
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert dialog.forecast is None and "win" not in dialog.summary.text()


@pytest.mark.parametrize("game", GAMES)
def test_closing_after_a_forecast_reports_the_dialog_result(qtbot: Any, game: str) -> None:
    """The played forecast has its own name: it no longer hides QDialog.result(), which a
    caller reads after exec() (it was replaced by the Forecast, so calling it raised)."""
    dialog = ForecastDialog(EncounterDocument(_encounter(game)))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.fights.setValue(100)
    assert dialog.run_to_end() is not None
    close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    assert dialog.result() == QDialog.DialogCode.Rejected


@pytest.mark.parametrize("game", GAMES)
def test_the_plots_write_numbers_as_the_rest_of_the_app(qtbot: Any, game: str) -> None:
    """A share is "51 %", as in the other charts and the headline, not "51%"; hit points
    below zero are "−1.8 of 2" with the true minus sign, not a hyphen."""
    dialog = ForecastDialog(EncounterDocument(_encounter(game)))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.fights.setValue(200)
    assert dialog.run_to_end() is not None
    shares = [dialog.rounds.share(rounds) for rounds in dialog.rounds.counts]
    assert shares and all(share.endswith(" %") for share in shares), shares
    bars = [*dialog.wins.bars, *dialog.down.bars, *dialog.hit_points.bars]
    assert all(bar.text.endswith(" %") for bar in (*dialog.wins.bars, *dialog.down.bars))
    assert not [bar.text for bar in bars if "-" in bar.text]
