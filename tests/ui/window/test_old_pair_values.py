"""An old encounter file (a distance per pair) whose pair holds no distance — ``null``, a
list, an object, a lone surrogate, a number no board holds — is refused with a sentence
naming the pair, in the window and by ``m3desk export-pdf``: the upgrade to places read
each value with ``float()`` and the message was Python's ("TypeError: float() argument
must be…", AD&D's ``1e300`` an OverflowError)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from m3desk.ui.main_window import MainWindow
from m3desk.ui.printing.cli import export_pdf_main
from tests.systems.test_places_migration import DISTANCE_GAMES, old_fight, old_file
from tests.ui.window.conftest import ScriptedDialogs

NO_DISTANCE: dict[str, Any] = {
    "null": None,
    "list": [6],
    "object": {"feet": 6},
    "lone-surrogate": "\ud800",
    "text": "six",
    "1e300": 1e300,
    "10**400": 10**400,
}
PYTHON_WORDS = ("TypeError", "ValueError", "OverflowError", "float(", "Traceback", "int(")


def _written(game: str, value: Any, folder: Path) -> Path:
    encounter = old_fight(game)
    step = encounter.position_model.step
    path = folder / "old.m3e"
    path.write_bytes(old_file(game, encounter, {(0, 1): 6 * step, (1, 2): value}))
    return path


def _a_sentence(message: str) -> None:
    assert "old.m3e" in message and "positions" in message, message
    assert not any(word in message for word in PYTHON_WORDS), message


@pytest.mark.parametrize("value", NO_DISTANCE.values(), ids=NO_DISTANCE.keys())
@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_a_pair_that_holds_no_distance_is_refused_with_a_sentence(
    window: MainWindow,
    fake_dialogs: ScriptedDialogs,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    game: str,
    value: Any,
) -> None:
    path = _written(game, value, tmp_path)

    assert window.open_path(path) is None
    [error] = fake_dialogs.messages("show_error")
    _a_sentence(error)

    out = tmp_path / "old.pdf"
    assert export_pdf_main([str(path), "-o", str(out)]) == 1
    _a_sentence(capsys.readouterr().err)
    assert not out.exists()
