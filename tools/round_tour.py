"""A round of every game at the table, rendered for review: what a GM sees in the first hour.

For each installed game: a new encounter from up to four sample characters and four copies of
one sample monster, initiative rolled, the action dialog (before and after Roll), the tab
with the log after one attack, Print Preview of the encounter sheet, and the player view.

    python tools/round_tour.py OUT_DIR            (every game, 100 % and 150 %, light and dark)

Each theme and scale runs in a subprocess of its own (``QT_SCALE_FACTOR`` is read once when
Qt starts), offscreen, with ``M3DESK_HOME`` in a fresh temporary folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from screenshots import screen_environment  # tools/ is this script's folder

SIZES = {"1": (1366, 728), "1.5": (1067, 627)}


def _tour(output: Path, theme_name: str) -> list[Path]:
    from PySide6.QtWidgets import QApplication, QDialog

    app = QApplication([sys.argv[0]])
    from m3desk.assets import sample_files
    from m3desk.core import registry
    from m3desk.core.dice import Roller
    from m3desk.storage.sheet_files import load_sheet
    from m3desk.ui import dialogs
    from m3desk.ui.action.system_action_dialog import SystemActionDialog
    from m3desk.ui.encounter.copies_dialog import with_copies
    from m3desk.ui.encounter.new_document import new_encounter_document
    from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog
    from m3desk.ui.main_window import MainWindow
    from m3desk.ui.theme import apply_theme

    dialogs.set_non_interactive(True)
    apply_theme(app, theme_name)
    scale = os.environ.get("QT_SCALE_FACTOR", "1")
    percent = round(float(scale) * 100)
    written: list[Path] = []

    def grab(widget: object, name: str) -> None:
        for _ in range(3):
            QApplication.processEvents()
        target = output / f"{name}-{theme_name}-{percent}.png"
        widget.grab().save(str(target))  # type: ignore[attr-defined]
        written.append(target)

    def act(dialog: QDialog, game: str) -> int:
        dialog.show()
        grab(dialog, f"{game}-action")
        roll = getattr(dialog, "roll_button", None) or getattr(
            getattr(dialog, "dice_entry", None), "roll_button", None
        )
        if roll is not None and roll.isEnabled():
            roll.click()
        grab(dialog, f"{game}-action-rolled")
        if dialog.apply_button.isEnabled():  # type: ignore[attr-defined]
            dialog.apply_button.click()  # type: ignore[attr-defined]
        return int(QDialog.DialogCode.Accepted)

    def preview(dialog: QDialog) -> None:
        dialog.resize(int(SIZES[scale][0] * 0.8), int(SIZES[scale][1] * 0.9))
        dialog.show()
        grab(dialog, f"{game}-print-preview")
        dialog.deleteLater()

    dialogs.show_print_preview = preview  # type: ignore[assignment]
    window = MainWindow()
    window.resize(*SIZES[scale])
    window.show()
    window.startup(recover=False)
    for system in registry.systems():
        game = system.id
        SystemActionDialog.exec = lambda self, g=game: act(self, g)  # type: ignore[method-assign]
        ActionDialog.exec = lambda self, g=game: act(self, g)  # type: ignore[method-assign]
        sheets = [load_sheet(path).model for path in sample_files(game)]
        party = [s for s in sheets if getattr(s, "kind", "") == "character"][:4]
        monster = next(s for s in sheets if getattr(s, "kind", "") == "monster")
        document = new_encounter_document(party, name=f"A round of {system.name}")
        encounter, text = with_copies(
            document.encounter, monster, 4, "Monsters", "average", Roller(seed=3)
        )
        document.apply(encounter, text)
        record = window.session.adopt(document)
        page = record.page
        page.setup_strip.start()
        actions = page.encounter_actions
        if actions.roll_initiative.isEnabled():
            actions.roll_initiative.trigger()
        grab(window, f"{game}-encounter")
        actions.act.trigger()
        grab(window, f"{game}-after-attack")
        _movement_dialog(document, window, grab, game)
        window.print_commands.preview_current()
        view = page.show_player_view()
        view.resize(int(SIZES[scale][0] * 0.8), int(SIZES[scale][1] * 0.8))
        grab(view, f"{game}-player-view")
        view.close()
        window.session.close(record, ask=False)
    window.shutdown(remember_layout=False)
    return written


DECLARED = {"ose": "retreat", "adnd2e": "Withdraw"}
"""What the actor declares before its movement action is shown (a move in melee is declared)."""


def _movement_dialog(document: object, window: object, grab: object, game: str) -> None:
    """The action dialog on the acting character's first movement action its turn allows
    (declared first where the game asks), grabbed before and after Apply."""
    from m3desk.core import encounter as core
    from m3desk.core import registry
    from m3desk.core.system import ActionOption
    from m3desk.ui.action.system_action_dialog import SystemActionDialog

    encounter = document.encounter  # type: ignore[attr-defined]
    rules = registry.system_of(encounter).encounter
    actor = encounter.turn or (encounter.combatants[0].id if encounter.combatants else None)
    if rules is None or actor is None or encounter.position_model.kind != "distance":
        return
    foe = next(
        (c.id for c in encounter.combatants if c.side != encounter.combatant(actor).side), None
    )
    if foe is not None:  # in melee with its first foe
        encounter = core.set_position(
            encounter, actor, foe, encounter.position_model.step, log=False
        )
    if game in DECLARED and rules.edit is not None:
        encounter, _text = rules.edit(encounter, actor, "declared", DECLARED[game])
    document.apply(encounter, "Set the scene")  # type: ignore[attr-defined]
    dialog = SystemActionDialog(document, window, actor_id=actor)  # type: ignore[arg-type]
    for index in range(dialog.action.count()):
        option = dialog.action.itemData(index)
        if isinstance(option, ActionOption) and option.id.kind == "move":
            dialog.action.setCurrentIndex(index)
            if dialog.apply_button.isEnabled():
                break
    dialog.show()
    grab(dialog, f"{game}-movement-action")  # type: ignore[operator]
    if dialog.apply_button.isEnabled():
        dialog.apply_button.click()
        grab(window, f"{game}-after-move")  # type: ignore[operator]
    dialog.deleteLater()


def main(argv: list[str]) -> int:
    if len(argv) >= 4 and argv[1] == "--render":
        output = Path(argv[3])
        for path in _tour(output, argv[2]):
            print(path)
        return 0
    output = Path(argv[1] if len(argv) > 1 else "round-tour")
    output.mkdir(parents=True, exist_ok=True)
    failures = 0
    for scale in SIZES:
        for theme_name in ("light", "dark"):
            with tempfile.TemporaryDirectory(prefix="m3desk-tour-") as home:
                env = screen_environment(scale, home)
                result = subprocess.run(
                    [sys.executable, __file__, "--render", theme_name, str(output.resolve())],
                    env=env,
                    capture_output=True,
                    text=True,
                    timeout=600,
                )
            sys.stdout.write(result.stdout)
            if result.returncode != 0:
                failures += 1
                sys.stderr.write(f"{theme_name} at {scale}: {result.stderr[-3000:]}\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
