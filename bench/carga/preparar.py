"""Prepara o banco de ``DATABASE_URL`` para o teste de carga (``bench/carga/rodar.sh``).

Grava, pelos serviços do projeto (como faria o RH):

1. os dados de demonstração (``manage.py carregar_demo``: editais 1/2025, 2/2023 e 3/2020, com
   resultados; o de 3/2020 publicado);
2. o edital em escala de ``bench/dados_em_escala.py`` (``--inscricoes`` em ``--cargos``), com o
   resultado de cada cargo gerado e publicado (o RH abre e exporta listas de tamanho real);
3. os usuários do RH da carga (``carga-rh-NN``, papel RH) e os membros das comissões
   (``carga-membro-NN``), com senhas conhecidas — **só de teste**, como as da demonstração — e o
   aplicativo autenticador de cada um cadastrado pelas telas do segundo fator (o dispositivo em
   cadastro confirmado com o primeiro código: ``bench/segundo_fator.py``), com a chave conhecida;
4. uma comissão ordinária de 5 titulares por grupo de 5 membros, cada uma num edital pequeno
   próprio (uma comissão ordinária por edital e grupo), com a sessão **aberta** e ``--chamados``
   candidatos chamados e presentes, esperando os pareceres.

Cada membro registra no máximo um parecer por candidato (``Parecer`` é único por membro e chamado)
e pode alterá-lo enquanto a sessão estiver aberta; com 5 titulares, cada candidato recebe até 5
pareceres. 120 candidatos por sessão dão a cada membro mais votos novos do que ele consegue dar
em 60 s; se acabarem, o membro passa a alterar os seus (cada alteração também é um voto que não
pode se perder: fica no histórico do parecer).

No fim escreve o **plano** (JSON) que o ``locustfile.py`` lê: usuários, senhas, a chave e o último
passo usado do aplicativo de cada um (o código do cadastro não vale de novo), sessões e os ids das
páginas que o RH abre. Com ``--portal`` (a carga do portal da transparência), depois do passo 2
só prepara a forma do portal de cada resultado publicado e escreve o plano dos visitantes
anônimos. Uso::

    .venv/bin/python bench/carga/preparar.py --plano /tmp/plano.json [--inscricoes 100000 --cargos 50] [--portal]
"""

import argparse
import importlib.util
import json
import math
import os
import sys
import time
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]
for caminho in (str(RAIZ), str(RAIZ / "bench")):
    if caminho not in sys.path:
        sys.path.insert(0, caminho)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402
import segundo_fator  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.hashers import make_password  # noqa: E402
from django.contrib.auth.models import Group  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.utils import timezone  # noqa: E402

from comum.cpf import completar_cpf  # noqa: E402
from concursos import papeis  # noqa: E402
from concursos import services as servicos_de_concursos  # noqa: E402
from concursos.models import Candidato, Cargo, Edital, Inscricao, OpcaoDeGrupo, Resultado  # noqa: E402
from cotas.modelo import CONCURSO_PUBLICO, PENDENTE  # noqa: E402
from heteroidentificacao import services  # noqa: E402
from heteroidentificacao.models import Sessao  # noqa: E402

SENHA_DO_RH = "carga-rh-2025"
SENHA_DOS_MEMBROS = "carga-membro-2025"
MEMBROS_POR_COMISSAO = 5  # os titulares da regra padrão da comissão ordinária (quorum.py)
ANO = 2026
PRIMEIRO_EDITAL = 901  # editais das comissões da carga: 901/2026, 902/2026…
PRIMEIRO_CPF = 950_000_001  # base de 9 dígitos, longe da demonstração (700 milhões) e da escala (100 milhões)
BUSCAS = ("Silva", "Maria", "Santos", "Oliveira", "José", "Souza", "Pereira", "Ana", "Costa", "Lima")


def cronometro(rotulo: str):
    """Imprime quanto levou cada etapa (a preparação de 100 mil inscrições leva alguns minutos)."""

    class _Cronometro:
        def __enter__(self):
            self.inicio = time.perf_counter()
            print(f"preparar: {rotulo}…", flush=True)

        def __exit__(self, *erro):
            if erro[0] is None:
                print(f"preparar: {rotulo}: {time.perf_counter() - self.inicio:.1f} s", flush=True)

    return _Cronometro()


# ── Edital em escala ─────────────────────────────────────────────────────────────────────────────


