"""The books' lines the table tests read are the books' own: each block of
tests/fixtures/book_text/<game>.txt is found, line for line, in its source wherever the
source is on this machine (the rules digests and seeds under /work/shared, the OSE SRD's git
directory; tools/book_excerpts.py copies them). Where no source is here the test is skipped."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.systems.book_text import FOLDER, blocks

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(path.stem for path in FOLDER.glob("*.txt"))


def _source_text(source: str) -> str | None:
    sys.path.insert(0, str(ROOT))
    try:
        from tools.book_excerpts import source_text
    finally:
        sys.path.remove(str(ROOT))
    return source_text(source)


@pytest.mark.parametrize("game", GAMES)
def test_every_block_is_the_source_s_own_lines(game: str) -> None:
    found = blocks(game)
    assert found, game
    checked = 0
    for source, text in found:
        whole = _source_text(source)
        if whole is None:
            continue
        lines = "\n".join(line.rstrip() for line in whole.split("\n"))
        assert text.rstrip("\n") in lines, (game, source, text[:200])
        checked += 1
    if not checked:
        pytest.skip(f"no source of {game}'s excerpts on this machine")
