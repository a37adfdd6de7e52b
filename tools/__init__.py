"""Tools that run beside the bot, not in it; the bot's image does not carry them.

They may import `engines`, `bot` and `cogs`; nothing there imports `tools`. The bench (`tools.bench`) and the
emoji drawer (`tools.emojis`) are `cardroom bench` and `cardroom emojis`: `cardroom` finds them through the
`cardroom.tools` entry points (pyproject.toml). The loopback Discord stand-in (`tools.standin`) is what the
end-to-end tests run the real bot against; it imports none of the project.
"""
