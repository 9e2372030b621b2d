"""Doubt: how likely a confident answer to a question is a misreading, and when to say so.

The reader turns words into a reading through phrase lists, and fresh wording defeats it in
ways no single word shows. Over thousands of questions written by people who never saw the
code (the development sets in tests/questions/dev/), some readings proved far likelier to be
wrong than others: a deciding row, an asked proposition, who acts, how many sentences of
scene the question gives… `data/doubt.toml` holds a logistic model over those facts of the
reading (never over the question's own words), trained by scripts/train_doubt.py. When it
rates a confident yes/no as likely wrong, the answer is `unknown`, saying what the rows
would answer: an honest "not sure" costs a judge far less than a confident wrong answer.

The features are named strings ("row:<row id>", "ask:<proposition>:<polarity>", …), and two
more from the labelled examples nearest to the question (`checker/examples.py`: did their
writers mostly decide this verdict, or the other?); a feature the model has no weight for
counts for nothing, so a new state or row needs no
retraining to be answered (only to be doubted well).
"""
from __future__ import annotations

import math
import os
from typing import TYPE_CHECKING, Callable

from rulecheck.checker.errors import LogicTableError
from rulecheck.data import DATA_ROOT, read_toml

if TYPE_CHECKING:
    import sqlite3

    from rulecheck.checker.engine import Evaluation
    from rulecheck.checker.reading import Reading

#: The bundled model.
DOUBT_FILE = os.path.join(DATA_ROOT, "doubt.toml")
#: Bumped whenever `features` changes what it names or how: the model file records the version
#: it was trained with (`features = N`), and a model of another version is refused.
FEATURES = 4
#: The kinds of feature `features` makes: a weight's name must start with one of them.
KINDS = ("bias", "lang:", "ed:", "st:", "ost:", "act:", "by:", "nact:", "ask:", "about:", "cond:", "prop:",
         "ign:", "iss:", "excl:", "num:", "row:", "out:", "nrows:", "v:", "nsent:", "len:", "cov:",
         "rowask:", "stask:", "knn:", "form:")

#: Stripped from a word's ends before it is counted (no regular expression: none is compiled
#: on the way to a cold answer for this).
_PUNCTUATION = ".,;:!?¿¡()[]\"'“”‘’«»-–—…/"
_ENDS = ".?!"


def features(reading: Reading, ev: Evaluation, question: str) -> list[str]:
    """The facts of a reading and its evaluation the model weighs, as feature names."""
    # the edition answered in (not whether the caller named one: `--edition N4` is the default)
    f = ["bias", f"lang:{reading.lang}", f"ed:{ev.edition}"]
    f += [f"st:{s}" for s in reading.states]
    f += [f"ost:{s}" for s in reading.other_states]
    f += [f"act:{a.subject}:{a.by}" for a in reading.actions]
    f += [f"by:{a.by}" for a in reading.actions]
    f.append(f"nact:{min(3, len(reading.actions))}")
    asked = f"{reading.proposition}:{reading.polarity}"
    f += [f"ask:{asked}", f"about:{reading.about}"]
    # a row or state is misread more often under one way of asking than another
    f += [f"stask:{s}|{asked}" for s in reading.states]
    f += [f"cond:{axis}" for axis in reading.context]
    if reading.tag_negation:
        f.append("form:tag_negation")
    f += [f"prop:{p}" for p in reading.properties]
    f += [f"ign:{min(3, len(reading.ignored))}", f"iss:{min(2, len(reading.issues))}",
          f"excl:{min(2, len(reading.excluded))}", f"num:{min(2, len(reading.numbers))}"]
    rows = ([ev.order_row] if ev.order_row else []) + [r for d in ev.decisions for r in d.rows]
    f += [f"row:{r.id}" for r in rows]
    f += [f"out:{r.outcome}" for r in rows]
    f += [f"rowask:{r.id}|{asked}" for r in rows]
    f += [f"nrows:{min(4, len(rows))}", f"v:{ev.verdict}"]
    words = [w for w in (w.strip(_PUNCTUATION).lower() for w in question.split()) if any(c.isalpha() for c in w)]
    f.append(f"nsent:{min(4, _sentences(question))}")
    f.append(f"len:{min(6, len(words) // 8)}")
    used = {w.strip(_PUNCTUATION).lower() for phrase in reading.used for w in phrase.split()}
    covered = sum(1 for w in words if w in used) / max(1, len(words))
    f.append(f"cov:{int(covered * 5)}")
    return list(dict.fromkeys(f))


