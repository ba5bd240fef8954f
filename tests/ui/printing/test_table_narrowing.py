"""A table too wide for its page cuts its widest columns first: a number's column keeps its
width (its heading on one line) while the columns of words share what is left."""

from __future__ import annotations

import pytest

from m3desk.ui.printing.flow_blocks import _narrowed


def test_the_widest_columns_are_cut_to_one_width_the_narrow_ones_kept() -> None:
    widths = _narrowed([30.0, 200.0, 40.0, 160.0], 330.0)
    assert widths[0] == 30.0 and widths[2] == 40.0  # the number columns untouched
    assert widths[1] == pytest.approx(130.0) and widths[3] == pytest.approx(130.0)
    assert sum(widths) == pytest.approx(330.0)


def test_a_table_that_fits_no_cap_shrinks_all_alike() -> None:
    widths = _narrowed([30.0, 30.0], 30.0)
    assert widths == [pytest.approx(15.0), pytest.approx(15.0)]
