"""Every file names its game system; files written by m3desk 0.1 (all Monsters & Magic) open."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from m3desk.core import registry
from m3desk.storage.encounter_files import load_encounter, save_encounter
from m3desk.storage.errors import DocumentLoadError
from m3desk.storage.sheet_files import load_sheet, save_sheet
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet

FIXTURES = Path(__file__).parents[1] / "fixtures" / "v0_1"
ADDED_SINCE_0_1 = {"first-one-mummy.m3m": {"armour_bonus": None, "mental_armour": 0}}
"""Fields a later m3desk added, with the defaults an old file opens with."""


@pytest.mark.parametrize(
    ("name", "model"), [("gramfive.m3c", CharacterSheet), ("first-one-mummy.m3m", MonsterSheet)]
)
def test_a_0_1_sheet_opens_as_monsters_and_magic(name: str, model: type, tmp_path: Path) -> None:
    raw = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    assert "system" not in raw and raw["schema_version"] == 1  # the fixture is what 0.1 wrote
    loaded = load_sheet(FIXTURES / name)
    assert isinstance(loaded.model, model)
    assert loaded.migrated_from == 1
    assert loaded.doc_type.system == "monsters_and_magic"
    # Saved again, it names its system and keeps every value.
    copy = tmp_path / name
    save_sheet(copy, loaded.model)
    saved = json.loads(copy.read_text(encoding="utf-8"))
    assert saved["system"] == "monsters_and_magic" and saved["schema_version"] == 2
    added = ADDED_SINCE_0_1.get(name, {})
    assert saved["document"] == {**raw["document"], **added}
    assert load_sheet(copy).model == loaded.model


def test_a_0_1_encounter_opens_with_its_roster_ranges_and_log(tmp_path: Path) -> None:
    loaded = load_encounter(FIXTURES / "tomb-v0_1.m3e")
    encounter = loaded.model
    assert isinstance(encounter, Encounter)
    assert loaded.migrated_from == 1
    assert [c.name for c in encounter.combatants] == [
        "Gramfive the Grim",
        "Felix Pook",
        "First One Mummy",
    ]
    assert len(encounter.ranges) == 1
    assert encounter.log[-1].text == "Gramfive draws Cutter."
    copy = tmp_path / "tomb.m3e"
    save_encounter(copy, encounter)
    assert json.loads(copy.read_text(encoding="utf-8"))["system"] == "monsters_and_magic"
    assert load_encounter(copy).model == encounter


def test_a_file_of_a_game_this_m3desk_lacks_is_refused_by_name(tmp_path: Path) -> None:
    target = tmp_path / "rogue.m3c"
    shutil.copy(FIXTURES / "gramfive.m3c", target)
    raw = json.loads(target.read_text(encoding="utf-8"))
    raw["system"] = "gurps"
    raw["schema_version"] = 2
    target.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(
        DocumentLoadError, match="game system this version of m3desk does not have \\('gurps'\\)"
    ):
        load_sheet(target)


def test_a_system_name_that_is_not_text_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "odd.m3c"
    raw = json.loads((FIXTURES / "gramfive.m3c").read_text(encoding="utf-8"))
    raw["system"] = ["monsters_and_magic"]
    target.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(DocumentLoadError, match="names its game system"):
        load_sheet(target)


def test_the_bundled_samples_are_in_the_current_format() -> None:
    from m3desk.assets import sample_files

    samples = sample_files()  # the shipped games' and the tests' games'
    assert {path.parent.name for path in samples} == set(registry.ids())  # every game has some
    for path in samples:
        loaded = load_sheet(path)
        assert loaded.doc_type.system == path.parent.name, path.name
        assert loaded.migrated_from is None, path.name


def test_a_key_written_twice_is_refused_not_last_one_wins(tmp_path: Path) -> None:
    text = (FIXTURES / "gramfive.m3c").read_text(encoding="utf-8")
    doubled = text.replace(
        '"name": "Gramfive the Grim",', '"name": "Gramfive the Grim", "name": "Impostor",', 1
    )
    assert doubled != text
    target = tmp_path / "twice.m3c"
    target.write_text(doubled, encoding="utf-8")
    with pytest.raises(DocumentLoadError, match="“name” appears twice"):
        load_sheet(target)


def test_true_is_not_a_number(tmp_path: Path) -> None:
    raw = json.loads((FIXTURES / "gramfive.m3c").read_text(encoding="utf-8"))
    raw["document"]["level"] = True
    target = tmp_path / "level.m3c"
    target.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(DocumentLoadError, match="level"):
        load_sheet(target)


def test_a_number_written_as_text_is_refused(tmp_path: Path) -> None:
    raw = json.loads((FIXTURES / "gramfive.m3c").read_text(encoding="utf-8"))
    raw["document"]["level"] = "3"
    target = tmp_path / "level.m3c"
    target.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(DocumentLoadError, match="level"):
        load_sheet(target)


def test_a_document_past_the_reading_limit_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What m3desk writes, m3desk opens: it refuses to write what it could not read."""
    from m3desk.storage import documents
    from m3desk.storage.errors import SaveError

    sheet = load_sheet(FIXTURES / "gramfive.m3c").model
    target = tmp_path / "big.m3c"
    monkeypatch.setattr(documents, "MAX_DOCUMENT_BYTES", 1000)
    with pytest.raises(SaveError, match="more than the 0 MB an m3desk file may hold"):
        save_sheet(target, sheet)
    assert not target.exists()


