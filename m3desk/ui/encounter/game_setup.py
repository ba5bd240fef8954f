"""The encounter's set-up panel: the game's own where its widgets provide one, else the
steps its rules describe.

Monsters & Magic's widgets provide a panel for the surroundings, the maximum range and
Scouting (:mod:`m3desk.ui.games`); a game without one gets the steps its rules describe
(``EncounterRules.setup_steps``: OSE's surprise, distance and reaction), rendered by the
generic set-up steps panel, or none.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.games import parts_of_encounter

__all__ = ["make_game_setup"]


def make_game_setup(document: EncounterDocument, parent: QWidget) -> QWidget | None:
    own = parts_of_encounter(document.encounter).setup_panel
    if own is not None:
        return own(document, parent)
    from m3desk.ui.encounter.setup_steps import SetupStepsPanel, steps_of

    if steps_of(document):
        return SetupStepsPanel(document, parent)  # what the game rolls before round one
    return None
