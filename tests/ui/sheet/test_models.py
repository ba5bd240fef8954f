"""The sheet's item models: Qt's model contract, editing through the document, refreshing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt

from m3desk.core.sheet_form import set_override as with_override
from m3desk.systems.monsters_and_magic import CharacterSheet, DiceExpr, MonsterSheet
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.ability_table import SCORE, AbilityTableModel
from m3desk.ui.sheet.derived_values_model import (
    CHARACTER_KEYS,
    MONSTER_KEYS,
    VALUE,
    DerivedValuesModel,
)
from m3desk.ui.sheet.form_rows import FormRowsModel
from m3desk.ui.sheet.roles import DerivedKeyRole, OverriddenRole
from tests.ui.sheet.conftest import make_gramfive, make_mummy
from tests.ui.sheet.helpers import with_fields

MODIFIER, CHECK = 1, 2


def _rows_of(path: str) -> Callable[[SheetDocument], FormRowsModel]:
    """The generic table model for the sheet's ``path`` table, as its game describes it."""

    def make(document: SheetDocument) -> FormRowsModel:
        form = document.sheet_form()
        assert form is not None
        table = next(s.table for s in form.sections if s.table and s.table.path == path)
        return FormRowsModel(document, table)

    return make


def AttributesModel(document: SheetDocument) -> AbilityTableModel:
    form = document.sheet_form()
    assert form is not None
    return AbilityTableModel(document, next(s.abilities for s in form.sections if s.abilities))


TraitsModel, ItemsModel, SpellsModel = _rows_of("traits"), _rows_of("items"), _rows_of("spells")
ConditionsModel, MonsterAttacksModel = _rows_of("conditions"), _rows_of("attacks")

ModelFactory = Callable[[SheetDocument], QAbstractItemModel]

CHARACTER_MODELS: dict[str, ModelFactory] = {
    "attributes": AttributesModel,
    "traits": TraitsModel,
    "items": ItemsModel,
    "spells": SpellsModel,
    "conditions": ConditionsModel,
    "derived": lambda document: DerivedValuesModel(document, CHARACTER_KEYS),
}
MONSTER_MODELS: dict[str, ModelFactory] = {
    "attributes": AttributesModel,
    "traits": TraitsModel,
    "attacks": MonsterAttacksModel,
    "conditions": ConditionsModel,
    "derived": lambda document: DerivedValuesModel(document, MONSTER_KEYS),
}
ROW_MODELS = {
    "traits": TraitsModel,
    "items": ItemsModel,
    "spells": SpellsModel,
    "conditions": ConditionsModel,
}


def col(model: FormRowsModel, title: str) -> int:
    return [column.label for column in model.table.columns].index(title)


@pytest.mark.parametrize("name", sorted(CHARACTER_MODELS))
@pytest.mark.parametrize(
    "sheet", [make_gramfive(), CharacterSheet(name="Nobody")], ids=["gramfive", "empty"]
)
def test_character_models_pass_the_model_tester(
    qtmodeltester, qapp, name: str, sheet: CharacterSheet
) -> None:
    model = CHARACTER_MODELS[name](SheetDocument(sheet))
    qtmodeltester.check(model)
    qtmodeltester.check(model, force_py=True)


@pytest.mark.parametrize("name", sorted(MONSTER_MODELS))
@pytest.mark.parametrize("sheet", [make_mummy(), MonsterSheet(name="Blob")], ids=["mummy", "empty"])
def test_monster_models_pass_the_model_tester(
    qtmodeltester, qapp, name: str, sheet: MonsterSheet
) -> None:
    model = MONSTER_MODELS[name](SheetDocument(sheet))
    qtmodeltester.check(model)
    qtmodeltester.check(model, force_py=True)


@pytest.mark.parametrize("name", sorted(ROW_MODELS))
def test_row_models_stay_consistent_through_add_remove_undo_redo(
    qtmodeltester, qtbot, document: SheetDocument, name: str
) -> None:
    model = ROW_MODELS[name](document)
    qtmodeltester.check(model)  # the C++ tester stays attached and checks every signal below
    rows = model.rowCount()
    with qtbot.waitSignal(model.rowsInserted):
        assert model.insertRows(rows, 1)
    assert model.rowCount() == rows + 1
    with qtbot.waitSignal(model.rowsRemoved):
        assert model.removeRows(0, 1)
    with qtbot.waitSignal(model.rowsInserted):
        document.undo_stack.undo()
    with qtbot.waitSignal(model.rowsRemoved):
        document.undo_stack.undo()
    assert model.rowCount() == rows
    document.undo_stack.redo()
    document.undo_stack.redo()
    assert model.rowCount() == rows
    assert model.remove_rows(range(model.rowCount()))
    assert model.rowCount() == 0
    document.undo_stack.undo()
    assert model.rowCount() == rows


def test_attributes_show_score_modifier_and_doubled_prime(document: SheetDocument) -> None:
    model = AttributesModel(document)
    assert model.index(0, SCORE).data() == "17"
    assert model.index(0, MODIFIER).data() == "+3"
    assert model.index(0, CHECK).data() == "+6 prime"
    assert model.index(0, CHECK).data(Qt.ItemDataRole.ToolTipRole) == (
        "STR check 6 = STR modifier 3 + prime attribute doubles it 3"
    )
    assert model.headerData(0, Qt.Orientation.Vertical) == "STR ★"
    assert model.index(1, SCORE).data(Qt.ItemDataRole.EditRole) == 13
    assert model.index(1, CHECK).data(DerivedKeyRole) == "check.DEX"
    assert model.index(1, SCORE).data() == "13"  # the score as the cell shows it


