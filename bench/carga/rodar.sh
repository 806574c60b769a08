#!/usr/bin/env bash
# Teste de carga do sistema (issue 6, caso 5) — ver bench/README-carga.md.
#
#   bench/carga/rodar.sh                      # caso 5: 1 gunicorn (4 workers), 30 usuários, 60 s
#   bench/carga/rodar.sh --dois-servidores    # 2 gunicorn atrás do nginx (HTTPS) + 2 db_worker
#   bench/carga/rodar.sh --usuarios 5 --duracao 10 --inscricoes 5000    # rodada curta de desenvolvimento
#   bench/carga/rodar.sh --portal             # dia do resultado: 200 visitantes anônimos no portal, 60 s
#
# Tudo em 127.0.0.1 e descartável: sobe um PostgreSQL 15 numa pasta temporária (durável, como em
# produção: ao contrário de scripts/com-postgres, não desliga fsync), aplica as migrações, prepara os
# dados (bench/carga/preparar.py), roda collectstatic e check --deploy, sobe o gunicorn com DEBUG=0
# e as variáveis de produção, roda o Locust sem interface e confere no banco que nenhum voto se
# perdeu (bench/carga/conferir.py, que imprime a tabela e decide passou/falhou). Ao sair — com
# sucesso, falha ou Ctrl+C — para Locust, nginx, gunicorn, workers e PostgreSQL, cada um pelo seu
# pid, e apaga a pasta temporária. Resultados e logs ficam em bench/saida/carga-<data>-<modo>/.
#
# Todo usuário simulado entra como uma pessoa: a senha e o código do aplicativo autenticador (o
# segundo fator, obrigatório), cadastrado por preparar.py com a chave conhecida.
#
# Sai com 0 se passou; 1 se a medida não vale ou algo quebrou (um login que não passou do segundo
# fator, erro de requisição, voto perdido, nada medido: ver conferir.py); 3 se a medida vale mas uma
# meta de tempo não foi atingida (o p95; bench/tabela.py, META_NAO_ATINGIDA); 2 para uso errado.
set -euo pipefail

raiz=$(cd "$(dirname "$0")/../.." && pwd)
cd "$raiz"
python=$raiz/.venv/bin/python

modo=um
usuarios="" # padrão: 30 (200 com --portal)
membros=""  # padrão: um terço dos usuários (nenhum com --portal)
duracao=60
taxa="" # padrão: 2 (20 com --portal, que não tem login)
inscricoes=100000
cargos=50
chamados=120
workers=4
workers_por_servidor=2
meta_p95=""   # padrão: 500 (300 com --portal)
espera_rh=3,10
espera_membro=3,10
espera_visitante=2,8

uso() {
  sed -n '2,/^set /{/^#/p}' "$0" | sed 's/^# \{0,1\}//'
  cat <<'FIM'
Opções:
  --dois-servidores        2 gunicorn atrás do nginx (HTTPS em 127.0.0.1) e 2 db_worker
  --portal                 dia do resultado: visitantes anônimos no portal da transparência (200, p95 ≤ 300 ms)
  --usuarios N             usuários simulados ao mesmo tempo (30)
  --membros N              dos quais, membros de comissão votando (um terço: 10 de 30; o resto é RH)
  --duracao S              segundos com todos os usuários no ar, depois da subida (60)
  --taxa R                 usuários que entram por segundo na subida (2: o login custa ~0,4 s de CPU)
  --inscricoes N           inscrições do edital em escala (100000; 0 = só a demonstração)
  --cargos N               cargos do edital em escala (50)
  --chamados N             candidatos em cada sessão das comissões (120)
  --workers N              workers do gunicorn no caso 5 (4)
  --workers-por-servidor N workers de cada gunicorn com --dois-servidores (2)
  --meta-p95 MS            meta do p95 em milissegundos (500)
  --espera-rh MIN,MAX      pausa de cada servidor do RH entre uma ação e outra, em segundos (3,10)
  --espera-membro MIN,MAX  pausa de cada membro entre uma ação e outra, em segundos (3,10)
  --espera-visitante MIN,MAX  pausa de cada visitante do portal entre uma página e outra (2,8)
FIM
}

