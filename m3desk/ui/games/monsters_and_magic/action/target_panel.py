"""Step 2 of the worksheet: at whom, how big they are, and what the check must beat."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QLabel, QWidget

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic import CharacterSheet, CheckSpec, MonsterSheet
from m3desk.systems.monsters_and_magic.action_kind import TargetRole
from m3desk.systems.monsters_and_magic.encounter import Combatant
from m3desk.ui.action.combo_items import current_data, fill_combo
from m3desk.ui.games.monsters_and_magic.action.resistance_editor import ResistanceEditor

__all__ = ["TargetPanel"]

Sheet = CharacterSheet | MonsterSheet
NOBODY = ""
_SIZE_WORDS = ("larger target", "smaller target")


class TargetPanel(QGroupBox):
    """Target (or the ally to help), size as the sheets say, and the resistance."""

    target_changed = Signal()
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("2 · Against", parent)
        self.target = QComboBox(self)
        self.target_label = QLabel("Tar&get", self)
        self.target_label.setBuddy(self.target)
        self.size_applies = QCheckBox("Si&ze applies", self)
        self.size_applies.setChecked(True)
        self.size_applies.setToolTip(
            "Off when the check only gets past the target (sneaking by): size changes nothing then."
        )
        self.size_text = QLabel(self)
        self.size_text.setWordWrap(True)
        self.resistance = ResistanceEditor(self)
        self.resistance_label = QLabel("Resistance", self)
        self.reason = QLabel(self)
        """Why the resistance is what it is by default (a change of range: the table rule)."""
        self.reason.setWordWrap(True)

        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(self.target_label, self.target)
        self._size_caption = QLabel("Size", self)
        form.addRow(self._size_caption, self.size_text)
        form.addRow("", self.size_applies)
        form.addRow(self.resistance_label, self.resistance)
        form.addRow("", self.reason)
        self._form = form
        self._form.setRowVisible(self.reason, False)

        self.target.currentIndexChanged.connect(lambda _i: self.target_changed.emit())
        self.size_applies.toggled.connect(lambda _b: self.changed.emit())
        self.resistance.changed.connect(self.changed)

    def set_candidates(
        self,
        role: TargetRole,
        candidates: Iterable[Combatant],
        current: str | None,
        notes: Mapping[str, tuple[str, str]] | None = None,
    ) -> None:
        """The list of targets; ``notes`` by id: what to say beside each (its range band
        and whether the weapon reaches it) and why, as its tooltip."""
        notes = notes or {}
        entries = [
            (
                f"{c.name}  ({c.side})" + (f"  ·  {notes[c.id][0]}" if c.id in notes else ""),
                c.id,
                notes[c.id][1] if c.id in notes else "",
            )
            for c in candidates
        ]
        if role is TargetRole.OPTIONAL:
            entries.insert(0, ("Nobody (a difficulty only)", NOBODY, ""))
        self.target_label.setText("&Give help to" if role is TargetRole.ALLY else "Tar&get")
        fill_combo(self.target, entries, keep=current if current else NOBODY)
        self._form.setRowVisible(self.target, role is not TargetRole.NONE)
        self.target.setEnabled(bool(entries))
        if not entries and role is not TargetRole.NONE:
            fill_combo(self.target, [("Nobody to choose", NOBODY, "")])
            self.target.setEnabled(False)

    def set_reason(self, text: str) -> None:
        """The one line that says why the resistance is the default it is ('' hides it)."""
        self.reason.setText(text)
        self._form.setRowVisible(self.reason, bool(text))

    def target_id(self) -> str | None:
        data = current_data(self.target)
        return str(data) if data else None

    def set_resisting(self, resisting: bool) -> None:
        """A helped ally resists nothing: hide size and resistance's target-bound parts."""
        for widget in (self.size_text, self.size_applies):
            self._form.setRowVisible(widget, resisting)

    def show_size(self, actor: Sheet, target: Sheet | None, spec: CheckSpec | None) -> None:
        """The sizes from the sheets and what the rules core made of them."""
        if target is None:
            self.size_text.setText("no target: size does not apply")
            return
        sizes = (
            f"{actor.name} {actor.size.label} ({actor.size.value}), "
            f"{target.name} {target.size.label} ({target.size.value})"
        )
        if spec is None:
            self.size_text.setText(sizes)
            return
        effects = [
            f"{where} {signed(t.value)}"
            for where, terms in (
                ("resistance", spec.resistance.terms),
                ("effect points", spec.ep_terms),
            )
            for t in terms
            if t.label in _SIZE_WORDS
        ]
        if actor.size is target.size:
            verdict = "same size: no change"
        elif not self.size_applies.isChecked():
            verdict = "size does not apply to this check"
        elif effects:
            word = next(
                t.label for t in (*spec.resistance.terms, *spec.ep_terms) if t.label in _SIZE_WORDS
            )
            verdict = f"{word}: " + ", ".join(effects)
        else:
            verdict = "no change at this table (table rules)"
        self.size_text.setText(f"{sizes} — {verdict}")
