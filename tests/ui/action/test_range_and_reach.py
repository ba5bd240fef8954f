"""The rules the dialog must hold about range and reach, what a monster adds, and how a
result reads (issue 13; seed 000 "Changing range", digest §1.7 and §2.3 items 8, 10, 18)."""

from __future__ import annotations

import re
from html import unescape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel

from m3desk.systems.monsters_and_magic import RangeBand, TableRules, Tier
from m3desk.systems.monsters_and_magic.encounter import range_between
from m3desk.systems.monsters_and_magic.table_rules import RangeResistance
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog
from tests.ui.action.conftest import DialogFactory
from tests.ui.action.scene import at_turn, book_encounter, ids, in_round_one, with_conditions
from tests.ui.action.test_spending import backstabbed, catching_fire

BOOK = TableRules.book_example()
CUTTER = "Cutter (signature longsword)"


def surprise_round(turn: str, rules: TableRules = BOOK) -> EncounterDocument:
    return EncounterDocument(at_turn(book_encounter(rules=rules), turn))


def round_one(turn: str, rules: TableRules = BOOK) -> EncounterDocument:
    return EncounterDocument(at_turn(in_round_one(book_encounter(rules=rules)), turn))


def entries(combo: QComboBox) -> dict[str, tuple[str, str]]:
    """Entry text and tooltip by the entry's first word."""
    return {
        combo.itemText(i).split()[0]: (
            combo.itemText(i),
            combo.itemData(i, Qt.ItemDataRole.ToolTipRole) or "",
        )
        for i in range(combo.count())
    }


# -- 1 · range before damage ------------------------------------------------------------------


def test_eleven_damage_with_a_longsword_at_short_cannot_be_spent(
    open_dialog: DialogFactory,
) -> None:
    """No trait: 15 + 7 + 7 = 29 vs 9 + 7 = 16 → 13, larger target −2 → 11 EP at Short."""
    document = surprise_round("Gramfive")
    dialog, user = open_dialog(document)
    user.type_dice(5, 5, 5, 6, 3, 3, 3)
    assert dialog.resolution is not None and dialog.resolution.effect_points == 11
    spending = dialog.assistant
    # The only way to a damage: 2 bands closer, chosen already.
    assert (spending.direction.currentText(), spending.bands.value()) == ("closer", 2)
    assert spending.range_note.text().startswith("Short → Close (10 EP)")
    assert spending.damage.maximum() == 1
    user.set_number(spending.damage, 11)
    assert spending.damage.value() == 1  # "11" is refused at its second digit

    user.set_number(spending.bands, 0)  # stay at Short: nothing but the range can be bought
    assert spending.damage.value() == 0 and not spending.damage.isEnabled()
    assert (
        f"{CUTTER} attacks from Close: 2 bands closer first (10 EP)" in spending.damage_note.text()
    )
    assert f"{CUTTER} attacks from Close" in spending.range_note.text()
    row = spending.rows[0]
    assert not row.select_tier(Tier.MINOR)

    user.set_number(spending.bands, 2)
    user.set_number(spending.damage, 1)
    assert spending.status.text() == "11 EP to spend  ·  11 spent  ·  0 left"
    user.apply()
    encounter = document.encounter
    who = ids(encounter)
    assert encounter.combatant(who["First"]).sheet.php.current == 48
    assert range_between(encounter, who["Gramfive"], who["First"]) is RangeBand.CLOSE


def test_too_few_points_to_reach_leave_the_range_to_the_gm(open_dialog: DialogFactory) -> None:
    """13 + 7 + 3 = 23 vs 16 → 7, −2 → 5 EP: one band is all it buys; nothing is chosen."""
    dialog, user = open_dialog(surprise_round("Gramfive"))
    user.type_dice(4, 4, 5, 2, 3, 3, 3)
    assert dialog.resolution is not None and dialog.resolution.effect_points == 5
    spending = dialog.assistant
    assert spending.bands.value() == 0 and spending.bands.maximum() == 1
    assert "5 EP cannot pay for it" in spending.range_note.text()
    assert spending.damage.maximum() == 0


# -- 2 · a change of range does no damage; its resistance says why -----------------------------


def test_a_change_of_range_offers_no_damage_and_says_why_wis(open_dialog: DialogFactory) -> None:
    """Item 8: Felix sneaks; the mummy must spot him (WIS), as in the book."""
    dialog, user = open_dialog(surprise_round("Felix"))
    user.choose(dialog.inputs.actor_panel.action, "Change")
    panel = dialog.inputs.target_panel
    assert panel.reason.isVisibleTo(dialog)
    assert panel.reason.text().startswith("Against WIS: First One Mummy must spot the manoeuvre")
    assert "table rule" in panel.reason.text() and "No damage" in panel.reason.text()
    assert "Felix's sneak" in panel.reason.toolTip()  # the rule's one-line reason
    assert panel.resistance.attribute.currentText().startswith("WIS")
    user.type_dice(4, 4, 4, 4, 4, 3)
    spending = dialog.assistant
    assert spending.bands.isVisibleTo(dialog)
    assert not spending.damage.isVisibleTo(dialog)  # a change of range does no damage
    user.alt("c")  # the GM makes it AC: the default's reason no longer applies
    assert not panel.reason.isVisibleTo(dialog)


