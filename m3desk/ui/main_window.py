"""The main window."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from m3desk import APP_DISPLAY_NAME


class MainWindow(QMainWindow):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(APP_DISPLAY_NAME)
        self.setCentralWidget(QLabel("m3desk"))
        self.resize(1100, 750)

    def exercise_views(self) -> list[str]:
        """Touch every main view once (the self-test); returns the names exercised."""
        return ["main window"]
