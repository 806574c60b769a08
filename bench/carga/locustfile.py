"""Carga simulada do sistema (issue 6, caso 5): o RH no admin e os membros das comissões votando.

Rodado por ``bench/carga/rodar.sh`` (Locust sem interface, ``--headless``); sozinho::

    CARGA_PLANO=/tmp/plano.json CARGA_VOTOS=/tmp/votos.jsonl CARGA_TEMPOS=/tmp/tempos.csv \\
        .venv/bin/locust -f bench/carga/locustfile.py --headless -u 30 -r 2 -t 75s --host https://127.0.0.1:8443 \\
            ServidorDoRH MembroDaComissao

Dois tipos de usuário (ver ``bench/README-carga.md``), que o ``rodar.sh`` escolhe na linha de
comando (``ServidorDoRH MembroDaComissao``), e um terceiro só na carga do portal (``--portal``):

- ``ServidorDoRH`` entra pelo ``/admin/`` e navega: lista de inscrições (com filtro por edital e
  cargo, busca por nome e por número, páginas adiante), a ficha de uma inscrição, o edital (quadro
  de vagas), a lista e a página dos resultados e, de vez em quando, exporta: a planilha de um
  resultado publicado, as inscrições de um cargo (django-import-export) ou um PDF;
- ``MembroDaComissao`` entra por ``/contas/entrar/``, abre a sua sessão e vai julgando os candidatos
  na ordem da sessão, como numa sessão de verdade (os 5 membros diante do mesmo candidato, quase ao
  mesmo tempo): abre o candidato, registra o parecer e confere a mensagem de sucesso. De vez em
  quando muda de ideia sobre um candidato já julgado e altera o seu parecer (o serviço permite,
  com a sessão aberta); quando acabam os candidatos, só altera;
- ``VisitanteDoPortal``, sem login, abre o portal da transparência no dia do resultado: o edital,
  o resultado de um cargo, páginas das listas e, de vez em quando, os dados abertos.

Todos entram como uma pessoa: a senha e, na tela seguinte, o código de 6 dígitos do aplicativo
autenticador, calculado da chave que ``preparar.py`` cadastrou (``bench/segundo_fator.py``; se o
código do momento já foi usado, o usuário espera o próximo, como a pessoa faria). Um login que não
passa do segundo fator para a carga inteira na hora e fica em ``CARGA_LOGINS`` (uma linha JSON por
usuário, com o motivo): ``conferir.py`` recusa a medida — a carga nunca mede a tela de login no
lugar do sistema.

Cada voto que o sistema confirmou (a página depois do POST diz "Parecer registrado" ou "Parecer
alterado") vai para ``CARGA_VOTOS`` (uma linha JSON por voto); ``conferir.py`` verifica depois, no
banco, que todos estão gravados. O tempo de cada requisição vai para ``CARGA_TEMPOS`` (CSV), de onde
saem p50 e p95 exatos (os percentis do Locust são arredondados).

Produção sem atalhos: ``DEBUG=0``, cookies ``Secure``, CSRF com ``Origin``. Contra o nginx o cliente
fala HTTPS (``CARGA_CA``: o certificado a conferir). Direto no gunicorn (caso 5), o cliente faz o
que o nginx faria — manda ``X-Forwarded-Proto: https`` — e, como os navegadores fazem com
``localhost``, manda os cookies ``Secure`` ao 127.0.0.1 mesmo por HTTP (``CARGA_PROXY_HTTPS=1``).
"""

import csv
import itertools
import json
import os
import random
import re
import resource
import sys
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import gevent
from locust import HttpUser, between, events, task
from locust.exception import StopUser
from requests.cookies import RequestsCookieJar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, para o segundo_fator.py
from segundo_fator import TELA_DO_CODIGO, Aplicativo  # noqa: E402

