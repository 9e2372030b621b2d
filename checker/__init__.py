"""rulecheck.checker."""
