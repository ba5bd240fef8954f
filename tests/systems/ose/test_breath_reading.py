"""Breath weapons as the SRD writes them, read wherever a block is read (issue 29): the
chimera's breath round keeps its other heads' attacks, the bestiary as the app loads it keeps
every breath's rules, and a pasted block's breath gets the rules its sentences give (what they
do not give is said)."""

from __future__ import annotations

import json
from pathlib import Path

from m3desk.assets import resource_path
from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.routines import routines_of
from m3desk.storage.bestiary import load_bestiary
from m3desk.systems.adnd2e.statblock import parse_stat_block as parse_adnd_block
from m3desk.systems.ose.encounter import OseEncounter
from m3desk.systems.ose.samples import characters
from m3desk.systems.ose.sheet import MonsterSheet
from m3desk.systems.ose.statblock import breath_rules, parse_stat_block, read_attack_line
from m3desk.systems.ose.system import SYSTEM
from m3desk.systems.ose.tables import Save

FIXTURES = Path(__file__).parent.parent.parent / "fixtures"
LINES: dict[str, str] = json.loads(
    (FIXTURES / "ose_srd_attacks" / "lines.json").read_text(encoding="utf-8")
)
ERRATA = json.loads(resource_path("bestiary", "ose", "srd", "errata.json").read_text("utf-8"))
RULES = SYSTEM.encounter
assert RULES is not None
BREATH_FIELDS = ("breath", "own_hit_points", "save", "opens", "chance", "uses")
CHIMERA = (
    "Chimera\nAC 4 [15], HD 9** (40hp), Att 2 × claw (1d3), goat: 1 × gore (2d4), lion: 1 × "
    "bite (2d4), dragon: 1 × bite (3d4) or 1 × breath (3d6), THAC0 12 [+7], MV 120’ (40’) / "
    "180’ (60’) flying, SV D8 W9 P10 B10 S12 (9), ML 9, AL Chaotic, XP 2,300\n"
    "Attack pattern: Dragon head: 50% chance of breath attack, otherwise bites.\n"
    "Breath weapon: Cone of fire: end 10’ wide, 50’ long. Can be used up to three times per "
    "day."
)


def _bestiary() -> dict[str, MonsterSheet]:
    """The bestiary as the app loads it (the loader reads each SRD attack line again)."""
    bestiary = load_bestiary(resource_path("bestiary", "ose", "srd-monsters.json"))
    found = {}
    for entry in bestiary.entries:
        assert isinstance(entry.sheet, MonsterSheet)
        found[entry.sheet.name] = entry.sheet
    return found


def _shipped() -> dict[str, MonsterSheet]:
    """The bestiary's sheets as the build wrote them."""
    raw = json.loads(resource_path("bestiary", "ose", "srd-monsters.json").read_text("utf-8"))
    return {m["sheet"]["name"]: MonsterSheet.model_validate(m["sheet"]) for m in raw["monsters"]}


def test_the_chimeras_breath_round_keeps_its_other_heads() -> None:
    chimera = _bestiary()["Chimera"]
    breathing = routines_of(chimera.attacks)[1]
    assert [(a.count, a.name, str(a.damage), a.breath) for a in breathing] == [
        (2, "claw", "1d3", False),
        (1, "goat gore", "2d4", False),
        (1, "lion bite", "2d4", False),
        (1, "dragon breath", "3d6", True),
    ]
    breath = breathing[-1]
    assert (breath.uses, breath.chance, breath.save) == (3, 3, None)  # the errata's quotes


def test_every_head_before_an_or_keeps_the_other_heads() -> None:
    """Every SRD line whose "or" follows a head's attack ("dragon: 1 × bite (3d4) or …"): the
    alternative replaces that head's attack only, in every such monster."""
    checked = 0
    for name, line in LINES.items():
        before = line.split(" or ", 1)[0]
        last = before.rsplit(",", 1)[-1]
        if " or " not in line or "," not in before or ":" not in last or "[" in line:
            continue
        first, second = read_attack_line(line, 4)[0][:2]
        assert [a.name for a in second[:-1]] == [a.name for a in first[:-1]], name
        checked += 1
    assert checked >= 1


def test_the_bestiary_as_loaded_keeps_every_breaths_rules() -> None:
    """The loader reads each monster's SRD line again; it dropped the breath's rules (no
    breath, no uses pattern), so no dragon breathed in the app."""
    loaded, shipped = _bestiary(), _shipped()
    breaths = 0
    for name, sheet in shipped.items():
        for attack in sheet.attacks:
            if not attack.breath:
                continue
            breaths += 1
            twin = next(
                a
                for a in loaded[name].attacks
                if a.routine == attack.routine and a.name == attack.name
            )
            assert [getattr(twin, f) for f in BREATH_FIELDS] == [
                getattr(attack, f) for f in BREATH_FIELDS
            ], name
    assert breaths >= 15


