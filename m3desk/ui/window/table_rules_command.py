"""Edit → Table Rules…: the house rules new sheets and encounters start with.

The default lives in the settings (``settings.table_rules``). Open sheets follow it at once
(their derived values are worked out again); an encounter keeps the rules it was started
with, which Encounter → Table Rules… changes as one undoable step.
"""

from __future__ import annotations

from pydantic import BaseModel
from PySide6.QtWidgets import QWidget

from m3desk.core import registry
from m3desk.ui.window.kinds import SHEETS
from m3desk.ui.window.session import DocumentSession
from m3desk.ui.window.settings_store import SettingsStore, rules_system

__all__ = ["DEFAULT_RULES_INTRO", "edit_default_table_rules"]

DEFAULT_RULES_INTRO = (
    "The rules new sheets and encounters start with. Open sheets follow them at once; an "
    "encounter keeps its own rules (Encounter → Table Rules…)."
)


def edit_default_table_rules(
    parent: QWidget, store: SettingsStore, session: DocumentSession
) -> tuple[BaseModel, bool] | None:
    """Ask for the default rules; save them and hand them to the open sheets.

    Returns the new rules and whether the settings file was written (a failure has been
    reported through the store), or None when the user cancelled.
    """
    intro = DEFAULT_RULES_INTRO
    problem = store.table_rules_problem()
    if problem:
        intro += "\n\n" + problem
    from m3desk.ui.table_rules.options_dialog import ask_game_options  # loaded when used

    chosen = ask_game_options(
        parent, registry.get(rules_system()), store.table_rules(), "Table Rules — Default", intro
    )
    if chosen is None:
        return None
    from m3desk.ui.documents.sheet_document import (
        SheetDocument,  # loaded with the first sheet, not at start
    )

    saved = store.set_table_rules(chosen)
    for record in session.records_of(SHEETS):
        if isinstance(record.document, SheetDocument):
            record.document.set_rules(chosen)
    return chosen, saved
