from __future__ import annotations

from django.urls import path

from results import views

app_name = "results"

urlpatterns = [
    path("wiki/<slug:slug>/results/", views.concept_results, name="concept_results"),
    path("benchmarks/", views.benchmark_list, name="benchmarks"),
    path("benchmarks/<slug:slug>/", views.benchmark_detail, name="benchmark"),
    path("results/<int:pk>/decide/", views.result_decide_view, name="decide"),
    path("results/<int:pk>/edit/", views.result_edit_view, name="edit"),
]
