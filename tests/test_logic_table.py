"""The logic table (data/logic.toml) and the data it is read with: authoring errors caught on
load naming the row or entry at fault, no two rows ambiguous, every citation a real row of the
bundled base, every uncited bullet explained, the states described as data, the wording files
complete, and the engine's precedence (specific before general, unknown axes → depends).

Broken tables are the bundled one with one bad entry appended, in tmp_path: a table is read with
the lexicons, which name the bundled subjects.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rulecheck.checker.coverage import coverage_gaps, stale_explanations
from rulecheck.checker.engine import evaluate
from rulecheck.checker.errors import LogicTableError
from rulecheck.checker.logic import LOGIC_PATH, find_ambiguities, load_logic
from rulecheck.checker.scenario import make_scenario
from rulecheck.checker.wording import WORDING_DIR, load_wording

ROOT = Path(__file__).resolve().parent.parent
ROW = '''
[[row]]
id = "r-one"
state = "camouflaged"
topic = "declares"
subject = "move"
conditions = ["reactive_turn", "fireteam_non_leader", "with_msv3"]
outcome = "keeps"
priority = 99
because = "A reason."
cites = ["camuflado-cancellation-1-1"]
'''


def load_with(tmp_path, extra: str):
    """The bundled table with `extra` appended, loaded from a file of its own."""
    path = tmp_path / f"logic-{len(list(tmp_path.glob('logic-*.toml')))}.toml"
    path.write_text(LOGIC_PATH.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return load_logic(path)


def test_bundled_table_loads_with_no_ambiguous_pairs(table):
    assert LOGIC_PATH.name == "logic.toml" and LOGIC_PATH.exists()
    assert len(table.rows) > 100
    assert find_ambiguities(table) == []


@pytest.mark.parametrize("change,message", [
    (('state = "camouflaged"', 'state = "camoflaged"'), "row 'r-one': unknown state 'camoflaged' — did you mean \"camouflaged\"?"),
    (('subject = "move"', 'subject = "mvoe"'), "row 'r-one': unknown subject 'mvoe'"),
    (('"with_msv3"', '"active_trun"'), "row 'r-one': unknown condition 'active_trun'"),
    (('outcome = "keeps"', 'outcome = "revealed"'), "row 'r-one': outcome 'revealed' is not one of keeps, cancelled, marker"),
    (('cites = ["camuflado-cancellation-1-1"]', 'cites = []'), "row 'r-one': cites is empty"),
    (('id = "r-one"', 'id = "R One"'), "id must be lower-case words"),
    (('priority = 99', 'priority = 99\nedition = "N3"'), "edition 'N3' but the camouflaged page is N4"),
])
def test_authoring_errors_name_the_row(tmp_path, change, message):
    with pytest.raises(LogicTableError) as e:
        load_with(tmp_path, ROW.replace(*change))
    assert message in str(e.value), str(e.value)


# Each load below builds the whole vocabulary (about half a second): the list is kept to the
# errors an author meets; the duplicate and ambiguity tests also show a good row loading.


def test_a_duplicate_row_id(tmp_path):
    with pytest.raises(LogicTableError, match="'r-one': duplicate row id"):
        load_with(tmp_path, ROW + ROW.replace('"with_msv3"', '"active_turn"'))


def test_an_ambiguous_pair_is_an_authoring_error(tmp_path):
    other = ROW.replace('"r-one"', '"r-two"').replace('"keeps"', '"cancelled"')
    with pytest.raises(LogicTableError, match="rows 'r-one' and 'r-two' can match the same scenario with equal priority"):
        load_with(tmp_path, ROW + other)


def test_exclusive_conditions_or_priorities_are_not_ambiguous(tmp_path):
    active = ROW.replace('"r-one"', '"r-two"').replace('"reactive_turn"', '"active_turn"').replace('"keeps"', '"cancelled"')
    lower = ROW.replace('"r-one"', '"r-three"').replace("priority = 99", "priority = 98").replace('"keeps"', '"cancelled"')
    ids = {r.id for r in load_with(tmp_path, ROW + active + lower).rows}
    assert {"r-one", "r-two", "r-three"} <= ids


def test_a_fact_row_needs_its_answer(tmp_path):
    fact = ROW.replace('topic = "declares"', 'topic = "fact"').replace('outcome = "keeps"', 'outcome = "fact"')
    with pytest.raises(LogicTableError, match="row 'r-one': a `fact` row needs `answer`"):
        load_with(tmp_path, fact)


STATE = """
[state.camouflaged]
edition = "N4"
label = "Camouflaged"
hints = ["camouflage"]
cost = "cancels it"
"""


@pytest.mark.parametrize("change,message", [
    (('[state.camouflaged]', '[state.ninja]'), "[state.ninja]: not a state in glossary.toml; add it there"),
    (('edition = "N4"', 'edition = "N5"'), "[state.camouflaged]: edition must be one of N3, N4"),
    (('hints = ["camouflage"]', 'hints = ["camoflage"]'), "hint 'camoflage' is not a skill"),
    (('cost = "cancels it"', 'cost = ""'), "`cost` must be a non-empty string"),
    (('cost = "cancels it"', 'cost = "x"\ncolour = "red"'), "give cost, edition, hints, label"),
])
def test_bad_state_entries_name_the_state(tmp_path, change, message):
    """A table of its own states (read before the lexicons: these fail fast)."""
    path = tmp_path / "logic.toml"
    path.write_text(STATE.replace(*change), encoding="utf-8")
    with pytest.raises(LogicTableError) as e:
        load_logic(path)
    assert message in str(e.value), str(e.value)


@pytest.mark.parametrize("change,message", [
    (("\n[words]\n", "\n[wordz]\n"), "unknown section(s) ['wordz']"),
    (("\n[words]\n", "\n[words]\ncolours = [\"red\"]\n"), "[words] 'colours' is not a word list"),
    (('language = "en"', 'language = "fr"'), "language must be one of"),
])
def test_bad_lexicons_name_the_entry(tmp_path, change, message):
    """A lexicon is data like the table: a bad one is an authoring error naming the file and entry."""
    from rulecheck.checker.lexicon import LEXICON_DIR, build_vocabulary

    folder = tmp_path / "lexicon"
    folder.mkdir()
    english = (LEXICON_DIR / "en.toml").read_text(encoding="utf-8")
    assert change[0] in english
    (folder / "en.toml").write_text(english.replace(*change, 1), encoding="utf-8")
    with pytest.raises(LogicTableError) as e:
        build_vocabulary({}, "logic.toml", lexicon_dir=folder)
    assert message in str(e.value) and "en.toml" in str(e.value), str(e.value)


@pytest.mark.parametrize("field", ["signed_number", "asked_group", "bare_group"])
@pytest.mark.parametrize("value", [2, -2, "0", True])
def test_a_group_index_names_one_of_the_subjects_groups(tmp_path, field, value):
    extra = f'\n[subject.hop_mod]\nkind = "property"\nall = [["mod"], ["hop"]]\n{field} = {value!r}\n'.replace("'", '"')
    extra = extra.replace("True", "true")
    with pytest.raises(LogicTableError, match=rf"\[subject.hop_mod\]: {field} must be the index of one of its `all` groups"):
        load_with(tmp_path, extra)


@pytest.mark.parametrize("ref", ["@move:0", "@prevent_marker_state:7", "@prevent_placement:0", "prevent_marker_state:0"])
def test_a_shared_group_names_a_group_of_phrases(tmp_path, ref):
    """`all = ["@<subject>:<n>", …]` shares another subject's group of phrases: a subject with no
    `all`, a group it lacks, a group that is itself a reference, or a string without "@" is named."""
    extra = f'\n[subject.hop_stop]\nkind = "property"\nall = ["{ref}", ["hop"]]\n'
    with pytest.raises(LogicTableError, match=r"\[subject.hop_stop\]: group .* must be a list of phrases"):
        load_with(tmp_path, extra)


def test_a_shared_group_is_the_other_subjects_phrases(table):
    """prevent_placement shares the stopping and returning words of prevent_marker_state."""
    subjects = table.vocabulary.subjects
    assert subjects["prevent_placement"].groups[:2] == subjects["prevent_marker_state"].groups[:2]
    assert "stop" in subjects["prevent_placement"].groups[0]


def test_a_signed_number_fills_the_mod_group(table):
    """"Is the Discover roll made at -6?": the number written with a minus sign is the MOD
    (`signed_number` of discover_mod), asked about as a number; "-6 to shoot him" is not."""
    from rulecheck.checker.interpret import read_question

    made_at = read_question(table, "N3: is the Discover roll against a TO marker made at -6?")
    assert made_at.properties == ("discover_mod",) and made_at.numbers == ("6",)
    shoot = read_question(table, "N3: once my TO camo guy gets discovered, do enemies still get -6 to shoot him?")
    assert shoot.properties != ("discover_mod",)


@pytest.mark.parametrize("value", ["[0]", "[1, 1]", "[0, 2]", "[0, true]", "1"])
def test_differing_values_names_two_of_the_subjects_groups(tmp_path, value):
    extra = f'\n[subject.hop_size]\nkind = "property"\nall = [["size"], ["other"]]\ndiffering_values = {value}\n'
    with pytest.raises(LogicTableError, match=r"\[subject.hop_size\]: differing_values must be \[value group, filled group\]"):
        load_with(tmp_path, extra)


@pytest.mark.parametrize("value", ["[0]", "[1, 1]", "[2]", "[true]", "1"])
def test_other_army_names_groups_after_the_first(tmp_path, value):
    extra = f'\n[subject.hop_army]\nkind = "property"\nall = [["imitate"], ["army"]]\nother_army = {value}\n'
    with pytest.raises(LogicTableError, match=r"\[subject.hop_army\]: other_army must list indexes of its `all` groups"):
        load_with(tmp_path, extra)


def test_two_different_values_fill_the_differing_group(table):
    """imitated_other_silhouette's "different" group (`differing_values`): "my S2 bearer… an S5
    model" names two Silhouettes that differ, as "a model of another Silhouette" does; the same
    value twice does not; "S2" is read as the rules write it, "Silhouette 2"."""
    from rulecheck.checker.interpret import read_question

    differ = read_question(table, "N4: my S2 HoloMask bearer wants to imitate an S5 heavy infantry model. Allowed?")
    assert differ.properties == ("imitated_other_silhouette",) and not differ.unplaced, differ.to_dict()
    spanish = read_question(table, "¿Mi Hafza con Silueta 2 puede imitar a una tropa de Silueta 3?")
    assert spanish.properties == ("imitated_other_silhouette",), spanish.to_dict()
    same = read_question(table, "Can my S2 Hafza imitate an S2 Janissary?")
    assert same.properties == ("imitated_silhouette",), same.to_dict()
    # the imitated model's value is the one after "imitate": an enemy's S6 is another matter
    other = read_question(table, "My S2 Hafza imitates another S2 trooper. Can the enemy S6 TAG shoot him?")
    assert other.properties != ("imitated_other_silhouette",), other.to_dict()
    # the words listed are the question's own, "S2" whole, not "S 2"
    assert any("S2" in w for w in differ.used) and not any("S 2" in w for w in differ.used + differ.unplaced)
    assert read_question(table, "my S7 TAG is in HD, is the marker S7?").unplaced == ["S7"]


def test_the_asked_group_is_found_in_the_asking_sentence(table):
    """announce_delay's telling group (`asked_group`) must be in the sentence that asks: "I delay
    my ARO. Do I have to announce it?" asks it; a scene's "declares" with a claim's "have to" does
    not ("…I delay, then he declares BS Attack. He says I have to measure my ARO…")."""
    from rulecheck.checker.interpret import read_question

    asked = read_question(table, "His camo marker activates and I delay my ARO. Do I have to announce it?")
    assert asked.properties == ("announce_delay",)
    scene = read_question(table, "His CAMO declares Move to a wall, I delay, then he declares BS Attack. "
                                 "He says I have to measure my ARO to where he ends up. Is he right?")
    assert "announce_delay" not in scene.properties


def test_an_unknown_parent_subject(tmp_path):
    with pytest.raises(LogicTableError, match=r"\[subject.hop\]: unknown parent 'skil'"):
        load_with(tmp_path, '\n[subject.hop]\nkind = "skill"\nparents = ["skil"]\n')


def test_every_citation_is_a_real_row(conn, table):
    rules = {r[0] for r in conn.execute("select id from rules")}
    faqs = {r[0] for r in conn.execute("select id from faqs")}
    missing = sorted((row.id, c) for row in table.rows for c in row.cites if c not in rules | faqs)
    missing += sorted((f"fireteam {r.state}/{r.leader}", c) for r in table.fireteam.values() for c in r.cites
                      if c not in rules | faqs)
    assert missing == []


def test_every_uncited_bullet_is_explained(conn, table):
    gaps = coverage_gaps(conn, table)
    assert [g.id for g in gaps if not g.reason] == []
    assert all(g.kind == "rule" for g in gaps), "every FAQ of the four pages is cited by a row"


def test_no_explanation_is_stale(conn, table):
    assert stale_explanations(conn, table) == []


def test_states_are_described_as_data(table):
    states = table.states
    assert [(s.id, s.edition, s.page, s.label) for s in states.values()] == [
        ("camouflaged", "N4", "Camuflado", "Camouflaged"), ("to_camouflaged", "N3", "TO Camouflaged", "TO Camouflaged"),
        ("hidden_deployment", "N4", "Hidden Deployment State", "Hidden Deployment"), ("holomask", "N4", "HoloMask State", "HoloMask")]
    assert states["camouflaged"].hints == ("camouflage",) and "Marker" in states["camouflaged"].cost


def _tested_strings(path: Path) -> list[str]:
    """The string constants a module's code branches on: compared (`==`, `in`) or looked up
    (`x["…"]`). Docstrings, messages and examples are prose, not decisions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
        elif isinstance(node, ast.Subscript):
            parts = [node.slice]
        else:
            continue
        for part in parts:
            out += [n.value for n in ast.walk(part) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return out


#: The covered states' ids, names and pages, as the code would have to write them.
STATE_WORDS = ("camouflaged", "to_camouflaged", "hidden_deployment", "holomask", "Camouflaged", "Camuflado",
               "TO Camouflaged", "Hidden Deployment", "HoloMask", "Hidden Deployment State", "HoloMask State")


def test_no_state_is_named_in_the_checkers_code():
    """States and their outcome wording live in data (issue 9: adding a state is data only): the
    code never compares with, or looks up, a state's id or name."""
    found = sorted({(p.name, s) for p in (ROOT / "checker").glob("*.py") for s in _tested_strings(p)
                    if s in STATE_WORDS})
    assert found == [], "state names the checker's code branches on"


def test_the_state_name_check_reads_code_not_docstrings(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""About HoloMask."""\ndef f(m, d):\n    """HoloMask too."""\n    print("HoloMask")\n'
                      '    return m in ("holomask", x) or d["camouflaged"]\n', encoding="utf-8")
    assert sorted(_tested_strings(sample)) == ["camouflaged", "holomask"]


def test_the_wording_files_give_every_key(tmp_path):
    wording = load_wording()
    assert set(wording) >= {"en", "es"}
    folder = tmp_path / "wording"
    folder.mkdir()
    (folder / "en.toml").write_text((WORDING_DIR / "en.toml").read_text(encoding="utf-8"), encoding="utf-8")
    spanish = (WORDING_DIR / "es.toml").read_text(encoding="utf-8")
    (folder / "es.toml").write_text(spanish.replace('\ndepends = "Depende"', "", 1), encoding="utf-8")
    with pytest.raises(LogicTableError, match=r"es.toml: \[verdict\] missing \['depends'\]"):
        load_wording(folder)



# --- The engine's precedence --------------------------------------------------------------------

def test_a_specific_subject_beats_the_general_one(table):
    cautious = evaluate(table, make_scenario(table, state="camouflaged", declares=["cautious movement"]))
    entire = evaluate(table, make_scenario(table, state="camouflaged", declares=["entire order"]))
    assert cautious.outcome == "keeps"
    assert entire.outcome in ("cancelled", "depends")  # an Entire Order cancels it, unless it is Cautious Movement


def test_an_axis_left_unknown_gives_depends(table):
    """Surprise Attack is TO Camouflaged's only in the Active Turn: unsaid, it depends."""
    ev = evaluate(table, make_scenario(table, state="to_camouflaged", declares=["surprise attack"], ask="allowed"))
    assert ev.verdict == "depends"
    ev = evaluate(table, make_scenario(table, state="to_camouflaged", declares=["surprise attack"], ask="allowed",
                                       context={"turn": "reactive"}))
    assert ev.verdict == "no" and ev.cites[0] == "to-camouflaged-effects-7"


def test_the_whole_order_rule_reveals_the_move(table):
    ev = evaluate(table, make_scenario(table, state="holomask", declares=["move", "bs attack"]))
    assert ev.verdict == "yes" and ev.cites[0] == "holomask-state-important-1"
    assert evaluate(table, make_scenario(table, state="holomask", declares=["move", "cautious movement"])).verdict == "no"
    # the whole-Order rule decides only when a Skill that keeps the state comes first
    first = evaluate(table, make_scenario(table, state="camouflaged", declares=["bs attack", "move"]))
    assert first.verdict == "yes" and first.cites[0] == "camuflado-cancellation-1-1"


def test_every_subject_has_a_name_and_every_property_a_question_in_each_language(table):
    """Answers name a subject by its glossary name or its `[subject]` label, and "Read as" words a
    property as its `[question]`: every subject and property has them, in every language."""
    from rulecheck.kb.glossary import load_glossary

    glossary = load_glossary()
    for lang, words in table.wording.items():
        unnamed = [s.id for s in table.vocabulary.subjects.values()
                   if s.id not in glossary.terms and s.id not in words["subject"]]
        unasked = [s.id for s in table.vocabulary.subjects.values()
                   if s.kind == "property" and s.id not in words["question"]]
        assert unnamed == [] and unasked == [], lang


def test_a_specific_row_decides_its_branch_over_the_general_ones(table):
    """An HD trooper that declares Move: with Camouflage it keeps the Marker state (HD page: 'any Short
    Movement Skill that does not require to make a Roll'), without it HD is cancelled. The Short
    Movement rows that split on a roll (Move never needs one) are decided by Move's own row."""
    ev = evaluate(table, make_scenario(table, state="hidden_deployment", declares=["move"], ask="revealed"))
    assert ev.verdict == "depends", ev
    conditions = sorted(tuple(sorted(c.name for c in r.conditions)) for d in ev.decisions for r in d.rows)
    assert conditions == [("with_camouflage",), ("without_camouflage",)], conditions


def test_search_only_glossary_concepts_are_no_rules_terms_to_the_reader(table):
    """A glossary term of kind `search` ("imitated Model", "weapon option") helps full-text
    search only: the reader never takes its names as a rules term a question turns on."""
    from rulecheck.checker.words import tokenize
    from rulecheck.kb.glossary import load_glossary

    searched = [t for t in load_glossary().terms.values() if t.kind == "search"]
    assert searched, "the bundled glossary has search-only concepts"
    for term in searched:
        for name in term.names:
            kinds = {(m.kind, m.value) for m in table.vocabulary.scan(tokenize(name))}
            assert ("term", term.id) not in kinds, (name, kinds)


def test_the_stem_prefilter_loses_no_word_a_stemmed_list_would_match(table):
    """`Vocabulary.in_list` stems a word for the filler list only when it starts like one of the
    list's words or stems (`@prefixes`, so that a word the lexicon does not know never loads the
    stemmer): over the ~80,000 common words of both languages, every word whose stem is a filler
    stem passes that prefilter."""
    from rulecheck.checker.lexicon import LEXICON_DIR
    from rulecheck.checker.vocabulary import LANGS
    from rulecheck.checker.words import stem

    vocab = table.vocabulary
    stems = vocab.word_lists["filler@stems"]
    missed = []
    for lang in LANGS:
        for word in (LEXICON_DIR / f"common-{lang}.txt").read_text(encoding="utf-8").split():
            if word.startswith("#") or len(word) <= 3 or not word.isalpha():
                continue
            if any(f"{other}:{stem(word, other)}" in stems for other in LANGS) and not vocab._may_stem_into("filler", word):
                missed.append(word)
    assert not missed, missed[:20]
