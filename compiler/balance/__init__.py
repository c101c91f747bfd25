"""The balance lab: playing two versions of a game's cards against each other on the same seeds
(`paxc compare`) and saying, with intervals, what the change did."""