def test_a_newer_file_is_reported_as_newer_even_when_its_body_does_not_parse(
    tmp_path: Path,
) -> None:
    from m3desk.storage.errors import NewerVersionError, SaveError

    target = tmp_path / "future.m3c"
    original = (
        b'{"format": "m3desk.character", "system": "monsters_and_magic", '
        b'"schema_version": 9, "document": {"name": "Gramfive", thisisnotjson}'
    )
    target.write_bytes(original)
    with pytest.raises(NewerVersionError, match="newer m3desk"):
        load_sheet(target)
    sheet = load_sheet(FIXTURES / "gramfive.m3c").model
    with pytest.raises(SaveError, match="newer m3desk"):
        save_sheet(target, sheet)
    assert target.read_bytes() == original


def test_a_newer_file_of_a_game_this_m3desk_lacks_is_reported_as_newer(tmp_path: Path) -> None:
    from m3desk.storage.errors import NewerVersionError

    raw = json.loads((FIXTURES / "gramfive.m3c").read_text(encoding="utf-8"))
    raw["system"] = "a_future_game"
    raw["schema_version"] = 5
    target = tmp_path / "future.m3c"
    target.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(NewerVersionError):
        load_sheet(target)


def test_an_encounter_of_version_2_keeps_its_table_rules_as_options(tmp_path: Path) -> None:
    """Version 2 (written by m3desk before every game named them alike) kept Monsters &
    Magic's table rules under ``table_rules``; they open as the encounter's ``options`` and
    are saved so, in version 3."""
    fixture = Path(__file__).parents[1] / "fixtures" / "mm_encounter_v2" / "tomb-house-rules.m3e"
    raw = json.loads(fixture.read_text(encoding="utf-8"))
    assert raw["schema_version"] == 2 and "options" not in raw["document"]  # as 2 wrote it
    assert raw["document"]["table_rules"]["minor_cost"] == 4
    loaded = load_encounter(fixture)
    encounter = loaded.model
    assert isinstance(encounter, Encounter) and loaded.migrated_from == 2
    assert encounter.options.minor_cost == 4
    assert not encounter.options.duration_counts_first_round
    copy = tmp_path / "tomb.m3e"
    save_encounter(copy, encounter)
    saved = json.loads(copy.read_text(encoding="utf-8"))
    assert saved["schema_version"] == 3 and "table_rules" not in saved["document"]
    assert saved["document"]["options"] == raw["document"]["table_rules"]
    assert load_encounter(copy).model == encounter
