"""Pax Pamir (2nd edition) on the shared runtime: its state, setup, turn, actions and scoring."""
