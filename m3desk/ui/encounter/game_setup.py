"""The game's own part of an encounter's set-up, where a game has one.

The one place in the encounter tab that names games for their set-up: Monsters & Magic sets
the surroundings, the maximum range and Scouting before a fight; a game without a part of
its own gets the steps its rules describe (``EncounterRules.setup_steps``: OSE's surprise,
distance and reaction), rendered by the generic set-up steps panel, or none.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from m3desk.core import registry
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.own_game import has_own_widgets

__all__ = ["has_effect_engine_parts", "make_game_setup"]


def has_effect_engine_parts(document: EncounterDocument) -> bool:
    """Monsters & Magic's own tracker commands: casting, PHP/MHP, effects and consequences,
    its initiative check, its table rules and writing back to its sheets."""
    return has_own_widgets(registry.system_of(document.encounter).id)


def make_game_setup(document: EncounterDocument, parent: QWidget) -> QWidget | None:
    if has_effect_engine_parts(document):
        from m3desk.ui.encounter.range_setup import RangeSetupPanel

        return RangeSetupPanel(document, parent)
    from m3desk.ui.encounter.setup_steps import SetupStepsPanel, steps_of

    if steps_of(document):
        return SetupStepsPanel(document, parent)  # what the game rolls before round one
    return None