while [ "$#" -gt 0 ]; do
  case "$1" in
    --dois-servidores) modo=dois ;;
    --portal) modo=portal ;;
    --usuarios) usuarios=$2; shift ;;
    --membros) membros=$2; shift ;;
    --duracao) duracao=$2; shift ;;
    --taxa) taxa=$2; shift ;;
    --inscricoes) inscricoes=$2; shift ;;
    --cargos) cargos=$2; shift ;;
    --chamados) chamados=$2; shift ;;
    --workers) workers=$2; shift ;;
    --workers-por-servidor) workers_por_servidor=$2; shift ;;
    --meta-p95) meta_p95=$2; shift ;;
    --espera-rh) espera_rh=$2; shift ;;
    --espera-membro) espera_membro=$2; shift ;;
    --espera-visitante) espera_visitante=$2; shift ;;
    -h | --help) uso; exit 0 ;;
    *) echo "rodar.sh: opção desconhecida: $1" >&2; uso >&2; exit 2 ;;
  esac
  shift
done
if [ "$modo" = portal ]; then
  usuarios=${usuarios:-200} taxa=${taxa:-20} meta_p95=${meta_p95:-300} membros=0
fi
usuarios=${usuarios:-30} taxa=${taxa:-2} meta_p95=${meta_p95:-500}
membros=${membros:-$((usuarios / 3))}
if [ "$membros" -gt "$usuarios" ]; then
  echo "rodar.sh: --membros ($membros) maior que --usuarios ($usuarios)" >&2
  exit 2
fi

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }

# ── Dependências: Locust (requirements-bench.txt) e, com dois servidores, o nginx ────────────────
if [ ! -x "$python" ]; then
  echo "rodar.sh: falta o .venv do projeto; rode 'make test' ou 'make run' uma vez antes." >&2
  exit 1
fi
# No lock a linha é "locust==2.47.0 \" e os hashes vêm nas linhas seguintes.
versao_fixada=$(sed -n 's/^locust==\([^ ;\\]*\).*/\1/p' requirements-bench.txt)
versao_instalada=$("$python" -c 'import importlib.metadata as m; print(m.version("locust"))' 2>/dev/null || true)
if [ "$versao_instalada" != "$versao_fixada" ]; then
  log "instalando o Locust $versao_fixada no .venv (requirements-bench.txt)"
  "$raiz/.venv/bin/pip" install -q --disable-pip-version-check --require-hashes -r requirements-bench.txt
fi
if [ "$modo" = dois ] && ! command -v nginx >/dev/null; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "rodar.sh: --dois-servidores precisa do nginx: sudo apt-get install nginx" >&2
    exit 1
  fi
  log "instalando o nginx (apt-get)"
  apt-get install -y -q nginx >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q nginx >/dev/null; }
fi
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
if [ ! -x "$PGBIN/initdb" ]; then
  echo "rodar.sh: $PGBIN/initdb não encontrado; instale o pacote postgresql-15." >&2
  exit 1
fi

# ── Limpeza: cada processo pelo seu pid, depois o PostgreSQL e a pasta temporária ────────────────
pasta=""
conferido=0
pids=()
medir=() # papel=pid de cada árvore de processos cuja CPU entra no relatório (cpu.py)
como_postgres=()
saida=$raiz/bench/saida/carga-$(date +%Y%m%d-%H%M%S)-$modo

# "pid:início" de um processo e dos seus descendentes (o início, em tiques desde o boot, evita matar
# um pid reaproveitado por outro processo entre a anotação e o KILL).
arvore() {
  local pid=$1 filho
  [ -r "/proc/$pid/stat" ] || return 0
  echo "$pid:$(sed 's/.*) //' "/proc/$pid/stat" | cut -d' ' -f20)"
  for filho in $(pgrep -P "$pid" 2>/dev/null); do arvore "$filho"; done
}

# Para um processo (gunicorn: INT, o desligamento rápido, que derruba os workers na hora; os outros:
# TERM) e, passados 10 s, mata com KILL o que restar da sua árvore — por exemplo um worker do gunicorn
# ocupado numa exportação longa, que ficaria órfão.
parar_pid() {
  local pid=$1 sinal=TERM processos item
  [ -r "/proc/$pid/cmdline" ] || return 0
  if tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q 'bin/gunicorn'; then sinal=INT; fi
  processos=$(arvore "$pid")
  kill "-$sinal" "$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  for item in $processos; do
    if [ "$(arvore "${item%%:*}" | head -n 1)" = "$item" ]; then kill -KILL "${item%%:*}" 2>/dev/null || true; fi
  done
}

