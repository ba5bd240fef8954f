"""The main window at its default size (1400×880): does every view fit without clipping?

Used by ``test_default_layout.py`` in-process at 100 %, and as a script for 150 %
(``QT_SCALE_FACTOR`` is read when the application starts, so that needs a process)::

    QT_QPA_PLATFORM=offscreen QT_SCALE_FACTOR=1.5 M3DESK_HOME=$(mktemp -d) \\
        .venv/bin/python -m tests.ui.window.layout_probe
"""

from __future__ import annotations

import os
import sys

from PySide6.QtWidgets import QApplication, QLabel, QToolBar, QToolButton, QWidget

from m3desk.assets import sample_files
from m3desk.ui.main_window import MainWindow
from m3desk.ui.sheet.ability_table import AbilityGroup
from m3desk.ui.theme import TOOLBAR_EXTENSION

WINDOW_SIZE = (1400, 880)
LIBRARY_WIDTHS = (300, 350)  # 350: the Lvl column holds a monster's Hit Dice ("4+1")


def settle() -> None:
    for _ in range(4):  # layouts, then the widgets' own single-shot sizing
        QApplication.processEvents()


def _library_problems(window: MainWindow) -> list[str]:
    width = window.library.width()
    low, high = LIBRARY_WIDTHS
    problems = [] if low <= width <= high else [f"library {width} px wide, not {low}–{high}"]
    if window.library.view.horizontalScrollBar().maximum() > 0:
        problems.append("library columns behind a horizontal scroll bar")
    return problems


def _attributes_problems(window: MainWindow, name: str) -> list[str]:
    page = window.session.current().page  # type: ignore[union-attr]
    group = page.findChild(AbilityGroup)
    if group is None:
        return [f"{name}: no attributes group"]
    view = group.view
    problems = []
    if view.horizontalScrollBar().maximum() > 0:
        problems.append(f"{name}: attributes behind a horizontal scroll bar")
    if view.width() < view.sizeHint().width():
        problems.append(f"{name}: attributes {view.width()} px < {view.sizeHint().width()}")
    header = view.horizontalHeader()
    for column in range(header.count()):
        if header.sectionSize(column) < view.sizeHintForColumn(column):
            problems.append(f"{name}: attributes column {column} narrower than its cells")
    return problems


def _clipped_labels(root: QWidget, where: str) -> list[str]:
    problems = []
    for label in root.findChildren(QLabel):
        if not label.isVisibleTo(root) or not label.text():
            continue
        if label.wordWrap():
            if label.height() < label.heightForWidth(label.width()):
                problems.append(f"{where}: {label.text()[:30]!r} cut at the bottom")
        elif label.width() < label.sizeHint().width():
            problems.append(
                f"{where}: {label.text()[:30]!r} {label.width()} px < {label.sizeHint().width()}"
            )
    return problems


def _encounter_problems(window: MainWindow) -> list[str]:
    from tests.ui.encounter.render_tracker import mid_round_one

    record = window.session.adopt(mid_round_one())
    settle()
    page = record.page
    tracker, board, log = page.tracker, page.board, page.log_panel  # type: ignore[attr-defined]
    problems = []
    if tracker.horizontalScrollBar().maximum() > 0:
        problems.append("tracker columns behind a horizontal scroll bar")
    if tracker.verticalScrollBar().maximum() > 0:
        problems.append("tracker rows behind a vertical scroll bar")
    toolbar = page.findChild(QToolBar)
    extension = toolbar.findChild(QToolButton, TOOLBAR_EXTENSION) if toolbar else None
    if extension is not None and extension.isVisible():
        problems.append("toolbar actions hidden behind »")

    def top_left(widget: QWidget) -> tuple[int, int]:
        point = widget.mapTo(page, widget.rect().topLeft())
        return point.x(), point.y()

    tracker_bottom = top_left(tracker)[1] + tracker.height()
    (board_x, board_y), (log_x, log_y) = top_left(board), top_left(log)
    if board_y < tracker_bottom or log_y < tracker_bottom:
        problems.append("the board and the log are not below the tracker")
    if abs(board_y - log_y) > 4 or board_x <= log_x:
        problems.append("the board is not beside the log (to its right)")
    if tracker.width() < page.width() - 40:
        problems.append(f"tracker {tracker.width()} px of a {page.width()} px tab")
    rings = getattr(board, "view", board)
    ratio = rings.width() / max(rings.height(), 1)
    if not 0.75 <= ratio <= 1.35:
        problems.append(f"board {rings.width()}×{rings.height()}: not square-ish")
    problems += _clipped_labels(board, "board")
    problems += _clipped_labels(log, "log")
    window.session.close(record, ask=False)
    return problems


def window_problems(window: MainWindow) -> list[str]:
    """Open Gramfive, the mummy and an encounter mid-round in ``window``; list what is cut."""
    window.resize(*WINDOW_SIZE)
    settle()
    problems = _library_problems(window)
    by_stem = {path.stem: path for path in sample_files("monsters_and_magic")}
    for stem in ("gramfive", "first-one-mummy"):
        window.open_path(by_stem[stem])
        settle()
        problems += _attributes_problems(window, stem)
    problems += _encounter_problems(window)
    return problems


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication([sys.argv[0]])
    from m3desk.ui import dialogs
    from m3desk.ui.theme import apply_theme

    dialogs.set_non_interactive(True)
    apply_theme(app, "light")  # type: ignore[arg-type]
    window = MainWindow()
    window.show()
    window.startup(recover=False)
    problems = window_problems(window)
    for problem in problems:
        print("PROBLEM", problem)
    window.session.close_all(ask=False)
    window.shutdown(remember_layout=False)
    window.close()
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
