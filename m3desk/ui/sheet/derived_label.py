"""A read-out of derived values ("AC 19 (+7)") whose tooltip explains them.

Overridden values are shown bold with a "GM" badge in the palette's highlight colours, and
the label carries the override context menu for the keys it shows.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QWidget

from m3desk.core.derived import Derived
from m3desk.core.numbers import minus, signed
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.plain_text import app_markup
from m3desk.ui.sheet.derived_cell_painter import BADGE_TEXT
from m3desk.ui.sheet.override_menu import OverrideMenu

__all__ = ["DerivedLabel", "ac_text"]

Formatter = Callable[[Sequence[Derived]], str]


def ac_text(values: Sequence[Derived]) -> str:
    """ "AC 19 (+7)": static AC and the bonus of its rolled form, as the rulebook writes it."""
    ac, rolled = values
    return f"AC {minus(ac.value)} ({signed(rolled.value)})"


class DerivedLabel(QLabel):
    def __init__(
        self,
        document: SheetDocument,
        keys: Sequence[str],
        formatter: Formatter,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._keys = tuple(keys)
        self._formatter = formatter
        app_markup(self)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.override_menu = OverrideMenu(document, self, lambda _pos: self._keys)
        self.document_link = DocumentLink.on(
            document, "sheet_changed", lambda _changed: self.refresh()
        )
        self.refresh()

    def values(self) -> list[Derived]:
        derived = self._document.derived()
        return [derived[key] for key in self._keys]

    def plain_text(self) -> str:
        return self._formatter(self.values())

    @property
    def overridden(self) -> bool:
        return any(value.overridden for value in self.values())

    def refresh(self) -> None:
        values = self.values()
        text = html.escape(self._formatter(values))
        if any(value.overridden for value in values):
            palette = self.palette()
            fill = palette.color(QPalette.ColorRole.Highlight).name()
            ink = palette.color(QPalette.ColorRole.HighlightedText).name()
            text = (
                f"<b>{text}</b>&nbsp;<span style='background-color:{fill}; color:{ink};"
                f" font-weight:bold'>&nbsp;{BADGE_TEXT}&nbsp;</span>"
            )
        self.setText(text)
        self.setToolTip("\n".join(value.explanation() for value in values))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.refresh()

    def detach(self) -> None:
        self.document_link.detach()
