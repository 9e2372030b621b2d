"""The knowledge base's error types: a leaf module every part of `rulecheck.kb` may import.

`rulecheck.kb.read` re-exports them (`from rulecheck.kb.read import KnowledgeBaseError` keeps
working); modules below the read side (the glossary, the manifest) import them from here so no
import runs back up to `read`.
"""
from __future__ import annotations


class KnowledgeBaseError(Exception):
    """Base class for knowledge-base errors the CLI turns into messages."""


class MissingDatabase(KnowledgeBaseError):
    """The database file does not exist or is not a rulecheck base."""


class NotAKnowledgeBase(MissingDatabase):
    """A file at the base's path is something else (the user's own database, a text file):
    rulecheck neither reads nor replaces it."""


class BuildError(KnowledgeBaseError):
    """The build could not write a base; the old one (if any) is untouched."""
