"""Every game's sheets print as sheets of that game: ability boxes with their modifiers, hit
points with pencil boxes, every text inside its box and nothing on top of anything else, on
A4 and Letter."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError
from PySide6.QtGui import QPageLayout, QPageSize

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.sheet_form import get_path
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.games import parts_of
from m3desk.ui.printing.form_blocks import BoxGrid, ScoreBoxes
from m3desk.ui.printing.jobs import document_job
from m3desk.ui.printing.pages import FOOTER_H, paginate
from m3desk.ui.printing.sheet_blocks import CombatBlock, ContinuationHeader
from tests.ui.printing.canvas_probe import assert_clean, page_canvas, paint_page
from tests.ui.printing.every_game import GAMES, encounter_file

PORTRAIT = QPageLayout.Orientation.Portrait
SIZES = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
SAMPLES = [path for system in registry.systems() for path in sample_files(system.id)]


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("source", SAMPLES, ids=[f"{p.parent.name}-{p.stem}" for p in SAMPLES])
def test_every_sample_sheet_lays_out_cleanly_on_one_page(
    qapp: object, source: Path, size: str
) -> None:
    sheet = load_sheet(source).model
    job = document_job(sheet)
    with page_canvas(SIZES[size], PORTRAIT) as canvas:
        pages = job.layout(canvas)
        bottom = canvas.height - FOOTER_H
        for number, page in enumerate(pages, start=1):
            for placed in page:
                assert placed.y + placed.height <= bottom + 0.01
            assert_clean(canvas, paint_page(canvas, page), f"{source.stem} page {number}")
    assert len(pages) == 1  # a sample sheet is one page to hand a player


FORM_SAMPLES = [
    path
    for path in SAMPLES  # a game printing its own page is tested apart
    if parts_of(registry.get(path.parent.name)).printed_pages is None
    and registry.get(path.parent.name).sheet_forms.get(
        str(getattr(load_sheet(path).model, "kind", ""))
    )
]


@pytest.mark.parametrize(
    "source", FORM_SAMPLES, ids=[f"{p.parent.name}-{p.stem}" for p in FORM_SAMPLES]
)
def test_a_form_sheet_has_ability_boxes_and_hit_points_to_pencil(
    qapp: object, source: Path
) -> None:
    """What a game's form describes becomes a sheet: its scores boxed with what they give,
    its current and maximum hit points side by side above empty boxes."""
    sheet = load_sheet(source).model
    system = registry.system_of(sheet)
    form = system.sheet_forms[sheet.kind]
    derived = form.derive(sheet, None)
    with page_canvas(SIZES["A4"], PORTRAIT) as canvas:
        blocks = [placed.block for page in document_job(sheet).layout(canvas) for placed in page]
    scored = [
        s
        for s in form.sections
        if len(s.fields) >= 3
        and all(f.kind == "int" for f in s.fields)
        and not any(f.path == f"max_{g.path}" for f in s.fields for g in s.fields)
    ]
    boxes = [b for b in blocks if isinstance(b, ScoreBoxes)]
    if scored:
        [strip] = boxes
        wanted = scored[0].fields
        assert [s.label for s in strip.scores] == [f.label for f in wanted]
        for score, spec in zip(strip.scores, wanted, strict=True):
            assert score.value.text == str(get_path(sheet, spec.path)).replace("-", "\u2212")
            if spec.derived:
                assert score.note is not None and score.note.text == derived[spec.derived].signed()
    else:  # a monster's Hit Dice without its hit points are still no abilities
        assert not boxes
    # hit points in the combat box, every game's, beside AC and the attack numbers
    [combat] = [block for block in blocks if isinstance(block, CombatBlock)]
    [pool] = combat.pools
    assert form.printed.combat is not None
    field = form.printed.combat.hit_points[0]  # the game's pool, by the form's own words
    value = get_path(sheet, field)
    kept = (
        (value.current, value.maximum)
        if hasattr(value, "maximum")
        else (value, get_path(sheet, f"max_{field}"))
    )
    assert (pool.current, pool.maximum) == kept
    assert not [
        box for grid in blocks if isinstance(grid, BoxGrid) for box in grid.boxes if box.pools
    ]  # and nowhere else


ORIENTATIONS = {"landscape": QPageLayout.Orientation.Landscape, "portrait": PORTRAIT}


@pytest.mark.parametrize("orientation", list(ORIENTATIONS))
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", sorted(registry.ids()))
def test_every_games_encounter_sheet_lays_out_cleanly_even_crowded(
    qapp: object, tmp_path: Path, game: str, size: str, orientation: str
) -> None:
    """Every sample twice over (up to 18 combatants), with distances set and a long log:
    on any paper a printer offers, every text stays in its box and nothing overlaps."""
    _path, encounter = encounter_file(tmp_path, game)
    twice = new_encounter_document(
        [*sample_files(game), *sample_files(game)], name="Crowded crypt"
    ).encounter
    ids = [c.id for c in twice.combatants]
    for n, (a, b) in enumerate(itertools.pairwise(ids)):
        twice = core.set_position(twice, a, b, twice.default_position() * (n % 3) // 3)
    for n in range(40):
        twice = core.add_log(twice, f"Round note {n}: " + "the torch gutters " * (n % 4))
    for document in (encounter, twice):
        with page_canvas(SIZES[size], ORIENTATIONS[orientation]) as canvas:
            pages = document_job(document).layout(canvas)
            for number, page in enumerate(pages, start=1):
                assert_clean(canvas, paint_page(canvas, page), f"{game} page {number}")
        # 18 combatants: their order, an 18 × 18 distance table, the map, each one's
        # numbers and the log; four landscape pages at most (three before the map and the
        # numbers table joined the sheet).
        assert len(pages) <= 4


def _stuffed(sheet: Any) -> Any:
    """The sheet after a long campaign: a long name, every word field long, every row table
    fifteen times over, pages of notes."""
    form = registry.system_of(sheet).sheet_forms[sheet.kind]
    changes: dict[str, Any] = {"name": "Ser " + "Aldric of the Long Marches " * 3}
    for section in form.sections:
        for spec in section.fields:
            if "." in spec.path:
                continue
            if spec.kind == "long_text":
                changes[spec.path] = ("A long campaign, remembered. " * 40 + "\n\n") * 5
            elif spec.kind == "text":
                changes[spec.path] = "Sworn to the Grey Order of Hollowmere and its debts"
            elif spec.kind == "list":
                changes[spec.path] = tuple(f"item number {n}" for n in range(30))
        if section.table is not None:
            rows = list(sheet.model_dump(mode="python")[section.table.path])
            rows = rows or [section.table.new_row().model_dump()]
            changes[section.table.path] = (rows * 15)[:20]
    for path, value in changes.items():  # what the model takes (a list of set words may not)
        data = sheet.model_dump(mode="python")
        data[path] = value
        try:
            sheet = type(sheet).model_validate(data)
        except ValidationError:
            continue
    return sheet


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize(
    "source", FORM_SAMPLES, ids=[f"{p.parent.name}-{p.stem}" for p in FORM_SAMPLES]
)
def test_a_long_campaigns_sheet_runs_over_pages_cleanly(
    qapp: object, source: Path, size: str
) -> None:
    sheet = _stuffed(load_sheet(source).model)
    with page_canvas(SIZES[size], PORTRAIT) as canvas:
        pages = document_job(sheet).layout(canvas)
        bottom = canvas.height - FOOTER_H
        for number, page in enumerate(pages, start=1):
            assert page
            for placed in page:
                assert placed.y + placed.height <= bottom + 0.01, (number, placed)
            assert_clean(canvas, paint_page(canvas, page), f"{source.stem} page {number}")
    assert 2 <= len(pages) <= 12


class _Pool(BaseModel):
    current: int
    maximum: int


class _PoolSheet(BaseModel):
    name: str = "Vala"
    kind: str = "character"
    body: _Pool = _Pool(current=9, maximum=12)
    luck: int = 3
    overrides: dict[str, int] = {}


def test_a_combat_box_prints_a_pool_field_and_a_tally_of_ticks(qapp: object) -> None:
    """Hit points kept as one pool (current and maximum together, as Monsters & Magic keeps
    them) and a count printed as ticked boxes (its hero points) come from the description."""
    from m3desk.core.sheet_form import FieldSpec, SectionSpec, SheetForm
    from m3desk.core.sheet_print import CombatBox, PrintSpec
    from m3desk.ui.printing.form_print import _sheet_blocks

    form = SheetForm(
        sections=(
            SectionSpec(
                "Body",
                (FieldSpec("body", "Body points", help="wounds"), FieldSpec("luck", "Luck", "int")),
            ),
        ),
        derive=lambda _sheet, _options: {},
        new_sheet=lambda name, _o: _PoolSheet(name=name),
        printed=PrintSpec(combat=CombatBox((), hit_points=("body",), tally="luck")),
    )
    blocks = _sheet_blocks(_PoolSheet(), form, registry.get(GAMES[0]), {})
    [combat] = [block for block in blocks if isinstance(block, CombatBlock)]
    [pool] = combat.pools
    assert (pool.label, pool.long_label, pool.current, pool.maximum) == (
        "Body points",
        "wounds",
        9,
        12,
    )
    assert (combat.tally, combat.tally_label) == (3, "Luck")
    assert not [block for block in blocks if isinstance(block, BoxGrid)]  # nothing else left
    with page_canvas(SIZES["Letter"], PORTRAIT) as canvas:
        page = paginate(canvas, blocks, lambda: ContinuationHeader("Vala"))[0]
        drawn = paint_page(canvas, page)
        assert_clean(canvas, drawn, "pool sheet")
    texts = [item.text for item in drawn]  # (its help is left off where it has no room)
    assert "Luck" in texts and "Body points" in texts and "current" in texts


@pytest.mark.parametrize(
    "source", FORM_SAMPLES, ids=[f"{p.parent.name}-{p.stem}" for p in FORM_SAMPLES]
)
def test_what_an_ability_gives_is_printed_whole_under_its_box(
    qapp: object, tmp_path: Path, source: Path
) -> None:
    """AD&D's "Hit points per die from CON" under CON, not "Hit points per di…": a label
    too long to sit beside its value takes two lines above the strip, and the box grows."""
    from m3desk.ui.printing.export import export_pdf
    from tests.ui.printing.conftest import pdftotext

    sheet = load_sheet(source).model
    with page_canvas(SIZES["A4"], PORTRAIT) as canvas:
        strips = [
            placed.block
            for page in document_job(sheet).layout(canvas)
            for placed in page
            if isinstance(placed.block, ScoreBoxes)
        ]
    labels = [score.note_label for strip in strips for score in strip.scores if score.note_label]
    out = tmp_path / "sheet.pdf"
    export_pdf([sheet], out)
    text = pdftotext(out)
    cut = [
        cell[:-1]
        for line in text.splitlines()
        for cell in re.split(r"\s{2,}", line)
        if cell.endswith("\u2026")
    ]
    for label in labels:
        assert not [part for part in cut if part and label.startswith(part)], (label, cut)
