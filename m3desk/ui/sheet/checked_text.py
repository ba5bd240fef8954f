"""Enter on a cell editor whose text the column cannot take: say why, keep the editor open.

Shared by the delegates that check typed text (damage dice, range bands).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit

__all__ = ["refuse_enter"]

_ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def refuse_enter(
    watched: QObject,
    event: QEvent,
    problem: Callable[[str], str | None],
    say: Callable[[str], None],
) -> bool:
    """True (the key is eaten) when Enter is pressed on a line edit with refused text."""
    if (
        isinstance(watched, QLineEdit)
        and event.type() == QEvent.Type.KeyPress
        and isinstance(event, QKeyEvent)
        and event.key() in _ENTER_KEYS
    ):
        found = problem(watched.text())
        if found is not None:
            say(found)
            return True
    return False
