"""The phones show the fight exactly as the player view does, in every game: the same
heading, the same order, the same words for wounds, nothing hidden."""

from __future__ import annotations

from typing import Any

import pytest

from m3desk.core import registry
from m3desk.core.players import players_copy
from m3desk.table_server.view import state_of
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.player_view import PlayerView
from tests.table_server.serving import HIDDEN, fight_with_a_hidden_foe
from tests.ui.encounter.game_samples import at_points


@pytest.mark.parametrize("game", [system.id for system in registry.systems()])
def test_the_phones_order_is_the_player_views(qtbot: Any, game: str) -> None:
    encounter = fight_with_a_hidden_foe(game)
    hurt = encounter.combatants[1]  # the shown monster, badly hurt
    pool = registry.get(game).encounter.pool(hurt)  # type: ignore[union-attr]
    if pool is not None:
        encounter = at_points(encounter, hurt.id, 1)
    document = EncounterDocument(encounter)
    view = PlayerView(document)
    qtbot.addWidget(view)
    state = state_of(players_copy(document.encounter))
    shown = [
        view.order.item(row).text().removeprefix("▶ ").strip() for row in range(view.order.count())
    ]
    assert [line["text"] for line in state.table["order"]] == shown
    assert state.table["heading"] == view.round_label.text()
    assert HIDDEN not in str(state.table) and HIDDEN not in " ".join(view.texts())
    if pool is not None:
        assert any(
            line["health"] in ("wounded", "badly wounded", "down")
            for line in state.table["order"]
            if line["id"] == hurt.id
        )


@pytest.mark.parametrize("game", [system.id for system in registry.systems()])
def test_the_phones_board_is_the_player_views(qtbot: Any, game: str) -> None:
    """The same centre, the same combatants in the same bands (a game of bands), the same
    places on the map (a game of distances), the hidden one nowhere."""
    encounter = fight_with_a_hidden_foe(game)
    document = EncounterDocument(encounter)
    view = PlayerView(document)
    qtbot.addWidget(view)
    state = state_of(players_copy(document.encounter))
    board = state.board("")
    assert board is not None
    snapshot = view.board.scene.snapshot
    assert snapshot.centre is not None
    assert board["centre"] == snapshot.centre.combatant_id
    if board["kind"] == "lanes":
        shown = [
            [view.players.encounter.combatant(key).name for key in members]
            for members in snapshot.band_members()
        ]
        assert [[m["name"] for m in lane["members"]] for lane in board["lanes"]] == shown
        assert [lane["label"] for lane in board["lanes"]] == list(snapshot.scale.labels)
        limit = snapshot.scale.limit_ring
        assert [lane["beyond"] for lane in board["lanes"]] == [
            limit is not None and ring > limit for ring in range(len(board["lanes"]))
        ]
        members = [m for lane in board["lanes"] for m in lane["members"]]
    else:
        assert view.map is not None
        drawn = {(t.combatant_id, t.name, t.x, t.y) for t in view.map.picture.tokens}
        assert {(t["id"], t["name"], t["x"], t["y"]) for t in board["tokens"]} == drawn
        labels = {t.combatant_id: t.position_label for t in snapshot.tokens}
        assert {m["id"]: m["where"] for m in board["near"]} == labels
        members = board["near"]
    # Solid or dashed as the board draws them: in reach of the centre's attacks or not.
    assert {m["id"]: m["reach"] for m in members} == {
        t.combatant_id: bool(t.reach) for t in snapshot.tokens
    }
    assert HIDDEN not in str(board)
