"""What the question reader ranks and turns round: the order propositions win in, the
two-valued axes a negation flips."""

#: Which proposition wins when a sentence names several: the content verb before the modal
#: ("can it keep…" asks whether it keeps, "does he have to show up" whether it is revealed).
_PROPOSITION_ORDER = ("what_happens", "fact", "state_ends", "revealed", "open", "private", "required", "may", "property")
#: Two-valued axes a negation turns round ("not in enemy LoF" is outside it).
_OPPOSITE = {("lof", "inside"): "outside", ("lof", "outside"): "inside", ("turn", "active"): "reactive",
             ("turn", "reactive"): "active", ("roll", "passed"): "failed", ("roll", "failed"): "passed",
             ("camouflage", "yes"): "no", ("camouflage", "no"): "yes", ("discovered", "yes"): "no",
             ("discovered", "no"): "yes", ("second_skill", "reveals"): "keeps", ("second_skill", "keeps"): "reveals",
             ("mimetism", "yes"): "no", ("mimetism", "no"): "yes"}
