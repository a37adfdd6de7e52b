"""The games: one package a game (its renderer, deck and any extra command, and its declaration, `SPEC`), and the
catalogue of declared games (`catalog`)."""
