"""Entry point: ``m3desk`` and ``python -m m3desk``; also the PyInstaller entry script."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from m3desk.ui.app import run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
