"""Discord extensions: slash commands, restart-proof components, and rendering of perspectives."""
