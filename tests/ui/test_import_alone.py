"""Every m3desk.ui module imports on its own, in a fresh interpreter, in any order.

Only the app's own start-up order used to work: importing e.g. ``m3desk.ui.window.kinds``
first failed with a circular ImportError inside pydantic (PySide6's import hook inspects each
new module and re-entered pydantic's half-loaded lazy imports). A script, itself importing no
m3desk module, walks the package tree in forks: importing ``a.b.c`` alone first imports
``a`` and then ``a.b`` fully, so one fork per package holds that state and each module the
package did not already load is imported in a fork of it (exactly what a fresh interpreter
does, without paying for the shared prefix once per module).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import m3desk

ROOT = Path(m3desk.__file__).parent.parent

_SCRIPT = r"""
import os, pathlib, sys

root = pathlib.Path(sys.argv[1])
failed = []


def children(package_dir, package):
    for path in sorted(package_dir.iterdir()):
        if path.is_dir() and (path / "__init__.py").exists():
            yield f"{package}.{path.name}", path
        elif path.suffix == ".py" and path.name != "__init__.py":
            yield f"{package}.{path.stem}", None


def visit(package_dir, package):
    # In this process ``package`` and its parents are imported, exactly as a fresh
    # interpreter does first when asked for one of its modules; a module the package has
    # already loaded therefore imports alone the same way. Any other is tried in a fork.
    for name, subdir in children(package_dir, package):
        if name in sys.modules and subdir is None:
            continue
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            try:
                __import__(name)
                if subdir is not None:
                    visit(subdir, name)
            except BaseException as exc:
                failed.append(f"{name}: {type(exc).__name__}: {exc}")
            os.write(write_end, "\n".join(failed).encode()[:60000])
            os._exit(0)
        os.close(write_end)
        chunks = []
        while chunk := os.read(read_end, 65536):
            chunks.append(chunk)
        os.close(read_end)
        os.waitpid(pid, 0)
        report = b"".join(chunks).decode(errors="replace")
        failed.extend(line for line in report.splitlines() if line not in failed)


top = pathlib.Path(root) / "m3desk" / "ui"
try:
    __import__("m3desk.ui")
    visit(top, "m3desk.ui")
except BaseException as exc:
    failed.append(f"m3desk.ui: {type(exc).__name__}: {exc}")
print("\n".join(failed))
sys.exit(1 if failed else 0)
"""


def test_every_ui_module_imports_alone_in_a_fresh_interpreter() -> None:
    result = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]


@pytest.mark.parametrize("name", ["m3desk.ui.window.kinds", "m3desk.ui.encounter.new_document"])
def test_modules_that_failed_alone_import_in_a_plain_fresh_interpreter(name: str) -> None:
    """No fork: the two modules whose import alone raised a circular ImportError."""
    result = subprocess.run(
        [sys.executable, "-c", f"import {name}"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert result.returncode == 0, result.stderr[-3000:]
