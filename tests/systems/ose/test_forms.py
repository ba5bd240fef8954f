"""The OSE sheet forms: every path exists, edits round-trip, every derived key is derived."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from m3desk.core.sheet_form import (
    FieldSpec,
    SheetForm,
    add_row,
    display_value,
    get_path,
    set_override,
    set_path,
    set_row_field,
)
from m3desk.systems.ose.forms import CHARACTER_FORM, MONSTER_FORM, starting_hit_points
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.samples import samples
from m3desk.systems.ose.system import SYSTEM
from m3desk.systems.ose.tables import OseClass

FORMS = {"character": CHARACTER_FORM, "monster": MONSTER_FORM}


def test_the_system_offers_both_forms() -> None:
    assert dict(SYSTEM.sheet_forms) == FORMS


def _sample_value(spec: FieldSpec, current: object) -> object:
    if spec.read is not None:  # its own written form (a spell's range), as its example
        return spec.placeholder
    if spec.kind == "int":
        return str(
            spec.minimum
            if spec.minimum is not None and current != spec.minimum
            else (spec.maximum if spec.maximum is not None else 1)
        )
    if spec.kind == "choice":
        return spec.choices[-1]
    if spec.kind == "bool":
        return "no" if current else "yes"
    if spec.kind == "dice":
        return "1d8+1"
    if spec.kind == "ints":
        return "50/100/150"
    return "Changed"


@pytest.mark.parametrize("kind", FORMS)
def test_every_field_exists_and_round_trips(kind: str) -> None:
    form: SheetForm = FORMS[kind]
    sheet: BaseModel = form.new_sheet("Test")
    for section in form.sections:
        for spec in section.fields:
            value = _sample_value(spec, get_path(sheet, spec.path))
            changed = set_path(sheet, spec, value)
            assert display_value(spec, get_path(changed, spec.path)) in (
                str(value),
                "yes" if value == "yes" else "no" if value == "no" else str(value),
            )
        if section.table is not None:
            grown = add_row(sheet, section.table)
            rows = get_path(grown, section.table.path)
            for spec in section.table.columns:
                value = _sample_value(spec, get_path(rows[-1], spec.path))
                again = set_row_field(grown, section.table, len(rows) - 1, spec, value)
                shown = display_value(
                    spec, get_path(get_path(again, section.table.path)[-1], spec.path)
                )
                assert shown == str(value), (spec.path, shown)


@pytest.mark.parametrize("kind", FORMS)
def test_every_derived_key_named_is_derived_and_overridable(kind: str) -> None:
    form = FORMS[kind]
    sheet = form.new_sheet("Test")
    values = form.derive(sheet, None)
    named = [key for section in form.sections for key in section.derived]
    named += [spec.derived for section in form.sections for spec in section.fields if spec.derived]
    assert named and set(named) <= set(values)
    for key in named:
        overridden = form.derive(set_override(sheet, key, 7), None)[key]
        assert overridden.value == 7 and "set by the GM" in overridden.explanation()


def test_a_new_character_has_hit_points_from_the_rules() -> None:
    fighter = CHARACTER_FORM.new_sheet("Aldo")
    assert (fighter.hit_points, fighter.max_hit_points) == (5, 5)  # d8 average rounded up
    assert starting_hit_points(OseClass.FIGHTER, 10, OseOptions(starting_hit_points="maximum")) == 8
    assert starting_hit_points(OseClass.MAGIC_USER, 3) == 1  # d4 → 3, CON 3 −3: at least 1
    monster = MONSTER_FORM.new_sheet("Thing")
    assert (monster.hit_points, monster.max_hit_points) == (4, 4)  # 1d8 average


def test_summaries_and_the_pasted_stat_block() -> None:
    found = samples()
    assert CHARACTER_FORM.summary(found["morgan-ironwolf"]) == "Fighter 1, AC 3 [16], HP 6/6"
    assert MONSTER_FORM.summary(found["goblin"]) == "HD 1-1, AC 6 [13], HP 3/3, ML 7"
    assert MONSTER_FORM.parse is not None
    example = MONSTER_FORM.parse_help.split("one line (", 1)[1].split(") or", 1)[0]
    goblin, problems = MONSTER_FORM.parse(example, "Goblin")
    assert problems == [] and MONSTER_FORM.summary(goblin) == "HD 1-1, AC 6 [13], HP 3/3, ML 7"
