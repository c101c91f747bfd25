"""The parts of the checker (compiler/checker.py), one concern each."""
