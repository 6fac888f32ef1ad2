"""Rematch pages: the offer from the end of a match, and the offer's page
(who accepted, and the buttons to accept or decline)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ludoteca.web.community import notify
from ludoteca.web.community import rematch as rm
from ludoteca.web.community.models import Rematch
from ludoteca.web.live import owners
from ludoteca.web.play.models import Table


@login_required
def offer(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: what a rematch would be; POST: offer it."""
    source = get_object_or_404(Table, pk=pk)
    seats = list(source.seats.select_related("user").order_by("index"))
    if not any(s.user_id == request.user.pk for s in seats):
        raise Http404("not a player")
    existing = Rematch.objects.filter(source=source).first()
    if existing is not None:
        return redirect("rematch", existing.pk)
    if request.method == "POST":
        try:
            made = rm.do_offer(source.pk, request.user)
        except rm.RematchRefused as refusal:
            messages.error(request, str(refusal))
            return redirect("table", source.pk)
        owners.changed_elsewhere(made.table_id)
        return redirect("rematch", made.pk)
    return render(
        request,
        "community/rematch_offer.html",
        {
            "source": source,
            "game_name": notify.game_name(source),
            "seats": rm.seats_rotated(seats),
            "finished": source.status == Table.FINISHED,
        },
    )


@login_required
def rematch(request: HttpRequest, pk: int) -> HttpResponse:
    offer = get_object_or_404(Rematch.objects.select_related("table", "source"), pk=pk)
    answers = {a.user_id: a for a in offer.answers.select_related("user")}
    if request.user.pk not in answers:
        raise Http404("not invited")
    seats = list(offer.table.seats.select_related("user").order_by("index"))
    rows = []
    answer_by_seat = {a.seat: a for a in answers.values()}
    for seat in seats:
        a = answer_by_seat.get(seat.index)
        name = a.user.get_username() if a is not None else seat.display_name()
        rows.append({"seat": seat, "name": name, "answer": a})
    return render(
        request,
        "community/rematch.html",
        {
            "offer": offer,
            "game_name": notify.game_name(offer.table),
            "rows": rows,
            "mine": answers[request.user.pk],
        },
    )


@require_POST
@login_required
def answer(request: HttpRequest, pk: int) -> HttpResponse:
    accept = request.POST.get("answer") == "accept"
    try:
        offer = rm.do_answer(pk, request.user, accept)
    except Rematch.DoesNotExist:
        raise Http404("no rematch") from None
    except rm.RematchRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("rematch", pk)
    owners.changed_elsewhere(offer.table_id)
    if offer.status == Rematch.STARTED:
        return redirect("table", offer.table_id)
    return redirect("rematch", pk)
