"""Static files for the ASGI application, served by Django in every
environment (nginx serves them itself in front of several processes).

Django's handler turns only a missing file into a 404; a path that climbs out
of the static folders (``/static/../../etc``) raised a `SuspiciousOperation`
past it and answered 500. Here that is a 400, as for any other request."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.exceptions import SuspiciousOperation
from django.core.handlers.exception import response_for_exception
from django.http import HttpRequest, HttpResponseBase


class StaticFiles(ASGIStaticFilesHandler):
    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        try:
            return await super().get_response_async(request)
        except SuspiciousOperation as error:
            answer = sync_to_async(response_for_exception, thread_sensitive=False)
            return await answer(request, error)
