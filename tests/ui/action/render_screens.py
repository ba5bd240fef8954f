"""Render the action dialog before and after a roll, for looking at it (not a test).

    QT_QPA_PLATFORM=offscreen [QT_SCALE_FACTOR=1.5] python -m tests.ui.action.render_screens \
        light|dark TAG gramfive|bash|felix|help

writes ``/tmp/action_<scenario>_<TAG>_<theme>_{before,after}.png``. Give the offscreen
platform a realistic screen (``offscreen:configfile=screen.json`` with 1920×1080), or the
dialog is sized for its default 800×800 one.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from m3desk.systems.monsters_and_magic import Condition, ConditionKind, Roller, TableRules, Tier
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog
from m3desk.ui.theme import apply_theme
from tests.ui.action.scene import at_turn, book_encounter, in_round_one, with_conditions

BOOK = TableRules.book_example()


def _settle(app: QApplication) -> None:
    for _ in range(6):
        app.processEvents()
        QTest.qWait(10)


def _scenario(name: str) -> tuple[Encounter, list[int]]:
    backstab = Condition.make("backstabbed!", ConditionKind.CONSEQUENCE, Tier.MAJOR,
                              scope="combat actions")
    fire = Condition.make("catching fire", ConditionKind.CONSEQUENCE, Tier.MINOR)
    if name == "bash":
        return at_turn(with_conditions(in_round_one(book_encounter()), "First", backstab),
                       "First"), [5, 5, 5, 7]
    if name == "felix":
        encounter = with_conditions(in_round_one(book_encounter(rules=BOOK)), "First", fire)
        return at_turn(encounter, "Felix"), [5, 5, 5, 3]
    if name == "help":
        return at_turn(book_encounter(), "Guido"), [4, 4, 3]
    return at_turn(book_encounter(rules=BOOK), "Gramfive"), [5, 5, 5, 6, 3, 3, 3]


def _choose(dialog: ActionDialog, name: str) -> None:
    panel = dialog.inputs.actor_panel
    target = dialog.inputs.target_panel.target
    ticks = {"gramfive": ("Weapons Training",), "felix": ("Simple Weapons", "Stealthy"),
             "help": ("Help Others Fight or Face Danger", "Use Your Music to Help People")}
    if name == "help":
        panel.action.setCurrentIndex(3)
    if name in ("bash", "help"):
        prefix = "Gramfive" if name == "bash" else "Shamira"
        target.setCurrentIndex(target.findText(prefix, Qt.MatchFlag.MatchStartsWith))
    for trait in ticks.get(name, ()):
        panel.traits.list.set_checked(trait, True)
    if name == "felix":
        dialog.inputs.situation.toggle.setChecked(True)
        dialog.inputs.situation.actor_hidden.setCurrentIndex(1)


def _spend(dialog: ActionDialog, name: str, app: QApplication) -> None:
    spending = dialog.assistant
    row = spending.rows[0]
    if name == "gramfive":
        spending.bands.setValue(2)
        spending.damage.setValue(2)
    elif name == "bash":
        row.select_tier(Tier.EXTREME)
        row.name.setText("chest bashed in")
        _settle(app)
        spending.defender.setChecked(True)
    elif name == "felix":
        spending.hero.setValue(1)
        _settle(app)
        row.select_tier(Tier.MAJOR)
        row.name.setText("backstabbed!")
    elif name == "help":
        spending.towards.setText("Turn Undead")


def main(theme: str, tag: str, name: str) -> None:
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    apply_theme(app, theme)
    host = QWidget()
    encounter, dice = _scenario(name)
    document = EncounterDocument(encounter)
    dialog = ActionDialog(document, host, roller=Roller(1))
    dialog.show()
    _settle(app)
    _choose(dialog, name)
    _settle(app)
    dialog.grab().save(f"/tmp/action_{name}_{tag}_{theme}_before.png")
    for field, face in zip(dialog.dice_entry.fields(), dice, strict=False):
        field.setText(str(face))
    _settle(app)
    _spend(dialog, name, app)
    _settle(app)
    dialog.scroll_to(dialog.assistant)
    _settle(app)
    dialog.grab().save(f"/tmp/action_{name}_{tag}_{theme}_after.png")
    print(f"{name} {tag} {theme}: {dialog.width()}×{dialog.height()};",
          dialog.result_view.breakdown_text(), "|", dialog.assistant.status.text())


if __name__ == "__main__":
    main(*sys.argv[1:4])
