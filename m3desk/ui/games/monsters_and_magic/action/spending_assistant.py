"""Step 7: spend the effect points, offered only as far as the rules and the points allow.

Every limit and every "why not" comes from
:class:`~m3desk.systems.monsters_and_magic.spend_offer.SpendOffer`
(which asks the rules core); this widget only shows them: spin boxes bounded by what is
left, greyed-out tiers with their reason, a live "left" count, the core's problems, and a
preview of what applying will do to the sheets.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
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
from m3desk.systems.monsters_and_magic import ConditionKind, RangeSpend
from m3desk.systems.monsters_and_magic.ranges import shift
from m3desk.systems.monsters_and_magic.spend_draft import SpendDraft
from m3desk.systems.monsters_and_magic.spend_offer import SpendOffer
from m3desk.systems.monsters_and_magic.spending import Outcome
from m3desk.ui.action.tone import tone_color
from m3desk.ui.games.monsters_and_magic.action.condition_spend_row import ConditionSpendRow
from m3desk.ui.plain_text import app_markup, fit_placeholder, tinted

__all__ = ["SpendingAssistant"]

MAX_ROWS = 4


class SpendingAssistant(QGroupBox):
    """Hero points, range, effects and consequences, damage, the defender's choice, help."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("7 · Spend the effect points", parent)
        self._offer: SpendOffer | None = None
        self._updating = False
        self._auto_bands: int | None = None
        """The range change the assistant chose itself (None: none, or the user's)."""
        self._damage_chosen = False
        """The user set the damage; until then it follows the book's default."""
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        bold = QFont(self.status.font())
        bold.setBold(True)
        self.status.setFont(bold)

        self.hero = QSpinBox(self)
        self.hero.setRange(0, 0)
        self.hero_note = QLabel(self)
        self.direction = QComboBox(self)
        self.direction.addItem("closer", -1)
        self.direction.addItem("farther", 1)
        self.bands = QSpinBox(self)
        self.bands.setRange(0, 0)
        self.bands.setSuffix(" band(s)")
        self.range_note = QLabel(self)
        self.rows: list[ConditionSpendRow] = []
        self._rows_box = QVBoxLayout()
        self._rows_box.setSpacing(8)
        self.add_row = QPushButton("Another effect or conse&quence", self)
        self.damage = QSpinBox(self)
        self.damage.setRange(0, 0)
        self.damage_note = QLabel(self)
        self.damage_note.setWordWrap(True)
        self.hero_note.setWordWrap(True)
        self.range_note.setWordWrap(True)
        self.defender = QCheckBox("The defender takes damage &instead", self)
        self.defender_note = app_markup(QLabel(self))
        self.defender_note.setWordWrap(True)
        self.help_amount = QLabel(self)
        self.towards = QLineEdit(self)
        self.towards.setMaxLength(120)
        self.towards.setPlaceholderText("e.g. Turn Undead")
        fit_placeholder(self.towards)
        self.problems = app_markup(QLabel(self))
        self.problems.setWordWrap(True)
        self.preview = app_markup(QLabel(self))
        self.preview.setWordWrap(True)

        self._boxes: dict[QWidget, QWidget] = {}
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(self.status)
        self._hero_label = self._add(form, "&Hero points", self.hero, self.hero_note)
        self._add(form, "Range band&s", self.direction, self.bands, self.range_note)
        rows_holder = QWidget(self)
        holder_layout = QVBoxLayout(rows_holder)
        holder_layout.setContentsMargins(0, 0, 0, 0)
        holder_layout.addLayout(self._rows_box)
        holder_layout.addWidget(self.add_row, 0)
        self._conditions_label = QLabel("&Effect or\nconsequence", self)
        form.addRow(self._conditions_label, rows_holder)
        self._add(form, "Da&mage", self.damage, self.damage_note)
        self._defender_box = self._stack(self.defender, self.defender_note)
        form.addRow("", self._defender_box)
        self._add(form, "Help", self.help_amount)
        towards_label = QLabel("For which chec&k", self)
        towards_label.setBuddy(self.towards)
        form.addRow(towards_label, self.towards)
        form.addRow(self.problems)
        form.addRow(self.preview)
        self._form = form
        self._rows_holder = rows_holder
        self._fields: dict[str, QWidget] = {
            "hero": self._boxes[self.hero],
            "range": self._boxes[self.direction],
            "conditions": rows_holder,
            "damage": self._boxes[self.damage],
            "defender": self._defender_box,
            "help": self._boxes[self.help_amount],
            "towards": self.towards,
        }

        self._add_condition_row(removable=False)
        self.hero.valueChanged.connect(self._on_input)
        self.direction.currentIndexChanged.connect(self._on_input)
        self.bands.valueChanged.connect(self._on_input)
        self.damage.valueChanged.connect(self._on_damage)
        self.defender.toggled.connect(self._on_input)
        self.towards.textChanged.connect(self._on_input)
        self.add_row.clicked.connect(self._on_add_row)
        self.set_offer(None)

    def _stack(self, *widgets: QWidget) -> QWidget:
        box = QWidget(self)
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        for widget in widgets:
            column.addWidget(widget)
        return box

    def _add(self, form: QFormLayout, label: str, *widgets: QWidget) -> QLabel:
        """A labelled row of widgets; the row's field is kept by its first widget's name."""
        box = QWidget(self)
        self._boxes[widgets[0]] = box
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in widgets:
            row.addWidget(widget, 1 if isinstance(widget, QLabel) else 0)
        caption = QLabel(label, self)
        caption.setBuddy(widgets[0])
        form.addRow(caption, box)
        return caption

    # -- rows --------------------------------------------------------------------------

    def _add_condition_row(self, *, removable: bool = True) -> ConditionSpendRow:
        row = ConditionSpendRow(self, removable=removable)
        row.changed.connect(self._on_input)
        row.remove_requested.connect(lambda r=row: self._remove_row(r))
        self.rows.append(row)
        self._rows_box.addWidget(row)
        if len(self.rows) == 1:
            self._conditions_label.setBuddy(row.tier)
        return row

    def _on_add_row(self) -> None:
        if len(self.rows) < MAX_ROWS:
            row = self._add_condition_row()
            self._update()
            row.tier.setFocus()

    def _remove_row(self, row: ConditionSpendRow) -> None:
        if row in self.rows and len(self.rows) > 1:
            self.rows.remove(row)
            self._rows_box.removeWidget(row)
            row.deleteLater()
            self._on_input()

    # -- the offer ---------------------------------------------------------------------

    @property
    def offer(self) -> SpendOffer | None:
        return self._offer

    def set_offer(self, offer: SpendOffer | None, waiting: str = "") -> None:
        """A new resolution (or none yet): keep what the user set, within the new limits.

        An attack out of its weapon's reach gets the range change chosen for it when that is
        the only way to damage or an effect and the effect points pay for it (seed 000,
        "Changing range"); a choice the user made stays."""
        self._offer = offer
        self._waiting = waiting or "Roll first: the effect points decide what can be bought."
        if offer is None:
            self._damage_chosen = False
        self._choose_range(offer)
        self._update()

    def _choose_range(self, offer: SpendOffer | None) -> None:
        bands = self.draft().range_bands
        if bands and bands != self._auto_bands:
            return  # the user's own choice
        wanted = offer.range_required() if offer is not None else 0
        self._updating = True
        try:
            select = self.direction.findData(-1 if wanted <= 0 else 1)
            self.direction.setCurrentIndex(select)
            self.bands.setMaximum(max(abs(wanted), self.bands.maximum()))
            self.bands.setValue(abs(wanted))
        finally:
            self._updating = False
        self._auto_bands = wanted or None

    def draft(self) -> SpendDraft:
        closer = self.direction.currentData() == -1
        bands = self.bands.value()
        return SpendDraft(
            hero_bump=self.hero.value(),
            range_bands=-bands if closer else bands,
            conditions=tuple(row.draft() for row in self.rows),
            damage=self.damage.value(),
            help_towards=self.towards.text(),
            defender_takes_damage=self.defender.isChecked() and self.defender.isEnabled(),
        )

    def untouched(self) -> bool:
        """Nothing asked for by the user yet (a range change the assistant chose aside):
        Enter then means "go to the spending", not "apply"."""
        draft = self.draft()
        damage = draft.damage if self._damage_chosen else 0
        return replace(draft, range_bands=0, damage=damage).is_empty and draft.range_bands in (
            0,
            self._auto_bands,
        )

    def problems_list(self) -> list[str]:
        if self._offer is None:
            return ["roll first"]
        return list[str](self._offer.problems(self.draft()))

    def ready(self) -> bool:
        return self._offer is not None and not self.problems_list()

    def first_control(self) -> QWidget | None:
        """Where spending starts for a keyboard user: the first control that can take input."""
        candidates: list[QWidget] = [
            self.bands,
            self.rows[0].tier,
            self.damage,
            self.towards,
            self.hero,
        ]
        for widget in candidates:
            if widget.isVisibleTo(self) and widget.isEnabled():
                return widget
        return None

    # -- refreshing --------------------------------------------------------------------

    def _on_input(self, *_args: object) -> None:
        if not self._updating:
            self._update()

    def _on_damage(self, *_args: object) -> None:
        if not self._updating:
            self._damage_chosen = True
            self._update()

    def _set_rows_visible(self, **visible: bool) -> None:
        """Show the rows named (hero, range, conditions, damage, defender, help, towards)."""
        for key, field in self._fields.items():
            self._form.setRowVisible(field, visible.get(key, False))

    def _update(self) -> None:
        self._updating = True
        try:
            self._update_widgets()
        finally:
            self._updating = False
        self.changed.emit()

    def _update_widgets(self) -> None:
        offer = self._offer
        if offer is None or not offer.succeeded:
            self._set_rows_visible()
            self.status.setText(
                self._waiting if offer is None else "No effect points to spend: the check failed."
            )
            self.problems.hide()
            self.preview.hide()
            return
        self._update_hero(offer)
        self._update_condition_rows(offer)
        self._update_range(offer)
        self._update_damage(offer)
        taken = self._update_defender(offer)
        self._update_budget(offer, taken)

    def _update_hero(self, offer: SpendOffer) -> None:
        """Which rows show, and the hero point's bump."""
        helping = offer.helping
        has_target = offer.target is not None
        bump = offer.bump_limit()
        consequence_chosen = any(
            row.current_kind() is ConditionKind.CONSEQUENCE and row.current_tier() is not None
            for row in self.rows
        )
        self._set_rows_visible(
            hero=bump.maximum > 0 or self.hero.value() > 0,
            range=not helping and has_target,
            conditions=not helping,
            damage=offer.damage_offered,
            defender=not helping and has_target and consequence_chosen,
            help=helping,
            towards=helping,
        )
        self.hero.setMaximum(bump.maximum)
        self.hero.setEnabled(bump.maximum > 0)
        self.hero.setToolTip(bump.reason)
        draft = self.draft()
        if draft.hero_bump:
            self.hero_note.setText(f"{offer.effect_points} → {offer.available(draft)} EP")
        else:
            self.hero_note.setText(bump.reason if bump.maximum == 0 else "")

    def _update_condition_rows(self, offer: SpendOffer) -> None:
        """Each condition row's parties and tiers; the add button while there is room."""
        kinds = {kind: offer.kind_choice(kind) for kind in ConditionKind}
        target_name = offer.target.name if offer.target is not None else None
        for index, row in enumerate(self.rows):
            row.set_parties(offer.actor.name, target_name, offer.rules, kinds)
            row.set_tier_choices(offer.tier_choices(self.draft(), index, row.current_kind()))
        self.add_row.setVisible(
            len(self.rows) < MAX_ROWS and all(row.current_tier() is not None for row in self.rows)
        )

    def _update_range(self, offer: SpendOffer) -> None:
        """The range bands bought, within what the effect points allow."""
        closer = self.direction.currentData() == -1
        limit = offer.range_limit(self.draft(), closer=closer)
        self.bands.setMaximum(limit.maximum)
        self.bands.setEnabled(limit.maximum > 0)
        self.direction.setEnabled(offer.current_range is not None)
        self.bands.setToolTip(limit.reason)
        self.range_note.setText(self._range_text(limit.reason))

    def _update_damage(self, offer: SpendOffer) -> None:
        """The damage, the book's default until the user picks, within its limit."""
        if not self._damage_chosen:
            # The book's default: what the range change leaves, up to the maximum damage.
            wanted = offer.default_damage(self.draft())
            self.damage.setMaximum(max(self.damage.maximum(), wanted))
            self.damage.setValue(wanted)
        limit = offer.damage_limit(self.draft())
        self.damage.setMaximum(limit.maximum)
        self.damage.setEnabled(limit.maximum > 0)
        self.damage.setSuffix(" MHP" if offer.mental else " PHP")
        self.damage.setToolTip(f"at most {limit.maximum}: {limit.reason}")
        self.damage_note.setText(
            f"at most {limit.maximum}: {limit.reason}" if limit.maximum else limit.reason
        )

    def _update_defender(self, offer: SpendOffer) -> int | None:
        """The defender's hero-point choice; returns the damage it would take instead."""
        choice, taken = offer.defender_choice(self.draft())
        self.defender.setEnabled(choice.allowed)
        self.defender.setToolTip(
            choice.reason
            or "A defender with a hero point may take all "
            "the effect points as damage instead of a "
            "consequence (up to the maximum damage)."
        )
        name = offer.target.name if offer.target is not None else "The defender"
        if taken is not None:
            self.defender.setText(f"{name} takes {taken} damage &instead")
            note = (
                f"spends a hero point: all {offer.available(self.draft())} effect points "
                f"become damage (at most {offer.damage_cap_text}), no consequence"
                if offer.damage_cap is not None
                else "spends a hero point: all the effect points become damage, no consequence"
            )
        elif offer.target is not None and offer.target.hero_points < 1:
            self.defender.setText(f"{name} takes damage &instead")
            note = f"{name} has no hero point: the consequence stands"
        else:
            self.defender.setText(f"{name} takes damage &instead")
            note = choice.reason
        self.defender_note.setText(tinted(note, tone_color(self, "muted")))
        return taken

    def _update_budget(self, offer: SpendOffer, taken: int | None) -> None:
        """The help given, the points left, the problems and the preview."""
        draft = self.draft()
        if offer.helping:
            given = offer.help_condition(draft)
            amount = f"+{given.value}" if given is not None else "nothing"
            self.help_amount.setText(
                f"{amount} to {offer.recipient_name or 'the ally'} (all the effect points)"
            )
        budget = offer.budget(draft)
        if draft.defender_takes_damage and taken is not None:
            self.status.setText(f"{budget.available} EP: the defender takes {taken} damage instead")
        elif budget.remaining < 0:
            self.status.setText(
                f"{budget.available} EP to spend  ·  {budget.spent} spent  ·  "
                f"{-budget.remaining} too many"
            )
        else:
            self.status.setText(
                f"{budget.available} EP to spend  ·  {budget.spent} spent  ·  "
                f"{budget.remaining} left"
            )
        problems = offer.problems(draft)
        colour = tone_color(self, "bad").name()
        self.problems.setText(
            "".join(f"<div style='color:{colour}'>• {escape(p)}</div>" for p in problems)
        )
        self.problems.setVisible(bool(problems))
        self._show_preview(offer, offer.preview(draft), budget.remaining)

    def _range_text(self, reason: str) -> str:
        offer = self._offer
        if offer is None or offer.current_range is None:
            return reason
        draft = self.draft()
        bands = draft.range_bands
        reach = offer.reach_note(draft.without_damage())
        if not bands:
            text = f"now {offer.current_range.label}" + (f"; {reason}" if reason else "")
        else:
            cost = RangeSpend(bands=bands).cost(offer.rules)
            text = (
                f"{offer.current_range.label} → {shift(offer.current_range, bands).label}"
                f" ({cost} EP)"
            )
            if offer.reach is not None and not reach and offer.bands_needed():
                text += f": {offer.reach.describe()}, the rest may go to damage or effects"
        return text + (f". {reach}" if reach else "")

    def _show_preview(self, offer: SpendOffer, outcome: Outcome | None, left: int) -> None:
        if outcome is None or offer.helping:
            self.preview.hide()
            return
        changes = []
        if offer.target is not None and outcome.target is not None:
            for pool in ("php", "mhp"):
                before = getattr(offer.target, pool).current
                after = getattr(outcome.target, pool).current
                if before != after:
                    changes.append(f"{offer.target.name} {pool.upper()} {before} → {after}")
        if outcome.range is not None and outcome.range != offer.current_range:
            changes.append(f"range {outcome.range.label}")
        changes += [
            f"{c.name} ({signed(c.value)}) on "
            f"{offer.actor.name if c.kind is ConditionKind.EFFECT else name}"
            for c in outcome.conditions_added
            for name in [offer.target.name if offer.target else ""]
        ]
        if outcome.actor.hero_points != offer.actor.hero_points:
            changes.append(
                f"{offer.actor.name} hero points {offer.actor.hero_points} → "
                f"{outcome.actor.hero_points}"
            )
        if (
            offer.target is not None
            and outcome.target is not None
            and outcome.target.hero_points != offer.target.hero_points
        ):
            changes.append(
                f"{offer.target.name} hero points {offer.target.hero_points} → "
                f"{outcome.target.hero_points}"
            )
        text = "; ".join(changes) if changes else "nothing changes"
        if left > 0:
            text += f"; {left} EP left unspent (lost)"
        self.preview.setText(tinted(f"Applying: {text}", tone_color(self, "muted")))
        self.preview.show()
