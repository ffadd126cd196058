"""The bilingual glossary: coverage, look-alikes, lookup and loader errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus import CorpusError
from corpus.glossary import Glossary, load_glossary


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return load_glossary()


@pytest.mark.parametrize(
    ("fr", "en"),
    [
        ("Cité", "City"),
        ("Cité", "home base"),
        ("Capitale", "Capital"),
        ("jeton Or", "gold"),
        ("carte Pouvoir", "Power card"),
        ("carte Bonus", "Bonus card"),
        ("Cimetière", "Cemetery"),
        ("Nécro", "Necro"),
        ("guerrier", "warrior"),
        ("clairière", "clearing"),
    ],
)
def test_required_pairs(glossary: Glossary, fr: str, en: str) -> None:
    (term,) = [t for t in glossary.terms if fr in t.forms["fr"]]
    assert en in term.forms["en"]


@pytest.mark.parametrize(
    "name",
    [
        "Agent",
        "Clerc",
        "Marchand",
        "Savant",
        "Infiltré",
        "Prophète",
        "Disciple",
        "Prosélytiste",
        "Recruteur",
        "Missionnaire",
        "Sentinelle",
        "Dualiste",
        "Intruder",
        "Vector",
        "Architect",
        "Experimenter",
    ],
)
def test_every_power_is_listed(glossary: Glossary, name: str) -> None:
    assert any(t.kind == "power" and any(name in forms for forms in t.forms.values()) for t in glossary.terms)


@pytest.mark.parametrize("colour", ["bleu", "rose", "jaune", "vert", "violet"])
def test_colours_including_purple(glossary: Glossary, colour: str) -> None:
    assert any(t.kind == "colour" and colour in t.forms["fr"] for t in glossary.terms)


@pytest.mark.parametrize(("fr", "en"), [("Aurore", "Birdsong"), ("Jour", "Daylight"), ("Crépuscule", "Evening")])
def test_root_phases(glossary: Glossary, fr: str, en: str) -> None:
    (term,) = [t for t in glossary.terms if t.kind == "phase" and fr in t.forms["fr"]]
    assert en in term.forms["en"]


@pytest.mark.parametrize("action", ["Botte", "Épée", "Carte", "Crâne", "Marteau", "Fabrication", "Construction"])
def test_roue_macabre_actions(glossary: Glossary, action: str) -> None:
    assert any(t.kind == "action" and action in t.forms["fr"] for t in glossary.terms)


def test_infiltre_and_intruder_are_different_powers(glossary: Glossary) -> None:
    (infiltre,) = [t for t in glossary.terms if "Infiltré" in t.forms["fr"]]
    (intruder,) = [t for t in glossary.terms if "Intruder" in t.forms["en"]]
    assert infiltre.id != intruder.id
    assert "Intruder" not in infiltre.forms["en"] and "Infiltré" not in intruder.forms["fr"]
    assert "Intruder" in infiltre.note or "Intrus" in infiltre.note


def test_lookup_ignores_case_and_accents(glossary: Glossary) -> None:
    assert {t.id for t in glossary.lookup("le prophete et la SENTINEL")} >= {"prophet", "sentinel"}
    assert "necro" in {t.id for t in glossary.lookup("mon necro")}


def test_glossary_error_names_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "glossary.yaml").write_text("terms:\n- id: x\n  kind: power\n  fr: [X]\n", encoding="utf-8")
    with pytest.raises(CorpusError) as caught:
        load_glossary(tmp_path)
    assert caught.value.line == 2
    assert "term 'x' needs a non-empty list of 'en' forms" in str(caught.value)


def test_glossary_refuses_unknown_kind(tmp_path: Path) -> None:
    (tmp_path / "glossary.yaml").write_text("terms:\n- id: x\n  kind: thing\n  fr: [X]\n  en: [X]\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="term 'x': unknown kind 'thing'"):
        load_glossary(tmp_path)