PLANO = json.loads(Path(os.environ["CARGA_PLANO"]).read_text(encoding="utf-8"))
ARQUIVO_DE_VOTOS = os.environ.get("CARGA_VOTOS", "votos.jsonl")
ARQUIVO_DE_LOGINS = os.environ.get("CARGA_LOGINS", "logins.jsonl")
ARQUIVO_DE_TEMPOS = os.environ.get("CARGA_TEMPOS", "")
PROXY_HTTPS = os.environ.get("CARGA_PROXY_HTTPS") == "1"
CERTIFICADO = os.environ.get("CARGA_CA", "")
MEMBROS = int(os.environ.get("CARGA_MEMBROS", "10"))
DURACAO = float(os.environ.get("CARGA_DURACAO", "0"))  # segundos com todos no ar (0: só o -t do Locust)


def _espera(variavel: str, padrao: str):
    minimo, maximo = (float(x) for x in os.environ.get(variavel, padrao).split(","))
    return between(minimo, maximo)


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
FICHAS = re.compile(r"/admin/concursos/inscricao/(\d+)/change/")
CHAMADOS = re.compile(r"/heteroidentificacao/chamados/(\d+)/parecer/")
CAIXAS_MARCADAS = re.compile(r'<input type="checkbox" name="([^"]+)"[^>]*\bchecked\b')
FUNDAMENTACAO = "Características fenotípicas observadas na sessão (cor da pele, textura do cabelo, traços faciais)."
SUCESSO_DO_VOTO = ("Parecer registrado", "Parecer alterado")

# ── Registro dos tempos e dos votos ──────────────────────────────────────────────────────────────

_tempos: list[tuple] = []
_subida = {"spawn": None, "prontos": []}  # fim do spawn do Locust; quando cada usuário terminou de entrar


@events.spawning_complete.add_listener
def _todos_criados(user_count, **_):
    _subida["spawn"] = time.time()


@events.request.add_listener
def _anotar_tempo(request_type, name, response_time, response_length, exception, **_):
    inicio = time.time() - response_time / 1000
    _tempos.append((round(inicio, 3), request_type, name, round(response_time, 1), exception is None))


@events.test_stop.add_listener
def _gravar_tempos(environment=None, **_):
    """Uma linha por requisição; ``fase`` diz se ela começou na subida (logins) ou com todos no ar."""
    if not ARQUIVO_DE_TEMPOS:
        return
    uso = resource.getrusage(resource.RUSAGE_SELF)  # a CPU do próprio Locust, para o relatório
    Path(ARQUIVO_DE_TEMPOS + ".cpu-do-locust").write_text(f"{uso.ru_utime + uso.ru_stime:.2f}\n")
    # Todos no ar: o Locust criou todos os usuários e o último deles terminou o login (se algum não
    # entrou, ninguém esteve "no ar" com todos).
    todos = environment is None or len(_subida["prontos"]) >= environment.runner.target_user_count
    terminou = max([_subida["spawn"] or float("inf"), *_subida["prontos"]]) if todos else float("inf")
    with open(ARQUIVO_DE_TEMPOS, "w", newline="", encoding="utf-8") as arquivo:
        escritor = csv.writer(arquivo)
        escritor.writerow(["inicio", "metodo", "nome", "ms", "ok", "fase"])
        for linha in _tempos:
            escritor.writerow([*linha, "carga" if linha[0] >= terminou else "subida"])


def anotar_voto(usuario: str, chamado: int, voto: str, tipo: str) -> None:
    linha = {"usuario": usuario, "chamado": chamado, "voto": voto, "tipo": tipo, "quando": time.time()}
    with open(ARQUIVO_DE_VOTOS, "a", encoding="utf-8") as arquivo:
        arquivo.write(json.dumps(linha) + "\n")


def anotar_login(usuario: str, motivo: str | None, espera: float) -> None:
    """Um login: ``motivo`` é ``None`` se passou do segundo fator; ``espera``, os segundos que o
    usuário esperou por um código ainda não usado."""
    linha = {"usuario": usuario, "segundo_fator": motivo is None, "motivo": motivo, "espera": round(espera, 1)}
    with open(ARQUIVO_DE_LOGINS, "a", encoding="utf-8") as arquivo:
        arquivo.write(json.dumps(linha, ensure_ascii=False) + "\n")


# O aplicativo de cada conta, um só por conta neste processo: dois usuários simulados na mesma conta
# (mais usuários do RH que contas) sabem qual código já foi usado.
_aplicativos = {usuario: Aplicativo(**dados) for usuario, dados in PLANO["aplicativos"].items()}


