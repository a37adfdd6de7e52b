"""`python -m cogs.emojis draw`: the same as `cardroom emojis draw`."""

from cogs.emojis.draw import main

raise SystemExit(main())
