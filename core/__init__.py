"""Caldera's rules engine: events, codec, randomness and the games. Imports nothing of ours."""
