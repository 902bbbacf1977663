from django.conf import settings
from django.urls import path, re_path
from django.views.generic import RedirectView

from cards import contribution_views, media_views, photo_views, views

urlpatterns = [
    path("", views.browse, name="card-browser"),
    path("cards/", views.browse, name="card-browser-alt"),
    path("cards/syntax/", RedirectView.as_view(url="/help/query/", permanent=True),
         name="card-syntax"),
    path("cards/advanced/", views.advanced_search, name="card-advanced"),
    path("cards/<slug:slug>/", views.card_detail, name="card-detail"),
    path("cards/<slug:slug>/face.svg", media_views.face, name="card-face"),
    path("cards/<slug:slug>/owned/", views.set_owned, name="card-set-owned"),
    path("cards/<slug:slug>/revisions/<int:pk>/revert/", views.revert_revision,
         name="card-revert"),
    path("contribute/", contribution_views.contribute, name="contribute"),
    path("contribute/csv/", contribution_views.contribute_csv, name="contribute-csv"),
    path("contribute/photo/", photo_views.photo_upload, name="contribute-photo-upload"),
    path("contribute/photo/<str:token>/", photo_views.photo_review, name="contribute-photo"),
    path("contribute/photo/<str:token>/<str:index>.jpg", photo_views.photo_picture,
         name="contribute-photo-picture"),
    path("catalogue/progress/", contribution_views.catalogue_progress,
         name="catalogue-progress"),
    path("contributions/", contribution_views.my_contributions, name="my-contributions"),
    path("review/", contribution_views.review_queue, name="review-queue"),
    path("review/<int:pk>/", contribution_views.review_decide, name="review-decide"),
    path("review/batch/", contribution_views.review_batch, name="review-batch"),
]

# Local media (the default storage) is served by the app itself; with S3 the URLs point there.
if settings.MEDIA_URL.startswith("/"):
    urlpatterns.append(re_path(rf"^{settings.MEDIA_URL.strip('/')}/(?P<path>.+)$",
                               media_views.media, name="media"))
