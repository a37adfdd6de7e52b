"""Card faces as application emojis: the faces of every deck (`cards`). Their drawings (`tools.emojis.art`, Pillow)
and `cardroom emojis draw` (`tools.emojis.draw`), which writes them into `data/emojis/`, are tools outside the bot.
The bot uploads them (`bot.emojis`) and the render functions use them (`cogs.render.faces`)."""
