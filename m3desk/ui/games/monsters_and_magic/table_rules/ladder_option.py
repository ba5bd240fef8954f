"""Monsters & Magic's one table rule no type describes: the difficulty ladder, edited as a
small table (:class:`LadderEditor`) inside the generic Table Rules form, and the book's two
profiles of its rules ("Strict Rules", "Book Example") as the form's buttons."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from m3desk.core.options import option_of
from m3desk.systems.monsters_and_magic.table_rules import DifficultyRung, TableRules
from m3desk.ui.games.monsters_and_magic.table_rules.ladder_editor import LadderEditor
from m3desk.ui.table_rules.parts import OptionEditor, OptionsProfile

__all__ = ["PROFILES", "LadderOption", "book_example_tip"]


class LadderOption(OptionEditor):
    """The named difficulties, a row each, with Add and Remove."""

    wide = True

    def __init__(self, parent: QWidget | None = None) -> None:
        self.ladder = LadderEditor()
        super().__init__(self.ladder, parent)
        self.ladder.model.ladder_changed.connect(self.changed)

    def value(self) -> list[dict[str, Any]]:
        return self.ladder.model.as_data()

    def set_value(self, value: Any) -> None:
        self.ladder.set_rungs(tuple(DifficultyRung.model_validate(rung) for rung in value))

    def describe(self, reason: str) -> None:
        self.ladder.view.setToolTip(reason)

    def where(self, label: str, location: tuple[int | str, ...]) -> str:
        """ "Difficulty 3 name" for a problem in the third row's name."""
        if location and isinstance(location[0], int):
            part = f" {location[1]}" if len(location) >= 2 else ""
            return f"Difficulty {location[0] + 1}{part}"
        return label


def book_example_tip() -> str:
    """What "Book Example" changes from the strict rules, from the two profiles themselves."""
    book, strict = TableRules.book_example(), TableRules()
    changes = []
    for name in TableRules.model_fields:
        value = getattr(book, name)
        if value != getattr(strict, name):
            shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
            changes.append(f"{option_of(TableRules, name).label}: {shown}")
    return "The choices of the book's Example of Play: " + "; ".join(changes)


PROFILES = (
    OptionsProfile(
        "&Strict Rules",
        "the strict rules: the rules text as written",
        "Every option as the rules text says (the defaults)",
        TableRules,
    ),
    OptionsProfile(
        "&Book Example",
        "the book example's rules: the Example of Play's choices",
        book_example_tip(),
        TableRules.book_example,
    ),
)
