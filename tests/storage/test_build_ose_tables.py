"""The tables build: from the SRD's text it makes exactly the committed tables and extract, and
stops on a difference from the second source that the errata do not resolve."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from m3desk.assets import resource_path

ROOT = Path(__file__).resolve().parents[2]
SRD = Path("/work/.mirror/oldmanumby+ose.srd/repo")
FOUNDRY = Path("/work/.mirror/NecroticGnome+ose-foundry-content/repo")


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_ose_tables", ROOT / "tools" / "build_ose_tables.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_markdown_table_is_cut_into_its_heading_and_cells() -> None:
    tool = _tool()
    text = "## By Level\n\n| d20 | Level 1 |\n| :-: | :-- |\n| 1 | Acolyte (1d8) |\n\nafter\n"
    assert tool.markdown_tables(text) == [
        ("By Level", [["d20", "Level 1"], ["1", "Acolyte (1d8)"]])
    ]
    assert tool.d100_span("96–00") == (96, 100) and tool.span("1–4") == (1, 4)


def test_a_treasure_line_is_read_into_its_parts() -> None:
    tool = _tool()
    assert tool.treasure_part("1d6 × 1,000cp", (3, 100)) == {
        "kind": "coins",
        "coins": {"coin": "cp", "dice": "1d6", "times": 1000},
    }
    assert tool.treasure_part("3 magic items (not weapons)", (3, 100)) == {
        "count": "3",
        "kind": "magic items",
        "table": "Magic Item Type",
        "never": ["Sword", "Weapon"],
    }
    assert tool.treasure_part("1d4 × 10 pieces of jewellery", (3, 100))["each"] == {
        "coin": "gp",
        "dice": "3d6",
        "times": 100,
    }


@pytest.mark.skipif(
    not (SRD.is_dir() and FOUNDRY.is_dir()),
    reason="the SRD and compendium mirrors are not on this machine",
)
def test_the_build_makes_the_committed_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tool = _tool()
    monkeypatch.setattr(tool, "OUT", tmp_path)
    assert tool.main(["build", str(SRD), str(FOUNDRY)]) == 0
    shipped = resource_path("tables", "ose")
    for name in ("srd-tables.m3t", "srd/extract.json"):
        assert (tmp_path / name).read_text(encoding="utf-8") == (shipped / name).read_text(
            encoding="utf-8"
        ), name


@pytest.mark.skipif(
    not (SRD.is_dir() and FOUNDRY.is_dir()),
    reason="the SRD and compendium mirrors are not on this machine",
)
def test_an_unresolved_difference_stops_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tool = _tool()
    errata = json.loads(tool.ERRATA.read_text(encoding="utf-8"))
    del errata["second_source"]["Wilderness Encounters: City 8"]
    changed = tmp_path / "errata.json"
    changed.write_text(json.dumps(errata), encoding="utf-8")
    monkeypatch.setattr(tool, "OUT", tmp_path)
    monkeypatch.setattr(tool, "ERRATA", changed)
    assert tool.main(["build", str(SRD), str(FOUNDRY)]) == 1
