"""Every table-rules option of the games whose fights run through the generic dialog
changes something the table sees: flipped on its own, some derived value, odds, outcome or
board ring differs (:mod:`tests.systems.option_probe`). An option that changes nothing is a
promise the app does not keep."""

from __future__ import annotations

import pytest

from m3desk.core import encounter as core
from m3desk.core import registry
from tests.systems.option_probe import where_it_shows

GAMES = [
    system.id
    for system in registry.systems()
    if system.encounter is not None and system.encounter.resolve is not None
]
"""Every game whose actions the generic dialog resolves (Monsters & Magic resolves in its own
dialog, its effect-point spending after the roll, and its options are tested with it)."""
OPTIONS = [(game, name) for game in GAMES for name in registry.get(game).options_model.model_fields]


@pytest.mark.parametrize(("game", "name"), OPTIONS, ids=[f"{g}-{n}" for g, n in OPTIONS])
def test_flipping_the_option_changes_what_the_game_shows(game: str, name: str) -> None:
    assert where_it_shows(registry.get(game), name) is not None, (
        f"{game}: the option {name} changes no derived value, odds or outcome"
    )


def test_the_probe_sees_no_change_where_there_is_none() -> None:
    """The probe compares like with like: the same options twice give the same picture."""
    from itertools import zip_longest

    from tests.systems.option_probe import PLAIN, SITUATIONS, fingerprint

    for game in GAMES:
        system = registry.get(game)
        for situation in (PLAIN, *SITUATIONS.get(game, ())):
            first = fingerprint(system, system.default_options(), situation)
            second = fingerprint(system, system.default_options(), situation)
            assert all(a == b for a, b in zip_longest(first, second))


def test_the_probe_flips_every_option_to_another_value() -> None:
    """A flip that gives the option back its own value proves nothing: a whole number of a
    narrow range (0 to 4 from 0) was "flipped" to itself."""
    from tests.systems.option_probe import base_options, flipped

    for game in GAMES:
        system = registry.get(game)
        for name in system.options_model.model_fields:
            before = getattr(base_options(system, name), name)
            assert getattr(flipped(system, name), name) != before, (game, name)


def test_the_probe_places_a_game_of_bands_on_every_band() -> None:
    """Positions given in feet snap to a game of bands' farthest band, where no one reaches
    anyone: the probe cycles through the bands instead."""
    from tests.systems.option_probe import PLAIN, _encounter

    for system in registry.systems():
        if system.encounter is None or system.positions.kind != "bands":
            continue
        encounter = _encounter(system, system.default_options(), PLAIN)
        ids = [c.id for c in encounter.combatants]
        bands = {core.position_between(encounter, a, b) for a in ids for b in ids if a < b}
        assert bands == set(range(system.positions.largest + 1)), (system.id, bands)
