"""Shared sheets and PDF inspection for the printing tests.

The PDF checks use poppler's ``pdftotext``/``pdfinfo`` when they are installed (Debian:
``apt-get install poppler-utils``); tests that need them skip otherwise, and every page
count is also checked through the exporter's own return value, which needs no poppler.
"""

from __future__ import annotations

import base64
import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage, QPainter

from m3desk.assets import sample_files
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.conditions import (
    Condition,
    ConditionKind,
    Duration,
    DurationKind,
    Tier,
)
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, Item, MonsterSheet, Spell

Sheet = CharacterSheet | MonsterSheet
POPPLER_MISSING = "poppler-utils (pdftotext, pdfinfo) is not installed"


@pytest.fixture(scope="session")
def samples() -> dict[str, Sheet]:
    """The bundled samples by file stem: gramfive, xiola, first-one-mummy, ..."""
    loaded = {}
    for path in sample_files("monsters_and_magic"):
        model = load_sheet(path).model
        assert isinstance(model, CharacterSheet | MonsterSheet)
        loaded[path.stem] = model
    return loaded


def portrait_png() -> str:
    image = QImage(60, 80, QImage.Format.Format_RGB32)
    image.fill(QColor(200, 180, 150))
    painter = QPainter(image)
    painter.setBrush(QColor(60, 40, 30))
    painter.drawEllipse(15, 10, 30, 40)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return base64.b64encode(bytes(data.data())).decode()


@pytest.fixture
def long_sheet(qapp: object, samples: dict[str, Sheet]) -> CharacterSheet:
    """Gramfive after a long campaign: 60 more items, spells, conditions, pages of notes."""
    base = samples["gramfive"]
    assert isinstance(base, CharacterSheet)
    items = tuple(
        Item(
            name=f"Loot item {i}",
            kind="weapon" if i % 3 == 0 else "gear",
            damage="1d6" if i % 3 == 0 else None,
            notes="found in the Fane" if i % 2 else "",
        )
        for i in range(60)
    )
    conditions = (
        Condition.make(
            "Shaken",
            ConditionKind.CONSEQUENCE,
            Tier.MINOR,
            source="Mummy's roar",
            duration=Duration(kind=DurationKind.ROUNDS, rounds=3),
        ),
        Condition.make("Inspired", ConditionKind.EFFECT, Tier.MAJOR, source="Guido"),
    )
    return base.model_copy(
        update={
            "items": base.items + items,
            "spells": tuple(Spell(name=f"Cantrip {i}", damage="1d4+1") for i in range(4)),
            "conditions": conditions,
            "notes": ("The guard of Koth remembers. " * 60 + "\n\n") * 6 + "THE-END-OF-NOTES",
            "portrait_png": portrait_png(),
        }
    )


def pdftotext(path: Path) -> str:
    """The PDF's text in reading layout, or a skip if poppler is missing."""
    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.skip(POPPLER_MISSING)
    result = subprocess.run(
        [tool, "-layout", str(path), "-"], capture_output=True, text=True, check=True
    )
    return result.stdout


def pdfinfo(path: Path) -> dict[str, str]:
    tool = shutil.which("pdfinfo")
    if tool is None:
        pytest.skip(POPPLER_MISSING)
    result = subprocess.run([tool, str(path)], capture_output=True, text=True, check=True)
    info = {}
    for line in result.stdout.splitlines():
        key, _, value = line.partition(":")
        info[key.strip()] = value.strip()
    return info


def pdftotext_region(path: Path, page: int, x: float, y: float, w: float, h: float) -> str:
    """The text inside a rectangle of one page, in points from the paper's top left.

    Side-by-side blocks share text lines, so reading one block in order needs its area.
    """
    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.skip(POPPLER_MISSING)
    args = [
        tool,
        "-layout",
        "-r",
        "72",
        "-f",
        str(page),
        "-l",
        str(page),
        "-x",
        str(int(x)),
        "-y",
        str(int(y)),
        "-W",
        str(int(w + 1)),
        "-H",
        str(int(h + 1)),
        str(path),
        "-",
    ]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def page_sizes(path: Path) -> list[tuple[float, float]]:
    """Width and height in points of every page: orientation per page."""
    tool = shutil.which("pdfinfo")
    if tool is None:
        pytest.skip(POPPLER_MISSING)
    result = subprocess.run(
        [tool, "-f", "1", "-l", "999", str(path)], capture_output=True, text=True, check=True
    )
    sizes = []
    for line in result.stdout.splitlines():
        if line.startswith("Page") and " size:" in line:
            numbers = line.split("size:")[1].split("pts")[0].split("x")
            sizes.append((float(numbers[0]), float(numbers[1])))
    return sizes
