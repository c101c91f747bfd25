"""The browser table (`paxc serve`, runtime/web/)."""
