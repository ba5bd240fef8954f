"""Token and label sizes from the board's font, so the board grows with the user's font.

All sizes are in scene units at 100 % zoom; a larger system font makes larger tokens and
the layout spaces them accordingly instead of letting names collide.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF

from m3desk.ui.board.footprint import Footprint

PADDING = 3.0


@dataclass(frozen=True)
class TokenMetrics:
    """Fonts and the footprints of ordinary tokens and of the centre token."""

    name_font: QFont
    centre_font: QFont
    caption_font: QFont
    label_font: QFont
    initials_font: QFont
    line_height: float
    caption_height: float
    name_width: float
    token: Footprint
    centre: Footprint
    chips: bool
    """Tokens are chips (marker at the left, name and caption beside it) for the lanes."""
    name_metrics: QFontMetricsF = field(compare=False)
    centre_metrics: QFontMetricsF = field(compare=False)
    caption_metrics: QFontMetricsF = field(compare=False)
    label_metrics: QFontMetricsF = field(compare=False)

    @classmethod
    def from_font(cls, font: QFont, *, chips: bool = False) -> TokenMetrics:
        name_font = QFont(font)
        centre_font = QFont(font)
        centre_font.setBold(True)
        caption_font = QFont(font)
        caption_font.setPointSizeF(max(font.pointSizeF() * 0.88, 6.0))
        label_font = QFont(caption_font)
        label_font.setBold(True)
        if not chips:  # small capitals on a ring; lanes have long labels and less room
            label_font.setCapitalization(QFont.Capitalization.AllUppercase)
            label_font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 104)
        initials_font = QFont(caption_font)
        initials_font.setBold(True)
        names = QFontMetricsF(name_font)
        captions = QFontMetricsF(caption_font)
        labels = QFontMetricsF(label_font)
        line = names.lineSpacing()
        caption_line = captions.lineSpacing()
        name_width = max(96.0, names.averageCharWidth() * 14)
        if chips:
            # A chip is one marker and two lines beside it: about twice the line height.
            marker = round(line * 0.8)
            height = max(2 * marker, line + caption_line) + 2 * PADDING
            width = 2 * marker + 4 * PADDING + name_width
            token = Footprint(width=width, top=height / 2, height=height, marker_radius=marker)
            centre = Footprint(
                width=width + names.averageCharWidth() * 2,
                top=height / 2,
                height=height,
                marker_radius=marker,
            )
            return cls(
                name_font,
                centre_font,
                caption_font,
                label_font,
                initials_font,
                line,
                caption_line,
                name_width,
                token,
                centre,
                True,
                names,
                QFontMetricsF(centre_font),
                captions,
                labels,
            )
        marker = round(line * 1.05)
        centre_marker = round(line * 1.6)
        token = Footprint(
            width=name_width + 2 * PADDING,
            top=marker + PADDING,
            # Two lines of name and two of caption at most ("Morgan Ironwolf" over "10 ft
            # · dagger, sling" needs all four): a caption a user must read is never cut.
            height=marker * 2 + 2 * PADDING + 2 + 2 * line + 2 * caption_line,
            marker_radius=marker,
        )
        centre_width = QFontMetricsF(centre_font).averageCharWidth() * 16 + 2 * PADDING
        centre = Footprint(
            width=max(centre_width, name_width * 1.15),
            top=centre_marker + PADDING,
            height=centre_marker * 2 + 2 * PADDING + 2 + 2 * line,
            marker_radius=centre_marker,
        )
        return cls(
            name_font,
            centre_font,
            caption_font,
            label_font,
            initials_font,
            line,
            caption_line,
            name_width,
            token,
            centre,
            False,
            names,
            QFontMetricsF(centre_font),
            captions,
            labels,
        )

    @functools.cached_property
    def caption_fonts(self) -> tuple[tuple[QFont, QFontMetricsF], tuple[QFont, QFontMetricsF]]:
        """The caption's font and metrics, upright (in reach) and italic (out of reach):
        made once, not for every token at every redraw."""
        italic = QFont(self.caption_font)
        italic.setItalic(True)
        return ((self.caption_font, self.caption_metrics), (italic, QFontMetricsF(italic)))

    def label_text(self, text: str) -> str:
        """A ring's label as drawn: in capitals on rings, a capital first in lanes."""
        return text[:1].upper() + text[1:] if self.chips else text.upper()

    def label_sizes(self, texts: tuple[str, ...]) -> tuple[tuple[float, float], ...]:
        """The (width, height) of each ring's label pill."""
        return tuple(
            (
                self.label_metrics.horizontalAdvance(self.label_text(text)) + 4 * PADDING,
                self.label_metrics.height() + PADDING,
            )
            for text in texts
        )

    def label_lines(self, text: str, width: float) -> list[str]:
        """A lane's label in at most two lines of ``width`` (the pill's padding excluded)."""
        return _wrap_words(
            _glue_quantities(self.label_text(text)), self.label_metrics, width - 4 * PADDING, 2
        )

    def lane_label_sizes(
        self, texts: tuple[str, ...], column: float
    ) -> tuple[tuple[float, float], ...]:
        """Each lane label's box in a column ``column`` wide: one line, or two when it is
        too long for one."""
        line = self.label_metrics.lineSpacing()
        sizes = []
        for (width, height), text in zip(self.label_sizes(texts), texts, strict=True):
            if width > column:
                lines = len(self.label_lines(text, column))
                width, height = column, height + (lines - 1) * line
            sizes.append((width, height))
        return tuple(sizes)

    def footprint(self, centre: bool) -> Footprint:
        return self.centre if centre else self.token


