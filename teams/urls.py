"""Team match pages (law G), and the standings download of every event (a team match's file is this app's)."""

from django.urls import path, re_path

from teams import views

urlpatterns = [
    path("events/<int:pk>/match/", views.team_match, name="team_match"),
    re_path(
        r"^events/(?P<pk>[0-9]+)/download/standings\.(?P<fmt>csv|xlsx|pdf)$",
        views.download_standings,
        name="download_standings",
    ),
]
