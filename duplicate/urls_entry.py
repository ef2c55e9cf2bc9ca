"""URL patterns for result entry (issue 5): by table and round, table links (tokens), round agreement."""

from django.urls import path

from duplicate import views_entry

urlpatterns = [
    path("events/<int:pk>/entry/", views_entry.entry_index, name="entry_index"),
    path(
        "events/<int:pk>/entry/<str:letter>/<int:round>/<int:table>/",
        views_entry.entry_table,
        name="entry_table",
    ),
    path(
        "events/<int:pk>/entry/<str:letter>/<int:round>/<int:table>/preview/",
        views_entry.entry_preview,
        name="entry_preview",
    ),
    path(
        "events/<int:pk>/entry/<str:letter>/<int:round>/agree/",
        views_entry.entry_round_agree,
        name="entry_round_agree",
    ),
    path("events/<int:pk>/tokens/", views_entry.entry_tokens, name="entry_tokens"),
    path("t/<str:secret>/", views_entry.entry_token, name="entry_token"),
    path("t/<str:secret>/preview/", views_entry.entry_token_preview, name="entry_token_preview"),
    path(
        "t/<str:secret>/boards/<int:number>/", views_entry.entry_token_traveller, name="entry_token_traveller"
    ),
]