class CookiesDoLoopback(RequestsCookieJar):
    """Guarda os cookies ``Secure`` de modo que voltem também por HTTP: só usado direto no gunicorn,
    em 127.0.0.1 (os navegadores tratam ``localhost`` como contexto seguro e fazem o mesmo). O
    requests copia o pote a cada requisição, por isso a marca sai na hora de guardar."""

    def set_cookie(self, cookie, *args, **kwargs):
        cookie.secure = False
        return super().set_cookie(cookie, *args, **kwargs)


# ── Base: login, GET conferido, POST com CSRF ────────────────────────────────────────────────────


class UsuarioDoSistema(HttpUser):
    abstract = True
    url_de_login = ""
    destino = ""

    def on_start(self):
        self.preparar_o_cliente()
        self.usuario, self.senha = self.conta()
        self.entrar()
        self.no_ar()

    def preparar_o_cliente(self):
        if PROXY_HTTPS:
            self.client.headers["X-Forwarded-Proto"] = "https"
            self.client.cookies = CookiesDoLoopback()
        if CERTIFICADO:
            self.client.verify = CERTIFICADO
        self.origem = "https://" + urlsplit(self.host).netloc

    def no_ar(self):
        _subida["prontos"].append(time.time())
        if DURACAO and len(_subida["prontos"]) == self.environment.runner.target_user_count:
            # O último entrou: a medida dura DURACAO segundos a partir daqui (o -t do Locust é só o teto).
            gevent.spawn_later(DURACAO, self.environment.runner.quit)

    def conta(self) -> tuple[str, str]:
        raise NotImplementedError

    def entrar(self):
        """A senha, a tela do código e o código do aplicativo, como a pessoa: o login só conta se
        terminar na página de destino com a sessão verificada pelo segundo fator."""
        formulario = self.abrir(f"{self.url_de_login}?next={self.destino}", "login (formulário)")
        if formulario is None:
            self.login_falhou("o formulário de login não abriu")
        dados = {"username": self.usuario, "password": self.senha, "next": self.destino}
        tela_do_codigo = self.enviar(
            self.url_de_login, formulario, dados, "login (senha)", espera=None, fim=TELA_DO_CODIGO
        )
        if tela_do_codigo is None:
            self.login_falhou(f"a senha não levou à tela do código do aplicativo ({TELA_DO_CODIGO})")
        aplicativo = _aplicativos.get(self.usuario)
        if aplicativo is None:
            self.login_falhou("o plano não tem o aplicativo autenticador deste usuário (preparar.py)")
        espera = aplicativo.espera()  # o código de agora já foi usado: espera o próximo
        codigo = aplicativo.codigo()
        dados = {"codigo": codigo, "next": self.destino}
        resposta = self.enviar(
            tela_do_codigo.url, tela_do_codigo, dados, "login (código)", espera=None, fim=self.destino
        )
        if resposta is None:
            self.login_falhou("o código do aplicativo não foi aceito")
        anotar_login(self.usuario, None, espera)

    def login_falhou(self, motivo: str):
        """Sem o segundo fator não há o que medir: anota, para a carga inteira e tira este usuário."""
        anotar_login(self.usuario, motivo, 0)
        gevent.spawn(self.environment.runner.quit)
        raise StopUser()

    def abrir(self, url: str, nome: str, *, espera: str | None = None, tipo: str = "text/html"):
        """GET que só conta como sucesso com 200, o tipo de conteúdo certo, sem cair no login e,
        se pedido, com o texto esperado. Devolve a resposta (ou ``None`` se falhou)."""
        with self.client.get(url, name=nome, catch_response=True) as resposta:
            return self._conferir(resposta, espera, tipo)

    def enviar(self, url: str, formulario, dados: dict, nome: str, *, espera, tipo="text/html", fim=None):
        """POST como o navegador: token do formulário, ``Origin`` e ``Referer`` (CSRF em HTTPS)."""
        achado = CSRF.search(formulario.text)
        if achado is None:
            return None
        cabecalhos = {"Origin": self.origem, "Referer": self.origem + urlsplit(formulario.url).path}
        with self.client.post(
            url,
            data={**dados, "csrfmiddlewaretoken": achado[1]},
            headers=cabecalhos,
            name=nome,
            catch_response=True,
        ) as resposta:
            return self._conferir(resposta, espera, tipo, fim)

    def _conferir(self, resposta, espera, tipo, fim=None):
        """``fim``: o caminho em que a resposta tem de terminar (o login recusado volta ao login)."""
        if resposta.status_code != 200:
            resposta.failure(f"HTTP {resposta.status_code}")
            return None
        if fim is not None and urlsplit(resposta.url).path != fim:
            resposta.failure(f"terminou em {urlsplit(resposta.url).path}, esperado {fim}")
            return None
        caminho = urlsplit(resposta.url).path
        if caminho != self.url_de_login and caminho.endswith(("/login/", "/entrar/")):
            resposta.failure("a sessão caiu: voltou ao login")
            return None
        if caminho.startswith("/contas/dois-fatores/") and caminho != fim:
            resposta.failure(f"caiu na tela do segundo fator ({caminho})")
            return None
        if not resposta.headers.get("Content-Type", "").startswith(tipo):
            resposta.failure(f"tipo {resposta.headers.get('Content-Type')!r}, esperado {tipo}")
            return None
        if espera is not None and espera not in resposta.text:
            resposta.failure(f"a página não diz {espera!r}")
            return None
        resposta.success()
        return resposta


