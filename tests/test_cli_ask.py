"""`rulecheck ask`: human and JSON output, structured options, scenario files, errors and exit
codes, building the base on first use, and a light import path."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli.main import cli

CONTRACT = {"question", "verdict", "answer", "edition", "scenario", "trace", "citations"}
CITATION = {"kind", "id", "page", "section", "text", "version"}


def test_question_human_output(run_ask):
    result = run_ask("Is a Camouflaged trooper revealed if it declares Cautious Movement?")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "Verdict: NO"
    assert lines[1].startswith("No — Cautious Movement")
    assert lines[2].startswith("Read as: the trooper in Camouflaged declares Cautious Movement;"), lines[2]
    assert "Reasoning:" in result.output and "  1. State: Camouflaged" in result.output
    assert "[1] Camuflado, CANCELACIÓN (camuflado-cancellation-1-2)" in result.output
    assert "excepto Movimiento Cauteloso" in " ".join(result.output.split())  # quoted, wrapped


def test_faq_citation_quotes_answer_and_version(run_ask):
    result = run_ask("Is a TO Camouflaged trooper revealed when it is hit by a Riotstopper?")
    assert "TO Camouflaged, FAQ 1.8 (faq-is-a-camo-marker-revealed-when-928f97)" in result.output
    assert "Is a Camo Marker revealed when it gets hit by a Riotstopper?" in result.output


def test_json_contract(run_ask):
    result = run_ask("A camo marker declares a BS Attack. Is it revealed?", "--json")
    data = json.loads(result.output)
    assert CONTRACT <= set(data)
    assert data["verdict"] == "yes" and data["edition"] == "N4"
    assert data["question"] == "A camo marker declares a BS Attack. Is it revealed?"
    assert data["scenario"]["declares"] == ["bs_attack"]
    assert isinstance(data["trace"], list) and data["trace"]
    reading = data["reading"]
    assert {"summary", "used", "unplaced", "actions", "asked", "conditions"} <= set(reading)
    assert reading["summary"].startswith("Read as:") and reading["unplaced"] == []
    assert reading["actions"][0]["subject"] == "bs_attack" and reading["actions"][0]["by"] == "self"
    assert any("BS Attack" in chunk for chunk in reading["used"])
    assert reading["summary"] in run_ask("A camo marker declares a BS Attack. Is it revealed?").output
    first = data["citations"][0]
    assert CITATION <= set(first)
    assert (first["kind"], first["id"], first["page"]) == ("rule", "camuflado-cancellation-1-1", "Camuflado")
    assert first["text"].startswith("El Marcador de Camuflado (CAMO) declare un Ataque")


def test_a_spanish_question_is_answered_in_spanish(run_ask):
    question = "¿Se revela un Marcador de Camuflado que declara Movimiento Cauteloso?"
    lines = run_ask(question).output.splitlines()
    assert lines[0].startswith("Veredicto:") and lines[1].startswith("No — Movimiento Cauteloso"), lines[:2]
    assert lines[2].startswith("Leído como:"), lines[2]
    assert "Razonamiento:" in lines and "Citas:" in lines
    data = json.loads(run_ask(question, "--json").output)
    assert data["reading"]["summary"].startswith("Leído como:") and data["reading"]["lang"] == "es"
    assert data["reasoning"][-1].startswith("La pregunta es:")


def test_words_not_placed_are_shown(run_ask):
    question = "Is a camo marker revealed if it declares a BS Attack with Neurocinetics?"
    result = run_ask(question)
    assert result.output.startswith("Verdict: UNKNOWN") and "Not placed: “Neurocinetics”." in result.output
    data = json.loads(run_ask(question, "--json").output)
    assert data["verdict"] == "unknown" and data["reading"]["unplaced"] == ["Neurocinetics"]


def test_json_unknown(run_ask):
    data = json.loads(run_ask("What's the weather like on Paradiso?", "--json").output)
    assert data["verdict"] == "unknown"
    assert all(c["kind"] in ("rule", "faq", "errata") for c in data["citations"])


def test_structured_options(run_ask):
    result = run_ask("--state", "camouflaged", "--declare", "move", "--declare", "bs attack", "--json")
    data = json.loads(result.output)
    assert data["verdict"] == "yes" and data["citations"][0]["id"] == "camuflado-important-1"
    result = run_ask("--state", "TO", "--declare", "surprise attack", "--turn", "active", "--ask", "allowed", "--json")
    assert json.loads(result.output)["verdict"] == "yes"
    result = run_ask("--state", "holomask", "--fireteam", "member", "--declare", "support", "--json")
    assert json.loads(result.output)["verdict"] == "no"
    result = run_ask("--state", "camouflaged", "--enemy", "bs attack", "--context", "msv=l3", "--json")
    assert json.loads(result.output)["citations"][0]["id"] == "camuflado-see_also-5"


def test_edition_option(run_ask):
    data = json.loads(run_ask("Is a camo marker revealed if it declares Move?", "--edition", "N3", "--json").output)
    assert data["edition"] == "N3" and data["state"] == "to_camouflaged"


def test_scenario_file(run_ask, tmp_path):
    path = tmp_path / "order.toml"
    path.write_text('state = "hidden_deployment"\ndeclares = ["move"]\ncamouflage = "no"\nask = "keeps"\n', encoding="utf-8")
    data = json.loads(run_ask("--scenario", str(path), "--json").output)
    assert data["verdict"] == "no" and data["citations"][0]["id"] == "hidden-deployment-state-cancellation-2"


@pytest.mark.parametrize("args,message", [
    (("--state", "Camoflaged", "--declare", "move"), 'Unknown state "Camoflaged" — did you mean "Camouflaged"?'),
    (("--state", "camouflaged", "--declare", "mvoe"), 'Unknown skill or event "mvoe" — did you mean "move"?'),
    (("   ",), "Empty question"),
    ((), "Empty question"),
    (("Is a camo marker revealed if it moves? " * 60,), "rulecheck reads questions of up to 2,000"),
    (("--declare", "move"), "needs --state"),
    (("--state", "camouflaged", "--declare", "move", "--context", "lof"), "AXIS=VALUE"),
    (("--state", "camouflaged", "--declare", "move", "--context", "colour=red"), 'Unknown context "colour"'),
])
def test_bad_input_exits_2_with_a_suggestion(run_ask, args, message):
    result = run_ask(*args)
    assert result.exit_code == 2
    assert message in result.output


def test_bad_scenario_file_exits_2(run_ask, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("state = [", encoding="utf-8")
    result = run_ask("--scenario", str(path))
    assert result.exit_code == 2 and "not valid TOML" in result.output


def test_coverage_command(run_ask):
    coverage = run_ask("--coverage")
    assert coverage.exit_code == 0 and "0 without a reason" in coverage.output


def test_replay_command_reports_agreement(run_ask):
    replay = run_ask("--replay")
    lines = replay.output.strip().splitlines()
    held = r"( \(\d+ more held back as doubtful, the rows agreeing\))?"
    assert re.fullmatch(rf"\d+/\d+ yes/no FAQs agree in their own words{held}; \d+/\d+ of their paraphrases agree{held}\.",
                        lines[-1]), replay.output
    assert all(line.startswith(("ok ", "DISAGREE ", "held ", "    ok ", "    DISAGREE ", "    held ")) for line in lines[:-1])
    # a held answer names what the rows say
    assert all("the rows say" in line for line in lines[:-1] if line.lstrip().startswith("held "))
    assert sum(line.startswith("    ") for line in lines) >= 3 * sum(not line.startswith("    ") for line in lines[:-1])
    data = json.loads(run_ask("--replay", "--json").output)
    assert {"faq_id", "question", "edition", "expected", "got", "agrees", "rows", "logic_agrees", "paraphrases"} <= set(data[0])


def test_replay_command(run_ask):
    replay = run_ask("--replay")
    # every yes/no FAQ is in the logic, in its own words (paraphrases, indented, are reported, not
    # required; an answer held back as doubtful is reported as held)
    assert replay.exit_code == 0 and not any(line.startswith("DISAGREE") for line in replay.output.splitlines())


def test_builds_the_base_on_first_use(tmp_path, monkeypatch):
    db = tmp_path / "new" / "rulecheck.db"
    monkeypatch.setenv("RULECHECK_DB", str(db))
    result = CliRunner().invoke(cli, ["ask", "Does a trooper in Hidden Deployment block Line of Fire?"], catch_exceptions=False)
    assert result.exit_code == 0 and db.exists()
    assert "Building the knowledge base" in result.output  # CliRunner mixes stderr in
    again = CliRunner().invoke(cli, ["ask", "--db", str(db), "Does a trooper in Hidden Deployment block Line of Fire?"],
                               catch_exceptions=False)
    assert "Building" not in again.output and again.output.startswith("Verdict: NO")


def test_ask_help(run_ask):
    result = run_ask("--help")
    assert result.exit_code == 0 and "rulecheck ask --state camouflaged" in result.output


def test_ask_path_stays_light(built_db):
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from rulecheck.cli.main import cli\n"
        f"r = CliRunner().invoke(cli, ['ask', '--db', {str(built_db)!r}, 'Can a reactive trooper Dodge against a camo marker?'])\n"
        "assert r.exit_code == 0, r.output\n"
        "heavy = [m for m in ('datasette', 'sqlite_utils', 'mwparserfromhell', 'bs4', 'rulecheck.ingest', 'rulecheck.kb.build')\n"
        "         if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_ask_path_never_imports_pathlib(built_db, tmp_path):
    """`pathlib` (and the `urllib.parse` and `ipaddress` it loads) would cost a cold `rulecheck
    ask` about 5 ms: once the user cache holds the logic table and glossary index (the first
    `ask` writes them), neither a logic answer nor a searched one imports it."""
    questions = ("Does Hidden Deployment survive a Dodge?", "Can I shoot a camo marker with a Neurocinetics rifle?")
    code = (
        "import sys\n"
        "if sys.argv[1] == 'cold':\n"
        # an editable install's import hook may have loaded pathlib already: an `import
        # pathlib` from here on raises instead (`None` in sys.modules)
        "    sys.modules['pathlib'] = None\n"
        "from rulecheck.cli.main import cli\n"
        f"for q in {questions!r}:\n"
        f"    cli.main(['ask', '--db', {str(built_db)!r}, q], standalone_mode=False)\n"
    )
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    warm = subprocess.run([sys.executable, "-c", code, "warm"], capture_output=True, text=True, env=env)
    assert warm.returncode == 0, warm.stderr[-600:]
    out = subprocess.run([sys.executable, "-c", code, "cold"], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr[-600:]
    assert "Verdict: NO" in out.stdout and "Verdict: UNKNOWN" in out.stdout


def test_the_console_script_prints_everything_and_keeps_the_exit_code(built_db):
    """The console script ends an `ask` process at once: the whole answer is still written (also
    into a pipe that closes early), and the exit code is the command's."""
    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", "from rulecheck.cli.script import main; main()", "ask",
                               "--db", str(built_db), *args], capture_output=True, text=True)

    ok = run("Does Hidden Deployment survive a Dodge?", "--json")
    assert ok.returncode == 0 and json.loads(ok.stdout)["verdict"] == "no", ok.stderr
    assert run("").returncode == 2 and "Empty question" in run("").stderr
    assert run("--state", "nope", "--declare", "move").returncode == 2
    piped = subprocess.run(f"{sys.executable} -c 'from rulecheck.cli.script import main; main()' ask --db "
                           f"{built_db} 'Is a camo marker revealed if it moves?' | head -1",
                           shell=True, capture_output=True, text=True)
    assert piped.stdout.startswith("Verdict:") and "Traceback" not in piped.stderr


