"""What a game may add to the one Table Rules form: an editor for an option the form cannot
edit by its type, and named sets of options to load with one button.

A game's widgets (:class:`m3desk.ui.games.GameParts`) give ``option_editors`` (field name →
a factory of an :class:`OptionEditor`: Monsters & Magic's difficulty ladder) and
``option_profiles`` (:class:`OptionsProfile`: its "Book Example"). Everything else in the form
(the sections, the reasons, Defaults, the problems in words) is the same for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from pydantic import BaseModel
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

__all__ = ["OptionEditor", "OptionsProfile"]


class OptionEditor(QObject):
    """Edits one option: ``widget`` shows it, ``changed`` fires on every edit, ``value`` is
    what the form hands pydantic and ``set_value`` shows a value of the option."""

    changed = Signal()
    wide = False
    """Shown under its caption across the section (a table), not beside its label."""
    labelled = False
    """The widget shows the option's label itself (a check box's text)."""

    def __init__(self, widget: QWidget, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.widget = widget

    def value(self) -> Any:
        raise NotImplementedError

    def set_value(self, value: Any) -> None:
        raise NotImplementedError

    def describe(self, reason: str) -> None:
        """Give the option's reason to the widget (its tooltip)."""
        self.widget.setToolTip(reason)

    def where(self, label: str, location: tuple[int | str, ...]) -> str:
        """Where in this option a problem is, in words (``location``: pydantic's, after the
        field's name): the option's label unless the editor can say better."""
        return label


class OptionsProfile(NamedTuple):
    """A named set of options, loaded by a button of the form."""

    button: str
    """The button's text, with its mnemonic ("&Book Example")."""
    name: str
    """What the status line calls it ("the book example's rules: the Example of Play's
    choices"), after "These are "."""
    tip: str
    make: Callable[[], BaseModel]
