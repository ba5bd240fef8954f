"""What Monsters & Magic's own form had, every game's one form has: each game's options
grouped in sections, the status line that says how far they are from the defaults, a button
that puts the defaults back, and OK refused while the options are not valid — by real clicks
and keys, for every installed game."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialogButtonBox, QSpinBox, QWidget

from m3desk.core import registry
from m3desk.core.options import option_of
from m3desk.ui.table_rules.options_dialog import OptionsDialog

GAMES = [system.id for system in registry.systems()]


def _dialog(qtbot: Any, game: str) -> OptionsDialog:
    system = registry.get(game)
    dialog = OptionsDialog(system, system.default_options(), "Table Rules", "")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _change(qtbot: Any, widget: QWidget) -> None:
    """One step of the first option by the keyboard, as a user changes it."""
    widget.setFocus()
    if isinstance(widget, QCheckBox):
        qtbot.keyClick(widget, Qt.Key.Key_Space)
    elif isinstance(widget, QComboBox):
        last = widget.currentIndex() == widget.count() - 1
        qtbot.keyClick(widget, Qt.Key.Key_Up if last else Qt.Key.Key_Down)
    else:
        assert isinstance(widget, QSpinBox)
        top = widget.value() == widget.maximum()
        qtbot.keyClick(widget, Qt.Key.Key_Down if top else Qt.Key.Key_Up)


@pytest.mark.parametrize("game", GAMES)
def test_a_changed_option_is_counted_and_defaults_put_it_back(qtbot: Any, game: str) -> None:
    dialog = _dialog(qtbot, game)
    system = registry.get(game)
    assert dialog.status.isVisible() and dialog.status.text().startswith("These are")
    first = next(
        editor
        for editor in dialog.editors.values()
        if isinstance(editor.widget, QCheckBox | QComboBox | QSpinBox)
    )
    _change(qtbot, first.widget)
    assert dialog.options() != system.default_options()
    assert dialog.status.text() == "House rules: 1 option differs from the defaults."
    qtbot.mouseClick(dialog.defaults_button, Qt.MouseButton.LeftButton)
    assert dialog.options() == system.default_options()
    assert dialog.status.text().startswith("These are ")
    assert "House rules" not in dialog.status.text()


@pytest.mark.parametrize("game", GAMES)
def test_every_option_stands_in_a_titled_section_when_the_game_names_them(
    qtbot: Any, game: str
) -> None:
    dialog = _dialog(qtbot, game)
    system = registry.get(game)
    sections = {
        option_of(system.options_model, name).section for name in system.options_model.model_fields
    }
    from PySide6.QtWidgets import QGroupBox

    titles = {box.title() for box in dialog.findChildren(QGroupBox) if box.isVisible()}
    assert titles == sections


@pytest.mark.parametrize(
    "game",
    [
        game
        for game in GAMES
        if any(
            getattr(item, "le", None) is not None
            for info in registry.get(game).options_model.model_fields.values()
            if info.annotation is int
            for item in info.metadata
        )
    ],
)
def test_a_value_beyond_its_bound_is_refused_in_words(qtbot: Any, game: str) -> None:
    """Typing past a number's bound leaves the number valid (the spin box holds its range);
    OK stays enabled only while pydantic accepts the whole set."""
    dialog = _dialog(qtbot, game)
    name, editor = next(
        (name, editor)
        for name, editor in dialog.editors.items()
        if isinstance(editor.widget, QSpinBox)
    )
    spin = editor.widget
    assert isinstance(spin, QSpinBox)
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(spin.maximum() * 10))
    qtbot.keyClick(spin, Qt.Key.Key_Tab)
    assert spin.value() <= spin.maximum()
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled() is (dialog.options() is not None)
    if dialog.options() is None:
        assert dialog.status_icon.isVisible() and dialog.problems()
    else:
        assert getattr(dialog.options(), name) == spin.value()
