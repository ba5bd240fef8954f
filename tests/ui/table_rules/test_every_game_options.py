"""Edit → Table Rules of every game: each option shows a label in words (never its code
name), its choices in words and its one-line reason, on the screen and in its tooltip."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QWidget

from m3desk.core import registry
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.table_rules.dialog import TableRulesDialog
from m3desk.ui.table_rules.options_dialog import OptionsDialog
from m3desk.ui.table_rules.rule_fields import _LABELS as LABELS
from m3desk.ui.table_rules.rule_fields import EditorKind


def buddy_label(dialog: QWidget, editor: QWidget) -> QLabel:
    [label] = [label for label in dialog.findChildren(QLabel) if label.buddy() is editor]
    return label


def _shown(dialog: QWidget, qtbot: Any) -> None:
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)


@pytest.mark.parametrize("game", sorted(registry.ids()))
def test_every_option_shows_a_label_its_choices_and_its_reason(game: str, qtbot: Any) -> None:
    system = registry.get(game)
    names = list(system.options_model.model_fields)
    if game == "monsters_and_magic":  # its own, richer dialog
        dialog: QWidget = TableRulesDialog(TableRules())
        _shown(dialog, qtbot)
        assert isinstance(dialog, TableRulesDialog)
        assert sorted(field.name for field in dialog.fields) == sorted(names)
        for field in dialog.fields:
            assert field.name in LABELS, f"{field.name} is labelled from its code name"
            caption = dialog.captions[field.name]
            assert caption.isVisible() and caption.text() == field.explanation != ""
            if field.kind is EditorKind.LADDER:
                continue
            widget = dialog.editors[field.name].widget
            assert widget.toolTip() == field.explanation
            shown = widget.text() if isinstance(widget, QCheckBox) else \
                buddy_label(dialog, widget).text().rstrip(":")
            assert shown == field.label
            if isinstance(widget, QComboBox):
                for index in range(widget.count()):
                    assert "_" not in widget.itemText(index)
        return
    dialog = OptionsDialog(system, system.default_options(), "Table Rules", "")
    _shown(dialog, qtbot)
    assert isinstance(dialog, OptionsDialog)
    assert sorted(dialog.editors) == sorted(names), "every option has an editor"
    for name in names:
        editor = dialog.editors[name]
        label = buddy_label(dialog, editor)
        assert name in system.option_labels, f"{game}.{name} is labelled from its code name"
        assert label.isVisible() and label.text() == system.option_labels[name] != ""
        reason = dialog.findChild(QLabel, f"reason:{name}")
        assert reason is not None and reason.isVisible()
        assert reason.text() == system.option_help[name] != ""
        assert editor.toolTip() == reason.text()
        if isinstance(editor, QComboBox):
            words = system.option_choices[name]
            shown = [editor.itemText(index) for index in range(editor.count())]
            assert shown == [words[editor.itemData(index)] for index in range(editor.count())]
            for text in shown:
                assert "_" not in text


def test_the_size_modifiers_are_edited_one_size_at_a_time(qtbot: Any) -> None:
    """Apparatus keeps six Size Modifiers in one option: six spin boxes, read back whole."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QSpinBox

    system = registry.get("apparatus")
    dialog = OptionsDialog(system, system.default_options(), "Table Rules", "")
    _shown(dialog, qtbot)
    row = dialog.editors["size_modifiers"]
    spins = row.findChildren(QSpinBox)
    assert [spin.value() for spin in spins] == [-4, -2, 0, 2, 4, 8]
    spins[5].selectAll()
    qtbot.keyClicks(spins[5], "6")
    qtbot.keyClick(spins[5], Qt.Key.Key_Tab)
    chosen = dialog.options()
    assert chosen is not None and chosen.size_modifiers == (-4, -2, 0, 2, 4, 6)
