"""Cardroom runtime: settings, storage, services and the Discord client."""
