"""The game-independent core: randomness kept in the state, the session that drives a game's
rules and publishes its decisions, the log, replay, saving, and agents."""
