"""Closing a tab or quitting with unsaved work asks first; Cancel keeps everything."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.dialogs import SaveChoice
from m3desk.ui.main_window import MainWindow
from tests.ui.window.conftest import ScriptedDialogs, edit


def test_ctrl_w_on_unsaved_work_asks_and_cancel_keeps_the_tab(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs, qtbot
) -> None:
    record = window.open_path(sample("gramfive"))
    edit(record)
    fake_dialogs.answer("ask_save_changes", SaveChoice.CANCEL)
    qtbot.keyClick(window, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert fake_dialogs.named("ask_save_changes") == [(window, "Gramfive the Grim")]
    assert window.session.records == [record] and record.modified


def test_close_button_discard_closes_without_writing(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs
) -> None:
    path = sample("felix")
    before = path.read_bytes()
    record = window.open_path(path)
    edit(record)
    fake_dialogs.answer("ask_save_changes", SaveChoice.DISCARD)
    window.tabs.tab_widget.tabCloseRequested.emit(0)
    assert window.session.records == [] and path.read_bytes() == before
    assert window.windowTitle() == "m3desk"
    assert not window.menu_actions.save.isEnabled()


def test_close_and_save_writes_then_closes(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs
) -> None:
    path = sample("felix")
    record = window.open_path(path)
    edit(record, hero_points=3)
    fake_dialogs.answer("ask_save_changes", SaveChoice.SAVE)
    assert window.close_current()
    assert window.session.records == [] and load_sheet(path).model.hero_points == 3


def test_a_clean_tab_closes_without_a_question(window: MainWindow, sample) -> None:
    window.open_path(sample("xiola"))
    assert window.close_current()  # an unscripted question would fail the test
    assert window.session.records == []


def test_quit_cancelled_on_the_second_document_keeps_every_document(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs, qtbot
) -> None:
    first = window.open_path(sample("gramfive"))
    second = window.open_path(sample("felix"))
    third = window.open_path(sample("xiola"))
    edit(first)
    edit(second)
    fake_dialogs.answer("ask_save_changes", SaveChoice.DISCARD, SaveChoice.CANCEL)
    qtbot.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert window.isVisible()
    assert window.session.records == [first, second, third]
    assert first.modified and second.modified


def test_quit_after_answering_every_question_closes_the_window(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs
) -> None:
    first = window.open_path(sample("gramfive"))
    edit(first)
    fake_dialogs.answer("ask_save_changes", SaveChoice.DISCARD)
    window.menu_actions.quit.trigger()
    assert not window.isVisible() and window.session.records == []


def _new_sheet(window: MainWindow, fake_dialogs: ScriptedDialogs, game: str, qtbot) -> object:
    from m3desk.ui.dialogs import NewCharacterChoice

    fake_dialogs.answer(
        "ask_new_character", NewCharacterChoice("Aldo", "human", "fighter", 1, system=game)
    )
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    return window.session.records[-1]


@pytest.mark.parametrize("game", sorted(registry.ids()))
def test_ctrl_w_on_a_brand_new_sheet_asks_before_it_is_lost(
    game: str, window: MainWindow, fake_dialogs: ScriptedDialogs, qtbot
) -> None:
    record = _new_sheet(window, fake_dialogs, game, qtbot)
    shown = window.tabs.tab_widget.tabText(window.tabs.tab_widget.currentIndex())
    assert shown.endswith("*"), "a sheet never saved shows it is unsaved"
    fake_dialogs.answer("ask_save_changes", SaveChoice.CANCEL, SaveChoice.DISCARD)
    qtbot.keyClick(window, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert len(fake_dialogs.named("ask_save_changes")) == 1
    assert window.session.records == [record]
    qtbot.keyClick(window, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert window.session.records == []


def test_quit_with_several_unsaved_documents_offers_discard_all(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs, qtbot
) -> None:
    first = window.open_path(sample("gramfive"))
    edit(first)
    for game in sorted(registry.ids()):
        _new_sheet(window, fake_dialogs, game, qtbot)
    unsaved = len(window.session.records)
    fake_dialogs.answer("ask_save_changes", SaveChoice.DISCARD_ALL)
    qtbot.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible() and window.session.records == []
    assert fake_dialogs.named("ask_save_changes") == [(window, "Gramfive the Grim")]
    asked = [options for name, options in fake_dialogs.options if name == "ask_save_changes"]
    assert asked == [{"others": unsaved - 1}]


@pytest.mark.qt_log_ignore("does not support grabbing the keyboard")
def test_the_question_shows_discard_all_only_when_more_documents_wait(qtbot) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from m3desk.ui import dialogs

    seen: list[list[str]] = []

    def click(label: str) -> None:
        box = next(
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QMessageBox) and w.isVisible()
        )
        texts = [button.text() for button in box.buttons()]
        seen.append(texts)
        # Every button gets an Alt+letter when shown ("&Cancel"): match the words.
        next(
            b for b in box.buttons() if b.text().replace("&", "").startswith(label.replace("&", ""))
        ).click()

    QTimer.singleShot(0, lambda: click("Discard &All"))
    assert dialogs.ask_save_changes(None, "Aldo", others=3) is SaveChoice.DISCARD_ALL
    assert "Discard &All (4)" in seen[0]
    QTimer.singleShot(0, lambda: click("Cancel"))
    assert dialogs.ask_save_changes(None, "Aldo") is SaveChoice.CANCEL
    assert not any(text.startswith("Discard &All") for text in seen[1])
