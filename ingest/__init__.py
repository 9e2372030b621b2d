"""rulecheck.ingest."""
