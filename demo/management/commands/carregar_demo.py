"""``carregar_demo``: dados de demonstração idempotentes (ver ``demo/concursos.py`` e
``demo/heteroidentificacao.py``)."""

from django.conf import settings
from django.core.management.base import BaseCommand

from demo import concursos as demo_de_concursos
from demo import heteroidentificacao as demo_da_heteroidentificacao
from demo.usuarios import URL_DO_ADMIN, USUARIOS

ROTULOS = {
    "editais": "editais",
    "cargos": "cargos",
    "candidatos": "candidatos",
    "inscricoes": "inscrições",
    "opcoes": "opções por grupo",
    "atos_de_verificacao": "atos de verificação",
    "resultados": "resultados",
    "eventos": "eventos",
    "nomeacoes": "nomeações",
}


class Command(BaseCommand):
    help = (
        "Carrega os dados de DEMONSTRAÇÃO (editais 1/2025, 2/2023, 3/2020 e 1/2019, candidatos fictícios, um usuário "
        "por papel) e gera o primeiro resultado de cada cargo. Rodar de novo não muda nada."
    )

    def handle(self, *args, **options):
        resumo = demo_de_concursos.carregar()
        chamados = demo_da_heteroidentificacao.carregar(resumo.usuarios["admin"])
        if chamados:
            self.stdout.write(
                f"Comissão de heteroidentificação do edital 1/2025 criada, com sessão planejada para amanhã "
                f"e {chamados} candidato(s) com verificação pendente chamados."
            )
        criados = [f"{quantidade} {ROTULOS[chave]}" for chave, quantidade in resumo.criados.items() if quantidade]
        if criados:
            self.stdout.write(self.style.SUCCESS("Dados de demonstração criados: " + ", ".join(criados) + "."))
        else:
            self.stdout.write("Os dados de demonstração já estavam carregados; nada foi alterado.")
        self.stdout.write("")
        self.stdout.write("Usuários de DEMONSTRAÇÃO (senhas públicas; nunca use em produção):")
        self.stdout.write(f"  {'usuário':<12} {'senha':<22} papel")
        for usuario in USUARIOS:
            papel = "superusuário" if usuario.superusuario else usuario.grupo
            self.stdout.write(f"  {usuario.username:<12} {usuario.senha:<22} {papel}")
        self.stdout.write("  (usuário que já existia antes da primeira carga mantém a senha que tinha)")
        if settings.DOIS_FATORES_ISENTOS:
            self.stdout.write("  Entram só com a senha: DEMO_SEM_DOIS_FATORES=1 (só vale com DEBUG ligado).")
        else:
            self.stdout.write(
                "  Cada um cadastra o aplicativo autenticador (segundo fator) no primeiro login; para a "
                "demonstração sem ele, DEMO_SEM_DOIS_FATORES=1 (é o que o `make run` faz)."
            )
        self.stdout.write("")
        self.stdout.write(f"Admin: {URL_DO_ADMIN}")
