"""Words that shorten gracefully in a narrow column: "Monsters" → "Mons.", "Declared" →
"Decl.", never "Mons…" or "Declar…" cut mid-syllable with an ellipsis.

A word is kept whole when it fits; else it loses letters from its end and takes a full
stop, and the cut falls after a run of consonants, before the next vowel (the way people
write "Decl.", "Cov.", "Mov."), down to its first three letters. Words in capitals ("THAC0",
"HP") and numbers are names, not words: they are elided, never abbreviated. The whole text
always stays in the tooltip, which the caller keeps.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics

__all__ = ["abbreviations", "shortened"]

_VOWELS = frozenset("aeiouyAEIOUY")
_LEAST_LETTERS = 3


def abbreviations(word: str) -> list[str]:
    """The abbreviations of one word, longest first ("Monsters": "Monst.", "Mons.", …)."""
    if len(word) <= _LEAST_LETTERS + 1 or not word.isalpha() or word.isupper():
        return []
    found: list[str] = []
    longest = max(_LEAST_LETTERS + 1, (len(word) + 1) // 2 + 1)  # "conseq.", not "consequenc."
    for end in range(min(len(word) - 2, longest), _LEAST_LETTERS - 1, -1):
        # After a run of consonants, before the next vowel: "Decl|ared", "Monst|ers".
        if word[end - 1] not in _VOWELS and word[end] in _VOWELS:
            found.append(word[:end] + ".")
    least = word[:_LEAST_LETTERS] + "."
    if least not in found:
        found.append(least)
    return found


def shortened(text: str, metrics: QFontMetrics, width: int) -> str:
    """``text`` as it fits ``width`` pixels: whole, with its last word abbreviated, with
    only its first word (abbreviated if need be), or elided as the last resort."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    words = text.split()
    if not words:
        return text
    for count in range(len(words), 0, -1):
        last = words[count - 1]
        if not any(letter.isalnum() for letter in last):
            continue  # never end on "&" or a dash
        head = " ".join(words[: count - 1])
        candidates = ([last] if count < len(words) else []) + abbreviations(last)
        for short in candidates:
            candidate = f"{head} {short}" if head else short
            if metrics.horizontalAdvance(candidate) <= width:
                return candidate
    return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