def wrap_name(name: str, metrics: QFontMetricsF, width: float, max_lines: int = 2) -> list[str]:
    """Break a name at spaces into at most ``max_lines`` lines; elide what still overflows.

    Two short lines read better than one clipped line ("Gramfive the / Grim"). A copy's
    number stays with the word before it ("Xiola / Zenwaith 6", never a lone "6").
    """
    words = name.split()
    if len(words) > 2 and words[-1].isdigit():
        words[-2:] = [f"{words[-2]} {words[-1]}"]
    return _wrap_words(words, metrics, width, max_lines)


def wrap_caption(caption: str, metrics: QFontMetricsF, width: float, max_lines: int) -> list[str]:
    """A caption in one line when it fits, else in up to ``max_lines``: broken first after
    the distance ("30 ft" / "Sword, Dagger"), then between words; elided only past that."""
    if not caption:
        return []
    if max_lines <= 1 or metrics.horizontalAdvance(caption) <= width:
        return [metrics.elidedText(caption, Qt.TextElideMode.ElideRight, width)]
    head, dot, rest = caption.partition(" · ")
    if dot and metrics.horizontalAdvance(head) <= width:
        return [head, *_wrap_words(_glue_quantities(rest), metrics, width, max_lines - 1)]
    return _wrap_words(_glue_quantities(caption), metrics, width, max_lines)


def _wrap_words(
    words: list[str], metrics: QFontMetricsF, width: float, max_lines: int
) -> list[str]:
    """Fill lines with ``words`` (each kept whole), the last line taking the rest, elided."""
    lines: list[str] = []
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and metrics.horizontalAdvance(f"{line} {words[0]}") <= width:
            line = f"{line} {words.pop(0)}"
        lines.append(line)
    if words:
        lines[-1] = f"{lines[-1]} {' '.join(words)}"
    return [metrics.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in lines]


def _glue_quantities(text: str) -> list[str]:
    """Words, with a number kept on the line of the unit after it ("90 ft", never "90 / ft")."""
    words: list[str] = []
    for word in text.split():
        if words and words[-1].rstrip(",").isdigit() and not word[:1].isdigit():
            words[-1] = f"{words[-1]} {word}"
        else:
            words.append(word)
    return words


def initials(name: str) -> str:
    """A short mark for the marker: "Felix Pook" → "Fe", "Mummy 3" → "M3".

    The first two letters tell the sample party apart where first-and-last initials
    would not (Gramfive the Grim and Guido of Gramarye are both "GG").
    """
    words = name.split()
    if not words:
        return "?"
    if len(words) > 1 and words[-1].isdigit():
        return (words[0][0] + words[-1])[:3].upper()
    return words[0][:2].title()


def distinct_initials(names: Iterable[str]) -> dict[str, str]:
    """A mark per name, no two alike where the names differ: "Silverleaf" and "Sister
    Rebecca" would both be "Si", so the second takes its words' initials ("SR") or, failing
    that, its first letter and a later one ("Ss"); a numbered name keeps its number ("Giant
    rat 2" and "Goblin 2" are "GR2" and "Go2", not both "G2"). Identical names share their
    mark."""
    marks: dict[str, str] = {}
    taken: set[str] = set()
    names = list(dict.fromkeys(names))
    bases: dict[str, set[str]] = {}  # numbered names' first letters, and their kinds
    for name in names:
        words = name.split()
        if len(words) > 1 and words[-1].isdigit():
            bases.setdefault(name[0].upper(), set()).add(" ".join(words[:-1]))
    for name in names:
        candidates = _candidate_marks(name)
        words = name.split()
        if len(words) > 1 and words[-1].isdigit() and len(bases[name[0].upper()]) > 1:
            next(candidates)  # "G2" names neither Giant rat 2 nor Goblin 2: both take more
        for mark in candidates:
            if mark not in taken:
                break
        marks[name] = mark
        taken.add(mark)
    return marks


def _candidate_marks(name: str) -> Iterator[str]:
    first = initials(name)
    yield first
    words = name.split()
    number = words[-1] if len(words) > 1 and words[-1].isdigit() else ""
    if number:
        words = words[:-1]
    if len(words) > 1:
        yield ("".join(w[0] for w in words[:2]).upper() + number)[:4]
    head = words[0] if words else "?"
    for letter in head[1:] + "".join(words[1:]):
        if letter.isalnum():
            mark = head[0].upper() + letter.lower() + number
            if mark != first:
                yield mark[:4]
    yield first  # nothing distinct left: shared, the name beside it tells them apart
