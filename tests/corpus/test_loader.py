"""The loader: typed results for good input, and an error naming file, line and problem for bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus import Corpus, CorpusError, load_corpus
from tests.utils import DOC, DOC_EN, GAMES, NOTES, RULINGS, write


def error(tmp_path: Path, **files: str) -> CorpusError:
    with pytest.raises(CorpusError) as caught:
        load_corpus(write(tmp_path, **files))
    return caught.value


def test_loads_typed_values(tmp_path: Path) -> None:
    loaded = load_corpus(write(tmp_path))
    section = loaded.section("demo-doc/setup/cards", "fr")
    assert (section.title, section.parent, section.order, section.game) == ("Les cartes", "demo-doc/setup", 1, "demo")
    assert section.key == ("demo-doc/setup/cards", "fr")
    assert loaded.documents["demo-doc"].title("fr") == "Règles de démo"
    assert [n.id for n in loaded.notes.values()] == ["notes/cards"]


def test_the_shipped_corpus_loads(corpus: Corpus) -> None:
    assert list(corpus.documents) == ["cl2-rules", "cl2-power-tiles", "cl2-expansion", "root-necropossums"]
    assert {g.id for g in corpus.games.values()} == {"capital-lux-2", "root"}
    assert corpus.original("root-necropossums/cn-6-1").lang == "fr"
    assert corpus.original("cl2-expansion/set-e/intruder").lang == "en"


def test_duplicate_section(tmp_path: Path) -> None:
    doc = DOC + "- id: demo-doc/setup/cards\n  title: Encore\n  text: Deux fois.\n"
    exc = error(tmp_path, **{"demo-doc.fr.yaml": doc})
    assert exc.path.endswith("demo-doc.fr.yaml")
    assert exc.line == 14
    assert "duplicate section ('demo-doc/setup/cards', 'fr')" in str(exc)


def test_unknown_game(tmp_path: Path) -> None:
    exc = error(tmp_path, **{"demo-doc.fr.yaml": DOC.replace("game: demo", "game: chess")})
    assert exc.line == 2
    assert "unknown game 'chess'; known games: demo" in str(exc)


def test_empty_section(tmp_path: Path) -> None:
    doc = DOC + "- id: demo-doc/end\n  title: Fin\n  text: '   '\n"
    exc = error(tmp_path, **{"demo-doc.fr.yaml": doc})
    assert exc.line == 14
    assert "empty section 'demo-doc/end'" in str(exc)


def test_broken_parent(tmp_path: Path) -> None:
    exc = error(tmp_path, **{"demo-doc.fr.yaml": DOC.replace("parent: demo-doc/setup", "parent: demo-doc/nowhere")})
    assert exc.line == 9
    assert "broken parent 'demo-doc/nowhere'" in str(exc)


def test_quote_not_found(tmp_path: Path) -> None:
    exc = error(tmp_path, **{"notes.fr.yaml": NOTES.replace("reçoit 6 cartes", "reçoit 7 cartes")})
    assert exc.path.endswith("notes.fr.yaml") and exc.line == 8
    assert "quote not found in section 'demo-doc/setup/cards': 'reçoit 7 cartes'" in str(exc)


def test_quote_of_unknown_section(tmp_path: Path) -> None:
    exc = error(tmp_path, **{"notes.fr.yaml": NOTES.replace("section: demo-doc/setup/cards", "section: demo-doc/x")})
    assert "unknown section 'demo-doc/x'" in str(exc)


def test_unknown_key_is_not_skipped(tmp_path: Path) -> None:
    exc = error(
        tmp_path, **{"demo-doc.fr.yaml": DOC.replace("  title: Les cartes", "  title: Les cartes\n  txet: oops")}
    )
    assert exc.line == 9
    assert "unknown key 'txet' in a section" in str(exc)


def test_duplicate_yaml_key(tmp_path: Path) -> None:
    exc = error(
        tmp_path, **{"demo-doc.fr.yaml": DOC.replace("  title: Les cartes", "  title: Les cartes\n  title: Bis")}
    )
    assert exc.line == 12
    assert "duplicate key 'title'" in str(exc)


def test_invalid_yaml(tmp_path: Path) -> None:
    exc = error(tmp_path, **{"demo-doc.fr.yaml": DOC + "- id: [unclosed\n"})
    assert exc.line == 15  # where the parser gave up: the end of the file
    assert "invalid YAML: did not find expected ',' or ']'" in str(exc)


def test_unknown_language(tmp_path: Path) -> None:
    exc = error(tmp_path, **{"demo-doc.fr.yaml": DOC.replace("lang: fr", "lang: de")})
    assert "unknown language 'de'" in str(exc)


def test_section_outside_its_document(tmp_path: Path) -> None:
    exc = error(tmp_path, **{"demo-doc.fr.yaml": DOC.replace("- id: demo-doc/setup\n", "- id: other/setup\n")})
    assert "section id 'other/setup' does not start with 'demo-doc/'" in str(exc)


def test_document_missing_from_registry(tmp_path: Path) -> None:
    exc = error(tmp_path, **{"games.yaml": GAMES.replace("[demo-doc]", "[demo-doc, demo-faq]")})
    assert exc.path.endswith("games.yaml") and exc.line == 2
    assert "document 'demo-faq' of game 'demo' has no file" in str(exc)


def test_document_not_declared_for_its_game(tmp_path: Path) -> None:
    exc = error(tmp_path, **{"games.yaml": GAMES.replace("[demo-doc]", "[other]")})
    assert "document 'demo-doc' is not listed for game 'demo' in games.yaml" in str(exc)


def test_unknown_file_kind(tmp_path: Path) -> None:
    exc = error(tmp_path, **{"stray.yaml": "hello: world\n"})
    assert exc.path.endswith("stray.yaml")
    assert "unknown kind of corpus file" in str(exc)


def test_translation_must_follow_the_original(tmp_path: Path) -> None:
    translation = DOC_EN.replace("- id: demo-doc/setup/cards", "- id: demo-doc/setup/other")
    exc = error(tmp_path, **{"demo-doc.en.yaml": translation})
    assert exc.line == 5
    assert "section 'demo-doc/setup/other' found where the original has 'demo-doc/setup/cards'" in str(exc)


def test_translation_shares_the_section_id(tmp_path: Path) -> None:
    loaded = load_corpus(write(tmp_path, **{"demo-doc.en.yaml": DOC_EN}))
    english = loaded.section("demo-doc/setup/cards", "en")
    assert english.translated and english.parent == "demo-doc/setup"
    assert [v.lang for v in loaded.versions("demo-doc/setup/cards")] == ["fr", "en"]
    assert loaded.original("demo-doc/setup/cards").lang == "fr"


def test_incomplete_translation(tmp_path: Path) -> None:
    translation = """\
    document: {id: demo-doc, lang: en, translated: true, title: Demo rules}
    sections:
    - id: demo-doc/setup
      title: Setup
    """
    exc = error(tmp_path, **{"demo-doc.en.yaml": translation})
    assert "translation lacks the original's sections (at 'demo-doc/setup/cards')" in str(exc)


def test_missing_registry(tmp_path: Path) -> None:
    exc = error(tmp_path, **{"games.yaml": ""})
    assert "no games.yaml" in str(exc)


def test_error_message_names_file_and_line(tmp_path: Path) -> None:
    exc = error(tmp_path, **{"demo-doc.fr.yaml": DOC.replace("game: demo", "game: chess")})
    assert str(exc).startswith(f"{tmp_path / 'demo-doc.fr.yaml'}:2: ")


def rulings_error(tmp_path: Path, rulings: str) -> CorpusError:
    return error(tmp_path, **{"demo-doc.en.yaml": DOC_EN, "rulings.demo.yaml": rulings})


def test_rulings_load(tmp_path: Path) -> None:
    loaded = load_corpus(write(tmp_path, **{"demo-doc.en.yaml": DOC_EN, "rulings.demo.yaml": RULINGS}))
    ruling = loaded.rulings["rulings/demo/cards"]
    assert (ruling.section, ruling.kind, ruling.game, ruling.note) == ("demo-doc/setup/cards", "answer", "demo", None)
    assert ruling.answers == {"fr": "6 cartes.", "en": "6 cards."}
    assert ruling.questions["en"] == ("How many cards do I start with?", "how many cards each")


def test_ruling_quote_must_be_verbatim_in_each_language(tmp_path: Path) -> None:
    exc = rulings_error(tmp_path, RULINGS.replace("en: gets 6 cards", "en: gets six cards"))
    assert exc.line == 4
    assert "quote not found in section 'demo-doc/setup/cards' (en): 'gets six cards'" in str(exc)


def test_ruling_needs_both_languages(tmp_path: Path) -> None:
    exc = rulings_error(tmp_path, RULINGS.replace("answer: {fr: 6 cartes., en: 6 cards.}", "answer: {fr: 6 cartes.}"))
    assert "ruling 'rulings/demo/cards' has no 'answer' in 'en'" in str(exc)


def test_ruling_must_rest_on_rule_text(tmp_path: Path) -> None:
    exc = rulings_error(tmp_path, RULINGS.replace("section: demo-doc/setup/cards", "section: demo-doc/setup"))
    assert "ruling 'rulings/demo/cards' rests on 'demo-doc/setup', which has no rule text" in str(exc)


def test_ruling_answer_is_short(tmp_path: Path) -> None:
    exc = rulings_error(tmp_path, RULINGS.replace("en: 6 cards.}", "en: '" + "6 cards. " * 60 + "'}"))
    assert "ruling 'rulings/demo/cards': en answer over 500 characters" in str(exc)


def test_ruling_note_must_exist(tmp_path: Path) -> None:
    exc = rulings_error(tmp_path, RULINGS.replace("  section:", "  kind: silent\n  note: notes/nope\n  section:"))
    assert "ruling 'rulings/demo/cards': unknown note 'notes/nope'" in str(exc)


def test_duplicate_ruling(tmp_path: Path) -> None:
    twice = RULINGS + RULINGS.split("rulings:\n", 1)[1]
    exc = rulings_error(tmp_path, twice)
    assert "duplicate ruling 'rulings/demo/cards'" in str(exc)


YES_NO = RULINGS.replace("answer: {fr: 6 cartes., en: 6 cards.}", "answer: {fr: Non. 6 cartes., en: No. 6 cards.}")
CLAIM = "\n  claim: {fr: Chacun reçoit 6 cartes., en: Each player gets 6 cards.}"


def test_yes_no_ruling_loads_its_claims(tmp_path: Path) -> None:
    loaded = load_corpus(write(tmp_path, **{"demo-doc.en.yaml": DOC_EN, "rulings.demo.yaml": YES_NO + CLAIM}))
    ruling = loaded.rulings["rulings/demo/cards"]
    assert ruling.verdict == "no"
    assert ruling.claims == {"fr": "Chacun reçoit 6 cartes.", "en": "Each player gets 6 cards."}


def test_yes_no_ruling_without_claim_is_refused(tmp_path: Path) -> None:
    exc = rulings_error(tmp_path, YES_NO)
    assert "ruling 'rulings/demo/cards' answers 'Non. 6 carte'... but states no 'claim'" in str(exc)


def test_claim_without_yes_or_no_is_refused(tmp_path: Path) -> None:
    exc = rulings_error(tmp_path, RULINGS + CLAIM)
    assert "ruling 'rulings/demo/cards' has a 'claim' but its answer starts with no yes or no" in str(exc)


def test_claim_needs_both_languages(tmp_path: Path) -> None:
    exc = rulings_error(tmp_path, YES_NO + "\n  claim: {fr: Chacun reçoit 6 cartes.}")
    assert "ruling 'rulings/demo/cards' has no 'claim' in 'en'" in str(exc)


def test_answers_must_agree_on_yes_or_no(tmp_path: Path) -> None:
    exc = rulings_error(tmp_path, YES_NO.replace("en: No. 6 cards.", "en: Yes. 6 cards.") + CLAIM)
    assert "do not start with the same yes or no (fr: no, en: yes)" in str(exc)
