"""Render the main window to PNG files for visual review: light and dark, at 100% and 150%.

Views: the empty window, a character and a monster tab, the New Character and New
Encounter dialogs, the Table Rules dialog (as it opens, and with an invalid combination),
the library dock at a narrow 235 px, and an encounter tab (the sample party against the
mummy, after Scouting and the surprise round, in the middle of round 1, the current
combatant's row selected).

    python tools/screenshots.py [OUTPUT_DIR]        (default: screenshots/)
    python tools/screenshots.py --readme docs/screenshot.png

``--readme`` writes only the README's picture: the window at 100 %, light, the library
showing every game's samples beside Morgan Ironwolf's OSE sheet (Gramfive's Monsters & Magic
sheet in the other tab), as a PNG of at most ``README_MAX_BYTES`` (it is reduced to
a 256-colour palette if the full-colour PNG is larger; a UI has few colours).

Each theme/scale combination runs in its own subprocess, because ``QT_SCALE_FACTOR``
is read once when Qt starts. The subprocesses run offscreen with ``M3DESK_HOME``
pointing at a fresh temporary folder, so the library shows exactly the bundled
samples and the user's own profile is never read or written.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from m3desk.ui.main_window import MainWindow

THEMES = ("light", "dark")
SCALES = ("1", "1.5")
WINDOW_SIZES = {"1": (1366, 728), "1.5": (1067, 627)}
"""The real screens, less a taskbar: 1366×768 at 100 %, and 1600×1000 at 150 % (in logical
pixels; the picture is 1600×940)."""
README_MAX_BYTES = 250_000


def _mid_round_encounter() -> object:
    """The Example of Play's fight, a few turns into round 1, with some damage and a log."""
    from m3desk.assets import sample_files
    from m3desk.systems.monsters_and_magic.checks import Failure
    from m3desk.systems.monsters_and_magic.encounter import (
        Encounter,
        add_log,
        next_turn,
        resolve_scouting,
        update_combatant,
    )
    from m3desk.ui.encounter.new_document import add_sheets

    fight = add_sheets(Encounter(name="Fane of the First Ones"), sample_files("monsters_and_magic"))
    fight = resolve_scouting(fight, {"Party": None, "Monsters": Failure.SIMPLE})
    initiative = {"Felix": 21, "Xiola": 20, "Gramfive": 13, "Shamira": 13, "Guido": 10, "First": 16}
    for combatant in fight.combatants:
        fight = update_combatant(
            fight, combatant.id, initiative=initiative[combatant.name.split()[0]]
        )
    mummy = next(c for c in fight.combatants if c.name.startswith("First"))
    hurt = mummy.sheet.php.model_copy(update={"current": max(0, mummy.sheet.php.current - 9)})
    fight = update_combatant(fight, mummy.id, sheet=mummy.sheet.model_copy(update={"php": hurt}))
    felix = next(c for c in fight.combatants if c.name.startswith("Felix"))
    fight = add_log(
        fight,
        "Felix Pook: Dagger vs First One Mummy — 15 + 8 + 3 = 26 vs 15 → "
        "11 EP; larger target −2 → 9 EP; 4 PHP damage and a minor consequence "
        "“off balance” (−2) on First One Mummy",
        actor=felix.id,
        target=mummy.id,
    )
    for _turn in range(9):  # the surprise round, then into round 1
        fight = next_turn(fight)
    return fight


def _start_window(theme_name: str) -> tuple[QApplication, MainWindow]:
    """The application and the real main window, shown at the screen's size with the
    library."""
    from PySide6.QtWidgets import QApplication

    app = QApplication([sys.argv[0]])
    app.setApplicationDisplayName("m3desk")

    from m3desk.ui import dialogs
    from m3desk.ui.app_icon import app_icon
    from m3desk.ui.main_window import MainWindow
    from m3desk.ui.theme import apply_theme

    app.setWindowIcon(app_icon())
    dialogs.set_non_interactive(True)
    apply_theme(app, theme_name)
    window = MainWindow()
    window.resize(*WINDOW_SIZES.get(os.environ.get("QT_SCALE_FACTOR", "1"), (1366, 728)))
    window.show()
    window.startup(recover=False)
    return app, window