def test_the_table_rule_makes_a_change_of_range_a_strength_contest(
    open_dialog: DialogFactory,
) -> None:
    rules = TableRules(change_range_resistance=RangeResistance.BLOCKING)
    dialog, user = open_dialog(surprise_round("Felix", rules))
    user.choose(dialog.inputs.actor_panel.action, "Change")
    panel = dialog.inputs.target_panel
    assert panel.resistance.attribute.currentText().startswith("STR")
    assert panel.reason.text().startswith("Against STR: First One Mummy tries to block the way")


# -- 3 · a monster attack shows what is really added -------------------------------------------


def test_a_monster_attack_shows_no_attribute_that_is_not_counted(
    open_dialog: DialogFactory,
) -> None:
    dialog, user = open_dialog(round_one("First"))
    panel = dialog.inputs.actor_panel
    assert panel.weapon.currentText().startswith("Bash")
    assert not panel.attribute.isVisibleTo(dialog)
    assert panel.attribute_note.isVisibleTo(dialog)
    assert "Bash's +20 is the stat block's total" in panel.attribute_note.text()
    assert "STR" not in dialog.modifier_view.plain_text()
    user.choose(panel.actor, "Gram")  # a character's attack adds its attribute again
    assert panel.attribute.isVisibleTo(dialog) and panel.attribute.isEnabled()
    assert not panel.attribute_note.isVisibleTo(dialog)


# -- 4 · natural 3, what is left, one minus sign -----------------------------------------------


def test_a_natural_3_that_meets_the_number_is_not_failed_by_0(open_dialog: DialogFactory) -> None:
    """Round one at Close: 3 + 7 + 9 = 19 against AC 17 — a natural 3 fails all the same."""
    dialog, user = open_dialog(round_one("Gramfive"))
    user.type_dice(1, 1, 1, 8)
    assert dialog.result_view.headline_text() == "Natural 3 — automatic failure: a simple failure"
    breakdown = dialog.result_view.breakdown_text()
    assert "failed by" not in breakdown
    assert breakdown == "3 + 7 + 9 = 19 vs 17 (natural 3: automatic failure) → simple failure"


def visible_texts(dialog: ActionDialog) -> list[str]:
    texts = [
        unescape(re.sub(r"<[^>]+>", "", label.text()))
        for label in dialog.findChildren(QLabel)
        if label.isVisibleTo(dialog)
    ]
    for combo in dialog.findChildren(QComboBox):
        if combo.isVisibleTo(dialog):
            texts += [combo.itemText(i) for i in range(combo.count())]
            texts += [
                combo.itemData(i, Qt.ItemDataRole.ToolTipRole) or "" for i in range(combo.count())
            ]
    return texts


def test_header_rows_and_preview_agree_on_what_is_left(open_dialog: DialogFactory) -> None:
    """Item 18: 14 + 8 + 3 = 25 vs 11 → 14, −2 → 12 EP; 10 damage (the cap) leaves 2."""
    encounter = with_conditions(
        in_round_one(book_encounter(rules=BOOK)), "First", backstabbed(), catching_fire()
    )
    dialog, user = open_dialog(at_turn(encounter, "Gramfive"))
    user.tick(dialog.inputs.actor_panel.traits.list, "Weapons Training")
    user.type_dice(5, 5, 4, 2)
    spending = dialog.assistant
    user.set_number(spending.damage, 10)
    assert spending.status.text() == "12 EP to spend  ·  10 spent  ·  2 left"
    row = spending.rows[0]
    extreme = row.tier.itemData(row.tier.findData(Tier.EXTREME.value), Qt.ItemDataRole.ToolTipRole)
    assert "; 2 left" in extreme and "; 12 left" not in extreme
    assert "2 EP left unspent" in spending.preview.text()
    # One minus sign everywhere: no hyphen stands for a minus in anything shown.
    hyphen_minus = [text for text in visible_texts(dialog) if re.search(r"(?<![\w\d])-\s?\d", text)]
    assert hyphen_minus == []
    assert any("−4" in text for text in visible_texts(dialog))  # backstabbed!, as shown


# -- 5 · the default target is in reach; the list says range and reach ------------------------


def test_the_default_target_is_in_reach_and_the_list_shows_each_range(
    open_dialog: DialogFactory,
) -> None:
    document = round_one("First")
    document.select(ids(document.encounter)["Xiola"])  # selected, but at Short
    dialog, user = open_dialog(document)
    target = dialog.inputs.target_panel.target
    assert target.currentText().endswith("Close · in reach"), target.currentText()
    listed = entries(target)
    assert listed["Xiola"][0] == "Xiola Zenwaith  (Party)  ·  Short · out of reach"
    assert listed["Gramfive"][0] == "Gramfive the Grim  (Party)  ·  Close · in reach"
    assert listed["Felix"][0].endswith("Close · in reach")
    assert (
        "Bash attacks from Close: the effect points must first buy the range change"
        in listed["Xiola"][1]
    )
    user.choose(dialog.inputs.actor_panel.weapon, "Infect")  # a GM reaction: no reach
    assert entries(target)["Xiola"][0] == "Xiola Zenwaith  (Party)  ·  Short"
