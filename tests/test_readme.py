"""The README describes the four games as they are, and its development notes are true."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

from PySide6.QtGui import QImage

from m3desk.core import registry
from m3desk.systems import INSTALLED

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SET_UP = (
    "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/m3desk",
    "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && "
    "QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest",
)


def _section(title: str) -> str:
    return README.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def test_the_readme_and_the_package_describe_every_game() -> None:
    description = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["description"]
    games = README.split("## The four games", 1)[1].split("\n## ", 1)[0]
    for system in map(registry.get, INSTALLED):  # the games m3desk ships (not the tests' toy)
        short = system.name.split(" (")[0]
        assert short in description, (short, description)
        assert f"**{short}**" in games, short


def test_the_two_set_up_commands_are_kept_exactly() -> None:
    blocks = re.findall(r"```sh\n(.*?)\n```", _section("Set up"), re.DOTALL)
    assert blocks[:2] == list(SET_UP)


def test_the_development_notes_name_what_the_suite_really_checks() -> None:
    tree = ast.parse((ROOT / "tests" / "test_quality.py").read_text(encoding="utf-8"))
    mypy: list[str] = []
    ruff = None
    for node in ast.walk(tree):
        if isinstance(node, ast.List):
            values = [e.value for e in node.elts if isinstance(e, ast.Constant)]
            if "mypy" in values:
                mypy += [v for v in values if str(v).startswith("m3desk")]
            if "ruff" in values and "check" in values:
                ruff = values[values.index("check") + 1 :]
    assert mypy and ruff
    development = _section("Development")
    flat = " ".join(development.split())
    if len(mypy) == 1:
        assert f"mypy strict on every module of `{mypy[0]}`" in flat
    else:
        assert (
            "mypy strict on " + ", ".join(f"`{p}`" for p in mypy[:-1]) + f" and `{mypy[-1]}`"
            in flat
        )
    assert f"`ruff check {' '.join(ruff)}`" in flat
    assert "monsters_and_magic" not in development  # the layers are every game's


def test_the_readme_picture_is_the_window_at_its_real_size() -> None:
    """tools/screenshots.py --readme: 1366 × 728 logical pixels (a 1366 × 768 screen less a
    taskbar), at most 250 kB."""
    picture = ROOT / "docs" / "screenshot.png"
    image = QImage(str(picture))
    assert (image.width(), image.height()) == (1366, 728)
    assert picture.stat().st_size <= 250_000
    assert "(docs/screenshot.png)" in README.split("## What it does", 1)[0]
