"""Monsters & Magic: after a hit the spending assistant proposes the book's spend (the range
change the weapon needs, then damage up to the maximum) for the GM to accept or change, and a
static resistance shows no dice to type."""

from __future__ import annotations

from typing import Any

from m3desk.core import encounter as core
from m3desk.systems.monsters_and_magic.ranges import RangeBand
from tests.ui.action.conftest import DialogFactory
from tests.ui.action.sample_fights import sample_fight


def _felix_against_the_mummy(band: RangeBand) -> Any:
    document = sample_fight("monsters_and_magic", monsters=1)
    encounter = document.encounter
    felix = next(c for c in encounter.combatants if c.name.startswith("Felix"))
    mummy = next(c for c in encounter.combatants if c.side != felix.side)
    document.apply(core.set_position(encounter, felix.id, mummy.id, int(band)), "band")
    return document, felix.id


def test_a_hit_proposes_the_damage_up_to_the_maximum(open_dialog: DialogFactory) -> None:
    document, felix = _felix_against_the_mummy(RangeBand.CLOSE)
    dialog, user = open_dialog(document, actor_id=felix)
    assert dialog.inputs.actor_panel.action.currentText() == "Attack"
    user.type_dice(5, 5, 2, 2)  # 12 + 6 + 2 = 20 against AC 15: 5 EP, −2 larger target
    assistant = dialog.assistant
    assert assistant.status.text().startswith("3 EP to spend  ·  3 spent  ·  0 left")
    assert assistant.damage.value() == 3  # the maximum damage (5) is not the limit here
    assert "unspent" not in assistant.preview.text()
    assert "First One Mummy PHP 49 → 46" in assistant.preview.text()
    # The GM changes it: the choice stays theirs.
    user.set_number(assistant.damage, 1)
    assert assistant.damage.value() == 1
    assert "2 EP left unspent (lost)" in assistant.preview.text()
    user.apply()
    mummy = next(c for c in document.encounter.combatants if c.side != "Party")
    assert mummy.sheet.php.current == 48


def test_the_range_change_comes_first_then_the_damage(open_dialog: DialogFactory) -> None:
    document, felix = _felix_against_the_mummy(RangeBand.REACH)
    dialog, user = open_dialog(document, actor_id=felix)
    user.type_dice(6, 6, 6, 4)  # 18 + 6 + 4 = 28 against 15: 13 EP, −2: 11 EP
    assistant = dialog.assistant
    draft = assistant.draft()
    assert draft.range_bands == -1  # a band closer, the dagger's reach, 5 EP
    assert assistant.damage.value() == 5  # 6 EP left, the dagger's maximum 5
    assert "range Close" in assistant.preview.text()
    assert "1 EP left unspent (lost)" in assistant.preview.text()


def test_a_static_resistance_shows_no_resistance_dice(open_dialog: DialogFactory) -> None:
    document, felix = _felix_against_the_mummy(RangeBand.CLOSE)
    dialog, user = open_dialog(document, actor_id=felix)
    user.choose(dialog.inputs.actor_panel.action, "Attribute")
    entry = dialog.dice_entry
    assert not entry.resistance_label.isVisibleTo(dialog)
    assert not any(field.isVisibleTo(dialog) for field in entry.resistance_dice)
    assert entry.fields() == [*entry.check_dice, *entry.damage_dice]
