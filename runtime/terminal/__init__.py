"""The terminal table: a game played and replayed in a terminal, with click for the prompts and
colour and width (`style.py`, which the compiler's diagnostics use too). It renders what the
presentation model gives (`presentation.py`, `core/board.py`); the commands (`runtime/commands.py`)
set a game up and hand it here; the rules packages import nothing of it."""
