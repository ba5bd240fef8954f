"""The books' own lines that the table tests read (tests/systems/*/test_*tables*.py), copied
verbatim into tests/fixtures/book_text/<game>.txt so the suite reads them on any machine.
tests/systems/test_book_text.py holds each block to its source wherever the source is on the
machine (the rules digests and seeds under /work/shared, the OSE SRD's git directory).

    .venv/bin/python tools/book_excerpts.py        (rewrites the four files from the sources)

A block is ``=== <source>`` and the lines that follow, up to the next block; a source is
``digest <file>`` (/work/shared/rules), ``seed <nnn>`` (/work/shared/seeds/nnn_*.txt) or
``srd <path>`` (a file of the SRD's repository at HEAD).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "fixtures" / "book_text"
SHARED = Path("/work/shared")
SRD = Path("/work/.mirror/oldmanumby+ose.srd/repo")

ABILITIES = "1_Characters/3_Ability_Scores.md"
WEAPONS = "3_Equipment_&_Services/3_Weapons_and_Armor.md"
MOVEMENT = "5_Adventures/2_Time_Weight_Movement.md"
MORALE = "5_Adventures/12_Morale.md"
ENCOUNTERS = "5_Adventures/8_Encounters.md"
WILDERNESS = "5_Adventures/6_Wilderness_Adventuring.md"

SPECS: dict[str, list[tuple[str, int, int]]] = {
    # (source, first line, last line), 1-based and inclusive
    "adnd2e": [
        ("digest adnd2e.md", 40, 41),
        ("digest adnd2e.md", 48, 51),
        ("digest adnd2e.md", 71, 73),
        ("digest adnd2e.md", 53, 57),
        ("digest adnd2e.md", 91, 93),
        ("digest adnd2e.md", 98, 98),
        ("digest adnd2e.md", 105, 107),
        ("digest adnd2e.md", 121, 124),
        ("digest adnd2e.md", 145, 154),
        ("digest adnd2e.md", 155, 155),
        ("digest adnd2e.md", 173, 174),
        ("digest adnd2e.md", 202, 206),
        ("digest adnd2e.md", 225, 263),
        ("digest adnd2e.md", 266, 283),
        ("seed 002", 23, 25),
    ],
    "ose": [
        ("srd " + ABILITIES, 12, 20),
        ("srd " + ABILITIES, 29, 37),
        ("srd " + ABILITIES, 45, 53),
        ("srd " + ABILITIES, 63, 71),
        ("srd " + ABILITIES, 79, 87),
        ("srd " + ABILITIES, 97, 106),
        ("srd " + ABILITIES, 114, 120),
        ("srd " + WEAPONS, 5, 28),
        ("srd " + WEAPONS, 63, 68),
        ("srd " + MOVEMENT, 82, 87),
        ("srd " + MOVEMENT, 97, 102),
        ("srd " + MORALE, 7, 18),
        ("srd " + ENCOUNTERS, 31, 31),
        ("srd " + ENCOUNTERS, 43, 45),
        ("srd " + ENCOUNTERS, 69, 75),
        ("srd 2_Classes/3_Elf.md", 16, 16),
        ("srd 2_Classes/5_Halfling.md", 16, 16),
        ("srd 2_Classes/5_Halfling.md", 24, 24),
        ("srd 2_Classes/5_Halfling.md", 36, 36),
        ("srd 2_Classes/5_Halfling.md", 44, 44),
        ("srd " + WEAPONS, 40, 42),
        ("srd " + WILDERNESS, 46, 48),
        ("srd " + WILDERNESS, 60, 62),
        ("srd " + WILDERNESS, 96, 98),
    ],
    "monsters_and_magic": [
        ("seed 000", 15, 19),
        ("seed 000", 37, 78),
        ("seed 000", 80, 100),
        ("seed 000", 140, 148),
        ("seed 000", 165, 168),
        ("seed 000", 173, 267),
        ("seed 000", 277, 298),
        ("seed 001", 44, 48),
        ("seed 001", 128, 131),
        ("seed 001", 277, 287),
        ("seed 001", 375, 381),
        ("digest README.md", 63, 80),
        ("digest README.md", 99, 144),
    ],
    "apparatus": [
        ("digest apparatus.md", 33, 57),
        ("digest apparatus.md", 58, 90),
        ("digest apparatus.md", 91, 111),
        ("digest apparatus.md", 113, 127),
        ("digest apparatus.md", 134, 161),
        ("digest apparatus.md", 162, 177),
        ("digest apparatus.md", 185, 189),
    ],
}


def source_text(source: str) -> str | None:
    """The whole text of a source, or None where it is not on this machine."""
    kind, _, name = source.partition(" ")
    if kind == "digest":
        path = SHARED / "rules" / name
        return path.read_text(encoding="utf-8") if path.exists() else None
    if kind == "seed":
        found = sorted((SHARED / "seeds").glob(f"{name}_*.txt"))
        return found[0].read_text(encoding="utf-8") if found else None
    if kind == "srd":
        if not SRD.exists():
            return None
        done = subprocess.run(
            ["git", "-C", str(SRD), "show", f"HEAD:{name}"], capture_output=True, check=True
        )
        return done.stdout.decode("utf-8")
    raise ValueError(source)


def main() -> int:
    for game, specs in SPECS.items():
        if not specs:
            continue
        blocks = []
        for source, first, last in specs:
            text = source_text(source)
            if text is None:
                print(f"{source}: not on this machine", file=sys.stderr)
                return 1
            lines = text.split("\n")[first - 1 : last]
            blocks.append(f"=== {source}\n" + "\n".join(line.rstrip() for line in lines) + "\n")
        (OUT / f"{game}.txt").write_text("".join(blocks), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
