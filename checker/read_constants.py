"""What the question reader ranks and turns round: the order propositions win in, the
two-valued axes a negation flips, the general Skills a property question may name."""

#: Which proposition wins when a sentence names several: the content verb before the modal
#: ("can it keep…" asks whether it keeps, "does he have to show up" whether it is revealed).
_PROPOSITION_ORDER = ("what_happens", "fact", "state_ends", "revealed", "open", "private", "required", "may", "property")
#: Two-valued axes a negation turns round ("not in enemy LoF" is outside it).
_OPPOSITE = {("lof", "inside"): "outside", ("lof", "outside"): "inside", ("turn", "active"): "reactive",
             ("turn", "reactive"): "active", ("roll", "passed"): "failed", ("roll", "failed"): "passed",
             ("camouflage", "yes"): "no", ("camouflage", "no"): "yes", ("discovered", "yes"): "no",
             ("discovered", "no"): "yes", ("second_skill", "reveals"): "keeps", ("second_skill", "keeps"): "reveals"}
#: General Skills a property question may name as its situation ("by spending a Long Skill").
_GENERAL = ("skill", "short_skill", "entire_order", "aro", "cautious_movement", "move", "short_movement", "roll_skill")
