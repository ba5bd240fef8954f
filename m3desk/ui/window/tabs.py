"""The central area: open documents as tabs, or a hint on where to start when none is open."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QStackedWidget, QTabWidget, QWidget

from m3desk.ui.plain_text import app_markup, mnemonic_safe

__all__ = ["DocumentTabs"]

_EMPTY_HINT = (
    "<p style='font-size:large'>Nothing is open.</p>"
    "<p>Double-click a character, monster or encounter in the <b>Library</b>, "
    "drag it here,<br>"
    "drop a <code>.m3c</code>, <code>.m3m</code> or <code>.m3e</code> file on this window,<br>"
    "or use <b>File → New Character</b>, <b>File → New Encounter</b> "
    "or <b>File → Open…</b></p>"
)


class DocumentTabs(QStackedWidget):
    """A closable, movable tab per open document, titled with the document's name as it is
    ("Bob & Sue": the tab bar is given "Bob && Sue").

    Pages are the editor widgets themselves; which document a page belongs to is
    the session's business, so this class only shows, labels and removes pages.
    """

    close_requested = Signal(QWidget)
    current_changed = Signal(object)  # the current page, or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("document_area")
        self.placeholder = QLabel(_EMPTY_HINT)
        self.placeholder.setObjectName("empty_hint")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        app_markup(self.placeholder)
        self.placeholder.setMargin(24)

        self.tab_widget = QTabWidget()
        self.tab_widget.setObjectName("document_tabs")
        self.tab_widget.setTabsClosable(True)
        self.tab_widget.setMovable(True)
        self.tab_widget.setDocumentMode(True)
        self.tab_widget.setUsesScrollButtons(True)
        self.tab_widget.setElideMode(Qt.TextElideMode.ElideRight)
        self.tab_widget.tabCloseRequested.connect(self._on_close_requested)
        self.tab_widget.currentChanged.connect(self._on_current_changed)

        self.addWidget(self.placeholder)
        self.addWidget(self.tab_widget)

    def add(self, page: QWidget, title: str, tooltip: str = "", *, focus: bool = True) -> None:
        """Add a tab; ``focus=False`` leaves it in the background, unlaid-out until shown.

        Opening several files at once focuses only the last, because laying out a
        sheet editor is the expensive part of opening it.
        """
        index = self.tab_widget.addTab(page, mnemonic_safe(title))
        self.tab_widget.setTabToolTip(index, tooltip)
        self.setCurrentWidget(self.tab_widget)
        if focus:
            self.tab_widget.setCurrentIndex(index)

    def set_label(self, page: QWidget, title: str, tooltip: str) -> None:
        index = self.tab_widget.indexOf(page)
        if index >= 0:
            self.tab_widget.setTabText(index, mnemonic_safe(title))
            self.tab_widget.setTabToolTip(index, tooltip)

    def replace(self, old: QWidget, new: QWidget, title: str, tooltip: str) -> None:
        """Put ``new`` in ``old``'s tab, in the same place, current if ``old`` was."""
        index = self.tab_widget.indexOf(old)
        if index < 0:
            self.add(new, title, tooltip)
            return
        was_current = self.tab_widget.currentIndex() == index
        self.tab_widget.insertTab(index, new, mnemonic_safe(title))
        self.tab_widget.setTabToolTip(index, tooltip)
        if was_current:
            self.tab_widget.setCurrentIndex(index)
        self.tab_widget.removeTab(self.tab_widget.indexOf(old))

    def remove(self, page: QWidget) -> None:
        index = self.tab_widget.indexOf(page)
        if index >= 0:
            self.tab_widget.removeTab(index)
        if self.tab_widget.count() == 0:
            self.setCurrentWidget(self.placeholder)
            self.current_changed.emit(None)

    def show_placeholder(self) -> None:
        """Hide the tabs before removing many: otherwise each removal shows (and lays
        out) the next editor just before it is removed too."""
        self.setCurrentWidget(self.placeholder)

    def show_page(self, page: QWidget) -> None:
        self.tab_widget.setCurrentWidget(page)

    def current(self) -> QWidget | None:
        return self.tab_widget.currentWidget() if self.tab_widget.count() else None

    def pages(self) -> list[QWidget]:
        """Pages in tab order (as the user arranged them)."""
        found = (self.tab_widget.widget(i) for i in range(self.tab_widget.count()))
        return [page for page in found if page is not None]

    def title_of(self, page: QWidget) -> str:
        """The title as given (a tab bar reads "&" as a mnemonic, so it holds "&&")."""
        return self.tab_widget.tabText(self.tab_widget.indexOf(page)).replace("&&", "&")

    def _on_close_requested(self, index: int) -> None:
        page = self.tab_widget.widget(index)
        if page is not None:
            self.close_requested.emit(page)

    def _on_current_changed(self, index: int) -> None:
        self.current_changed.emit(self.tab_widget.widget(index) if index >= 0 else None)
