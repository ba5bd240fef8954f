"""Text from other tools' files made safe to keep: characters that are not text removed, and
formatted (HTML) text turned into plain words, in bounded work.

A lone surrogate ("\\ud800", which JSON's escapes can carry) cannot be UTF-8, so no file could
save it and pydantic refuses it; a control character would reach the screen and the printer.
:func:`clean_text` replaces the first with U+FFFD and drops the others, and says how many it
changed, so an importer can tell the user instead of raising.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

__all__ = ["clean_text", "html_to_text"]

_NOT_TEXT = re.compile(r"[\ud800-\udfff]|[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_ONE_LINE = re.compile(r"[\t\n]")


def clean_text(value: object, limit: int, *, lines: bool = False) -> tuple[str, int]:
    """``value`` as text of at most ``limit`` characters, and how many characters that are
    not text (lone surrogates, control characters) were replaced or dropped. A text of one
    line (``lines`` False) has its tabs and line breaks made spaces and its spaces joined."""
    text = value if isinstance(value, str) else "" if value is None else str(value)
    text = text[: limit * 2 + 64].replace("\r\n", "\n").replace("\r", "\n")
    changed = len(_NOT_TEXT.findall(text))
    if changed:
        text = _SURROGATE.sub("\ufffd", text)
        text = _NOT_TEXT.sub("", text)
    if lines:
        text = "\n".join(line.rstrip() for line in text.split("\n"))
    else:
        text = " ".join(_ONE_LINE.sub(" ", text).split())
    return text.strip()[:limit], changed


_BLOCKS = frozenset(
    {
        "p",
        "div",
        "br",
        "li",
        "tr",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "blockquote",
        "section",
        "article",
        "table",
        "ul",
        "ol",
        "hr",
        "dt",
        "dd",
    }
)
_SKIPPED = frozenset({"script", "style", "template", "head", "title"})


class _Words(HTMLParser):
    """The words of an HTML text, a line per block; scripts, styles and tags dropped,
    entities decoded (``convert_charrefs``). Work stops once ``limit`` characters are kept."""

    def __init__(self, limit: int) -> None:
        super().__init__(convert_charrefs=True)
        self.limit = limit
        self.parts: list[str] = []
        self.size = 0
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED:
            self.skipping += 1
        elif tag == "li":
            self._add("\n• ")
        elif tag in _BLOCKS:
            self._add("\n")
        elif tag in ("td", "th"):
            self._add("  ")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED:
            self.skipping = max(0, self.skipping - 1)
        elif tag in _BLOCKS:
            self._add("\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self._add(data)

    def _add(self, text: str) -> None:
        if self.size < self.limit:
            self.parts.append(text)
            self.size += len(text)


def html_to_text(value: object, limit: int) -> tuple[str, int]:
    """Formatted text (Foundry keeps biographies and notes as HTML) as plain text of at most
    ``limit`` characters, a paragraph a line; never markup. Returns the text and how many
    characters that are not text were dropped (see :func:`clean_text`)."""
    raw, changed = clean_text(value, limit * 4, lines=True)
    if "<" not in raw and "&" not in raw:
        words = raw
    else:
        parser = _Words(limit * 2)
        try:
            parser.feed(raw)
            parser.close()
        except (AssertionError, ValueError):  # malformed markup: keep what was read
            pass
        words, _entities = clean_text("".join(parser.parts), limit * 2, lines=True)
    lines = [" ".join(line.replace("\xa0", " ").split()) for line in words.split("\n")]
    text = "\n".join(line for line in lines if line)
    return text[:limit], changed
