"""The registry finds each game system by id; a toy system plugs in without touching the app."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from pydantic import BaseModel

from m3desk.core import registry
from m3desk.core.system import GameSystem, InitiativeScheme, Maneuver, PositionModel
from m3desk.systems import INSTALLED


class _Options(BaseModel):
    pass


def _toy(system_id: str = "toy") -> GameSystem:
    return GameSystem(
        id=system_id,
        name="Toy",
        documents=(),
        options_model=_Options,
        initiative=InitiativeScheme(roller="side_die", die=6),
        positions=PositionModel(kind="distance", unit="ft", maximum=300, step=5),
        maneuvers=(
            Maneuver("charge", "Charge", movement_share=Fraction(3, 2), may_attack=True, to_hit=2),
        ),
    )


def test_monsters_and_magic_is_installed_and_describes_itself() -> None:
    assert "monsters_and_magic" in registry.ids()
    system = registry.get("monsters_and_magic")
    assert system.name == "Monsters & Magic"
    assert {spec.kind for spec in system.documents} == {"character", "monster", "encounter"}
    assert system.positions.kind == "bands"
    assert system.positions.bands[0] == "Hand" and system.positions.bands[-1] == "Out of Range"
    assert system.initiative.roller == "ranked_check" and not system.initiative.lower_first
    assert system.accepts_unnamed_files


def test_an_unknown_system_is_a_clear_error() -> None:
    with pytest.raises(registry.UnknownSystemError):
        registry.get("no such game")


def test_a_toy_system_registers_and_leaves() -> None:
    toy = _toy()
    registry.register("toy", toy)
    try:
        assert registry.get("toy") is toy
        assert "toy" in registry.ids()
        assert toy.positions.label(30) == "30 ft"
        assert toy.maneuvers[0].movement_share == Fraction(3, 2)
    finally:
        registry.unregister("toy")
    assert "toy" not in registry.ids()


def test_a_system_registered_under_another_id_is_refused() -> None:
    with pytest.raises(ValueError, match="registered as"):
        registry.register("other", _toy("toy"))


def test_a_game_added_from_outside_comes_last_with_its_samples(tmp_path: Path) -> None:
    """One registry line adds a game: its module and the folder of its sample sheets."""
    from m3desk.assets import sample_files

    folder = tmp_path / "other"
    folder.mkdir()
    (folder / "hero.m3c").write_text("{}", encoding="utf-8")
    (folder / "notes.txt").write_text("", encoding="utf-8")
    registry.register("other", _toy("other"), samples=str(folder))
    try:
        assert registry.ids()[-1] == "other"
        assert registry.ids()[: len(INSTALLED)] == tuple(INSTALLED)  # the shipped ones first
        assert sample_files("other") == [folder / "hero.m3c"]
        assert folder / "hero.m3c" in sample_files()
    finally:
        registry.unregister("other")
    assert sample_files("other") == []
    assert registry.sample_folders().get("other") is None
