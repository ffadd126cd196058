"""Rules engines: pure Python simulations of game positions (no I/O). Filled in by the engine issues."""
