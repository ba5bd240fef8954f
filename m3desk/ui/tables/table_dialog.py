"""The GM's own table: typed (or imported from a CSV or Markdown file) and saved beside the
game's. Nothing is saved until the text reads as a whole table; what is wrong is said, row
by row, and the text stays as typed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.tables import TableSpec
from m3desk.storage.errors import DocumentLoadError, StorageError
from m3desk.storage.paths import AppPaths
from m3desk.storage.safejson import load_error, read_file_capped
from m3desk.storage.tables import MAX_TEXT_BYTES, read_table_text, save_own_table

__all__ = ["TableDialog", "read_import"]

DICE = ("From the first line", "1d4", "1d6", "1d8", "1d10", "1d12", "1d20", "1d100", "2d6", "3d6")
EXAMPLE = "d6, Result, Appearing\n1-2, Rats, 2d6\n3-5, Nothing\n6, An owlbear, 1"


def read_import(path: Path) -> str:
    """A CSV or Markdown file's text, bounded; raises :class:`DocumentLoadError`."""
    data = read_file_capped(path, MAX_TEXT_BYTES, "a table of CSV or Markdown text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise load_error(
            path.name, path, f"it is not a UTF-8 text file (invalid byte at position {exc.start})."
        ) from exc


class TableDialog(QDialog):
    """Name, die and rows of a new table; Save writes it to the GM's tables of the game."""

    def __init__(
        self,
        paths: AppPaths,
        game_id: str,
        game_name: str,
        text: str = "",
        name: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("table_dialog")
        self.setWindowTitle(f"New Table: {game_name}")
        self._paths = paths
        self._game_id = game_id
        self.saved_path: Path | None = None
        self.spec: TableSpec | None = None
        self.name_edit = QLineEdit(name)
        self.name_edit.setObjectName("table_name")
        self.name_edit.setPlaceholderText("Cellar noises")
        self.name_edit.setMaxLength(80)
        self.dice_box = QComboBox()
        self.dice_box.setObjectName("table_dice")
        self.dice_box.addItems(DICE)
        self.rows_edit = QPlainTextEdit(text)
        self.rows_edit.setObjectName("table_rows")
        self.rows_edit.setPlaceholderText(EXAMPLE)
        self.rows_edit.setTabChangesFocus(True)
        self.rows_edit.setMinimumHeight(self.fontMetrics().lineSpacing() * 10)
        help_text = QLabel(
            "One row a line: the roll (3, or 1–4), the result and, if you like, "
            "how many appear (2d4). Commas, tabs or a Markdown table with "
            "| between cells; a first line like “d6, Result” names the die."
        )
        help_text.setWordWrap(True)
        help_text.setTextFormat(Qt.TextFormat.PlainText)
        self.problems = QLabel()
        self.problems.setObjectName("table_problems")
        self.problems.setTextFormat(Qt.TextFormat.PlainText)
        self.problems.setWordWrap(True)
        self.problems.hide()
        form = QFormLayout()
        form.addRow("&Name:", self.name_edit)
        form.addRow("&Die:", self.dice_box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(help_text)
        layout.addWidget(self.rows_edit, 1)
        layout.addWidget(self.problems)
        layout.addWidget(buttons)
        self.resize(
            self.fontMetrics().averageCharWidth() * 70, self.fontMetrics().lineSpacing() * 24
        )

    def _dice(self) -> str:
        return "" if self.dice_box.currentIndex() == 0 else self.dice_box.currentText()

    def save(self) -> None:
        """Read the text as a table; save it and close, or say what is wrong and stay."""
        name = self.name_edit.text().strip()
        if not name:
            self._say(["Give the table a name."])
            return
        spec, problems = read_table_text(self.rows_edit.toPlainText(), name, self._dice())
        if spec is None:
            self._say(problems)
            return
        try:
            self.saved_path = save_own_table(self._paths, self._game_id, spec)
        except StorageError as exc:
            self._say([exc.message])
            return
        self.spec = spec
        self.accept()

    def _say(self, problems: list[str]) -> None:
        self.problems.setText("\n".join(problems))
        self.problems.show()


__all__ += ["DocumentLoadError"]
