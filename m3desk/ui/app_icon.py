"""The application's icon: every size of the hicolor PNGs in one QIcon.

The PNGs are the same files the desktop entry installs, so the window, the task bar and
the file manager show one picture. ``QIcon.addFile`` only records the names; each size is
read when something first draws it, so this costs nothing at start-up.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

from m3desk import APP_ID
from m3desk.assets import resource_path

__all__ = ["app_icon", "app_icon_files"]

_SIZE_FOLDER = re.compile(r"^(\d+)x(\d+)$")


def app_icon_files() -> dict[int, Path]:
    """Edge length → ``resources/icons/hicolor/NxN/apps/<app id>.png``, smallest first."""
    found: dict[int, Path] = {}
    hicolor = resource_path("icons", "hicolor")
    if not hicolor.is_dir():
        return found
    for folder in hicolor.iterdir():
        match = _SIZE_FOLDER.match(folder.name)
        png = folder / "apps" / f"{APP_ID}.png"
        if match and png.is_file():
            found[int(match.group(1))] = png
    return dict(sorted(found.items()))


def app_icon() -> QIcon:
    """The window icon; a null icon if this installation lacks the PNGs."""
    icon = QIcon()
    for size, png in app_icon_files().items():
        icon.addFile(str(png), QSize(size, size))
    return icon
