"""Photos for the photo-reading tests: a synthetic photo as upload bytes, and bad inputs."""

from __future__ import annotations

import io
import re

import cv2
import numpy as np
from PIL import Image


def jpeg(image: np.ndarray, exif_gps: bool = False) -> bytes:
    """A BGR array as a JPEG file (with a camera and GPS EXIF block when asked)."""
    rgb = Image.fromarray(cv2.cvtColor(image, cv2.COLOR_BGR2RGB))
    out = io.BytesIO()
    if exif_gps:
        exif = Image.Exif()
        exif[0x0110] = "SecretCam"  # camera model
        exif[0x8825] = {1: "N", 2: (47.0, 29.0, 0.0)}  # GPS
        rgb.save(out, "JPEG", quality=92, exif=exif)
    else:
        rgb.save(out, "JPEG", quality=92)
    return out.getvalue()


def noise(width: int = 2400, height: int = 1800, seed: int = 1) -> bytes:
    """Several megapixels of noise (PNG: JPEG would smooth it)."""
    rng = np.random.default_rng(seed)
    pixels = rng.integers(0, 256, size=(height, width, 3), dtype=np.uint8)
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, "PNG", compress_level=1)
    return out.getvalue()


def plain(width: int, height: int, colour: tuple[int, int, int] = (120, 90, 60)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, "JPEG")
    return out.getvalue()


def shown_value(html: str, name: str) -> str:
    """The value a field of the review screen shows (input value, selected option, text)."""
    m = re.search(rf'<input name="{name}" value="([^"]*)"', html)
    if m:
        return m.group(1)
    m = re.search(rf'<textarea name="{name}"[^>]*>([^<]*)</textarea>', html)
    if m:
        return m.group(1)
    m = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S)
    if m:
        sel = re.search(r'<option value="([^"]*)" selected', m.group(1))
        return sel.group(1) if sel else ""
    return ""