limpar() {
  local codigo=$?
  # 3 é só de conferir.py ("a medida vale, a meta não"); outro comando que saia com 3 quebrou.
  if [ "$codigo" -eq 3 ] && [ "$conferido" != 1 ]; then codigo=1; fi
  # Ignora novos INT/TERM durante a limpeza: o Ctrl+C (e o timeout) manda o sinal ao grupo inteiro, e
  # um segundo INT com a ação padrão derrubaria o script no meio da limpeza, deixando órfãos.
  trap - EXIT
  trap '' INT TERM
  if [ "${#pids[@]}" -gt 0 ]; then
    log "parando ${#pids[@]} processo(s): ${pids[*]}"
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do parar_pid "${pids[$i]}"; done
    wait 2>/dev/null || true
  fi
  if [ -n "$pasta" ] && [ -f "$pasta/pg/postmaster.pid" ]; then
    log "parando o PostgreSQL"
    "${como_postgres[@]}" "$PGBIN/pg_ctl" -D "$pasta/pg" -m fast -w -t 30 stop >/dev/null 2>&1 ||
      "${como_postgres[@]}" "$PGBIN/pg_ctl" -D "$pasta/pg" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if [ -n "$pasta" ]; then
    mkdir -p "$saida/logs"
    cp "$pasta/pgsock/postgresql.log" "$saida/logs/" 2>/dev/null || true
    cp "$pasta"/logs/* "$saida/logs/" 2>/dev/null || true
    rm -rf "$pasta"
  fi
  exit "$codigo"
}
trap limpar EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

porta_livre() {
  "$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

esperar_http() { # URL [cabeçalho] — até 60 s pela primeira resposta 200 ou 302
  local url=$1 cabecalho=${2:-X-Nada: 1}
  for _ in $(seq 1 120); do
    codigo=$(curl -s -o /dev/null -w '%{http_code}' -k -H "$cabecalho" "$url" || true)
    case "$codigo" in 200 | 302) return 0 ;; esac
    sleep 0.5
  done
  echo "rodar.sh: $url não respondeu (último código: $codigo)" >&2
  return 1
}

mkdir -p "$saida"
pasta=$(mktemp -d "${TMPDIR:-/tmp}/carga.XXXXXX")
chmod 755 "$pasta"
mkdir -p "$pasta/logs" "$pasta/privados" "$pasta/cache"
log "resultados em ${saida#"$raiz"/}; carga antes: $(uptime | sed 's/.*load average/load average/')"
{
  echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
  echo "arquivos modificados e não registrados no momento da medida (a carga roda a árvore de trabalho):"
  git status --short 2>/dev/null | sed 's/^/  /'
  echo "máquina: $(nproc) núcleos; $(uptime)"
  echo "locust $("$python" -c 'import importlib.metadata as m; print(m.version("locust"))'), gunicorn $("$raiz/.venv/bin/gunicorn" --version 2>&1 | sed 's/.*version //; s/)//'), $("$PGBIN/postgres" --version)"
  echo "opções: modo=$modo usuarios=$usuarios membros=$membros duracao=$duracao taxa=$taxa inscricoes=$inscricoes cargos=$cargos chamados=$chamados workers=$workers workers_por_servidor=$workers_por_servidor espera_rh=$espera_rh espera_membro=$espera_membro espera_visitante=$espera_visitante"
} >"$saida/ambiente.txt"

# ── PostgreSQL 15 descartável (a mesma técnica de scripts/com-postgres, mas durável) ─────────────
if [ "$(id -u)" -eq 0 ]; then
  id -u postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  install -d -o postgres -g postgres "$pasta/pg" "$pasta/pgsock"
  como_postgres=(runuser -u postgres -- env -C "$pasta")
else
  mkdir -p "$pasta/pg" "$pasta/pgsock"
  como_postgres=(env)
fi
"${como_postgres[@]}" "$PGBIN/initdb" -D "$pasta/pg" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
  >"$pasta/logs/initdb.log" 2>&1
porta_pg=$(porta_livre)
"${como_postgres[@]}" "$PGBIN/pg_ctl" -D "$pasta/pg" -l "$pasta/pgsock/postgresql.log" -w -t 60 start \
  -o "-p $porta_pg -k $pasta/pgsock -c listen_addresses=127.0.0.1 -c max_connections=100" >/dev/null
log "PostgreSQL 15 em 127.0.0.1:$porta_pg"
medir+=("postgres=$(head -n 1 "$pasta/pg/postmaster.pid")")

# ── Ambiente de produção (DEBUG=0) ───────────────────────────────────────────────────────────────
export DATABASE_URL="postgres://postgres@127.0.0.1:$porta_pg/postgres"
export DEBUG=0
SECRET_KEY=$("$python" -c 'import secrets; print(secrets.token_urlsafe(50))')
export SECRET_KEY
export ALLOWED_HOSTS=127.0.0.1,localhost
export CONN_MAX_AGE=60
export SECURE_HSTS_SECONDS=3600
export ARQUIVOS_PRIVADOS=$pasta/privados
export XDG_CACHE_HOME=$pasta/cache
if [ "$modo" = dois ]; then export PROXIES_REVERSOS=1; else export PROXIES_REVERSOS=0; fi

log "migrações"
"$python" manage.py migrate --noinput -v 0
log "preparando os dados ($inscricoes inscrições em $cargos cargos, $membros membros, $chamados candidatos por sessão)"
so_o_portal=()
if [ "$modo" = portal ]; then so_o_portal=(--portal); fi
"$python" bench/carga/preparar.py --plano "$saida/plano.json" --inscricoes "$inscricoes" --cargos "$cargos" \
  --rh "$usuarios" --membros "$membros" --chamados "$chamados" "${so_o_portal[@]}" 2>&1 | tee "$pasta/logs/preparar.log"
# collectstatic (com a compressão do WhiteNoise) custa ~15 s de CPU: só quando algum estático mudou.
manifesto=$raiz/staticfiles/staticfiles.json
if [ ! -f "$manifesto" ] || [ -n "$(find static ./*/static .venv/lib/python3.11/site-packages -path '*/static/*' \
  -type f -newer "$manifesto" -print -quit 2>/dev/null)" ]; then
  log "collectstatic"
  "$python" manage.py collectstatic --noinput -v 0
