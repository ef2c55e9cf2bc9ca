"""The event history and undo (issue 9), and the admin's sign-in sent to the throttled director sign-in."""

from django.urls import path
from django.views.generic import RedirectView

from duplicate import views_audit

urlpatterns = [
    path("events/<int:pk>/history/", views_audit.event_history, name="event_history"),
    path("events/<int:pk>/history/<int:change_pk>/undo/", views_audit.change_undo, name="change_undo"),
    path("events/<int:pk>/history/names/<int:entry_pk>/undo/", views_audit.names_undo, name="names_undo"),
    # Included before "admin/": the admin's own sign-in form is not throttled, so it sends people (with their
    # ?next=) to the one sign-in page that is (duplicate.security). A POST there checks no password.
    path("admin/login/", RedirectView.as_view(pattern_name="login", query_string=True), name="admin_login"),
]
