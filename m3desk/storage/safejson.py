"""Reading untrusted JSON files without surprises.

Documents are shared between players, so every file is treated as hostile:
its size is capped before it is read, binary data and broken UTF-8 are
refused with a readable reason, and nesting depth is measured with a cheap
scan *before* ``json.loads`` runs, so a file of 100,000 ``[`` cannot exhaust
the recursion limit. Every failure becomes a :class:`DocumentLoadError` whose
message names the file, and says what the file was expected to be (``expected``: "an
m3desk file" unless the caller reads another kind, e.g. another tool's sheet), so a refusal
never calls a Foundry actor or a CSV table "not an m3desk file".
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import NoReturn

from m3desk.storage.errors import DocumentLoadError, describe_os_error

__all__ = [
    "M3DESK_FILE",
    "MAX_NESTING",
    "decode_json_bytes",
    "describe_exception",
    "load_error",
    "nesting_exceeds",
    "read_file_capped",
]

M3DESK_FILE = "an m3desk file"
"""What a file read here is expected to be, unless the caller says otherwise: the end of the
sentence that refuses it ("…, so it is not an m3desk file.")."""
MAX_NESTING = 64
"""No m3desk document is nested anywhere near this deep; deeper input is hostile."""

# Matches the parts of a JSON text that cannot change the nesting depth: whole
# string literals (an unterminated one runs to the end of the text, which keeps
# the scan linear) and runs of characters other than quotes and brackets.
# Possessive quantifiers stop the regex engine from backtracking.
_NOT_A_BRACKET = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?|[^"\[\]{}]++', re.DOTALL)
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_MAX_INT_DIGITS = 1000
MAX_CONTAINERS = 200_000
"""Objects and lists in one file. The largest file m3desk writes (200 combatants, a full
20,000-entry log) holds about 45,000; a million-line log is refused before it is built."""
MAX_ITEMS = 20_000
"""Items of one list or object: a fight's full log (``core.log_entries.MAX_ENTRIES``) is the
longest list m3desk writes, every pair of 200 combatants (19,900) the largest object."""
MAX_TEXT = 20_000
"""Characters of one text: sheet notes (``core.bounds.MAX_NOTES``) and a log entry's details
are the longest m3desk writes."""
_TEXT_LIMITS: dict[str | None, int] = {"portrait_png": 1024 * 1024}
"""The one longer text a file holds: a portrait, as base64 PNG (its model allows 1 MiB)."""
MAX_VALUES = 2_000_000
"""Values (items of lists and objects) in one file; the largest m3desk writes holds ~400,000."""


def load_error(source: str, path: Path | None, reason: str) -> DocumentLoadError:
    """Build the one exception type loaders raise, with a sentence naming the file."""
    return DocumentLoadError(f"Could not open “{source}”: {reason}", path)


def describe_exception(exc: BaseException, limit: int = 200) -> str:
    """``"KeyError: 'name'"``, shortened: third-party code may put anything in a message."""
    text = f"{type(exc).__name__}: {exc}".replace("\n", " ")
    return text if len(text) <= limit else text[:limit] + "…"


def nesting_exceeds(text: str, limit: int = MAX_NESTING) -> bool:
    """True if the JSON ``text`` nests arrays/objects more than ``limit`` deep.

    Runs in linear time without recursion. Brackets inside strings are ignored.
    For malformed text the answer is only approximate, which is fine: such text
    is rejected by the JSON parser anyway.
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    brackets = _NOT_A_BRACKET.sub("", text)
    if ("[" * (limit + 1)) in brackets or ("{" * (limit + 1)) in brackets:
        return True  # the common hostile shape, found without summing
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0) > limit


def _format_size(size: int) -> str:
    return f"{size / (1 << 20):.1f} MB"


def _too_large(
    source: str, path: Path | None, size: int, limit: int, expected: str
) -> DocumentLoadError:
    shown, most = _format_size(size), _format_size(limit)
    if shown == most:  # "4.0 MB; the limit is 4.0 MB" would not say which is larger
        shown, most = f"{size:,} bytes", f"{limit:,} bytes"
    return load_error(
        source,
        path,
        f"the file is too large ({shown}; the limit is {most}), so it is not {expected}.",
    )


def read_file_capped(
    path: Path, limit: int, expected: str = M3DESK_FILE, *, source: str | None = None
) -> bytes:
    """Read a regular file of at most ``limit`` bytes (a larger one is not ``expected``);
    a refusal names the file as ``source`` (its whole path unless told).

    The size is checked with ``stat`` before reading so a huge file (or a FIFO
    or device that never ends) is refused without being loaded into memory;
    the read itself is capped too, in case the file grows meanwhile.
    """
    source = str(path) if source is None else source
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise load_error(source, path, "it is a folder, not a file.")
        if not stat.S_ISREG(info.st_mode):
            raise load_error(source, path, "it is not a regular file.")
        if info.st_size > limit:
            raise _too_large(source, path, info.st_size, limit, expected)
        with open(path, "rb") as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        raise load_error(source, path, f"{describe_os_error(exc)}.") from exc
    except ValueError as exc:  # e.g. a NUL character in the path
        raise load_error(source, path, "the file name is not valid.") from exc
    if len(data) > limit:
        raise _too_large(source, path, len(data), limit, expected)
    return data


