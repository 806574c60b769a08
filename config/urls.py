from django.contrib import admin
from django.urls import path

admin.site.site_header = "Concursos e cotas — Prefeitura Municipal de Cariacica"
admin.site.site_title = "Concursos e cotas"
admin.site.index_title = "Administração"

urlpatterns = [
    path("admin/", admin.site.urls),
]
