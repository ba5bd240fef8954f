"""Every game's action dialog opens on the best attack on a foe in reach, says what Apply
will log (hit or miss, the damage) before Apply, and clips no text; the generic dialog lists
its actions under headings, foes first.

The looped tests open the dialog as the Act command does (the game's own, or the generic
one) and look at it through :class:`~m3desk.ui.action.action_view.ActionView`, so Monsters &
Magic's dialog runs in the same loop. The grouping test stays with the generic dialog:
Monsters & Magic's action list is the Effect Engine's six kinds of check (Attack, Cast a
spell, Attribute check, Help another, Change range, Defend), aimed at no one, so it has
neither headings nor rows per target to order; whom a check is aimed at is its own list.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QTextLayout, QTextOption
from PySide6.QtWidgets import QLabel

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.core.encounter import ConditionState
from m3desk.core.system import ACTION_GROUP_TITLES
from m3desk.ui.action.action_view import ActionView
from m3desk.ui.action.odds_bars import OddsBars
from m3desk.ui.action.system_action_dialog import SystemActionDialog
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.games import parts_of
from m3desk.ui.plain_text import install_plain_text_guard
from tests.ui.action.any_dialog import in_action_dialog, type_face
from tests.ui.action.sample_fights import GAMES, open_dialog, sample_fight
from tests.ui.rendered_text import rendered

GENERIC = [game for game in GAMES if parts_of(registry.get(game)).action_dialog is None]


def _dialog(qtbot: Any, document: EncounterDocument, **options: Any) -> SystemActionDialog:
    dialog = open_dialog(qtbot, document, **options)
    assert isinstance(dialog, SystemActionDialog)
    return dialog


def _items(dialog: ActionView) -> list[tuple[str, bool]]:
    """The action list as shown: each row's text and whether it can be picked."""
    model = dialog.action.model()
    return [
        (
            dialog.action.itemText(n),
            bool(model.flags(model.index(n, 0)) & Qt.ItemFlag.ItemIsEnabled),
        )
        for n in range(dialog.action.count())
    ]


def _side(document: EncounterDocument, name: str) -> str:
    return next(c.side for c in document.encounter.combatants if c.name == name)


def _heading_over(dialog: ActionView, row: int) -> str:
    """The heading the row sits under (a greyed-out row of its own), '' when none."""
    model = dialog.action.model()
    for above in range(row, -1, -1):
        text = dialog.action.itemText(above)
        if text and not model.flags(model.index(above, 0)) & Qt.ItemFlag.ItemIsEnabled:
            return text
    return ""


@pytest.mark.parametrize("game", GAMES)
def test_the_dialog_opens_on_an_attack_on_a_foe_in_reach(qtbot: Any, game: str) -> None:
    document = sample_fight(game)

    def look(dialog: ActionView) -> None:
        encounter = document.encounter
        actor = encounter.combatant(dialog.actor_id)
        shown = dialog.action.currentText()
        # An attack: the row says so, or the heading it sits under (the first heading).
        heading = _heading_over(dialog, dialog.action.currentIndex())
        assert (heading or shown).startswith("Attack"), (heading, shown)
        headings = [text for text, enabled in _items(dialog) if text and not enabled]
        assert heading == (headings[0] if headings else ""), (heading, headings)
        # Aimed at a foe, in reach where the target list shows it.
        target = dialog.aimed_at
        assert target is not None and encounter.combatant(target).side != actor.side, shown
        if dialog.target.isVisibleTo(dialog):
            text = dialog.target.currentText()
            assert "in reach" in text and "out of reach" not in text, text
            assert "ally" not in text, text
            assert text.startswith(encounter.combatant(target).name), text
        # Nothing bars it: it can be rolled at once; nothing is shown as done yet.
        assert dialog.roll_button.isEnabled() and not dialog.apply_button.isEnabled()
        assert dialog.result_line.isHidden()

    in_action_dialog(qtbot, document, look)


@pytest.mark.parametrize("game", GENERIC)
def test_actions_are_grouped_with_foes_first(qtbot: Any, game: str) -> None:
    document = sample_fight(game)
    dialog = _dialog(qtbot, document)
    items = _items(dialog)
    headings = [text for text, enabled in items if text and not enabled]
    order = list(ACTION_GROUP_TITLES.values())
    assert headings[0] == "Attacks" and len(headings) >= 2, headings
    # A heading reads in the text colour, not the greyed-out colour of a disabled entry.
    model = dialog.action.model()
    brush = model.data(model.index(0, 0), Qt.ItemDataRole.ForegroundRole)
    assert brush.color() == dialog.palette().windowText().color()
    assert headings == sorted(headings, key=order.index), headings
    # Under each heading, what is aimed at an ally comes after everything aimed at a foe.
    section: list[str] = []
    for text, enabled in [*items, ("", False)]:
        if enabled:
            section.append(text)
            continue
        allies = [n for n, row in enumerate(section) if row.endswith("(ally)")]
        assert not allies or allies == list(range(allies[0], len(section))), section
        section = []
    # The target list (where the action has one) names foes first, allies marked.
    targets = [dialog.target.itemText(n) for n in range(dialog.target.count())]
    marked = [n for n, text in enumerate(targets) if "(ally, " in text]
    assert not marked or marked == list(range(marked[0], len(targets))), targets


