"""A module the zygote test forks: `python -m tests.tools.standin.forked CODE ...` prints its pid, its working
directory, an environment variable and its arguments, then exits with CODE (or sleeps a minute for "sleep")."""
