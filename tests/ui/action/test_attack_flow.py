"""Gramfive attacks the surprised mummy with Cutter, as in the book (digest §2.3, item 10)."""

from __future__ import annotations

from m3desk.systems.monsters_and_magic import (
    Attribute,
    CharacterSheet,
    Odds,
    RangeBand,
    ResistanceChoice,
    ResistanceKind,
    TableRules,
    build_check,
)
from m3desk.systems.monsters_and_magic.action_kind import ActionKind
from m3desk.systems.monsters_and_magic.check_text import percent
from m3desk.systems.monsters_and_magic.encounter import range_between
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.log_model import WHAT
from m3desk.ui.encounter.log_panel import LogPanel
from tests.ui.action.conftest import DialogFactory
from tests.ui.action.scene import at_turn, book_encounter, ids

BOOK = TableRules.book_example()
BREAKDOWN = "15 + 8 + 7 = 30 vs 9 + 7 = 16 → 14 EP; larger target −2 → 12 EP"


def gramfive_turn() -> EncounterDocument:
    return EncounterDocument(at_turn(book_encounter(rules=BOOK), "Gramfive"))


def test_the_defaults_are_the_books_situation(open_dialog: DialogFactory) -> None:
    dialog, _user = open_dialog(gramfive_turn())
    who = ids(dialog.document.encounter)
    request = dialog.request
    assert request is not None
    assert (request.actor_id, request.action, request.attribute) == (
        who["Gramfive"],
        ActionKind.ATTACK,
        Attribute.STR,
    )
    assert dialog.inputs.actor_panel.weapon.currentText().startswith("Cutter")
    assert request.target_id == who["First"]
    # The mummy is surprised (the party has surprise): its AC must be rolled.
    assert request.resistance.kind is ResistanceKind.AC and request.resistance.rolled
    assert "surprised" in dialog.inputs.target_panel.resistance.surprise_note.text()
    assert dialog.windowTitle() == "Action — Gramfive the Grim"


def test_gramfive_cutter_on_the_surprised_mummy(open_dialog: DialogFactory) -> None:
    document = gramfive_turn()
    before = document.encounter
    who = ids(before)
    dialog, user = open_dialog(document)
    user.tick(dialog.inputs.actor_panel.traits.list, "Weapons Training")
    user.type_dice(5, 5, 5, 6, 3, 3, 3)
    assert dialog.result_view.breakdown_text() == BREAKDOWN
    assert dialog.result_view.headline_text() == "Success: 12 effect points"

    spending = dialog.assistant
    user.set_number(spending.bands, 2)
    assert "Short → Close" in spending.range_note.text()
    user.set_number(spending.damage, 2)
    assert spending.status.text().endswith("0 left")
    assert "First One Mummy PHP 49 → 47" in spending.preview.text()
    user.apply()

    after = document.encounter
    assert not dialog.isVisible() and dialog.was_applied
    assert after.combatant(who["First"]).sheet.php.current == 47
    assert range_between(after, who["Gramfive"], who["First"]) is RangeBand.CLOSE
    assert document.undo_stack.count() == 1
    new_entries = after.log[len(before.log) :]
    assert len(new_entries) == 1
    entry = new_entries[0]
    assert BREAKDOWN in entry.text and "range Short → Close; 2 PHP damage" in entry.text
    assert (entry.actor, entry.target) == (who["Gramfive"], who["First"])
    for line in (
        "STR (prime) +6",
        "trait bonus (1 trait) +1",
        "Cutter (signature longsword) bonus +1",
        "damage die 1d8+1: +7 (rolled 6)",
        "rolled defence 3d6+7",
        "larger target −2",
        "Maximum damage: 10",
    ):
        assert line in entry.details
    # The log view's row itself: the dice as they fell, each modifier by name, the result.
    panel = LogPanel(document)
    model = panel.view.model()
    row = str(model.index(model.rowCount() - 1, WHAT).data())
    for piece in (
        "3d6 (5, 5, 5)",
        "STR (prime) +6",
        "trait bonus (1 trait) +1",
        "Cutter (signature longsword) bonus +1",
        "damage 1d8+1 (6)",
        "rolled defence 3d6 (3, 3, 3)",
        BREAKDOWN,
        "2 PHP damage",
    ):
        assert piece in row, row
    panel.deleteLater()

    document.undo_stack.undo()
    assert document.encounter == before


def test_the_odds_are_the_rules_cores_and_follow_the_traits(open_dialog: DialogFactory) -> None:
    document = gramfive_turn()
    dialog, user = open_dialog(document)
    encounter = document.encounter
    who = ids(encounter)
    gramfive = encounter.combatant(who["Gramfive"]).sheet
    mummy = encounter.combatant(who["First"]).sheet

    assert isinstance(gramfive, CharacterSheet)

    def expected(traits: int) -> Odds:
        return build_check(
            gramfive,
            attribute=Attribute.STR,
            traits=traits,
            weapon=gramfive.items[0],
            target=mummy,
            resistance=ResistanceChoice(rolled=True),
            rules=BOOK,
        ).odds()

    untrained = expected(0)
    assert dialog.odds_view.odds == untrained
    assert dialog.odds_view.row_texts()[0] == f"Success {percent(untrained.success)}"
    user.tick(dialog.inputs.actor_panel.traits.list, "Weapons Training")
    trained = expected(1)
    assert trained != untrained
    assert dialog.odds_view.odds == trained
    texts = dialog.odds_view.row_texts()
    assert texts == [
        f"Success {percent(trained.success)}",
        f"≥ 5 EP (minor) {percent(trained.at_least(5))}",
        f"≥ 10 EP (major) {percent(trained.at_least(10))}",
        f"≥ 15 EP (extreme) {percent(trained.at_least(15))}",
    ]
    assert f"{float(trained.expected_effect_points):.1f}" in dialog.odds_view.expected.text()
    assert dialog.inputs.actor_panel.traits.caption_text() == "Trait bonus: +1 (1 trait: level 1)"
    user.tick(dialog.inputs.actor_panel.traits.list, "Highly Adaptable")
    assert (
        dialog.inputs.actor_panel.traits.caption_text()
        == "Trait bonus: +2 (2 traits, capped at 2 × level)"
    )
    assert dialog.odds_view.odds == expected(2)
