"""Downloads: printouts (PDF) and spreadsheets (xlsx, CSV); public and read-only."""

from django.urls import path, re_path

from duplicate import views_exports as views

urlpatterns = [
    re_path(
        r"^events/(?P<pk>[0-9]+)/download/standings\.(?P<fmt>csv|xlsx|pdf)$",
        views.download_standings,
        name="download_standings",
    ),
    path("events/<int:pk>/download/travellers.pdf", views.download_travellers, name="download_travellers"),
    path("events/<int:pk>/download/results.csv", views.download_results_csv, name="download_results_csv"),
    path("events/<int:pk>/download/workbook.xlsx", views.download_workbook, name="download_workbook"),
    re_path(
        r"^events/(?P<pk>[0-9]+)/download/(?P<kind>scorecards|guide-cards|hand-records)\.pdf$",
        views.download_printout,
        name="download_printout",
    ),
]
