"""Look at the sheets: render them (light and dark, 100 % and 150 %) and check nothing is clipped.

The PNGs go to pytest's tmp dir; ``python -m tests.ui.sheet.render_sheet /tmp`` writes the
same pictures to /tmp for a person to open.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPalette

from m3desk.ui.sheet.sheet_table_view import SheetTableView
from tests.ui.sheet.render_sheet import (
    KINDS,
    THEMES,
    build_editor,
    clipped_widgets,
    palette_for,
    show_at_width,
    show_whole,
)

ROOT = Path(__file__).resolve().parents[3]


def _luminance(colour: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def contrast(a: QColor, b: QColor) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("kind", KINDS)
def test_editor_renders_unclipped_at_100_percent(
    qtbot, tmp_path: Path, kind: str, theme: str
) -> None:
    editor = build_editor(kind, theme)
    qtbot.addWidget(editor)
    show_whole(editor)
    path = tmp_path / f"sheet_{kind}_{theme}_100.png"
    assert editor.grab().save(str(path))
    assert not QImage(str(path)).isNull()
    assert clipped_widgets(editor) == []


SHEET_TAB_WIDTH = 1040
"""What a sheet tab gets in a 1400 px window beside the library at its default width."""


@pytest.mark.parametrize("kind", KINDS)
def test_editor_fits_beside_the_library_in_a_1400_px_window(qtbot, kind: str) -> None:
    """The attributes keep Score, Modifier and Check in view (no scroll bar of their own),
    and the sheet needs no horizontal scrolling."""
    editor = build_editor(kind, "light")
    qtbot.addWidget(editor)
    show_at_width(editor, SHEET_TAB_WIDTH)
    assert clipped_widgets(editor) == []
    assert editor.scroll_area.horizontalScrollBar().maximum() == 0
    view = editor.findChild(SheetTableView, "abilities_view")
    assert view.width() >= view.sizeHint().width()
    assert [view.model().headerData(c, Qt.Orientation.Horizontal) for c in range(3)] == [
        "Score",
        "Modifier",
        "Check",
    ]
    assert view.model().index(0, 0).data() == str(editor.document.sheet.attributes.STR)


@pytest.mark.parametrize("theme", THEMES)
def test_override_mark_and_message_read_in_both_palettes(qapp, theme: str) -> None:
    palette = palette_for(theme)
    role = QPalette.ColorRole
    badge, ink = palette.color(role.Highlight), palette.color(role.HighlightedText)
    assert contrast(badge, ink) >= 3.0, "GM badge text on its badge"
    assert contrast(badge, palette.color(role.Base)) >= 1.5, "GM badge against the cell"
    assert contrast(palette.color(role.Text), palette.color(role.Base)) >= 7.0


def test_editors_render_unclipped_at_150_percent(tmp_path: Path) -> None:
    """QT_SCALE_FACTOR is read at start-up, so this needs a process of its own."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": "1.5"}
    result = subprocess.run(
        [sys.executable, "-m", "tests.ui.sheet.render_sheet", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    for kind in KINDS:
        for theme in THEMES:
            image = QImage(str(tmp_path / f"sheet_{kind}_{theme}_150.png"))
            assert image.width() >= 1.5 * 1000, "rendered at 150 %"


def test_the_clipping_check_notices_a_squeezed_label(qtbot) -> None:
    from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

    root = QWidget()
    qtbot.addWidget(root)
    label = QLabel("Trait bonus with 2 traits: +2 (level 1, capped at 2)", root)
    label.setFixedWidth(40)
    QVBoxLayout(root).addWidget(label)
    root.show()
    assert len(clipped_widgets(root)) == 1
