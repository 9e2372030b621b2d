"""rulecheck.cli."""
