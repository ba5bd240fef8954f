"""Drawing an SVG picture in a process of its own, under a budget of processor time and
memory that the operating system enforces.

The checks of :mod:`m3desk.ui.picture_files` (size, entities, elements, nesting, the copies
``<use>`` makes) run first, but Qt's SVG renderer has costs no count of elements predicts: a
style sheet of a thousand ``*`` rules over 36,000 elements took 15 s to load, 39,000
rectangles each covering the page 15 s to draw (at 4096 pixels every fill is 64 MB of
pixels), a chain of 60 masks or patterns 13 s and 2.2 GB, a chain of clip paths 17 s. None of
that can be stopped inside a thread. So the drawing happens in a fresh interpreter (the
``spawn`` method, as the forecast's worker) that is limited to :data:`DRAW_CPU_S` of processor
time and :data:`DRAW_DATA_MB` of memory, killed on Cancel or past :data:`DRAW_WALL_S`; the
picture comes back through a pipe as raw pixels (straight into the image's memory). As
with every ``spawn``, the process imports the main module again: a script that reads
pictures must keep its work under ``if __name__ == "__main__":`` (m3desk's entry points do),
or the new process runs the script within the budget and is stopped.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import struct
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QImage

__all__ = ["DRAW_CPU_S", "DRAW_DATA_MB", "DRAW_WALL_S", "SvgTooCostly", "draw_svg"]

DRAW_CPU_S = 0.9
"""Processor seconds the drawing process may use, its start included (about 0.3 s); the
kernel stops it there (a map that needs more is refused with a sentence). A map of 39,000
shapes takes about 0.5 s in all."""
DRAW_DATA_MB = 400
"""Memory the drawing process may allocate (the 4096-pixel picture itself is 64 MB)."""
DRAW_WALL_S = 10.0
"""The backstop on a machine so busy that the processor time is not reached."""
_HEADER = struct.Struct("<iid")


class SvgTooCostly(Exception):
    """The drawing passed its budget of time or memory (the text says which)."""


def _limit() -> None:
    try:
        import resource
        import signal
    except ImportError:  # not a Unix: the wall-clock backstop only
        return
    # The profiling timer counts this process's processor time; its signal ends the process
    # (no handler is installed for it). The processor-time limit is the backstop.
    signal.setitimer(signal.ITIMER_PROF, max(0.05, DRAW_CPU_S - time.process_time()))
    resource.setrlimit(resource.RLIMIT_CPU, (int(DRAW_CPU_S) + 1, int(DRAW_CPU_S) + 2))
    data = DRAW_DATA_MB * 1024 * 1024
    with contextlib.suppress(ValueError, OSError):  # a system without the limit
        resource.setrlimit(resource.RLIMIT_DATA, (data, data))


def draw_in_worker(send: Any, text: bytes, max_side: int) -> None:
    """The drawing process: ``text`` drawn at most ``max_side`` pixels on its long side,
    sent back as (width, height, scale), then the pixels; or an error sentence's tail."""
    _limit()
    os.environ["QT_QPA_PLATFORM"] = "offscreen"  # no window system: it only draws
    from PySide6.QtCore import QByteArray, QSize, Qt
    from PySide6.QtGui import QGuiApplication, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(QByteArray(text))
    if not renderer.isValid():
        send.send_bytes(b"!could not be drawn as an SVG picture")
        return
    size = renderer.defaultSize()
    if size.isEmpty():
        box = renderer.viewBoxF()
        size = QSize(max(1, round(box.width())), max(1, round(box.height())))
    if size.isEmpty() or size.width() > 1_000_000 or size.height() > 1_000_000:
        send.send_bytes(f"!gives no usable size ({size.width()} × {size.height()})".encode())
        return
    factor = min(max_side / max(size.width(), size.height()), 2.0)
    target = QSize(max(1, round(size.width() * factor)), max(1, round(size.height() * factor)))
    image = QImage(target, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    scale = target.width() / size.width()
    send.send_bytes(_HEADER.pack(target.width(), target.height(), scale))
    send.send_bytes(image.constBits())  # the pixels as they are, not a copy of them


def draw_svg(
    text: bytes, name: str, max_side: int, cancelled: Callable[[], bool]
) -> tuple[QImage, float] | None:
    """``text`` drawn in a bounded process: the image and its scale (image pixels per
    SVG unit), or None when ``cancelled()`` turned true (the process is killed at once).
    ValueError with a sentence naming ``name`` when it cannot be drawn or passes the
    budget."""
    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(
        target=draw_in_worker, args=(send, text, max_side), daemon=True, name="m3desk svg"
    )
    process.start()
    send.close()
    started = time.monotonic()
    try:
        while not receive.poll(0.05):
            if cancelled():
                return None
            if not process.is_alive() and not receive.poll(0):
                raise ValueError(_died(name))
            if time.monotonic() - started > DRAW_WALL_S:
                raise ValueError(
                    f"{name} takes longer than {DRAW_WALL_S:.0f} s to draw; m3desk reads "
                    "simpler SVG maps (save it as PNG or JPEG)."
                )
        try:
            head = receive.recv_bytes()
            if head.startswith(b"!"):
                raise ValueError(f"{name} {head[1:].decode(errors='replace')}.")
            width, height, scale = _HEADER.unpack(head)
            image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
            # the pixels straight into the image (no copy of 64 MB held twice)
            if receive.recv_bytes_into(image.bits()) != width * height * 4:
                raise ValueError(_died(name))
        except (EOFError, OSError, struct.error) as error:
            raise ValueError(_died(name)) from error
    finally:
        if process.is_alive():
            process.kill()
        process.join(1.0)
        receive.close()
    return image, scale


def _died(name: str) -> str:
    """The process ended without a picture: the kernel stopped it at its budget (or it
    failed to allocate)."""
    return (
        f"{name} is an SVG m3desk does not draw: it needs more than {DRAW_CPU_S:g} s of "
        f"processor time or {DRAW_DATA_MB} MB of memory to draw (save the map as PNG or "
        "JPEG)."
    )
