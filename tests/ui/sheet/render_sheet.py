"""Render the sheet editors to PNG files to look at them, and list anything clipped.

Used by ``test_render.py``; also runnable by hand (the 150 % check needs its own process,
because QT_SCALE_FACTOR is read when the application starts)::

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m tests.ui.sheet.render_sheet /tmp
    QT_QPA_PLATFORM=offscreen QT_SCALE_FACTOR=1.5 \
        .venv/bin/python -m tests.ui.sheet.render_sheet /tmp
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QWidget,
)

from m3desk.core.sheet_form import set_override as with_override
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet import make_sheet_editor
from m3desk.ui.sheet.sheet_editor_base import SheetEditorBase
from m3desk.ui.sheet.sheet_table_view import SheetTableView
from tests.ui.sheet.conftest import make_gramfive, make_mummy

THEMES = ("light", "dark")
KINDS = ("character", "monster")
SAMPLE_MESSAGE = "'1d' is not a damage die; write it like 1d8+1, d12 or 2d6-1"


def sample_sheet(kind: str) -> CharacterSheet | MonsterSheet:
    """The fixture sheets with a GM override, so the override mark is in the picture."""
    if kind == "character":
        sheet: CharacterSheet | MonsterSheet = with_override(
            make_gramfive(), "max_damage.item.2", 12
        )
        return with_override(sheet, "ac", 21)
    return with_override(make_mummy(), "initiative", 8)


def palette_for(theme: str) -> QPalette:
    from m3desk.ui.theme import dark_palette

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return dark_palette() if theme == "dark" else app.style().standardPalette()


def build_editor(kind: str, theme: str) -> SheetEditorBase:
    editor = make_sheet_editor(SheetDocument(sample_sheet(kind)))
    editor.setPalette(palette_for(theme))
    editor.report(SAMPLE_MESSAGE)
    return editor


def show_at_width(editor: SheetEditorBase, width: int) -> None:
    """Show the editor ``width`` wide and tall enough that nothing scrolls vertically."""
    editor.resize(width, 800)
    editor.show()
    QApplication.processEvents()
    hint = editor.content.heightForWidth(width) if editor.content.hasHeightForWidth() else -1
    height = max(hint, editor.content.sizeHint().height())
    editor.resize(width, height + editor.message_bar.sizeHint().height() + 12)
    QApplication.processEvents()


def show_whole(editor: SheetEditorBase) -> None:
    """Show the editor large enough that its scroll area needs no scrolling."""
    editor.resize(1100, 800)
    editor.show()
    QApplication.processEvents()
    hint = editor.content.sizeHint()
    bar = editor.message_bar.sizeHint().height()
    editor.resize(max(1100, hint.width() + 4), hint.height() + bar + 12)
    QApplication.processEvents()


def _widgets(root: QWidget) -> Iterator[QWidget]:
    for widget in root.findChildren(QWidget):
        if widget.isVisibleTo(root) and widget.window() is root.window():
            yield widget


def clipped_widgets(root: QWidget) -> list[str]:
    """Widgets given less room than their text or rows need, described for a failure message."""
    problems: list[str] = []
    for widget in _widgets(root):
        size = widget.size()
        name = f"{type(widget).__name__} {widget.objectName() or widget.accessibleName()!r}"
        if isinstance(widget, QLabel) and widget.wordWrap():
            need = widget.heightForWidth(size.width())
            if need > size.height():
                problems.append(f"{name} {widget.text()[:30]!r}: height {size.height()} < {need}")
            continue
        if isinstance(widget, QLabel | QAbstractButton | QAbstractSpinBox | QComboBox):
            hint = widget.sizeHint()
            if size.width() < hint.width() or size.height() < hint.height():
                problems.append(
                    f"{name}: {size.width()}x{size.height()} < {hint.width()}x{hint.height()}"
                )
        elif isinstance(widget, QGroupBox):
            hint = widget.minimumSizeHint()
            if size.height() < hint.height() or size.width() < hint.width():
                problems.append(f"{name} {widget.title()!r}: smaller than its contents")
        elif isinstance(widget, SheetTableView):
            if widget.verticalScrollBar().maximum() > 0:
                problems.append(f"{name}: rows hidden behind a scroll bar")
            if widget.horizontalScrollBar().maximum() > 0:
                problems.append(f"{name}: columns hidden behind a horizontal scroll bar")
            header = widget.horizontalHeader()
            for column in range(header.count()):
                if header.sectionSize(column) < widget.sizeHintForColumn(column):
                    problems.append(f"{name}: column {column} narrower than its cells")
    return problems


def render(out_dir: Path, tag: str) -> tuple[list[Path], list[str]]:
    """Render every editor in every theme; returns the PNG paths and any clipping found."""
    paths: list[Path] = []
    problems: list[str] = []
    for kind in KINDS:
        for theme in THEMES:
            editor = build_editor(kind, theme)
            try:
                show_whole(editor)
                path = out_dir / f"sheet_{kind}_{theme}_{tag}.png"
                if not editor.grab().save(str(path)):
                    problems.append(f"could not save {path}")
                paths.append(path)
                problems += [f"{kind}/{theme}: {p}" for p in clipped_widgets(editor)]
            finally:
                editor.close()
                editor.deleteLater()
    return paths, problems


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    out_dir = Path(argv[0]) if argv else Path("/tmp")
    scale = os.environ.get("QT_SCALE_FACTOR", "1")
    tag = f"{round(float(scale) * 100)}"
    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setStyle("Fusion")
    paths, problems = render(out_dir, tag)
    for path in paths:
        print(path)
    for problem in problems:
        print("CLIPPED", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
