"""A set-up step's starting distance, typed as rolled at the table, is what the map then shows:
every game with such a step (OSE's and AD&D's encounter distance), from the registry. The
faces typed in the step's field and Enter (real keys); the step's result and the log say the
distance, and the nearest foe's tooltip on the map says the same (the set-up tests read
the places only)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.ui.encounter.setup_steps import SetupStepsPanel
from tests.ui.encounter.test_setup_steps import _log_texts, _tab

GAMES = [
    g.id
    for g in registry.systems()
    if g.encounter is not None
    and g.positions.kind == "distance"
    and any(step.id == "distance" for step in g.encounter.setup_steps)
]


@pytest.mark.parametrize("game", GAMES)
def test_the_distance_typed_is_the_distance_on_the_map(qtbot: Any, game: str) -> None:
    widget = _tab(qtbot, game)
    qtbot.waitExposed(widget)
    document = widget.document
    panel = widget.findChild(SetupStepsPanel)
    assert panel is not None
    row = panel.row("distance")
    dice = row.step.dice(document.encounter, str(row.choice.currentData() or ""))
    faces = " ".join(["2"] * dice.count)
    qtbot.keyClicks(row.faces, faces)
    qtbot.keyClick(row.faces, Qt.Key.Key_Return)
    assert panel.note.text() == "" or not panel.note.isVisible(), panel.note.text()
    encounter = document.encounter
    model = encounter.position_model
    apart = core.sides_apart(encounter)
    assert apart is not None and apart > 0
    said = f"{model.label(apart)}"
    assert said in row.result.text() or f"{apart} {model.unit}" in row.result.text(), (
        row.result.text()
    )
    assert (
        _log_texts(widget)[-1].startswith(row.step.label)
        or "distance" in _log_texts(widget)[-1].lower()
    ), _log_texts(widget)[-1]
    assert widget.map is not None
    view = widget.map.view
    selected = encounter.combatants[0]
    document.select(selected.id)
    view.fit_all()
    foes = [c for c in encounter.combatants if c.side != selected.side]
    nearest = min(foes, key=lambda c: core.position_between(encounter, selected.id, c.id))
    tip = view.tooltip_at(view.screen_of(nearest.id))
    distances = [
        int(t.split(" ", 1)[0])
        for t in tip.splitlines()
        if t.endswith(f"{model.unit} from {selected.name}")
    ]
    assert distances and distances[0] >= apart, tip
