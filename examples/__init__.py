"""Example games: small, complete games written to the contract, the templates a new game
starts from (``docs/new-game.md``)."""