def rated_features(reading: Reading, ev: Evaluation, question: str, examples: sqlite3.Connection | None,
                   exclude: str | None = None) -> list[str]:
    """Everything the model weighs: `features` of the reading, and the vote of the labelled
    examples nearest to the question (`examples.vote`; none of the set `exclude`, when training)."""
    from rulecheck.checker.examples import key, vote

    return features(reading, ev, question) + vote(examples, question, ev.verdict, key(reading), exclude)


def rate(model: tuple[float, dict[str, float]], reading: Reading, ev: Evaluation, question: str,
         examples: Callable[[], sqlite3.Connection | None], exclude: str | None = None) -> float:
    """The model's rating of a confident answer, as `doubt` of `rated_features`, except that the
    nearest examples are searched (`examples()`, then `examples.vote`) only when their vote could
    change whether the rating reaches the threshold: most answers are far from it, and a cold
    `ask` then pays nothing for the search. When they are not searched, the rating leaves their
    vote out (it lies on the same side of the threshold whatever the vote). `exclude`: a question
    set whose examples do not vote (measuring that set)."""
    from rulecheck.checker.examples import VOTES

    threshold, weights = model
    names = features(reading, ev, question)
    z = sum(weights.get(n, 0.0) for n in names)
    mine = [weights.get(f"knn:mine{i}", 0.0) for i in range(VOTES)]
    other = [weights.get(f"knn:other{i}", 0.0) for i in range(VOTES)]
    none = weights.get("knn:none", 0.0)
    # what the vote can add, whatever it is (0 too: a damaged index counts as no vote)
    low = min(0.0, none, min(mine) + min(other))
    high = max(0.0, none, max(mine) + max(other))
    if _rating(z + low) < threshold <= _rating(z + high):
        from rulecheck.checker.examples import key, vote

        names = names + vote(examples(), question, ev.verdict, key(reading), exclude)
    return doubt(model, names)


def _sentences(text: str) -> int:
    """How many sentences: stretches of text that . ? ! end before a space (not "2.5") or the
    end, or that ¿ ¡ open (empty ones not counted)."""
    count, inside = 0, False
    for i, c in enumerate(text):
        if c in "¿¡" or c in _ENDS and (i + 1 == len(text) or text[i + 1].isspace()):
            inside = False
        elif not inside and not c.isspace() and c not in _ENDS:
            count, inside = count + 1, True
    return count


def doubt(model: tuple[float, dict[str, float]], names: list[str]) -> float:
    """The model's rating (0–1) of an answer with these features: the higher, the likelier a
    misreading. Not a calibrated probability: the model is trained with wrong and right answers
    weighed alike, though wrong ones are fewer."""
    _, weights = model
    return _rating(sum(weights.get(n, 0.0) for n in names))


def _rating(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def load_doubt(path: str = DOUBT_FILE) -> tuple[float, dict[str, float]]:
    """(threshold, feature → weight) from a doubt model file; `LogicTableError` naming a bad entry
    and what to do. A missing file is no model: nothing is rated (`NO_MODEL`)."""
    if not os.path.exists(path):
        return NO_MODEL
    data = read_toml(path, LogicTableError, "the doubt model", RETRAIN)
    if data.get("features") != FEATURES:
        raise LogicTableError(f"{path}: the model was trained on features version {data.get('features')!r}, but this "
                              f"rulecheck makes version {FEATURES}. {RETRAIN}")
    threshold = data.get("threshold")
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0.0 < threshold <= 1.0:
        raise LogicTableError(f"{path}: threshold must be a number above 0 and at most 1 "
                              f"(the rating from which an answer is not given), not {threshold!r}. {RETRAIN}")
    weights = data.get("weights")
    if not isinstance(weights, dict):
        raise LogicTableError(f"{path}: [weights] must be a table of feature = weight. {RETRAIN}")
    for name, w in weights.items():
        if not name.startswith(KINDS):
            raise LogicTableError(f"{path}: weight {name!r} names no feature; a feature starts with one of "
                                  f"{', '.join(KINDS)}. {RETRAIN}")
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w):
            raise LogicTableError(f"{path}: weight {name!r} = {w!r} must be a finite number. {RETRAIN}")
    return (float(threshold), {k: float(v) for k, v in weights.items()})


#: No model: no answer is rated.
NO_MODEL: tuple[float, dict[str, float]] = (2.0, {})
RETRAIN = ("Retrain it (pip install -e '.[train]'; python scripts/train_doubt.py), "
           "or delete it to answer without the doubt model.")
