"""What a label paints, read as Qt reads it: tests assert on the characters on screen."""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QHelpEvent, QTextDocument
from PySide6.QtWidgets import QApplication, QLabel, QToolTip, QWidget

MARKUP = re.compile(r"<[a-zA-Z/][^>]*>|&(lt|gt|amp|nbsp|quot|#\d+);")
"""A tag or an entity: what a label must never show unless the text itself says it."""


def rendered(label: QLabel) -> str:
    """The characters ``label`` paints: its text, as plain or as markup per its format."""
    label.ensurePolished()  # the plain-text guard decides the format at polish time
    text = label.text()
    fmt = label.textFormat()
    if fmt == Qt.TextFormat.RichText or (
        fmt == Qt.TextFormat.AutoText and Qt.mightBeRichText(text)
    ):
        document = QTextDocument()
        document.setHtml(text)
        return document.toPlainText()
    return text


def markup(text: str) -> list[str]:
    return [match.group(0) for match in MARKUP.finditer(text)]


def tip_label() -> QLabel | None:
    """Qt's tooltip label (``QTipLabel``), once a tooltip has been shown."""
    for widget in QApplication.topLevelWidgets():
        if widget.metaObject().className() == "QTipLabel":
            assert isinstance(widget, QLabel)
            return widget
    return None


def hover(widget: QWidget, where: QPoint) -> str:
    """Hover ``where`` in ``widget`` as the mouse does; the text the tooltip label paints."""
    QToolTip.hideText()
    event = QHelpEvent(QEvent.Type.ToolTip, where, widget.mapToGlobal(where))
    QApplication.sendEvent(widget, event)
    QApplication.processEvents()
    label = tip_label()
    assert label is not None, "no tooltip shown"
    shown = rendered(label)
    QToolTip.hideText()
    return shown
