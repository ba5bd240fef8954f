"""Encounter → Forecast…: how does this fight go? Played many times from where it stands.

The game's own simulator plays each fight (its rules, its initiative, movement and morale) on
a seeded stream. The fights run in a worker process (:class:`ForecastRun`,
:mod:`m3desk.forecast_worker`) in batches sized by time (:func:`m3desk.core.forecast.batches`),
added up as they come; the window stays live, Stop acts at once (the process is ended), and
the plots redraw from the running tally a few times a second. The same seed gives the same
forecast, in the worker as on this thread. The fights are bounded by the encounter's size
(:func:`~m3desk.core.forecast.fight_limit`), and an encounter with at most one side still
standing says there is no fight to forecast. The encounter itself is never changed.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from multiprocessing.reduction import ForkingPickler
from typing import Any

from PySide6.QtCore import QObject, QSize, Qt, QTimer, Signal
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
from m3desk.core.encounter import Encounter
from m3desk.core.forecast import Forecast, Policy, Simulate, Tally, batches, fight_limit, no_fight
from m3desk.core.forecast_by_actions import policy_words, simulator_of
from m3desk.core.system import GameSystem
from m3desk.forecast_worker import play_in_worker
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.forecast_plots import Bar, BarChart, Histogram

__all__ = ["REDRAW_SECONDS", "ForecastDialog", "ForecastRun"]

REDRAW_SECONDS = 0.25
"""How often the running tally reaches the window while the fights play (the plots redraw)."""
POLL_MS = 30
"""How often the window looks for news from the worker process."""
_TARGETS = (
    ("nearest", "the nearest foe"),
    ("weakest", "the weakest foe (fewest hp left)"),
    ("strongest", "the strongest foe (most hp left)"),
)


class ForecastRun(QObject):
    """The fights, played in a process of their own: the GUI thread never waits for them
    (a thread would share Python's interpreter lock with the window: its paint code then
    stalled 40–140 ms at a time). ``progressed`` carries the running forecast a few times a
    second, ``done`` the last one, ``failed`` a sentence; :meth:`stop` ends the process at
    once and nothing more is emitted."""

    progressed = Signal(object)
    done = Signal(object)
    failed = Signal(str)

    def __init__(
        self,
        encounter: Encounter,
        simulate: Simulate,
        *,
        fights: int,
        seed: int,
        policy: Policy,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        context = multiprocessing.get_context("spawn")
        jobs, job_send = context.Pipe(duplex=False)
        self._receive, results = context.Pipe(duplex=False)
        self._process = context.Process(
            target=play_in_worker, args=(jobs, results), daemon=True, name="m3desk forecast"
        )
        self._stopped = False
        # The process is started and the job written from a thread: starting a process,
        # writing 200 combatants out and the write itself (it waits until the new process
        # reads: a big encounter is more than a pipe holds) took the window 40–60 ms.
        threading.Thread(
            target=self._launch,
            daemon=True,
            name="m3desk forecast job",
            args=(
                jobs,
                results,
                job_send,
                encounter,
                (simulate, fights, seed, policy, REDRAW_SECONDS),
            ),
        ).start()
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._read)
        self._poll.start()

    def _launch(
        self, jobs: Any, results: Any, job_send: Any, encounter: Encounter, rest: tuple[object, ...]
    ) -> None:
        """The launcher thread: start the process, then write its job."""
        if self._stopped:
            job_send.close()
            return
        self._process.start()
        _REAPING.append(self._process)  # reaped once it has ended, never waited for
        jobs.close()
        results.close()
        if self._stopped:  # Stop came while the process started
            self._process.terminate()
            job_send.close()
            return
        job = ForkingPickler.dumps(
            (type(encounter), encounter.model_dump_json(exclude={"log"}), *rest)
        )
        _send_job(job_send, bytes(job))

    def stop(self) -> None:
        """End the process now; nothing more arrives."""
        self._poll.stop()
        self._stopped = True
        if self._process.pid is not None and self._process.is_alive():
            self._process.terminate()
        self._receive.close()
        _reap()

    def wait(self, timeout_s: float = 60.0) -> None:
        """Block until the process has sent its last word, and deliver it (tests)."""
        deadline = time.monotonic() + timeout_s
        while self._poll.isActive() and time.monotonic() < deadline:
            if self._receive.poll(0.05):
                self._read()

    def _read(self) -> None:
        try:
            while self._poll.isActive() and self._receive.poll():
                kind, value = self._receive.recv()
                if kind == "progress":
                    self.progressed.emit(value)
                    continue
                self._poll.stop()  # the process exits on its own; never waited for here
                (self.done if kind == "done" else self.failed).emit(value)
        except (EOFError, OSError):
            if self._poll.isActive():
                self._poll.stop()
                self.failed.emit("The forecast's process ended without a result.")


def _send_job(connection: Any, job: bytes) -> None:
    try:
        connection.send_bytes(job)
    except OSError:
        pass  # stopped before the process read its job
    finally:
        connection.close()


_REAPING: list[Any] = []
"""Stopped processes not yet joined (a terminated one ends in milliseconds)."""


def _reap() -> None:
    _REAPING[:] = [p for p in list(_REAPING) if p.is_alive() or p.join(0) is not None]


def _pool_words(system: GameSystem) -> str:
    """The game's word for the pool the forecast counts, as its tracker titles it (the first
    pool column, the one ``EncounterRules.pool`` reads): "HP", "PHP", "Resolve"."""
    rules = system.encounter
    column = next((c for c in rules.columns if c.kind == "pool"), None) if rules else None
    return column.title if column is not None else "Hit points"


class ForecastDialog(QDialog):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("forecast_dialog")
        self.document = document
        encounter = document.encounter
        self.encounter = encounter
        system = registry.system_of(encounter)
        self.simulate = simulator_of(system)
        self.setWindowTitle(f"Forecast — {encounter.name}")
        self.forecast: Forecast | None = None
        """The forecast of the fights played (None until they end or are stopped); not
        ``result``, which would hide QDialog.result()."""
        self.latest: Forecast | None = None
        """The running forecast of the fights played so far (shown while they play)."""
        self._run: ForecastRun | None = None
        self._wanted = 0
        self._began = 0.0
        self._first: tuple[float, int] | None = None
        """When the first fights came back, and how many: the pace is counted from there."""
        self._pools: dict[str, tuple[int, int]] | None = None

        self._build_controls(encounter, system)
        self._lay_out(system)

        self.problem = no_fight(encounter) if self.simulate is not None else None
        if self.simulate is None or self.problem is not None:
            self.run_button.setEnabled(False)
            if self.problem is not None:
                self.summary.setText(self.problem)
        self.resize(self.open_size())

    def _build_controls(self, encounter: Encounter, system: GameSystem) -> None:
        """How many fights and with what seed, how attackers pick, Play and Stop, the progress,
        the game's policy in words and the summary."""
        limit = fight_limit(encounter)
        self.fights = QSpinBox()
        self.fights.setRange(min(100, limit), limit)
        self.fights.setSingleStep(1000)
        self.fights.setValue(min(10_000, limit))
        self.fights.setGroupSeparatorShown(True)
        self.fights.setAccessibleName("Fights to play")
        self.fights.setToolTip(
            f"At most {limit:,} fights for {len(encounter.combatants)} "
            f"combatants: the bigger the encounter, the fewer"
        )
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
        policy = policy_words(system)
        self.policy_label = QLabel(policy or "This game has no fight simulator yet.")
        self.policy_label.setObjectName("forecast_policy")
        self.policy_label.setWordWrap(True)
        self.policy_label.setTextFormat(Qt.TextFormat.PlainText)
        self.summary = QLabel()
        self.summary.setObjectName("forecast_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)

    def _lay_out(self, system: GameSystem) -> None:
        """The four plots in a scrolling grid under the policy, the form, the buttons and the
        summary."""
        self.wins = BarChart("Who wins")
        self.rounds = Histogram("Rounds the fight takes")
        self.down = BarChart("Down at the end")
        self.hit_points = BarChart(f"{_pool_words(system)} left (outline: now)")

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
        self._charts, self._scroll = charts, scroll

    def open_size(self) -> QSize:
        """Wide enough that the rules text takes a few lines, tall enough for the four plots
        as they will be drawn (a bar per side, a bar per combatant), within the screen."""
        row = self.fontMetrics().height() + 8  # a bar's row (BarChart._row)
        count = len(self.encounter.combatants)
        sides = len({c.side for c in self.encounter.combatants})
        grid = self._charts.layout()
        margins = grid.contentsMargins() if grid is not None else None
        spacing = max(grid.spacing(), 0) if grid is not None else 0
        plots = (
            max(row * (sides + 1) + 6, self.rounds.sizeHint().height())
            + row * (count + 1)
            + 6
            + spacing
            + (margins.top() + margins.bottom() if margins is not None else 0)
            + 2 * self._scroll.frameWidth()
        )
        layout = self.layout()
        assert layout is not None
        em = self.fontMetrics().averageCharWidth()
        width = max(em * 170, layout.sizeHint().width())
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        if screen is not None and screen.width() > 0:
            width = min(width, screen.width() * 19 // 20)
        self.policy_label.setMinimumWidth(0)
        text_height = self.policy_label.heightForWidth(width - 2 * layout.contentsMargins().left())
        others = (
            layout.sizeHint().height()
            - self._scroll.sizeHint().height()
            - self.policy_label.sizeHint().height()
            + max(text_height, 0)
        )
        height = others + plots
        if screen is not None and screen.height() > 0:
            height = min(height, screen.height() * 19 // 20)
        return QSize(width, height)

    def policy(self) -> Policy:
        return Policy(target=self.target.currentData(), ranged_stay=self.ranged.isChecked())

    def start(self) -> None:
        """Play the fights on the worker thread; the plots fill in as they come."""
        if self.simulate is None or self.problem is not None or self._run is not None:
            return
        self.forecast = self.latest = None
        self._wanted = self.fights.value()
        self.progress.setRange(0, self._wanted)
        self.progress.setValue(0)
        self.progress.setFormat("%p %")
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.summary.setText("Playing…")
        self._began = time.monotonic()
        self._first = None
        run = ForecastRun(
            self.encounter,
            self.simulate,
            fights=self._wanted,
            seed=self.seed.value(),
            policy=self.policy(),
            parent=self,
        )
        run.progressed.connect(self._progressed)
        run.done.connect(self._done)
        run.failed.connect(self._failed)
        self._run = run

    @property
    def running(self) -> bool:
        return self._run is not None

    def stop(self) -> None:
        """Stop at once: what was played so far is shown, marked as partial; the worker
        drops the fight it is playing."""
        run = self._release()
        if run is None:
            return
        self._finish(self.latest, cancelled=True)

    def _release(self) -> ForecastRun | None:
        run, self._run = self._run, None
        if run is not None:
            run.stop()
            run.deleteLater()
        return run

    def _progressed(self, snapshot: Forecast) -> None:
        if self._run is None:
            return
        self.latest = snapshot
        self.progress.setValue(snapshot.fights)
        left = self._time_left(snapshot.fights, time.monotonic())
        if left is not None:
            self.progress.setFormat(f"%p % — about {_duration(left)} left")
        self._show(snapshot, cancelled=False, playing=True)

    def _time_left(self, fights: int, now: float) -> float | None:
        """Seconds left at the pace since the first fights came back: the worker's start
        (a process of its own, its imports) is not a fight's time, and counting it made a
        30-second run say "about 2 min left". None until the pace is known."""
        if self._first is None or fights <= self._first[1]:
            if fights:
                self._first = (now, fights)
            return None
        began, counted = self._first
        elapsed = now - began
        if elapsed < 1:
            return None
        return elapsed * (self._wanted - fights) / (fights - counted)

    def _done(self, result: Forecast) -> None:
        self._release()
        self.progress.setValue(result.fights)
        self.progress.setFormat("%p %")
        self._finish(result, cancelled=False)

    def _failed(self, sentence: str) -> None:
        self._release()
        self._finish(None, cancelled=True)
        self.summary.setText(sentence)

    def run_to_end(self) -> Forecast | None:
        """Play every fight now on this thread (tests and scripts), in the same batches."""
        if self.simulate is None or self.problem is not None:
            return None
        encounter = self.encounter
        tally = Tally(encounter.sides, [c.id for c in encounter.combatants])
        self._wanted = self.fights.value()
        self.progress.setRange(0, self._wanted)
        for _ in batches(
            encounter,
            self.simulate,
            fights=self._wanted,
            seed=self.seed.value(),
            policy=self.policy(),
            tally=tally,
        ):
            pass
        self.progress.setValue(tally.fights)
        self._finish(tally.forecast(), cancelled=False)
        return self.forecast

    def done(self, code: int) -> None:
        """Closing stops the fights (the worker ends within one fight)."""
        self._release()
        super().done(code)

    def _finish(self, result: Forecast | None, *, cancelled: bool) -> None:
        self.run_button.setEnabled(self.simulate is not None and self.problem is None)
        self.cancel_button.setEnabled(False)
        self.progress.setFormat("%p %")
        if result is None or not result.fights:
            self.summary.setText("Stopped before any fight was played.")
            return
        self.forecast = result
        self._show(result, cancelled)

    def _show(self, result: Forecast, cancelled: bool, playing: bool = False) -> None:
        encounter = self.encounter
        names = {c.id: c.name for c in encounter.combatants}
        sides = sorted(result.wins, key=lambda side: -result.wins[side].value)
        leader = sides[0]
        share = result.wins[leader]
        partial = f" (stopped after {result.fights:,} fights)" if cancelled else ""
        so_far = "Playing… so far " if playing else ""
        self.summary.setText(
            f"{so_far}{leader} win {share.value * 100:.1f} % of {result.fights:,} fights "
            f"(± {share.error * 100:.1f}){partial}; a fight lasts {result.mean_rounds:.1f} "
            f"rounds on average."
        )
        bars = [
            Bar(
                side,
                result.wins[side].value,
                result.wins[side].error,
                f"{result.wins[side].value * 100:.1f} %",
            )
            for side in sides
        ]
        bars.append(
            Bar(
                "no winner",
                result.stalemate.value,
                result.stalemate.error,
                f"{result.stalemate.value * 100:.1f} %",
            )
        )
        self.wins.set_bars(bars)
        self.rounds.set_counts(dict(result.rounds))
        self.down.set_bars(
            [
                Bar(names[i], share.value, share.error, f"{share.value * 100:.1f} %")
                for i, share in result.down.items()
            ]
        )
        if self._pools is None:  # the encounter the fights start from does not change
            self._pools = {c.id: _pool(encounter, c) for c in encounter.combatants}
        pools = self._pools
        top = max((pool[1] for pool in pools.values()), default=1)
        # "2.1 of 3": the mean left of the most it can have (never below none); the
        # outline is where it stands now.
        self.hit_points.set_bars(
            [
                Bar(
                    names[i],
                    max(value, 0.0),
                    0.0,
                    f"{max(value, 0.0):.1f} of {pools[i][1]}",
                    reference=float(max(pools[i][0], 0)),
                )
                for i, value in result.hit_points.items()
            ],
            scale=top,
        )


def _pool(encounter: object, combatant: Any) -> tuple[int, int]:
    rules = registry.system_of(encounter).encounter
    pool = rules.pool(combatant) if rules is not None else None
    return pool if pool is not None else (0, 1)


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min"
    return f"{seconds / 3600:.1f} h"
