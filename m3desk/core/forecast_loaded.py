"""A game's forecast loaded with the first forecast, not with the game.

A game's fight simulator and the words of its policy live in its forecast module, which
imports the whole simulated turn loop (and :mod:`m3desk.core.forecast`); the tracker, the
board, the action dialog and ``m3desk export-pdf`` need none of it. :func:`forecast_from`
gives the game's rules with ``simulate`` and ``forecast_policy`` read from that module when
first asked for, then the module's own objects (``rules.simulate is forecast.simulate``),
so every caller of the seam sees what it saw when the game imported the module itself.

A value given to the record (``rules._replace(simulate=...)``, a test's own simulator) is
used as given.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any, cast

from m3desk.core.system import EncounterRules

__all__ = ["forecast_from"]

_FIELDS = {"simulate": EncounterRules._fields.index("simulate")}
_FIELDS["forecast_policy"] = EncounterRules._fields.index("forecast_policy")


def _read(module: str, index: int, name: str) -> property:
    def value(rules: EncounterRules) -> Any:
        given = tuple.__getitem__(rules, index)
        if given:
            return given
        return getattr(importlib.import_module(module), name)

    return property(value, doc=f"``{name}`` of :mod:`{module}`, imported when first read.")


@cache
def _rules_type(module: str, simulate: str, policy: str) -> type[EncounterRules]:
    name = "EncounterRules_" + "_".join((module, simulate, policy)).replace(".", "_")
    namespace = {
        "__slots__": (),
        "__module__": __name__,
        "__qualname__": name,
        "forecast_module": module,  # what a frozen build must hold (packaging/bundle_policy.py)
        "simulate": _read(module, _FIELDS["simulate"], simulate),
        "forecast_policy": _read(module, _FIELDS["forecast_policy"], policy),
    }
    made = cast(type[EncounterRules], type(name, (EncounterRules,), namespace))
    globals()[name] = made  # found by its name, as pickle looks a class up
    return made


def forecast_from(
    rules: EncounterRules,
    module: str,
    *,
    simulate: str = "simulate",
    policy: str = "FORECAST_POLICY",
) -> EncounterRules:
    """``rules`` whose ``simulate`` and ``forecast_policy`` are the names ``simulate`` and
    ``policy`` of ``module``, imported when first read."""
    kept = rules._replace(simulate=None, forecast_policy="")
    return _rules_type(module, simulate, policy)._make(kept)
