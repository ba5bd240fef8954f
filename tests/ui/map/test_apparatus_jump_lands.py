"""An Apparatus jump lands (issue 23): a high jump made through the action dialog goes up and
comes down again, so the map's token is back on the level it took off from (no "↑" height
under its name) and, after a run-up, on along its heading by the run and the jump (seed 004,
Table 1: Medium normal, 1 m up and 1 m across after a 2 m run)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from m3desk.core.actions import Action
from m3desk.core.places import Place
from m3desk.core.system import ActionOption
from m3desk.ui.map.painter import token_label
from tests.ui.map.test_map_rules import _panel


def _apply(qtbot: Any, dialog: Any, action: Action) -> None:
    index = next(
        i
        for i in range(dialog.action.count())
        if isinstance(option := dialog.action.itemData(i), ActionOption) and option.id == action
    )
    dialog.action.setCurrentIndex(index)
    assert dialog.apply_button.isEnabled(), dialog.problem.text()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)


def test_a_high_jump_through_the_dialog_lands_on_the_map(qtbot: Any) -> None:
    from tests.systems.apparatus.test_moves import _kestrel_and_brute
    from tests.systems.apparatus.test_table import _do
    from tests.ui.action.sample_fights import open_dialog

    fight, kestrel, _brute = _kestrel_and_brute()  # the Brute 10 m east: her heading
    fight = _do(fight, kestrel, Action("dash"))
    panel = _panel(qtbot, fight, kestrel)
    document = panel.document
    view = panel.view
    dialog = open_dialog(qtbot, document)
    _apply(qtbot, dialog, Action("high"))
    assert document.encounter.log[-1].text == (
        "Kestrel jumps 1 m up and lands: 2 Movement, 10 left"
    )
    token = view.picture.token(kestrel)
    assert token is not None and (token.x, token.y, token.z) == (0, 0, 0)
    assert token_label(token, "m") == "Kestrel"  # no height left under the name
    _apply(qtbot, dialog, Action("high", amount=2))
    assert document.encounter.log[-1].text == (
        "Kestrel jumps 1 m up after a run and lands 1 m on: 4 Movement, 6 left"
    )
    token = view.picture.token(kestrel)
    assert token is not None and (token.x, token.z) == (3, 0)  # 2 m run + 1 m jump east
    # climbed onto a ledge 2 m up with the map's keys, a jump lands on the ledge again
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_PageUp)
    qtbot.keyClick(view, Qt.Key.Key_PageUp)
    assert document.encounter.places[kestrel] == Place.at(3, 0, 2)
    _apply(qtbot, dialog, Action("high"))
    token = view.picture.token(kestrel)
    assert token is not None and token.z == 2
    assert token_label(token, "m") == "Kestrel ↑2 m"
