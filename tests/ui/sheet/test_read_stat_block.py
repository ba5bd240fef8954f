"""Read Stat Block… in the real sheet editor of every game that reads stat blocks.

The user clicks the button, pastes a block as the book prints it (Ctrl+V from the
clipboard), picks a variant when the block offers several, clicks Read, and reads the
sheet's fields and the message bar: every field right, and what could not be read said.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems import INSTALLED
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.sheet import make_sheet_editor
from m3desk.ui.sheet.form_editor import FormSheetEditor, StatBlockDialog
from m3desk.ui.window.documents import create_document

# Per game: the block as its book prints it, the variant to pick (None: the block offers
# none), the fields the sheet then shows, the attacks' rows and what the message bar says.
BLOCKS: dict[str, list[dict[str, Any]]] = {
    "ose": [
        {
            "text": "Ogre\nArmour Class\t5 [14]\nHit Dice\t4+1\nAttacks\t1 × club (1d10)\n"
            "THAC0\t15 [+4]\nMovement\t90’ (30’)\nSaving Throws\tD10 W11 P12 B13 S14 (4)\n"
            "Morale\t10\nAlignment\tChaotic\nXP\t125\nNumber Appearing\t1d6 (2d6)\n",
            "variant": None,
            "fields": {
                "armour_class": "5",
                "hit_dice": "4",
                "hit_dice_modifier": "1",
                "max_hit_points": "19",
                "movement": "90",
                "morale": "10",
                "xp": "125",
                "alignment": "Chaotic",
            },
            "attacks": [("club", "1", "1d10")],
            "says": [],
        },
        {
            "text": "AC -2 [21], HD 30*** (135hp), Att [2 × claw (1d8), 1 × bite (1d6 × 10)] or "
            "breath, THAC0 5 [+14], MV 30’ (10’) / 90’ (30’) swimming, "
            "SV D4 W5 P6 B5 S8 (F15), ML 10, AL Chaotic, XP 9,000",
            "variant": None,
            "fields": {
                "armour_class": "-2",
                "hit_dice": "30",
                "max_hit_points": "135",
                "xp": "9000",
            },
            "attacks": [("claw", "2", "1d8"), ("bite", "1", "1d6 × 10"), ("breath", "1", "")],
            "says": ["“breath” is a breath weapon (no attack roll)", "no damage (type its dice"],
        },
        {
            "text": "AC 2 [17] / 0 [19] / -2 [21], HD 8* / 12* / 16* (36 / 54 / 72hp), "
            "Att 1 × blow (1d8 / 2d8 / 3d8), THAC0 12 [+7] / 10 [+9] / 8 [+11], "
            "MV 360’ (120’) flying, SV D8 W9 P10 B10 S12 (8) / D6 W7 P8 B8 S10 (12) / "
            "D2 W3 P4 B3 S6 (16), ML 10, AL Neutral, XP 1,200 / 1,900 / 2,300",
            "variant": ("HD 12* (54hp)", 1),
            "fields": {"armour_class": "0", "hit_dice": "12", "max_hit_points": "54", "xp": "1900"},
            "attacks": [("blow", "1", "2d8")],
            "says": [],
        },
    ],
    "adnd2e": [
        {
            "text": "OGRE\nINTELLIGENCE: Low (5-7)\nTREASURE: (M) Q (B, S)\nALIGNMENT: Chaotic "
            "evil\nNO. APPEARING: 2-20\nARMOR CLASS: 5\nMOVEMENT: 9\nHIT DICE: 4+1\n"
            "THAC0: 17\nNO. OF ATTACKS: 1\nDAMAGE/ATTACK: 1d10 (weapon)\nSPECIAL "
            "ATTACKS: Nil\nSPECIAL DEFENSES: Nil\nMAGIC RESISTANCE: Nil\nSIZE: L (9'+ "
            "tall)\nMORALE: Steady (11-12)\nXP VALUE: 270\n",
            "variant": None,
            "fields": {
                "armour_class": "5",
                "movement": "9",
                "hit_dice": "4",
                "hit_dice_modifier": "1",
                "max_hit_points": "19",
                "xp": "270",
                "alignment": "Chaotic evil",
            },
            "attacks": [("weapon", "1", "1d10")],
            "says": ["the morale “Steady (11-12)” is a range: took its top, 12"],
        },
        {
            "text": "ARMOR CLASS: 2\nMOVEMENT: 12\nHIT DICE: 8, 12, or 16\nTHAC0: 13 / 9 / 5\n"
            "NO. OF ATTACKS: 1\nDAMAGE/ATTACK: 2d10\nXP VALUE: 2,000 / 7,000 / 10,000\n",
            "variant": ("HD 16", 2),
            "fields": {
                "armour_class": "2",
                "hit_dice": "16",
                "max_hit_points": "72",
                "xp": "10000",
            },
            "attacks": [("attack 1", "1", "2d10")],
            "says": [],
        },
        {
            "text": "AC 6; HD 2; #AT 0; Dmg 1d6*10",
            "variant": None,
            "fields": {"armour_class": "6", "hit_dice": "2"},
            "attacks": [],
            "says": ["is multiplied", "could not read the number of attacks “0”"],
        },
    ],
}


def _readers() -> list[str]:
    """Every shipped game whose monster sheet reads stat blocks (the tests' toy reads its own
    one-line blocks in test_form_editor)."""
    found = []
    for system in map(registry.get, INSTALLED):
        forms = getattr(system, "sheet_forms", None) or {}
        form = forms.get("monster")
        if form is not None and form.parse is not None:
            found.append(system.id)
    return sorted(found)


def test_every_game_that_reads_stat_blocks_is_tested_here() -> None:
    assert _readers() == sorted(BLOCKS)


def _shown(widget: QWidget) -> str:
    if isinstance(widget, QSpinBox):
        return widget.text()
    if isinstance(widget, QComboBox):
        return widget.currentText()
    if isinstance(widget, QLineEdit):
        return widget.text()
    if isinstance(widget, QPlainTextEdit):
        return widget.toPlainText()
    if isinstance(widget, QCheckBox):
        return str(widget.isChecked())
    raise AssertionError(type(widget))


def _editor(qtbot: Any, system_id: str) -> FormSheetEditor:
    path = next(p for p in sample_files(system_id) if p.suffix == ".m3m")
    document = create_document(load_sheet(path).model, None, TableRules())
    editor = make_sheet_editor(document)
    assert isinstance(editor, FormSheetEditor)
    qtbot.addWidget(editor)
    editor.resize(1366, 768)
    editor.show()
    return editor


def _paste_and_read(
    qtbot: Any, editor: FormSheetEditor, text: str, variant: tuple[str, int] | None
) -> list[str]:
    """Click Read Stat Block…, paste, pick the variant, click Read (inside the modal loop)."""
    seen: list[str] = []

    def act() -> None:
        dialog = editor.stat_block_dialog
        assert isinstance(dialog, StatBlockDialog)
        QGuiApplication.clipboard().setText(text)
        dialog.text.setFocus()
        qtbot.keyClick(dialog.text, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
        assert dialog.text.toPlainText() == text
        assert dialog.variant.isVisibleTo(dialog) == (variant is not None)
        if variant is not None:
            label, index = variant
            dialog.variant.setFocus()
            for _ in range(index):
                qtbot.keyClick(dialog.variant, Qt.Key.Key_Down)
            seen.append(dialog.variant.currentText())
            assert dialog.variant.currentText() == label
        buttons = dialog.findChild(QDialogButtonBox)
        read = buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert read.text() == "Read"
        qtbot.mouseClick(read, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, act)
    assert editor.read_button is not None
    qtbot.mouseClick(editor.read_button, Qt.MouseButton.LeftButton)
    return seen


@pytest.mark.parametrize("system_id", sorted(BLOCKS))
def test_a_pasted_block_fills_the_real_sheet_and_says_what_it_could_not_read(
    qtbot: Any, system_id: str
) -> None:
    for block in BLOCKS[system_id]:
        editor = _editor(qtbot, system_id)
        name = editor.form_document.sheet.name
        _paste_and_read(qtbot, editor, block["text"], block["variant"])
        shown = {path: _shown(editor.fields[path].widget) for path in block["fields"]}
        assert shown == block["fields"], block["text"][:40]
        model = editor.tables["attacks"].view.model()
        headers = [
            model.headerData(column, Qt.Orientation.Horizontal)
            for column in range(model.columnCount())
        ]
        rows = [
            {
                header: str(model.index(row, column).data() or "")
                for column, header in enumerate(headers)
            }
            for row in range(model.rowCount())
        ]
        assert [(r["Attack"], r["×"], r["Damage"]) for r in rows] == block["attacks"], rows
        message = editor.message_bar.text()
        if block["says"]:
            assert message.startswith("Read the stat block, except: ")
            for words in block["says"]:
                assert words in message
        else:
            assert "except" not in message, message
        # A name line above the stats names the monster ("Ogre", the book's "OGRE" as
        # "Ogre"); a block without one leaves the sheet its name (issue 28: "Goblin"
        # pasted first gave "New monster").
        first = block["text"].split("\n", 1)[0]
        heading = first.title() if first.isupper() else first
        named = ":" not in first and not any(ch.isdigit() for ch in first) and "\n" in block["text"]
        assert editor.form_document.sheet.name == (heading if named else name), first
        editor.form_document.undo_stack.undo()  # one undo step puts the sample back
        assert (
            editor.form_document.sheet
            == load_sheet(next(p for p in sample_files(system_id) if p.suffix == ".m3m")).model
        )
        editor.close()


@pytest.mark.parametrize("system_id", sorted(BLOCKS))
def test_a_name_line_above_the_stats_names_the_monster(qtbot: Any, system_id: str) -> None:
    """Issue 28: "Goblin" pasted above the stats gave "New monster"."""
    block = next(b for b in BLOCKS[system_id] if not b["text"].split("\n", 1)[0].isalpha())
    editor = _editor(qtbot, system_id)
    sheet = editor.form_document.sheet
    editor.form_document.replace_sheet(sheet.model_copy(update={"name": "New monster"}), "Rename")
    _paste_and_read(qtbot, editor, "Goblin\n" + block["text"], block["variant"])
    assert editor.form_document.sheet.name == "Goblin"
    assert "before the first field" not in editor.message_bar.text()
    editor.close()
