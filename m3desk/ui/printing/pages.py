"""Pages for any printed document: place blocks on pages, paint footers, drive the device.

Character sheets and the GM's encounter sheet are different documents built from the
same kind of blocks; this module is what they share, so both paginate, carry a long
table over to a continuation page and number their pages the same way.

Rendering is two passes per document: first every block is measured and placed, then
the pages are painted, so each footer can say "page 1 of 2".

A print run may be watched and stopped (:func:`render_jobs`' ``progress`` and ``cancelled``):
the window paints in a worker thread and shows "Page 3 of 12"; a stop takes effect between
pages and raises :class:`PrintCancelled` (a printer's job is aborted, not sent half done).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtGui import QPagedPaintDevice, QPageLayout, QPainter

from m3desk.ui.printing.canvas import INK, SOFT_INK, Canvas
from m3desk.ui.printing.flow_blocks import Block

__all__ = [
    "FOOTER_H",
    "GAP",
    "Orientation",
    "PageProgress",
    "Placed",
    "PrintCancelled",
    "PrintError",
    "PrintJob",
    "paginate",
    "paint_footer",
    "render_jobs",
]

Orientation = QPageLayout.Orientation
GAP = 7.0
"""Space between sections, in points."""
FOOTER_H = 20.0


class PrintError(RuntimeError):
    """The page could not be drawn on (e.g. the printer or PDF file refused to open)."""


class PrintCancelled(PrintError):
    """The print run was stopped between pages (Cancel); nothing is to be written."""


@dataclass(frozen=True, slots=True)
class PageProgress:
    """How far a print run is: ``page`` of ``pages`` of document ``document`` (1-based) of
    ``documents``; ``page`` 0 while that document is laid out (its pages not yet known)."""

    title: str
    page: int
    pages: int
    document: int
    documents: int


@dataclass(frozen=True, slots=True)
class Placed:
    block: Block
    y: float
    height: float


def paginate(
    canvas: Canvas, blocks: Iterable[Block], continuation: Callable[[], Block]
) -> list[list[Placed]]:
    """Place blocks top to bottom on as many pages as they need.

    Blocks that fill (writing lines) only take what is left of the page (one that
    ``keeps`` moves to a new page when too little is left, others are left out); a block that
    does not fit splits (tables by rows, text by lines) or moves whole to the next page,
    which starts with ``continuation()`` so a loose page still names its document.
    """
    width = canvas.width
    bottom = canvas.height - FOOTER_H
    pages: list[list[Placed]] = [[]]
    y = 0.0
    fresh_top = 0.0
    queue: deque[Block] = deque(blocks)
    while queue:
        block = queue.popleft()
        available = bottom - y
        if block.fills:
            if block.height(canvas, width) <= available:
                pages[-1].append(Placed(block, y, available))
                y = bottom
            elif getattr(block, "keeps", False):  # too good to drop: a page of its own
                header = continuation()
                header_h = header.height(canvas, width)
                pages.append([Placed(header, 0.0, header_h)])
                y = fresh_top = header_h + GAP
                queue.appendleft(block)
            continue
        height = block.height(canvas, width)
        if height <= available:
            pages[-1].append(Placed(block, y, height))
            y += height + GAP
            continue
        head, tail = block.split(canvas, width, available, force=y <= fresh_top)
        if head is not None:
            pages[-1].append(Placed(head, y, min(head.height(canvas, width), available)))
        if tail is None:
            y = bottom
            continue
        queue.appendleft(tail)
        header = continuation()
        header_h = header.height(canvas, width)
        pages.append([Placed(header, 0.0, header_h)])
        y = fresh_top = header_h + GAP
    return pages


def paint_footer(
    canvas: Canvas, left: str, number: int, count: int, *, overrides: bool = False
) -> None:
    """A rule, what the document is on the left, "page n of m" on the right."""
    top = canvas.height - FOOTER_H + 8
    width = canvas.width
    canvas.line(0, top, width, top, width=0.4, color=INK)
    text_y, text_h = top + 0.5, FOOTER_H - 8.5
    right = f"page {number} of {count}"
    if overrides:
        right = f"GM = value set by the GM \u00b7 {right}"
    right_w = canvas.text_width(right, 8) + 2
    canvas.text(width - right_w, text_y, right_w, text_h, right, 8, align="right", color=SOFT_INK)
    left_w = max(width - right_w - 12, 0)
    canvas.text(0, text_y, left_w, text_h, canvas.elide(left, 8, left_w), 8, color=SOFT_INK)


@dataclass(frozen=True, slots=True)
class PrintJob:
    """One document of a print run: how it lays itself out and what its footer says.

    ``orientation`` is the one the document reads best in; it is applied only where the
    program chooses the paper (PDF export), never over a printer the user has set up.
    """

    title: str
    orientation: Orientation
    layout: Callable[[Canvas], list[list[Placed]]]
    footer: Callable[[Canvas, int, int], None]


def render_jobs(
    device: QPagedPaintDevice,
    jobs: Sequence[PrintJob],
    *,
    choose_orientation: bool,
    progress: Callable[[PageProgress], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> int:
    """Paint every document on ``device``, each from a new page; returns pages painted.

    With ``choose_orientation`` each document gets its own orientation (a PDF may mix
    portrait character sheets with a landscape encounter sheet); otherwise the device's
    page layout is used as it is and every layout adapts to its width. ``progress`` hears
    of each document's layout and of each page painted; ``cancelled`` is asked before
    each: when it says yes the run stops there, a printer's job is aborted, and
    :class:`PrintCancelled` is raised.
    """
    if not jobs:
        raise ValueError("no sheets to print")
    if choose_orientation:
        device.setPageOrientation(jobs[0].orientation)
    painter = QPainter()
    if not painter.begin(device):
        raise PrintError("could not start drawing on the page (printer or file unavailable)")
    pages_painted = 0
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        for index, job in enumerate(jobs, start=1):
            _stop_if(cancelled, device)
            if progress is not None:
                progress(PageProgress(job.title, 0, 0, index, len(jobs)))
            if pages_painted and choose_orientation:
                device.setPageOrientation(job.orientation)  # takes effect on the new page
            canvas = Canvas(painter)  # the page's size may differ from the last document's
            pages = job.layout(canvas)
            for number, page in enumerate(pages, start=1):
                _stop_if(cancelled, device)
                if pages_painted and not device.newPage():
                    raise PrintError("could not start a new page")
                for placed in page:
                    placed.block.paint(canvas, 0.0, placed.y, canvas.width, placed.height)
                job.footer(canvas, number, len(pages))
                pages_painted += 1
                if progress is not None:
                    progress(PageProgress(job.title, number, len(pages), index, len(jobs)))
    finally:
        painter.end()
    return pages_painted


def _stop_if(cancelled: Callable[[], bool] | None, device: QPagedPaintDevice) -> None:
    """Raise PrintCancelled when asked to stop; a printer's job is aborted first (a PDF
    writer's pages are only in memory and are dropped by the caller)."""
    if cancelled is None or not cancelled():
        return
    abort = getattr(device, "abort", None)  # QPrinter: the spooled pages are not printed
    if callable(abort):
        abort()
    raise PrintCancelled("stopped before it was finished")
