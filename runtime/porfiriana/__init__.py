"""Pax Porfiriana on the shared runtime. So far: its state and setup (chapter C of the rules)."""
