"""File → New Character for every installed game: the game's generation dialog opened by
the menu's keys, scores rolled (or typed), a class picked, OK, and the sheet that opens shows
what the dialog showed, with the Name field focused (issue 21)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableView,
    QWidget,
)

from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window import generation_dialog
from m3desk.ui.window import new_character as new_character_module
from m3desk.ui.window.generation_dialog import GenerationDialog, GenerationPanel

GAMES = [system.id for system in registry.systems() if system.generation is not None]


REAL_DIALOG = new_character_module.ask_new_character
"""The real question (the window tests script every question unless told otherwise)."""


def _seeded(monkeypatch: pytest.MonkeyPatch, seed: int = 7) -> None:
    """The real dialog, on a roller with a seed."""
    monkeypatch.setattr(generation_dialog, "Roller", lambda: Roller(seed))
    monkeypatch.setattr(new_character_module, "ask_new_character", REAL_DIALOG)


def _in_dialog(qtbot: Any, act: Callable[[GenerationDialog], None]) -> list[Any]:
    """Run ``act`` on the New Character dialog once it is open (it is modal); the list gets
    what ``act`` raised, so a failed check inside the dialog fails the test."""
    failures: list[Any] = []

    def drive() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, GenerationDialog):
            QTimer.singleShot(20, drive)
            return
        try:
            act(dialog)
        except BaseException as error:
            failures.append(error)
            dialog.reject()

    QTimer.singleShot(0, drive)
    return failures


def _by_the_menu(qtbot: Any, window: MainWindow, act: Callable[[GenerationDialog], None]) -> None:
    """File → New Character by its keys (Ctrl+N), ``act`` playing the user in the dialog."""
    failures = _in_dialog(qtbot, act)
    window.show()
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert not failures, failures


def _choose_game(dialog: GenerationDialog, game: str) -> GenerationPanel:
    dialog.game.setCurrentIndex(dialog.game.findData(game))
    assert isinstance(dialog.panel, GenerationPanel)
    return dialog.panel


def _first_open(combo: QComboBox) -> int:
    model = combo.model()
    assert isinstance(model, QStandardItemModel)
    return next(n for n in range(model.rowCount()) if model.item(n).isEnabled())


def _type_scores(qtbot: Any, panel: GenerationPanel, values: dict[str, int]) -> None:
    for row in panel.rows:
        spin = row.score
        assert isinstance(spin, QSpinBox)
        spin.setFocus()
        spin.selectAll()
        qtbot.keyClicks(spin, str(values[row.key]))


def _shown(page: QWidget, keys: tuple[str, ...]) -> tuple[dict[str, int], int, str]:
    """The abilities, current hit points and class the new sheet's page shows."""
    view = page.findChild(QTableView, "abilities_view")
    if view is not None:  # a game whose abilities are a table (Monsters & Magic)
        from m3desk.ui.sheet.ability_table import SCORE

        model = view.model()
        scores = {key: int(model.data(model.index(n, SCORE))) for n, key in enumerate(keys)}
        current = page.findChild(QSpinBox, "field:php.current")
        klass = page.findChild(QLineEdit, "field:char_class")
        assert current is not None and klass is not None
        return scores, current.value(), klass.text()
    scores = {}
    for key in keys:
        spin = page.findChild(QSpinBox, f"field:abilities.{key}")
        assert spin is not None, key
        scores[key] = spin.value()
    hp = page.findChild(QSpinBox, "field:hit_points")
    assert hp is not None
    klass: Any = page.findChild(QComboBox, "field:char_class") or page.findChild(
        QLineEdit, "field:calling"
    )
    return scores, hp.value(), klass.currentText() if isinstance(klass, QComboBox) else klass.text()


