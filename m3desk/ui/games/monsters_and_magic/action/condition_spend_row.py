"""One effect (on the actor) or consequence (on the target), named freely, bought by tier.

Tiers the effect points cannot pay for, or the rules forbid (a second minor consequence),
stay in the list greyed out; the reason is in their tooltip and, so that a keyboard user
sees it too, in the note under the row.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QToolButton,
    QWidget,
)

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic import Condition, ConditionKind, TableRules, Tier, tier_cost
from m3desk.systems.monsters_and_magic.spend_draft import Affects, ConditionDraft
from m3desk.systems.monsters_and_magic.spend_offer import Choice
from m3desk.ui.action.combo_items import (
    current_data,
    entry_enabled,
    fill_combo,
    select_data,
    set_entry_enabled,
)
from m3desk.ui.action.tone import tone_color
from m3desk.ui.games.monsters_and_magic.action.duration_editor import DurationEditor
from m3desk.ui.plain_text import app_markup, fit_placeholder, tinted

__all__ = ["ConditionSpendRow"]

NOTHING = ""
TIERS = (Tier.MINOR, Tier.MAJOR, Tier.EXTREME)
_AFFECTS: tuple[tuple[str, Affects], ...] = (
    ("checks and defence", "both"),
    ("checks only", "checks"),
    ("defence only", "defence"),
)


def merged_reasons(reasons: list[str]) -> list[str]:
    """Reasons that end alike, said once: "X already has a minor consequence (catching fire)
    and a major consequence (backstabbed!); choose something else, such as …"."""
    groups: list[tuple[list[str], str | None]] = []
    for reason in reasons:
        head, sep, tail = reason.partition("; ")
        if sep and groups and groups[-1][1] == tail:
            groups[-1][0].append(head)
        else:
            groups.append(([head], tail if sep else None))
    merged = []
    for heads, ending in groups:
        first = heads[0].split(" ")
        sentence = heads[0]
        for head in heads[1:]:
            words = head.split(" ")
            common = 0
            while common < min(len(first), len(words)) - 1 and first[common] == words[common]:
                common += 1
            if common and words[common - 1] in ("a", "an", "the"):
                common -= 1  # "… a minor consequence and a major one", not "and major"
            sentence += " and " + " ".join(words[common:])
        merged.append(sentence if ending is None else f"{sentence}; {ending}")
    return merged


