"""The library's column widths when the dock is narrow: the Name column gives way last.

Name stretches over whatever the other columns leave. When the dock is too narrow for
every column at its preferred width, Ancestry, Game and Class shrink first (their text
elides; the name's tooltip still says ancestry, class, level and game), then Ancestry is
hidden, then Game, then Class (a GM picks combatants by class more than by race, and in
"All games" two Goblins are told apart by their game), so a name stays readable
("Gramfive the…") rather than collapsing to "F…". The Game column is shown only while the
library lists every game (``hidden``). The small
columns (kind and source marks, level) keep their width: they are narrower than a word.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QTableView

from m3desk.ui.library.model import Column

__all__ = ["ColumnFitter"]

_GIVING_WAY = (Column.RACE, Column.GAME, Column.CLASS)
"""Columns that shrink and hide before Name does, the first to hide first."""


class ColumnFitter(QObject):
    """Sizes Race and Class to the view's width; Name keeps ``name_minimum`` or more.

    ``preferred`` are Race's and Class's widths when there is room (a user's drag of
    their edges replaces them); ``shrunk_minimum`` is the narrowest either may get before
    it is hidden instead.
    """

    def __init__(
        self,
        view: QTableView,
        preferred: Mapping[Column, int],
        *,
        name_minimum: int,
        shrunk_minimum: int,
    ) -> None:
        super().__init__(view)
        self._view = view
        self._preferred = {column: preferred[column] for column in _GIVING_WAY}
        self.name_minimum = name_minimum
        self.shrunk_minimum = shrunk_minimum
        self.hidden: set[Column] = set()
        """Columns of ``_GIVING_WAY`` the panel does not show at any width (Game while the
        library lists one game's files)."""
        # Name stretches, so a change of the view's width shows up as Name being resized
        # (no event filter on the viewport, none to outlive it at exit). The fit waits for
        # the header to finish its own layout: resizing sections inside its signal, or
        # hiding them, mixes up its bookkeeping.
        self._pending = QTimer(self)
        self._pending.setSingleShot(True)
        self._pending.setInterval(0)
        self._pending.timeout.connect(self.fit)
        view.horizontalHeader().sectionResized.connect(self._on_section_resized)

    def prefer(self, column: Column, width: int) -> None:
        """``column``'s width when there is room (the Game column follows the games held)."""
        self._preferred[column] = width

    def _on_section_resized(self, section: int, _old: int, new: int) -> None:
        if section == Column.NAME:
            self._pending.start()
        elif (
            section in self._preferred
            and new > 0
            and QApplication.mouseButtons() & Qt.MouseButton.LeftButton
        ):
            self._preferred[Column(section)] = new  # the user dragged Race's or Class's edge

    def widths(self, available: int) -> dict[Column, int]:
        """Race's and Class's widths for a viewport ``available`` px wide (0 means hidden)."""
        header = self._view.horizontalHeader()
        fixed = sum(
            header.sectionSize(column)
            for column in Column
            if column is not Column.NAME
            and column not in self._preferred
            and not header.isSectionHidden(column)
        )
        room = available - fixed - self.name_minimum
        wanted = {
            column: width for column, width in self._preferred.items() if column not in self.hidden
        }
        widths = {column: 0 for column in _GIVING_WAY}
        if room >= sum(wanted.values()):
            return {**widths, **wanted}
        shown = [column for column in reversed(_GIVING_WAY) if column not in self.hidden]
        while shown and room < self.shrunk_minimum * len(shown):
            shown.pop()  # Ancestry hides first, then Game, then Class
        if not shown:
            return widths
        total = sum(wanted[column] for column in shown)
        spare = max(room, 0)
        for column in shown:
            share = spare * wanted[column] // total if total else spare // len(shown)
            widths[column] = max(self.shrunk_minimum, min(wanted[column], share))
        return widths

    def fit(self) -> None:
        view = self._view
        header = view.horizontalHeader()
        # The header is as wide as the viewport (QTableView lays it out so); asking for the
        # viewport, a widget Qt made, would have PySide build every widget class first.
        for column, width in self.widths(header.width()).items():
            if header.isSectionHidden(column) != (width == 0):
                header.setSectionHidden(column, width == 0)
            if width and header.sectionSize(column) != width:
                header.resizeSection(column, width)