def counted_structure(text: str) -> tuple[int, int]:
    """At most how many (objects and lists, values) the JSON ``text`` holds, counted without
    parsing it: its brackets and commas (``str.count``: C speed, 30 MB in milliseconds).
    Those inside strings count too, so this is an upper bound; a real file's texts hold far
    too few to matter."""
    containers = text.count("{") + text.count("[")
    return containers, containers + text.count(",")


def structure_problem(
    value: object,
    depth_limit: int = MAX_NESTING,
    length_limit: int = MAX_ITEMS,
    expected: str = M3DESK_FILE,
) -> str | None:
    """What is wrong with the shape of the parsed JSON ``value``: nested more than
    ``depth_limit`` deep, or a list or object longer than ``length_limit``; None if nothing.
    The sentence ends by saying the file is not ``expected``.

    Checked before the models see the value: pydantic validates every item of a list before
    it counts them, so a 75,000-item list where 20 are allowed cost seconds to refuse. An
    explicit stack: linear in the number of containers, no recursion.
    """
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, dict | list):
            continue
        if depth > depth_limit:
            return _too_deep(depth_limit, expected)
        if len(item) > length_limit:
            return (
                f"one of its lists holds {len(item):,} items, past the limit of "
                f"{length_limit:,}, so it is not {expected}."
            )
        pairs = item.items() if isinstance(item, dict) else ((None, child) for child in item)
        for key, child in pairs:
            if isinstance(child, dict | list):
                stack.append((child, depth + 1))
            elif isinstance(child, str) and len(child) > (most := _TEXT_LIMITS.get(key, MAX_TEXT)):
                return (
                    f"one of its texts holds {len(child):,} characters, past the limit of "
                    f"{most:,}, so it is not {expected}."
                )
    return None


def _too_deep(limit: int, expected: str) -> str:
    return f"it is nested more than {limit} levels deep, so it is not {expected}."


def _refuse_if_too_many(text: str, source: str, path: Path | None, expected: str) -> None:
    containers, values = counted_structure(text)
    if containers > MAX_CONTAINERS or values > MAX_VALUES:
        raise load_error(
            source,
            path,
            f"it holds {containers:,} lists and objects and {values:,} values, past the limits "
            f"of {MAX_CONTAINERS:,} and {MAX_VALUES:,}, so it is not {expected}.",
        )


def _reject_constant(name: str) -> NoReturn:
    """``NaN`` and ``Infinity`` are not JSON, although Python's parser accepts them."""
    raise ValueError(f"{name} is not allowed in JSON")


def _parse_int(literal: str) -> int:
    """Parse a JSON integer, with a readable message for absurdly long ones."""
    if len(literal.lstrip("-")) > _MAX_INT_DIGITS:
        raise ValueError(f"a number has more than {_MAX_INT_DIGITS} digits")
    return int(literal)


def _parse_float(literal: str) -> float:
    """Parse a JSON float, refusing ones too large to be finite (``1e999``)."""
    value = float(literal)
    if not math.isfinite(value):
        raise ValueError(f"the number {literal[:20]} is too large")
    return value


class DuplicateKeyError(ValueError):
    """A JSON object names one key twice: which value was meant cannot be known."""


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            shown = key if len(key) <= 40 else key[:40] + "…"
            raise DuplicateKeyError(f"the key “{shown}” appears twice in one object")
        result[key] = value
    return result


def decode_json_bytes(
    data: bytes, *, source: str, path: Path | None, limit: int, expected: str = M3DESK_FILE
) -> object:
    """Decode UTF-8 JSON ``data`` into Python values, or raise DocumentLoadError whose
    sentence says, where the shape gives it away, that the file is not ``expected``."""
    if len(data) > limit:
        raise _too_large(source, path, len(data), limit, expected)
    if b"\x00" in data:
        raise load_error(source, path, f"it is a binary file, so it is not {expected}.")
    try:
        text = data.decode("utf-8-sig")  # tolerate the BOM some Windows editors add
    except UnicodeDecodeError as exc:
        raise load_error(
            source,
            path,
            f"it is not a UTF-8 text file (invalid byte at position {exc.start}), so it is not "
            f"{expected}.",
        ) from exc
    if not text.strip():
        raise load_error(source, path, "the file is empty.")
    too_deep = load_error(source, path, _too_deep(MAX_NESTING, expected))
    _refuse_if_too_many(text, source, path, expected)
    try:
        value = json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_constant=_reject_constant,
            parse_int=_parse_int,
            parse_float=_parse_float,
        )
    except json.JSONDecodeError as exc:
        # Broken somewhere: if it nests too deep anyway, say that (the
        # scan reads at most a megabyte, so a huge broken file costs no more than a small one).
        if nesting_exceeds(text[: 1 << 20]):
            raise too_deep from exc
        raise load_error(
            source,
            path,
            f"it is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}).",
        ) from exc
    except RecursionError as exc:  # deeper than the interpreter's recursion limit
        raise too_deep from exc
    except ValueError as exc:  # NaN, Infinity, absurd numbers
        raise load_error(source, path, f"it is not valid JSON ({exc}).") from exc
    # Depth and lengths are measured on the parsed value: a scan of the text for depth cost
    # seconds on a file of a million short strings; the parser stops at the recursion limit.
    problem = structure_problem(value, expected=expected)
    if problem is not None:
        raise load_error(source, path, problem)
    return value
