"""Benchmarks of Croupier against named peers; run as modules, never by pytest."""