@pytest.mark.parametrize("game", GAMES)
def test_new_character_by_the_menu_makes_the_sheet_the_dialog_shows(
    game: str, qtbot: Any, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    _seeded(monkeypatch)
    generation = registry.get(game).generation
    assert generation is not None
    seen: dict[str, Any] = {}

    def act(dialog: GenerationDialog) -> None:
        assert dialog.focusWidget() is dialog.name  # the dialog's focus when it is active
        qtbot.keyClicks(dialog.name, "Aldo")
        panel = _choose_game(dialog, game)
        method = panel.current_method()
        if method.kind == "roll":
            for row in panel.rows:  # every roll shown: the dice and their total
                total = panel.scores()[row.key]
                assert row.dice.text().startswith(method.dice + ":")
                assert row.dice.text().endswith(f"= {total}")
            qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
        else:
            low = method.base if method.kind == "point_buy" else generation.score_range[0]
            _type_scores(qtbot, panel, {key: low + 1 for key in generation.abilities})
        last = next(g for g in generation.groups if g.id in ("class", "calling"))
        combo = panel.picks[last.id]
        combo.setCurrentIndex(_first_open(combo))
        if not panel.hp_button.isHidden():
            qtbot.mouseClick(panel.hp_button, Qt.MouseButton.LeftButton)
        seen["scores"] = panel.generation.adjusted(panel.draft())
        seen["pick"] = panel.chosen()[last.id]
        seen["hp"] = generation.hit_points(panel.draft(), panel.options)[0]
        assert dialog.problem.text() == ""
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    _by_the_menu(qtbot, window, act)
    [record] = window.session.records
    assert not record.document.undo_stack.canUndo()  # a new document, not an undo step
    scores, hp, shown_class = _shown(record.page, generation.abilities)
    assert scores == seen["scores"]
    assert hp == seen["hp"] and hp >= 1
    assert shown_class.casefold().replace(" ", "-") == seen["pick"].replace(" ", "-")
    focused = window.focusWidget()
    assert isinstance(focused, QLineEdit) and focused.text() == "Aldo"


@pytest.mark.parametrize("game", GAMES)
def test_cancel_makes_nothing(
    game: str, qtbot: Any, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    _seeded(monkeypatch)

    def act(dialog: GenerationDialog) -> None:
        qtbot.keyClicks(dialog.name, "Aldo")
        _choose_game(dialog, game)
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)

    _by_the_menu(qtbot, window, act)
    assert window.session.records == []


def _dialog(qtbot: Any, game: str, options: Any = None, seed: int = 7) -> GenerationDialog:
    from m3desk.assets import game_data

    system = registry.get(game)
    dialog = GenerationDialog(
        [system], lambda s: options or s.default_options(), game_data, roller=Roller(seed)
    )
    qtbot.addWidget(dialog)
    return dialog


@pytest.mark.parametrize(
    "game",
    [
        g
        for g in GAMES
        if any(m.id == "4d6_drop_lowest" for m in registry.get(g).generation.methods)
    ],
)  # type: ignore
def test_4d6_drop_lowest_shows_the_dropped_die_and_arranges_by_swapping(
    game: str, qtbot: Any
) -> None:
    dialog = _dialog(qtbot, game)
    panel = dialog.panel
    assert isinstance(panel, GenerationPanel)
    panel.method.setCurrentIndex(panel.method.findData("4d6_drop_lowest"))
    first, second = panel.rows[0], panel.rows[1]
    before = panel.scores()
    for row in panel.rows:
        text = row.dice.text()
        assert text.startswith("4d6: ") and "(" in text  # the dropped die in brackets
        faces = [int(part.strip("()")) for part in text[5:].split("=")[0].split()]
        assert len(faces) == 4 and sum(faces) - min(faces) == before[row.key]
    combo = first.score
    assert isinstance(combo, QComboBox)
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # the second roll onto the first ability
    after = panel.scores()
    assert (after[first.key], after[second.key]) == (before[second.key], before[first.key])
    assert sorted(after.values()) == sorted(before.values())


@pytest.mark.parametrize("game", GAMES)
def test_typed_scores_are_checked_and_ok_waits_for_every_one(game: str, qtbot: Any) -> None:
    dialog = _dialog(qtbot, game)
    panel = dialog.panel
    assert isinstance(panel, GenerationPanel)
    panel.method.setCurrentIndex(panel.method.findData("typed"))
    qtbot.keyClicks(dialog.name, "Aldo")
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled() and "has no score yet" in dialog.problem.text()
    generation = panel.generation
    high = generation.score_range[1]
    _type_scores(qtbot, panel, {key: high for key in generation.abilities})
    assert panel.scores() == {key: high for key in generation.abilities}
    for group in generation.groups:
        combo = panel.picks[group.id]
        if not group.free_text:
            combo.setCurrentIndex(_first_open(combo))
    assert ok.isEnabled(), dialog.problem.text()


REQUIREMENTS = {
    # game: (scores typed, group, pick that the scores bar, words of the reason)
    "ose": (
        {"STR": 12, "INT": 12, "WIS": 12, "DEX": 12, "CON": 7, "CHA": 12},
        "class",
        "dwarf",
        "needs CON 9, has 7",
    ),
    "adnd2e": (
        {"STR": 12, "DEX": 12, "CON": 12, "INT": 12, "WIS": 12, "CHA": 12},
        "class",
        "paladin",
        "needs WIS 13, has 12; CHA 17, has 12",
    ),
}


@pytest.mark.parametrize("game", sorted(REQUIREMENTS))
def test_a_barred_choice_is_disabled_with_its_reason(game: str, qtbot: Any) -> None:
    scores, group, pick, words = REQUIREMENTS[game]
    dialog = _dialog(qtbot, game)
    panel = dialog.panel
    assert isinstance(panel, GenerationPanel)
    panel.method.setCurrentIndex(panel.method.findData("typed"))
    _type_scores(qtbot, panel, scores)
    combo = panel.picks[group]
    model = combo.model()
    assert isinstance(model, QStandardItemModel)
    item = model.item(combo.findData(pick))
    assert not item.isEnabled()
    assert item.text() == f"{pick.title()} — {words}" and item.toolTip() == words
    barred = panel.findChild(QLabel, "barred")
    assert barred is not None and pick.title() in barred.text()


@pytest.mark.parametrize("game", GAMES)
def test_the_problem_line_gives_a_barred_picks_reason_once(game: str, qtbot: Any) -> None:
    """A barred pick chosen anyway: the line under the panel says why, once ("Class: Fighter
    needs STR 9, has 7.", not "Fighter — needs STR 9, has 7 needs STR 9, has 7.")."""
    dialog = _dialog(qtbot, game)
    panel = dialog.panel
    assert isinstance(panel, GenerationPanel)
    if any(method.id == "typed" for method in panel.generation.methods):
        panel.method.setCurrentIndex(panel.method.findData("typed"))
        low = panel.generation.score_range[0]
        _type_scores(qtbot, panel, {key: low for key in panel.generation.abilities})
    qtbot.keyClicks(dialog.name, "Aldo")
    barred = []
    for group in panel.generation.groups:
        combo = panel.picks[group.id]
        model = combo.model()
        assert isinstance(model, QStandardItemModel)
        for index in range(model.rowCount()):
            if not model.item(index).isEnabled():
                combo.setCurrentIndex(index)
                barred.append(
                    (
                        group.label,
                        model.item(index).toolTip(),
                        model.item(index).text().split(" — ")[0],
                    )
                )
                break
    text = dialog.problem.text()
    if not barred:  # every pick is open even at the lowest scores
        assert text == ""
        return
    label, why, shown = barred[0]
    assert text == f"{label}: {shown} {why}.", text
    assert text.count(why) == 1


def test_ose_hit_points_rolled_by_the_rule_are_shown_and_kept(qtbot: Any) -> None:
    from m3desk.systems.ose.options import OseOptions

    dialog = _dialog(qtbot, "ose", OseOptions(starting_hit_points="roll"), seed=3)
    panel = dialog.panel
    assert isinstance(panel, GenerationPanel)
    fighter = panel.picks["class"]
    fighter.setCurrentIndex(fighter.findData("fighter"))
    assert not panel.hp_button.isHidden()
    qtbot.mouseClick(panel.hp_button, Qt.MouseButton.LeftButton)
    [face] = panel.hp_faces
    assert f"d8 rolled {face}" in panel.hit_points.text()
    qtbot.keyClicks(dialog.name, "Rolf")
    from m3desk.systems.ose.tables import standard_modifier

    expected = max(1, face + standard_modifier(panel.scores()["CON"]))
    assert dialog.sheet().hit_points == expected  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "game",
    [g for g in GAMES if any(m.kind == "point_buy" for m in registry.get(g).generation.methods)],
)  # type: ignore
def test_point_buy_counts_the_points_left_and_refuses_an_overspend(game: str, qtbot: Any) -> None:
    dialog = _dialog(qtbot, game)
    panel = dialog.panel
    assert isinstance(panel, GenerationPanel)
    panel.method.setCurrentIndex(panel.method.findData("point_buy"))
    method = panel.current_method()
    qtbot.keyClicks(dialog.name, "Aldo")
    points = panel.findChild(QLabel, "points_left")
    assert points is not None
    assert points.text() == f"Points left: {method.points} of {method.points}"
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    _type_scores(qtbot, panel, {key: method.cap for key in panel.generation.abilities})
    over = len(panel.rows) * (method.cap - method.base) - method.points
    assert over > 0 and points.text() == f"Points left: {-over} of {method.points}"
    assert not ok.isEnabled() and f"over the {method.points} to spend" in dialog.problem.text()
    _type_scores(qtbot, panel, {key: method.base for key in panel.generation.abilities})
    assert ok.isEnabled(), dialog.problem.text()


