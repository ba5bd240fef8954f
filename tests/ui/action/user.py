"""Drive the action dialog the way a GM does: keys, mnemonics, clicks — not setters.

Every helper sends real key or mouse events to the widget that has the focus, so the tests
exercise focus order, auto-advancing dice fields, Enter handling and mnemonics as they are.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from m3desk.ui.action.check_list import KEY_ROLE, CheckList
from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog

_KEYS = {" ": Qt.Key.Key_Space, ",": Qt.Key.Key_Comma}
ANIMATED_CLICK_MS = 150


class User:
    """One GM at the keyboard (and occasionally the mouse) in front of one dialog."""

    def __init__(self, qtbot: QtBot, dialog: ActionDialog) -> None:
        self.qtbot = qtbot
        self.dialog = dialog
        self._last_search: QComboBox | None = None

    @classmethod
    def in_front_of(cls, qtbot: QtBot, dialog: ActionDialog) -> User:
        """Show the dialog, make it the active window, and sit down in front of it."""
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow)
        return cls(qtbot, dialog)

    @staticmethod
    def focused() -> QWidget:
        widget = QApplication.focusWidget()
        assert widget is not None, "nothing has the keyboard focus"
        return widget

    def keys(self, text: str) -> None:
        """Type ``text`` into whatever has the focus (which may move while typing)."""
        for char in text:
            if char in _KEYS:
                self.qtbot.keyClick(self.focused(), _KEYS[char])
            else:
                self.qtbot.keyClicks(self.focused(), char)

    def press(
        self, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
    ) -> None:
        self.qtbot.keyClick(self.focused(), key, modifier)

    def enter(self) -> None:
        self.press(Qt.Key.Key_Return)

    def tab(self, times: int = 1) -> None:
        for _ in range(times):
            self.press(Qt.Key.Key_Tab)

    def alt(self, letter: str) -> None:
        """A mnemonic: Alt+letter. Buttons answer with an animated click (100 ms): wait it out."""
        before = self.focused()
        self.press(getattr(Qt.Key, f"Key_{letter.upper()}"), Qt.KeyboardModifier.AltModifier)
        if QApplication.focusWidget() is before or not isinstance(
            QApplication.focusWidget(), QLineEdit | QAbstractSpinBox | QComboBox | CheckList
        ):
            self.qtbot.wait(ANIMATED_CLICK_MS)

    # -- the mouse, where a GM would use it ---------------------------------------------

    def click(self, widget: QWidget) -> None:
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)

    def click_into(self, widget: QWidget) -> None:
        """Put the caret in a field as a click would (spin boxes: their line edit)."""
        self.qtbot.wait(10)  # pending layout requests: the GM sees the settled dialog
        self.qtbot.waitUntil(lambda: widget.isVisible() and widget.width() > 0, timeout=1000)
        self.dialog.scroll_to(widget)  # as the GM scrolls the column to see the field
        if isinstance(widget, QAbstractSpinBox):
            self.qtbot.mouseClick(widget.lineEdit(), Qt.MouseButton.LeftButton)
        elif isinstance(widget, QComboBox):
            widget.setFocus(Qt.FocusReason.MouseFocusReason)
        else:
            self.qtbot.mouseClick(
                widget, Qt.MouseButton.LeftButton, pos=QPoint(4, widget.height() // 2)
            )
        self.qtbot.wait(1)  # what the field does on arrival (select its text) happens now
        assert self.focused() in (widget, getattr(widget, "lineEdit", lambda: None)()), (
            f"focus is on {self.focused()!r}, not {widget!r}"
        )

    # -- composite gestures ------------------------------------------------------------

    def choose(self, combo: QComboBox, prefix: str) -> None:
        """Focus a combo and type the start of an entry (keyboard search).

        No spaces: Space opens a combo's popup, as it does for a real user.
        """
        assert " " not in prefix, "Space opens the popup; type a prefix without spaces"
        self.click_into(combo)
        if combo is self._last_search:  # a second search in one combo starts afresh
            self.qtbot.wait(int(QApplication.keyboardInputInterval()) + 20)
        self._last_search = combo
        self.keys(prefix)
        assert combo.currentText().casefold().startswith(prefix.casefold()), combo.currentText()

    def set_number(self, spin: QAbstractSpinBox, value: int) -> None:
        self.click_into(spin)
        self.press(Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        self.keys(str(value))

    def tick(self, checklist: CheckList, key: str) -> None:
        """Move to an entry with the arrow keys and toggle it with Space."""
        checklist.setFocus(Qt.FocusReason.MouseFocusReason)
        self.press(Qt.Key.Key_Home)
        for _ in range(checklist.count()):
            if checklist.currentItem().data(KEY_ROLE) == key:
                break
            self.press(Qt.Key.Key_Down)
        assert checklist.currentItem().data(KEY_ROLE) == key, f"no entry {key!r}"
        self.press(Qt.Key.Key_Space)

    def type_dice(self, *faces: int) -> None:
        """Click into the first die and type the faces as read off the table."""
        self.click_into(self.dialog.dice_entry.check_dice[0])
        self.keys("".join(str(face) + ("" if face < 10 else " ") for face in faces))

    def apply(self) -> None:
        assert self.dialog.apply_button.isEnabled(), self.dialog.assistant.problems_list()
        self.click(self.dialog.apply_button)