class ConditionSpendRow(QWidget):
    """Kind, tier, name, duration and what it affects; a note says why a tier is out."""

    changed = Signal()
    remove_requested = Signal()

    def __init__(self, parent: QWidget | None = None, *, removable: bool = False) -> None:
        super().__init__(parent)
        self._rules = TableRules()
        self.kind = QComboBox(self)
        self.tier = QComboBox(self)
        self.tier.setMinimumContentsLength(16)
        self.name = QLineEdit(self)
        self.name.setMaxLength(80)
        self.name.setPlaceholderText("e.g. knocked back")
        fit_placeholder(self.name)
        self.duration = DurationEditor(self)
        self.affects = QComboBox(self)
        for text, value in _AFFECTS:
            self.affects.addItem(text, value)
        self.affects.setToolTip(
            "Whether it changes the bearer's checks, its AC and defence, or both."
        )
        self.note = app_markup(QLabel(self))
        self.note.setWordWrap(True)
        self.note.hide()
        self.remove = QToolButton(self)
        self.remove.setText("✕")
        self.remove.setToolTip("Remove this effect or consequence")
        self.remove.setVisible(removable)

        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(3)
        grid.addWidget(self.kind, 0, 0)
        grid.addWidget(self.tier, 0, 1)
        grid.addWidget(self.remove, 0, 2)
        grid.addWidget(self.name, 1, 0, 1, 2)
        lasting = QWidget(self)
        self._lasting = lasting
        lasting_row = QHBoxLayout(lasting)
        lasting_row.setContentsMargins(0, 0, 0, 0)
        lasting_row.addWidget(QLabel("lasts", lasting))
        lasting_row.addWidget(self.duration)
        lasting_row.addWidget(QLabel("affects", lasting))
        lasting_row.addWidget(self.affects)
        lasting_row.addStretch(1)
        grid.addWidget(lasting, 2, 0, 1, 3)
        grid.addWidget(self.note, 3, 0, 1, 3)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)

        self.kind.currentIndexChanged.connect(self._on_kind)
        self.tier.currentIndexChanged.connect(self._on_tier)
        self.name.textChanged.connect(lambda _t: self.changed.emit())
        self.duration.changed.connect(self.changed)
        self.affects.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.remove.clicked.connect(self.remove_requested)
        self._update_details()

    # -- context -----------------------------------------------------------------------

    def set_parties(
        self, actor: str, target: str | None, rules: TableRules, kinds: dict[ConditionKind, Choice]
    ) -> None:
        """Kind entries naming who bears it; tier entries with their cost and value."""
        keep = current_data(self.kind) or (
            ConditionKind.CONSEQUENCE.value if target else ConditionKind.EFFECT.value
        )
        fill_combo(
            self.kind,
            [
                (
                    f"consequence on {target or 'the target'}",
                    ConditionKind.CONSEQUENCE.value,
                    "A penalty on the target",
                ),
                (f"effect on {actor}", ConditionKind.EFFECT.value, "A bonus for the actor"),
            ],
            keep=keep,
        )
        for index, kind in enumerate((ConditionKind.CONSEQUENCE, ConditionKind.EFFECT)):
            choice = kinds[kind]
            set_entry_enabled(self.kind, index, choice.allowed, choice.reason)
        if not entry_enabled(self.kind, self.kind.currentIndex()):
            for index in range(self.kind.count()):
                if entry_enabled(self.kind, index):
                    select_data(self.kind, self.kind.itemData(index))
        self._rules = rules
        self._fill_tiers()

    def _fill_tiers(self) -> None:
        kind = self.current_kind()
        keep = current_data(self.tier) or NOTHING
        entries = [("— none —", NOTHING, "")]
        for tier in TIERS:
            value = Condition.make("x", kind, tier, rules=self._rules).value
            entries.append(
                (
                    f"{tier.value} · {tier_cost(tier, self._rules)} EP · {signed(value)}",
                    tier.value,
                    "",
                )
            )
        fill_combo(self.tier, entries, keep=keep)

    def set_tier_choices(self, choices: dict[Tier, Choice]) -> None:
        """Grey out the tiers that cannot be bought; say why under the row."""
        reasons = []
        for index, tier in enumerate(TIERS, start=1):
            choice = choices[tier]
            set_entry_enabled(self.tier, index, choice.allowed, choice.reason)
            if not choice.allowed and not choice.unaffordable and choice.reason:
                reasons.append(choice.reason)
        short = [t.value for t in TIERS if choices[t].unaffordable]
        if short:
            names = short[0] if len(short) == 1 else f"{', '.join(short[:-1])} or {short[-1]}"
            reasons.append(f"not enough effect points left for {names}")
        unique = merged_reasons(list(dict.fromkeys(reasons)))
        if unique:
            self.note.setText(tinted("; ".join(unique), tone_color(self, "muted")))
        self.note.setVisible(bool(unique))

    # -- reading -----------------------------------------------------------------------

    def current_kind(self) -> ConditionKind:
        return ConditionKind(current_data(self.kind) or ConditionKind.CONSEQUENCE.value)

    def current_tier(self) -> Tier | None:
        data = current_data(self.tier)
        return Tier(data) if data else None

    def draft(self) -> ConditionDraft:
        return ConditionDraft(
            kind=self.current_kind(),
            tier=self.current_tier(),
            name=self.name.text(),
            duration=self.duration.duration(),
            affects=current_data(self.affects) or "both",
        )

    def select_tier(self, tier: Tier | None) -> bool:
        """Choose a tier as the user would; False when it is greyed out."""
        index = self.tier.findData(tier.value if tier else NOTHING)
        if index < 0 or not entry_enabled(self.tier, index):
            return False
        self.tier.setCurrentIndex(index)
        return True

    # -- reactions ---------------------------------------------------------------------

    def _on_kind(self, _index: int) -> None:
        self._fill_tiers()
        self._update_details()
        self.changed.emit()

    def _on_tier(self, _index: int) -> None:
        self._update_details()
        self.changed.emit()

    def _update_details(self) -> None:
        wanted = self.current_tier() is not None
        self.name.setVisible(wanted)
        self._lasting.setVisible(wanted)
