"""Other tools' sheet files (Foundry VTT's actor JSON), read and written safely.

The game says what the file means (:class:`~m3desk.core.system.ExchangeFormat`); this module
only moves bytes: the file is size-capped and nesting-checked before it is parsed, exactly as
m3desk's own documents are, and an export is written atomically.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from m3desk.core.system import ExchangeFormat, ExchangeRead
from m3desk.storage.atomic import atomic_write_bytes
from m3desk.storage.safejson import (
    decode_json_bytes,
    describe_exception,
    load_error,
    read_file_capped,
)

__all__ = ["MAX_EXCHANGE_BYTES", "expected_file", "read_exchange_file", "write_exchange_file"]

MAX_EXCHANGE_BYTES = 4 * 1024 * 1024
"""A Foundry actor with every item and spell is tens of kilobytes."""


def read_exchange_file(path: Path, exchange: ExchangeFormat) -> ExchangeRead:
    """The sheet in ``path``; raises DocumentLoadError (with a sentence) when the file is not
    readable JSON. Odd contents never raise: the game reports them as problems."""
    expected = expected_file(exchange)
    data = read_file_capped(path, MAX_EXCHANGE_BYTES, expected, source=path.name)
    raw = decode_json_bytes(
        data, source=path.name, path=path, limit=MAX_EXCHANGE_BYTES, expected=expected
    )
    if not isinstance(raw, dict):
        # One actor is one JSON object; a list (of several actors?), a text or a number
        # would be read as a blank sheet that keeps nothing of the file.
        raise load_error(
            path.name,
            path,
            f"it holds {_what(raw)}, not one sheet (another tool's sheet is a JSON object).",
        )
    try:
        return exchange.read(raw)
    except Exception as exc:  # a reader's bug must not become a traceback
        # ``read`` never raises by contract; should one still do, the user gets a sentence
        # and nothing opens, instead of a traceback on stderr and a silent window.
        raise load_error(
            path.name, path, f"m3desk could not make a sheet of it ({describe_exception(exc)})."
        ) from exc


def expected_file(exchange: ExchangeFormat) -> str:
    """What a file of ``exchange`` is, for the sentence that refuses one ("a Foundry VTT actor
    (OSE) file"): a file refused for its size or shape is not one, whatever m3desk's own are."""
    article = "an" if exchange.label[:1].lower() in "aeiou" else "a"
    return f"{article} {exchange.label} file"


def _what(raw: object) -> str:
    if isinstance(raw, list):
        return f"a list of {len(raw):,} {'entry' if len(raw) == 1 else 'entries'}"
    if isinstance(raw, str):
        return "a text"
    if raw is None:
        return "nothing (null)"
    return "a yes or no" if isinstance(raw, bool) else "a number"


def write_exchange_file(path: Path, exchange: ExchangeFormat, sheet: BaseModel) -> tuple[str, ...]:
    """Write ``sheet`` in the other tool's format, all or nothing; returns what that tool has
    no place for. Raises SaveError (m3desk.storage.errors) with a sentence when the disk refuses."""
    data, notes = exchange.write(sheet)
    try:
        payload = (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        # A lone surrogate cannot be UTF-8; JSON's escapes still carry it.
        payload = (json.dumps(data, ensure_ascii=True, indent=2) + "\n").encode("ascii")
    atomic_write_bytes(path, payload)  # raises SaveError with a sentence
    return notes
