"""The books' lines the table tests read: tests/fixtures/book_text/<game>.txt, blocks copied
verbatim from the rules digests, the seeds and the OSE SRD by tools/book_excerpts.py (and held
to their sources by tests/systems/test_book_text.py). The tests parse these lines, never a
copy of the numbers typed into a test."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

FOLDER = Path(__file__).resolve().parents[1] / "fixtures" / "book_text"


class Block(NamedTuple):
    source: str
    """``digest adnd2e.md``, ``seed 001`` or ``srd <path>``."""
    text: str


def blocks(game: str) -> list[Block]:
    found: list[Block] = []
    for chunk in (FOLDER / f"{game}.txt").read_text(encoding="utf-8").split("=== ")[1:]:
        source, _, text = chunk.partition("\n")
        found.append(Block(source, text))
    return found


def block(game: str, containing: str) -> str:
    """The one block of ``game``'s excerpts that holds ``containing``."""
    chosen = [b.text for b in blocks(game) if containing in b.text]
    assert len(chosen) == 1, (game, containing, len(chosen))
    return chosen[0]


def rows(text: str, after: str = "") -> list[list[str]]:
    """The cells of the first Markdown table in ``text`` (after the first line holding
    ``after``), the |:---| line left out and the header kept."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if after in line)
    found: list[list[str]] = []
    for line in lines[start:]:
        if line.startswith("|"):
            if not re.fullmatch(r"[|\-: ]+", line.strip()):
                found.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif found:
            break
    return found


def prose(text: str) -> str:
    """Lines joined into one, bold and italics marks left out."""
    return re.sub(r"\*+", "", " ".join(line.strip() for line in text.splitlines()))


def signed(text: str) -> int:
    """ "−3", "+2", "-1", "None" (0) as a number."""
    text = text.strip().replace("−", "-").replace("–", "-")
    return 0 if text in ("None", "0", "") else int(text.replace("+", ""))


def scores(label: str, last: int = 25) -> list[int]:
    """The scores a row covers: "3", "4–5", "9–12", "18+" (up to ``last``)."""
    label = label.replace("–", "-").strip()
    if label.endswith("+"):
        return list(range(int(label[:-1]), last + 1))
    low, _, high = label.partition("-")
    return list(range(int(low), int(high or low) + 1))