# ── RH no admin ──────────────────────────────────────────────────────────────────────────────────

_contas_do_rh = itertools.cycle(PLANO["rh"]["usuarios"])


class ServidorDoRH(UsuarioDoSistema):
    """Servidor do RH: navega no admin e exporta de vez em quando."""

    weight = 1
    wait_time = _espera("CARGA_ESPERA_RH", "3,10")  # lendo a lista ou a ficha antes do próximo clique
    url_de_login = "/admin/login/"
    destino = "/admin/"

    def conta(self):
        return next(_contas_do_rh), PLANO["rh"]["senha"]

    def on_start(self):
        super().on_start()
        self.fichas: list[str] = []

    def _lista(self, parametros: dict, nome: str):
        url = "/admin/concursos/inscricao/" + (f"?{urlencode(parametros)}" if parametros else "")
        resposta = self.abrir(url, nome, espera="inscri")
        if resposta is not None:
            self.fichas = FICHAS.findall(resposta.text) or self.fichas

    # Pesos: de cada 100 ações, 96 são navegação e 4 são exportações e PDFs ("de vez em quando": com
    # as pausas padrão, cada servidor exporta uma vez a cada 2 ou 3 minutos).
    @task(15)
    def lista_de_inscricoes(self):
        self._lista({}, "admin: inscrições (lista)")

    @task(15)
    def lista_filtrada_por_cargo(self):
        cargos = PLANO["cargos_em_escala"] or PLANO["cargos"]
        parametros = {"cargo__id__exact": random.choice(cargos)}
        if PLANO["edital_em_escala"]:
            parametros["edital__id__exact"] = PLANO["edital_em_escala"]
        if random.random() < 0.3:
            parametros["situacao__exact"] = "classificado"
        self._lista(parametros, "admin: inscrições (filtro por cargo)")

    @task(10)
    def busca_por_nome(self):
        self._lista({"q": random.choice(PLANO["buscas"])}, "admin: inscrições (busca por nome)")

    @task(5)
    def busca_por_numero(self):
        self._lista({"q": random.choice(PLANO["numeros"])}, "admin: inscrições (busca por número)")

    @task(10)
    def paginas_adiante(self):
        parametros = {"p": random.randint(2, 40)}
        if PLANO["edital_em_escala"] and random.random() < 0.5:
            parametros["edital__id__exact"] = PLANO["edital_em_escala"]
        self._lista(parametros, "admin: inscrições (página adiante)")

    @task(17)
    def ficha_da_inscricao(self):
        if not self.fichas:
            return self.lista_de_inscricoes()
        pk = random.choice(self.fichas)
        self.abrir(f"/admin/concursos/inscricao/{pk}/change/", "admin: inscrição (ficha)", espera="inscri")

    @task(8)
    def edital(self):
        pk = random.choice(PLANO["editais"])
        self.abrir(f"/admin/concursos/edital/{pk}/change/", "admin: edital (quadro de vagas)", espera="Quadro")

    @task(8)
    def lista_de_resultados(self):
        self.abrir("/admin/concursos/resultado/", "admin: resultados (lista)", espera="resultado")

    @task(8)
    def pagina_do_resultado(self):
        pk = random.choice(PLANO["resultados"])
        self.abrir(f"/admin/concursos/resultado/{pk}/change/", "admin: resultado (página)", espera="resultado")

    @task(2)
    def planilha_do_resultado(self):
        if not PLANO["publicados"]:
            return self.lista_de_resultados()
        pk, formato = random.choice(PLANO["publicados"]), random.choice(("csv", "xlsx"))
        tipo = "text/csv" if formato == "csv" else "application/vnd.openxmlformats"
        self.abrir(f"/concursos/resultados/{pk}/lista.{formato}", "exportar: lista do resultado", tipo=tipo)

    @task(1)
    def exportar_inscricoes_do_cargo(self):
        """django-import-export: o formulário (formato e colunas) e a planilha de um cargo."""
        url = f"/admin/concursos/inscricao/export/?cargo__id__exact={random.choice(PLANO['cargos'])}"
        formulario = self.abrir(url, "exportar: inscrições do cargo (formulário)", espera="xport")
        if formulario is None:
            return
        dados = {"format": "1", "resource": "0", **dict.fromkeys(CAIXAS_MARCADAS.findall(formulario.text), "on")}
        self.enviar(url, formulario, dados, "exportar: inscrições do cargo (CSV)", espera=None, tipo="text/csv")

    @task(1)
    def pdf(self):
        if PLANO["pdf_do_resultado"] and random.random() < 0.3:
            pk = random.choice(PLANO["pdf_do_resultado"])
            self.abrir(f"/concursos/editais/{pk}/resultado.pdf", "PDF: resultado (3/2020)", tipo="application/pdf")
        else:
            pk = random.choice(PLANO["editais"])
            self.abrir(f"/concursos/editais/{pk}/quadro-de-vagas.pdf", "PDF: quadro de vagas", tipo="application/pdf")


