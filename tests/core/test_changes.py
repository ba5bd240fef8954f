"""Every field of every game's encounter maps to an aspect the views refresh on."""

from __future__ import annotations

from typing import Any

import pytest

from m3desk.core import registry
from m3desk.core.changes import FIELD_ASPECTS, Aspect, aspect_of_field, changed_aspects
from m3desk.core.encounter import Combatant, Encounter, join
from tests import toy_system


def _encounter_types() -> list[type[Encounter]]:
    types: list[type[Encounter]] = [Encounter, toy_system.ToyEncounter]
    for system in registry.systems():
        if system.encounter is not None:
            types.append(system.encounter.encounter_type)
    return types


def test_the_core_fields_each_have_their_aspect() -> None:
    assert set(Encounter.model_fields) == set(FIELD_ASPECTS)


@pytest.mark.parametrize("encounter_type", _encounter_types(), ids=lambda t: t.__module__)
def test_every_field_of_every_encounter_maps_to_an_aspect(encounter_type: type[Encounter]) -> None:
    for name in encounter_type.model_fields:
        assert isinstance(aspect_of_field(name), Aspect), name


def test_a_change_names_what_changed() -> None:
    before = join(Encounter(), Combatant(name="Aldo", side="Party"))
    renamed = before.model_copy(
        update={"combatants": (before.combatants[0].model_copy(update={"name": "Al"}),)}
    )
    assert changed_aspects(before, renamed) == {Aspect.ROSTER, Aspect.SHEETS}
    moved: Any = before.model_copy(update={"round": 3})
    assert changed_aspects(before, moved) == {Aspect.TURN}
    assert changed_aspects(before, before) == frozenset()


def test_a_systems_own_field_is_set_up() -> None:
    from m3desk.systems.monsters_and_magic.encounter import Encounter as MMEncounter
    from m3desk.systems.monsters_and_magic.ranges import RangeBand

    before = MMEncounter()
    after = before.model_copy(update={"maximum_range_override": RangeBand.SHORT})
    assert changed_aspects(before, after) == {Aspect.SETUP}
