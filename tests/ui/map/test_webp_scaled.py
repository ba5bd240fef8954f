"""A WebP too large to decode whole is read scaled by libwebp as it decodes: the picture it
gives is the one Qt's whole decode and smooth scaling give (within a rescaler's rounding),
alpha included, and a Cancel between slices stops it."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt
from PySide6.QtGui import QColor, QImage, QImageWriter, QLinearGradient, QPainter

from m3desk.ui import picture_files
from m3desk.ui.picture_files import Cancelled, read_picture_bytes
from m3desk.ui.webp_scaled import webp_scaled_reader


def _webp(width: int, height: int, alpha: bool) -> bytes:
    image = QImage(
        width, height, QImage.Format.Format_ARGB32 if alpha else QImage.Format.Format_RGB32
    )
    image.fill(QColor(0, 0, 0, 0) if alpha else QColor(200, 180, 150))
    painter = QPainter(image)
    gradient = QLinearGradient(0, 0, width, height)
    gradient.setColorAt(0, QColor(200, 40, 40, 255))
    gradient.setColorAt(1, QColor(40, 40, 220, 120 if alpha else 255))
    painter.fillRect(0, 0, width, height // 2, gradient)
    painter.fillRect(width // 4, height // 2, width // 2, height // 3, QColor(30, 160, 60))
    painter.end()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(buffer, b"webp")
    writer.setQuality(100)  # lossless: the file's pixels are the painted ones
    assert writer.write(image), writer.errorString()
    return bytes(buffer.data())


@pytest.mark.parametrize("alpha", [False, True], ids=["opaque", "translucent"])
def test_libwebp_scaled_is_what_a_whole_decode_scaled_gives(qapp: Any, alpha: bool) -> None:
    reader = webp_scaled_reader()
    assert reader is not None, "Qt's WebP plug-in (libwebp) was not found"
    data = _webp(1800, 1200, alpha)
    target = QSize(600, 400)
    scaled = reader.read(data, target, lambda: None)
    whole = QImage.fromData(QByteArray(data), "WEBP").scaled(
        target, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation
    )
    assert scaled.size() == target and scaled.hasAlphaChannel() == alpha
    worst = 0
    for y in range(5, 400, 37):
        for x in range(5, 600, 41):
            ours, theirs = scaled.pixelColor(x, y), whole.pixelColor(x, y)
            worst = max(
                worst,
                abs(ours.red() - theirs.red()),
                abs(ours.green() - theirs.green()),
                abs(ours.blue() - theirs.blue()),
                abs(ours.alpha() - theirs.alpha()),
            )
    assert worst <= 8, worst


def test_a_webp_over_the_whole_decode_limit_is_read_scaled_not_refused(
    qapp: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The limit lowered, so a small file stands for a 48-megapixel scan: the path is the same.
    monkeypatch.setattr(picture_files, "MAX_FULL_DECODE_BYTES", 1_000_000)
    read = read_picture_bytes(_webp(1800, 1200, False), "scan.webp", 900)
    assert read.image.size() == QSize(900, 600) and read.shrink == 0.5
    assert read.image.pixelColor(450, 450).green() > 120  # the green block, where it was


def test_a_cancel_stops_a_scaled_webp_read(qapp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(picture_files, "MAX_FULL_DECODE_BYTES", 1_000_000)
    with pytest.raises(Cancelled):
        read_picture_bytes(_webp(1800, 1200, False), "scan.webp", 900, cancelled=lambda: True)
