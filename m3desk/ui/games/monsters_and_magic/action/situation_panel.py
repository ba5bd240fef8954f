"""Step 3 of the worksheet: the circumstances, each one a labelled modifier.

Effects and consequences start ticked when the rules core says they are in force
(:func:`~m3desk.systems.monsters_and_magic.encounter.conditions_in_force`; simultaneous ones are
not), help
effects appear in their own list because they are used up by the check they help, and
everything else (concealment, cover, gear, the GM's word) starts neutral. The GM's word
includes this check's maximum damage: unticked, the computed one counts (and is shown);
ticked, the number typed replaces it.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.numbers import signed
from m3desk.core.terms import Term
from m3desk.systems.monsters_and_magic import (
    CharacterSheet,
    Concealment,
    CoverExtent,
    CoverKind,
    MonsterSheet,
)
from m3desk.systems.monsters_and_magic.action_defaults import is_help
from m3desk.systems.monsters_and_magic.conditions import Condition
from m3desk.systems.monsters_and_magic.cover import CONCEALMENT_PENALTY, cover_bonus
from m3desk.ui.action.check_list import CheckEntry, CheckList
from m3desk.ui.action.combo_items import current_data

__all__ = ["SituationPanel", "condition_text"]

Sheet = CharacterSheet | MonsterSheet


def condition_text(condition: Condition, *, in_force: bool = True) -> str:
    """``backstabbed! −4 · major consequence · combat actions``."""
    text = (
        f"{condition.name}  {signed(condition.value)}  ·  {condition.tier.value} "
        f"{condition.kind.value}"
    )
    if condition.scope:
        text += f"  ·  {condition.scope}"
    if not in_force:
        text += "  ·  placed at this count: not yet in force"
    return text


def _spin(parent: QWidget, low: int, high: int, tip: str) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setRange(low, high)
    spin.setToolTip(tip)
    return spin


class SituationPanel(QGroupBox):
    """Conditions of both sides, help, gear, concealment, cover, GM adjustments."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("3 · Situation", parent)
        self._make_conditions_and_bonuses()
        self._make_concealment_and_cover()
        self._make_gm_adjustments()
        self._computed_cap: int | None = None
        self._none: dict[CheckList, QLabel] = {}
        self._names = ("the actor", "the target")
        self._lay_out()
        self._update_extents()
        self._show_computed_cap()
        self._connect()
        self._on_toggle(False)

    # -- building ----------------------------------------------------------------------

    def _make_conditions_and_bonuses(self) -> None:
        """Both sides' effects and consequences, help, gear and a named bonus."""
        self.actor_conditions = CheckList(self, max_rows=3)
        self.target_conditions = CheckList(self, max_rows=3)
        self.help = CheckList(self, max_rows=2)
        self.extra_help = _spin(
            self, 0, 99, "Help the table agrees on that is not recorded as a “help from …” effect."
        )
        self.extra_help.setPrefix("+")
        self.gear = CheckList(self, max_rows=2)
        self.other_name = QLineEdit(self)
        self.other_name.setMaxLength(60)
        self.other_name.setPlaceholderText("other bonus, e.g. high ground")
        self.other_value = _spin(self, -30, 30, "A named bonus (or penalty) to the check.")

    def _make_concealment_and_cover(self) -> None:
        """Who is hidden from whom, and the target's cover."""
        self.actor_hidden = QComboBox(self)
        self.target_hidden = QComboBox(self)
        for combo in (self.actor_hidden, self.target_hidden):
            for level in Concealment:
                label = (
                    "no"
                    if level is Concealment.NONE
                    else f"{level.value} ({signed(CONCEALMENT_PENALTY[level])})"
                )
                combo.addItem(label, level.value)
        self.actor_hidden.setToolTip(
            "A hidden actor lowers the target's resistance (spotting or defending)."
        )
        self.target_hidden.setToolTip("A hidden target lowers the actor's check.")
        self.cover = QComboBox(self)
        for kind in CoverKind:
            self.cover.addItem(
                "no cover" if kind is CoverKind.NONE else f"{kind.value} cover", kind.value
            )
        self.cover_extent = QComboBox(self)
        self.cover_extent.setToolTip(
            "Half cover still allows ranged attacks; full cover allows no attack at all."
        )

    def _make_gm_adjustments(self) -> None:
        """The GM's word: the check, the resistance, the effect points, the maximum
        damage."""
        self.gm_check = _spin(self, -99, 99, "The GM's adjustment to the check.")
        self.gm_resistance = _spin(self, -99, 99, "The GM's adjustment to the resistance.")
        self.gm_effect_points = _spin(
            self, -99, 99, "The GM's adjustment to effect points after a hit."
        )
        self.damage_cap_set = QCheckBox("Ma&x damage (GM)", self)
        self.damage_cap_set.setToolTip(
            "Tick to set this check's maximum damage yourself; "
            "unticked, the computed maximum counts."
        )
        self.damage_cap = _spin(
            self,
            0,
            999,
            "This check's maximum damage, in place of the computed one (tick the box to set it).",
        )
        self.damage_cap.setEnabled(False)
        self.damage_cap_note = QLabel(self)
        self.damage_cap_note.setWordWrap(True)

    def _lay_out(self) -> None:
        """The summary and Adjust… above the body, a form of every circumstance."""
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.toggle = QPushButton("Ad&just…", self)
        self.toggle.setCheckable(True)
        self.toggle.setAutoDefault(False)
        self.toggle.setToolTip(
            "Show every circumstance: effects and consequences, help, gear, "
            "concealment, cover, the GM's adjustments."
        )
        self.body = QWidget(self)
        header = QHBoxLayout()
        header.addWidget(self.summary, 1)
        header.addWidget(self.toggle, 0, Qt.AlignmentFlag.AlignTop)
        outer = QVBoxLayout(self)
        outer.addLayout(header)
        outer.addWidget(self.body)

        form = QFormLayout(self.body)
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.actor_caption = QLabel("Actor's", self)
        self.target_caption = QLabel("Target's", self)
        form.addRow(self.actor_caption, self._list_or_none(self.actor_conditions))
        form.addRow(self.target_caption, self._list_or_none(self.target_conditions))
        form.addRow(
            "Help",
            self._row(
                self._list_or_none(self.help),
                QLabel("more", self),
                self.extra_help,
                stretch_first=True,
            ),
        )
        form.addRow("Gear", self._list_or_none(self.gear))
        form.addRow("Bonus", self._row(self.other_name, self.other_value, stretch_first=True))
        form.addRow(
            "Hidden",
            self._row(
                QLabel("actor", self), self.actor_hidden, QLabel("target", self), self.target_hidden
            ),
        )
        form.addRow("Cover", self._row(self.cover, self.cover_extent))
        form.addRow(
            "GM adjusts",
            self._row(
                QLabel("check", self),
                self.gm_check,
                QLabel("resistance", self),
                self.gm_resistance,
                QLabel("EP", self),
                self.gm_effect_points,
            ),
        )
        cap_row = QWidget(self)
        cap_layout = QHBoxLayout(cap_row)
        cap_layout.setContentsMargins(0, 0, 0, 0)
        cap_layout.addWidget(self.damage_cap)
        cap_layout.addWidget(self.damage_cap_note, 1)  # wraps rather than widen the dialog
        form.addRow(self.damage_cap_set, cap_row)

    def _connect(self) -> None:
        """Every field says ``changed``; the summary follows."""
        for checklist in (self.actor_conditions, self.target_conditions, self.help, self.gear):
            checklist.changed.connect(self.changed)
        for spin in (
            self.extra_help,
            self.other_value,
            self.gm_check,
            self.gm_resistance,
            self.gm_effect_points,
        ):
            spin.valueChanged.connect(lambda _v: self.changed.emit())
        for combo in (self.actor_hidden, self.target_hidden, self.cover_extent):
            combo.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.damage_cap_set.toggled.connect(self._on_cap_set)
        self.damage_cap.valueChanged.connect(self._on_cap_value)
        self.cover.currentIndexChanged.connect(self._on_cover)
        self.other_name.textChanged.connect(lambda _t: self.changed.emit())
        self.changed.connect(self._update_summary)
        self.toggle.toggled.connect(self._on_toggle)

    def expanded_width(self) -> int:
        """The width the panel needs with every circumstance shown (Adjust… ticked)."""
        shown = self.body.isVisibleTo(self)
        self.body.setVisible(True)
        layout = self.layout()
        if layout is not None:
            layout.invalidate()
            layout.activate()
        width = self.minimumSizeHint().width()
        self.body.setVisible(shown)
        if layout is not None:
            layout.invalidate()
        return width

    def _list_or_none(self, checklist: CheckList) -> QWidget:
        box = QWidget(self)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        none = QLabel("none", box)
        none.setEnabled(False)
        layout.addWidget(checklist)
        layout.addWidget(none)
        self._none[checklist] = none
        return box

    def _row(self, *widgets: QWidget, stretch_first: bool = False) -> QWidget:
        box = QWidget(self)
        layout = QHBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        for index, widget in enumerate(widgets):
            layout.addWidget(widget, 1 if stretch_first and index == 0 else 0)
        if not stretch_first:
            layout.addStretch(1)
        return box

    # -- filling -----------------------------------------------------------------------

    def set_context(
        self,
        actor: Sheet,
        target: Sheet | None,
        *,
        actor_ticked: Iterable[str],
        target_ticked: Iterable[str],
        not_in_force: Iterable[str] = (),
    ) -> None:
        """Lists for this actor and target; ticks as given (no ``changed``)."""
        late = set(not_in_force)
        self._names = (actor.name, target.name if target is not None else "the target")
        self.actor_caption.setText(f"{actor.name}'s")
        self.target_caption.setText(f"{target.name}'s" if target else "Target's")
        actor_ticked = set(actor_ticked)
        own = [c for c in actor.conditions if not is_help(c)]
        helps = [c for c in actor.conditions if is_help(c)]
        self._fill(
            self.actor_conditions,
            [
                CheckEntry(
                    c.id, condition_text(c, in_force=c.id not in late), c.duration.describe()
                )
                for c in own
            ],
            actor_ticked,
        )
        self._fill(
            self.help,
            [
                CheckEntry(
                    c.id,
                    f"{c.name} {signed(c.value)}" + (f"  ·  for {c.scope}" if c.scope else ""),
                    "Used up by this check when ticked.",
                )
                for c in helps
            ],
            actor_ticked,
        )
        theirs = list(target.conditions) if target is not None else []
        self._fill(
            self.target_conditions,
            [
                CheckEntry(
                    c.id, condition_text(c, in_force=c.id not in late), c.duration.describe()
                )
                for c in theirs
            ],
            set(target_ticked),
        )
        gear = (
            [item for item in actor.items if item.to_hit and item.kind == "gear"]
            if isinstance(actor, CharacterSheet)
            else []
        )
        self._fill(
            self.gear,
            [
                CheckEntry(item.name, f"{item.name} {signed(item.to_hit)}", item.notes)
                for item in gear
            ],
            self.gear_names(),
        )
        self._update_summary()

    def _fill(self, checklist: CheckList, entries: list[CheckEntry], ticked: Iterable[str]) -> None:
        checklist.set_entries(entries, ticked)
        checklist.setVisible(bool(entries))
        self._none[checklist].setVisible(not entries)

    def set_gear_names(self, names: Iterable[str]) -> None:
        wanted = set(names)
        blocked = self.gear.blockSignals(True)
        try:
            for key in self.gear.entry_keys():
                self.gear.set_checked(key, key in wanted)
        finally:
            self.gear.blockSignals(blocked)

    # -- reading -----------------------------------------------------------------------

    def actor_condition_ids(self) -> tuple[str, ...]:
        return self.actor_conditions.checked_keys() + self.help.checked_keys()

    def target_condition_ids(self) -> tuple[str, ...]:
        return self.target_conditions.checked_keys()

    def gear_names(self) -> tuple[str, ...]:
        return self.gear.checked_keys()

    def other_bonus(self) -> Term | None:
        value = self.other_value.value()
        if not value:
            return None
        return Term(label=self.other_name.text().strip() or "other bonus", value=value)

    def damage_cap_override(self) -> int | None:
        """The GM's maximum damage for this check, or None for the computed one."""
        return self.damage_cap.value() if self.damage_cap_set.isChecked() else None

    def set_computed_cap(self, computed: int | None) -> None:
        """What the rules give as this check's maximum damage (None: no damage die)."""
        if computed != self._computed_cap:
            self._computed_cap = computed
            self._show_computed_cap()
            self._update_summary()

    def _show_computed_cap(self) -> None:
        """Unticked, the spin box shows the computed maximum; the note always names it."""
        computed = self._computed_cap
        overriding = self.damage_cap_set.isChecked()
        if not overriding:
            blocked = self.damage_cap.blockSignals(True)
            self.damage_cap.setSpecialValueText("none" if computed is None else "")
            self.damage_cap.setValue(computed or 0)
            self.damage_cap.blockSignals(blocked)
        if computed is None:
            note = "none computed (no damage die)"
        else:
            note = f"in place of the computed {computed}" if overriding else f"computed {computed}"
        self.damage_cap_note.setText(note)

    def _on_cap_set(self, checked: bool) -> None:
        self.damage_cap.setEnabled(checked)
        if checked:
            blocked = self.damage_cap.blockSignals(True)
            self.damage_cap.setSpecialValueText("")
            self.damage_cap.blockSignals(blocked)
            self.damage_cap.setFocus(Qt.FocusReason.OtherFocusReason)
            self.damage_cap.selectAll()  # typing replaces the computed number
        self._show_computed_cap()
        self.changed.emit()

    def _on_cap_value(self, _value: int) -> None:
        if self.damage_cap_set.isChecked():
            self.changed.emit()

    def concealments(self) -> tuple[Concealment, Concealment]:
        return (
            Concealment(current_data(self.actor_hidden) or "none"),
            Concealment(current_data(self.target_hidden) or "none"),
        )

    def cover_choice(self) -> tuple[CoverKind, CoverExtent]:
        return (
            CoverKind(current_data(self.cover) or "none"),
            CoverExtent(current_data(self.cover_extent) or "half"),
        )

    def _on_cover(self, _index: int) -> None:
        self._update_extents()
        self.changed.emit()

    def _update_extents(self) -> None:
        kind = CoverKind(current_data(self.cover) or "none")
        keep = current_data(self.cover_extent) or CoverExtent.HALF.value
        blocked = self.cover_extent.blockSignals(True)
        try:
            self.cover_extent.clear()
            for extent in CoverExtent:
                bonus = cover_bonus(kind, extent)
                self.cover_extent.addItem(
                    f"{extent.value} ({signed(bonus)} to resistance)", extent.value
                )
            self.cover_extent.setCurrentIndex(max(self.cover_extent.findData(keep), 0))
        finally:
            self.cover_extent.blockSignals(blocked)
        self.cover_extent.setEnabled(kind is not CoverKind.NONE)

    # -- the collapsed view ------------------------------------------------------------

    def _on_toggle(self, shown: bool) -> None:
        self.body.setVisible(shown)
        self.toggle.setText("Hide details" if shown else "Ad&just…")
        self.toggle.setShortcut(QKeySequence("Alt+J"))
        self._update_summary()

    def _checked_texts(self, checklist: CheckList) -> list[str]:
        keys = set(checklist.checked_keys())
        return [
            checklist.item(row).text().split("  ·  ")[0].replace("  ", " ")
            for row in range(checklist.count())
            if checklist.item(row).data(Qt.ItemDataRole.UserRole) in keys
        ]

    def summary_text(self) -> str:
        """Everything that counts, in one sentence (what the collapsed section shows)."""
        actor, target = self._names
        parts: list[str] = []
        own = self._checked_texts(self.actor_conditions) + self._checked_texts(self.help)
        if own:
            parts.append(f"{actor}: {', '.join(own)}")
        theirs = self._checked_texts(self.target_conditions)
        if theirs:
            parts.append(f"{target}: {', '.join(theirs)}")
        if self.extra_help.value():
            parts.append(f"help {signed(self.extra_help.value())}")
        gear = self._checked_texts(self.gear)
        bonus = self.other_bonus()
        if bonus is not None:
            gear.append(f"{bonus.label} {signed(bonus.value)}")
        if gear:
            parts.append(", ".join(gear))
        actor_hidden, target_hidden = self.concealments()
        if actor_hidden is not Concealment.NONE:
            parts.append(f"actor {actor_hidden.value}-concealed")
        if target_hidden is not Concealment.NONE:
            parts.append(f"target {target_hidden.value}-concealed")
        kind, extent = self.cover_choice()
        if kind is not CoverKind.NONE:
            parts.append(f"{kind.value} {extent.value} cover")
        adjust = [
            f"{what} {signed(spin.value())}"
            for what, spin in (
                ("check", self.gm_check),
                ("resistance", self.gm_resistance),
                ("EP", self.gm_effect_points),
            )
            if spin.value()
        ]
        cap = self.damage_cap_override()
        if cap is not None:
            computed = "" if self._computed_cap is None else f" (computed {self._computed_cap})"
            adjust.append(f"maximum damage {cap}{computed}")
        if adjust:
            parts.append("GM: " + ", ".join(adjust))
        if not parts:
            return "Nothing special counts: no effects, consequences, help, cover or concealment."
        return "Counting: " + "; ".join(parts) + "."

    def _update_summary(self) -> None:
        self.summary.setText(self.summary_text())
