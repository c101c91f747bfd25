"""The VS Code extension (compiler/editors/vscode/): its TextMate grammar colours every keyword of
the language, read from grammar/*.lark, so that a keyword added to the language and not to the
colouring fails here.

Each keyword is checked where the parser sees it: every token of the repository's card and
scenario files (and of EXAMPLES, for keywords no file uses yet) that is a keyword and not a
name must be coloured as one on its line. The colouring is computed by a small TextMate engine
(the rules the grammar uses: `match` with `captures`, `begin`/`end` with inner patterns,
`include`), whose regular expressions are also valid in Oniguruma, the editors' engine.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from paxc.compiler import parser
from paxc.compiler.source import SourceFile
from tests.conftest import REPO

EXTENSION = REPO / "compiler" / "editors" / "vscode"
GRAMMAR = EXTENSION / "syntaxes" / "pax.tmLanguage.json"
# The scopes that colour a keyword as one.
KEYWORD_SCOPES = ("keyword.", "storage.", "constant.language.")
# Keywords no card or scenario file of the repository uses (yet), each in a line that parses.
EXAMPLES = {
    "examples.pax": """game x
vocabulary x "X" {
  adjacent region { a - b }
  memory named: player "the player {card} names"
  zone court of player "the court"
  money coins "coin" "coins" on cards
  trigger ended(player: player)
  duration short "until the end of your turn" ends ended if player == you after ended
}
card 1 "A" t {
  on play {
    let top = the top card of deck
    let any = a random card of hand of you
    modify cost to at most 2 once per round
    choose up to 2 c in cards in market where c is not set
  }
}
""",
}


def grammar_keywords() -> set[str]:
    """Every word the language's grammar spells out: its keywords, some of several words."""
    words: set[str] = set()
    for lark in (parser._lark(), parser._scenario_lark()):
        for terminal in lark.terminals:
            pattern = terminal.pattern
            if pattern.type == "str":
                words.update(re.findall(r"[A-Za-z]+", pattern.value))
            else:  # a pattern: its words, less character classes and escapes (`[ \t]`, `\n`)
                text = re.sub(r"\\.", "", re.sub(r"\[(?:\\.|[^\]])*\]", "", pattern.value))
                words.update(re.findall(r"[A-Za-z]+", text))
    return words


# ---------------------------------------------------------------- a TextMate engine, small


@cache
def _grammar() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(GRAMMAR.read_text(encoding="utf-8"))
    return loaded


