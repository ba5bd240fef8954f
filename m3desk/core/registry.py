"""The one registry of game systems: an id, the module that defines it, loaded on first use.

The core names no game: the list of installed systems is the :mod:`m3desk.systems`
package's, handed in by :func:`register` (tests register toy systems the same way).
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # loaded with the first system, not with the registry (start-up needs none)
    from m3desk.core.system import GameSystem

__all__ = [
    "UnknownSystemError",
    "get",
    "ids",
    "module_of",
    "register",
    "sample_folders",
    "system_of",
    "systems",
    "unregister",
]

_MODULES: dict[str, str] = {}
_LOADED: dict[str, GameSystem] = {}
_SAMPLES: dict[str, str] = {}


class UnknownSystemError(KeyError):
    """A file or setting names a game system this m3desk does not have."""


def register(system_id: str, module: str | GameSystem, *, samples: str | None = None) -> None:
    """Make a system available: a module path exporting ``SYSTEM``, or the system itself.

    A game that does not ship inside m3desk (the tests' toy) names the folder of its sample
    sheets in ``samples``; the shipped games keep theirs in ``resources/samples/<id>/``. The
    shipped games are registered first, so an added game comes after them in every list."""
    _ensure_installed()
    _SAMPLES.pop(system_id, None)
    if samples is not None:
        _SAMPLES[system_id] = samples
    if isinstance(module, str):
        _MODULES[system_id] = module
        _LOADED.pop(system_id, None)
    else:
        if module.id != system_id:
            raise ValueError(f"system {module.id!r} registered as {system_id!r}")
        _LOADED[system_id] = module
        _MODULES[system_id] = ""


def unregister(system_id: str) -> None:
    _MODULES.pop(system_id, None)
    _LOADED.pop(system_id, None)
    _SAMPLES.pop(system_id, None)


def sample_folders() -> dict[str, str]:
    """The sample folders of registered games that keep their samples outside m3desk, by id."""
    return dict(_SAMPLES)


def ids() -> tuple[str, ...]:
    _ensure_installed()
    return tuple(_MODULES)


def get(system_id: str) -> GameSystem:
    _ensure_installed()
    if system_id not in _MODULES:
        raise UnknownSystemError(system_id)
    system = _LOADED.get(system_id)
    if system is None:
        from m3desk.core.system import GameSystem

        loaded = importlib.import_module(_MODULES[system_id]).SYSTEM
        if not isinstance(loaded, GameSystem) or loaded.id != system_id:
            raise UnknownSystemError(system_id)
        _LOADED[system_id] = system = loaded
    return system


def module_of(system_id: str) -> str:
    """The module path that exports the system's ``SYSTEM`` ("" for one registered as an
    object), so a fresh process (the forecast's worker) can load it without this registry."""
    _ensure_installed()
    if system_id not in _MODULES:
        raise UnknownSystemError(system_id)
    return _MODULES[system_id]


def systems() -> Iterator[GameSystem]:
    for system_id in ids():
        yield get(system_id)


def system_of(model: object) -> GameSystem:
    """The system whose document (sheet, encounter) ``model`` is, by its class."""
    cls = type(model)
    # the games already loaded first (a document's own is; an export loads no other game)
    _ensure_installed()
    loaded = list(_LOADED.values())
    later = (get(i) for i in ids() if all(s.id != i for s in loaded))
    for system in itertools.chain(loaded, later):
        if any(spec.model is cls for spec in system.documents):
            return system
        rules = system.encounter
        if rules is not None and rules.encounter_type is cls:
            return system
    raise UnknownSystemError(cls.__name__)


_installed = False


def _ensure_installed() -> None:
    """Register the systems that ship with m3desk (once, before the first look-up)."""
    global _installed
    if _installed:
        return
    _installed = True
    installed = importlib.import_module("m3desk.systems").INSTALLED
    for system_id, module in installed.items():
        _MODULES.setdefault(system_id, module)
