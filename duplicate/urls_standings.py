"""Standings pages: public and read-only."""

from django.urls import path

from duplicate import views_standings as views

urlpatterns = [
    path("events/<int:pk>/standings/", views.event_standings, name="event_standings"),
    path("events/<int:pk>/pairs/<int:pair_pk>/card/", views.pair_scorecard, name="pair_scorecard"),
    path("events/<int:pk>/boards/<int:number>/", views.board_traveller, name="board_traveller"),
]
