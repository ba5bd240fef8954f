"""Render the app icon from its SVG into every file the platforms want. Run once after editing
the SVG, then commit the results:

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_icons.py

Writes, under resources/icons/:
  hicolor/<n>x<n>/apps/org.m3desk.M3desk.png   n = 16 24 32 48 64 128 256 512 (Linux, hicolor)
  m3desk.ico    Windows: 16-256, BMP entries below 256 and a PNG entry at 256 (what Windows'
                own tools write; PNG-only .ico files are not shown by some older tools)
  m3desk.icns   macOS: 16-1024 as PNG entries (Retina @2x included)

Everything is drawn by Qt's SVG renderer (QtSvg), the same code that draws the icon in the app,
so no Pillow or Inkscape is needed. The 16 px size is drawn from ``m3desk-16.svg``, a version of
the drawing fitted to whole pixels: the full drawing turns into a smudge at 16 px. The .ico and
.icns containers are written here (a few lines of ``struct``) because Qt's ICO/ICNS plugins
write only one image per file.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"
APP_ID = "org.m3desk.M3desk"  # = m3desk.APP_ID (not imported: keep this script standalone)
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS entry types (Apple's names) -> pixel size. icp4/icp5/icp6 are plain 16/32/64 PNGs
# (macOS 10.7+); ic11..ic14 and ic10 are the @2x (Retina) variants of 16/32/128/256/512.
ICNS_TYPES = (
    ("icp4", 16),
    ("icp5", 32),
    ("icp6", 64),
    ("ic07", 128),
    ("ic08", 256),
    ("ic09", 512),
    ("ic11", 32),
    ("ic12", 64),
    ("ic13", 256),
    ("ic14", 512),
    ("ic10", 1024),
)


def render(size: int) -> QImage:
    """The icon at ``size`` px, straight (non-premultiplied) ARGB."""
    source = ICONS / ("m3desk-16.svg" if size == 16 else "m3desk.svg")
    renderer = QSvgRenderer(str(source))
    if not renderer.isValid():
        raise SystemExit(f"{source}: not a valid SVG for Qt")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise SystemExit("Qt could not encode a PNG")
    return bytes(data.data())


def dib_bytes(image: QImage) -> bytes:
    """An ICO bitmap entry: BITMAPINFOHEADER, 32-bit BGRA rows bottom-up, then the AND mask
    (all zero: the alpha channel decides). Format_ARGB32 is BGRA in memory on little-endian."""
    width, height = image.width(), image.height()
    header = struct.pack("<IiiHHIIiiII", 40, width, height * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    pixels = bytes(image.constBits())
    stride = image.bytesPerLine()
    rows = b"".join(pixels[y * stride : y * stride + width * 4] for y in reversed(range(height)))
    mask = b"\0" * (((width + 31) // 32) * 4 * height)
    return header + rows + mask


def write_ico(path: Path, images: dict[int, QImage]) -> None:
    entries = [
        (size, png_bytes(images[size]) if size >= 256 else dib_bytes(images[size]))
        for size in ICO_SIZES
    ]
    offset = 6 + 16 * len(entries)
    directory, blobs = [], []
    for size, blob in entries:
        # Width/height 0 means 256.
        directory.append(
            struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(blob), offset)
        )
        blobs.append(blob)
        offset += len(blob)
    path.write_bytes(struct.pack("<HHH", 0, 1, len(entries)) + b"".join(directory + blobs))


def write_icns(path: Path, images: dict[int, QImage]) -> None:
    body = b"".join(
        kind.encode() + struct.pack(">I", 8 + len(png)) + png
        for kind, png in ((kind, png_bytes(images[size])) for kind, size in ICNS_TYPES)
    )
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - Qt needs one
    images = {size: render(size) for size in sorted({*SIZES, *ICO_SIZES, 1024})}
    for size in SIZES:
        target = ICONS / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png_bytes(images[size]))
        print(f"wrote {target.relative_to(ROOT)}")
    write_ico(ICONS / "m3desk.ico", images)
    write_icns(ICONS / "m3desk.icns", images)
    print("wrote resources/icons/m3desk.ico and resources/icons/m3desk.icns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
