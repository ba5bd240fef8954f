"""A game's own encounter widgets are handed only that game's fights: Monsters & Magic's
parts check the document they get once, at the seam, and name what they got otherwise
(before, another game's fight reached them untyped and failed on some missing field)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QWidget

from m3desk.core import registry
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.games import parts_of
from m3desk.ui.games.monsters_and_magic.encounter.range_setup import RangeSetupPanel
from tests.ui.encounter.game_samples import sample_fight

OTHER_GAMES = [
    system.id
    for system in registry.systems()
    if system.id != "monsters_and_magic" and system.encounter is not None
]


@pytest.mark.parametrize("game", OTHER_GAMES)
def test_monsters_and_magic_set_up_panel_refuses_another_games_fight(qtbot: Any, game: str) -> None:
    parts = parts_of(registry.get("monsters_and_magic"))
    assert parts.setup_panel is not None
    host = QWidget()
    qtbot.addWidget(host)
    document = EncounterDocument(
        sample_fight(game, ("character", "Party", None), ("monster", "Monsters", None))
    )
    with pytest.raises(TypeError, match="not a Monsters & Magic fight"):
        parts.setup_panel(document, host)


def test_monsters_and_magic_set_up_panel_takes_its_own_fight(qtbot: Any) -> None:
    parts = parts_of(registry.get("monsters_and_magic"))
    assert parts.setup_panel is not None
    host = QWidget()
    qtbot.addWidget(host)
    document = EncounterDocument(
        sample_fight(
            "monsters_and_magic", ("character", "Party", None), ("monster", "Monsters", None)
        )
    )
    panel = parts.setup_panel(document, host)
    assert isinstance(panel, RangeSetupPanel)
    assert [combo.accessibleName() for combo in panel.scouting.side_combos.values()] == [
        "Scouting result of the Party",
        "Scouting result of the Monsters",
    ]
