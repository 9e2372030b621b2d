"""rulecheck.kb."""
