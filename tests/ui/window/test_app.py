"""``m3desk FILE...`` through the real start-up code (the event loop is stubbed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from m3desk.ui import app as app_module
from m3desk.ui.main_window import MainWindow
from tests.ui.window.conftest import ScriptedDialogs


def test_command_line_opens_the_good_file_and_reports_the_bad_one(
    monkeypatch: pytest.MonkeyPatch,
    qapp: QApplication,
    qtbot,
    sample,
    fake_dialogs: ScriptedDialogs,
    tmp_path: Path,
    restore_app_look: None,
) -> None:
    good = sample("gramfive")
    bad = tmp_path / "garbage.m3c"
    bad.write_bytes(b"\x89PNG not a sheet")
    seen: dict[str, object] = {}

    def event_loop(_app: QApplication) -> int:
        window = next(
            w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()
        )
        qtbot.waitUntil(lambda: window.library.model.rowCount() > 0)
        qtbot.waitUntil(lambda: len(window.session.records) == 1)
        seen["opened"] = [r.path for r in window.session.records]
        seen["shown_before_start"] = window.isVisible()
        seen["icon_sizes"] = window.windowIcon().availableSizes()
        window.session.close_all(ask=False)
        window.close()
        window.deleteLater()
        return 0

    monkeypatch.setattr(QApplication, "exec", event_loop)
    assert app_module.run([str(bad), str(good)]) == 0
    assert seen["opened"] == [good]
    [message] = fake_dialogs.messages()
    assert "garbage.m3c" in message
    assert qapp.applicationDisplayName() == "m3desk"
    assert not qapp.windowIcon().isNull()
    assert seen["icon_sizes"], "the main window shows the application icon"


def test_app_icon_holds_every_hicolor_size(qapp: QApplication) -> None:
    from m3desk.ui.app_icon import app_icon, app_icon_files

    files = app_icon_files()
    assert {16, 32, 48, 256} <= set(files), files
    icon = app_icon()
    assert not icon.isNull()
    assert {size.width() for size in icon.availableSizes()} == set(files)
    assert not icon.pixmap(32, 32).isNull()


def test_parse_args_accepts_files_and_self_test() -> None:
    args = app_module.parse_args(["a.m3c", "b.m3m", "--self-test"])
    assert args.files == ["a.m3c", "b.m3m"] and args.self_test


@pytest.mark.parametrize("argv", [[], ["a.m3c"], ["two words.m3c", "b.m3e", "c"]])
def test_a_command_line_of_files_means_what_argparse_makes_of_it(argv: list[str]) -> None:
    """Option-free command lines skip argparse (start-up speed), with the same result."""
    parsed = app_module._parser().parse_args(argv)
    assert app_module.parse_args(argv) == app_module.Arguments(
        files=parsed.files, self_test=parsed.self_test
    )


def test_a_file_named_like_an_option_still_goes_through_argparse() -> None:
    assert app_module.parse_args(["--", "-odd.m3c"]).files == ["-odd.m3c"]


def test_files_from_the_command_line_open_after_the_plain_text_guard(
    monkeypatch: pytest.MonkeyPatch,
    qapp: QApplication,
    qtbot,
    sample,
    fake_dialogs: ScriptedDialogs,
    restore_app_look: None,
) -> None:
    """The first window comes up without the guard (it costs start-up ~20 ms); the files of
    the command line open only once it is in place: no label of theirs is left for Qt to
    guess rich text from (a sheet's labels rely on the guard for that)."""
    from m3desk.ui import plain_text

    earlier = plain_text._guard  # another test's start installed it: start afresh
    if earlier is not None:
        qapp.removeEventFilter(earlier)
        monkeypatch.setattr(plain_text, "_guard", None)
    seen: dict[str, object] = {}

    def event_loop(_app: QApplication) -> int:
        window = next(
            w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()
        )
        seen["guard_at_first_window"] = plain_text._guard is not None
        qtbot.waitUntil(lambda: len(window.session.records) == 1)
        seen["labels"] = len(window.findChildren(QLabel))
        seen["guessed"] = [
            label.text()
            for label in window.findChildren(QLabel)
            if label.isVisible() and label.textFormat() == Qt.TextFormat.AutoText
        ]
        window.session.close_all(ask=False)
        window.close()
        window.deleteLater()
        return 0

    monkeypatch.setattr(QApplication, "exec", event_loop)
    try:
        assert app_module.run([str(sample("gramfive"))]) == 0
    finally:
        if plain_text._guard is not None and plain_text._guard is not earlier:
            qapp.removeEventFilter(plain_text._guard)
        if earlier is not None:
            qapp.installEventFilter(earlier)
    assert seen["guard_at_first_window"] is False
    assert seen["labels"] > 10  # the sheet is open
    assert seen["guessed"] == []