@pytest.mark.parametrize("game", GAMES)
def test_the_result_shows_hit_and_damage_before_apply(qtbot: Any, game: str) -> None:
    document = sample_fight(game)

    def roll(dialog: ActionView) -> tuple[str, str]:
        target = document.encounter.combatant(str(dialog.aimed_at)).name
        assert dialog.result_line.isHidden()
        for field, sides in zip(dialog.dice, dialog.die_sides(), strict=True):
            type_face(qtbot, field, sides)  # the highest face of every die
        typed = dialog.result_line.text()
        assert dialog.result_line.isVisible()
        # Before Apply: what happens to the target, with the damage as a number.
        assert re.match(rf"Result: .*{re.escape(target)}.*\d", typed), typed
        assert document.undo_stack.count() == 0  # shown, not applied
        # A roll in the app shows its result at once too; Apply then logs the same line.
        qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
        rolled = dialog.result_line.text()
        assert rolled.startswith("Result: ") and dialog.result_line.isVisible(), rolled
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        assert dialog.was_applied
        return typed, rolled

    _typed, rolled = in_action_dialog(qtbot, document, roll, roller=Roller(5))
    assert rolled == f"Result: {document.encounter.log[-1].text}"
    assert document.undo_stack.count() == 1


@pytest.mark.parametrize("game", GAMES)
def test_no_text_of_the_dialog_is_clipped(qtbot: Any, game: str) -> None:
    document = sample_fight(game)

    def every_action(dialog: ActionView) -> int:
        looked = 0
        for index in range(dialog.action.count()):
            if dialog.action.itemData(index) is None:
                continue  # a heading
            dialog.action.setCurrentIndex(index)
            qtbot.wait(1)
            for label in dialog.findChildren(QLabel):
                if not label.isVisibleTo(dialog) or not label.text():
                    continue
                if label.wordWrap():
                    assert label.height() >= label.heightForWidth(label.width()), (
                        dialog.action.currentText(),
                        label.text(),
                    )
                else:
                    assert label.width() >= label.sizeHint().width(), label.text()
            looked += 1
        return looked

    assert in_action_dialog(qtbot, document, every_action) > 1


def _wrapped(text: str, font: QFont, width: int) -> list[str]:
    """The lines a word-wrapped label breaks ``text`` into at ``width`` pixels."""
    lines = []
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    for paragraph in text.split("\n"):
        layout = QTextLayout(paragraph, font)
        layout.setTextOption(option)
        layout.beginLayout()
        while (line := layout.createLine()).isValid():
            line.setLineWidth(width)
            lines.append(paragraph[line.textStart() : line.textStart() + line.textLength()])
        layout.endLayout()
    return lines


@pytest.mark.parametrize("game", GAMES)
def test_a_percentage_never_breaks_from_its_number(qtbot: Any, qapp: Any, game: str) -> None:
    """However wide the GM makes the dialog, no wrapped line starts with a lone "%"."""
    install_plain_text_guard(qapp)  # as the app does at start: labels say their format
    document = sample_fight(game)

    def every_action(dialog: ActionView) -> int:
        seen = 0
        for index in range(dialog.action.count()):
            if dialog.action.itemData(index) is None:
                continue
            dialog.action.setCurrentIndex(index)
            # The chances' bars paint each percentage whole in a column of its own.
            seen += sum(
                "%" in bars.text()
                for bars in dialog.findChildren(OddsBars)
                if bars.isVisibleTo(dialog)
            )
            for label in dialog.findChildren(QLabel):
                text = rendered(label)
                if not (label.isVisibleTo(dialog) and "%" in text):
                    continue
                seen += 1
                if not label.wordWrap():
                    continue  # one line, whole (the clipping test): nothing to break
                least = label.contentsRect().width()
                for width in range(least, 2 * least, 3):
                    for line in _wrapped(text, label.font(), width):
                        assert not line.lstrip().startswith("%"), (width, line, text)
        return seen

    assert in_action_dialog(qtbot, document, every_action), "no percentage shown"


def _apparatus_turn(qtbot: Any) -> tuple[EncounterDocument, str]:
    document = sample_fight("apparatus")
    return document, str(document.encounter.turn)


def _pick(dialog: SystemActionDialog, label: str) -> None:
    index = dialog.action.findText(label)
    assert index >= 0, [dialog.action.itemText(n) for n in range(dialog.action.count())]
    dialog.action.setCurrentIndex(index)


def test_apparatus_asks_for_no_dice_when_advantage_fails_outright(qtbot: Any) -> None:
    document, actor = _apparatus_turn(qtbot)
    encounter = document.encounter
    for condition in ("frightened", "poisoned", "prone"):  # −1 each: net −3
        encounter = core.add_condition(
            encounter, actor, ConditionState(condition=condition, name=condition.capitalize())
        )
    document.apply(encounter, "worse off")
    dialog = _dialog(qtbot, document)
    assert "net −3: automatic failure" in dialog.preview.text()
    assert dialog.dice == [] and dialog.dice_box.isHidden()
    assert dialog.chance.text().startswith("Chance of success: 0 %")
    assert "automatic failure" in dialog.result_line.text()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert "misses" in document.encounter.log[-1].text


def test_apparatus_a_run_already_made_is_the_long_jumps_run_up(qtbot: Any) -> None:
    document, _actor = _apparatus_turn(qtbot)
    dialog = _dialog(qtbot, document)
    _pick(dialog, "Run 2 m — 2 Movement")
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    # Running from a hostile's reach: the log says the opportunity it gives, and the cost.
    assert " runs 2 m: " in document.encounter.log[-1].text
    assert document.encounter.log[-1].text.endswith("2 Movement, 4 left")
    dialog = _dialog(qtbot, document)
    _pick(dialog, "Long jump after a 2 m run")
    assert dialog.problem.isHidden(), dialog.problem.text()
    assert "the 2 m already run this turn is the run-up: jump 4 Movement" in dialog.preview.text()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert "long-jumps" in document.encounter.log[-1].text
    assert "4 Movement" in document.encounter.log[-1].text
