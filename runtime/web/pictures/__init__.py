"""The boards as pictures: SVG drawn from what one seat observes (`core/observation.py`'s View),
a module per game, for the browser table. A game with no picture is shown by its board's sections
alone.
"""
