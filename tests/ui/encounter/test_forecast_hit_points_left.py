"""The forecast's hit points and time left say what can be (issue 28): "Goblin 1 −1.0 of −1"
for a 3 hp goblin (a mean below none, "of" what it had now), and "about 2 min left" for a run
that ended in 30 s (the worker's start counted as the fights' pace)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from m3desk.core import registry
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.forecast_dialog import ForecastDialog
from tests.ui.encounter.game_samples import sample_fight

GAMES = [system.id for system in registry.systems()]
SHOWN = re.compile(r"^(\d+\.\d) of (\d+)$")


@pytest.mark.parametrize("game", GAMES)
def test_hit_points_left_are_never_below_none_and_of_the_most(qtbot: Any, game: str) -> None:
    encounter = sample_fight(
        game, ("character", "Party", None), ("monster", "Monsters", 1), ("monster", "Monsters", 1)
    )
    rules = registry.get(game).encounter
    assert rules is not None
    dialog = ForecastDialog(EncounterDocument(encounter))
    qtbot.addWidget(dialog)
    dialog.fights.setValue(200)
    assert dialog.run_to_end() is not None
    bars = dialog.hit_points.bars
    assert len(bars) == len(encounter.combatants)
    for bar, combatant in zip(bars, encounter.combatants, strict=True):
        pool = rules.pool(combatant)
        assert pool is not None
        match = SHOWN.match(bar.text)
        assert match, bar.text  # no minus, one decimal, "of" a whole number
        assert int(match.group(2)) == pool[1], (bar.text, pool)
        assert 0.0 <= float(match.group(1)) <= pool[1]
        assert bar.reference == max(pool[0], 0)


def test_the_time_left_counts_from_the_first_fights_back(qtbot: Any) -> None:
    dialog = ForecastDialog(
        EncounterDocument(
            sample_fight(GAMES[0], ("character", "Party", None), ("monster", "Monsters", None))
        )
    )
    qtbot.addWidget(dialog)
    dialog._wanted = 1000
    dialog._first = None
    # The worker took 20 s to start; then 100 fights a second.
    assert dialog._time_left(100, 20.0) is None
    assert dialog._time_left(300, 22.0) == pytest.approx(7.0)
