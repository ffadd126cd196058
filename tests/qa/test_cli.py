"""The ``arbitre`` command line: version, corpus and ask."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import qa.cli
from corpus import load_corpus
from qa import __version__
from qa.ask import Asker
from qa.cli import cli


@pytest.fixture(autouse=True)
def _one_asker(asker: Asker, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command run in this process answers with the session's asker, loaded once: the one a command would
    load itself, over the same data folder (the installed command, run as its own process, loads its own)."""
    monkeypatch.setattr(qa.cli, "_asker", lambda: asker)


def corpus_text(section_id: str, lang: str) -> str:
    section = load_corpus().section(section_id, lang)
    return f"{section.title}\n{section.text}"


def run(*args: str) -> tuple[int, str]:
    """Exit code, and standard output (standard error for a failure, where the message goes)."""
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout if result.exit_code in (0, 3, 4) else result.stderr


def test_version() -> None:
    code, out = run("--version")
    assert code == 0
    assert out == f"arbitre, version {__version__}\n"


def test_help_has_examples() -> None:
    code, out = run("-h")
    assert code == 0
    assert 'arbitre ask "Combien rapporte un jeton Or ?"' in out


def test_corpus_lists_documents_and_sections() -> None:
    code, out = run("corpus")
    assert code == 0
    lines = out.splitlines()
    assert any(line.startswith("cl2-rules  Règles de Capital Lux 2: Generations  [") for line in lines)
    faq = next(line for line in lines if "cl2-rules/faq/jeton-or" in line)
    assert faq.strip().startswith("cl2-rules/faq/jeton-or  Combien rapporte un jeton Or ?  [fr*")
    assert faq.endswith("  106")
    assert any("cl2-rules/meme-genre" in line and line.endswith("(furniture)") for line in lines)


def test_corpus_json() -> None:
    code, out = run("corpus", "--json")
    assert code == 0
    data = json.loads(out)
    assert [d["id"] for d in data["documents"]] == [
        "cl2-rules",
        "cl2-power-tiles",
        "cl2-expansion",
        "root-necropossums",
    ]
    root = data["documents"][3]
    ritual = next(s for s in root["sections"] if s["id"] == "root-necropossums/cn-6-1")
    assert ritual["parent"] == "root-necropossums/cn-6"
    assert ritual["length"] == len(ritual["versions"][0]["text"])
    original = next(v for v in ritual["versions"] if v["original"])
    assert original["lang"] == "fr" and original["title"] == "CN.6.1 Rituel."
    assert len(data["notes"]) == 21


def test_ask_prints_the_direct_answer_then_its_source() -> None:
    code, out = run("ask", "Combien rapporte un jeton Or ?")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("2 points")
    assert "(Lecture d'Arbitre, non officielle, fondée sur la source ci-dessous.)" in lines
    source = lines.index("Source : Combien rapporte un jeton Or ? [cl2-rules/faq/jeton-or]")
    assert lines[source + 1].startswith("  > 2 points chacun en fin de partie")


