"""The playtest table in a browser (`paxc serve`): tables for every installed game, one link per
seat, each page showing only its seat's view (`runtime/presentation.py`) and updated live as anyone
decides. The pictures of the boards (SVG drawn from a seat's observation) are in `pictures/`.
"""
