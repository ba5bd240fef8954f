"""Render the action dialog before and after a roll, for looking at it (not a test).

    QT_QPA_PLATFORM=offscreen [QT_SCALE_FACTOR=1.5] python -m tests.ui.action.render_screens \
        light|dark TAG gramfive|bash|felix|help

writes ``/tmp/action_<scenario>_<TAG>_<theme>_{before,after}.png``;

    QT_QPA_PLATFORM=offscreen:configfile=screen.json python -m tests.ui.action.render_screens \
        light|dark TAG every [OUT_DIR]

writes every installed game's dialog (the tests' toy included), opened as the Act command
opens it on a fight of the game's samples, before the dice and after the highest face of
every die: ``OUT_DIR/<game>_<TAG>_<theme>_{before,after}.png`` (OUT_DIR: /tmp). Give the
offscreen platform a realistic screen (``offscreen:configfile=screen.json``, see
``tests/ui/screens/offscreen.py``), or the dialog is sized for its default 800×800 one.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QWidget

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
    backstab = Condition.make(
        "backstabbed!", ConditionKind.CONSEQUENCE, Tier.MAJOR, scope="combat actions"
    )
    fire = Condition.make("catching fire", ConditionKind.CONSEQUENCE, Tier.MINOR)
    if name == "bash":
        return at_turn(
            with_conditions(in_round_one(book_encounter()), "First", backstab), "First"
        ), [5, 5, 5, 7]
    if name == "felix":
        encounter = with_conditions(in_round_one(book_encounter(rules=BOOK)), "First", fire)
        return at_turn(encounter, "Felix"), [5, 5, 5, 3]
    if name == "help":
        return at_turn(book_encounter(), "Guido"), [4, 4, 3]
    return at_turn(book_encounter(rules=BOOK), "Gramfive"), [5, 5, 5, 6, 3, 3, 3]


def _choose(dialog: ActionDialog, name: str) -> None:
    panel = dialog.inputs.actor_panel
    target = dialog.inputs.target_panel.target
    ticks = {
        "gramfive": ("Weapons Training",),
        "felix": ("Simple Weapons", "Stealthy"),
        "help": ("Help Others Fight or Face Danger", "Use Your Music to Help People"),
    }
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
    print(
        f"{name} {tag} {theme}: {dialog.width()}×{dialog.height()};",
        dialog.result_view.breakdown_text(),
        "|",
        dialog.assistant.status.text(),
    )


class _Hands:
    """The little of pytest-qt's ``qtbot`` the dialog helpers use, outside a test."""

    def __init__(self) -> None:
        self.kept: list[QWidget] = []

    def addWidget(self, widget: QWidget) -> None:
        self.kept.append(widget)

    @staticmethod
    def waitExposed(widget: QWidget) -> None:
        QTest.qWaitForWindowExposed(widget)

    @staticmethod
    def keyClick(
        widget: QWidget, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
    ) -> None:
        QTest.keyClick(widget, key, modifier)

    @staticmethod
    def keyClicks(widget: QWidget, text: str) -> None:
        QTest.keyClicks(widget, text)


def _in_view(dialog: QWidget, widget: QWidget) -> bool:
    """Whether ``widget`` is shown whole inside the dialog's frame."""
    corner = widget.mapTo(dialog, QPoint(0, 0))
    return dialog.rect().contains(QRect(corner, widget.size()))


def _whole(label: QLabel) -> bool:
    """Whether a label has the room its text needs (every wrapped line, or its width)."""
    if label.wordWrap():
        return label.height() >= label.heightForWidth(label.width())
    return label.width() >= label.sizeHint().width()


def every_game(theme: str, tag: str, out_dir: str | None = "/tmp") -> dict[str, Any]:
    """Each installed game's dialog as the Act command opens it, the highest face typed in
    every die; its pictures saved to ``out_dir`` (none when None). What the GM can see, per
    game: the dialog's size against the screen's, and whether Apply, the result line and
    every label are whole and in view."""
    from tests import toy_system

    toy_system.install()  # before the game list is read: the toy is a fifth game
    from tests.ui.action.any_dialog import in_action_dialog, type_face
    from tests.ui.action.sample_fights import GAMES, sample_fight

    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    apply_theme(app, theme)
    folder = Path(out_dir) if out_dir else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    hands = _Hands()
    screen = app.primaryScreen().availableGeometry()
    report: dict[str, Any] = {"screen": [screen.width(), screen.height()]}

    def shoot(dialog: Any, game: str) -> dict[str, Any]:
        _settle(app)
        if folder is not None:
            dialog.grab().save(str(folder / f"{game}_{tag}_{theme}_before.png"))
        for field, sides in zip(dialog.dice, dialog.die_sides(), strict=True):
            type_face(hands, field, sides)
        _settle(app)
        if folder is not None:
            dialog.grab().save(str(folder / f"{game}_{tag}_{theme}_after.png"))
        cut = [
            label.text()
            for label in dialog.findChildren(QLabel)
            if label.isVisibleTo(dialog) and label.text() and not _whole(label)
        ]
        assistant = getattr(dialog, "assistant", None)
        add_row = getattr(assistant, "add_row", None)
        for _more in range(2):  # a spending of three effects: the column grows long
            if add_row is not None and add_row.isEnabled():
                add_row.click()
                _settle(app)
        if folder is not None and add_row is not None:
            dialog.grab().save(str(folder / f"{game}_{tag}_{theme}_spent.png"))
        preview = getattr(assistant, "preview", None)
        applying = (
            preview is None
            or not preview.isVisible()
            or (
                preview.visibleRegion().boundingRect().size() == preview.size()
                and _in_view(dialog, preview)
            )
        )
        return {
            "size": [dialog.width(), dialog.height()],
            "applying_in_view": applying,
            "apply_in_view": _in_view(dialog, dialog.apply_button),
            "result": dialog.result_line.text(),
            "result_in_view": dialog.result_line.isVisible()
            and _in_view(dialog, dialog.result_line)
            and _whole(dialog.result_line),
            "cut": cut,
        }

    for game in GAMES:  # a fight of ten, as at the real table
        report[game] = in_action_dialog(
            hands, sample_fight(game, combatants=10), lambda dialog, game=game: shoot(dialog, game)
        )
    return report


if __name__ == "__main__":
    if sys.argv[3:4] == ["every"]:
        for name, seen in every_game(sys.argv[1], sys.argv[2], *sys.argv[4:5]).items():
            print(name, seen)
    else:
        main(*sys.argv[1:4])
