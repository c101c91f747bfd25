"""French card text (`paxc render --lang fr`): the French word forms, the `language fr` block of a
vocabulary, the golden French text of every card of both games, and the located error a game
gets when its French lacks something a card needs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from paxc.compiler import french
from paxc.compiler.project import compile_paths
from paxc.compiler.render_fr import FrenchRenderer, MissingWording
from tests.conftest import REPO, check_golden

GOLDEN = REPO / "tests" / "compiler" / "golden"


@pytest.mark.parametrize("game", ["pamir", "porfiriana"])
def test_every_card_has_golden_french_text(game: str) -> None:
    """Every card of both games said in French: a change of the renderer or of a game's French
    shows up in review as a change of this text."""
    result = compile_paths([REPO / "cards" / game], REPO)
    assert result.ok, result.render_diagnostics()
    renderer = FrenchRenderer(result.games[game].vocabulary)
    text = "\n\n".join(renderer.card_text(card) for card in result.games[game].cards()) + "\n"
    check_golden(GOLDEN / f"{game}.fr.txt", text)


def test_french_text_reads_as_french() -> None:
    """Agreement, élision, contractions and the second person, on cards that need them."""
    result = compile_paths([REPO / "cards" / "pamir"], REPO)
    renderer = FrenchRenderer(result.games["pamir"].vocabulary)
    texts = {card.number: renderer.card_text(card) for card in result.games["pamir"].cards()}
    assert "placez 2 armées afghanes à Kaboul" in texts[3]  # feminine plural adjective
    joined = "\n".join(texts.values())
    assert "retirez toutes les tribus et armées d'Hérat" in joined  # élision before a silent h
    assert "retirez toutes les tribus et armées du Pendjab" in joined  # de + le
    assert "Au lieu du retrait" in joined  # de + le
    assert "cette carte ne peut pas être achetée" in joined  # participle agreeing with a card
    assert "vos cartes politiques ne peuvent pas être trahies" in joined  # vous, agreement
    assert "jusqu'au prochain contrôle de domination" in joined  # à + le
    said = "\n".join(line.strip() for line in joined.splitlines())
    for wrong in (" de le ", " à le ", " de les ", " à les ", " de vous", " la a", " le a", "  ", " de un"):
        assert wrong not in said, wrong


def test_french_word_forms() -> None:
    assert french.plural("cheval") == "chevaux"
    assert french.plural("bateau") == "bateaux"
    assert french.plural("prix") == "prix"
    assert french.plural("carte") == "cartes"
    assert french.agree("fédéral", "m", True) == "fédéraux"
    assert french.agree("fédéral", "f", True) == "fédérales"
    assert french.agree("afghan", "f", False) == "afghane"
    assert french.agree("acheté", "f", True) == "achetées"
    assert french.agree("public", "f", False) == "publique"
    assert french.polish("au début de le tour") == "au début du tour"
    assert french.polish("à les joueurs de les cartes") == "aux joueurs des cartes"
    assert french.polish("de une carte de Hérat") == "d'une carte d'Hérat"
    assert french.polish("la armée que il a") == "l'armée qu'il a"
    assert french.polish("de le Hacendado") == "du Hacendado"  # an aspirated h: no élision
    assert french.conjugate("placer", "vous") == "placez"
    assert french.conjugate("placer", "3p") == "placent"
    assert french.conjugate("prendre", "3s") == "prend"
    assert french.conjugate("choisir", "vous") == "choisissez"
    assert french.conjugate("résoudre", "vous") == "résolvez"


def _pamir_copy(tmp_path: Path, edit: tuple[str, str]) -> Path:
    root = tmp_path / "project"
    shutil.copytree(REPO / "cards" / "pamir", root / "cards" / "pamir")
    vocabulary = root / "cards" / "pamir" / "game.pax"
    text = vocabulary.read_text(encoding="utf-8")
    assert edit[0] in text
    vocabulary.write_text(text.replace(edit[0], edit[1]), encoding="utf-8")
    return root


def test_a_missing_french_phrasing_is_a_located_error(tmp_path: Path) -> None:
    """A game whose French lacks the phrasing of an operation a card uses cannot be said in
    French: the error names the operation, where the vocabulary declares it, and what to add."""
    line = '    operation place_armies "placer {count:army} {coalition:adj} {region:en}"\n'
    root = _pamir_copy(tmp_path, (line, ""))
    result = compile_paths([root / "cards" / "pamir"], root)
    assert result.ok, result.render_diagnostics()
    renderer = FrenchRenderer(result.games["pamir"].vocabulary)
    akbar = next(card for card in result.games["pamir"].cards() if card.number == 3)
    with pytest.raises(MissingWording) as raised:
        renderer.card_text(akbar)
    declared = next(
        number
        for number, text in enumerate((root / "cards" / "pamir" / "game.pax").read_text().splitlines(), 1)
        if text.strip().startswith("operation place_armies(")
    )
    assert raised.value.span.line == declared
    assert raised.value.span.path.endswith("cards/pamir/game.pax")
    assert "operation 'place_armies'" in raised.value.what
    assert "operation place_armies" in raised.value.hint and "language fr" in raised.value.hint
    # A card that needs nothing missing is still said.
    assert "Kaboul" in renderer.card_text(next(c for c in result.games["pamir"].cards() if c.number == 1))


def test_cli_reports_the_missing_phrasing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from paxc.compiler.cli import _french_texts

    root = _pamir_copy(tmp_path, ('    word Kabul "Kaboul"\n', ""))
    result = compile_paths([root / "cards" / "pamir"], root)
    cards = [card for card in result.games["pamir"].cards() if card.number == 3]
    with pytest.raises(SystemExit) as exited:
        _french_texts(result, cards, notes=False)
    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert "game.pax:" in err and "[bad-vocabulary]" in err
    assert "no French word for 'Kabul'" in err and "#3 Prince Akbar Khan" in err
    assert 'word Kabul "..."' in err


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (('    zone deck "la pioche"\n', '    zone dek "la pioche"\n'), "unknown zone 'dek'"),
        (('    while play "tant', '    whilst play "tant'), "unknown kind of wording 'whilst'"),
        (('"placer {count:army}', '"placer {amount:army}'), "unknown parameter 'amount'"),
        (('    word spy "espion" m\n', '    word spy "espion" n\n'), "unknown kind of word 'n'"),
        (('    word army "armée" f\n', '    word army "armée" f\n    word army "armée" f\n'), "worded twice"),
    ],
)
def test_the_language_block_is_checked(tmp_path: Path, edit: tuple[str, str], message: str) -> None:
    root = _pamir_copy(tmp_path, edit)
    result = compile_paths([root / "cards" / "pamir"], root)
    assert not result.ok
    assert message in result.render_diagnostics()
    assert "game.pax:" in result.render_diagnostics()


def _paxc(*args: str, stdin: str | None = None) -> tuple[int, str]:
    from click.testing import CliRunner

    from paxc.compiler.cli import main

    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


def test_the_table_shows_the_cards_in_french() -> None:
    """`play --lang fr`: `c NAME` and the board show each card's French text (rendered by the
    command, handed to the runtime), and a game played afterwards in English shows English."""
    code, output = _paxc(
        "play", "pamir", "--players", "2", "--seats", "human,random", "--lang", "fr", stdin="c 3\nq\n"
    )
    assert code == 0, output
    assert "#3 Prince Akbar Khan\nCarte de cour\n" in output
    assert "Après chaque contrôle de domination, placez 2 armées afghanes à Kaboul." in output
    assert "Quand elle est défaussée : " in output  # the market's events, on the board
    code, output = _paxc("play", "pamir", "--players", "2", "--seats", "human,random", stdin="c 3\nq\n")
    assert code == 0 and "After each Dominance Check, place 2 Afghan armies in Kabul." in output
    assert "placez" not in output
    code, output = _paxc(
        "play", "porfiriana", "--players", "2", "--seats", "human,random", "--lang", "fr", stdin="c 2105\nq\n"
    )
    assert code == 0, output
    assert "Tant qu'elle est en jeu, vos troupes ont une puissance de feu de 3." in output


def test_card_images_in_french(tmp_path: Path) -> None:
    folder = tmp_path / "cartes"
    code, output = _paxc("cards", "pamir", "--svg", str(folder), "--lang", "fr")
    assert code == 0, output
    akbar = (folder / "0003-prince-akbar-khan.svg").read_text(encoding="utf-8")
    assert "Carte de cour" in akbar and "placez 2 armées" in akbar and "Région" in akbar
    assert "place 2 Afghan" not in akbar
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert "controle de domination" in page  # the search text, folded without accents
    english = tmp_path / "cards"
    code, output = _paxc("cards", "pamir", "--svg", str(english))
    assert code == 0 and "Court card" in (english / "0003-prince-akbar-khan.svg").read_text(encoding="utf-8")
