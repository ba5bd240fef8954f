"""A token's marker is worked out again only when what it shows changes (a new centre
changes most captions, few markers): after every centre in turn, each token draws exactly
what a board opened on the last centre draws, its solid or dashed outline included."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from m3desk.ui.board import RangeBoardWidget
from m3desk.ui.board.token_item import TokenItem
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.ui.board.conftest import party_encounter


def _drawn(item: TokenItem) -> QImage:
    rect = item.boundingRect()
    image = QImage(int(rect.width()) + 2, int(rect.height()) + 2, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.translate(-rect.left() + 1, -rect.top() + 1)
    item.paint(painter, QStyleOptionGraphicsItem())
    painter.end()
    return image


def test_markers_after_every_centre_match_a_board_opened_on_the_last(
    make_board: Callable[[EncounterDocument], RangeBoardWidget],
) -> None:
    encounter = party_encounter(mummies=2)
    document = EncounterDocument(encounter)
    board = make_board(document)
    ids = [c.id for c in encounter.combatants]
    reach_changed = False
    for centre in ids:
        before = {t.combatant_id: t.facts.in_reach for t in board.scene.tokens()}
        document.select(centre)
        board.view.viewport().grab()
        after = {t.combatant_id: t.facts.in_reach for t in board.scene.tokens()}
        reach_changed |= any(before.get(k, v) != v for k, v in after.items())
    assert reach_changed  # some token went from in reach to out of it, or back
    fresh_document = EncounterDocument(encounter)
    fresh_document.select(ids[-1])
    fresh = make_board(fresh_document)
    for token in board.scene.tokens():
        other = fresh.scene.token(token.combatant_id)
        assert other is not None
        assert token.facts == other.facts
        assert _drawn(token) == _drawn(other), token.facts.name
