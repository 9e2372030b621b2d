"""The bundled corpus (pages/) and the tables rulecheck reads: manifest, glossary, state logic."""
from pathlib import Path

#: The folder holding the bundled data files, installed or in a checkout.
DATA_DIR = Path(__file__).resolve().parent
PAGES_DIR = DATA_DIR / "pages"
