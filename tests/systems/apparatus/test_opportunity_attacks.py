"""Leaving a hostile's reach in Apparatus (issue 23): the wiki gives no rule, so it is a table
rule. By default the move only notes it; with "the enemy gets a free attack" the hostile is
owed an opportunity attack as AD&D owes a flight's free attack (the one rule of
:mod:`m3desk.core.free_attacks`): the notice bar offers it, the action dialog makes it outside
the hostile's turn without its Standard Action, and the forecast strikes at the runner the
same way, with the dialog's odds."""

from __future__ import annotations

import random
from typing import Any

import pytest

from m3desk.core.actions import Action
from m3desk.core.forecast import Policy
from m3desk.core.forecast_space import Foes
from m3desk.core.places import Place
from m3desk.core.system import DueAction
from m3desk.systems.apparatus import forecast as fc
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.samples import BRUTE, KESTREL, WREN
from m3desk.systems.apparatus.state import ApparatusEncounter
from tests.systems.apparatus.test_table import RULES, _do, _fight

DUE = ApparatusOptions(opportunity_attacks="due")


def _beside_the_brute(
    options: ApparatusOptions | None = None,
) -> tuple[ApparatusEncounter, str, str, str]:
    """Kestrel on her turn 1 m from the Brute (longsword, reach 1), Wren 8 m the other way."""
    fight, (k, b, w) = _fight(KESTREL, BRUTE, WREN)
    fight = fight.model_copy(
        update={
            "places": {k: Place.at(0, 0), b: Place.at(1, 0), w: Place.at(-8, 0)},
            **({"options": options} if options is not None else {}),
        }
    )
    return fight, k, b, w


def test_by_default_leaving_reach_is_a_note_only() -> None:
    fight, k, _b, _w = _beside_the_brute()
    assert ApparatusOptions().opportunity_attacks == "note"
    moved, text = RULES.make_move(fight, k, Place.at(-3, 0))
    assert text == "Kestrel runs 3 m: leaves Brute's reach: opportunity attack; 3 Movement, 3 left"
    assert moved.combatant(k).free_attacks == ()
    assert RULES.due(moved) == ()


def test_the_table_rule_makes_the_opportunity_attack_due_and_the_dialog_makes_it() -> None:
    fight, k, b, _w = _beside_the_brute(DUE)
    moved, _text = RULES.make_move(fight, k, Place.at(-3, 0))
    assert isinstance(moved, ApparatusEncounter)
    assert moved.combatant(k).free_attacks == (b,)
    assert RULES.due(moved) == (
        DueAction("Opportunity attack: Brute at Kestrel", b, Action("free", 0, target=k)),
    )
    offered = {o.id: o.label for o in RULES.actions(moved, b) if o.id.kind == "free"}
    assert offered == {
        Action("free", 0, target=k): "Opportunity attack: flaming longsword → Kestrel",
        Action("free", 1, target=k): "Opportunity attack: hatchet → Kestrel",
    }
    preview = RULES.preview(moved, b, Action("free", 0, target=k), None)
    assert not preview.problem and preview.success is not None
    # outside the Brute's turn, no Standard Action of its own spent; the debt is paid
    dice = next(o.dice for o in RULES.actions(moved, b) if o.id == Action("free", 0, target=k))
    faces = tuple(spec.sides for spec in dice for _ in range(spec.number))
    outcome = RULES.resolve(moved, b, Action("free", 0, target=k), None, faces)
    after = outcome.encounter
    assert outcome.summary.startswith("Brute critically hits Kestrel with the flaming longsword")
    assert outcome.summary.endswith("(opportunity attack)")
    assert after.combatant(k).sheet.hit_points < KESTREL.hit_points
    assert after.combatant(k).free_attacks == () and RULES.due(after) == ()
    assert after.turn == k
    assert (
        "no opportunity attack"
        in RULES.preview(after, b, Action("free", 0, target=k), None).problem
    )


def test_disengaging_first_owes_nothing_and_the_round_s_end_clears_the_debt() -> None:
    fight, k, b, _w = _beside_the_brute(DUE)
    calm = _do(fight, k, Action("disengage"))
    moved, text = RULES.make_move(calm, k, Place.at(-3, 0))
    assert "opportunity attack" not in text and moved.combatant(k).free_attacks == ()
    owed, _text = RULES.make_move(fight, k, Place.at(-3, 0))
    assert owed.combatant(k).free_attacks == (b,)
    ended, _expired = owed.round_ended()
    assert ended.combatant(k).free_attacks == ()


def test_the_forecast_strikes_at_the_runner_as_the_map_owes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Kestrel, told to go for the weakest, runs from the Brute toward Wren: the forecast
    strikes at her once from the Brute, whom the same move through the map owes, at the
    odds the dialog gives the due attack; with the default rule nobody strikes."""
    seen: list[tuple[str, tuple[float, float], list[str]]] = []
    odds: list[tuple[int, int, float]] = []
    moving = fc._move
    threshold = fc._thresholds

    def move(near: Any, a: int, t: int, *rest: Any) -> int:
        found = moving(near, a, t, *rest)
        seen.append((a, (near.plane.x[a], near.plane.y[a]), []))
        return found

    class Near:
        """The spatial index's hostiles it last found around someone: the run asks
        reach_left about those (by their place in that list). Kept by wrapping the index's
        own ``around`` (each fight plays on a copy of one index, of its class)."""

        last: list[tuple[int, int]] = []  # noqa: RUF012

    around = Foes.around

    def kept_around(self: Foes, *args: Any, **kwargs: Any) -> list[tuple[int, int]]:
        Near.last = around(self, *args, **kwargs)
        return Near.last

    def left(before: Any, after: Any, reach: Any) -> list[int]:
        found = fc_reach_left(before, after, reach)
        if seen:
            seen[-1][2].extend(Near.last[k][0] for k in found)
        return found

    def thresholds(prep: Any, a: int, w: int, t: int, *rest: Any) -> tuple[float, float]:
        found = threshold(prep, a, w, t, *rest)
        odds.append((a, t, 1 - found[0]))
        return found

    fc_reach_left = fc.reach_left
    monkeypatch.setattr(fc, "_move", move)
    monkeypatch.setattr(Foes, "around", kept_around)
    monkeypatch.setattr(fc, "reach_left", left)
    monkeypatch.setattr(fc, "_thresholds", thresholds)
    for options, owed in ((ApparatusOptions(), False), (DUE, True)):
        fight, k, b, _w = _beside_the_brute(options)
        seen.clear()
        odds.clear()
        fc.simulate(
            fight, random.Random(3), Policy(target="weakest", ranged_stay=False, max_rounds=1)
        )
        ids = [c.id for c in fight.combatants]
        runner, place, strikers = seen[0]
        assert ids[runner] == k
        moved, _text = RULES.make_move(fight, k, Place.at(*place))
        assert [ids[i] for i in strikers] == list(moved.combatant(k).free_attacks)
        assert bool(strikers) == owed
        if owed:
            brute, kestrel = ids.index(b), ids.index(k)
            struck = next(chance for a, t, chance in odds if (a, t) == (brute, kestrel))
            preview = RULES.preview(moved, b, Action("free", 0, target=k), None)
            assert preview.success is not None
            assert struck == pytest.approx(float(preview.success))
