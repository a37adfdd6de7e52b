"""`python -m tools.emojis draw`: the same as `cardroom emojis draw`."""

from tools.emojis.draw import main

raise SystemExit(main())
