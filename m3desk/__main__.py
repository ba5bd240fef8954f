"""Entry point: ``m3desk`` and ``python -m m3desk``; also the PyInstaller entry script."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import NoReturn


def main(argv: list[str] | None = None) -> int:
    if getattr(sys, "frozen", False):  # the forecast's worker process, in the packaged app
        import multiprocessing

        multiprocessing.freeze_support()
    arguments = sys.argv[1:] if argv is None else argv
    if arguments and arguments[0] == "forecast":  # no window, no Qt
        from m3desk.forecast_cli import forecast_main

        return forecast_main(arguments[1:])
    from m3desk.ui.app import EXPORT_PDF_COMMAND, run

    code = run(arguments)
    if argv is None and arguments and arguments[0] == EXPORT_PDF_COMMAND:
        _end_command(code)
    return code


def _end_command(code: int) -> NoReturn:
    """End a command's own process once its work is done and said: ``export-pdf`` has
    written its PDF (atomically, closed) and its lines, and nothing of it is left to save,
    so the interpreter's tear-down (every module, Qt's wrappers and a last collection over
    all of them: about 0.08 s of a cold run's 0.75 s of CPU) is skipped. Only where this
    process is the command (``argv`` not given): a caller of :func:`main` gets the status."""
    for stream in (sys.stdout, sys.stderr):
        # none in a windowed build; a closed pipe or stream: nothing more can be said
        with contextlib.suppress(OSError, ValueError):
            if stream is not None:
                stream.flush()
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
