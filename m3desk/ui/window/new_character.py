"""File → New Character and New Monster: which game, and the game's generation dialog."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QWidget

from m3desk.core.dice import Roller
from m3desk.core.system import GameSystem
from m3desk.ui import dialogs
from m3desk.ui.dialogs import NewCharacterChoice
from m3desk.ui.own_game import game_order

__all__ = ["ask_game", "ask_new_character", "focus_name", "games_that_generate", "games_with_forms"]


def games_with_forms(kind: str) -> list[tuple[str, str]]:
    """(id, name) of every installed game that can start a ``kind`` sheet, in the order
    every list of games shows them (:func:`~m3desk.ui.own_game.game_order`)."""
    from m3desk.core import registry

    return sorted(
        ((system.id, system.name) for system in registry.systems() if kind in system.sheet_forms),
        key=lambda game: game_order(game[1]),
    )


def ask_game(parent: QWidget | None, kind: str, preferred: str | None = None) -> str | None:
    """Which game a new ``kind`` sheet is for: asked only when there is a choice; the list
    starts on ``preferred`` (the game the library shows) when it is one of them."""
    games = games_with_forms(kind)
    if len(games) <= 1 or dialogs.is_non_interactive():
        return games[0][0] if games else None
    from PySide6.QtWidgets import QInputDialog

    names = [name for _id, name in games]
    start = names.index(preferred) if preferred in names else 0
    chosen, ok = QInputDialog.getItem(parent, f"New {kind.title()}", "Game:", names, start, False)
    return games[names.index(chosen)][0] if ok and chosen in names else None


def games_that_generate() -> list[GameSystem]:
    """Every installed game that can start a character, the first installed first (a game
    that describes no generation starts its form's blank sheet)."""
    from m3desk.core import registry

    return [registry.get(game_id) for game_id, _name in games_with_forms("character")]


def ask_new_character(
    parent: QWidget | None,
    options_for: Callable[[GameSystem], BaseModel],
    roller: Roller | None = None,
    preferred: str | None = None,
) -> NewCharacterChoice | None:
    """File → New Character: the game's generation dialog, on ``preferred`` (the name of the
    game the library shows) when given; the choice carries the finished sheet. None when
    cancelled (nothing is made)."""
    if dialogs.is_non_interactive():
        return None
    from m3desk.assets import game_data
    from m3desk.ui.window.generation_dialog import GenerationDialog

    dialog = GenerationDialog(games_that_generate(), options_for, game_data, parent, roller)
    dialog.show_game(preferred)
    try:
        if not dialog.exec():
            return None
        sheet = dialog.sheet()
        return NewCharacterChoice(
            name=dialog.name.text().strip(),
            race="",
            char_class="",
            level=1,
            system=dialog.system().id,
            sheet=sheet,
        )
    finally:
        dialog.deleteLater()


def focus_name(page: QWidget) -> None:
    """Put the focus on a new sheet's Name field (the generic form's or the app's own)."""
    for name in ("field:name", "name_edit"):
        edit = page.findChild(QLineEdit, name)
        if edit is not None:
            edit.setFocus(Qt.FocusReason.OtherFocusReason)
            return
