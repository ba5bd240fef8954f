"""The layering contracts: the core, the game systems and storage never load Qt; imports point
one way (ui -> storage -> systems -> core), checked by import-linter and by loading each package."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("package", ["m3desk.core", "m3desk.systems", "m3desk.storage"])
def test_core_packages_load_no_qt(package: str) -> None:
    code = (
        f"import sys, pkgutil, importlib, {package} as p\n"
        f"for m in pkgutil.walk_packages(p.__path__, '{package}.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')"
        " or m.startswith('m3desk.ui'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "", f"{package} loaded {result.stdout.strip()}"


def test_import_contracts_hold() -> None:
    """pyproject's [tool.importlinter] contracts: no Qt below the UI, no game in the core,
    a game imports only the core."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports())"
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize("package", ["m3desk.core", "m3desk.systems"])
def test_rules_do_no_file_io(package: str) -> None:
    """The core and the game systems are pure: no open(), no pathlib, no os file calls."""
    import importlib
    from pathlib import Path

    module = importlib.import_module(package)
    forbidden = ("open(", "pathlib", "import os", "read_text", "write_text", "import io")
    assert module.__file__ is not None
    for source in Path(module.__file__).parent.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        for word in forbidden:
            assert word not in text, f"{source.name} contains {word!r}"


@pytest.mark.parametrize("package", ["m3desk.systems.monsters_and_magic", "m3desk.storage"])
def test_every_public_name_resolves_to_what_its_module_defines(package: str) -> None:
    """The package __init__ exports lazily; each name must be the real object, never a
    submodule of the same name, whatever was imported first."""
    code = (
        "import importlib, inspect, pkgutil, types\n"
        f"p = importlib.import_module('{package}')\n"
        f"for m in pkgutil.walk_packages(p.__path__, '{package}.'):\n"
        "    importlib.import_module(m.name)\n"
        "for name in p.__all__:\n"
        "    value = getattr(p, name)\n"
        "    assert not isinstance(value, types.ModuleType), name\n"
        "    assert value is getattr(importlib.import_module(p._EXPORTS.get(name, "
        f"'{package}.derive')), name), name\n"
        "print(len(p.__all__))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) > 10
