"""Lint and types are part of the suite: ruff on everything, mypy strict on the Qt-free layers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing() -> None:
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "m3desk", "tests"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_core_systems_and_storage() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "m3desk/core", "m3desk/systems",
                             "m3desk/storage"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


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
