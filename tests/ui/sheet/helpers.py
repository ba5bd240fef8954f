"""Driving the sheet's views as a user would: open a cell editor, type, press Enter."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QMenu, QWidget

from m3desk.ui.sheet.override_menu import OverrideMenu


def open_cell_editor(view: QAbstractItemView, index: QModelIndex) -> QWidget:
    """Start editing ``index`` the way F2 does; returns the delegate's editor widget."""
    view.setCurrentIndex(index)
    view.edit(index)
    editor = view.indexWidget(index)
    assert editor is not None, "no editor opened"
    return editor


def type_into_cell(
    qtbot, view: QAbstractItemView, index: QModelIndex, text: str, *, enter: bool = True
) -> QWidget:
    editor = open_cell_editor(view, index)
    select_all = getattr(editor, "selectAll", None)
    if select_all is not None:
        select_all()
    qtbot.keyClicks(editor, text)
    if enter:
        press_enter(qtbot, editor)
    return editor


def press_enter(qtbot, editor: QWidget) -> None:
    """Enter in a cell editor; Qt commits it from a queued call, so let that run."""
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()


def context_menu(widget: QWidget, menus: OverrideMenu, pos: QPoint) -> QMenu:
    """Right-click at ``pos`` (widget coordinates); returns the menu that popped up."""
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, widget.mapToGlobal(pos))
    QApplication.sendEvent(widget, event)
    menu = menus.last_menu
    assert menu is not None, "no context menu"
    assert menu.isVisible(), "the context menu did not pop up"
    menu.hide()  # its actions stay usable; no popup is left open after the test
    return menu


def action(menu: QMenu, text: str):
    for candidate in menu.actions():
        if candidate.text() == text:
            return candidate
    raise AssertionError(f"no {text!r} in {[a.text() for a in menu.actions()]}")


def type_as_user(
    qtbot, view: QAbstractItemView, index: QModelIndex, text: str, *, enter: bool = True
) -> QWidget:
    """Select a cell and just type, as a user does: the first key must open the editor (and
    land in it); the rest go to whatever has the focus then. Returns the editor."""
    view.setFocus(Qt.FocusReason.OtherFocusReason)
    view.setCurrentIndex(index)
    qtbot.keyClicks(view, text[:1])
    editor = view.indexWidget(index)
    assert editor is not None, "the first key typed did not open an editor"
    target = QApplication.focusWidget() or editor
    if text[1:]:
        qtbot.keyClicks(target, text[1:])
    if enter:
        press_enter(qtbot, target)
    return editor


def on_screen(editor: QWidget, name: str) -> QWidget:
    """The widget of the sheet named ``name`` as the generic editor names its parts:
    ``field:<path>`` (``field:php.current``), ``table:<path>``, ``abilities_view``,
    ``headline:ac,ac.rolled``, ``derived_values:<section title>``, ``note:<table path>``."""
    found = editor.findChild(QWidget, name)
    assert found is not None, f"no {name!r} on the sheet"
    return found


def with_fields(model, **changes):
    """A re-validated copy of a sheet (or row) with ``changes`` (a test builds states)."""
    return type(model).model_validate({**dict(model), **changes})


def with_path(model, path: tuple[str, ...], value):
    """A re-validated copy with the value at ``path`` replaced."""
    head, *rest = path
    if not rest:
        return with_fields(model, **{head: value})
    return with_fields(model, **{head: with_path(getattr(model, head), tuple(rest), value)})