# ── Membros das comissões ────────────────────────────────────────────────────────────────────────

_contas_dos_membros = iter(PLANO["membros"])


class MembroDaComissao(UsuarioDoSistema):
    """Membro de comissão de heteroidentificação: julga os candidatos da sua sessão, em ordem."""

    fixed_count = MEMBROS
    wait_time = _espera("CARGA_ESPERA_MEMBRO", "3,10")  # observando o candidato antes de votar
    url_de_login = "/contas/entrar/"
    destino = "/heteroidentificacao/"

    def conta(self):
        try:
            conta = next(_contas_dos_membros)
        except StopIteration:
            raise RuntimeError(
                f"Há mais membros simulados que contas no plano ({len(PLANO['membros'])}): "
                "rode preparar.py com mais --membros."
            ) from None
        self.sessao = conta["sessao"]
        return conta["usuario"], conta["senha"]

    def on_start(self):
        super().on_start()
        self.chamados: list[int] = []
        self.meus: dict[int, str] = {}  # chamado → último voto confirmado pelo sistema
        self.abrir("/heteroidentificacao/", "comissão: minhas sessões", espera="Sess")
        self.abrir_sessao()

    def abrir_sessao(self):
        resposta = self.abrir(f"/heteroidentificacao/sessoes/{self.sessao}/", "comissão: sessão", espera="Sess")
        if resposta is not None:
            vistos = dict.fromkeys(int(pk) for pk in CHAMADOS.findall(resposta.text))
            self.chamados = list(vistos) or self.chamados

    @task(1)
    def rever_a_sessao(self):
        self.abrir_sessao()

    @task(6)
    def julgar(self):
        if not self.chamados:
            return self.abrir_sessao()
        pendentes = [pk for pk in self.chamados if pk not in self.meus]
        self.votar(pendentes[0] if pendentes else random.choice(self.chamados))

    @task(1)
    def rever_um_parecer(self):
        """Muda de ideia sobre um candidato já julgado (permitido enquanto a sessão está aberta)."""
        if self.meus:
            self.votar(random.choice(list(self.meus)))

    def votar(self, chamado: int):
        url = f"/heteroidentificacao/chamados/{chamado}/parecer/"
        pagina = self.abrir(url, "comissão: candidato (abrir)", espera='name="csrfmiddlewaretoken"')
        if pagina is None:
            return
        anterior = self.meus.get(chamado)
        if anterior is None:
            voto = "nao_confirma" if random.random() < 0.2 else "confirma"
        else:  # alterar: o contrário do que está gravado
            voto = "confirma" if anterior == "nao_confirma" else "nao_confirma"
        dados = {"voto": voto, "fundamentacao": FUNDAMENTACAO if voto == "nao_confirma" else "", "salvar": "1"}
        tipo = "alteracao" if anterior else "registro"
        with self.client.post(
            url,
            data={**dados, "csrfmiddlewaretoken": CSRF.search(pagina.text)[1]},
            headers={"Origin": self.origem, "Referer": self.origem + url},
            name="comissão: parecer (alteração)" if anterior else "comissão: parecer (registro)",
            catch_response=True,
        ) as resposta:
            if resposta.status_code != 200 or not resposta.history:
                resposta.failure(f"HTTP {resposta.status_code} sem redirecionar: o voto não foi aceito")
            elif not any(texto in resposta.text for texto in SUCESSO_DO_VOTO):
                resposta.failure("o sistema não confirmou o voto")
            else:
                resposta.success()
                self.meus[chamado] = voto
                anotar_voto(self.usuario, chamado, voto, tipo)


