"""Turning a pydantic ValidationError into a few lines a person can act on.

pydantic's own text is long, repeats the input and links to its docs; a user
opening a damaged sheet needs to see *where* it is wrong (``traits[2].name``)
and *what* is wrong, for the first few problems only.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from pydantic import ValidationError

__all__ = ["MAX_REPORTED_ERRORS", "format_location", "summarize_validation_error"]

MAX_REPORTED_ERRORS = 5
_MAX_KEY_CHARS = 40
_MAX_MESSAGE_CHARS = 200


def _format_key(key: str) -> str:
    """Show a dict key as ``.name`` when it reads like a name, else quoted.

    Keys come from the file, so they are shortened and quoted to keep a hostile
    key (huge, or full of newlines) from wrecking the message.
    """
    if key.isidentifier() and len(key) <= _MAX_KEY_CHARS:
        return f".{key}"
    shown = key if len(key) <= _MAX_KEY_CHARS else key[:_MAX_KEY_CHARS] + "…"
    return f"[{json.dumps(shown)}]"


def format_location(loc: Sequence[int | str]) -> str:
    """``("traits", 2, "name")`` -> ``"traits[2].name"``; empty -> ``"(document)"``."""
    parts: list[str] = []
    for item in loc:
        parts.append(f"[{item}]" if isinstance(item, int) else _format_key(str(item)))
    text = "".join(parts).removeprefix(".")
    return text or "(document)"


def summarize_validation_error(
    error: ValidationError, *, limit: int = MAX_REPORTED_ERRORS
) -> list[str]:
    """One line per problem, at most ``limit`` lines plus an "and N more" line."""
    problems = error.errors(include_url=False, include_input=False, include_context=False)
    lines: list[str] = []
    for problem in problems[:limit]:
        message = str(problem.get("msg", "invalid value")).replace("\n", " ")
        if len(message) > _MAX_MESSAGE_CHARS:
            message = message[:_MAX_MESSAGE_CHARS] + "…"
        lines.append(f"{format_location(problem.get('loc', ()))}: {message}")
    hidden = len(problems) - limit
    if hidden > 0:
        lines.append(f"… and {hidden} more problem{'s' if hidden > 1 else ''}")
    return lines
