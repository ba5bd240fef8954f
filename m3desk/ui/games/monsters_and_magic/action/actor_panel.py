"""Step 1 of the worksheet: who acts, doing what, with which weapon, attribute and traits.

The panel fills its lists from one sheet; which choices are *sensible* (defaults, memory)
is decided by
:class:`~m3desk.ui.games.monsters_and_magic.action.check_inputs.CheckInputs`, not here.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QWidget,
)

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic import (
    Attribute,
    CharacterSheet,
    MonsterAttack,
    MonsterSheet,
    TableRules,
)
from m3desk.systems.monsters_and_magic.action_kind import ActionKind
from m3desk.systems.monsters_and_magic.derive import derive
from m3desk.systems.monsters_and_magic.encounter import Combatant
from m3desk.systems.monsters_and_magic.weapon_choice import WeaponChoice, weapon_choices, weapon_for
from m3desk.ui.action.combo_items import current_data, fill_combo, select_data
from m3desk.ui.games.monsters_and_magic.action.trait_picker import TraitPicker

__all__ = ["ActorPanel"]

Sheet = CharacterSheet | MonsterSheet
NO_WEAPON = ""


class ActorPanel(QGroupBox):
    """Actor, action, check name, weapon or spell, attribute, traits, mental."""

    actor_changed = Signal(str)
    action_changed = Signal()
    weapon_changed = Signal()
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("1 · Who acts", parent)
        self._sheet: Sheet | None = None
        self._choices: list[WeaponChoice] = []
        self._gm_cap: int | None = None
        self.actor = QComboBox(self)
        self.action = QComboBox(self)
        for kind in ActionKind:
            self.action.addItem(kind.label, kind.value)
            self.action.setItemData(self.action.count() - 1, kind.hint, Qt.ItemDataRole.ToolTipRole)
        self.check_name = QLineEdit(self)
        self.check_name.setMaxLength(80)
        self.check_name.setClearButtonEnabled(True)
        self.weapon = QComboBox(self)
        self.weapon.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.weapon.setMinimumContentsLength(18)
        self.weapon_detail = QLabel(self)
        self.weapon_detail.setWordWrap(True)
        self.attribute = QComboBox(self)
        self.attribute_note = QLabel(self)
        """In place of the attribute for a monster's attack: its bonus is the total."""
        self.attribute_note.setWordWrap(True)
        self.traits = TraitPicker(self)
        self.mental = QCheckBox("Mental (damage to MHP; size works the mental way)", self)
        self.mental.setToolTip(
            "Fear, intimidation, turning, social weapons: the damage goes to "
            "mental hit points and size works the mental way."
        )

        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._weapon_label = QLabel("Wea&pon", self)
        rows: list[tuple[str | QLabel, QWidget]] = [
            ("&Who acts", self.actor),
            ("Acti&on", self.action),
            ("Check name", self.check_name),
            (self._weapon_label, self.weapon),
            ("", self.weapon_detail),
            ("Attri&bute", self.attribute),
            (QLabel("Attribute", self), self.attribute_note),
            ("&Traits", self.traits),
            ("", self.mental),
        ]
        for label, field in rows:
            if isinstance(label, QLabel):
                label.setBuddy(field.list if isinstance(field, TraitPicker) else field)
                form.addRow(label, field)
            elif label:
                caption = QLabel(label, self)
                caption.setBuddy(field.list if isinstance(field, TraitPicker) else field)
                form.addRow(caption, field)
            else:
                form.addRow(field)
        self._form = form

        self.actor.currentIndexChanged.connect(self._on_actor)
        self.action.currentIndexChanged.connect(lambda _i: self.action_changed.emit())
        self.weapon.currentIndexChanged.connect(lambda _i: self.weapon_changed.emit())
        self.attribute.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.check_name.textChanged.connect(lambda _t: self.changed.emit())
        self.traits.changed.connect(self.changed)
        self.mental.toggled.connect(lambda _b: self.changed.emit())

    # -- filling ---------------------------------------------------------------------

    def set_combatants(self, combatants: Iterable[Combatant], current: str | None) -> None:
        fill_combo(
            self.actor,
            ((f"{c.name}  ({c.side})", c.id, c.sheet.kind) for c in combatants),
            keep=current,
        )

    def set_sheet(self, sheet: Sheet, action: ActionKind, rules: TableRules) -> None:
        """Fill attribute, weapon and trait lists from the actor's sheet (no signals)."""
        self._sheet = sheet
        derived = derive(sheet, rules)
        prime = sheet.prime if isinstance(sheet, CharacterSheet) else None
        entries = []
        for attribute in Attribute:
            value = derived[f"check.{attribute}"].value
            text = f"{attribute}  {sheet.attributes.score(attribute)}  ·  {signed(value)}"
            tip = derived[f"check.{attribute}"].explanation()
            if attribute is prime:
                text += "  ★ prime, doubled"
                tip += " (the prime attribute's modifier is doubled)"
            entries.append((text, attribute.value, tip))
        fill_combo(self.attribute, entries, keep=current_data(self.attribute))
        self.traits.set_traits(sheet.traits, sheet.level)
        self.set_action_lists(action, rules)

    def set_action_lists(self, action: ActionKind, rules: TableRules) -> None:
        """Weapons for attacks, spells for spells; the row hides for other actions."""
        if self._sheet is None:
            return
        self._choices = weapon_choices(self._sheet, action, rules)
        keep = current_data(self.weapon)
        entries = [
            (
                choice.name + ("" if choice.available else "  (not equipped)"),
                choice.key,
                choice.detail,
            )
            for choice in self._choices
        ]
        if action is ActionKind.ATTACK and isinstance(self._sheet, CharacterSheet):
            entries.append(("No weapon (unarmed)", NO_WEAPON, "an attribute and traits only"))
        if action is ActionKind.SPELL and not entries:
            entries.append(("No spell on this sheet", NO_WEAPON, ""))
        fill_combo(self.weapon, entries, keep=keep)
        self._weapon_label.setText("Wea&pon" if action is ActionKind.ATTACK else "S&pell")
        self._form.setRowVisible(self.weapon, action.uses_weapon)
        self._update_attribute_state()

    def _update_detail(self) -> None:
        key = self.weapon_key()
        detail = next((c.detail for c in self._choices if c.key == key), "")
        if self._gm_cap is not None and detail:
            detail += f" · this check: max {self._gm_cap} (GM)"
        self.weapon_detail.setText(detail)
        self._form.setRowVisible(self.weapon_detail, bool(detail))

    def show_gm_cap(self, cap: int | None) -> None:
        """The GM's maximum damage for this check, beside the weapon's own (None: none)."""
        if cap != self._gm_cap:
            self._gm_cap = cap
            self._update_detail()

    # -- reading and setting -----------------------------------------------------------

    def actor_id(self) -> str | None:
        data = current_data(self.actor)
        return str(data) if data else None

    def current_action(self) -> ActionKind:
        data = current_data(self.action)
        return ActionKind(data) if data else ActionKind.ATTACK

    def set_current_action(self, action: ActionKind) -> None:
        select_data(self.action, action.value)

    def weapon_key(self) -> str | None:
        if not self.current_action().uses_weapon:
            return None
        data = current_data(self.weapon)
        return str(data) if data else None

    def weapon_name(self) -> str | None:
        weapon = weapon_for(self._sheet, self.weapon_key()) if self._sheet else None
        return weapon.name if weapon is not None else None

    def select_weapon_named(self, name: str | None) -> bool:
        for choice in self._choices:
            if choice.name == name:
                return select_data(self.weapon, choice.key)
        return False

    def current_attribute(self) -> Attribute | None:
        if not self.attribute.isEnabled():
            return None
        data = current_data(self.attribute)
        return Attribute(data) if data else None

    def set_attribute(self, attribute: Attribute | None) -> None:
        if attribute is not None:
            select_data(self.attribute, attribute.value)

    def _update_attribute_state(self) -> None:
        self._update_detail()
        weapon = weapon_for(self._sheet, self.weapon_key()) if self._sheet else None
        monster_attack = isinstance(weapon, MonsterAttack)
        self.attribute.setEnabled(not monster_attack)
        # A stat block's attack bonus is a total: no attribute is added, so none is shown
        # (a greyed one would look counted).
        self._form.setRowVisible(self.attribute, not monster_attack)
        self._form.setRowVisible(self.attribute_note, monster_attack)
        if isinstance(weapon, MonsterAttack):
            self.attribute_note.setText(
                f"none added: {weapon.name}'s {signed(weapon.bonus)} is the stat block's "
                "total (attribute and level are in it); tick a trait only if it is not"
            )
        self.attribute.setToolTip(
            "The attribute the check is based on; the prime attribute's modifier is doubled."
        )

    def weapon_settled(self) -> None:
        """The dialog calls this after a weapon change, before it reads the attribute."""
        self._update_attribute_state()

    def _on_actor(self, _index: int) -> None:
        actor = self.actor_id()
        if actor:
            self.actor_changed.emit(actor)
