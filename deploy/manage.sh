#!/usr/bin/env bash
# manage.py com o ambiente de produção (ver README, "Implantação em servidor"):
#
#   sudo -u concursos /srv/concursos/deploy/manage.sh migrate
#   sudo -u concursos /srv/concursos/deploy/manage.sh axes_reset_username maria.silva
#
# Lê /etc/concursos/ambiente (ou o arquivo em ARQUIVO_DE_AMBIENTE) e roda o manage.py do .venv.
set -euo pipefail
raiz=$(cd "$(dirname "$0")/.." && pwd)
ambiente=${ARQUIVO_DE_AMBIENTE:-/etc/concursos/ambiente}
if [ ! -r "$ambiente" ]; then
  echo "manage.sh: não consigo ler $ambiente (rode como o usuário concursos, com sudo -u concursos)." >&2
  exit 1
fi
set -a
# shellcheck disable=SC1090
. "$ambiente"
set +a
exec "$raiz/.venv/bin/python" "$raiz/manage.py" "$@"
