"""Services: load a table, apply an action, save it, and tell the Discord layer what changed."""
