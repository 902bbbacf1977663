"""Picture files made in memory for upload tests: a JPEG with GPS EXIF, a bomb, junk."""

from __future__ import annotations

import io

from PIL import Image


def jpeg_with_gps(size: tuple[int, int] = (1400, 1960)) -> bytes:
    img = Image.new("RGB", size, (40, 80, 160))
    exif = Image.Exif()
    exif[0x010F] = "SecretCam"  # Make
    gps = {1: "N", 2: (47.0, 29.0, 0.0), 3: "E", 4: (19.0, 2.0, 0.0)}
    exif[0x8825] = gps  # GPSInfo
    out = io.BytesIO()
    img.save(out, "JPEG", exif=exif.tobytes())
    return out.getvalue()


def png(size: tuple[int, int] = (300, 420)) -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", size, (200, 30, 30, 255)).save(out, "PNG")
    return out.getvalue()


def bomb() -> bytes:
    """A tiny PNG that claims a huge canvas: 20000 x 20000 pixels of one colour."""
    out = io.BytesIO()
    Image.new("1", (20000, 20000)).save(out, "PNG", optimize=True)
    return out.getvalue()


def not_an_image() -> bytes:
    return b"%PDF-1.4\n% not a picture at all\n" + b"x" * 200
