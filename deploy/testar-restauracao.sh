#!/usr/bin/env bash
# Teste de restauração: restaura a cópia mais recente num banco descartável, confere que as
# tabelas principais vieram com dados e apaga o banco (ver README). Um backup que nunca foi
# restaurado não é backup.
#
#   sudo -u postgres PASTA_DE_BACKUP=/var/backups/concursos /srv/concursos/deploy/testar-restauracao.sh
#
# Conecta como o PostgreSQL manda (PGHOST, PGPORT, PGUSER; por padrão, o socket local como o
# usuário do sistema): esse papel precisa poder criar bancos. Variáveis opcionais:
#   PASTA_DE_BACKUP   onde estão as cópias (/var/backups/concursos)
#   ARQUIVO           a cópia a testar (padrão: a mais recente da pasta)
#   BANCO_DE_TESTE    nome do banco descartável (concursos_teste_restauracao)
set -euo pipefail

pasta=${PASTA_DE_BACKUP:-/var/backups/concursos}
arquivo=${ARQUIVO:-$(find "$pasta" -maxdepth 1 -name 'concursos-*.dump' -type f -printf '%T@ %p\n' | sort -n | tail -n 1 | cut -d' ' -f2-)}
banco=${BANCO_DE_TESTE:-concursos_teste_restauracao}
if [ -z "$arquivo" ] || [ ! -r "$arquivo" ]; then
  echo "restauração: nenhuma cópia concursos-*.dump em $pasta" >&2
  exit 1
fi

export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"
apagar() { dropdb --if-exists "$banco"; }
trap apagar EXIT
apagar
createdb "$banco"
pg_restore --no-owner --no-privileges --exit-on-error --dbname="$banco" "$arquivo"

consultar() { psql --no-psqlrc --quiet --tuples-only --no-align --dbname="$banco" --command="$1"; }
contar() {
  if [ -n "$(consultar "SELECT to_regclass('public.$1')")" ]; then
    consultar "SELECT count(*) FROM $1"
  else
    echo "(tabela ausente)"
  fi
}
migracoes=$(contar django_migrations)
if ! [ "$migracoes" -gt 0 ] 2>/dev/null; then
  echo "restauração: FALHOU — $arquivo restaurado sem nenhuma migração registrada" >&2
  exit 1
fi
echo "restauração: OK — $arquivo"
for tabela in django_migrations auth_user concursos_edital concursos_inscricao concursos_resultado \
  heteroidentificacao_sessao heteroidentificacao_parecer; do
  printf '  %-28s %s linhas\n' "$tabela" "$(contar "$tabela")"
done