fi
log "check --deploy"
"$python" manage.py check --deploy --fail-level WARNING >/dev/null

# ── Servidores ───────────────────────────────────────────────────────────────────────────────────
gunicorn() { # PORTA WORKERS NOME
  "$raiz/.venv/bin/gunicorn" config.wsgi:application --bind "127.0.0.1:$1" --workers "$2" --timeout 120 \
    --max-requests 1000 --max-requests-jitter 100 --no-control-socket \
    --access-logfile "$pasta/logs/$3-acesso.log" --access-logformat '%(t)s "%(r)s" %(s)s %(b)s %(D)sus' \
    --error-logfile "$pasta/logs/$3-erros.log" >"$pasta/logs/$3-saida.log" 2>&1 &
  pids+=("$!")
  medir+=("gunicorn=$!")
}

if [ "$modo" != dois ]; then
  porta=$(porta_livre)
  gunicorn "$porta" "$workers" gunicorn
  url=http://127.0.0.1:$porta
  esperar_http "$url/admin/login/" "X-Forwarded-Proto: https"
  log "gunicorn com $workers workers em $url (cliente manda X-Forwarded-Proto: https, como o nginx)"
  export CARGA_PROXY_HTTPS=1
  unset CARGA_CA
else
  porta_a=$(porta_livre)
  porta_b=$(porta_livre)
  porta=$(porta_livre)
  export CSRF_TRUSTED_ORIGINS=https://127.0.0.1:$porta
  gunicorn "$porta_a" "$workers_por_servidor" gunicorn-a
  gunicorn "$porta_b" "$workers_por_servidor" gunicorn-b
  # Certificado autoassinado só para 127.0.0.1, que o Locust confere (CARGA_CA).
  openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 \
    -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" \
    -keyout "$pasta/nginx.key" -out "$pasta/nginx.crt" >/dev/null 2>&1
  mkdir -p "$pasta/nginx-temp"
  if [ "$(id -u)" -eq 0 ]; then chown nobody "$pasta/nginx-temp"; fi
  sed -e "s|@PASTA@|$pasta|g" -e "s|@PORTA@|$porta|g" -e "s|@PORTA_A@|$porta_a|g" -e "s|@PORTA_B@|$porta_b|g" \
    bench/carga/nginx.conf >"$pasta/nginx.conf"
  nginx -t -q -c "$pasta/nginx.conf" -p "$pasta" 2>"$pasta/logs/nginx-t.log" || {
    cat "$pasta/logs/nginx-t.log" >&2
    exit 1
  }
  nginx -c "$pasta/nginx.conf" -p "$pasta" -g 'daemon off;' &
  pids+=("$!")
  medir+=("nginx=$!")
  esperar_http "http://127.0.0.1:$porta_a/admin/login/" "X-Forwarded-Proto: https"
  esperar_http "http://127.0.0.1:$porta_b/admin/login/" "X-Forwarded-Proto: https"
  url=https://127.0.0.1:$porta
  esperar_http "$url/admin/login/"
  log "nginx (HTTPS) em $url -> gunicorn 127.0.0.1:$porta_a e 127.0.0.1:$porta_b ($workers_por_servidor workers cada)"
  for n in 1 2; do
    "$python" manage.py db_worker --worker-id "carga-worker-$n" --no-reload --interval 1 \
      >"$pasta/logs/db_worker-$n.log" 2>&1 &
    pids+=("$!")
    medir+=("db_worker=$!")
  done
  log "2 db_worker no ar (carga-worker-1 e carga-worker-2)"
  export CARGA_PROXY_HTTPS=0
  export CARGA_CA=$pasta/nginx.crt
