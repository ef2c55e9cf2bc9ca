from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from duplicate import views
from duplicate.security import ThrottledLoginView

urlpatterns = [
    path("", views.home, name="home"),
    path("events/new/", views.event_create, name="event_create"),
    path("events/import/", views.event_import, name="event_import"),
    path("events/<int:pk>/", views.event_detail, name="event_detail"),
    path("events/<int:pk>/export.json", views.event_export, name="event_export"),
    path("events/<int:pk>/finish/", views.event_finish, name="event_finish"),
    path("events/<int:pk>/movement/", views.event_movement, name="event_movement"),
    path("events/<int:pk>/pairs/", views.event_pairs, name="event_pairs"),
    path("events/<int:pk>/pairs/<int:pair_pk>/edit/", views.pair_edit, name="pair_edit"),
    path("events/<int:pk>/boards/", views.event_boards, name="event_boards"),
    path("", include("duplicate.urls_entry")),
    path("", include("duplicate.urls_standings")),
    path("", include("teams.urls")),
    path("", include("duplicate.urls_exports")),
    path("", include("duplicate.urls_audit")),
    path("login/", ThrottledLoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
]
