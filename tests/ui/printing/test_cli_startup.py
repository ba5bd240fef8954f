"""``m3desk export-pdf``'s start-up (issue 30: the command of four over a large JPEG within
1 s, Python and Qt starting about 0.6 s of it): the command, run as a user runs it, loads
no widget (``QtWidgets``, the window, the editors): a ``QGuiApplication`` is all a
``QPdfWriter`` and a ``QPainter`` need."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.places import Backdrop
from m3desk.storage import catalog
from m3desk.storage.documents import save_document
from tests.ui.map.test_picture_cache import _fight

_MODULES_AFTER_EXPORT = """
import sys
from m3desk.__main__ import main
code = main(["export-pdf", sys.argv[1], "-o", sys.argv[2]])
print(code, ",".join(sorted(sys.modules)))
"""
WIDGETS = (
    "PySide6.QtWidgets",
    "m3desk.ui.main_window",
    "m3desk.ui.window",
    "m3desk.ui.sheet.form_editor",
    "m3desk.ui.encounter",
    "m3desk.ui.map.view",
)
"""Modules only the window needs (a package's own modules below it included)."""


def _shipped() -> list[str]:
    return [
        s.id
        for s in registry.systems()
        if s.id not in registry.sample_folders() and sample_files(s.id)
    ]


@pytest.mark.parametrize("game", _shipped())
def test_export_pdf_loads_no_widget(qapp, tmp_path: Path, game: str) -> None:
    """A fight of four over a map picture where the game has fights (its first sample
    sheet where it has none), exported by ``m3desk export-pdf`` in a fresh process."""
    if registry.get(game).encounter is not None:
        scan = tmp_path / "crypt.jpg"
        image = QImage(640, 480, QImage.Format.Format_RGB32)
        image.fill(QColor(205, 190, 160))
        assert image.save(str(scan), "JPEG", 90)
        encounter = _fight(game, 4).model_copy(
            update={"backdrop": Backdrop(path=str(scan), x=-60, y=-40, per_pixel=0.2)}
        )
        source = tmp_path / "crypt.m3e"
        save_document(source, catalog.document_type(type(encounter)), encounter)
    else:
        source = sample_files(game)[0]
    modules = _modules_after_export(source, tmp_path)
    assert "PySide6.QtGui" in modules  # the page was drawn
    widgets = [m for m in modules if m in WIDGETS or m.startswith(tuple(f"{w}." for w in WIDGETS))]
    assert widgets == [], widgets


def _modules_after_export(source: Path, tmp_path: Path) -> list[str]:
    """The modules ``m3desk export-pdf`` of ``source`` has loaded when it has written the
    PDF, in a fresh process."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "M3DESK_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", _MODULES_AFTER_EXPORT, str(source), str(tmp_path / "out.pdf")],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    code, loaded = done.stdout.strip().splitlines()[-1].split(" ", 1)
    assert code == "0" and (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF-")
    return loaded.split(",")


def _fighting() -> list[str]:
    return [game for game in _shipped() if registry.get(game).encounter is not None]


@pytest.mark.parametrize("game", _fighting())
def test_export_pdf_loads_the_encounters_game_alone_and_no_forecast(
    qapp, tmp_path: Path, game: str
) -> None:
    """Issue 30: a fight of four printed by ``m3desk export-pdf`` loads its own game's
    package and no other game's, and nothing of the forecast (a game's simulated turn loop,
    :mod:`m3desk.core.forecast` and its helpers): printing never simulates a fight. Every
    game with fights imported its forecast with its tracker rules before."""
    encounter = _fight(game, 4)
    source = tmp_path / "crypt.m3e"
    save_document(source, catalog.document_type(type(encounter)), encounter)
    modules = _modules_after_export(source, tmp_path)
    assert f"m3desk.systems.{game}" in modules
    others = tuple(f"m3desk.systems.{other}" for other in registry.ids() if other != game)
    assert [m for m in modules if m in others or m.startswith(tuple(f"{o}." for o in others))] == []
    forecast = [
        m
        for m in modules
        if m.startswith("m3desk.")
        and m.rsplit(".", 1)[-1].startswith("forecast")
        and m != "m3desk.core.forecast_loaded"  # the seam's record of where it is
    ]
    assert forecast == [], forecast


_AS_THE_COMMAND = """
import atexit, sys
atexit.register(lambda: print("torn down", file=sys.stderr))
from m3desk.__main__ import main
sys.argv = ["m3desk", *sys.argv[1:]]
sys.exit(main())
"""


def test_the_command_ends_without_tearing_the_interpreter_down(qapp, tmp_path: Path) -> None:
    """Issue 30: the interpreter's tear-down after the PDF was written (every module, Qt's
    wrappers, a last collection over them) was a tenth of a cold run's CPU. The command's
    own process ends as soon as it has said what it did: its exit status and every line
    (stdout a pipe, so buffered) arrive whole, the PDF is complete, and no exit handler
    runs (it ran before)."""
    encounter = _fight(_fighting()[0], 4)
    source = tmp_path / "crypt.m3e"
    save_document(source, catalog.document_type(type(encounter)), encounter)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "M3DESK_HOME": str(tmp_path)}
    out = tmp_path / "out.pdf"

    def command(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", _AS_THE_COMMAND, "export-pdf", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )

    done = command(str(source), "-o", str(out))
    assert (done.returncode, done.stderr) == (0, "")
    assert re.fullmatch(rf"wrote {re.escape(str(out))} \(\d+ pages?\)\n", done.stdout), done.stdout
    assert out.read_bytes().rstrip().endswith(b"%%EOF")
    missing = command(str(tmp_path / "none.m3e"), "-o", str(tmp_path / "none.pdf"))
    assert missing.returncode == 1 and missing.stdout == ""
    said = missing.stderr.splitlines()
    assert len(said) == 2 and said[-1].endswith("1 of 1 file(s) could not be read"), said
    assert not (tmp_path / "none.pdf").exists()
    helped = command("--help")
    assert helped.returncode == 0 and helped.stdout.startswith("usage: m3desk export-pdf")
    assert "torn down" not in helped.stderr
