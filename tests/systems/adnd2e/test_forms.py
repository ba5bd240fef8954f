"""The sheet forms: every field path is real and round-trips, every derived key exists, new
sheets start from the rules, and the sample files are samples.py's sheets."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.sheet_form import (
    FieldSpec,
    FormError,
    SheetForm,
    add_row,
    display_value,
    get_path,
    set_override,
    set_path,
    set_row_field,
)
from m3desk.storage import catalog
from m3desk.storage.documents import load_document
from m3desk.systems.adnd2e.forms import CHARACTER_FORM, MONSTER_FORM
from m3desk.systems.adnd2e.samples import OGRE, RATH, SAMPLES
from m3desk.systems.adnd2e.system import SYSTEM

FORMS = {"character": (CHARACTER_FORM, RATH), "monster": (MONSTER_FORM, OGRE)}


def test_the_system_is_installed_with_its_forms() -> None:
    assert registry.get("adnd2e") is SYSTEM
    assert set(SYSTEM.sheet_forms) == {"character", "monster"}


def _fields(form: SheetForm) -> list[FieldSpec]:
    return [field for section in form.sections for field in section.fields]


@pytest.mark.parametrize("kind", FORMS)
def test_every_field_path_exists_and_round_trips(kind: str) -> None:
    form, sheet = FORMS[kind]
    for field in _fields(form):
        value = get_path(sheet, field.path)
        shown = display_value(field, value)
        if field.kind == "bool":
            shown = "true" if value else "false"
        again = set_path(sheet, field, shown)
        assert get_path(again, field.path) == value, field.path


@pytest.mark.parametrize("kind", FORMS)
def test_every_derived_key_named_exists(kind: str) -> None:
    form, sheet = FORMS[kind]
    values = form.derive(sheet, None)
    named = [key for section in form.sections for key in section.derived]
    named += [field.derived for field in _fields(form) if field.derived]
    assert named and all(key in values for key in named)


@pytest.mark.parametrize("kind", FORMS)
def test_table_rows_round_trip(kind: str) -> None:
    form, sheet = FORMS[kind]
    table = next(section.table for section in form.sections if section.table is not None)
    grown = add_row(sheet, table)
    rows = get_path(grown, table.path)
    assert len(rows) == len(get_path(sheet, table.path)) + 1
    for column in table.columns:
        value = get_path(rows[0], column.path)
        shown = display_value(column, value)
        if column.kind == "bool":
            shown = "true" if value else "false"
        again = set_row_field(grown, table, 0, column, shown)
        assert get_path(get_path(again, table.path)[0], column.path) == value, column.path


def test_a_rate_of_fire_is_typed_as_a_fraction() -> None:
    table = next(s.table for s in CHARACTER_FORM.sections if s.table is not None)
    rof = next(c for c in table.columns if c.path == "rate_of_fire")
    sheet = set_row_field(RATH, table, 1, rof, "1/2")
    assert str(get_path(sheet, "weapons")[1].rate_of_fire) == "1/2"
    with pytest.raises(FormError):
        set_row_field(RATH, table, 1, rof, "often")


def test_impossible_values_are_refused() -> None:
    level = next(f for f in _fields(CHARACTER_FORM) if f.path == "level")
    with pytest.raises(FormError, match="at most 20"):
        set_path(RATH, level, "21")
    race = next(f for f in _fields(CHARACTER_FORM) if f.path == "race")
    with pytest.raises(FormError, match="one of"):
        set_path(RATH, race, "orc")


def test_an_override_changes_the_derived_value() -> None:
    changed = set_override(RATH, "ac", 0)
    assert CHARACTER_FORM.derive(changed, None)["ac"].value == 0


def test_new_sheets_start_from_the_rules() -> None:
    fighter = CHARACTER_FORM.new_sheet("Aldo")
    assert (fighter.hit_points, fighter.max_hit_points) == (6, 6)  # type: ignore[attr-defined]
    monster = MONSTER_FORM.new_sheet("Thing")
    assert (monster.hit_points, monster.max_hit_points) == (4, 4)  # type: ignore[attr-defined]
    assert MONSTER_FORM.derive(monster, None)["thac0"].value == 19


def test_summaries() -> None:
    assert CHARACTER_FORM.summary(RATH) == "Fighter 7 (human), AC 2, THAC0 14, HP 58/58"
    assert MONSTER_FORM.summary(OGRE) == "HD 4+1, AC 5, THAC0 17, MV 9, size L, ML 11"


def test_the_form_parses_a_pasted_block() -> None:
    assert MONSTER_FORM.parse is not None
    sheet, problems = MONSTER_FORM.parse("AC 4; MV 12; HD 6+6; THAC0 13; SZ L", "Troll")
    assert problems == [] and MONSTER_FORM.derive(sheet, None)["thac0"].value == 13


def test_sample_files_are_the_samples_module() -> None:
    catalog.reset()
    files = {p.stem: p for p in sample_files() if p.parent.name == "adnd2e"}
    assert set(files) == set(SAMPLES)
    for stem, path in files.items():
        loaded = load_document(path, catalog.sheets()).model
        assert isinstance(loaded, BaseModel)
        assert loaded == SAMPLES[stem], stem
