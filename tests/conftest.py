"""Shared by every test: the games whose engines need data files are registered before collection."""

from bot import games

games.install()
