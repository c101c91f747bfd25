"""paxc: the card-language compiler (parse, check, lower to IR, generate code and card text)."""
