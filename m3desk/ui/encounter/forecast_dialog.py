"""Encounter → Forecast…: how does this fight go? Played many times from where it stands.

The game's own simulator plays each fight (its rules, its initiative, movement and morale) on
a seeded stream; the dialog runs the fights in small batches so the window stays responsive,
shows the progress with a Cancel, and plots each side's chance to win, how many rounds it
takes, each combatant's chance to be down and the hit points left. The same seed gives the
same forecast. The encounter itself is never changed.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import registry
from m3desk.core.forecast import FightResult, Forecast, Policy, run_fights, summarise
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.forecast_plots import Bar, BarChart, Histogram

__all__ = ["BATCH", "ForecastDialog"]

BATCH = 250
"""Fights per step of the event loop: a few milliseconds, so Cancel and repaints stay live."""
_TARGETS = (("nearest", "the nearest foe"), ("weakest", "the weakest foe (fewest hp left)"),
            ("strongest", "the strongest foe (most hp left)"))


class ForecastDialog(QDialog):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("forecast_dialog")
        self.document = document
        encounter = document.encounter
        self.encounter = encounter
        system = registry.system_of(encounter)
        rules = system.encounter
        self.simulate = rules.simulate if rules is not None else None
        self.setWindowTitle(f"Forecast — {encounter.name}")
        self.result: Forecast | None = None
        self._results: list[FightResult] = []
        self._wanted = 0
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)

        self.fights = QSpinBox()
        self.fights.setRange(100, 200_000)
        self.fights.setSingleStep(1000)
        self.fights.setValue(10_000)
        self.fights.setAccessibleName("Fights to play")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(1)
        self.seed.setToolTip("The same seed plays the same fights: the same forecast")
        self.target = QComboBox()
        for key, text in _TARGETS:
            self.target.addItem(text, key)
        self.ranged = QCheckBox("Missile users stay at range and shoot")
        self.ranged.setChecked(True)
        self.run_button = QPushButton("&Play the Fights")
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("&Stop")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.stop)
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        policy = rules.forecast_policy if rules is not None else ""
        self.policy_label = QLabel(policy or "This game has no fight simulator yet.")
        self.policy_label.setObjectName("forecast_policy")
        self.policy_label.setWordWrap(True)
        self.policy_label.setTextFormat(Qt.TextFormat.PlainText)
        self.summary = QLabel()
        self.summary.setObjectName("forecast_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)

        self.wins = BarChart("Who wins")
        self.rounds = Histogram("Rounds the fight takes")
        self.down = BarChart("Down at the end")
        self.hit_points = BarChart("Hit points left (outline: now)")

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.addRow("&Fights:", self.fights)
        form.addRow("S&eed:", self.seed)
        form.addRow("&Attackers pick:", self.target)
        form.addRow("", self.ranged)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        charts = QWidget()
        grid = QGridLayout(charts)
        grid.setContentsMargins(4, 4, 4, 4)
        grid.addWidget(self.wins, 0, 0)
        grid.addWidget(self.rounds, 0, 1)
        grid.addWidget(self.down, 1, 0)
        grid.addWidget(self.hit_points, 1, 1)
        grid.setRowStretch(2, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(charts)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        # Close ends the row of Play and Stop: a row less above the plots, which need the
        # height on a 1600×1000 screen at 150 %.
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.policy_label)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.summary)
        layout.addWidget(scroll, 1)
        if self.simulate is None or len({c.side for c in encounter.combatants}) < 2:
            self.run_button.setEnabled(False)
            if self.simulate is not None:
                self.summary.setText("The encounter needs combatants on two sides.")
        self._charts, self._scroll = charts, scroll
        self.resize(self.open_size())

    def open_size(self) -> QSize:
        """Wide enough that the rules text takes a few lines, tall enough for the four plots
        as they will be drawn (a bar per side, a bar per combatant), within the screen."""
        row = self.fontMetrics().height() + 8  # a bar's row (BarChart._row)
        count = len(self.encounter.combatants)
        sides = len({c.side for c in self.encounter.combatants})
        grid = self._charts.layout()
        margins = grid.contentsMargins() if grid is not None else None
        spacing = max(grid.spacing(), 0) if grid is not None else 0
        plots = (max(row * (sides + 1) + 6, self.rounds.sizeHint().height())
                 + row * (count + 1) + 6 + spacing
                 + (margins.top() + margins.bottom() if margins is not None else 0)
                 + 2 * self._scroll.frameWidth())
        layout = self.layout()
        assert layout is not None
        em = self.fontMetrics().averageCharWidth()
        width = max(em * 170, layout.sizeHint().width())
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        if screen is not None and screen.width() > 0:
            width = min(width, screen.width() * 19 // 20)
        self.policy_label.setMinimumWidth(0)
        text_height = self.policy_label.heightForWidth(width - 2 * layout.contentsMargins().left())
        others = (layout.sizeHint().height() - self._scroll.sizeHint().height()
                  - self.policy_label.sizeHint().height() + max(text_height, 0))
        height = others + plots
        if screen is not None and screen.height() > 0:
            height = min(height, screen.height() * 19 // 20)
        return QSize(width, height)

    def policy(self) -> Policy:
        return Policy(target=self.target.currentData(), ranged_stay=self.ranged.isChecked())

    def start(self) -> None:
        """Play the fights in batches; the result shows when the last batch is in."""
        if self.simulate is None:
            return
        self._results = []
        self._wanted = self.fights.value()
        self.progress.setRange(0, self._wanted)
        self.progress.setValue(0)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.summary.setText("Playing…")
        self._timer.start()

    def stop(self) -> None:
        """Cancel: what was played so far is shown, marked as partial."""
        self._timer.stop()
        self._finish(cancelled=True)

    def _step(self) -> None:
        assert self.simulate is not None
        done = len(self._results)
        count = min(BATCH, self._wanted - done)
        self._results += run_fights(self.encounter, self.simulate, fights=count,
                                    seed=self.seed.value(), policy=self.policy(), start=done)
        self.progress.setValue(len(self._results))
        if len(self._results) >= self._wanted:
            self._timer.stop()
            self._finish(cancelled=False)

    def run_to_end(self) -> Forecast | None:
        """Play every fight now (tests and scripts), as the batches would."""
        self.start()
        while self._timer.isActive():
            self._step()
        return self.result

    def _finish(self, *, cancelled: bool) -> None:
        self.run_button.setEnabled(self.simulate is not None)
        self.cancel_button.setEnabled(False)
        if not self._results:
            self.summary.setText("Stopped before any fight was played.")
            return
        encounter = self.encounter
        result = summarise(self._results, encounter.sides, [c.id for c in encounter.combatants])
        self.result = result
        self._show(result, cancelled)

    def _show(self, result: Forecast, cancelled: bool) -> None:
        encounter = self.encounter
        names = {c.id: c.name for c in encounter.combatants}
        sides = sorted(result.wins, key=lambda side: -result.wins[side].value)
        leader = sides[0]
        share = result.wins[leader]
        partial = f" (stopped after {result.fights} fights)" if cancelled else ""
        self.summary.setText(
            f"{leader} win {share.value * 100:.1f} % of {result.fights} fights "
            f"(± {share.error * 100:.1f}){partial}; a fight lasts {result.mean_rounds:.1f} "
            f"rounds on average.")
        bars = [Bar(side, result.wins[side].value, result.wins[side].error,
                    f"{result.wins[side].value * 100:.1f} %") for side in sides]
        bars.append(Bar("no winner", result.stalemate.value, result.stalemate.error,
                        f"{result.stalemate.value * 100:.1f} %"))
        self.wins.set_bars(bars)
        self.rounds.set_counts(dict(result.rounds))
        self.down.set_bars([Bar(names[i], share.value, share.error,
                                f"{share.value * 100:.1f} %")
                            for i, share in result.down.items()])
        pools = {c.id: _pool(encounter, c.id) for c in encounter.combatants}
        top = max((pool[1] for pool in pools.values()), default=1)
        self.hit_points.set_bars([Bar(names[i], max(value, 0.0), 0.0,
                                      f"{value:.1f} of {pools[i][0]}",
                                      reference=float(pools[i][0]))
                                  for i, value in result.hit_points.items()], scale=top)


def _pool(encounter: object, combatant_id: str) -> tuple[int, int]:
    rules = registry.system_of(encounter).encounter
    combatant = encounter.combatant(combatant_id)  # type: ignore[attr-defined]
    pool = rules.pool(combatant) if rules is not None else None
    return pool if pool is not None else (0, 1)