def test_the_errata_quotes_read_as_the_errata_sets() -> None:
    """The reader of a pasted block finds in the SRD's sentences the rules the bestiary's
    build takes from the errata (the Sea Dragon's uses are the Dragon entry's, not quoted)."""
    whole = 0
    for name, spec in ERRATA["breath"].items():
        if not isinstance(spec, dict):
            continue
        read = {
            k: (v.value if isinstance(v, Save) else v)
            for k, v in breath_rules(" ".join(spec["quote"])).items()
        }
        wanted = {k: v for k, v in spec["set"].items() if k != "effect"}
        assert read.items() <= wanted.items(), (name, read, wanted)
        whole += read == {k: v for k, v in wanted.items() if v}
    assert whole >= 10


def test_a_pasted_block_gets_the_bestiarys_breath_rules() -> None:
    pasted, problems = parse_stat_block(CHIMERA, "Chimera")
    book = _bestiary()["Chimera"]
    assert [(a.routine, a.name, str(a.damage)) for a in pasted.attacks] == [
        (a.routine, a.name, str(a.damage)) for a in book.attacks
    ]
    breath = pasted.attacks[-1]
    assert [getattr(breath, f) for f in BREATH_FIELDS] == [
        getattr(book.attacks[-1], f) for f in BREATH_FIELDS
    ]
    assert problems == [
        "“dragon breath” is a breath weapon (no attack roll): 3 a day, 3 in 6 "
        "a round; the block writes no save (none applied)"
    ]


def test_a_pasted_dragon_with_the_dragon_entrys_words() -> None:
    text = (
        "AC 2 [17], HD 8** (36hp), Att [2 × claw (1d6 + 1), 1 × bite (3d10)] or breath, "
        "THAC0 12 [+7], ML 9\nBreath weapon: It can be used up to three times per day. "
        "All caught in the area suffer damage equal to the dragon’s current hit points "
        "(save versus breath for half). A dragon always attacks first with its breath "
        "weapon, then either breathes again or makes melee attacks (equal chance of "
        "either)."
    )
    pasted, problems = parse_stat_block(text, "Blue Dragon")
    breath = pasted.attacks[-1]
    book = next(a for a in _bestiary()["Blue Dragon"].attacks if a.breath)
    assert [getattr(breath, f) for f in BREATH_FIELDS] == [getattr(book, f) for f in BREATH_FIELDS]
    assert problems == [
        "“breath” is a breath weapon (no attack roll): 3 a day, damage equal "
        "to its hit points, save B, used first, 3 in 6 a round"
    ]
    bare, said = parse_stat_block("AC 2 [17], HD 8**, Att [2 × claw (1d6)] or breath", "Wyrm")
    assert bare.attacks[-1].breath and bare.attacks[-1].uses == 0
    assert said == [
        "“breath” is a breath weapon (no attack roll); the block writes no uses "
        "a day (every round), no save (none applied), no damage (type its dice, "
        "or “own hp” in its rules)"
    ]


def test_the_pasted_chimera_breathes_and_claws_through_the_rules() -> None:
    pasted, _problems = parse_stat_block(CHIMERA, "Chimera")
    hero = characters()["Morgan Ironwolf"].model_copy(
        update={"hit_points": 80, "max_hit_points": 80}
    )
    encounter = OseEncounter(name="Hills")
    encounter = core.join(encounter, RULES.make_combatant(hero, "Party"))
    encounter = core.join(encounter, RULES.make_combatant(pasted, "Monsters"))
    hero_id, chimera = (c.id for c in encounter.combatants)
    encounter = core.set_position(encounter, hero_id, chimera, 5, log=False)
    second = Action("routine", index=2)
    option = next(o for o in RULES.actions(encounter, chimera) if o.id == second)
    assert "claw" in option.label and "breath" in option.label, option.label
    assert [d.label for d in option.dice][:2] == ["#1 claw", "#1 dmg"]


def test_the_adnd_reader_says_a_breath_has_no_rules_yet() -> None:
    sheet, problems = parse_adnd_block(
        "AC 3; HD 11; #AT 3 or 1; Dmg 1d6/1d6/3d10 or breath", "Dragon"
    )
    assert len(sheet.attacks) == 3
    assert problems == [
        "“breath” is a breath weapon, which an AD&D sheet has no rules for yet "
        "(no attack roll; a save vs breath weapon for half): left out; roll it "
        "by hand"
    ]
