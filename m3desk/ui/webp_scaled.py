"""A large WebP read scaled down while it decodes, by libwebp itself.

Qt's WebP reader decodes the whole picture before it scales it (its handler has no scaled
size), so a 12 000 × 8 000 scan would take 384 MB decoded. libwebp can scale while it
decodes (its decoder options' ``use_scaling``): each row is scaled into the output as it is
made, and only the picture at the size asked is ever held. Qt's own WebP plug-in is libwebp
built in, and exports its functions on Linux and macOS; where it does not (Windows), a
libwebp of the system is used if there is one; where neither is found,
:func:`webp_scaled_reader` returns None and the caller says why it cannot read the picture.

The data is given to libwebp's incremental decoder a slice at a time, so a Cancel is heard
between slices; ctypes lets go of Python's lock during each call, so the window runs on.
The structures below are libwebp's decoder ABI 2.x (``WEBP_DECODER_ABI_VERSION`` 0x0209,
every libwebp since 0.5); libwebp itself refuses a caller of another major version.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QSize
from PySide6.QtGui import QImage

__all__ = ["WebpScaledReader", "webp_scaled_reader"]

_ABI = 0x0209
_SLICE = 1 << 18
"""Bytes of the file given to the decoder at a time (a Cancel is heard between them)."""
_SUSPENDED, _OK = 5, 0
_STATUS = {
    1: "out of memory",
    2: "an invalid parameter",
    3: "corrupt data",
    4: "a feature libwebp does not read",
    6: "the user stopped it",
    7: "data that ends early",
}
_MODE_BGRA, _MODE_ARGB = 3, 4


class _Features(ctypes.Structure):
    _fields_ = [
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("has_alpha", ctypes.c_int),
        ("has_animation", ctypes.c_int),
        ("format", ctypes.c_int),
        ("pad", ctypes.c_uint32 * 5),
    ]


class _Rgba(ctypes.Structure):
    _fields_ = [("rgba", ctypes.c_void_p), ("stride", ctypes.c_int), ("size", ctypes.c_size_t)]


class _Yuva(ctypes.Structure):
    _fields_ = [
        ("y", ctypes.c_void_p),
        ("u", ctypes.c_void_p),
        ("v", ctypes.c_void_p),
        ("a", ctypes.c_void_p),
        ("y_stride", ctypes.c_int),
        ("u_stride", ctypes.c_int),
        ("v_stride", ctypes.c_int),
        ("a_stride", ctypes.c_int),
        ("y_size", ctypes.c_size_t),
        ("u_size", ctypes.c_size_t),
        ("v_size", ctypes.c_size_t),
        ("a_size", ctypes.c_size_t),
    ]


class _Planes(ctypes.Union):
    _fields_ = [("RGBA", _Rgba), ("YUVA", _Yuva)]


class _Buffer(ctypes.Structure):
    _fields_ = [
        ("colorspace", ctypes.c_int),
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("is_external_memory", ctypes.c_int),
        ("u", _Planes),
        ("pad", ctypes.c_uint32 * 4),
        ("private_memory", ctypes.c_void_p),
    ]


class _Options(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_int)
        for name in (
            "bypass_filtering",
            "no_fancy_upsampling",
            "use_cropping",
            "crop_left",
            "crop_top",
            "crop_width",
            "crop_height",
            "use_scaling",
            "scaled_width",
            "scaled_height",
            "use_threads",
            "dithering_strength",
            "flip",
            "alpha_dithering_strength",
        )
    ] + [("pad", ctypes.c_uint32 * 5)]


class _Config(ctypes.Structure):
    _fields_ = [("input", _Features), ("output", _Buffer), ("options", _Options)]


class WebpScaledReader:
    """libwebp's decoder functions, found once."""

    def __init__(self, library: ctypes.CDLL) -> None:
        self._init = library.WebPInitDecoderConfigInternal
        self._init.argtypes = [ctypes.POINTER(_Config), ctypes.c_int]
        self._init.restype = ctypes.c_int
        self._features = library.WebPGetFeaturesInternal
        self._features.argtypes = [
            ctypes.c_char_p,
            ctypes.c_size_t,
            ctypes.POINTER(_Features),
            ctypes.c_int,
        ]
        self._features.restype = ctypes.c_int
        self._new = library.WebPIDecode
        self._new.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(_Config)]
        self._new.restype = ctypes.c_void_p
        self._append = library.WebPIAppend
        self._append.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
        self._append.restype = ctypes.c_int
        self._delete = library.WebPIDelete
        self._delete.argtypes = [ctypes.c_void_p]
        self._delete.restype = None

    def read(self, data: bytes, target: QSize, between: Callable[[], None]) -> QImage:
        """The WebP ``data`` decoded straight to ``target`` (its aspect kept by the caller).
        Raises ValueError (a phrase: what is wrong) when libwebp cannot read it;
        ``between()`` is called between slices of the data (it raises to stop)."""
        config = _Config()
        if not self._init(ctypes.byref(config), _ABI):
            raise ValueError("this libwebp is of another version")
        status = self._features(data[:4096], min(len(data), 4096), ctypes.byref(config.input), _ABI)
        if status not in (_OK, 7):
            raise ValueError(_STATUS.get(status, f"libwebp's error {status}"))
        if config.input.has_animation:
            raise ValueError("it is animated")
        kind = QImage.Format.Format_ARGB32 if config.input.has_alpha else QImage.Format.Format_RGB32
        out = QImage(target, kind)
        if out.isNull():
            raise ValueError("there is not memory enough for it")
        out.fill(0xFF000000)
        pixels = out.bits()  # a writable view: libwebp writes the rows into the image itself
        address = ctypes.addressof(ctypes.c_char.from_buffer(pixels))
        config.options.use_scaling = 1
        config.options.scaled_width = target.width()
        config.options.scaled_height = target.height()
        config.output.colorspace = _MODE_BGRA if sys.byteorder == "little" else _MODE_ARGB
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = address
        config.output.u.RGBA.stride = out.bytesPerLine()
        config.output.u.RGBA.size = out.sizeInBytes()
        decoder = self._new(None, 0, ctypes.byref(config))
        if not decoder:
            raise ValueError("libwebp could not start reading it")
        try:
            status = _SUSPENDED
            for at in range(0, len(data), _SLICE):
                between()
                status = self._append(decoder, data[at : at + _SLICE], min(_SLICE, len(data) - at))
                if status != _SUSPENDED:
                    break
        finally:
            self._delete(decoder)
            del pixels
        if status == _SUSPENDED:  # every byte given, and the decoder wants more
            raise ValueError("its picture data ends early")
        if status != _OK:
            raise ValueError(_STATUS.get(status, f"libwebp's error {status}"))
        return out


def _libraries() -> list[Path | str]:
    folders = [
        QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath),
        *QCoreApplication.libraryPaths(),
    ]  # a frozen bundle names its own
    found: list[Path | str] = []
    for folder in dict.fromkeys(folders):
        plugins = Path(folder) / "imageformats"
        found += [
            path
            for pattern in ("libqwebp*.so", "libqwebp*.dylib", "qwebp*.dll")
            for path in sorted(plugins.glob(pattern))
            if path not in found
        ]
    system = ctypes.util.find_library("webp")
    if system:
        found.append(system)
    return found


@cache
def webp_scaled_reader() -> WebpScaledReader | None:
    """libwebp's scaled reader, or None where no libwebp with its functions is found."""
    for library in _libraries():
        try:
            return WebpScaledReader(ctypes.CDLL(str(library)))
        except (OSError, AttributeError):
            continue
    return None
