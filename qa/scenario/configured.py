"""The powers a configuration puts in play. A question that states its configuration ("config B") and names a power
of another configuration ("do I also pick up a gold, like with the Merchant?", "do I get a Recruiter card?" in
configuration A) names it for comparison: the configuration's own power is on that colour. A power of set E
replaces one of the configuration's (``cl2-expansion/set-e``), so naming it beside a configuration puts it in play.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cl2.power import CONFIGURATIONS, Power
from qa.scenario.facts import Fact


def configured(facts: Sequence[Fact]) -> dict[str, Power]:
    """The powers the stated configuration puts on each colour, by colour name (none without a configuration)."""
    letter = next((str(f.value) for f in facts if f.path == "configuration"), None)
    if letter is None or letter not in CONFIGURATIONS:
        return {}
    return {colour.value: power for colour, power in CONFIGURATIONS[letter].items()}


def in_configuration(facts: Sequence[Fact]) -> list[Fact]:
    """``facts`` without the powers the stated configuration does not have on their colour (set E's stay)."""
    preset = configured(facts)
    if not preset:
        return list(facts)
    return [
        f
        for f in facts
        if not (
            f.path.startswith("powers.")
            and isinstance(f.value, Power)
            and not f.value.info.set_e
            and preset.get(f.path.split(".", 1)[1], f.value) is not f.value
        )
    ]
