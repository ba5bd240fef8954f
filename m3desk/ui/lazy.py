"""A UI package's names imported at their first use (PEP 562), from one definition.

A package's ``__init__`` says where each public name lives and takes its ``__getattr__``
from :func:`exports`: printing a map needs the painter, not the widgets beside it, so an
export starts faster, and the package pays for a module only when something asks for it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["exports"]


def exports(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``: ``homes`` maps each name to the submodule that
    defines it; a name is imported once, then kept in the package's namespace."""
    namespace = importlib.import_module(package).__dict__

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        namespace[name] = value
        return value

    return __getattr__
