"""Card faces as application emojis: the faces of every deck (`cards`), their drawings (`art`, Pillow) and
`cardroom emojis draw` (`draw`), which writes them into `data/emojis/`. The bot uploads them (`bot.emojis`)
and the render functions use them (`cogs.render.faces`). Only `cards` may be imported without Pillow."""
