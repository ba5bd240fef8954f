"""Help → User Guide and Help → Keyboard Shortcuts: both offline, both from the app itself.

The guide is Markdown pages shipped in resources/help/pages, one a task, with a few small
pictures (shown as rich text it is our own, trusted text, never a file the user opened): its
contents, a search over every page and links between them. The shortcuts are read from the actions
themselves, the window's and an encounter tab's, so the list can never fall out of date.
Each command shows once, by its menu name, with the keys a user presses: Qt's standard
shortcuts also bind keys few keyboards have ("Undo", "Close", F14), and those are left out.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QKeyCombination, QSize, Qt, QUrl
from PySide6.QtGui import QAction, QKeySequence, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from m3desk.assets import resource_path

__all__ = [
    "GuidePage",
    "ShortcutsDialog",
    "UserGuideDialog",
    "guide_pages",
    "pressable_keys",
    "shortcut_rows",
]

Key = Qt.Key
_NAMED_KEYS = {
    Key.Key_Escape,
    Key.Key_Tab,
    Key.Key_Backtab,
    Key.Key_Backspace,
    Key.Key_Return,
    Key.Key_Enter,
    Key.Key_Insert,
    Key.Key_Delete,
    Key.Key_Home,
    Key.Key_End,
    Key.Key_Left,
    Key.Key_Up,
    Key.Key_Right,
    Key.Key_Down,
    Key.Key_PageUp,
    Key.Key_PageDown,
    Key.Key_Space,
}
_FUNCTION_KEYS = range(Key.Key_F1.value, Key.Key_F12.value + 1)
"""F1 to F12: the function keys every keyboard has (Qt's F13–F35 are on almost none)."""
_MOST_KEYS = 2
"""At most this many keys per command: "Ctrl+Y or Ctrl+Shift+Z"."""


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


GUIDE_PAGES = ("help", "pages")
"""The guide's pages in resources: one Markdown file a page, in file-name order, its first
line the page's title ("# Sheets"); pictures beside them in ``help/pictures``."""


class GuidePage(NamedTuple):
    path: Path
    title: str
    text: str
    """The page as plain words, for the search."""


def guide_pages() -> tuple[GuidePage, ...]:
    """Every page of the guide, in order (our own shipped text, never a user's file)."""
    pages = []
    for path in sorted(resource_path(*GUIDE_PAGES).glob("*.md")):
        markdown = path.read_text(encoding="utf-8")
        first = markdown.splitlines()[0] if markdown else ""
        title = first.removeprefix("#").strip() or path.stem
        document = QTextDocument()
        document.setMarkdown(markdown)
        pages.append(GuidePage(path, title, document.toPlainText()))
    return tuple(pages)


class UserGuideDialog(QDialog):
    """The guide offline: its contents on the left (narrowed by the search box to the pages
    holding every word typed), one page a task on the right, with pictures and links."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("m3desk User Guide")
        self.setObjectName("user_guide")
        self.pages = guide_pages()
        self.search = QLineEdit(self)
        self.search.setObjectName("guide_search")
        self.search.setPlaceholderText("Search the guide")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search the guide")
        self.contents = QListWidget(self)
        self.contents.setObjectName("guide_contents")
        self.contents.setAccessibleName("Contents")
        self.found = QLabel(self)
        self.found.setObjectName("guide_found")
        self.found.setTextFormat(Qt.TextFormat.PlainText)
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(False)
        self.browser.setObjectName("guide_page")
        left = QWidget(self)
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.search)
        column.addWidget(self.contents, 1)
        column.addWidget(self.found)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(left)
        splitter.addWidget(self.browser)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, parent=self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)
        self.search.textChanged.connect(self._filter)
        self.search.returnPressed.connect(self._open_first)
        self.contents.currentRowChanged.connect(self._on_row)
        self.browser.sourceChanged.connect(self._on_source)
        self._filter("")
        em = self.fontMetrics().averageCharWidth()
        widest = max(
            (self.fontMetrics().horizontalAdvance(page.title) for page in self.pages),
            default=em * 20,
        )
        left.setMinimumWidth(min(widest + em * 6, em * 42))
        splitter.setSizes([widest + em * 6, em * 120])
        self.resize(self._fitting_size(em))
        if self.pages:
            self.show_page(self.pages[0].title)

    def _fitting_size(self, em: int) -> QSize:
        """Room for the contents and a page of about 80 characters, within the screen."""
        wanted = QSize(em * 180, self.fontMetrics().lineSpacing() * 44)
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        if screen is not None and screen.width() > 0:
            wanted = wanted.boundedTo(QSize(screen.width() * 9 // 10, screen.height() * 9 // 10))
        return wanted

    def all_text(self) -> str:
        """Every page's title and words, in order (what the search reads)."""
        return "\n".join(f"{page.title}\n{page.text.split(chr(10), 1)[-1]}" for page in self.pages)

    def titles(self) -> list[str]:
        """The pages listed in the contents now (all, or those the search found)."""
        return [self.contents.item(row).text() for row in range(self.contents.count())]

    def show_page(self, title: str) -> None:
        page = next(page for page in self.pages if page.title == title)
        self.browser.setSource(
            QUrl.fromLocalFile(str(page.path)), QTextDocument.ResourceType.MarkdownResource
        )
        words = self.search.text().split()
        if words:
            self.browser.find(words[0])

    def _filter(self, text: str) -> None:
        words = [word.casefold() for word in text.split()]
        shown = [page for page in self.pages if all(word in page.text.casefold() for word in words)]
        current = self.contents.currentItem()
        keep = current.text() if current is not None else ""
        self.contents.blockSignals(True)
        self.contents.clear()
        self.contents.addItems([page.title for page in shown])
        self.contents.blockSignals(False)
        if words:
            self.found.setText(
                f"{len(shown)} of {len(self.pages)} pages" if shown else "No page has every word"
            )
        else:
            self.found.setText(f"{len(self.pages)} pages")
        titles = [page.title for page in shown]
        if keep in titles:
            self.contents.setCurrentRow(titles.index(keep))

    def _open_first(self) -> None:
        if self.contents.count():
            self.contents.setCurrentRow(0)
            self.show_page(self.contents.item(0).text())

    def _on_row(self, row: int) -> None:
        if row >= 0:
            self.show_page(self.contents.item(row).text())

    def _on_source(self, url: QUrl) -> None:
        """A link followed to another page: its title is selected in the contents."""
        path = Path(url.toLocalFile())
        page = next((page for page in self.pages if page.path == path), None)
        if page is None:
            return
        for row in range(self.contents.count()):
            if self.contents.item(row).text() == page.title:
                self.contents.blockSignals(True)
                self.contents.setCurrentRow(row)
                self.contents.blockSignals(False)


def _on_a_keyboard(combination: QKeyCombination) -> bool:
    """Whether a usual keyboard has this key (a letter, digit, sign, F1–F12 or a named key)."""
    key = combination.key()
    return (
        (key.value < 0x0100_0000 and key.value != 0)
        or key in _NAMED_KEYS
        or key.value in _FUNCTION_KEYS
    )


def _typed_key(combination: QKeyCombination) -> bool:
    """A letter or a digit (Ctrl+Z): the keys menus teach, before Alt+Backspace or Ctrl+F4."""
    return combination.key().value < 0x0100_0000


def _combinations(key: QKeySequence) -> list[QKeyCombination]:
    """The key combinations of ``key`` in order (PySide's stubs lack QKeySequence[n])."""
    return [key[n] for n in range(key.count())]  # type: ignore[index]


def pressable_keys(action: QAction) -> str:
    """The keys a user presses for ``action``, readable: "Ctrl+Z", "Ctrl+Y or Ctrl+Shift+Z";
    "" when it has none a usual keyboard has."""
    pressable = [
        key
        for key in action.shortcuts()
        if key.count() > 0 and all(map(_on_a_keyboard, _combinations(key)))
    ]
    typed = [key for key in pressable if all(map(_typed_key, _combinations(key)))]
    chosen = (typed or pressable)[:_MOST_KEYS]
    return " or ".join(key.toString(QKeySequence.SequenceFormat.NativeText) for key in chosen)


def shortcut_rows(actions: list[QAction]) -> list[tuple[str, str, str]]:
    """(where, what, keys) for every action that has a shortcut, in menu order, each
    command once."""
    rows: list[tuple[str, str, str]] = []
    seen: set[tuple[str, str]] = set()
    for action in actions:
        keys = pressable_keys(action)
        what = _plain(action.text())
        where = str(action.property("shortcut_area") or "Window")
        if keys and what and (where, what) not in seen:
            seen.add((where, what))
            rows.append((where, what, keys))
    return rows


class ShortcutsDialog(QDialog):
    def __init__(self, rows: list[tuple[str, str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard Shortcuts")
        self.setObjectName("keyboard_shortcuts")
        self.table = QTableWidget(len(rows), 3, self)
        self.table.setHorizontalHeaderLabels(["Where", "What", "Keys"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, values in enumerate(rows):
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                self.table.setItem(row, column, item)
        self.table.setWordWrap(False)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, parent=self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(self._fitting_size())

    def _fitting_size(self) -> QSize:
        """Every column whole and as many rows as the screen allows."""
        self.table.resizeColumnsToContents()
        header = self.table.horizontalHeader()
        width = (
            sum(header.sectionSize(n) for n in range(header.count()))
            + self.table.verticalScrollBar().sizeHint().width()
            + 2 * self.table.frameWidth()
            + 48
        )
        rows = sum(self.table.rowHeight(n) for n in range(self.table.rowCount()))
        height = rows + header.height() + 2 * self.table.frameWidth() + 90
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        if screen is not None and screen.width() > 0:
            width = min(width, screen.width() * 9 // 10)
            height = min(height, screen.height() * 9 // 10)
        return QSize(max(width, 420), height)
