"""Edit → Table Rules of every game: each option shows a label in words (never its code
name), its choices in words and its one-line reason, on the screen and in its tooltip."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QGroupBox, QLabel, QWidget

from m3desk.core import registry
from m3desk.core.options import option_of
from m3desk.ui.table_rules.options_dialog import OptionsDialog, make_options_dialog


def buddy_label(dialog: QWidget, editor: QWidget) -> QLabel:
    [label] = [label for label in dialog.findChildren(QLabel) if label.buddy() is editor]
    return label


def _shown(dialog: QWidget, qtbot: Any) -> None:
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)


def _visible_texts(dialog: QWidget) -> list[str]:
    """Every word the dialog shows: labels, check boxes and section titles, without the
    mnemonic's ampersand or a label's colon."""
    texts = [label.text().rstrip(":") for label in dialog.findChildren(QLabel) if label.isVisible()]
    texts += [
        box.text().replace("&", "") for box in dialog.findChildren(QCheckBox) if box.isVisible()
    ]
    texts += [
        box.title().replace("&", "") for box in dialog.findChildren(QGroupBox) if box.isVisible()
    ]
    return texts


@pytest.mark.parametrize("game", [system.id for system in registry.systems()])
def test_every_option_shows_a_label_its_choices_and_its_reason(game: str, qtbot: Any) -> None:
    """The same promise for every game, whichever dialog its widgets provide: each option's
    label and reason are the game's words declared on its field (``Option``), on the screen;
    each choice reads as the game words it."""
    system = registry.get(game)
    dialog = make_options_dialog(None, system, system.default_options(), "Table Rules", "")
    _shown(dialog, qtbot)
    texts = _visible_texts(dialog)
    assert any(system.summary in text for text in texts), "the game in a line, at the top"
    combos = [
        [combo.itemText(i) for i in range(combo.count())]
        for combo in dialog.findChildren(QComboBox)
        if combo.isVisible()
    ]
    for name in system.options_model.model_fields:
        option = option_of(system.options_model, name)
        assert option.label in texts, f"{game}.{name}: label not shown"
        assert option.reason in texts, f"{game}.{name}: reason not shown"
        words = dict(option.choices)
        if words:
            assert sorted(words.values()) in [sorted(items) for items in combos], name
    for items in combos:
        assert all("_" not in text for text in items)


@pytest.mark.parametrize("game", [system.id for system in registry.systems()])
def test_the_form_gives_each_reason_to_its_editor(game: str, qtbot: Any) -> None:
    system = registry.get(game)
    dialog = OptionsDialog(system, system.default_options(), "Table Rules", "")
    _shown(dialog, qtbot)
    names = list(system.options_model.model_fields)
    assert sorted(dialog.editors) == sorted(names), "every option has an editor"
    for name in names:
        editor = dialog.editors[name]
        widget = editor.widget
        option = option_of(system.options_model, name)
        if isinstance(widget, QCheckBox):
            assert widget.isVisible() and widget.text() == option.label != ""
        else:
            label = buddy_label(dialog, widget)
            assert label.isVisible() and label.text() == option.label + ":"
        reason = dialog.findChild(QLabel, f"reason:{name}")
        assert reason is not None and reason.isVisible()
        assert reason.text() == option.reason != ""
        assert widget.toolTip() == reason.text() or editor.wide
        if isinstance(widget, QComboBox):
            words = dict(option.choices)
            shown = [widget.itemText(index) for index in range(widget.count())]
            assert shown == [
                words.get(widget.itemData(index), option.words(widget.itemData(index)))
                for index in range(widget.count())
            ]


@pytest.mark.parametrize("game", [system.id for system in registry.systems()])
def test_the_options_stand_in_their_sections(game: str, qtbot: Any) -> None:
    """Every game's options are grouped as its fields say, each section a titled box."""
    system = registry.get(game)
    dialog = OptionsDialog(system, system.default_options(), "Table Rules", "")
    _shown(dialog, qtbot)
    for name, editor in dialog.editors.items():
        box = editor.widget.parentWidget()
        while box is not None and not isinstance(box, QGroupBox):
            box = box.parentWidget()
        assert box is not None, name
        assert box.title() == option_of(system.options_model, name).section


def test_the_size_modifiers_are_edited_one_size_at_a_time(qtbot: Any) -> None:
    """Apparatus keeps six Size Modifiers in one option: six spin boxes, read back whole."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QSpinBox

    system = registry.get("apparatus")
    dialog = OptionsDialog(system, system.default_options(), "Table Rules", "")
    _shown(dialog, qtbot)
    row = dialog.editors["size_modifiers"].widget
    spins = row.findChildren(QSpinBox)
    assert [spin.value() for spin in spins] == [-4, -2, 0, 2, 4, 8]
    spins[5].selectAll()
    qtbot.keyClicks(spins[5], "6")
    qtbot.keyClick(spins[5], Qt.Key.Key_Tab)
    chosen = dialog.options()
    assert chosen is not None and chosen.size_modifiers == (-4, -2, 0, 2, 4, 6)