def _render_readme(target: Path) -> Path:
    """Child process: the README's picture, an OSE sheet beside the library of every game."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    from m3desk.assets import sample_files

    _app, window = _start_window("light")
    window.library.show_game(None)  # the samples of every game
    gramfive = next(path for path in sample_files() if path.stem == "gramfive")
    morgan = next(path for path in sample_files("ose") if path.stem == "morgan-ironwolf")
    window.open_path(gramfive)
    window.open_path(morgan)
    window.library.select_path(morgan)
    window.statusBar().clearMessage()
    for _ in range(3):
        QApplication.processEvents()
    image = window.grab().toImage()
    target.parent.mkdir(parents=True, exist_ok=True)

    def png(picture: QImage) -> QByteArray:
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        picture.save(buffer, "PNG", 0)  # 0: smallest file
        return data

    data = png(image)
    if data.size() > README_MAX_BYTES:
        flags = Qt.ImageConversionFlag.ThresholdDither | Qt.ImageConversionFlag.PreferDither
        data = png(image.convertToFormat(QImage.Format.Format_Indexed8, flags))
    target.write_bytes(bytes(data.data()))
    window.session.close_all(ask=False)
    window.shutdown(remember_layout=False)
    window.close()
    return target


def _render(output: Path, theme_name: str, scale: str) -> list[Path]:
    """Child process: build the real window and grab it in a few states."""
    from PySide6.QtWidgets import QApplication

    from m3desk.assets import game_data, sample_files
    from m3desk.ui.window.generation_dialog import GenerationDialog
    from m3desk.ui.window.new_character import games_that_generate

    _app, window = _start_window(theme_name)
    percent = f"{round(float(scale) * 100)}"
    written: list[Path] = []

    def grab(widget: object, name: str) -> None:
        QApplication.processEvents()
        target = output / f"{name}-{theme_name}-{percent}.png"
        widget.grab().save(str(target))  # type: ignore[attr-defined]
        written.append(target)

    grab(window, "main-empty")
    by_stem = {path.stem: path for path in sample_files()}
    window.open_path(by_stem["gramfive"])
    grab(window, "main-gramfive")
    window.library.search.setText("mummy")
    window.open_path(by_stem["first-one-mummy"])
    grab(window, "main-mummy")
    window.library.search.clear()

    dialog = GenerationDialog(
        games_that_generate(), window.settings_store.options_for, game_data, window
    )
    dialog.name.setText("Aria")
    dialog.show()
    grab(dialog, "new-character")
    dialog.close()

    from m3desk.ui.window.kinds import SHEETS
    from m3desk.ui.window.new_encounter import NewEncounterDialog, encounter_candidates

    candidates = encounter_candidates(
        window.session.records_of(SHEETS),
        window.library.selected_entries(),
        window.library.model.entries(),
    )
    encounter_dialog = NewEncounterDialog(candidates, "Fane of the First Ones", window)
    encounter_dialog.resize(encounter_dialog.sizeHint().expandedTo(encounter_dialog.size()))
    encounter_dialog.show()
    grab(encounter_dialog, "new-encounter")
    encounter_dialog.close()

    _render_table_rules(window, grab)
    _render_narrow_library(window, grab)
    _render_bestiary(window, grab)

    _render_other_games(window, grab)

    record = window.session.add_new(_mid_round_encounter())  # type: ignore[arg-type]
    QApplication.processEvents()
    QApplication.processEvents()  # the widget sizes its splitters after the first layout
    grab(window, "main-encounter")
    menu = window.menu_actions.menus["encounter"]
    menu.popup(window.mapToGlobal(window.rect().topLeft()))
    grab(menu, "encounter-menu")
    menu.close()
    window.session.close(record, ask=False)

    window.session.close_all(ask=False)
    window.shutdown(remember_layout=False)
    window.close()
    return written


def _render_other_games(window: MainWindow, grab: Callable[[object, str], None]) -> None:
    """Each other game: a character and a monster in the form editor, its table rules, and
    its samples in one fight a round in."""
    from PySide6.QtWidgets import QApplication

    from m3desk.assets import sample_files
    from m3desk.core import encounter as core
    from m3desk.core import registry
    from m3desk.ui.encounter.new_document import new_encounter_document
    from m3desk.ui.table_rules.options_dialog import OptionsDialog

    for system in registry.systems():
        if system.id == "monsters_and_magic":
            continue
        files = sample_files(system.id)
        if not files:
            continue
        character = next((p for p in files if p.suffix == ".m3c"), None)
        monster = next((p for p in files if p.suffix == ".m3m"), None)
        for path, kind in ((character, "character"), (monster, "monster")):
            if path is None:
                continue
            record = window.open_path(path)
            if record is not None:
                grab(window, f"{system.id}-{kind}")
        dialog = OptionsDialog(
            system,
            system.default_options(),
            f"Table Rules — {system.name}",
            "The rules new sheets and encounters start with.",
            window,
        )
        dialog.show()
        grab(dialog, f"{system.id}-table-rules")
        dialog.close()
        dialog.deleteLater()
        sources = [
            record
            for record in window.session.open_sheet_documents()
            if registry.system_of(record.sheet).id == system.id
        ]
        document = new_encounter_document(sources, name=f"{system.name} fight")
        fight = document.encounter
        fight = core.set_side_initiative(fight, {side: 2 + n for n, side in enumerate(fight.sides)})
        document.apply(core.next_turn(fight), "start")
        record = window.session.adopt(document)
        QApplication.processEvents()
        QApplication.processEvents()
        grab(window, f"{system.id}-encounter")
        window.session.close_all(ask=False)


def _render_table_rules(window: MainWindow, grab: Callable[[object, str], None]) -> None:
    """Every game's Table Rules dialog as Edit → Table Rules… opens it, at its full size (the
    screen would let it scroll instead); the first game's also with an invalid combination."""
    from m3desk.core import registry
    from m3desk.ui.table_rules.options_dialog import make_options_dialog
    from m3desk.ui.window.table_rules_command import DEFAULT_RULES_INTRO

    for number, system in enumerate(registry.systems()):
        current = window.settings_store.options_for(system)
        dialog = make_options_dialog(
            window, system, current, f"Table Rules — {system.name}", DEFAULT_RULES_INTRO
        )
        dialog.show()
        natural = getattr(dialog, "natural_size", None)
        if natural is not None:
            dialog.resize(natural())
        grab(dialog, "table-rules" if number == 0 else f"table-rules-{system.id}")
        editors = getattr(dialog, "editors", {})
        if number == 0 and "minor_cost" in editors:
            editors["minor_cost"].set_value(12)  # more than a major effect's 10
            grab(dialog, "table-rules-invalid")
        dialog.close()
        dialog.deleteLater()


