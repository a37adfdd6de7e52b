"""Rendering of engine perspectives into Discord embeds and components, in the viewer's language."""
