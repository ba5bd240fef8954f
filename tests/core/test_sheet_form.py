"""The sheet-form seam: edits by path come back validated, or refused with a sentence."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, Field

from m3desk.core.dice import Dice, DiceExpr
from m3desk.core.sheet_form import (
    FieldSpec,
    FormError,
    TableSpec,
    add_row,
    display_value,
    get_path,
    remove_row,
    set_override,
    set_path,
    set_row_field,
)


class Scores(BaseModel):
    model_config = ConfigDict(frozen=True)
    STR: int = Field(10, ge=3, le=18)


class Blade(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str = Field("sword", min_length=1)
    damage: Dice = DiceExpr.parse("1d8")
    ranges: tuple[int, int, int] | None = None


class Sheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str = "Aldo"
    scores: Scores = Field(default_factory=Scores)
    spells: tuple[str, ...] = ()
    weapons: tuple[Blade, ...] = ()
    overrides: dict[str, int] = Field(default_factory=dict)


STR = FieldSpec("scores.STR", "STR", "int", minimum=3, maximum=18)
WEAPONS = TableSpec(
    "weapons",
    "Weapons",
    (
        FieldSpec("name", "Name"),
        FieldSpec("damage", "Damage", "dice"),
        FieldSpec("ranges", "Ranges", "ints"),
    ),
    Blade,
)


def test_a_nested_field_is_set_from_typed_text() -> None:
    sheet = set_path(Sheet(), STR, "16")
    assert get_path(sheet, "scores.STR") == 16
    assert isinstance(sheet, Sheet)


@pytest.mark.parametrize(
    ("text", "message"), [("x", "whole number"), ("19", "at most 18"), ("2", "at least 3")]
)
def test_an_impossible_value_is_refused_with_a_sentence(text: str, message: str) -> None:
    with pytest.raises(FormError, match=message):
        set_path(Sheet(), STR, text)


def test_lists_and_tables_round_trip() -> None:
    spells = FieldSpec("spells", "Spells", "list")
    sheet = set_path(Sheet(), spells, "sleep, light ,")
    assert sheet.spells == ("sleep", "light")  # type: ignore[attr-defined]
    assert display_value(spells, sheet.spells) == "sleep, light"  # type: ignore[attr-defined]
    sheet = add_row(sheet, WEAPONS)
    sheet = set_row_field(sheet, WEAPONS, 0, WEAPONS.columns[1], "1d6+1")
    sheet = set_row_field(sheet, WEAPONS, 0, WEAPONS.columns[2], "50/100/150")
    blade = sheet.weapons[0]  # type: ignore[attr-defined]
    assert str(blade.damage) == "1d6+1" and blade.ranges == (50, 100, 150)
    with pytest.raises(FormError, match=r"^'banana' is not a damage die"):
        set_row_field(sheet, WEAPONS, 0, WEAPONS.columns[1], "banana")
    with pytest.raises(FormError, match="50/100/150"):
        set_row_field(sheet, WEAPONS, 0, WEAPONS.columns[2], "far")
    assert remove_row(sheet, WEAPONS, 0).weapons == ()  # type: ignore[attr-defined]


def test_overrides_are_set_and_cleared() -> None:
    sheet = set_override(Sheet(), "ac", 4)
    assert sheet.overrides == {"ac": 4}  # type: ignore[attr-defined]
    assert set_override(sheet, "ac", None).overrides == {}  # type: ignore[attr-defined]
