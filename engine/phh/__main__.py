"""``python -m engine.phh``: see :mod:`engine.phh.cli`."""

from engine.phh.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