# ── Visitantes do portal da transparência (rodar.sh --portal) ────────────────────────────────────

_portal = PLANO.get("portal", {"editais": [], "resultados": []})


class VisitanteDoPortal(UsuarioDoSistema):
    """Candidato ou cidadão no dia do resultado, sem login: abre o portal, o edital, o resultado do
    seu cargo, procura o nome nas páginas da classificação geral (ou de uma lista reservada, ou da
    ordem de convocação) e, de vez em quando, baixa os dados abertos. Só com ``rodar.sh --portal``
    (que escolhe esta classe na linha de comando do Locust)."""

    wait_time = _espera("CARGA_ESPERA_VISITANTE", "2,8")  # lendo a lista antes da próxima página

    def on_start(self):
        self.preparar_o_cliente()
        self.usuario = "visitante"
        self.no_ar()

    def _resultado(self):
        return random.choice(_portal["resultados"])

    def _pagina(self, nome: str, rotulo: str):
        resultado = self._resultado()
        listas = resultado["listas"]
        if nome not in listas:
            nome = random.choice(list(listas))
        pagina = random.randint(1, listas[nome])
        self.abrir(f"/transparencia/resultados/{resultado['pk']}/listas/{nome}/?pagina={pagina}", rotulo, espera="CPF")

    @task(4)
    def portal(self):
        self.abrir("/transparencia/", "portal: início", espera="Portal da transparência")

    @task(8)
    def edital(self):
        self.abrir(f"/transparencia/editais/{random.choice(_portal['editais'])}/", "portal: edital", espera="Quadro")

    @task(12)
    def resultado(self):
        self.abrir(f"/transparencia/resultados/{self._resultado()['pk']}/", "portal: resultado", espera="Dados abertos")

    @task(45)
    def classificacao_geral(self):
        self._pagina("geral", "portal: classificação geral (página)")

    @task(10)
    def lista_reservada(self):
        self._pagina(random.choice(["negros", "pcd"]), "portal: lista reservada (página)")

    @task(10)
    def convocacao(self):
        self._pagina("convocacao", "portal: ordem de convocação (página)")

    @task(5)
    def dados_abertos(self):
        formato = random.choice(["csv", "json"])
        arquivo = random.choice(["classificacao-geral", "ordem-de-convocacao"])
        tipo = "text/csv" if formato == "csv" else "application/json"
        url = f"/transparencia/resultados/{self._resultado()['pk']}/{arquivo}.{formato}"
        self.abrir(url, f"portal: dados abertos ({formato})", tipo=tipo)

    @task(1)
    def dicionario(self):
        self.abrir("/transparencia/dados-abertos/", "portal: dicionário de dados", espera="dicionário de dados")
