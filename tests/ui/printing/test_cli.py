"""``m3desk export-pdf``: exit 0 and a PDF, 1 for unreadable files, 2 for a bad command line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from m3desk.assets import sample_files
from m3desk.ui.printing.cli import export_pdf_main
from tests.ui.printing.conftest import pdfinfo


def _samples(*stems: str) -> list[str]:
    files = {p.stem: str(p) for p in sample_files("monsters_and_magic")}
    return [files[s] for s in stems] if stems else list(files.values())


def test_good_files_make_one_pdf(qapp, tmp_path: Path, capsys) -> None:
    out = tmp_path / "party.pdf"
    assert export_pdf_main([*_samples(), "-o", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out} (6 pages)"
    assert out.read_bytes().startswith(b"%PDF-")
    assert pdfinfo(out)["Pages"] == "6"


def test_letter_page_size(qapp, tmp_path: Path, capsys) -> None:
    out = tmp_path / "gramfive.pdf"
    assert export_pdf_main([*_samples("gramfive"), "-o", str(out), "--page-size", "letter"]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out} (1 page)"
    assert "letter" in pdfinfo(out)["Page size"].casefold()


def test_a_corrupt_file_names_itself_and_nothing_is_written(qapp, tmp_path: Path, capsys) -> None:
    corrupt = tmp_path / "broken.m3c"
    corrupt.write_text('{"format": "m3desk.character", "docu', encoding="utf-8")
    out = tmp_path / "party.pdf"
    assert export_pdf_main([*_samples("gramfive"), str(corrupt), "-o", str(out)]) == 1
    captured = capsys.readouterr()
    assert "broken.m3c" in captured.err
    assert "nothing written" in captured.err
    assert captured.out == ""
    assert not out.exists()


def test_a_missing_file_is_reported(qapp, tmp_path: Path, capsys) -> None:
    assert export_pdf_main([str(tmp_path / "nobody.m3c"), "-o", str(tmp_path / "x.pdf")]) == 1
    assert "nobody.m3c" in capsys.readouterr().err


def test_an_unwritable_output_is_reported(qapp, tmp_path: Path, capsys) -> None:
    out = tmp_path / "missing folder" / "x.pdf"
    assert export_pdf_main([*_samples("guido"), "-o", str(out)]) == 1
    assert "x.pdf" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["-o", "out.pdf"],  # no files
        ["gramfive.m3c"],  # no output
        ["gramfive.m3c", "-o", "out.pdf", "--page-size", "A5"],
        ["gramfive.m3c", "-o", "out.pdf", "--colour"],
    ],
    ids=["no-files", "no-output", "bad-page-size", "unknown-option"],
)
def test_usage_errors_exit_2(argv: list[str], capsys) -> None:
    assert export_pdf_main(argv) == 2
    assert "usage:" in capsys.readouterr().err


def test_refuses_to_overwrite_an_input(tmp_path: Path, capsys) -> None:
    sheet = _samples("gramfive")[0]
    assert export_pdf_main([sheet, "-o", sheet]) == 2
    assert "input" in capsys.readouterr().err
    assert Path(sheet).read_bytes().startswith(b"{")


def test_help_explains_the_all_or_nothing_rule(capsys) -> None:
    assert export_pdf_main(["--help"]) == 0
    assert "nothing is written" in " ".join(capsys.readouterr().out.split())


def test_runs_headless_in_a_fresh_process(tmp_path: Path) -> None:
    """No QApplication yet and no QT_QPA_PLATFORM: the command makes its own, offscreen."""
    out = tmp_path / "mummy.pdf"
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")
    }
    code = (
        "import sys; from m3desk.ui.printing.cli import export_pdf_main; "
        "sys.exit(export_pdf_main(sys.argv[1:]))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, *_samples("first-one-mummy"), "-o", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"wrote {out} (1 page)"
    assert out.read_bytes().startswith(b"%PDF-")


def test_export_uses_the_tables_saved_house_rules(
    qapp, tmp_path: Path, capsys, monkeypatch
) -> None:
    """Rules set in Edit → Table Rules reach the command line's printouts too."""
    import shutil

    from m3desk.storage.paths import AppPaths
    from m3desk.storage.settings import AppSettings, save_settings
    from m3desk.systems.monsters_and_magic.table_rules import TableRules
    from tests.ui.printing.conftest import pdftotext

    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    monkeypatch.setenv("M3DESK_HOME", str(tmp_path / "home"))
    paths = AppPaths.from_environment()
    paths.ensure()
    rules = TableRules(damage_cap_adds_level=False)
    stored = {"monsters_and_magic": rules.model_dump(mode="json")}
    save_settings(paths, AppSettings(table_rules=stored))
    out = tmp_path / "gramfive.pdf"
    assert export_pdf_main([*_samples("gramfive"), "-o", str(out)]) == 0
    text = pdftotext(out)
    assert "1d8+1" in text
    cutter = next(line for line in text.splitlines() if "1d8+1" in line)
    assert "9" in cutter.split()  # max damage without the level


def test_a_symlink_loop_is_a_clear_error_not_a_traceback(qapp, tmp_path: Path, capsys) -> None:
    loop = tmp_path / "loop.m3c"
    loop.symlink_to(loop)
    out = tmp_path / "x.pdf"
    assert export_pdf_main([str(loop), "-o", str(out)]) == 1
    error = capsys.readouterr().err
    assert "loop.m3c" in error and "symbolic links" in error
    assert not out.exists()


def test_an_encounter_with_twin_ids_is_refused_by_name(qapp, tmp_path: Path, capsys) -> None:
    import json

    fixture = Path(__file__).parents[2] / "fixtures" / "v0_1" / "tomb-v0_1.m3e"
    raw = json.loads(fixture.read_text(encoding="utf-8"))
    combatants = raw["document"]["combatants"]
    combatants[1]["id"] = combatants[0]["id"]
    broken = tmp_path / "twins.m3e"
    broken.write_text(json.dumps(raw), encoding="utf-8")
    assert export_pdf_main([str(broken), "-o", str(tmp_path / "x.pdf")]) == 1
    error = capsys.readouterr().err
    assert "twins.m3e" in error and "two combatants share the id" in error


_LOADED_AFTER_EXPORT = """
import sys
from m3desk.core import registry
from m3desk.ui.printing.cli import export_pdf_main
code = export_pdf_main([sys.argv[1], "-o", sys.argv[2]])
print(code, ",".join(sorted(registry._LOADED)))
"""


def _shipped() -> list[str]:
    """Every game a fresh process has (the tests' toy is registered by this suite only)."""
    from m3desk.core import registry

    return [
        s.id
        for s in registry.systems()
        if s.id not in registry.sample_folders() and sample_files(s.id)
    ]


@pytest.mark.parametrize("game", _shipped())
def test_an_export_loads_only_the_game_of_its_file(tmp_path: Path, game: str) -> None:
    """Issue 30: export-pdf's start-up was most of a small export, every game imported
    whatever the file; a file naming its game loads that game alone."""
    sample = sample_files(game)[0]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "M3DESK_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", _LOADED_AFTER_EXPORT, str(sample), str(tmp_path / "out.pdf")],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    assert done.stdout.strip().splitlines()[-1] == f"0 {game}"
