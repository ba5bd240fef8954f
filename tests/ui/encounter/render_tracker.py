"""Render the encounter tab mid-round-one of the Example of Play, for looking at it.

    QT_SCALE_FACTOR=1.5 python -m tests.ui.encounter.render_tracker dark /tmp/tracker.png

Not a test (nothing is asserted): one process per palette and scale, as Qt's scale factor
is read once at start-up.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from m3desk.ui.documents.encounter_document import EncounterDocument


def mid_round_one() -> EncounterDocument:
    """The party and the mummy after Felix's backstab and Xiola's missile: the mummy acts."""
    from m3desk.assets import sample_files
    from m3desk.systems.monsters_and_magic import Condition, ConditionKind, Tier
    from m3desk.systems.monsters_and_magic import encounter_edits as edits
    from m3desk.systems.monsters_and_magic.checks import Failure
    from m3desk.systems.monsters_and_magic.conditions import Duration, DurationKind
    from m3desk.systems.monsters_and_magic.encounter import (
        add_log,
        next_turn,
        resolve_scouting,
        set_range,
        start,
        update_combatant,
    )
    from m3desk.systems.monsters_and_magic.ranges import RangeBand
    from m3desk.ui.encounter.new_document import new_encounter_document

    document = new_encounter_document(
        sample_files("monsters_and_magic"), name="Fane of the First Ones"
    )
    e = document.encounter

    def who(prefix: str) -> str:
        return next(c.id for c in e.combatants if c.name.startswith(prefix))

    e = resolve_scouting(e, {"Party": None, "Monsters": Failure.SIMPLE})
    e = update_combatant(e, who("Xiola"), casting=True)
    for name, value in (
        ("Felix", 21),
        ("Xiola", 20),
        ("Gramfive", 13),
        ("Shamira", 13),
        ("Guido", 10),
    ):
        e, _ = edits.set_initiative(e, who(name), value)
    e = next_turn(start(e))  # Xiola casts Shield
    shield = Condition.make(
        "magical shield",
        ConditionKind.EFFECT,
        Tier.MINOR,
        source="Shield spell",
        duration=Duration(kind=DurationKind.ROUNDS, rounds=5),
    )
    e, _ = edits.add_condition(e, who("Xiola"), shield.model_copy(update={"affects": "defence"}))
    e = next_turn(e)  # Gramfive
    e, _ = edits.set_pool(e, who("First"), "php", 47)
    e = set_range(e, who("Gramfive"), who("First"), RangeBand.CLOSE, reason="charged")
    e = next_turn(e)  # Shamira
    regressing = Condition.make(
        "regressing to ape-man",
        ConditionKind.CONSEQUENCE,
        Tier.MAJOR,
        source="Regressing Disease",
        duration=Duration(kind=DurationKind.CONTEST, contest_target=10),
    )
    e, _ = edits.add_condition(e, who("Shamira"), regressing)
    e = next_turn(next_turn(e))  # Guido, then round one
    e, _ = edits.set_initiative(e, who("First"), 20)
    e = add_log(
        e,
        "backstab: 26 vs 15 → 11 EP, −2 larger target, +1 hero point → 10 EP",
        actor=who("Felix"),
        target=who("First"),
        details="15 + DEX 6 + traits 2 + dagger 3 = 26\nvs AC 17 − 2 = 15",
    )
    backstab = Condition.make(
        "backstabbed!",
        ConditionKind.CONSEQUENCE,
        Tier.MAJOR,
        source="Felix",
        scope="combat actions",
    )
    e, _ = edits.add_condition(e, who("First"), backstab)
    e, _ = edits.set_hero_points(e, who("Felix"), 0)
    e = update_combatant(e, who("Felix"), notes="semi-concealed behind the pillar")
    e = next_turn(e)  # Xiola's Magic Missile
    fire = Condition.make(
        "catching fire", ConditionKind.CONSEQUENCE, Tier.MINOR, source="Magic Missile"
    )
    e, _ = edits.add_condition(e, who("First"), fire)
    e, _ = edits.set_pool(e, who("First"), "php", 42)
    e = next_turn(e)  # the mummy
    e, _ = edits.set_pool(e, who("Gramfive"), "php", 7)
    e, _ = edits.set_pool(e, who("Shamira"), "php", 3)
    document.apply(e, "Round one so far")
    return document


def main(theme: str, out: str, width: int = 1366, height: int = 768) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from m3desk.ui.theme import apply_theme

    apply_theme(app, theme)
    from m3desk.ui.encounter.widget import EncounterWidget

    widget = EncounterWidget(mid_round_one())
    widget.resize(width, height)
    widget.show()
    for _ in range(5):
        app.processEvents()
    widget.grab().save(out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(int(v) for v in sys.argv[3:5]))
