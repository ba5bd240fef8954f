"""Extract every monster's Attacks line from the OSE SRD (Markdown) into a test fixture.

    python tools/srd_attack_lines.py GIT_DIR > tests/fixtures/ose_srd_attacks/lines.json

The bundled bestiary's own ``srd.attacks`` is written by tools/build_ose_bestiary.py, which
reads the same rows; this fixture lets the routine reader's tests read every form the book
uses without the SRD at hand.

GIT_DIR is a clone of the public OSE SRD (oldmanumby/ose.srd; a bare mirror will do). Only
the heading and the Attacks row of each stat table are kept, exactly as printed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

FIXTURE = Path(__file__).parent.parent / "tests" / "fixtures" / "ose_srd_attacks" / "lines.json"


def main(git_dir: str) -> None:
    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-C", git_dir, *args], check=True, capture_output=True, text=True
        ).stdout

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
    main(sys.argv[1])
