"""Dice expressions are read in one pass, and text longer than a damage die is refused unread."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from m3desk.core.dice import MAX_DICE_TEXT, DiceError, DiceExpr

# What the pattern this replaces (m3desk 0.x) read; the tokenizer must agree on every short text.
_OLD_GRAMMAR = (
    (" 1d8 ", (1, 8, 0)),
    ("d12", (1, 12, 0)),
    ("2d6-1", (2, 6, -1)),
    ("+1d4+1", (1, 4, 1)),
    ("2 D 6 + 3", (2, 6, 3)),
    ("+2", (0, 1, 2)),
    ("- 3", (0, 1, -3)),
    ("7", (0, 1, 7)),
    ("\t3d6\n", (3, 6, 0)),
)


@pytest.mark.parametrize(("text", "expected"), _OLD_GRAMMAR)
def test_the_written_forms_still_read(text: str, expected: tuple[int, int, int]) -> None:
    expr = DiceExpr.parse(text)
    assert (expr.count, expr.sides, expr.bonus) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "d",
        "1d",
        "1 0d8",
        "1d8+",
        "1d8 1",
        "+-2",
        "1d8+1+1",
        "dd8",
        "1d8x",
        "2d6-1d4",
        "--1",
        "d+8",
    ],
)
def test_what_is_not_a_die_is_refused_with_the_usual_sentence(text: str) -> None:
    with pytest.raises(DiceError, match=r"is not a damage die|between 1 and|sides"):
        DiceExpr.parse(text)


@pytest.mark.parametrize(
    "text",
    [
        " " * 3000,  # the padded damage string that hung every game (old pattern: cubic)
        " " * 1000 + "x",
        " " * 2000 + "d" + " " * 2000,
        "1d8" + "+" * 5000,
        "9" * 5000,
        "1d8+1" + " " * MAX_DICE_TEXT,
    ],
)
def test_text_longer_than_a_die_is_refused_unread(text: str) -> None:
    with pytest.raises(DiceError) as refused:
        DiceExpr.parse(text)

    message = str(refused.value)
    assert f"at most {MAX_DICE_TEXT} characters" in message
    assert str(len(text)) in message
    assert len(message) < 120  # the text itself is not echoed back


def test_the_longest_die_the_rules_allow_fits() -> None:
    assert str(DiceExpr.parse("  20d100 + 100  ")) == "20d100+100"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=" \t1234567890dD+-x", max_size=MAX_DICE_TEXT))
def test_any_short_text_parses_or_raises_dice_error(text: str) -> None:
    try:
        expr = DiceExpr.parse(text)
    except DiceError:
        return
    assert DiceExpr.parse(str(expr)).distribution() == expr.distribution()
