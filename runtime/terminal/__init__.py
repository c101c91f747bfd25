"""The terminal table: a game played and replayed in a terminal, with click for the prompts and
colour (`core/style.py`). The commands (`runtime/commands.py`) set a game up and hand it here; the
rules packages import nothing of it."""