def _rules(patterns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rules of a pattern list, includes replaced by what they name."""
    found: list[dict[str, Any]] = []
    for rule in patterns:
        if "include" in rule:
            included = _grammar()["repository"][rule["include"].removeprefix("#")]
            found.extend(
                _rules(included["patterns"])
                if "patterns" in included and "match" not in included and "begin" not in included
                else [included]
            )
        else:
            found.append(rule)
    return found


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def scopes_of(line: str) -> list[list[str]]:
    """The scopes of each character of one line, as an editor colours it: at each place, the rule
    whose match starts first (the earlier rule on a tie), then on after its match."""
    scopes: list[list[str]] = [[] for _ in line]
    _apply(line, 0, len(line), _rules(_grammar()["patterns"]), scopes)
    return scopes


def _apply(
    line: str,
    position: int,
    stop: int,
    rules: list[dict[str, Any]],
    scopes: list[list[str]],
    ending: str | None = None,
) -> int:
    """Apply the rules from `position` on; with `ending` (a begin/end rule's end), until it
    matches, where it takes precedence: where it ends."""
    upcoming: dict[int, re.Match[str] | None] = {}
    while position <= stop:
        if ending is not None:
            end = _compiled(ending).search(line, position)
            if end is not None and all(
                (m := _next(line, position, order, rule, upcoming)) is None or m.start() >= end.start()
                for order, rule in enumerate(rules)
            ):
                return end.end()
        best: tuple[int, int] | None = None
        for order, rule in enumerate(rules):
            match = _next(line, position, order, rule, upcoming)
            if match is not None and (best is None or (match.start(), order) < best):
                best = (match.start(), order)
        if best is None or position >= stop:
            return stop
        rule = rules[best[1]]
        match = upcoming[best[1]]
        assert match is not None
        end_at = match.end()
        if "begin" in rule:
            end_at = _apply(line, match.end(), stop, _rules(rule.get("patterns", [])), scopes, rule["end"])
        for index in range(match.start(), end_at):
            if "name" in rule:
                scopes[index].insert(0, rule["name"])
        for group, capture in rule.get("captures", {}).items():
            if match.group(int(group)) is not None:
                for index in range(match.start(int(group)), match.end(int(group))):
                    scopes[index].append(capture["name"])
        position = max(end_at, position + 1)
    return stop


def _next(
    line: str, position: int, order: int, rule: dict[str, Any], upcoming: dict[int, re.Match[str] | None]
) -> re.Match[str] | None:
    """The rule's first match at or after `position` (kept from one place to the next)."""
    if order not in upcoming or (upcoming[order] is not None and upcoming[order].start() < position):  # type: ignore[union-attr]
        upcoming[order] = _compiled(rule.get("match") or rule["begin"]).search(line, position)
    return upcoming[order]


# ---------------------------------------------------------------- the tests


def _corpus() -> list[tuple[str, str, bool]]:
    """(file, text, is a scenario file) for each file that parses."""
    files = [(p.relative_to(REPO).as_posix(), p) for p in sorted(REPO.glob("cards/**/*.pax"))]
    files += [(p.relative_to(REPO).as_posix(), p) for p in sorted(REPO.glob("tests/**/*.pax*"))]
    found = [(name, text, False) for name, text in EXAMPLES.items()]
    for name, path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        found.append((name, text, name.endswith(".paxtest")))
    return found


def test_every_keyword_of_the_grammar_is_coloured_where_the_parser_reads_it() -> None:
    seen: set[str] = set()
    wrong: list[str] = []
    for name, text, scenario in _corpus():
        tokens, errors = parser.layout_tokens(SourceFile(name, text), scenario)
        if errors:
            assert name not in EXAMPLES, errors
            continue
        source = SourceFile(name, text)
        coloured: dict[int, list[list[str]]] = {}
        for token in tokens:
            if token.kind in ("NAME", "INT", "STRING", "_SEP") or not re.search(r"[A-Za-z]", token.text):
                continue
            line, column = source.position(token.start)
            if line not in coloured:
                coloured[line] = scopes_of(source.line_text(line))
            characters = coloured[line][column - 1 : column - 1 + len(token.text)]
            if all(
                c.isspace() or any(s.startswith(KEYWORD_SCOPES) for s in scopes)
                for c, scopes in zip(token.text, characters, strict=True)
            ):
                seen.update(re.findall(r"[A-Za-z]+", token.text))
            else:
                wrong.append(
                    f"{name}:{line}: '{token.text}' is not coloured as a keyword in: {source.line_text(line).strip()}"
                )
    assert not wrong, "\n".join(wrong[:20])
    missing = sorted(grammar_keywords() - seen)
    assert not missing, (
        f"keywords of grammar/ no file shows coloured: {', '.join(missing)}; use each in EXAMPLES (a line "
        f"that parses) and colour it in {GRAMMAR.relative_to(REPO)}"
    )


def test_the_colouring_of_a_card() -> None:
    line = "    when card_played if card == this once per round { place_spy on this for you }  # spy"
    scopes = scopes_of(line)

    def scope(word: str, occurrence: int = 0) -> list[str]:
        at = [m.start() for m in re.finditer(rf"\b{re.escape(word)}\b", line)][occurrence]
        return scopes[at]

    assert scope("when") == ["keyword.control.pax"]
    assert scope("card") == []  # a trigger's parameter, a name here
    assert scope("card_played") == []
    assert scope("this") == ["constant.language.pax"]
    assert scope("per") == ["keyword.other.pax"]
    assert scope("spy") == ["comment.line.number-sign.pax"]
    header = scopes_of('card 54 "Herati Bandits" court {')
    assert header[0] == ["storage.type.card.pax"] and header[5] == ["constant.numeric.pax"]
    assert header[10] == ["string.quoted.double.pax"]
    text = scopes_of('  operation place(piece: piece) "place {piece:plural} \\" here"')
    assert text[2] == ["storage.type.hook.pax"] and text[13] == ["entity.name.function.pax"]
    line = '  operation place(piece: piece) "place {piece:plural} \\" here"'
    assert "variable.other.placeholder.pax" in text[line.index("{piece")]
    assert "constant.character.escape.pax" in text[line.index("\\")]
    assert text[-1] == ["string.quoted.double.pax"]


def test_the_extension_declares_its_languages_grammar_and_server() -> None:
    package = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    languages = {lang["id"]: lang for lang in package["contributes"]["languages"]}
    assert languages["pax"]["extensions"] == [".pax"] and languages["paxtest"]["extensions"] == [".paxtest"]
    for language in languages.values():
        assert (EXTENSION / language["configuration"]).is_file()
    for grammar in package["contributes"]["grammars"]:
        assert (EXTENSION / grammar["path"]).resolve() == GRAMMAR and grammar["scopeName"] == _grammar()[
            "scopeName"
        ]
    assert "vscode-languageclient" in package["dependencies"]
    script = (EXTENSION / package["main"]).read_text(encoding="utf-8")
    assert (
        '["lsp"]' in script
        and "paxc.path" not in script
        or "paxc" in package["contributes"]["configuration"]["properties"]["paxc.path"]["default"]
    )
    json.loads((EXTENSION / "language-configuration.json").read_text(encoding="utf-8"))


@pytest.mark.skipif(shutil.which("node") is None, reason="no Node.js here to read the extension's script")
def test_the_extension_script_is_valid_javascript() -> None:
    checked = subprocess.run(
        ["node", "--check", str(EXTENSION / "extension.js")], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr


def test_the_grammar_expressions_are_oniguruma_s_too() -> None:
    """What Python and Oniguruma read alike: no possessive or atomic groups, no \\h, \\G, \\A."""
    for text in re.findall(
        r'"(?:match|begin|end)": "((?:\\.|[^"\\])*)"', GRAMMAR.read_text(encoding="utf-8")
    ):
        pattern = json.loads(f'"{text}"')
        assert not re.search(r"\\[hGAzZ]|\(\?>|[+*?]\+", pattern), pattern
        re.compile(pattern)


# ---------------------------------------------------------------- VS Code's own engine

# vscode-textmate, the engine of VS Code, with Oniguruma: each line given, its tokens and scopes.
_TOKENIZE_JS = """\
"use strict";
const fs = require("fs");
const path = require("path");
const textmate = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

async function main() {
  const input = JSON.parse(fs.readFileSync(0, "utf8"));
  const wasm = fs.readFileSync(path.join(path.dirname(require.resolve("vscode-oniguruma")), "onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer);
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async () => textmate.parseRawGrammar(fs.readFileSync(input.grammar, "utf8"), input.grammar),
  });
  const grammar = await registry.loadGrammar("source.pax");
  const out = input.lines.map((line) =>
    grammar.tokenizeLine(line, textmate.INITIAL).tokens.map((t) => [t.startIndex, t.endIndex, t.scopes]),
  );
  process.stdout.write(JSON.stringify(out));
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
"""


@pytest.fixture(scope="module")
def vscode_engine() -> Path:
    """vscode-textmate and vscode-oniguruma, installed with npm into build/ the first time;
    skipped where there is no Node.js or npm cannot install them."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("no Node.js and npm here to run VS Code's TextMate engine")
    folder = REPO / "build" / "textmate-engine"
    if not (folder / "node_modules" / "vscode-textmate").is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        packages = ["vscode-textmate@9", "vscode-oniguruma@2"]
        command = [
            "npm",
            "install",
            "--no-audit",
            "--no-fund",
            "--silent",
            "--prefix",
            str(folder),
            *packages,
        ]
        installed = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
        if installed.returncode != 0:
            pytest.skip(f"npm could not install VS Code's TextMate engine: {installed.stderr.strip()[-300:]}")
    (folder / "tokenize.js").write_text(_TOKENIZE_JS, encoding="utf-8")
    return folder


def test_vscode_s_own_engine_colours_every_line_as_this_one(vscode_engine: Path) -> None:
    """Every line of the repository's card and scenario files, coloured by VS Code's engine and by
    the one above: the same scopes on every character (so the keyword test holds in the editor)."""
    lines = sorted({line for _, text, _ in _corpus() for line in text.splitlines()})
    run = subprocess.run(
        ["node", str(vscode_engine / "tokenize.js")],
        input=json.dumps({"grammar": str(GRAMMAR), "lines": lines}),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    differ: list[str] = []
    for line, tokens in zip(lines, json.loads(run.stdout), strict=True):
        theirs: list[list[str]] = [[] for _ in line]
        for start, end, scopes in tokens:
            for index in range(start, min(end, len(line))):
                theirs[index] = [s for s in scopes if s != "source.pax"]
        if scopes_of(line) != theirs:
            differ.append(line)
    assert not differ, f"{len(differ)} of {len(lines)} lines coloured otherwise, e.g. {differ[:5]}"
