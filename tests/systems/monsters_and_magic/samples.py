"""The bundled Monsters & Magic samples, loaded once, for Qt-free tests."""

from __future__ import annotations

from functools import cache

from m3desk.assets import sample_files
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet

MUMMY = "first-one-mummy"


@cache
def sample_sheet(stem: str) -> CharacterSheet | MonsterSheet:
    """A bundled sample sheet (frozen, so one copy serves every test)."""
    path = next(p for p in sample_files("monsters_and_magic") if p.stem == stem)
    model = load_sheet(path).model
    assert isinstance(model, CharacterSheet | MonsterSheet)
    return model
