"""Tempo de cada página pesada **sozinha** (sem carga), no banco preparado por ``preparar.py``.

Separa o que é lento por si do que é lento por disputa de CPU: pede cada página uma vez, pelo
cliente de testes do Django no mesmo processo (sem gunicorn nem rede), como um servidor do RH que
entrou com a senha e o código do aplicativo (``bench/segundo_fator.py``), e imprime o tempo de
relógio e o de CPU deste processo (a do PostgreSQL fica de fora). Uso::

    scripts/com-postgres bash -c '.venv/bin/python manage.py migrate -v0 &&
        .venv/bin/python bench/carga/preparar.py --plano /tmp/plano.json --rh 1 --membros 5 --chamados 5 &&
        .venv/bin/python bench/carga/perfil.py /tmp/plano.json'
"""

import json
import os
import sys
import time
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
from django.db.models import Count  # noqa: E402
from django.test import Client  # noqa: E402

from concursos.models import Cargo, Resultado  # noqa: E402


def paginas(plano: dict) -> list[tuple[str, str]]:
    def ultimo(cargo):
        return Resultado.objects.filter(cargo=cargo).order_by("-versao").values_list("pk", flat=True).first()

    lista = [
        ("inscrições (lista)", "/admin/concursos/inscricao/"),
        ("inscrições (busca por nome)", "/admin/concursos/inscricao/?q=Silva"),
    ]
    escala = plano["edital_em_escala"]
    if escala:
        cargos = list(Cargo.objects.filter(edital_id=escala).annotate(n=Count("inscricoes")).order_by("-n"))
        for rotulo, cargo in (("maior", cargos[0]), ("mediano", cargos[len(cargos) // 2])):
            pk, n = ultimo(cargo), cargo.n
            lista += [
                (
                    f"inscrições filtradas: cargo {rotulo} ({n})",
                    f"/admin/concursos/inscricao/?cargo__id__exact={cargo.pk}",
                ),
                (f"resultado (página): cargo {rotulo} ({n})", f"/admin/concursos/resultado/{pk}/change/"),
                (f"lista.csv: cargo {rotulo} ({n})", f"/concursos/resultados/{pk}/lista.csv"),
                (f"lista.xlsx: cargo {rotulo} ({n})", f"/concursos/resultados/{pk}/lista.xlsx"),
            ]
        lista.append(("quadro de vagas (PDF): edital em escala", f"/concursos/editais/{escala}/quadro-de-vagas.pdf"))
    for pk in plano["pdf_do_resultado"]:
        lista.append(("resultado (PDF): edital 3/2020", f"/concursos/editais/{pk}/resultado.pdf"))
    return lista


def main() -> None:
    plano = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    cliente = Client(HTTP_HOST="127.0.0.1", HTTP_X_FORWARDED_PROTO="https")  # como atrás do nginx
    # A senha (force_login) e o código do aplicativo na tela do segundo fator, como o servidor do RH.
    segundo_fator.entrar_no_cliente(cliente, get_user_model().objects.get(username=plano["rh"]["usuarios"][0]))
    print(f"  {'página (uma requisição, sem carga)':<52} {'HTTP':>4} {'relógio':>10} {'CPU':>10} {'tamanho':>10}")
    sem_a_pagina = []
    for nome, url in paginas(plano):
        relogio, cpu = time.perf_counter(), time.process_time()
        resposta = cliente.get(url)
        relogio, cpu = time.perf_counter() - relogio, time.process_time() - cpu
        print(
            f"  {nome:<52} {resposta.status_code:>4} {relogio * 1000:>8.0f} ms {cpu * 1000:>7.0f} ms "
            f"{len(resposta.content) / 1024:>7.0f} KiB",
            flush=True,
        )
        if resposta.status_code != 200:
            sem_a_pagina.append(nome)
    if sem_a_pagina:  # um redirecionamento ou erro no lugar da página: o tempo medido não é o dela
        raise SystemExit(f"Sem a página (HTTP diferente de 200): {', '.join(sem_a_pagina)}")


if __name__ == "__main__":
    main()
