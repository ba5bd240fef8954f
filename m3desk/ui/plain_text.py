"""Text from files and from users is shown as plain text, never as markup, everywhere.

Qt guesses: a label, a message box or a tooltip whose text *looks like* HTML is rendered as
rich text, so a sheet named ``<img src=/dev/zero>`` would make Qt read /dev/zero into memory,
and ``<b>…</b>`` would spoof emphasis. Rather than trusting every call site, the app installs
:class:`PlainTextGuard` once: labels that have not opted into rich text explicitly
(``setTextFormat(Qt.TextFormat.RichText)``) become plain before they are first shown, and
every tooltip is shown escaped. Widgets that do want rich text escape what they embed
(``html.escape``).

Buttons, check boxes, group boxes, tab bars, dock titles, menu items and labels with a buddy
(form rows, input dialogs) read "&" as a mnemonic marker: a name put into one of them goes
through :func:`mnemonic_safe`, or "Bob & Sue" shows as "Bob  Sue" (the "&" gone, the space
underlined).
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QGraphicsView,
    QLabel,
    QLineEdit,
    QToolTip,
    QWidget,
)

__all__ = ["PlainTextGuard", "fit_placeholder", "install_plain_text_guard", "mnemonic_safe",
           "safe_tooltip"]


def fit_placeholder(edit: QLineEdit) -> None:
    """Never narrower than its placeholder: a cut example reads as a wrong one. (Qt paints
    it inside the frame and 2 px from each side: two average characters cover both.)"""
    metrics = edit.fontMetrics()
    edit.setMinimumWidth(metrics.horizontalAdvance(edit.placeholderText())
                         + 2 * metrics.averageCharWidth())


def mnemonic_safe(text: str) -> str:
    """``text`` for a widget that reads "&" as a mnemonic marker: every "&" shows."""
    return text.replace("&", "&&")


def safe_tooltip(text: str) -> str:
    """``text`` as a tooltip that shows exactly these characters, line breaks kept."""
    return ("<p style='white-space:pre-wrap'>" + html.escape(text, quote=False)
            .replace("\n", "<br>") + "</p>")


def _tooltip_text(target: QObject, event: QHelpEvent) -> str | None:
    """The tooltip Qt would show for ``event`` on ``target``; None to let Qt handle it."""
    parent = target.parent() if isinstance(target, QWidget) else None
    if isinstance(parent, QAbstractItemView) and target is parent.viewport():
        index = parent.indexAt(event.pos())
        data = index.data(Qt.ItemDataRole.ToolTipRole) if index.isValid() else None
        return None if data is None else str(data)
    if isinstance(parent, QGraphicsView) and target is parent.viewport():
        item = parent.itemAt(event.pos())
        if item is None or not item.toolTip():
            return None  # the scene's own help (plain ring names) stays as it is
        return item.toolTip()
    if isinstance(target, QAbstractItemView | QGraphicsView):
        return None
    if isinstance(target, QWidget):
        return target.toolTip()
    return None


class PlainTextGuard(QObject):
    """An application-wide event filter: plain labels, escaped tooltips."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Polish and isinstance(watched, QLabel):
            if watched.textFormat() == Qt.TextFormat.AutoText:
                watched.setTextFormat(Qt.TextFormat.PlainText)
            return False
        if kind == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = _tooltip_text(watched, event)
            if text is None:
                return False
            if text:
                assert isinstance(watched, QWidget)
                QToolTip.showText(event.globalPos(), safe_tooltip(text), watched)
            else:
                QToolTip.hideText()
            return True
        return False


_guard: PlainTextGuard | None = None


def install_plain_text_guard(app: QApplication) -> PlainTextGuard:
    """Install the guard once for ``app`` (idempotent)."""
    global _guard
    if _guard is None:
        _guard = PlainTextGuard(app)
        app.installEventFilter(_guard)
    return _guard
