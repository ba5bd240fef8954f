"""Another game's sheet and encounter print from what the game describes, in black and white."""

from __future__ import annotations

from pathlib import Path

from m3desk.core import encounter as core
from m3desk.core.sheet_form import set_override
from m3desk.ui.printing.export import export_documents_pdf, export_pdf
from tests.toy_system import TOY, ToyEncounter, ToyItem, ToySheet
from tests.ui.printing.conftest import pdfinfo, pdftotext


def _words(text: str) -> str:
    return " ".join(text.split())


def test_a_form_sheet_prints_its_sections_derived_values_and_tables(
    qapp: object, tmp_path: Path
) -> None:
    sheet = ToySheet(
        name="Aldo",
        ac=13,
        shield=True,
        scores={"STR": 16},
        gear=(
            ToyItem(name="Spear", damage="1d6", ranges=(10, 20, 30)),
            ToyItem(name="Wand", magic=True),
        ),
        notes="Owes the goblins a goat.",
    )
    sheet = set_override(sheet, "to_hit", 9)
    out = tmp_path / "aldo.pdf"
    assert export_pdf([sheet], out) == 1
    text = _words(pdftotext(out))
    assert "Aldo" in text and "Toy · Toy hero, AC 13 · character sheet" in text
    # the abilities as boxes, each modifier under its label
    assert "STR DEX CON 16 10 10" in text and "STR modifier +3" in text
    assert "Defence 14" in text and "Shield yes" in text
    assert "To hit 9 GM" in text and "set by the GM" in text  # the override shows
    # a tick is a mark (a blank to pencil one in), not "yes"/"no" in every row
    assert "Spear 1d6 one 10/20/30" in text and "Wand one \u2713" in text
    assert "Owes the goblins a goat." in text
    assert "GM = value set by the GM" in text


def test_an_encounter_of_another_game_prints_its_order_columns_and_distances(
    qapp: object, tmp_path: Path
) -> None:
    assert TOY.encounter is not None
    encounter = ToyEncounter(name="Bridge")
    for sheet, side in (
        (ToySheet(name="Aldo"), "Party"),
        (ToySheet(name="Goblin", hit_points=3, max_hit_points=5), "Monsters"),
    ):
        encounter = core.join(encounter, TOY.encounter.make_combatant(sheet, side))
    aldo, goblin = encounter.combatants
    encounter = core.set_position(encounter, aldo.id, goblin.id, 25)
    encounter = core.set_side_initiative(encounter, {"Party": 2, "Monsters": 5})
    encounter = core.next_turn(encounter)
    out = tmp_path / "bridge.pdf"
    assert export_documents_pdf([encounter], out) == 1
    info = pdfinfo(out)
    width, height = (float(n) for n in info["Page size"].split()[:3:2])
    assert width > height  # landscape
    text = _words(pdftotext(out))
    assert "Bridge" in text and "Toy · Round 1" in text
    assert "Declare: Aldo, Goblin" in text
    assert text.index("Goblin (turn)") < text.index("2 Aldo Party 8/8")  # higher d6 first
    assert "5 Goblin (turn) Monsters 3/5 AC 12" in text
    assert "25 ft" in text
