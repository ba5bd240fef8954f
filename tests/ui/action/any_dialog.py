"""Open the action dialog of an encounter's game as the app does, and work in it.

The app opens whichever dialog the game has (its own, or the generic one) modally, through
:mod:`m3desk.ui.encounter.action_launcher`; a test cannot name the dialog's class without
naming the game. :func:`in_action_dialog` opens it the same way and runs the test's steps on
it while it is up, through the names every game's dialog has
(:class:`~m3desk.ui.action.action_view.ActionView`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from m3desk.core.dice import Roller
from m3desk.ui.action.action_view import ActionView
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter import action_launcher

__all__ = ["in_action_dialog", "outcome", "type_face", "when_the_dialog_opens"]

T = TypeVar("T")
CTRL = Qt.KeyboardModifier.ControlModifier


def when_the_dialog_opens(qtbot: Any, steps: Callable[[Any], Any]) -> list[Any]:
    """Run ``steps`` on the modal action dialog once something has opened it.

    Returns a list that holds, once the dialog has closed: the dialog, then what ``steps``
    returned or the exception it raised (re-raised by :func:`outcome`)."""
    seen: list[Any] = []

    def drive(tries: int = 100) -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QDialog):
            if tries:
                QTimer.singleShot(20, lambda: drive(tries - 1))
            return
        seen.append(dialog)
        try:
            qtbot.waitExposed(dialog)
            assert isinstance(dialog, ActionView), type(dialog)
            seen.append(steps(dialog))
        except BaseException as error:
            seen.append(error)
        finally:
            if dialog.isVisible():  # a step left it open, or failed: the test goes on
                dialog.done(0)

    QTimer.singleShot(0, drive)
    return seen


def outcome(seen: list[Any]) -> Any:
    """What the steps returned; their exception raised again; a failure if none ran."""
    assert seen, "no action dialog opened"
    assert len(seen) == 2, "the dialog closed before the steps ran"
    if isinstance(seen[1], BaseException):
        raise seen[1]
    return seen[1]


def in_action_dialog(
    qtbot: Any,
    document: EncounterDocument,
    steps: Callable[[Any], T],
    *,
    roller: Roller | None = None,
    actor_id: str | None = None,
) -> T:
    """Open ``document``'s action dialog as the Act command does and run ``steps`` on it."""
    host = QWidget()
    qtbot.addWidget(host)
    seen = when_the_dialog_opens(qtbot, steps)
    action_launcher.open_action_dialog(document, host, roller or Roller(5), actor_id=actor_id)
    return outcome(seen)  # type: ignore[no-any-return]


def type_face(qtbot: Any, field: QWidget, face: int) -> None:
    """Put the caret in a die field and type what the table rolled over what is there."""
    field.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.keyClick(field, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(field, str(face))