def test_ask_json_follows_the_contract() -> None:
    code, out = run("ask", "Que se passe-t-il si un Cimetière est retiré ?", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {
        "question",
        "lang",
        "game",
        "kind",
        "answer",
        "citations",
        "caveats",
        "scenario",
        "ruling",
        "margin",
        "reason",
    }
    assert (data["lang"], data["game"], data["kind"]) == ("fr", "root", "rules")
    citation = data["citations"][0]
    assert citation["section"] == "root-necropossums/cn-2-5"
    assert citation["doc"] == "root-necropossums" and citation["translated"] is False
    assert "original" not in citation
    assert citation["quote"] in corpus_text("root-necropossums/cn-2-5", "fr")
    assert data["ruling"] and data["ruling"].startswith("rulings/root/")
    assert any(c["note"] == "notes/cemetery-removal-half" for c in data["caveats"])
    assert isinstance(data["margin"], float) and 0 < data["margin"] < 1


def test_ask_with_game_filter() -> None:
    code, out = run("ask", "Que fait la carte ?", "--game", "root", "--json")
    assert code == 0
    assert json.loads(out)["citations"][0]["section"].startswith("root-necropossums/")


def test_ask_unknown_game_quotes_it() -> None:
    code, out = run("ask", "Que fait le Clerc ?", "--game", "chess")
    assert code == 1
    assert "Error: unknown game 'chess'; known games: capital-lux-2, root" in out


def test_ask_bad_language_quotes_it() -> None:
    code, out = run("ask", "Que fait le Clerc ?", "--lang", "de")
    assert code == 1
    assert "Error: unsupported language 'de'" in out


def test_ask_empty_question() -> None:
    code, out = run("ask", "   ")
    assert code == 1
    assert "Error: empty question" in out


def test_ask_nothing_found_exits_3() -> None:
    code, out = run("ask", "zzzz qqqq", "--lang", "fr", "--json")
    assert code == 3
    data = json.loads(out)
    assert data["kind"] == "not_found" and data["citations"] == []
    assert data["answer"].startswith("Les règles ne le disent pas")


def test_ask_a_question_that_fits_several_games_exits_4() -> None:
    code, out = run("ask", "How many cards do I draw?")
    assert code == 4
    assert out.startswith("This question could be about more than one game: which game do you mean")
    code, out = run("ask", "How many cards do I draw?", "--game", "root", "--json")
    assert code == 0 and json.loads(out)["game"] == "root"


def test_corpus_json_shows_both_languages_with_the_original_marked() -> None:
    code, out = run("corpus", "--json")
    assert code == 0
    for doc in json.loads(out)["documents"]:
        for section in doc["sections"]:
            versions = section["versions"]
            assert sorted(v["lang"] for v in versions) == ["en", "fr"], section["id"]
            (original,) = [v for v in versions if v["original"]]
            assert original["lang"] == doc["lang"] and original["translated"] is False


def test_corpus_lists_languages_with_the_original_starred() -> None:
    code, out = run("corpus")
    assert code == 0
    intruder = next(line for line in out.splitlines() if "cl2-expansion/set-e/intruder" in line)
    assert "[en*,fr]" in intruder


def test_show_translation_with_its_original_beneath() -> None:
    code, out = run("show", "cl2-expansion/set-e/vector", "--lang", "fr")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Vecteur (E)  [cl2-expansion/set-e/vector]"
    original_at = lines.index("Texte original (en) : Vector (E)")
    assert any("cartes Vecteur" in line for line in lines[:original_at])
    assert "  > Power tile. Uses 16 Vector cards (values -1, -2, -3, in four colors)." in lines[original_at:]


def test_show_original_has_nothing_beneath() -> None:
    code, out = run("show", "root-necropossums/cn-6-1")
    assert code == 0
    assert out.startswith("CN.6.1 Rituel.  [root-necropossums/cn-6-1]")
    assert "Original" not in out


def test_show_json() -> None:
    code, out = run("show", "root-necropossums/cn-6-1", "--lang", "en", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["lang"], data["translated"]) == ("en", True)
    assert data["original"]["lang"] == "fr"
    assert data["original"]["text"].startswith("Choisissez une clairière avec 1 Cimetière")


def test_show_unknown_section_quotes_it() -> None:
    code, out = run("show", "cl2-rules/nope")
    assert code == 1
    assert "Error: no section 'cl2-rules/nope'" in out


def test_show_unknown_language_quotes_it() -> None:
    code, out = run("show", "cl2-rules/faq/jeton-or", "--lang", "de")
    assert code == 1
    assert "Error: no language 'de' for section 'cl2-rules/faq/jeton-or'" in out


def test_ask_in_english_about_a_french_text_cites_the_translation_and_its_original() -> None:
    code, out = run("ask", "How many times per turn can I do the Ritual?", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["lang"] == "en"
    assert data["answer"].startswith("Up to 3 times per turn")
    citation = data["citations"][0]
    assert (citation["section"], citation["lang"], citation["translated"]) == ("root-necropossums/cn-6-1", "en", True)
    assert citation["quote"] in corpus_text("root-necropossums/cn-6-1", "en")
    assert citation["original"]["lang"] == "fr"
    assert citation["original"]["quote"] in corpus_text("root-necropossums/cn-6-1", "fr")
    assert "jusqu’à 3 fois par tour" in citation["original"]["quote"]


def test_person_output_shows_the_original_beneath_a_translation() -> None:
    code, out = run("ask", "Que fait l'Intrus ?")
    assert code == 0
    lines = out.splitlines()
    source = lines.index("Source : Intrus (E) [cl2-expansion/set-e/intruder]")
    original = lines.index("  Original (en):", source)
    quoted, beneath = lines[source + 1 : original], lines[original + 1 :]
    assert all(line.startswith("  > ") for line in quoted)
    assert any(line.startswith("  > POUVOIR : Prenez la carte Rebelle face visible") for line in quoted)
    assert any(line.startswith("  > POWER: Take the face-up rebel card from the deck") for line in beneath)


def test_the_installed_command_exits_with_the_answer_kind(asker: object) -> None:
    """The real process (which skips interpreter teardown after a read-only answer) keeps exit code and output."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    arbitre = Path(sys.executable).parent / "arbitre"
    found = subprocess.run(
        [str(arbitre), "ask", "Combien rapporte un jeton Or ?"], capture_output=True, text=True, env=os.environ.copy()
    )
    assert found.returncode == 0
    assert found.stdout.startswith("2 points")
    missing = subprocess.run(
        [str(arbitre), "ask", "zzzz qqqq", "--lang", "fr", "--json"],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
    )
    assert missing.returncode == 3
    assert json.loads(missing.stdout)["kind"] == "not_found"


def test_chat_keeps_the_history_so_a_follow_up_amends_the_position() -> None:
    talk = "capitale bleue 14, moi 16 en bleu, Marchand en jeu, je saute ?\net avec 2 or ?\n\n"
    result = CliRunner().invoke(cli, ["chat", "--json"], input=talk)
    assert result.exit_code == 0, result.output
    first, second = (json.loads(line.removeprefix("> ")) for line in result.stdout.splitlines() if "{" in line)
    assert (first["kind"], first["reason"], first["scenario"]["missing"]) == ("clarify", "missing_fact", "me.gold")
    assert second["kind"] == "scenario" and second["answer"].startswith("Non : tes cartes bleues restent")
    assert second["scenario"]["verdicts"][0]["verdict"]["gold_spent"] == 2


def test_ask_saves_the_picture_of_a_scenario(tmp_path: Path) -> None:
    target = tmp_path / "position.svg"
    code, _ = run("ask", "capitale verte 2, 8 et 5, moi 7 et 9 en vert, je saute ?", "--svg", str(target))
    assert code == 0
    svg = target.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "MAX 15" in svg and "16 ✗ saute" in svg
    none = tmp_path / "none.svg"
    code, _ = run("ask", "Combien rapporte un jeton Or ?", "--svg", str(none))
    assert code == 0 and not none.exists()
