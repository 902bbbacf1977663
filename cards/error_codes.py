"""The error codes of the card catalogue: search, lookups, contributions, pictures and
photo reading.

Each entry is a :class:`kaosz.error_catalogue.ErrorCode`, registered by the app's ``ready()``.
"""

from __future__ import annotations

from kaosz.error_catalogue import ErrorCode

CODES: dict[str, ErrorCode] = {
    "query_syntax": ErrorCode(
        400,
        meaning="The card query cannot be read; `details` gives the position and length of the "
                "problem.",
    ),
    "invalid_ordering": ErrorCode(
        400,
        meaning="Unknown `ordering` value.",
    ),
    "invalid_format": ErrorCode(
        400,
        meaning="`format` is `json` or `csv`.",
    ),
    "ambiguous": ErrorCode(
        404,
        meaning="The fuzzy name matches several cards; `details.candidates` lists them.",
    ),
    "invalid_contribution": ErrorCode(
        400,
        meaning="The proposed card does not validate; `details.errors`.",
    ),
    "not_pending": ErrorCode(
        409,
        meaning="The contribution was already reviewed.",
    ),
    "cannot_revert": ErrorCode(
        409,
        meaning="This revision cannot be reverted.",
    ),
    "forbidden": ErrorCode(
        403,
        meaning="Only the contributor may add pictures to a contribution.",
    ),
    "image_missing": ErrorCode(
        400,
        meaning="Send the picture as the multipart field `image`.",
    ),
    "image_empty": ErrorCode(
        400,
        meaning="The uploaded file is empty.",
    ),
    "image_wrong_type": ErrorCode(
        400,
        meaning="The picture is not a JPEG, PNG or WebP image.",
    ),
    "image_too_many_pixels": ErrorCode(
        400,
        meaning="The picture claims more pixels than `CARD_IMAGE_MAX_PIXELS` (a decompression "
                "bomb).",
    ),
    "image_too_large": ErrorCode(
        413,
        meaning="The picture is larger than `CARD_IMAGE_MAX_BYTES`.",
    ),
    "photo_missing": ErrorCode(
        400,
        meaning="Send the photo as the multipart field `photo`.",
    ),
    "photo_too_small": ErrorCode(
        400,
        meaning="The photo's shorter side has fewer than 400 pixels.",
    ),
    "photo_no_card": ErrorCode(
        422,
        meaning="No readable card was found in the photo.",
    ),
    "photo_reading_unavailable": ErrorCode(
        503,
        meaning="Tesseract is not installed on this server.",
    ),
    "too_many_pending": ErrorCode(
        429,
        meaning="Too many of your contributions wait for review (`details.max_pending`); wait "
                "until editors check them.",
        hu="Túl sok beküldésed vár ellenőrzésre.",
        en="Too many of your contributions are waiting for review.",
    ),
}
