"""rulecheck.web."""
