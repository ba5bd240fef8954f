"""The Example of Play's set-up, done through the widget, shared by several tests."""

from __future__ import annotations

from m3desk.systems.monsters_and_magic.checks import Failure
from m3desk.ui.encounter.tracker_columns import Column
from m3desk.ui.encounter.widget import EncounterWidget
from tests.ui.encounter.helpers import type_into_cell

SURPRISE_INITIATIVE = (
    ("Felix", "21"),
    ("Xiola", "20"),
    ("Gramfive", "13"),
    ("Shamira", "13"),
    ("Guido", "10"),
)


def scout(widget: EncounterWidget) -> None:
    """Xiola spots the mummy; the mummy fails by 3: Short, and the party has surprise."""
    scouting = widget.setup_strip.game_panel.scouting
    scouting.set_result("Party", None)
    scouting.set_result("Monsters", Failure.SIMPLE)
    scouting.apply_button.click()


def type_surprise_initiative(qtbot, widget: EncounterWidget) -> None:
    for name, value in SURPRISE_INITIATIVE:
        type_into_cell(qtbot, widget, name, Column.INITIATIVE, value)
