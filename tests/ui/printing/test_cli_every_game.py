"""``m3desk export-pdf`` prints every game's sheets and encounters, alone and mixed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from m3desk.assets import sample_files
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.printing.cli import export_pdf_main
from tests import toy_system
from tests.ui.printing.conftest import pdfinfo, pdftotext
from tests.ui.printing.every_game import (
    GAMES,
    SAMPLES,
    assert_encounter_text,
    assert_sheet_text,
    encounter_file,
    words,
)


@pytest.mark.parametrize(
    ("game", "source"), SAMPLES, ids=[f"{game}-{path.stem}" for game, path in SAMPLES]
)
def test_every_sample_sheet_prints_from_the_command_line(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, source: Path
) -> None:
    out = tmp_path / "sheet.pdf"
    assert export_pdf_main([str(source), "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out.startswith(f"wrote {out}")
    assert_sheet_text(pdftotext(out), load_sheet(source).model)


@pytest.mark.parametrize("game", GAMES)
def test_every_games_encounter_and_party_print_in_a_fresh_process(
    tmp_path: Path, game: str
) -> None:
    """The command as a user runs it: a new process, Letter paper, no traceback."""
    path, encounter = encounter_file(tmp_path, game)
    out = tmp_path / "fight.pdf"
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    code = (
        f"{toy_system.FRESH_PROCESS}import sys; "
        "from m3desk.ui.printing.cli import export_pdf_main; "
        "sys.exit(export_pdf_main(sys.argv[1:]))"
    )
    files = [str(path), *map(str, sample_files(game))]
    result = subprocess.run(
        [sys.executable, "-c", code, *files, "-o", str(out), "--page-size", "Letter"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    pages = int(pdfinfo(out)["Pages"])
    assert result.stdout.strip() == f"wrote {out} ({pages} pages)"
    assert pages >= len(files)
    assert "letter" in pdfinfo(out)["Page size"].casefold()
    text = pdftotext(out)
    assert_encounter_text(text, encounter)
    for source in sample_files(game):
        assert_sheet_text(text, load_sheet(source).model)


def test_files_of_several_games_print_in_one_pdf_each_games_together(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = [sample_files(game)[0] for game in GAMES] + [sample_files(GAMES[0])[1]]
    out = tmp_path / "table.pdf"
    assert export_pdf_main([*map(str, files), "-o", str(out)]) == 0
    assert capsys.readouterr().err == ""
    text = words(pdftotext(out))
    sheets = [load_sheet(file).model for file in files]
    for sheet in sheets:
        assert_sheet_text(text, sheet)
    # the two sheets of the first game are neighbours, the others follow in order
    printed = sorted(sheets, key=lambda sheet: text.index(str(sheet.name)))
    assert printed == [sheets[0], sheets[-1], *sheets[1:-1]]


def test_a_document_no_game_prints_is_named_and_nothing_is_written(
    qapp: object,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from m3desk.core import registry

    source = sample_files(GAMES[-1])[0]
    out = tmp_path / "x.pdf"
    real = registry.system_of

    def unknown(model: object) -> object:
        if getattr(model, "name", None) == load_sheet(source).model.name:
            raise registry.UnknownSystemError(type(model).__name__)
        return real(model)

    monkeypatch.setattr(registry, "system_of", unknown)
    assert export_pdf_main([str(source), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert source.name in err and "game this m3desk does not have" in err
    assert "Traceback" not in err and not out.exists()