def edital_em_escala(inscricoes: int, cargos: int) -> Edital | None:
    """O edital de ``bench/dados_em_escala.py`` (``gerar`` devolve o id), ou ``None`` sem ele."""
    caminho = RAIZ / "bench" / "dados_em_escala.py"
    if inscricoes <= 0:
        return None
    if not caminho.exists():
        print(f"preparar: AVISO: {caminho} não existe; a carga usa só os dados de demonstração.", flush=True)
        return None
    especificacao = importlib.util.spec_from_file_location("dados_em_escala", caminho)
    modulo = importlib.util.module_from_spec(especificacao)
    especificacao.loader.exec_module(modulo)
    return Edital.objects.get(pk=modulo.gerar(inscricoes, cargos))


def publicar_resultados(edital: Edital, admin) -> list[Resultado]:
    """Gera e publica o resultado de cada cargo (o que sair provisório fica como prévia)."""
    resultados = []
    for cargo in edital.cargos.order_by("codigo"):
        resultado = cargo.resultados.order_by("-versao").first() or servicos_de_concursos.gerar_resultado(
            cargo, por=admin, motivo="Carga: primeiro resultado"
        )
        if resultado.status == Resultado.FINAL:
            resultado = servicos_de_concursos.publicar_resultado(resultado, por=admin)
        resultados.append(resultado)
    return resultados


# ── Usuários ─────────────────────────────────────────────────────────────────────────────────────


def usuarios(prefixo: str, quantidade: int, senha: str, grupo: str, *, staff: bool) -> list[str]:
    """Cria (ou acerta) ``prefixo-01``… com a senha dada; o hash é calculado uma vez só (cada hash
    PBKDF2 custa ~0,4 s) e copiado para todos, o que dá o mesmo efeito de ``set_password``."""
    modelo = get_user_model()
    hash_da_senha = make_password(senha)
    papel = Group.objects.get(name=grupo)
    nomes = [f"{prefixo}-{n:02d}" for n in range(1, quantidade + 1)]
    for nome in nomes:
        usuario, _ = modelo.objects.update_or_create(
            username=nome,
            defaults={
                "password": hash_da_senha,
                "is_staff": staff,
                "is_active": True,
                "first_name": prefixo.split("-")[-1].capitalize(),
                "last_name": nome.rsplit("-", 1)[-1],
                "email": f"{nome}@cariacica.test",
            },
        )
        usuario.groups.add(papel)
    return nomes


# ── Comissões com sessão aberta ──────────────────────────────────────────────────────────────────


