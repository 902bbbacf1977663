"""The error codes of the card catalogue: search, lookups, contributions, pictures and
photo reading.

Each entry is a :class:`web.error_catalogue.ErrorCode`, registered by the app's ``ready()``.
"""

from __future__ import annotations

from web.error_catalogue import ErrorCode

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
    "photo_reading_busy": ErrorCode(
        429,
        meaning="One of your photos is waiting or being read (`details.reading`); one at a "
                "time per person. Retry after it is done.",
        hu="Az egyik fényképedet még olvassuk; ha kész, küldheted a következőt.",
        en="One of your photos is still being read; send the next when it is done.",
    ),
    "photo_budget_spent": ErrorCode(
        429,
        meaning="You have had `details.limit` photos read in the last hour "
                "(`PHOTO_READINGS_PER_HOUR`); retry after `Retry-After` seconds.",
        hu="Ebben az órában már sok fényképet olvastunk neked; próbáld később.",
        en="You have had many photos read this hour; try again later.",
    ),
    "photo_queue_full": ErrorCode(
        503,
        meaning="Too many photos wait to be read on the server (`PHOTO_QUEUE_MAX`); retry "
                "after `Retry-After` seconds.",
        hu="Most nagyon sok fénykép vár olvasásra; próbáld újra pár perc múlva.",
        en="Very many photos are waiting to be read; try again in a few minutes.",
    ),
    "photo_queue_unavailable": ErrorCode(
        503,
        meaning="The queue of photo readings cannot be reached just now; retry after "
                "`Retry-After` seconds.",
        hu="A fényképek olvasása most nem érhető el; próbáld újra egy perc múlva.",
        en="Reading photos is not available just now; try again in a minute.",
    ),
}
