"""Extract every monster's Attacks line from the OSE SRD (Markdown) into a test fixture.

    python tools/srd_attack_lines.py GIT_DIR > tests/fixtures/ose_srd_attacks/lines.json
    python tools/srd_attack_lines.py --bestiary  # srd.attacks of the bundled OSE bestiary

The second form writes each bestiary monster's line as printed into its entry's
``srd.attacks`` (the bestiary's loader reads the routines from it); a monster the SRD's stat
tables do not print (a leader, a bodyguard) keeps its sheet's attacks.

GIT_DIR is a clone of the public OSE SRD (oldmanumby/ose.srd; a bare mirror will do). Only
the heading and the Attacks row of each stat table are kept, exactly as printed, so the
routine reader's test reads every form the book uses.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

FIXTURE = Path(__file__).parent.parent / "tests" / "fixtures" / "ose_srd_attacks" / "lines.json"
BESTIARY = Path(__file__).parent.parent / "resources" / "bestiary" / "ose" / "srd-monsters.json"
SPELLING = {"Eefreeti (Lesser)": "Efreeti (Lesser)"}
"""Names the bestiary spells otherwise than the SRD."""


def heading_of(name: str, headings: set[str]) -> str | None:
    """The SRD table heading of a bestiary monster: the name itself, "X (Monster)", the
    variants' common heading ("Hydra (07 Heads)", "Brigand a", "Elemental, Air (Greater)")."""
    name = SPELLING.get(name, " ".join(name.split()))
    plain = re.sub(r"\s*\([^)]*\)$|\s+[abc]$", "", name)
    if m := re.fullmatch(r"Elemental, (\w+)", plain):
        plain = f"{m.group(1)} Elemental"
    for found in (name, f"{name} (Monster)", plain, f"{plain} (Monster)"):
        if found in headings:
            return found
    return None


def fill_bestiary() -> None:
    lines = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data = json.loads(BESTIARY.read_text(encoding="utf-8"))
    for entry in data["monsters"]:
        heading = heading_of(entry["sheet"]["name"], set(lines))
        if heading is not None:
            entry["srd"]["attacks"] = lines[heading]
    BESTIARY.write_text(json.dumps(data, ensure_ascii=False, indent=0) + "\n",
                        encoding="utf-8")


def main(git_dir: str) -> None:
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", git_dir, *args], check=True, capture_output=True,
                              text=True).stdout

    lines: dict[str, str] = {}
    for path in git("ls-tree", "-r", "--name-only", "HEAD", "7_Monsters/Monster_Stats/").split():
        heading = ""
        for row in git("show", f"HEAD:{path}").splitlines():
            if row.startswith("#"):
                heading = row.lstrip("#").strip()
            elif row.startswith("|") and row.strip("| ").startswith("Attacks"):
                cells = [c.strip() for c in row.strip().strip("|").split("|")]
                lines[heading] = cells[1]
    json.dump(lines, sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["--bestiary"]:
        fill_bestiary()
    else:
        main(sys.argv[1])
