"""`cardroom emojis draw` (`draw`): the drawings of the card faces (`art`, Pillow) of every deck of
`cogs.emojis.cards`, written into `data/emojis/`, where the bot uploads them from (`bot.emojis`)."""