def _render_narrow_library(window: MainWindow, grab: Callable[[object, str], None]) -> None:
    """The library dock dragged narrow: names stay readable, Race and Class give way."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    before = window.library.width()
    window.resizeDocks([window.library], [235], Qt.Orientation.Horizontal)
    for _ in range(3):
        QApplication.processEvents()
    grab(window.library, "library-narrow")
    window.resizeDocks([window.library], [before], Qt.Orientation.Horizontal)


def _render_bestiary(window: MainWindow, grab: Callable[[object, str], None]) -> None:
    """The bestiary dock searched for hobgoblins, and a monster opened from it."""
    window.bestiary.focus_search()
    window.bestiary.search.setText("hobgob")
    grab(window, "bestiary")
    window.bestiary.search.setText("")
    window.bestiary.mode_filter.setCurrentIndex(window.bestiary.mode_filter.findText("Flies"))
    grab(window.bestiary, "bestiary-fliers")
    window.bestiary.mode_filter.setCurrentIndex(0)
    window.library.raise_()


SCREENS = {"1": (1366, 768), "1.5": (1600, 1000)}
"""The screens in device pixels: a dialog sized to its screen sees a real one, not the
offscreen platform's default 800×600 (which at 150 % left 533 logical pixels)."""


def screen_environment(scale: str, folder: str) -> dict[str, str]:
    """The environment of a child process that sees the real screen of ``scale`` offscreen,
    with ``folder`` as its fresh profile (and the screen's configuration file)."""
    width, height = SCREENS[scale]
    config = Path(folder) / "screen.json"
    config.write_text(
        json.dumps(
            {
                "screens": [
                    {
                        "name": "Screen",
                        "x": 0,
                        "y": 0,
                        "width": width,
                        "height": height,
                        "logicalDpi": 96,
                        "logicalBaseDpi": 96,
                        "dpr": 1,
                    }
                ]
            }
        ),
        encoding="utf-8",
    )
    home = Path(folder) / "home"
    home.mkdir(exist_ok=True)
    return {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "QT_SCALE_FACTOR": scale,
        "M3DESK_HOME": str(home),
    }


def _child(arguments: list[str], scale: str) -> subprocess.CompletedProcess[str]:
    """Run this script again offscreen, at ``scale``, with a fresh empty profile."""
    with tempfile.TemporaryDirectory(prefix="m3desk-shots-") as home:
        env = screen_environment(scale, home)
        return subprocess.run(
            [sys.executable, __file__, *arguments],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", default="screenshots", type=Path)
    parser.add_argument(
        "--readme",
        type=Path,
        metavar="PNG",
        help="write only the README picture (light, 100 %%) to PNG",
    )
    parser.add_argument("--render", nargs=2, metavar=("THEME", "SCALE"), help=argparse.SUPPRESS)
    parser.add_argument("--render-readme", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.render_readme:
        written = _render_readme(args.readme)
        print(f"{written} ({written.stat().st_size // 1000} kB)")
        return 0
    if args.readme:
        result = _child(["--readme", str(args.readme.resolve()), "--render-readme"], "1")
        sys.stdout.write(result.stdout)
        if result.returncode != 0:
            sys.stderr.write(f"the README picture failed:\n{result.stderr}\n")
        return result.returncode
    output: Path = args.output
    output.mkdir(parents=True, exist_ok=True)
    if args.render:
        for path in _render(output, *args.render):
            print(path)
        return 0
    failures = 0
    for scale in SCALES:
        for theme_name in THEMES:
            result = _child([str(output), "--render", theme_name, scale], scale)
            sys.stdout.write(result.stdout)
            if result.returncode != 0:
                failures += 1
                sys.stderr.write(f"{theme_name} at {scale}x failed:\n{result.stderr}\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
