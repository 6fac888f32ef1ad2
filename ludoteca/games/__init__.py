"""One package per game; each exposes `GAME`, an instance of `engine.Game`."""
