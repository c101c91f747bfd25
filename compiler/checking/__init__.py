"""The parts of the checker, one concern each, in layers (compiler/checker.py's docstring draws
them; tests/compiler/test_checker_layers.py keeps them so). This file imports none of them."""
