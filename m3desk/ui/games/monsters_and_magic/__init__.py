"""Monsters & Magic's own widgets: where the Effect Engine truly differs from a description.

- the action dialog with its effect-point spending assistant (``action/``): spends, range
  shifts and consequences chosen after the roll, a step no "roll, then apply" can hold;
- the encounter set-up panel (``encounter/range_setup.py``): surroundings, the maximum range
  and Scouting;
- the tracker commands on its two pools and its effects and consequences, and casting this
  round (``encounter/tracker_commands.py``);
- its initiative check with dice the GM may type, in the generic initiative dice dialog
  (``encounter/initiative_command.py``, ``encounter/initiative_dialog.py``);
- its table rules' difficulty ladder and the book's two profiles, for the generic Table
  Rules form (``table_rules/``);
- its own printed character, monster and encounter sheets (``printing/``);
- its sheets' document, which follows the default table rules, and its new sheets: a
  character from race and class data, a monster standing with its starting hit points
  (``new_sheets.py``).

Everything loads on first use; this module only says what is provided.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from m3desk.ui.games import GameParts

if TYPE_CHECKING:
    from PySide6.QtCore import QObject
    from PySide6.QtWidgets import QWidget

    from m3desk.core.system import Action
    from m3desk.systems.monsters_and_magic.encounter import Encounter
    from m3desk.ui.documents.encounter_document import EncounterDocument
    from m3desk.ui.encounter.encounter_actions import EncounterActions

__all__ = ["PARTS"]


def _fight(document: EncounterDocument) -> EncounterDocument[Encounter]:
    """The document of a Monsters & Magic fight, typed as one for the widgets below.

    They are chosen by the fight's game (``parts_of_encounter``), so its encounter is this
    game's: checked here, once, and the cast states it; every later state is again this
    game's (its edits and the core's return the encounter's own class)."""
    from m3desk.systems.monsters_and_magic.encounter import Encounter

    if not isinstance(document.encounter, Encounter):
        raise TypeError(f"not a Monsters & Magic fight: {type(document.encounter).__name__}")
    return cast("EncounterDocument[Encounter]", document)


def _action_dialog(
    document: Any,
    parent: Any,
    roller: Any = None,
    actor_id: str | None = None,
    action_id: Action | None = None,
) -> bool:
    from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog

    # The encounter's roller (seeded in tests, replayed by the self-test) rolls the check;
    # an action of the seam (a phone's) opens the dialog on it.
    return ActionDialog.run_for(
        document, parent, roller=roller, actor_id=actor_id, action_id=action_id
    )


def _setup_panel(document: EncounterDocument, parent: QWidget) -> QWidget:
    from m3desk.ui.games.monsters_and_magic.encounter.range_setup import RangeSetupPanel

    return RangeSetupPanel(_fight(document), parent)


def _tracker_commands(
    document: EncounterDocument, actions: EncounterActions, host: QWidget
) -> QObject:
    from m3desk.ui.games.monsters_and_magic.encounter.tracker_commands import TrackerCommands

    return TrackerCommands(_fight(document), actions, host)


def _roll_initiative(
    document: EncounterDocument, ids: list[str], host: QWidget, roller: Any
) -> None:
    from m3desk.ui.games.monsters_and_magic.encounter.initiative_command import roll_initiative

    roll_initiative(_fight(document), ids, host, roller)


def _ladder_editor(parent: Any) -> Any:
    from m3desk.ui.games.monsters_and_magic.table_rules.ladder_option import LadderOption

    return LadderOption(parent)


def _option_profiles() -> Any:
    from m3desk.ui.games.monsters_and_magic.table_rules.ladder_option import PROFILES

    return PROFILES


def _self_test(window: Any) -> list[str]:
    from m3desk.ui.games.monsters_and_magic.self_test import exercise_game

    return exercise_game(window)


def _printed_pages(document: Any, options: Any) -> Any:
    from m3desk.systems.monsters_and_magic.encounter import Encounter

    if isinstance(document, Encounter):
        from m3desk.ui.games.monsters_and_magic.printing.encounter_layout import encounter_job

        return encounter_job(document)
    from m3desk.ui.printing.form_print import form_sheet_job

    return form_sheet_job(document, options)  # its sheets: the generic page from its form


def _sheet_document(sheet: Any, path: Any, rules: Any, parent: Any) -> Any:
    from m3desk.ui.documents.sheet_document import SheetDocument

    return SheetDocument(sheet, path=path, rules=rules, parent=parent)


def _new_sheet(kind: str, name: str, rules: Any, choice: Any) -> Any:
    from m3desk.ui.games.monsters_and_magic import new_sheets

    if kind == "monster":
        return new_sheets.new_monster(name, rules=rules)
    from m3desk.assets import classes, races

    return new_sheets.new_character(
        name,
        choice.race,
        choice.char_class,
        choice.level,
        races=races(),
        classes=classes(),
        rules=rules,
    )


PARTS = GameParts(
    action_dialog=_action_dialog,
    setup_panel=_setup_panel,
    tracker_commands=_tracker_commands,
    roll_initiative=_roll_initiative,
    option_editors={"difficulty_ladder": _ladder_editor},
    option_profiles=_option_profiles,
    self_test=_self_test,
    printed_pages=_printed_pages,
    sheet_document=_sheet_document,
    new_sheet=_new_sheet,
)
