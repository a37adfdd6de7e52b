"""`python -m cogs.bench`: the same as `cardroom bench` (`python -m bot bench`)."""

from cogs.bench import main

raise SystemExit(main())