def test_attribute_out_of_range_is_refused_with_a_message(qtbot, document: SheetDocument) -> None:
    model = AttributesModel(document)
    with qtbot.waitSignal(model.edit_refused) as refused:
        assert not model.setData(model.index(0, SCORE), 35)
    assert refused.args == ["STR must be at most 30"]
    assert document.undo_stack.count() == 0


def test_attribute_edit_refreshes_modifier_cells(qtbot, document: SheetDocument) -> None:
    model = AttributesModel(document)
    with qtbot.waitSignal(model.dataChanged):
        assert model.setData(model.index(1, SCORE), 15)
    assert model.index(1, MODIFIER).data() == "+2"
    assert document.undo_stack.count() == 1


def test_bad_damage_die_is_refused_with_the_dice_error(qtbot, document: SheetDocument) -> None:
    model = ItemsModel(document)
    with qtbot.waitSignal(model.edit_refused) as refused:
        assert not model.setData(model.index(2, col(model, "Damage")), "1d")
    assert refused.args == ["'1d' is not a damage die; write it like 1d8+1, d12 or 2d6-1"]
    assert document.undo_stack.count() == 0


def test_damage_die_edit_updates_max_damage(document: SheetDocument) -> None:
    model = ItemsModel(document)
    max_damage = model.index(2, col(model, "Max damage"))
    assert max_damage.data() == "10"
    assert model.setData(model.index(2, col(model, "Damage")), "1d12+1")
    assert document.sheet.items[2].damage == DiceExpr.parse("1d12+1")
    assert max_damage.data() == "14"
    assert max_damage.data(Qt.ItemDataRole.ToolTipRole) == (
        "Cutter maximum damage 14 = 1d12+1 maximum 13 + level 1"
    )
    assert model.setData(model.index(2, col(model, "Damage")), "")
    assert document.sheet.items[2].damage is None
    assert max_damage.data() is None


def test_check_columns_edit_through_check_state(document: SheetDocument) -> None:
    model = ItemsModel(document)
    equipped = model.index(1, col(model, "Equipped"))
    assert equipped.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert model.setData(equipped, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
    assert not document.sheet.items[1].equipped
    assert document.derived()["ac"].value == 18


def test_removing_a_row_moves_its_neighbours_overrides(document: SheetDocument) -> None:
    document.replace_sheet(with_override(document.sheet, "max_damage.item.2", 12), "Override")
    model = ItemsModel(document)
    assert model.index(2, col(model, "Max damage")).data(OverriddenRole)
    assert model.remove_rows([0])
    assert document.sheet.overrides == {"max_damage.item.1": 12}
    assert model.index(1, col(model, "Max damage")).data() == "12"


def test_condition_tier_change_takes_the_tiers_value(document: SheetDocument) -> None:
    model = ConditionsModel(document)
    condition = document.sheet.conditions[0]
    assert model.setData(model.index(0, col(model, "Tier")), "major")
    changed = document.sheet.conditions[0]
    assert (changed.tier, changed.value, changed.id) == ("major", -4, condition.id)
    assert model.setData(model.index(0, col(model, "Effect / consequence")), "effect")
    assert document.sheet.conditions[0].value == 4


def test_condition_duration_is_typed_as_words(qtbot, document: SheetDocument) -> None:
    model = ConditionsModel(document)
    duration = model.index(0, col(model, "Duration"))
    assert model.setData(duration, "3 rounds")
    assert duration.data() == "3 rounds"
    assert duration.data(Qt.ItemDataRole.EditRole) == "3 rounds"
    with qtbot.waitSignal(model.edit_refused) as refused:
        assert not model.setData(duration, "soon")
    assert "is not a duration" in refused.args[0]


def test_spell_level_range_is_checked(qtbot, document: SheetDocument) -> None:
    model = SpellsModel(document)
    with qtbot.waitSignal(model.edit_refused) as refused:
        assert not model.setData(model.index(0, col(model, "Level")), 25)
    assert refused.args == ["Level must be at most 20"]


def test_level_change_refreshes_max_damage(qtbot, document: SheetDocument) -> None:
    model = SpellsModel(document)
    with qtbot.waitSignal(model.dataChanged):
        document.replace_sheet(with_fields(document.sheet, level=3), "Level")
    assert model.index(0, col(model, "Max damage")).data() == "8"


def test_derived_values_model_marks_overrides(qtbot, document: SheetDocument) -> None:
    model = DerivedValuesModel(document, CHARACTER_KEYS)
    ac = model.index(model.row_of("ac"), VALUE)
    assert ac.data() == "19"
    assert (
        ac.data(Qt.ItemDataRole.ToolTipRole) == "AC 19 = DEX 13 + scale mail 4 + shield 1 + trait 1"
    )
    with qtbot.waitSignal(model.dataChanged):
        document.replace_sheet(with_override(document.sheet, "ac", 21), "Override AC")
    assert ac.data() == "21"
    assert ac.data(OverriddenRole)
    assert ac.data(Qt.ItemDataRole.FontRole).bold()
    assert "set by the GM; computed: AC 19 = DEX 13" in ac.data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(model.row_of("movement"), VALUE).data() == "9"
    assert model.index(model.row_of("ac.rolled"), VALUE).data() == "+7"


def test_monster_attack_damage_die_updates_max_damage(monster_document: SheetDocument) -> None:
    model = MonsterAttacksModel(monster_document)
    assert model.index(0, col(model, "Max damage")).data() == "14"
    assert model.setData(model.index(0, col(model, "Damage")), "2d6+2")
    assert model.index(0, col(model, "Max damage")).data() == "20"
    assert model.index(0, col(model, "Bonus")).data() == "+7"


def test_detached_models_stop_listening(document: SheetDocument) -> None:
    model = ItemsModel(document)
    model.detach()
    document.replace_sheet(with_fields(document.sheet, items=()), "Drop everything")
    assert model.rowCount() == 3
