"""Every table-rules option of the games whose fights run through the generic dialog
changes something the table sees: flipped on its own, some derived value, odds, outcome or
board ring differs (:mod:`tests.systems.option_probe`). An option that changes nothing is a
promise the app does not keep."""

from __future__ import annotations

import pytest

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
