"""Text from files and from users is shown as plain text, never as markup, everywhere.

Qt guesses: a label, a message box or a tooltip whose text *looks like* HTML is rendered as
rich text, so a sheet named ``<img src=/dev/zero>`` would make Qt read /dev/zero into memory,
and ``<b>…</b>`` would spoof emphasis. Rather than trusting every call site, the app installs
:class:`PlainTextGuard` once: labels that have not opted into rich text explicitly
(:func:`app_markup`) become plain before they are first shown, and every tooltip is shown
escaped. Widgets that do want rich text escape what they embed (:func:`tinted`,
:func:`escaped`).

Tooltips are always plain text where they are set (``setToolTip``, a model's ToolTipRole):
the guard turns each into the app's one tooltip markup (:func:`safe_tooltip`: the text
escaped, its line breaks kept) and Qt's tooltip label is the one label it marks as rich text,
so what shows is exactly the characters that were set, never their markup and never the
markup of the wrapping.

Buttons, check boxes, group boxes, tab bars, dock titles, menu items and labels with a buddy
(form rows, input dialogs) read "&" as a mnemonic marker: a name put into one of them goes
through :func:`mnemonic_safe`, or "Bob & Sue" shows as "Bob  Sue" (the "&" gone, the space
underlined).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QColor, QHelpEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QTabBar,
    QToolTip,
    QWidget,
)

__all__ = [
    "PlainTextGuard",
    "app_markup",
    "fit_placeholder",
    "install_plain_text_guard",
    "is_tip_label",
    "mnemonic_safe",
    "safe_tooltip",
    "show_tooltip",
    "tinted",
]

_TIP_LABEL = "QTipLabel"
"""The class of the label Qt shows tooltips in (private to Qt, found by name)."""


def fit_placeholder(edit: QLineEdit) -> None:
    """Never narrower than its placeholder: a cut example reads as a wrong one. (Qt paints
    it inside the frame and 2 px from each side: two average characters cover both.)"""
    metrics = edit.fontMetrics()
    edit.setMinimumWidth(
        metrics.horizontalAdvance(edit.placeholderText()) + 2 * metrics.averageCharWidth()
    )


def mnemonic_safe(text: str) -> str:
    """``text`` for a widget that reads "&" as a mnemonic marker: every "&" shows."""
    return text.replace("&", "&&")


def escaped(text: str) -> str:
    """``text`` with the three characters markup reads (``&``, ``<``, ``>``) as entities, for
    embedding in markup (Python's ``html`` module would load its entity table at start-up)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def safe_tooltip(text: str) -> str:
    """``text`` as a tooltip that shows exactly these characters, line breaks kept."""
    return "<p style='white-space:pre-wrap'>" + escaped(text).replace("\n", "<br>") + "</p>"


def show_tooltip(where: QPoint, text: str, widget: QWidget | None = None) -> None:
    """Show the plain ``text`` as a tooltip at the global point ``where`` (hide on '')."""
    if text:
        QToolTip.showText(where, safe_tooltip(text), widget)
    else:
        QToolTip.hideText()


def is_tip_label(widget: QObject) -> bool:
    """Whether ``widget`` is the label Qt shows tooltips in."""
    return widget.metaObject().className() == _TIP_LABEL


def app_markup(label: QLabel) -> QLabel:
    """Mark ``label`` as showing markup the app builds itself, every embedded text escaped
    (:func:`tinted`); the guard then leaves it rich. Returns the label."""
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


def tinted(text: str, colour: QColor | str) -> str:
    """The plain ``text``, escaped, in ``colour``: markup for an :func:`app_markup` label."""
    name = colour.name() if isinstance(colour, QColor) else colour
    return f"<span style='color:{name}'>{escaped(text)}</span>"


def _tooltip_text(target: QObject, event: QHelpEvent) -> str | None:
    """The tooltip Qt would show for ``event`` on ``target``; None to let Qt handle it."""
    # Imported here: PySide builds a Qt class (and its enums) when it is first imported,
    # and the first window has no graphics view.
    from PySide6.QtWidgets import QGraphicsView

    parent = target.parent() if isinstance(target, QWidget) else None
    if isinstance(parent, QHeaderView) and target is parent.viewport():
        target = parent
    if isinstance(target, QHeaderView):
        section = target.logicalIndexAt(event.pos())
        model = target.model()
        data = (
            None
            if section < 0 or model is None
            else model.headerData(section, target.orientation(), Qt.ItemDataRole.ToolTipRole)
        )
        return None if data is None else str(data)
    if isinstance(target, QTabBar):
        tab = target.tabAt(event.pos())
        return target.tabToolTip(tab) if tab >= 0 else ""
    if isinstance(target, QMenu):
        action = target.actionAt(event.pos())
        shown = action is not None and target.toolTipsVisible() and not action.isSeparator()
        # Qt's own default tip for an action is its text: a menu shows that already.
        return action.toolTip() if shown and action.toolTip() != action.iconText() else ""
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
    """An application-wide event filter: plain labels, escaped tooltips.

    Qt's tooltip label is the exception among labels: it only ever gets the guard's own
    :func:`safe_tooltip` markup, so it is made rich (made plain, it showed that markup).
    """

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Polish and isinstance(watched, QLabel):
            if is_tip_label(watched):
                watched.setTextFormat(Qt.TextFormat.RichText)
            elif watched.textFormat() == Qt.TextFormat.AutoText:
                watched.setTextFormat(Qt.TextFormat.PlainText)
            return False
        if kind == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = _tooltip_text(watched, event)
            if text is None:
                return False
            assert isinstance(watched, QWidget)
            show_tooltip(event.globalPos(), text, watched)
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
