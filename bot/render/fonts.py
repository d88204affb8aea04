"""The font pictures are drawn with: DejaVu Sans Bold, as matplotlib ships it.

matplotlib is a dependency (for the /stats chart), so its fonts are always
installed; the file is found without importing matplotlib, which keeps the
bot's start-up light. Where it is missing, Pillow's own font is used.

>>> bold_font(20).size
20
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@functools.cache
def bold_font(size: int) -> Font:
    """DejaVu Sans Bold (or Pillow's default font) at ``size`` pixels."""
    path = bold_font_path()
    if path is not None:
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size)


def bold_font_path() -> Path | None:
    """Where DejaVu Sans Bold is, found without importing matplotlib."""
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        path = Path(location) / "mpl-data" / "fonts" / "ttf" / "DejaVuSans-Bold.ttf"
        if path.is_file():
            return path
    return None


@functools.cache
def regular_font(size: int) -> Font:
    """DejaVu Sans (or Pillow's default font) at ``size`` pixels."""
    path = bold_font_path()
    if path is not None:
        regular = path.with_name("DejaVuSans.ttf")
        if regular.is_file():
            return ImageFont.truetype(str(regular), size)
    return ImageFont.load_default(size)
