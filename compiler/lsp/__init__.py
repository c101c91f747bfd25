"""`paxc lsp`: the language server for card files, on pygls (the optional extra `paxc[lsp]`).

`documents` holds what the editor has open and checks it as `paxc check` does; `game_index` what
a game declares and which cards it has; `lookup` (hover, go to definition), `completion` and
`symbols` answer requests from those, and `formatting` through `paxc fmt`'s formatter; `server`
is the only module that speaks the protocol.
"""
