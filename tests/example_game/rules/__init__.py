"""The base rules of Bazaar (`game`) and its entry for paxc (`plugin`)."""