def test_ose_points_moved_to_the_prime_requisite_reach_the_sheet(
    qtbot: Any, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    _seeded(monkeypatch)

    def act(dialog: GenerationDialog) -> None:
        qtbot.keyClicks(dialog.name, "Rolf")
        panel = _choose_game(dialog, "ose")
        panel.method.setCurrentIndex(panel.method.findData("typed"))
        _type_scores(
            qtbot, panel, {"STR": 13, "INT": 14, "WIS": 10, "DEX": 12, "CON": 11, "CHA": 9}
        )
        panel.picks["class"].setCurrentIndex(panel.picks["class"].findData("fighter"))
        shifts = {row.key: row.shift for row in panel.rows}
        assert shifts["INT"] is not None and shifts["STR"] is not None
        assert shifts["DEX"] is not None and not shifts["DEX"].isEnabled()
        shifts["INT"].setFocus()
        qtbot.keyClick(shifts["INT"], Qt.Key.Key_Down)  # −2
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert not ok.isEnabled() and "2 lowered, 0 raised" in dialog.problem.text()
        shifts["STR"].setFocus()
        qtbot.keyClick(shifts["STR"], Qt.Key.Key_Up)  # +1
        assert ok.isEnabled(), dialog.problem.text()
        strength = next(row for row in panel.rows if row.key == "STR")
        assert strength.adjusted.text() == "→ 14"
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    _by_the_menu(qtbot, window, act)
    [record] = window.session.records
    scores, _hp, _class = _shown(record.page, ("STR", "INT", "WIS"))
    assert scores == {"STR": 14, "INT": 12, "WIS": 10}


def test_tab_goes_from_the_name_down_the_abilities_to_the_choices(qtbot: Any) -> None:
    dialog = _dialog(qtbot, "adnd2e")
    panel = dialog.panel
    assert isinstance(panel, GenerationPanel)
    panel.method.setCurrentIndex(panel.method.findData("typed"))
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.name.setFocus()
    seen = []
    for _ in range(2 + len(panel.rows) + 1):
        qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)
        seen.append(dialog.focusWidget())
    scores = [row.score for row in panel.rows]
    assert seen == [panel.method, *scores, panel.picks["race"], panel.picks["class"]]