fi

# ── A carga ──────────────────────────────────────────────────────────────────────────────────────
subida=$(((usuarios + taxa - 1) / taxa))
# O locustfile encerra a medida $duracao s depois que o último usuário terminou o login; o -t é o teto.
total=$((subida + duracao + 180))
export CARGA_PLANO=$saida/plano.json CARGA_VOTOS=$saida/votos.jsonl CARGA_TEMPOS=$saida/tempos.csv
export CARGA_LOGINS=$saida/logins.jsonl
export CARGA_MEMBROS=$membros CARGA_DURACAO=$duracao CARGA_ESPERA_RH=$espera_rh CARGA_ESPERA_MEMBRO=$espera_membro
export CARGA_ESPERA_VISITANTE=$espera_visitante
# Quem a carga simula (as classes do locustfile): o RH e as comissões, ou só os visitantes do portal.
classes=(ServidorDoRH MembroDaComissao)
if [ "$modo" = portal ]; then classes=(VisitanteDoPortal); fi
: >"$CARGA_VOTOS"
: >"$CARGA_LOGINS"
if [ "$modo" = dois ]; then
  # Os pedidos entram quando todos os usuários já estão no ar: os workers trabalham durante a carga.
  "$python" bench/carga/segundo_plano.py enfileirar --plano "$CARGA_PLANO" --atraso "$subida" \
    >"$saida/segundo-plano.txt" 2>&1 &
  pids+=("$!")
fi
log "Locust: $usuarios usuários ($membros membros de comissão), entrando $taxa por segundo; ${duracao} s com todos no ar"
"$raiz/.venv/bin/locust" -f bench/carga/locustfile.py --headless -u "$usuarios" -r "$taxa" -t "${total}s" \
  --host "$url" --csv "$saida/locust" --logfile "$pasta/logs/locust.log" --loglevel WARNING \
  --stop-timeout 30 --only-summary "${classes[@]}" >"$saida/locust-resumo.txt" 2>&1 &
pids+=("$!")
locust_pid=$!
"$python" bench/carga/cpu.py "${medir[@]}" >"$saida/cpu-antes.json"
wait "$locust_pid" || true
"$python" bench/carga/cpu.py "${medir[@]}" >"$saida/cpu-depois.json"
log "carga terminada; carga da máquina: $(uptime | sed 's/.*load average/load average/')"

extra=()
if [ "$modo" = dois ]; then
  cat "$saida/segundo-plano.txt"
  log "esperando os db_worker terminarem os pedidos (até 300 s)"
  "$python" bench/carga/segundo_plano.py esperar --plano "$CARGA_PLANO" --limite 300 | tee -a "$saida/segundo-plano.txt"
  extra=(--segundo-plano "$saida/segundo-plano.txt")
fi
descricao="1 gunicorn com $workers workers"
rotulo="carga, $usuarios usuários"
if [ "$modo" = portal ]; then
  rotulo="carga do portal, $usuarios visitantes"
  extra=(--anonimos)
fi
if [ "$modo" = dois ]; then
  descricao="nginx + 2 gunicorn com $workers_por_servidor workers cada + 2 db_worker"
  rotulo="carga com dois servidores, $usuarios usuários"
fi
codigo=0
"$python" bench/carga/conferir.py --plano "$CARGA_PLANO" --votos "$CARGA_VOTOS" --tempos "$CARGA_TEMPOS" \
  --logins "$CARGA_LOGINS" --usuarios "$usuarios" --membros "$membros" --rotulo "$rotulo" \
  --cpu "$saida/cpu-antes.json" "$saida/cpu-depois.json" --excecoes "$saida/locust_exceptions.csv" \
  --meta-p95 "$meta_p95" --descricao "$descricao, $usuarios usuários ($membros membros), ${duracao} s" \
  --carga "$(uptime | sed 's/.*load average/load average/')" "${extra[@]}" | tee "$saida/resumo.txt" || codigo=$?
conferido=1
exit "$codigo"
