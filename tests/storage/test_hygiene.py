"""The storage code reads untrusted files: it must never unpickle or evaluate them."""

from __future__ import annotations

import re
from pathlib import Path

import m3desk.storage

FORBIDDEN = re.compile(r"\b(pickle|shelve|marshal|eval|exec)\b|\byaml\.load\b")


def test_storage_never_uses_pickle_or_eval() -> None:
    package = Path(m3desk.storage.__file__).parent
    offenders = [
        f"{source.name}: {line.strip()}"
        for source in package.rglob("*.py")
        for line in source.read_text(encoding="utf-8").splitlines()
        if FORBIDDEN.search(line)
    ]

    assert offenders == []
