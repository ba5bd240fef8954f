"""Fit cuts no token in half at the map's edge (round 31): an OSE fight of 10 fitted to the
action showed the Goblin's marker cut at the top and Giant rat 1's at the bottom; in the
real encounter tab the Hobgoblin's name and marker were cut at the foot. Every installed game
that keeps places, a fight of 10 from its samples in the encounter tab on both real screens
beside the bestiary dock, a party member or a monster selected, then the Fit button: every
marker and name the map draws lies whole inside the view."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRectF

from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.map.labels import token_label
from tests.ui.board.test_captions_whole import SCREENS, _fight_of_ten
from tests.ui.map.melee import MAP_GAMES


@pytest.mark.parametrize("selected", ("party", "monster"))
@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_fit_shows_every_token_whole_or_not_at_all(
    qtbot: Any, game: str, screen: str, selected: str
) -> None:
    document = new_encounter_document(_fight_of_ten(game))
    chosen = document.encounter.combatants[-1 if selected == "monster" else 0]
    document.select(chosen.id)
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.resize(*SCREENS[screen])
    widget.show()
    qtbot.waitExposed(widget)
    assert widget.map is not None
    view = widget.map.view
    widget.map.fit_button.click()
    view.grab()  # paints: what the map drew is in view.painted
    painted = view.painted
    surface = QRectF(0, 0, view.width(), view.height())
    cut = [
        rect for rect in painted.markers if rect.intersects(surface) and not surface.contains(rect)
    ]
    cut += [rect for rect in painted.named.values() if not surface.contains(rect)]
    assert cut == []
    # Every token on the view reads its whole name; the selected one is among them.
    unit = view.picture.model.unit
    on_view = [
        token
        for token in view.picture.tokens
        if token.combatant_id in painted.centres
        and surface.contains(painted.centres[token.combatant_id])
    ]
    assert chosen.id in {t.combatant_id for t in on_view}
    assert {t.combatant_id: painted.texts.get(t.combatant_id) for t in on_view} == {
        t.combatant_id: token_label(t, unit) for t in on_view
    }
