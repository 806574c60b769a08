"""O simulador de cotas: o quadro de um cargo hipotético ou um arquivo de cenário inteiro, o mesmo
cálculo do ``manage.py simular_cotas``; nada é gravado."""

from django.contrib.admin.views.decorators import staff_member_required
from django.shortcuts import render

import cotas

from ..apresentacao import (
    contexto_admin,
    contexto_da_simulacao,
    contexto_do_quadro,
    quadro_avulso,
)
from ..forms import (
    SimuladorCenarioForm,
    SimuladorQuadroForm,
)


@staff_member_required
def simulador(request):
    quadro_form = SimuladorQuadroForm(request.GET if "vagas" in request.GET else None)
    cenario_form = SimuladorCenarioForm(*((request.POST, request.FILES) if request.method == "POST" else ()))
    contexto = contexto_admin(request, "Simulador de cotas", quadro_form=quadro_form, cenario_form=cenario_form)
    if quadro_form.is_valid():
        try:
            contexto["quadro"] = quadro_avulso(contexto_do_quadro(quadro_form.quadro()))
        except cotas.ErroDeCotas as erro:
            quadro_form.add_error(None, str(erro))
    if cenario_form.is_valid():
        try:
            contexto["resultado"] = contexto_da_simulacao(*cenario_form.simular())
        except cotas.ErroDeCotas as erro:
            cenario_form.add_error(None, str(erro))
    return render(request, "concursos/simulador.html", contexto)
