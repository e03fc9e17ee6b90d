"""The rummikit test suite."""
