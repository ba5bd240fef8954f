"""What a fight writes back into a sheet file: its results, within the file's own limits."""

from __future__ import annotations

from m3desk.systems.monsters_and_magic.sheet import Pool
from m3desk.systems.monsters_and_magic.write_back import describe_changes, merged_into
from tests.systems.monsters_and_magic.samples import sample_sheet


def test_only_the_fights_results_go_back_and_pools_keep_the_files_maximum() -> None:
    on_disk = sample_sheet("gramfive").model_copy(
        update={"php": Pool(current=30, maximum=30), "level": 2, "notes": "levelled up meanwhile"}
    )
    fought = sample_sheet("gramfive").model_copy(
        update={"php": Pool(current=7, maximum=25), "hero_points": 0}
    )
    merged = merged_into(on_disk, fought)
    assert merged.php == Pool(current=7, maximum=30)
    assert merged.level == 2 and merged.notes == "levelled up meanwhile"
    assert merged.hero_points == 0
    changes = describe_changes(on_disk, merged)
    assert "PHP 30/30 → 7/30" in changes
    assert any(change.startswith("hero points") for change in changes)
