"""Card pictures on a real S3-compatible endpoint: moto's standalone server, started here.

The storage is switched to django-storages' S3 backend exactly as the settings do when
MEDIA_S3_BUCKET is set; the picture goes through the same code as on local files.
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
import urllib.request

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from cards.images import store
from cards.models import Card, Contribution
from tests.cards import imagefiles
from tests.support.processes import free_port

pytestmark = pytest.mark.django_db

BUCKET = "kaosz-card-pictures"


@pytest.fixture(scope="module")
def s3_endpoint():
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1",
                             "-p", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/", timeout=1)
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise RuntimeError("moto's S3 server did not start") from None
            time.sleep(0.2)
    yield url
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture
def s3_storage(settings, s3_endpoint):
    import boto3

    client = boto3.client("s3", endpoint_url=s3_endpoint, region_name="us-east-1",
                          aws_access_key_id="testing", aws_secret_access_key="testing")
    client.create_bucket(Bucket=BUCKET)
    settings.STORAGES = settings.STORAGES | {"default": {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {"bucket_name": BUCKET, "endpoint_url": s3_endpoint,
                    "region_name": "us-east-1", "access_key": "testing",
                    "secret_key": "testing", "querystring_auth": False,
                    "file_overwrite": False, "addressing_style": "path",
                    "default_acl": "public-read"}}}  # MEDIA_S3_ACL=public-read
    yield client
    for item in client.list_objects_v2(Bucket=BUCKET).get("Contents", []):
        client.delete_object(Bucket=BUCKET, Key=item["Key"])
    client.delete_bucket(Bucket=BUCKET)


def test_picture_stored_and_served_from_s3(s3_storage, s3_endpoint, few_cards, user, staff,
                                           api):
    item = Contribution.objects.create(kind="correction", card=Card.objects.get(slug="crx"),
                                       proposed={}, source_note="saját lap", author=user)
    image = store(SimpleUploadedFile("IMG.jpg", imagefiles.jpeg_with_gps()), user=user,
                  contribution=item)
    keys = sorted(o["Key"] for o in s3_storage.list_objects_v2(Bucket=BUCKET)["Contents"])
    assert len(keys) == 3 and all(k.startswith("cards/") for k in keys)
    api.force_authenticate(staff)
    assert api.post(f"/api/v1/contributions/{item.pk}/approve/").status_code == 200
    uris = api.get("/api/v1/cards/crx/").json()["image_uris"]
    assert uris["small"] == image.thumb.url
    assert uris["small"].startswith(f"{s3_endpoint}/{BUCKET}/cards/thumb/")
    body = urllib.request.urlopen(uris["small"], timeout=5).read()
    thumb = Image.open(io.BytesIO(body))
    assert max(thumb.size) == 240 and not thumb.getexif() and b"SecretCam" not in body
