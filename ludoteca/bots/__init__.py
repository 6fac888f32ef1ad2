"""Bots that play any registered game through the Game protocol."""
