"""Fixtures de concursos: o exemplo de docs/REGRAS.md §4 com o resultado gerado ou publicado e os
editais das importações. O ``cargo`` e o ``rh`` de toda a suíte estão em ``tests/conftest.py``."""

from datetime import date

import pytest

from concursos import services
from concursos.models import Cargo, Edital
from concursos.papeis import AUDITOR, MEMBRO, RH, configurar_papeis
from concursos.tipos_de_ato import TIPOS_DE_ATO, TipoDeAto

from .fabricas import cargo_do_exemplo_da_alternancia, edital, usuario


@pytest.fixture
def papeis():
    """Uma pessoa de cada papel de concursos/papeis.py, pelo grupo: Rita (RH), Célia (Auditor) e
    Marcos (Membro de comissão)."""
    grupos = configurar_papeis()

    def com_papel(nome, papel):
        pessoa = usuario(nome)
        pessoa.groups.add(grupos[papel])
        return pessoa

    return {RH: com_papel("rita", RH), AUDITOR: com_papel("celia", AUDITOR), MEMBRO: com_papel("marcos", MEMBRO)}


@pytest.fixture
def cargo_com_resultado():
    """O exemplo de docs/REGRAS.md §4 (5 vagas; A, B, Z, Y e P convocados) com a primeira versão do resultado."""
    cargo = cargo_do_exemplo_da_alternancia()
    services.gerar_resultado(cargo, por=usuario("autor"))
    return cargo


@pytest.fixture
def publicado(rh):
    """O exemplo de docs/REGRAS.md §4 (A, B, Z, Y e P convocados, nas posições 1 a 5), com a primeira
    versão gerada e publicada pelo ``rh`` e a validade do concurso até 30/06/2026."""
    cargo = cargo_do_exemplo_da_alternancia()
    Edital.objects.filter(pk=cargo.edital_id).update(validade_ate=date(2026, 6, 30))
    services.publicar_resultado(services.gerar_resultado(cargo, por=rh), por=rh)
    return Cargo.objects.select_related("edital").get(pk=cargo.pk)


@pytest.fixture
def edital_gm():
    """Edital 1/2025 com Guarda Municipal (5 vagas) e Agente Administrativo (3)."""
    return edital(cargos=(("GM", "Guarda Municipal", 5), ("AGE", "Agente Administrativo", 3)))


@pytest.fixture
def edital_asg(rh):
    """Edital 1/2025 do ``rh`` com Auxiliar de Serviços Gerais (3 vagas) e Guarda Municipal (2),
    desempate pelas notas de conhecimentos específicos e básicos, idoso e idade."""
    return edital(
        criado_por=rh,
        cargos=(("ASG", "Auxiliar de Serviços Gerais", 3), ("GM", "Guarda Municipal", 2)),
        desempate=["nota:conhecimentos_especificos", "nota:conhecimentos_basicos", "idoso", "idade"],
    )


@pytest.fixture
def tipo_de_ato_ficticio(settings, tmp_path, monkeypatch):
    """Acrescenta um tipo de ato como faria quem o cria: uma entrada na tabela (``aviso_ficticio``,
    publicado por quem altera o edital) e o seu modelo, do qual se passa o corpo do bloco
    ``conteudo``; devolve a chave do tipo. Tudo se desfaz no fim do teste."""

    def acrescentar(corpo: str) -> str:
        modelo = '{% extends "concursos/pdf/base.html" %}{% block conteudo %}' + corpo + "{% endblock %}"
        (tmp_path / "aviso_ficticio.html").write_text(modelo)
        settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], tmp_path]}]
        tipo = TipoDeAto("Aviso fictício", "aviso_ficticio.html", "concursos.change_edital")
        monkeypatch.setitem(TIPOS_DE_ATO, "aviso_ficticio", tipo)
        return "aviso_ficticio"

    return acrescentar
