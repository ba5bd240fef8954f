"""Writing the fight's outcome back into the sheet files; nothing else in them changes."""

from __future__ import annotations

from pathlib import Path

from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic import Condition, ConditionKind, Tier
from m3desk.systems.monsters_and_magic.encounter_edits import add_condition, set_pool
from m3desk.systems.monsters_and_magic.sheet import Pool
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.encounter.write_back import plan_write_back
from tests.ui.encounter.helpers import by_name


def path_of(paths: list[Path], stem: str) -> Path:
    return next(p for p in paths if p.stem == stem)


def test_write_back_changes_the_php_and_nothing_else(
    qtbot, widget: EncounterWidget, sample_copies: list[Path], monkeypatch
) -> None:
    gramfive_path = path_of(sample_copies, "gramfive")
    original = load_sheet(gramfive_path).model
    untouched = {p: p.read_bytes() for p in sample_copies if p != gramfive_path}
    document = widget.document
    gramfive = by_name(document.encounter, "Gramfive")
    document.apply(*set_pool(document.encounter, gramfive.id, "php", 7))
    summaries: list[str] = []

    def confirm(parent, summary, count):
        summaries.append(summary)
        return True

    monkeypatch.setattr(prompts, "confirm_write_back", confirm)
    undo_count = document.undo_stack.count()
    with qtbot.waitSignal(widget.sheets_written, timeout=1000) as written:
        widget.encounter_actions.write_back.trigger()
    assert written.args == [[gramfive_path]]

    assert summaries == [
        "• Felix Pook (felix.m3c): no changes\n"
        "• First One Mummy (first-one-mummy.m3m): no changes\n"
        "• Gramfive the Grim (gramfive.m3c): PHP 25/25 → 7/25\n"
        "• Guido of Gramarye (guido.m3c): no changes\n"
        "• Shamira Sunfire (shamira.m3c): no changes\n"
        "• Xiola Zenwaith (xiola.m3c): no changes"
    ]
    assert load_sheet(gramfive_path).model == original.model_copy(
        update={"php": Pool(current=7, maximum=25)}
    )
    assert {p: p.read_bytes() for p in untouched} == untouched
    assert document.undo_stack.count() == undo_count


def test_conditions_and_hero_points_go_back_and_a_later_level_up_is_kept(
    qtbot, document, sample_copies: list[Path]
) -> None:
    shamira_path = path_of(sample_copies, "shamira")
    shamira = by_name(document.encounter, "Shamira")
    regressing = Condition.make("regressing to ape-man", ConditionKind.CONSEQUENCE, Tier.MAJOR)
    document.apply(*add_condition(document.encounter, shamira.id, regressing))
    # Meanwhile the player levels Shamira up in her sheet.
    from m3desk.storage.sheet_files import save_sheet

    levelled = load_sheet(shamira_path).model.model_copy(update={"level": 2})
    save_sheet(shamira_path, levelled)
    items = {item.path.stem: item for item in plan_write_back(document.encounter)}
    assert items["shamira"].changes == ("adds regressing to ape-man −4",)
    from m3desk.ui.encounter.write_back import apply_write_back

    assert apply_write_back(list(items.values())) == []
    written = load_sheet(shamira_path).model
    assert written.level == 2 and written.conditions == (regressing,)


def test_cancel_writes_nothing_and_unreadable_files_are_reported(
    qtbot, widget: EncounterWidget, sample_copies: list[Path], monkeypatch
) -> None:
    felix_path = path_of(sample_copies, "felix")
    felix_path.write_text("not a sheet", encoding="utf-8")
    document = widget.document
    gramfive = by_name(document.encounter, "Gramfive")
    document.apply(*set_pool(document.encounter, gramfive.id, "php", 7))
    before = path_of(sample_copies, "gramfive").read_bytes()
    summaries: list[str] = []
    monkeypatch.setattr(
        prompts,
        "confirm_write_back",
        lambda parent, summary, count: summaries.append(summary) or False,
    )
    widget.encounter_actions.write_back.trigger()
    assert "Felix Pook (felix.m3c): not written" in summaries[0]
    assert path_of(sample_copies, "gramfive").read_bytes() == before


def test_copies_of_one_monster_are_not_written_back(sample_copies: list[Path]) -> None:
    mummy = path_of(sample_copies, "first-one-mummy")
    document = new_encounter_document([mummy, mummy])
    items = plan_write_back(document.encounter)
    assert len(items) == 1 and not items[0].writable
    assert "First One Mummy 1, First One Mummy 2 all come from" in items[0].problem


def test_nothing_to_write_back_says_so(qtbot, widget: EncounterWidget, monkeypatch) -> None:
    told: list[str] = []
    monkeypatch.setattr(prompts, "show_info", lambda parent, title, text: told.append(text))
    widget.encounter_actions.write_back.trigger()
    assert told[0].startswith("Nothing to write back.")


def test_a_bundled_sample_added_from_files_joins_without_its_path(
    qtbot, widget: EncounterWidget, monkeypatch
) -> None:
    """ "Add Combatants ▸ from files" on the app's own sample: write-back must never target it."""
    from m3desk.assets import sample_files
    from m3desk.ui.file_places import is_sample

    bundled = next(path for path in sample_files("monsters_and_magic") if path.stem == "guido")
    assert is_sample(bundled)
    before = bundled.read_bytes()
    monkeypatch.setattr(prompts, "sheet_files_to_add", lambda parent, folder: [bundled])
    assert widget.roster_adder.add_from_files("Party") == 1
    encounter = widget.document.encounter
    joined = encounter.combatants[-1]
    assert joined.name.startswith("Guido") and joined.source_path is None
    assert joined.sheet == load_sheet(bundled).model
    document = widget.document
    document.apply(*set_pool(encounter, joined.id, "php", 3))
    assert all(item.path != bundled for item in plan_write_back(document.encounter))
    assert bundled.read_bytes() == before


def test_only_samples_added_from_files_write_back_once_kept_as_the_gms_own(
    qtbot, monkeypatch, sample_copies: list[Path]
) -> None:
    from m3desk.assets import sample_files

    document = new_encounter_document([], name="Samples only")
    shown = EncounterWidget(document)
    qtbot.addWidget(shown)
    monkeypatch.setattr(
        prompts, "sheet_files_to_add", lambda parent, folder: sample_files("monsters_and_magic")
    )
    assert shown.roster_adder.add_from_files(None) == len(sample_files("monsters_and_magic"))
    assert all(c.source_path is None for c in document.encounter.combatants)
    assert plan_write_back(document.encounter) == []
    # Nothing of the GM's to write into yet: Write Back offers to keep the characters
    # (test_write_back_samples.py follows it through); declined, nothing is written.
    assert shown.encounter_actions.write_back.isEnabled()
    monkeypatch.setattr(prompts, "ask_keep_samples", lambda *_args: False)
    told: list[str] = []
    monkeypatch.setattr(prompts, "show_info", lambda parent, title, text: told.append(text))
    shown.encounter_actions.write_back.trigger()
    assert told and told[0].startswith("Nothing to write back.")
    assert all(c.source_path is None for c in document.encounter.combatants)
