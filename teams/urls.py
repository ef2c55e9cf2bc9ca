"""Team match pages (law G)."""

from django.urls import path

from teams import views

urlpatterns = [
    path("events/<int:pk>/match/", views.team_match, name="team_match"),
]
