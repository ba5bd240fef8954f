"""Each token says which of the centre's attacks reach it; unreachable ones are dashed."""

from __future__ import annotations

from PySide6.QtCore import Qt

from m3desk.systems.monsters_and_magic.conditions import Condition, ConditionKind, Tier
from m3desk.systems.monsters_and_magic.encounter import replace_sheet, set_range
from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.ui.board import RangeBoardWidget
from m3desk.ui.board.token_item import OUT_OF_REACH
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.ui.board.conftest import combatant_id
from tests.ui.board.helpers import token_named


def _place(document: EncounterDocument, centre: str, bands: dict[str, RangeBand]) -> None:
    encounter = document.encounter
    for name, band in bands.items():
        encounter = set_range(
            encounter, combatant_id(document, centre), combatant_id(document, name), band
        )
    document.apply(encounter, "Set ranges")
    document.select(combatant_id(document, centre))


def test_felix_dagger_reaches_hand_and_close_but_not_short(
    board: RangeBoardWidget, document: EncounterDocument
) -> None:
    _place(
        document,
        "Felix",
        {"First": RangeBand.HAND, "Gramfive": RangeBand.CLOSE, "Xiola": RangeBand.SHORT},
    )

    for name in ("First", "Gramfive"):
        token = token_named(board, name)
        assert token.caption == "Dagger"
        assert token.facts.in_reach
        assert token.outline_pen().style() == Qt.PenStyle.SolidLine
    xiola = token_named(board, "Xiola")
    assert xiola.caption == OUT_OF_REACH
    assert xiola.outline_pen().style() == Qt.PenStyle.DashLine
    assert "Out of reach" in xiola.toolTip()
    assert "Short from Felix Pook" in xiola.toolTip()


def test_xiola_magic_missile_reaches_short(
    board: RangeBoardWidget, document: EncounterDocument
) -> None:
    _place(document, "Xiola", {"First": RangeBand.SHORT, "Felix": RangeBand.HAND})

    assert token_named(board, "First").caption == "Magic Missile"
    felix = token_named(board, "Felix")
    assert felix.caption == OUT_OF_REACH and not felix.facts.in_reach
    # The legend says once what a caption under a solid marker is.
    assert "solid: in reach of the attack named" in board.legend.texts()


def test_captions_drop_parentheses_but_tooltips_keep_them(
    board: RangeBoardWidget, document: EncounterDocument
) -> None:
    _place(document, "Gramfive", {"First": RangeBand.CLOSE, "Felix": RangeBand.HAND})

    mummy = token_named(board, "First")
    assert mummy.caption == "Cutter"
    assert "Cutter (signature longsword)" in mummy.toolTip()
    assert "Would reach once drawn: Dagger" in token_named(board, "Felix").toolTip()


def test_conditions_show_in_the_tooltip(
    board: RangeBoardWidget, document: EncounterDocument
) -> None:
    mummy_id = combatant_id(document, "First")
    sheet = document.encounter.combatant(mummy_id).sheet
    burning = Condition.make("catching fire", ConditionKind.CONSEQUENCE, Tier.MINOR)
    document.apply(
        replace_sheet(
            document.encounter, mummy_id, sheet.model_copy(update={"conditions": (burning,)})
        ),
        "Burn",
    )

    assert "Conditions: catching fire" in token_named(board, "First").toolTip()
