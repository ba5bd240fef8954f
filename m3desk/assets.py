"""Where bundled resources live: one module, for the source tree, the wheel and the frozen app.

The wheel and the PyInstaller bundle place the top-level ``resources/`` folder at
``m3desk/resources``; an editable install or a source checkout finds it beside the package.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_PACKAGE_DIR = Path(__file__).resolve().parent


@cache
def resources_dir() -> Path:
    for candidate in (_PACKAGE_DIR / "resources", _PACKAGE_DIR.parent / "resources"):
        if (candidate / "samples").is_dir():
            return candidate
    raise FileNotFoundError("m3desk's resources folder is missing from this installation")


def resource_path(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def sample_files(system: str = "*") -> list[Path]:
    """The bundled sample characters and monsters of every game (or of one game, by its
    system id), in a stable order.

    Each game keeps its samples in a folder of its own (``samples/<system id>/``); a game
    registered from outside m3desk names its own folder (:func:`registry.register`)."""
    from m3desk.core.registry import sample_folders

    folder = resource_path("samples")
    found = [*folder.glob(f"{system}/*.m3c"), *folder.glob(f"{system}/*.m3m")]
    for system_id, extra in sample_folders().items():
        if system in ("*", system_id):
            found += [*Path(extra).glob("*.m3c"), *Path(extra).glob("*.m3m")]
    return sorted(found)


@cache
def game_data(name: str) -> dict[str, Any]:
    """A game's reference data file in ``resources/data`` (races and classes), parsed; the
    games name it (``Generation.data_file``) and never read files themselves."""
    if not name or name != Path(name).name or name.startswith("."):
        raise ValueError(f"{name!r} is not a data file's name")
    data: dict[str, Any] = json.loads(resource_path("data", name).read_text(encoding="utf-8"))
    return data


def _rules_data() -> dict[str, Any]:
    return game_data("races_classes.json")


def races() -> dict[str, dict[str, Any]]:
    """Race name → {"movement": int, "size": "M", "traits": [...]} for "New character"."""
    races_data: dict[str, dict[str, Any]] = _rules_data()["races"]
    return races_data


def classes() -> dict[str, dict[str, Any]]:
    """Class name → {"prime": "STR", "traits": [...]}."""
    classes_data: dict[str, dict[str, Any]] = _rules_data()["classes"]
    return classes_data
