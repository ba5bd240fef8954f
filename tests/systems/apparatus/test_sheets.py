"""Sheets, derived values with their terms and overrides, the forms, and the sample files."""

from __future__ import annotations

from typing import Any

import pytest

from m3desk.assets import resource_path
from m3desk.core.options import option_of
from m3desk.core.sheet_form import FieldSpec, SheetForm, add_row, get_path, set_override, set_path
from m3desk.storage import catalog
from m3desk.storage.documents import load_document
from m3desk.systems.apparatus.derive import DERIVED_KEYS, derive
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.samples import BRUTE, CAVE_BEAR, KESTREL, SAMPLES, WREN
from m3desk.systems.apparatus.system import SYSTEM

FORMS = dict(SYSTEM.sheet_forms)


def test_every_option_has_a_reason() -> None:
    assert all(option_of(ApparatusOptions, name).reason for name in ApparatusOptions.model_fields)


def test_derived_values_explain_themselves() -> None:
    values = derive(KESTREL)
    assert set(values) == set(DERIVED_KEYS)
    assert values["defense.guard"].value == 14
    assert values["physique"].value == 13
    assert values["defense.guard"].explanation() == (
        "Guard 14 = base 10 + Might 3 + Combat Proficiency 1 + armour 0 + Size Modifier 0"
    )
    assert derive(BRUTE)["physique"].value == 13


def test_size_changes_speed_modifier_and_jumps() -> None:
    bear = derive(CAVE_BEAR)
    assert bear["size_modifier"].value == 2 and bear["speed"].value == 12
    assert bear["cost.swim"].value == 1
    assert bear["jump.long.2"].value == 8  # Large, normal band (Might 5)
    wren = derive(WREN)
    assert wren["speed"].value == 3 and wren["cost.climb"].value == 1
    assert wren["jump.long.4"].value == 5  # §11 #5: Small, strong, 4 m column


def test_table_rules_change_derived_values() -> None:
    huge = CAVE_BEAR.model_copy(update={"size": "huge"})
    assert derive(huge)["jump.long.0"].value == 8
    assert derive(huge, ApparatusOptions(size_factors="size_page"))["jump.long.0"].value == 6
    rolled = derive(KESTREL, ApparatusOptions(defense="rolled"))["defense.guard"]
    assert rolled.value == 4 and rolled.label == "Guard bonus"


def test_an_override_wins_visibly() -> None:
    sheet = KESTREL.model_copy(update={"overrides": {"speed": 8}})
    speed = derive(sheet)["speed"]
    assert speed.value == 8 and speed.computed == 6
    assert "set by the GM" in speed.explanation()


def _fields(form: SheetForm) -> list[FieldSpec]:
    return [f for section in form.sections for f in section.fields]


@pytest.mark.parametrize("kind", ["character", "monster"])
def test_every_form_path_and_derived_key_exists(kind: str) -> None:
    form = FORMS[kind]
    sheet = form.new_sheet("Tess")
    assert sheet.hit_points == sheet.max_hit_points == 10  # type: ignore[attr-defined]
    for spec in _fields(form):
        get_path(sheet, spec.path)
    derived = form.derive(sheet, None)
    for section in form.sections:
        for key in section.derived:
            assert key in derived, key
        if section.table is not None:
            with_row = add_row(sheet, section.table)
            for column in section.table.columns:
                get_path(getattr(with_row, section.table.path)[-1], column.path)
    assert "Speed 6 m" in form.summary(sheet)


@pytest.mark.parametrize(
    ("path", "text", "value"),
    [
        ("abilities.might", "6", 6),
        ("size", "large", "large"),
        ("feats.natural_climber", "yes", True),
        ("conditions", "prone, poisoned", ("prone", "poisoned")),
        ("exhaustion", "3", 3),
    ],
)
def test_set_path_round_trips(path: str, text: str, value: Any) -> None:
    form = FORMS["character"]
    spec = next(f for f in _fields(form) if f.path == path)
    sheet = set_path(form.new_sheet("Tess"), spec, text)
    assert get_path(sheet, path) == value
    assert set_override(sheet, "speed", 9).overrides == {"speed": 9}  # type: ignore[attr-defined]


def test_a_bad_condition_is_refused() -> None:
    from m3desk.core.sheet_form import FormError

    form = FORMS["monster"]
    spec = next(f for f in _fields(form) if f.path == "conditions")
    with pytest.raises(FormError):
        set_path(form.new_sheet("Ghoul"), spec, "sleepy")


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_sample_files_equal_the_samples(name: str) -> None:
    loaded = load_document(resource_path("samples", "apparatus", name), catalog.sheets())
    assert loaded.model == SAMPLES[name]


def test_every_sample_file_is_listed() -> None:
    folder = resource_path("samples", "apparatus")
    assert sorted(p.name for p in folder.iterdir() if p.is_file()) == sorted(SAMPLES)
