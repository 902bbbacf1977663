from rest_framework import pagination


class PageNumberPagination(pagination.PageNumberPagination):
    """``count/next/previous/results``; clients may ask for up to 500 per page."""

    page_size_query_param = "page_size"
    max_page_size = 500
