"""The error of a seam (`core/seam.py`) asked before its giver was imported.

A module of its own so that `seam.py` can be compiled by `paxc accelerate`: mypyc cannot make a
native class below `RuntimeError`, so the error stays a Python class here and `seam.py` imports it.
"""

from __future__ import annotations


class NotGiven(RuntimeError):
    """What a seam needs was asked before the module that gives it was imported."""
