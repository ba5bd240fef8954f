"""Lint, format and types are part of the suite: ruff on everything (its formatter too), mypy
strict on the Qt-free layers and on the UI (less a list of modules that only shrinks)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "m3desk", "tests"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_changes_nothing() -> None:
    """The code is as ``ruff format`` writes it (pyproject's [tool.ruff.format]): the package,
    the tests, the tools and the packaging scripts. Run ``ruff format m3desk tests tools
    packaging`` after editing; the style notes name the formatter, and this holds to it."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "format",
            "--check",
            "m3desk",
            "tests",
            "tools",
            "packaging",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_the_whole_package() -> None:
    """mypy strict on every module of m3desk: the Qt-free layers and the UI in one run.

    One invocation, not one per layer: checking ``m3desk/ui`` analyses the core, the systems and
    the storage it imports anyway, so a second run for them only repeated that work (~35 s).
    """
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "m3desk"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout, result.stdout


def test_mypy_lets_no_module_off() -> None:
    """mypy holds m3desk/ui to the same strict flags as the Qt-free layers, every module of it.

    Issue 21 started an exemption list (78 errors in 32 modules) that could only shrink; it is
    empty now, and no ``ignore_errors`` override may bring one back.
    """
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    let_off = [
        override["module"]
        for override in config["tool"]["mypy"]["overrides"]
        if override.get("ignore_errors")
    ]
    assert let_off == []
    strict = {
        module
        for override in config["tool"]["mypy"]["overrides"]
        if override.get("strict")
        for module in override["module"]
    }
    assert {
        "m3desk.core.*",
        "m3desk.systems.*",
        "m3desk.storage.*",
        "m3desk.table_server.*",
        "m3desk.ui.*",
    } <= strict


def test_one_signed_number_formatter() -> None:
    """Bonuses read "+2" / "−2" with one minus sign everywhere: m3desk.core.numbers is the
    only formatter; no module formats a sign by hand (dice notation "1d8+1" aside)."""
    offenders = []
    for source in (ROOT / "m3desk").rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        relative = source.relative_to(ROOT).as_posix()
        if relative in ("m3desk/core/numbers.py", "m3desk/core/dice.py"):
            continue
        if "\ndef signed(" in text or ":+d}" in text:
            offenders.append(relative)
    assert offenders == []