def edital_da_comissao(indice: int, candidatos: int, admin, proximo_cpf: int) -> tuple[Edital, list[Inscricao], int]:
    """Edital pequeno com um cargo e ``candidatos`` inscrições que optaram pela reserva a negros,
    com a verificação pendente (as que a comissão vai julgar)."""
    numero = PRIMEIRO_EDITAL + indice
    existente = Edital.objects.filter(numero=numero, ano=ANO).first()
    if existente is not None:
        raise SystemExit(f"preparar: o edital {numero}/{ANO} já existe: use um banco novo (rodar.sh cria um).")
    edital = servicos_de_concursos.criar_edital(
        por=admin,
        percentual_pcd=Decimal("5"),
        numero=numero,
        ano=ANO,
        titulo=f"Carga — heteroidentificação {indice + 1}",
        tipo=CONCURSO_PUBLICO,
        publicado_em=date(ANO, 2, 2),
        data_referencia_idade=date(ANO, 3, 6),
        regime="cariacica-2023",
        cargos=[("AGA", "Agente Administrativo", max(1, candidatos // 10))],
    )
    cargo = Cargo.objects.get(edital=edital)
    pessoas = []
    for n in range(candidatos):
        cpf = completar_cpf(f"{proximo_cpf + n:09d}")
        pessoas.append(
            Candidato(nome=f"Candidata Carga {indice + 1}-{n + 1:04d}", cpf=cpf, nascimento=date(1990, 1, 1))
        )
    pessoas = Candidato.objects.bulk_create(pessoas)
    inscricoes = Inscricao.objects.bulk_create(
        Inscricao(
            edital=edital,
            cargo=cargo,
            candidato=pessoa,
            numero=f"C{indice + 1:02d}{n + 1:05d}",
            cor_raca="parda" if n % 3 else "preta",
            nota=Decimal(9000 - n) / 100,
            sorteio=n + 1,
        )
        for n, pessoa in enumerate(pessoas)
    )
    OpcaoDeGrupo.objects.bulk_create(OpcaoDeGrupo(inscricao=i, grupo="negros", situacao=PENDENTE) for i in inscricoes)
    return edital, inscricoes, proximo_cpf + candidatos


def comissao_com_sessao_aberta(edital: Edital, inscricoes: list[Inscricao], membros: list, admin) -> Sessao:
    """Comissão ordinária com os membros (o primeiro preside), sessão aberta, candidatos chamados
    e presentes: tudo pelos serviços, com a auditoria de cada passo."""
    comissao = services.criar_comissao(edital, por=admin)
    for posicao, usuario in enumerate(membros):
        services.adicionar_membro(comissao, usuario, por=admin, presidente=posicao == 0)
    presidente = membros[0]
    inicio = timezone.now() - timedelta(minutes=30)
    sessao = services.criar_sessao(comissao, inicio=inicio, por=admin, local="Sala da carga (simulada)")
    sessao = services.abrir_sessao(sessao, por=presidente)
    for chamado in services.chamar_candidatos(sessao, inscricoes, por=admin):
        services.registrar_presenca(chamado, compareceu=True, por=presidente)
    return sessao


# ── O plano para o Locust ────────────────────────────────────────────────────────────────────────


def autenticadores(nomes: list[str]) -> dict[str, dict]:
    """O aplicativo autenticador de cada usuário, cadastrado agora (a chave e o passo já usado)."""
    modelo = get_user_model()
    return {
        usuario.username: segundo_fator.aplicativo_de(usuario).como_dicionario()
        for usuario in modelo.objects.filter(username__in=nomes).order_by("username")
    }


def montar_plano(escala: Edital | None, rh: list[str], sessoes: dict[str, int], aplicativos: dict) -> dict:
    """O que o locustfile precisa: quem entra, com que senha e com que aplicativo autenticador, e os
    ids das páginas do RH (fora os editais das comissões da carga, que só existem para as sessões)."""
    da_carga = {"ano": ANO, "numero__gte": PRIMEIRO_EDITAL}
    editais = Edital.objects.exclude(**da_carga)
    cargos = Cargo.objects.filter(edital__in=editais)
    ultimos = []
    for cargo in cargos.order_by("pk"):
        ultimo = cargo.resultados.order_by("-versao").values_list("pk", flat=True).first()
        if ultimo is not None:
            ultimos.append(ultimo)
    publicados = list(
        Resultado.objects.filter(pk__in=ultimos, status=Resultado.PUBLICADO).order_by("pk").values_list("pk", flat=True)
    )
    # O PDF do resultado de um edital inteiro é pesado (WeasyPrint): na carga, só o da Guarda 3/2020.
    pdf_do_resultado = list(Edital.objects.filter(numero=3, ano=2020).values_list("pk", flat=True))
    escala_pk = escala.pk if escala else None
    amostra = Inscricao.objects.filter(edital_id=escala_pk) if escala else Inscricao.objects.all()
    numeros = list(amostra.order_by("?").values_list("numero", flat=True)[:50])
    return {
        "rh": {"senha": SENHA_DO_RH, "usuarios": rh},
        "membros": [{"usuario": u, "senha": SENHA_DOS_MEMBROS, "sessao": s} for u, s in sessoes.items()],
        "aplicativos": aplicativos,
        "editais": list(editais.order_by("pk").values_list("pk", flat=True)),
        "edital_em_escala": escala_pk,
        "cargos_em_escala": list(Cargo.objects.filter(edital_id=escala_pk).values_list("pk", flat=True)),
        "cargos": list(cargos.order_by("pk").values_list("pk", flat=True)),
        "resultados": ultimos,
        "publicados": publicados,
        "pdf_do_resultado": pdf_do_resultado,
        "buscas": list(BUSCAS),
        "numeros": numeros,
        "inscricoes_no_banco": Inscricao.objects.count(),
    }


def preparar_o_portal(caminho: str, escala: Edital | None, inicio: float) -> None:
    """A carga do portal (``rodar.sh --portal``): a forma do portal de cada resultado publicado do
    edital em escala, preparada como na publicação (``concursos.services.portal``), e o plano dos
    visitantes — o edital e, de cada resultado, as listas e quantas páginas cada uma tem."""
    from concursos.services.portal import forma_do_portal

    publicados = Resultado.objects.filter(cargo__edital=escala, status=Resultado.PUBLICADO).order_by("pk")
    with cronometro(f"forma do portal de {publicados.count()} resultados publicados"):
        formas = [forma_do_portal(r) for r in publicados.defer("cenario", "saida", "diferencas")]
    plano = {
        "rh": {"senha": "", "usuarios": []},
        "membros": [],
        "aplicativos": {},
        "portal": {
            "editais": [escala.pk] if escala else [],
            "resultados": [
                {"pk": f.resultado_id, "listas": {lista["nome"]: lista["paginas"] for lista in f.listas}}
                for f in formas
            ],
        },
        "inscricoes_no_banco": Inscricao.objects.count(),
    }
    Path(caminho).write_text(json.dumps(plano, indent=1), encoding="utf-8")
    print(
        f"preparar: pronto em {time.perf_counter() - inicio:.0f} s: {plano['inscricoes_no_banco']} inscrições, "
        f"{len(formas)} resultados no portal; plano em {caminho}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plano", required=True, help="arquivo JSON a escrever para o locustfile")
    parser.add_argument("--inscricoes", type=int, default=100_000, help="inscrições do edital em escala (0: sem)")
    parser.add_argument("--cargos", type=int, default=50, help="cargos do edital em escala")
    parser.add_argument("--rh", type=int, default=30, help="usuários do RH (um por usuário simulado, no máximo)")
    parser.add_argument("--membros", type=int, default=10, help="membros de comissão (arredondado para múltiplo de 5)")
    parser.add_argument("--chamados", type=int, default=120, help="candidatos chamados em cada sessão")
    parser.add_argument("--sem-resultados", action="store_true", help="não gera nem publica os resultados da escala")
    parser.add_argument(
        "--portal",
        action="store_true",
        help="só os visitantes do portal: sem usuários nem comissões (rodar.sh --portal)",
    )
    args = parser.parse_args()

    inicio = time.perf_counter()
    with cronometro("dados de demonstração (carregar_demo)"):
        call_command("carregar_demo", verbosity=0, stdout=open(os.devnull, "w"))  # noqa: SIM115
    admin = get_user_model().objects.get(username="admin")
    escala = None
    if args.inscricoes > 0:
        with cronometro(f"edital em escala ({args.inscricoes} inscrições em {args.cargos} cargos)"):
            escala = edital_em_escala(args.inscricoes, args.cargos)
    if escala is not None and not args.sem_resultados:
        with cronometro(f"resultados dos cargos do edital {escala} (gerar e publicar)"):
            publicar_resultados(escala, admin)
    if args.portal:
        preparar_o_portal(args.plano, escala, inicio)
        return
    with cronometro("usuários do RH e membros das comissões"):
        rh = usuarios("carga-rh", args.rh, SENHA_DO_RH, papeis.RH, staff=True)
        comissoes = max(1, math.ceil(args.membros / MEMBROS_POR_COMISSAO))
        nomes = usuarios(
            "carga-membro", comissoes * MEMBROS_POR_COMISSAO, SENHA_DOS_MEMBROS, papeis.MEMBRO, staff=False
        )
        presidentes = nomes[::MEMBROS_POR_COMISSAO]
        Group.objects.get(name=papeis.PRESIDENTE).user_set.add(
            *get_user_model().objects.filter(username__in=presidentes)
        )
    sessoes, proximo_cpf = {}, PRIMEIRO_CPF
    with cronometro(f"{comissoes} comissão(ões) com sessão aberta e {args.chamados} candidatos presentes em cada"):
        for indice in range(comissoes):
            edital, inscricoes, proximo_cpf = edital_da_comissao(indice, args.chamados, admin, proximo_cpf)
            grupo = nomes[indice * MEMBROS_POR_COMISSAO : (indice + 1) * MEMBROS_POR_COMISSAO]
            membros = list(get_user_model().objects.filter(username__in=grupo).order_by("username"))
            sessao = comissao_com_sessao_aberta(edital, inscricoes, membros, admin)
            sessoes.update({nome: sessao.pk for nome in grupo})
    with cronometro("aplicativo autenticador de cada usuário (cadastro do segundo fator)"):
        aplicativos = autenticadores(rh + nomes)
    plano = montar_plano(escala, rh, sessoes, aplicativos)
    Path(args.plano).write_text(json.dumps(plano, indent=1), encoding="utf-8")
    print(
        f"preparar: pronto em {time.perf_counter() - inicio:.0f} s: {plano['inscricoes_no_banco']} inscrições, "
        f"{len(rh)} usuários do RH, {len(sessoes)} membros em {comissoes} sessão(ões) aberta(s), "
        f"{len(plano['resultados'])} resultados ({len(plano['publicados'])} publicados); plano em {args.plano}",
        flush=True,
    )


if __name__ == "__main__":
    main()
