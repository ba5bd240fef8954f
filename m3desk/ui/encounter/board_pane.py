"""The range-band board's place beside the tracker (``m3desk.ui.board``, built in parallel).

Imported lazily with a placeholder, so the encounter table works before the board exists.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = ["board_factory", "make_board_pane"]


BoardFactory = Callable[[EncounterDocument, QWidget | None], QWidget]


def board_factory() -> BoardFactory | None:
    """``RangeBoard`` (a class or a factory function), or None while the package is absent."""
    try:
        module = importlib.import_module("m3desk.ui.board")
    except ImportError:
        return None
    found = getattr(module, "RangeBoard", None)
    return found if callable(found) else None


def make_board_pane(document: EncounterDocument, parent: QWidget | None = None) -> QWidget:
    """``RangeBoard(document, parent)`` when available, else a labelled placeholder."""
    factory = board_factory()
    if factory is None:
        placeholder = QLabel("The range board appears here.")
        placeholder.setObjectName("board_placeholder")
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        placeholder.setWordWrap(True)
        placeholder.setEnabled(False)
        placeholder.setParent(parent)
        return placeholder
    return factory(document, parent)
