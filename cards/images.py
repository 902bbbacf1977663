"""Card pictures: check an upload, clean it, make the web and thumbnail copies, store them.

Uploads are untrusted: the file must really be a JPEG, PNG or WebP (Pillow reads the bytes,
the name and the browser's content type are ignored), not bigger than the configured bytes
and pixels (a decompression bomb is refused from its header, before it is decoded), and every
copy is re-encoded from pixels alone, so EXIF (camera, GPS location) and other metadata are
gone. Files go through Django's storage API: local files by default, S3 when configured.
"""

from __future__ import annotations

import io
import secrets
import warnings
from dataclasses import dataclass
from typing import IO

from django.conf import settings
from django.core.files.base import ContentFile
from django.urls import reverse
from PIL import Image, ImageOps, UnidentifiedImageError

from cards.models import Card, CardImage

ALLOWED_FORMATS = {"JPEG", "PNG", "WEBP"}
WEB_SIZE = 1000  # long side, px
THUMB_SIZE = 240


@dataclass
class ImageRefused(Exception):
    """Why an upload was refused, in both languages (shown as is; the code goes to the API)."""

    code: str
    hu: str
    en: str

    def message(self, lang: str) -> str:
        return self.hu if lang == "hu" else self.en


def max_bytes() -> int:
    return int(getattr(settings, "CARD_IMAGE_MAX_BYTES", 10 * 1024 * 1024))


def max_pixels() -> int:
    return int(getattr(settings, "CARD_IMAGE_MAX_PIXELS", 40_000_000))


def _read_limited(upload: IO[bytes]) -> bytes:
    limit = max_bytes()
    size = getattr(upload, "size", None)
    if size is not None and size > limit:
        raise _too_large(limit)
    data = upload.read(limit + 1)
    if len(data) > limit:
        raise _too_large(limit)
    if not data:
        raise ImageRefused("image_empty", "A fájl üres.", "The file is empty.")
    return data


def _too_large(limit: int) -> ImageRefused:
    mb = limit / (1024 * 1024)
    return ImageRefused("image_too_large",
                        f"A fájl túl nagy (legfeljebb {mb:g} MB).",
                        f"The file is too large (at most {mb:g} MB).")


def _not_image() -> ImageRefused:
    return ImageRefused("image_wrong_type",
                        "Ez nem kép: JPEG, PNG vagy WebP fájlt tölts fel.",
                        "This is not a picture: upload a JPEG, PNG or WebP file.")


def _bomb(pixels: int | None) -> ImageRefused:
    limit = f"{max_pixels():,}".replace(",", " ")
    count = f"{pixels:,}".replace(",", " ") if pixels else ""
    return ImageRefused("image_too_many_pixels",
                        f"A kép felbontása túl nagy{f' ({count} képpont)' if count else ''}; "
                        f"legfeljebb {limit} képpont lehet.",
                        f"The picture has too many pixels{f' ({count})' if count else ''}; "
                        f"at most {limit}.")


def _encode(img: Image.Image, fmt: str) -> bytes:
    out = io.BytesIO()
    if fmt == "PNG":
        img.save(out, "PNG", optimize=True)
    else:
        if img.mode not in ("RGB", "L"):
            img = img.convert("RGB")
        img.save(out, "JPEG", quality=88, optimize=True, progressive=True)
    return out.getvalue()


def _scaled(img: Image.Image, side: int) -> Image.Image:
    copy = img.copy()
    copy.thumbnail((side, side), Image.Resampling.LANCZOS)
    return copy


@dataclass
class CleanImage:
    original: bytes
    web: bytes
    thumb: bytes
    extension: str
    width: int
    height: int


def checked(upload: IO[bytes]) -> Image.Image:
    """An upload read as a picture within the limits (size, pixels, format), EXIF rotation
    applied; raises ImageRefused with the reason. (Photo reading uses it too.)"""
    data = _read_limited(upload)
    try:
        with warnings.catch_warnings():
            # Pillow warns (and past twice its own limit raises) on decompression bombs;
            # our own limit below is checked from the header first.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            img: Image.Image = Image.open(io.BytesIO(data))
            if img.format not in ALLOWED_FORMATS:
                raise _not_image()
            pixels = img.width * img.height
            if pixels > max_pixels():
                raise _bomb(pixels)
            img.load()
    except ImageRefused:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise _bomb(None) from exc
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise _not_image() from exc
    # Phone photos are often stored sideways with an EXIF rotation: apply it.
    fmt = img.format
    img = ImageOps.exif_transpose(img)
    img.format = fmt
    return img


def clean(upload: IO[bytes]) -> CleanImage:
    """Check and re-encode an upload; raises ImageRefused with the reason."""
    img = checked(upload)
    # EXIF was applied by ``checked``; what follows drops it with every other metadata.
    fmt = "PNG" if img.format == "PNG" else "JPEG"
    if img.mode not in ("RGB", "RGBA", "L", "LA"):
        img = img.convert("RGBA" if fmt == "PNG" else "RGB")
    # A fresh image from the pixels alone: no info dict, so no EXIF, XMP or text chunks.
    pixels_only = Image.new(img.mode, img.size)
    pixels_only.paste(img)
    ext = ".png" if fmt == "PNG" else ".jpg"
    return CleanImage(original=_encode(pixels_only, fmt),
                      web=_encode(_scaled(pixels_only, WEB_SIZE), fmt),
                      thumb=_encode(_scaled(pixels_only, THUMB_SIZE), fmt),
                      extension=ext, width=pixels_only.width, height=pixels_only.height)


def store(upload: IO[bytes], *, user=None, contribution=None, card: Card | None = None
          ) -> CardImage:
    """Clean an upload and save its three copies through the default storage."""
    cleaned = clean(upload)
    image = CardImage(token=secrets.token_hex(12), uploaded_by=user, contribution=contribution,
                      card=card, width=cleaned.width, height=cleaned.height)
    name = "picture" + cleaned.extension
    image.original.save(name, ContentFile(cleaned.original), save=False)
    image.web.save(name, ContentFile(cleaned.web), save=False)
    image.thumb.save(name, ContentFile(cleaned.thumb), save=False)
    image.save()
    return image


def approved_images(card: Card) -> list[CardImage]:
    return list(card.images.filter(approved=True))


def _face_uris(card: Card) -> dict[str, str]:
    face = reverse("card-face", args=[card.slug])
    return {"small": face, "normal": face, "large": face}


def image_uris(card: Card, build_url=None) -> dict[str, str] | None:
    """The card's picture URLs like Scryfall's, or a generated face for practice cards."""
    return uris_for_cards([card], build_url)[card.pk]


def uris_for_cards(cards: list[Card], build_url=None) -> dict[int, dict[str, str] | None]:
    """``image_uris`` for a page of cards in one query: the newest approved picture each,
    the generated face for a practice card without one, else None."""
    newest: dict[int | None, CardImage] = {}  # (card_id is never None here: filtered)
    for image in (CardImage.objects.filter(card_id__in=[c.pk for c in cards], approved=True)
                  .order_by("card_id", "-created", "-id")):
        newest.setdefault(image.card_id, image)
    out: dict[int, dict[str, str] | None] = {}
    for card in cards:
        picture = newest.get(card.pk)
        if picture is not None:
            uris: dict[str, str] | None = picture.uris()
        elif not card.official:
            uris = _face_uris(card)
        else:
            uris = None
        if uris is not None and build_url is not None:
            uris = {k: build_url(v) for k, v in uris.items()}
        out[card.pk] = uris
    return out
