"""Entry point: ``m3desk`` and ``python -m m3desk``; also the PyInstaller entry script."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    if getattr(sys, "frozen", False):  # the forecast's worker process, in the packaged app
        import multiprocessing

        multiprocessing.freeze_support()
    arguments = sys.argv[1:] if argv is None else argv
    if arguments and arguments[0] == "forecast":  # no window, no Qt
        from m3desk.forecast_cli import forecast_main

        return forecast_main(arguments[1:])
    from m3desk.ui.app import run

    return run(arguments)


if __name__ == "__main__":
    sys.exit(main())
