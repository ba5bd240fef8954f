"""The forecasts' one prepare-once policy (issue 31: four games kept four kinds of cache)."""

from __future__ import annotations

import importlib
import importlib.util
import sys

from m3desk.core import registry
from m3desk.core.forecast import PreparedOnce


class _Fight:
    """A stand-in encounter: equal by value, different by identity."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Fight)

    __hash__ = object.__hash__


def test_prepared_once_per_object_the_most_recent_kept() -> None:
    made: list[_Fight] = []

    def prepare(fight: _Fight) -> int:
        made.append(fight)
        return len(made)

    cache: PreparedOnce[_Fight, int] = PreparedOnce(prepare, 2)
    a, b, c = _Fight(), _Fight(), _Fight()
    assert [cache(a), cache(a), cache(b), cache(a)] == [1, 1, 2, 1]
    assert cache(c) == 3 and len(cache) == 2  # the oldest (a) is dropped
    assert cache(b) == 2 and cache(a) == 4
    cache.clear()
    assert len(cache) == 0 and cache(b) == 5


def test_every_simulator_that_prepares_once_uses_the_core_s_policy() -> None:
    """No game's forecast module keeps a cache of its own kind beside the core's."""
    for system in registry.systems():
        rules = system.encounter
        if rules is None or rules.simulate is None:
            continue
        module = sys.modules[rules.simulate.__module__]
        if not module.__name__.endswith(".forecast"):  # a wrapper: the game's forecast module
            name = f"{module.__name__.rsplit('.', 1)[0]}.forecast"
            if importlib.util.find_spec(name) is not None:
                module = importlib.import_module(name)
        own = [
            name
            for name, value in vars(module).items()
            if "cache" in name.lower() and isinstance(value, dict | list)
        ]
        assert own == [], (system.id, own)
