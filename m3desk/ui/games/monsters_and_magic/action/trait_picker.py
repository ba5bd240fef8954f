"""Tick the traits that help, and read the trait bonus they give (from the rules core).

The caption spells the rule out ("+2 (2 traits, capped at 2 × level)") because the cap is
the part of the trait rule players forget.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic import Trait, trait_bonus
from m3desk.ui.action.check_list import CheckEntry, CheckList

__all__ = ["TraitPicker", "trait_bonus_text"]


def trait_bonus_text(level: int, count: int, *, owner: str = "Trait bonus") -> str:
    """``Trait bonus: +2 (2 traits, capped at 2 × level)``."""
    if count <= 0:
        return f"{owner}: none (tick the traits that help)"
    bonus = trait_bonus(level, count)
    noun = "trait" if count == 1 else "traits"
    if count > 1 and trait_bonus(level, count + 1) == bonus:
        why = f"{count} {noun}, capped at 2 × level"
    elif count == 1:
        why = f"1 trait: level {level}"
    else:
        why = f"{count} {noun}: level {level}, +1 for each more"
    return f"{owner}: {signed(bonus)} ({why})"


class TraitPicker(QWidget):
    """A sheet's traits as a checklist, with the bonus they add."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None, *, owner: str = "Trait bonus") -> None:
        super().__init__(parent)
        self._owner = owner
        self._level = 1
        self.list = CheckList(self, max_rows=4)
        self.list.setAccessibleName(owner)
        self.caption = QLabel(self)
        self.caption.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.list)
        layout.addWidget(self.caption)
        self.list.changed.connect(self._on_changed)
        self._update_caption()

    def set_traits(self, traits: Iterable[Trait], level: int, checked: Iterable[str] = ()) -> None:
        self._level = level
        entries = []
        for t in traits:
            text = f"{t.name} — {t.helps_with}" if t.helps_with else t.name
            # The list is narrow: the tooltip carries the whole line, which may be elided.
            entries.append(CheckEntry(t.name, text, f"{text} ({t.kind.value} trait)"))
        self.list.set_entries(entries, checked)
        self.list.setVisible(bool(entries))
        self._update_caption()

    def checked_names(self) -> tuple[str, ...]:
        return self.list.checked_keys()

    def set_checked_names(self, names: Iterable[str]) -> None:
        wanted = set(names)
        blocked = self.list.blockSignals(True)
        try:
            for key in self.list.entry_keys():
                self.list.set_checked(key, key in wanted)
        finally:
            self.list.blockSignals(blocked)
        self._update_caption()

    def caption_text(self) -> str:
        return self.caption.text()

    def _on_changed(self) -> None:
        self._update_caption()
        self.changed.emit()

    def _update_caption(self) -> None:
        if not self.list.count():
            self.caption.setText("No traits on this sheet")
            return
        self.caption.setText(
            trait_bonus_text(self._level, len(self.checked_names()), owner=self._owner)
        )