def test_the_console_script_is_the_one_installed_and_keeps_the_collector_for_other_commands():
    """pyproject's `rulecheck` runs `cli.script.main`; only `ask` runs without the cyclic
    collector (`build` and `serve` run long)."""
    import tomllib

    with open(Path(__file__).parents[1] / "pyproject.toml", "rb") as f:
        assert tomllib.load(f)["project"]["scripts"]["rulecheck"] == "rulecheck.cli.script:main"
    code = ("import gc, sys\nfrom rulecheck.cli.script import main\nsys.argv = ['rulecheck', '--version']\n"
            "try:\n    main()\nexcept SystemExit:\n    print('collector', gc.isenabled())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and "collector True" in out.stdout, out.stderr


# --- Options beside a question or a scenario file: applied, or refused — never dropped ---------------

def test_context_options_override_the_question(run_ask):
    question = "Can a TO Camouflaged trooper use Surprise Attack?"
    reactive = json.loads(run_ask(question, "--turn", "reactive", "--json").output)
    assert reactive["verdict"] == "no" and reactive["scenario"]["context"]["turn"] == "reactive"
    assert reactive["citations"][0]["id"] == "to-camouflaged-effects-7"
    active = json.loads(run_ask(question, "--context", "turn=active", "--json").output)
    assert active["verdict"] == "yes"
    keeps = json.loads(run_ask("Is a camo marker revealed if it declares Move?", "--ask", "keeps", "--json").output)
    assert keeps["verdict"] == "yes" and keeps["scenario"]["ask"] == "keeps"


def test_context_options_override_the_scenario_file(run_ask, tmp_path):
    path = tmp_path / "order.toml"
    path.write_text('state = "TO"\ndeclares = ["surprise shot"]\nturn = "active"\n', encoding="utf-8")
    assert json.loads(run_ask("--scenario", str(path), "--json").output)["verdict"] == "yes"
    data = json.loads(run_ask("--scenario", str(path), "--turn", "reactive", "--json").output)
    assert data["verdict"] == "no" and data["citations"][0]["id"] == "to-camouflaged-effects-8"


@pytest.mark.parametrize("args,message", [
    (("--scenario", "order.toml", "--state", "holomask"), "--scenario with --state"),
    (("--scenario", "order.toml", "--declare", "dodge", "--leader", "move"), "--scenario with --declare, --leader"),
    (("Is a camo marker revealed?", "--declare", "move"), "Give either a question or structured options (--declare)"),
    (("Is a camo marker revealed?", "--scenario", "order.toml"), "Give either a question or structured options (--scenario)"),
    (("Is a camo marker revealed if it moves?", "--context", "colour=red"), 'Unknown context "colour"'),
    (("Is a HoloMask trooper revealed?", "--leader", "dodge", "--fireteam", "leader"), "Give either a question"),
])
def test_conflicting_options_are_refused_by_name(run_ask, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "order.toml").write_text('state = "camo"\ndeclares = ["move"]\n', encoding="utf-8")
    result = run_ask(*args)
    assert result.exit_code == 2 and message in result.output, result.output


def test_an_edition_the_checker_cannot_read_exits_2(run_ask, tmp_path):
    path = tmp_path / "order.toml"
    path.write_text('state = "camo"\nedition = "N5"\ndeclares = ["move"]\n', encoding="utf-8")
    result = run_ask("--scenario", str(path))
    assert result.exit_code == 2 and 'Unknown edition "N5"' in result.output and "the checker reads N4 and N3" in result.output


def test_the_edition_option_takes_any_case_and_names_editions_as_the_rules_do(run_ask):
    bad = run_ask("--edition", "N5", "Is a camo marker revealed if it dodges?")
    assert bad.exit_code == 2 and "'N5' is not one of 'N4', 'N3'" in bad.output, bad.output
    typed = run_ask("--edition", "n5", "Is a camo marker revealed if it dodges?")
    assert typed.exit_code == 2 and "'n5' is not one of 'N4', 'N3'" in typed.output, typed.output  # as typed
    lower = run_ask("--edition", "n3", "--json", "Is a TO camo marker revealed if it dodges?")
    assert lower.exit_code == 0 and json.loads(lower.output)["edition"] == "N3", lower.output


def test_a_broken_logic_table_is_an_error_not_a_usage_error(run_ask, tmp_path, monkeypatch):
    from rulecheck.checker import logic

    bad = tmp_path / "logic.toml"
    bad.write_text(logic.LOGIC_PATH.read_text(encoding="utf-8").replace('state = "holomask"', 'state = "holomsk"', 1),
                   encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(logic, "LOGIC_FILE", str(bad))
    logic._load_bundled.cache_clear()
    try:
        result = run_ask("Is a camo marker revealed if it moves?")
    finally:
        logic._load_bundled.cache_clear()
    assert result.exit_code == 1 and "unknown state 'holomsk'" in result.output and "Usage:" not in result.output
