"""The root urlconf: the apps' own url patterns, sign-in and sign-out (throttled), then the admin.

``healthz``: the health check (config.health). The admin comes last: duplicate's urls send ``admin/login/`` to the throttled sign-in page, which only works
while that pattern is matched before the admin's own login page.
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from config.health import healthz
from config.language import language_choose
from duplicate.security import ThrottledLoginView

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("", include("duplicate.urls")),
    path("", include("teams.urls")),
    path("login/", ThrottledLoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("language/<str:code>/", language_choose, name="language_choose"),  # the footer's chooser
    path("admin/", admin.site.urls),
]
