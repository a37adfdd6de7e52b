"""`python -m tools.bench`: the same as `cardroom bench` (`python -m bot bench`)."""

from tools.bench import main

raise SystemExit(main())
