"""Ludoteca: a self-hosted online board-game arena."""

__version__ = "0.1.0"
